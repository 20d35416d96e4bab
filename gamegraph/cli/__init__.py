"""The `gamegraph` command line: a thin layer over the Python API (:mod:`gamegraph.api`).

Each area owns its typer app or commands (``stats``, ``load``, ``query``, ``verify``,
``neo4j``); this module joins them and runs them so that no command ends in a traceback:
:func:`run` turns every failure into one line, ``error: ...``, with exit code 2 for bad input
and 1 for everything else (see :mod:`gamegraph.errors`).

Start-up stays fast: the modules here import typer, rich and the game registry only; numba,
the engines and the Neo4j driver load inside the commands that use them.
"""

from __future__ import annotations

import importlib
import inspect
import logging
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, NoReturn

import typer

from gamegraph.games import sources

sources.DEFER_ERRORS[0] = True  # a bad definitions file is reported by run(), in one line

from gamegraph.cli import (  # noqa: E402
    check,
    dump,
    export,
    frontier,
    games,
    graphs,
    load,
    neo4j,
    query,
    report,
    stats,
    table,
    verify,
)
from gamegraph.errors import BulkRouteError, GamegraphError, InputError  # noqa: E402
from gamegraph.games.registry import generation  # noqa: E402
from gamegraph.version import version  # noqa: E402

__all__ = ["app", "main", "run"]

INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it)."""
TERMINATED = 143
"""The exit code of a command stopped by SIGTERM (128 + SIGTERM)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (``timeout``, a job scheduler, ``kill``) raised where the command is, so it
    ends as Ctrl-C does: a load's claim released, a local Dask cluster closed, one line."""


_stopped_by: list[int] = []
"""The signal that stopped the command, when one did (typer makes Ctrl-C an exit code)."""


def _terminate(signum: int, _frame: object) -> None:
    _stopped_by.append(signum)
    raise Terminated


GAMES_FROM = "--games-from"
"""Every command takes ``--games-from FILE.py`` (more than once, or a path list): the files
are loaded before the command line is built, so their games have their options."""


FROM_FILES = (
    f"Your own games: {GAMES_FROM} FILE.py (more than once, or a path list) registers the "
    "games of FILE.py first, so their names and options work here (docs/games.md)."
)
"""The last line of the help of each command that takes games."""


def _build_app() -> typer.Typer:
    """The command line, from the games registered now (stats has a command per game)."""
    built = typer.Typer(
        name="gamegraph",
        help="Game graphs of partition games (Bulgarian B_n, Floridian G_n/H_n, the lifting "
        "graph Q, and the other games of the seeds) computed in memory and materialized into "
        "Neo4j. Your own games: --games-from FILE.py on any command (docs/games.md); that runs "
        "the code of FILE.py, so name only files you trust.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
    )
    commands: dict[str, Callable[..., None]] = {
        "load": load.load,
        "graphs": graphs.graphs,
        "drop": graphs.drop,
        "export": export.export,
        "games": games.games,
        "query": query.query,
        "verify": verify.verify_command,
        "report": report.report,
        "frontier": frontier.frontier,
        "table": table.table,
        "check": check.check,
        "dump": dump.dump,
        "restore": dump.restore,
    }
    built.callback()(_top_level)
    for name, callback in commands.items():
        built.command(name)(callback)
    built.add_typer(stats.app, name="stats")
    built.add_typer(neo4j.app, name="neo4j")
    for _typer in (built, stats.app, neo4j.app):
        for _command in _typer.registered_commands:
            if _command.callback is not None and _command.callback.__doc__:
                _command.callback.__doc__ = _reflow(_command.callback.__doc__)
            if _typer is not neo4j.app:
                _command.epilog = FROM_FILES
    return built


def _print_version(asked: bool) -> None:
    if asked:
        typer.echo(f"gamegraph {version()}")
        raise typer.Exit()


