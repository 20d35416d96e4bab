"""The `gamegraph` command line: a thin layer that parses options, calls the library, prints.

Each area owns its typer app (``neo4j``, ``stats``, ...); this module joins them.
"""

from __future__ import annotations

import logging

import typer

from gamegraph.cli import load, neo4j, query, stats, verify

app = typer.Typer(
    name="gamegraph",
    help="Game graphs of partition solitaires (Bulgarian B_n, Floridian G_n/H_n, the lifting "
    "graph Q) computed in memory and materialized into Neo4j.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)
app.command("load")(load.load)
app.command("graphs")(load.graphs)
app.command("drop")(load.drop)
app.command("export")(load.export)
app.command("query")(query.query)
app.command("verify")(verify.verify_command)
app.add_typer(stats.app, name="stats")
app.add_typer(neo4j.app, name="neo4j")


def main() -> None:
    """Console-script entry point."""
    # The driver warns on stderr each time it retries a transient error (two loader writers
    # can deadlock on a shared node; the batch is retried whole, by design). Errors that
    # survive the retries still reach the user as exceptions.
    logging.getLogger("neo4j").addHandler(logging.NullHandler())
    app()
