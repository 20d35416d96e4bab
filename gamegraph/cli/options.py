"""Options shared by the commands: the Neo4j connection, and the games' declared parameters.

A command that talks to Neo4j declares the four connection options with the annotated types
below and opens the database with :func:`open_database`::

    def graphs(uri: UriOption = None, user: UserOption = DEFAULT_USER, ...) -> None:
        with open_database(uri, user, password, database) as db:
            ...

Commands whose options come from the games (`stats GAME`, `load`, `export`) get them from
:func:`param_option` (one option per declared :class:`~gamegraph.games.base.Param`) and
:func:`game_options` (every game's, once), so a new game's parameters appear on the command
line without a change here. :func:`command` assembles such a command from a body and its
options; `load` and `export` share :data:`NRangeOption`, :data:`GamesOption` and
:data:`ForceOption`.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from gamegraph.cli._output import note
from gamegraph.db.settings import DEFAULT_DATABASE
from gamegraph.games.base import Param
from gamegraph.games.registry import all_games
from gamegraph.server.defaults import DEFAULT_USER

if TYPE_CHECKING:
    from gamegraph.api import Database

__all__ = [
    "CONNECTION",
    "DEFAULT_DATABASE",
    "DEFAULT_PASSWORD",
    "DEFAULT_USER",
    "DatabaseOption",
    "ForceOption",
    "GamesOption",
    "NRangeOption",
    "PasswordOption",
    "SchedulerOption",
    "UriOption",
    "UserOption",
    "WorkersOption",
    "command",
    "connection_of",
    "dask_parameters",
    "game_options",
    "keyword",
    "open_database",
    "param_option",
    "use_dask",
]


_PANEL = "Neo4j connection"

DEFAULT_PASSWORD: str | None = None
"""No --password: NEO4J_PASSWORD, else the local Neo4j's own (its 0600 file)."""

UriOption = Annotated[
    str | None,
    typer.Option(
        "--uri",
        envvar="NEO4J_URI",
        help="Bolt URI of Neo4j, e.g. neo4j://db.example:7687. "
        "Unset: the local Neo4j managed by gamegraph (started if needed).",
        show_default=False,
        rich_help_panel=_PANEL,
    ),
]
UserOption = Annotated[
    str,
    typer.Option("--user", envvar="NEO4J_USER", help="Neo4j user.", rich_help_panel=_PANEL),
]
PasswordOption = Annotated[
    str | None,
    typer.Option(
        "--password",
        envvar="NEO4J_PASSWORD",
        help="Neo4j password. Default: the local Neo4j's own, made at random with it "
        "(`gamegraph neo4j password` prints it).",
        show_default=False,
        rich_help_panel=_PANEL,
    ),
]
DatabaseOption = Annotated[
    str,
    typer.Option(
        "--database", envvar="NEO4J_DATABASE", help="Database name.", rich_help_panel=_PANEL
    ),
]


@contextlib.contextmanager
def open_database(
    uri: str | None, user: str, password: str | None, database: str
) -> Iterator[Database]:
    """The Python API's Database for these options (the local Neo4j started if needed,
    its progress on stderr); closed afterwards."""
    from gamegraph.api import connect

    db = connect(uri or None, auth=(user, password), database=database, on_start=note)
    try:
        yield db
    finally:
        db.close()


# --------------------------------------------------------------------------- Dask

_DASK = "Where per-n work runs"

SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        envvar="GAMEGRAPH_DASK_SCHEDULER",
        help="Address of a running Dask scheduler (tcp://host:8786) for per-n and per-shard "
        "work. Unset: a local Dask cluster, one worker per core (or this process for small "
        "work).",
        show_default=False,
        rich_help_panel=_DASK,
    ),
]
WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        envvar="GAMEGRAPH_DASK_WORKERS",
        help="Workers of the local Dask cluster (default: one per core, fewer if the largest "
        "task needs more than a worker's share of the memory limit).",
        show_default=False,
        rich_help_panel=_DASK,
    ),
]


def dask_parameters() -> list[inspect.Parameter]:
    """The --scheduler and --workers options, for commands whose work runs per n."""
    return [
        inspect.Parameter(
            "scheduler", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=SchedulerOption
        ),
        inspect.Parameter(
            "workers", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=WorkersOption
        ),
    ]


def use_dask(scheduler: str | None, workers: int | None) -> None:
    """Point per-n work at the options' cluster (gamegraph.cluster)."""
    from gamegraph.cluster import configure

    configure(scheduler=scheduler, workers=workers)


MoveTimeoutOption = Annotated[
    float | None,
    typer.Option(
        "--move-timeout",
        metavar="SECONDS",
        help="For games defined in Python (--games-from, a notebook, a package): stop with one "
        "error line when a single call of the game's move takes longer than SECONDS (a move "
        "that never returns otherwise hangs the build). Under Dask workers the time is checked "
        "when the move returns. A compiled (numba) move is not timed. Default: no limit.",
        show_default=False,
    ),
]