def _top_level(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print gamegraph's version and exit.",
            callback=_print_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    pass  # the options of the command line itself (the commands' own come after the name)


def _reflow(doc: str) -> str:
    """A help text with each paragraph on one line: typer's rich help keeps the line breaks of
    a docstring's later paragraphs, which then wrap raggedly at the terminal's width. A
    paragraph that starts with ``\\b`` keeps its lines (click's convention)."""
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(p if p.startswith("\b") else " ".join(p.split()) for p in paragraphs)


app = _build_app()
_BUILT_FOR = [generation()]


def _games_from(args: list[str]) -> tuple[list[str], list[str]]:
    """The arguments without ``--games-from`` and its values, and those values."""
    rest: list[str] = []
    paths: list[str] = []
    items = iter(args)
    for arg in items:
        if arg == GAMES_FROM:
            value = next(items, None)
            if value is None:
                raise InputError(f"{GAMES_FROM} needs a file: {GAMES_FROM} FILE.py")
            paths += [p for p in value.split(os.pathsep) if p]
        elif arg.startswith(GAMES_FROM + "="):
            paths += [p for p in arg.split("=", 1)[1].split(os.pathsep) if p]
        else:
            rest.append(arg)
    return rest, paths


def _current_app(paths: list[str]) -> typer.Typer:
    """The command line with the games of ``paths`` (rebuilt when games were registered)."""
    global app
    sources.raise_pending()
    sources.load_files(paths)
    if generation() != _BUILT_FOR[0]:
        # their options come from the games (cli.options is not reloaded: its functions
        # read the registry when called, and a reload would undo what was set on it)
        for module in (stats, load, export):
            importlib.reload(module)
        app = _build_app()
        _BUILT_FOR[0] = generation()
    return app


# typer's vendored click: its exceptions, found without importing a private module
_CLICK_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


class _WarningLines(logging.Handler):
    """A log record of gamegraph's as one ``warning: ...`` line on stderr (found at each
    record, so a test's captured stderr gets it too)."""

    def emit(self, record: logging.LogRecord) -> None:
        text = " ".join(record.getMessage().split())
        typer.secho(f"warning: {text}", err=True, fg=typer.colors.YELLOW)


def _error(message: str, code: int) -> int:
    text = " ".join(message.split())
    typer.secho(f"error: {text}", err=True, fg=typer.colors.RED)
    return code


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: sys.argv[1:]); returns the exit code."""
    # The driver warns on stderr each time it retries a transient error (two loader writers
    # can deadlock on a shared node; the batch is retried whole, by design). Errors that
    # survive the retries still reach the user, as one line.
    logging.getLogger("neo4j").addHandler(logging.NullHandler())
    logging.getLogger("neo4j").propagate = False
    # gamegraph's own warnings (Neo4j lost and retried, ...) are lines on stderr
    ours = logging.getLogger("gamegraph")
    if not any(isinstance(h, _WarningLines) for h in ours.handlers):
        ours.addHandler(_WarningLines(logging.WARNING))
        ours.propagate = False
    for warning in sources.package_warnings():  # a broken package: one line, the rest works
        ours.warning("%s", warning)
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        args, paths = _games_from(args)
        result = _current_app(paths)(args=args, prog_name="gamegraph", standalone_mode=False)
    except GamegraphError as e:
        if isinstance(e, BulkRouteError) and e.instructions:
            typer.echo(e.instructions)  # what the server's administrator runs instead
        return _error(str(e), e.exit_code)
    except _CLICK_ERROR as e:
        message = e.format_message() if hasattr(e, "format_message") else str(e)
        if type(e).__name__ == "NoArgsIsHelpError":
            typer.echo(message)  # a bare `gamegraph stats`: its help
            return 0
        return _error(message, getattr(e, "exit_code", 2))
    except typer.Abort:
        return _error("interrupted", 1)
    except KeyboardInterrupt:
        return _interrupted()
    except Exception as e:
        if os.environ.get("GAMEGRAPH_DEBUG"):
            raise
        return _error(
            f"internal error ({type(e).__name__}: {e}); this is a bug in gamegraph, please "
            "report it (set GAMEGRAPH_DEBUG=1 to see where it happened)",
            1,
        )
    if result == INTERRUPTED:  # typer turns Ctrl-C into this exit code, silently
        return _interrupted()
    return result if isinstance(result, int) else 0


def _interrupted() -> int:
    if _stopped_by:
        return _error("terminated (SIGTERM)", TERMINATED)
    return _error("interrupted (Ctrl-C)", INTERRUPTED)


def main() -> NoReturn:
    """Console-script entry point (SIGTERM ends a command as Ctrl-C does)."""
    signal.signal(signal.SIGTERM, _terminate)
    sys.exit(run())
