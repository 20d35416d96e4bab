"""The `gamegraph` command line: a thin layer over the Python API (:mod:`gamegraph.api`).

Each area owns its typer app or commands (``stats``, ``load``, ``query``, ``verify``,
``neo4j``); this module joins them and runs them so that no command ends in a traceback:
:func:`run` turns every failure into one line, ``error: ...``, with exit code 2 for bad input
and 1 for everything else (see :mod:`gamegraph.errors`).

Start-up stays fast: the modules here import typer, rich and the game registry only; numba,
the engines and the Neo4j driver load inside the commands that use them.
"""

from __future__ import annotations

import inspect
import logging
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

import typer

from gamegraph.cli import export, games, graphs, load, neo4j, query, report, stats, verify
from gamegraph.errors import BulkRouteError, GamegraphError

__all__ = ["app", "main", "run"]

app = typer.Typer(
    name="gamegraph",
    help="Game graphs of partition games (Bulgarian B_n, Floridian G_n/H_n, the lifting graph "
    "Q, and the other games of the seeds) computed in memory and materialized into Neo4j.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.command("load")(load.load)
app.command("graphs")(graphs.graphs)
app.command("drop")(graphs.drop)
app.command("export")(export.export)
app.command("games")(games.games)
app.command("query")(query.query)
app.command("verify")(verify.verify_command)
app.command("report")(report.report)
app.add_typer(stats.app, name="stats")
app.add_typer(neo4j.app, name="neo4j")


def _reflow(doc: str) -> str:
    """A help text with each paragraph on one line: typer's rich help keeps the line breaks of
    a docstring's later paragraphs, which then wrap raggedly at the terminal's width. A
    paragraph that starts with ``\\b`` keeps its lines (click's convention)."""
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(p if p.startswith("\b") else " ".join(p.split()) for p in paragraphs)


for _typer in (app, stats.app, neo4j.app):
    for _command in _typer.registered_commands:
        if _command.callback is not None and _command.callback.__doc__:
            _command.callback.__doc__ = _reflow(_command.callback.__doc__)

# typer's vendored click: its exceptions, found without importing a private module
_CLICK_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


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
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        result = app(args=args, prog_name="gamegraph", standalone_mode=False)
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
        return _error("interrupted", 1)
    except Exception as e:
        if os.environ.get("GAMEGRAPH_DEBUG"):
            raise
        return _error(
            f"internal error ({type(e).__name__}: {e}); this is a bug in gamegraph, please "
            "report it (set GAMEGRAPH_DEBUG=1 to see where it happened)",
            1,
        )
    return result if isinstance(result, int) else 0


def main() -> NoReturn:
    """Console-script entry point."""
    sys.exit(run())