def move_timeout_parameter() -> inspect.Parameter:
    """The --move-timeout option, for commands that build graphs."""
    return inspect.Parameter(
        "move_timeout", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=MoveTimeoutOption
    )


def use_move_timeout(seconds: float | None) -> None:
    """Limit each move of a defined game built from now on (gamegraph.games.engine.timeout)."""
    from gamegraph.games.engine.timeout import configure

    configure(seconds)


# --------------------------------------------------------------------------- load and export


NRangeOption = Annotated[
    str,
    typer.Option(
        "--n",
        "-n",
        help="n, an inclusive range such as 20..40, or a list such as 20,40 (those n only): one "
        "graph per n for each game (Q: one graph over every n up to the largest).",
    ),
]


def _games_help() -> str:
    names = ", ".join(g.name for g in all_games())
    default = ",".join(g.name for g in all_games() if g.loaded_by_default)
    return f"Comma-separated games ({names}) or 'all'. Default: {default}."


GamesOption = Annotated[
    str | None, typer.Option("--games", "-g", help=_games_help(), show_default=False)
]
ForceOption = Annotated[
    bool,
    typer.Option("--force", help="Go ahead even when a graph is estimated too large."),
]


def _shared_params() -> dict[str, tuple[Param, str]]:
    """Every loadable parameter but n, once, with the games that declare it."""
    found: dict[str, tuple[Param, list[str]]] = {}
    for game in all_games():
        for param in game.params:
            if param.name == "n" or not param.loadable:
                continue
            found.setdefault(param.name, (param, []))[1].append(game.name)
    return {name: (param, ", ".join(owners)) for name, (param, owners) in found.items()}


def game_options() -> list[inspect.Parameter]:
    """An option per loadable parameter of any game but n (`load`, `export`)."""
    return [param_option(p, games=owners, load=True) for p, owners in _shared_params().values()]


def connection_of(options: dict[str, Any]) -> tuple[str | None, str, str, str]:
    """Take the four connection options of :data:`CONNECTION` out of ``options``."""
    return (
        options.pop("uri"),
        options.pop("user"),
        options.pop("password"),
        options.pop("database"),
    )


CONNECTION = [
    inspect.Parameter("uri", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=UriOption),
    inspect.Parameter(
        "user", inspect.Parameter.KEYWORD_ONLY, default=DEFAULT_USER, annotation=UserOption
    ),
    inspect.Parameter(
        "password",
        inspect.Parameter.KEYWORD_ONLY,
        default=DEFAULT_PASSWORD,
        annotation=PasswordOption,
    ),
    inspect.Parameter(
        "database",
        inspect.Parameter.KEYWORD_ONLY,
        default=DEFAULT_DATABASE,
        annotation=DatabaseOption,
    ),
]


def keyword(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


# --------------------------------------------------------------------------- game parameters


def param_option(param: Param, *, games: str = "", load: bool = False) -> inspect.Parameter:
    """A typer option for a declared game parameter; its value reaches the command as text
    (parsed once by the game, :meth:`Param.parse`) or, for a flag, as a bool."""
    help_text = param.help + (f" ({games})" if games else "")
    names = [param.cli_option]
    if load and param.many:
        names.append(param.cli_option + "s")  # --rules paper,band
        help_text += " Several values: comma-separated, one graph each."
    if param.name == "n" and param.cli_option == "--n":
        names.append("-n")
    if param.kind == "flag":
        option = typer.Option(names[0], *names[1:], help=help_text)
        default: Any = False if load else param.default
        return inspect.Parameter(
            param.name,
            inspect.Parameter.KEYWORD_ONLY,
            default=default,
            annotation=Annotated[bool, option],
        )
    if not param.required and not load:
        help_text += f" [default: {param.format(param.default)}]"
    option = typer.Option(names[0], *names[1:], help=help_text, show_default=False)
    required = param.required and not load
    return inspect.Parameter(
        param.name,
        inspect.Parameter.KEYWORD_ONLY,
        default=inspect.Parameter.empty if required else None,
        annotation=Annotated[str if required else str | None, option],
    )


def command(
    body: Callable[..., None],
    params: Sequence[inspect.Parameter],
    *,
    name: str,
    doc: str,
) -> Callable[..., None]:
    """A function typer can register, with ``params`` as its options and ``doc`` as its help,
    calling ``body(**options)``."""

    def run(**options: Any) -> None:
        body(**options)

    run.__signature__ = inspect.Signature(list(params))  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    run.__name__ = name.replace("-", "_")
    run.__doc__ = doc
    return run
