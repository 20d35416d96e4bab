"""Options shared by the commands: the Neo4j connection, Dask, and the games' parameters.

A command asks for the shared options it takes with :func:`shared_options`; they come after
its own, and it receives what they mean rather than their values::

    @shared_options(database=True)
    def graphs(json: bool = False, *, connect: Connect) -> None:
        with connect() as db:
            ...

``dask=True`` adds --scheduler and --workers (applied before the command runs),
``move_timeout=True`` adds --move-timeout (likewise), ``database=True`` the four connection
options, handed over as ``connect`` (opens the database when called, so a bad request is
refused before Neo4j is touched).

Commands whose options come from the games (`stats GAME`, `load`, `export`) get them from
:func:`param_option` (one option per declared :class:`~gamegraph.games.base.Param`) and
:func:`graph_options` (--n, --games and every game's, once), so a new game's parameters
appear on the command line without a change here. :func:`command` assembles such a command
from a body and its options.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Annotated, Any, Protocol

import typer

from gamegraph.cli._output import note
from gamegraph.db.settings import DEFAULT_DATABASE
from gamegraph.games.base import Param
from gamegraph.games.registry import all_games
from gamegraph.server.defaults import DEFAULT_USER

if TYPE_CHECKING:
    from gamegraph.api import Database

__all__ = [
    "DEFAULT_DATABASE",
    "DEFAULT_PASSWORD",
    "DEFAULT_USER",
    "Connect",
    "DatabaseOption",
    "ForceOption",
    "PasswordOption",
    "SchedulerOption",
    "UriOption",
    "UserOption",
    "WorkersOption",
    "command",
    "flag",
    "graph_options",
    "keyword",
    "open_database",
    "param_option",
    "shared_options",
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


class Connect(Protocol):
    """What a command with ``database=True`` receives: ``with connect() as db:``
    (``connect(wait=False)``: see :func:`open_database`)."""

    def __call__(self, *, wait: bool = True) -> contextlib.AbstractContextManager[Database]: ...


@contextlib.contextmanager
def open_database(
    uri: str | None, user: str, password: str | None, database: str, *, wait: bool = True
) -> Iterator[Database]:
    """The Python API's Database for these options (the local Neo4j started if needed,
    its progress on stderr; with ``wait=False`` left starting until the first query);
    closed afterwards."""
    from gamegraph.api import connect

    auth = (user, password)
    db = connect(uri or None, auth=auth, database=database, wait=wait, on_start=note)
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


def keyword(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def flag(name: str, help_text: str) -> inspect.Parameter:
    """An option ``--name`` that is off unless given, as a command's parameter ``name``."""
    return keyword(name, Annotated[bool, typer.Option(f"--{name}", help=help_text)], False)


_SHARED = {
    "dask": [keyword("scheduler", SchedulerOption, None), keyword("workers", WorkersOption, None)],
    "move_timeout": [keyword("move_timeout", MoveTimeoutOption, None)],
    "database": [
        keyword("uri", UriOption, None),
        keyword("user", UserOption, DEFAULT_USER),
        keyword("password", PasswordOption, DEFAULT_PASSWORD),
        keyword("database", DatabaseOption, DEFAULT_DATABASE),
    ],
}
"""The shared options of :func:`command`, in the order they follow a command's own."""


def command(
    body: Callable[..., None],
    params: Sequence[inspect.Parameter],
    *,
    name: str,
    doc: str,
    dask: bool = False,
    move_timeout: bool = False,
    database: bool = False,
) -> Callable[..., None]:
    """A function typer can register, with ``params`` and then the shared options asked for
    as its options, and ``doc`` as its help, calling ``body(**options)``."""
    asked = {"dask": dask, "move_timeout": move_timeout, "database": database}
    every = [*params, *(p for group, on in asked.items() if on for p in _SHARED[group])]

    def run(**options: Any) -> None:
        # the shared options are taken out: Dask and the move timeout are applied
        # (gamegraph.cluster, gamegraph.games.engine.timeout), the connection becomes connect
        if dask:
            from gamegraph.cluster import configure

            configure(scheduler=options.pop("scheduler"), workers=options.pop("workers"))
        if move_timeout:
            from gamegraph.games.engine import timeout

            timeout.configure(options.pop("move_timeout"))
        if database:
            names = ("uri", "user", "password", "database")
            options["connect"] = partial(open_database, *(options.pop(k) for k in names))
        body(**options)

    run.__signature__ = inspect.Signature(every)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in every}
    run.__name__ = name.replace("-", "_")
    run.__doc__ = doc
    return run


