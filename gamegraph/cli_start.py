"""The console script's first step: `gamegraph --help` answered before anything heavy loads.

Building the command line imports typer, rich (its markdown help) and every game's package and
entry point, about half a second; the top-level help needs none of it. :func:`main` prints
that page itself, laid out the way typer prints it (the same text and panels, without colour),
and hands every other command line to :func:`gamegraph.cli.main`. The page is written here
from :data:`COMMANDS`; ``tests/unit/test_cli_start.py`` compares it with typer's own page at
several widths, so a command added to the command line without a line here fails that test.

This module lives outside :mod:`gamegraph.cli`, whose ``__init__`` builds the command line.
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from typing import NoReturn

__all__ = ["COMMANDS", "HELP", "help_page", "main"]

HELP = (
    "Game graphs of partition games (Bulgarian B_n, Floridian G_n/H_n, the lifting graph Q, "
    "and the other games of the seeds) computed in memory and materialized into Neo4j. Your "
    "own games: --games-from FILE.py on any command (docs/games.md); that runs the code of "
    "FILE.py, so name only files you trust."
)
"""The command line's help (the same text as typer's in :mod:`gamegraph.cli`: tested)."""

COMMANDS: tuple[tuple[str, str], ...] = (
    (
        "load",
        "Compute game graphs and load them into Neo4j (idempotent: a complete graph is kept).",
    ),
    (
        "graphs",
        "List the loaded graphs with their status and counts (stale: built by another engine "
        "version or with other parameters; `gamegraph load` rebuilds them).",
    ),
    ("drop", "Remove graphs (their nodes, relationships and record) from Neo4j."),
    ("export", "Write graphs as neo4j-admin import CSV files (the bulk route) and/or GraphML."),
    (
        "games",
        "List the games gamegraph knows, with their parameters, graph ids and where each comes "
        "from (built in, an installed package, a file of --games-from).",
    ),
    (
        "query",
        "Answer a question about a loaded graph with one of gamegraph's named Cypher queries.",
    ),
    (
        "verify",
        "Recompute the stored analysis of loaded graphs from their relationships in Cypher and "
        "compare it with the stored labels and properties and with the engine.",
    ),
    (
        "report",
        "Write the research report: every claim of the four seeds (Floridian, Bulgarian and its "
        "relatives, Tchoukaillon, CRIM) beside the computed value, the nine open questions of "
        "the Floridian paper answered with data, and the paper's figures redrawn (report.md "
        "with PNG figures, and report.json).",
    ),
    (
        "frontier",
        "Compute the frontier results (Fagan basins, Floridian questions 2, 9 and 1/3, CRIM's "
        "even-rank conjecture) with their own budgets, cached in ~/.cache/gamegraph/frontier, "
        "and write them into --out (docs/report for the committed report); a report in --out "
        "is written again with them.",
    ),
    (
        "table",
        "Tabulate a game over n: one row per n (and per value of a --param range), the stats "
        "columns you name and your own functions of the graph, each row one task on a local "
        "Dask cluster (or --scheduler), cached on disk so a second run is instant and an "
        "interrupted run resumes; integer columns are compared with the OEIS sequences "
        "gamegraph ships.",
    ),
    (
        "check",
        "Check a file's conjectures over n: each conjecture's verdict, and for one that fails "
        "its first counterexample, the command that reproduces it and a Cypher query for Neo4j "
        "Browser. A conjecture that raises is one error line and the others are still "
        "checked. Exit code 2 when a conjecture raised, else 1 when one fails.",
    ),
    (
        "dump",
        "Write the local Neo4j's database (every loaded graph and its catalogue) into FILE, with "
        "`neo4j-admin database dump`. The database closes for the seconds that takes (the server "
        "keeps running); `gamegraph restore FILE` brings it back, here or on another machine.",
    ),
    (
        "restore",
        "Replace the local Neo4j's database by a dump (`gamegraph dump`), with `neo4j-admin "
        "database load`, then verify every restored graph. If the database holds graphs, it asks "
        "first (--force: do not ask; without a terminal it refuses unless --force). The dump is "
        "loaded beside the database, which keeps serving, and replaces it only once loaded: a "
        "file that does not load leaves the database as it was.",
    ),
    ("stats", "Compute a game graph in memory and print its analysis (no Neo4j needed)."),
    (
        "neo4j",
        "The local Neo4j 5 managed by gamegraph: a JVM running Neo4j Community from Maven "
        "Central jars, with APOC, Graph Data Science (GAMEGRAPH_NEO4J_GDS=false: without) and "
        "Neo4j Browser. Bolt on 127.0.0.1:7687, Browser on http://127.0.0.1:7474/browser/ "
        "(GAMEGRAPH_NEO4J_BOLT_PORT, GAMEGRAPH_NEO4J_HTTP_PORT: other ports), user "
        "'neo4j' with a random password made with the server (`gamegraph neo4j password` "
        "prints it).",
    ),
)
"""Each command of the top level and the first paragraph of its help, in typer's order."""

_OPTIONS = (
    ("--version", "Print gamegraph's version and exit."),
    ("--install-completion", "Install completion for the current shell."),
    (
        "--show-completion",
        "Show completion for the current shell, to copy it or customize the installation.",
    ),
    ("--help", "Show this message and exit."),
)
_OPTION_COLUMN = 30
NARROWEST = 60
"""Below this width typer narrows its option column: the page is typer's own there."""


def _panel(title: str, rows: tuple[tuple[str, str], ...], first: int, width: int) -> list[str]:
    inner = width - 4  # the two borders and a space inside each
    top = f"╭─ {title} " + "─" * max(0, width - len(title) - 5) + "╮"
    lines = [top]
    for name, text in rows:
        wrapped = textwrap.wrap(text, max(1, inner - first), break_on_hyphens=False) or [""]
        for i, part in enumerate(wrapped):
            left = (name if i == 0 else "").ljust(first)
            lines.append(f"│ {(left + part).ljust(inner)} │")
    lines.append("╰" + "─" * (width - 2) + "╯")
    return lines


def help_page(width: int) -> str:
    """The top-level help at a terminal ``width``, as typer lays it out (no colour)."""
    lines = ["", " Usage: gamegraph [OPTIONS] COMMAND [ARGS]...", ""]
    lines += [f" {part}" for part in textwrap.wrap(HELP, width - 2, break_on_hyphens=False)]
    lines.append("")
    lines += _panel("Options", _OPTIONS, _OPTION_COLUMN, width)
    names = max(len(name) for name, _ in COMMANDS) + 2
    lines += _panel("Commands", COMMANDS, names, width)
    return "\n".join(lines) + "\n\n"


def main() -> NoReturn:
    """Console-script entry point: the top-level help and version here, everything else in
    the CLI."""
    if sys.argv[1:] == ["--version"]:
        from gamegraph.version import version

        print(f"gamegraph {version()}")
        sys.exit(0)
    if sys.argv[1:] == ["--help"]:
        columns = os.environ.get("COLUMNS", "")
        width = int(columns) if columns.isdigit() else shutil.get_terminal_size((80, 24)).columns
        if width >= NARROWEST:
            sys.stdout.write(help_page(width))
            sys.exit(0)
    from gamegraph.cli import main as run_main

    run_main()
