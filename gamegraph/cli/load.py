"""`gamegraph load`: compute game graphs and load them into Neo4j, online or in bulk.

The command builds a :class:`~gamegraph.loader.plan.LoadRequest` from its options, calls
:meth:`gamegraph.api.Database.load` (which plans, checks and loads) and prints the reports.
It takes every registered game's parameters as options (``--rule``, ``--restricted``, ...):
the games declare them, :func:`gamegraph.cli.options.graph_options` collects them.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import typer

from gamegraph.cli._output import note, progress_bar
from gamegraph.cli.options import Connect, ForceOption, command, flag, graph_options, keyword
from gamegraph.errors import InputError

if TYPE_CHECKING:
    from gamegraph.loader.writer import LoadSummary

__all__ = ["load"]


def _load(
    n: str,
    games: str | None,
    replace: bool,
    bulk: bool,
    online: bool,
    imported: bool,
    force: bool,
    connect: Connect,
    **options: Any,
) -> None:
    from gamegraph.loader.plan import LoadRequest

    chosen = [
        flag
        for flag, on in (("--bulk", bulk), ("--online", online), ("--imported", imported))
        if on
    ]
    if len(chosen) > 1:
        raise InputError(f"{' and '.join(chosen)} are two routes: choose one")
    route = "bulk" if bulk else "imported" if imported else "online" if online else "auto"
    request = LoadRequest.parse(n, games, options, route=route, force=force, replace=replace)
    started = time.perf_counter()
    # a new local home's first start runs beside the engine and the importer (bulk route)
    with connect(wait=False) as db, progress_bar("loading") as progress:
        summary = db.load(request, progress=progress, note=note)
    _print_summary(summary, time.perf_counter() - started)


def _print_summary(summary: LoadSummary, seconds: float) -> None:
    if summary.route == "imported":
        for report in summary:
            typer.echo(f"{report.game.describe()} [{report.game.id}]: imported, checked, recorded")
        return
    for report in summary:
        if report.skipped:
            state = "already loaded, kept"
            if report.waited:
                state = "loaded meanwhile by another process, kept"
        elif report.repaired:
            state = "repaired (an incomplete or outdated copy was replaced)"
        else:
            state = "loaded"
        if report.replaced:
            state += f" (replaced {', '.join(report.replaced)})"
        typer.secho(f"{report.game.describe()} [{report.game.id}]: {state}", bold=True)
        typer.echo(f"  {report.nodes:,} nodes, {report.relationships:,} relationships")
        if not report.skipped:
            rows = report.nodes + report.relationships
            write = sum(v for k, v in report.seconds.items() if k not in ("engine", "check"))
            stages = ", ".join(f"{k} {v:.1f}s" for k, v in report.seconds.items())
            if summary.route == "bulk":  # written by the importer: its rate is the bulk line's
                typer.echo(f"  {stages}")
            else:
                typer.echo(f"  {stages}; {rows / max(write, 1e-9):,.0f} rows/s written")
    typer.echo(f"done in {seconds:.1f} s")
    if summary.route == "bulk":
        stages = ", ".join(f"{k} {v:.1f}s" for k, v in summary.seconds.items())
        import_seconds = sum(v for k, v in summary.seconds.items() if k != "engine and files")
        typer.echo(
            f"bulk: {summary.rows:,} rows, {summary.rows / max(import_seconds, 1e-9):,.0f} rows/s "
            f"after the files; {stages}"
        )
        if summary.kept:
            typer.echo(f"rebuilt as they were loaded: {', '.join(summary.kept)}")
        if summary.carried:
            typer.echo(f"kept (games not known here, carried over): {', '.join(summary.carried)}")


load = command(
    _load,
    [
        *graph_options(),
        flag("replace", "Reload graphs that are already completely loaded."),
        flag(
            "bulk",
            "Load through neo4j-admin's importer (the local Neo4j only): rebuilds the whole "
            "database, every graph already loaded plus these, into a new store swapped in only "
            "once it verifies. For graphs too large to load online. A graph whose game is not "
            "known here (defined in a notebook or a file not named with --games-from) is "
            "carried over as it is, copied from the old store; only `gamegraph drop` removes "
            "it.",
        ),
        flag(
            "online",
            "Write through Cypher transactions even into an empty local database (by default "
            "a load of a million rows or more into the local Neo4j while it holds nothing, or "
            "a --replace of most of its graphs, goes through neo4j-admin's importer: at "
            "n = 60 on a fresh home here, 37 s against 134 s online; README, Performance).",
        ),
        flag(
            "imported",
            "The graphs were imported by neo4j-admin from `gamegraph export` files (on a "
            "server elsewhere): check their counts and record them.",
        ),
        keyword("force", ForceOption, False),
    ],
    name="load",
    doc="""Compute game graphs and load them into Neo4j (idempotent: a complete graph is kept).

    A graph whose earlier load was interrupted, or that an older engine built, is deleted and
    loaded again. Each graph is verified (counts read back from Neo4j) before it is marked
    complete. A second load of a graph that is being loaded waits for the first and keeps
    its result.
    """,
    dask=True,
    move_timeout=True,
    database=True,
)