def shared_options(
    *, dask: bool = False, move_timeout: bool = False, database: bool = False
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The decorated function as a command (:func:`command`) whose options are its own
    parameters (all but ``connect``) and then the shared ones asked for."""

    def wrap(body: Callable[..., None]) -> Callable[..., None]:
        own = inspect.signature(body, eval_str=True).parameters.values()
        params = [p for p in own if p.name != "connect"]
        return command(
            body,
            params,
            name=body.__name__,
            doc=body.__doc__ or "",
            dask=dask,
            move_timeout=move_timeout,
            database=database,
        )

    return wrap


# --------------------------------------------------------------------------- load and export


NRangeOption = Annotated[
    str,
    typer.Option(
        "--n",
        "-n",
        help="n, an inclusive range such as 20..40, a list such as 20,40 (those n only) or a "
        "mix (1..4,10): one "
        "graph per n for each game (Q: one graph over every n up to the largest).",
    ),
]


def _games_help() -> str:
    names = ", ".join(g.name for g in all_games())
    default = ",".join(g.name for g in all_games() if g.loaded_by_default)
    return f"Comma-separated games ({names}) or 'all'. Default: {default}."


ForceOption = Annotated[
    bool,
    typer.Option("--force", help="Go ahead even when a graph is estimated too large."),
]


def _shared_params() -> list[Param]:
    """Every loadable parameter but n, once, its help naming the games that declare it (each
    game's meaning, where they declare it differently) and the default they take."""
    found: dict[str, list[tuple[str, Param]]] = {}
    for game in all_games():
        for param in game.params:
            if param.name != "n" and param.loadable:
                found.setdefault(param.name, []).append((game.name, param))
    shared = []
    for declared in found.values():
        param = declared[0][1]
        if len({(p.help, p.default) for _, p in declared}) == 1:
            text = f"{param.help} ({', '.join(owner for owner, _ in declared)}){_default(param)}"
        else:
            text = " ".join(f"{owner}: {p.help}{_default(p)}" for owner, p in declared)
        shared.append(replace(param, help=text))
    return shared


def _default(param: Param) -> str:
    """A parameter's default, said in its option's help (a `load` option's own default is
    none: a game not given it takes the one it declares)."""
    if param.kind == "flag" or param.required:
        return ""
    return f" (default: {param.format(param.default)})"


def graph_options() -> list[inspect.Parameter]:
    """Which graphs `load` and `export` build: --n, --games and an option per loadable
    parameter of any game but n."""
    return [
        keyword("n", NRangeOption, "60"),
        keyword(
            "games",
            Annotated[
                str | None, typer.Option("--games", "-g", help=_games_help(), show_default=False)
            ],
            None,
        ),
        *(param_option(p, load=True) for p in _shared_params()),
    ]


# --------------------------------------------------------------------------- game parameters


def param_option(param: Param, *, load: bool = False) -> inspect.Parameter:
    """A typer option for a declared game parameter; its value reaches the command as text
    (parsed once by the game, :meth:`Param.parse`) or, for a flag, as a bool."""
    help_text = param.help
    names = [param.cli_option]
    if load and param.many:
        names.append(param.cli_option + "s")  # --rules paper,band
        help_text += " Several values: comma-separated, one graph each."
    if param.name == "n" and param.cli_option == "--n":
        names.append("-n")
    if param.kind == "flag":
        option = typer.Option(names[0], *names[1:], help=help_text)
        return keyword(param.name, Annotated[bool, option], False if load else param.default)
    if not load:  # "[default: ...]" would be taken for rich markup and dropped
        help_text += _default(param)
    option = typer.Option(names[0], *names[1:], help=help_text, show_default=False)
    required = param.required and not load
    return keyword(
        param.name,
        Annotated[str if required else str | None, option],
        inspect.Parameter.empty if required else None,
    )
