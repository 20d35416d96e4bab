"""`gamegraph load | drop | graphs | export`: materialize game graphs into Neo4j and manage them."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from gamegraph.cli._output import fail, input_errors, print_json, progress_bar
from gamegraph.cli.options import (
    DEFAULT_DATABASE,
    DEFAULT_PASSWORD,
    DEFAULT_USER,
    DatabaseOption,
    PasswordOption,
    UriOption,
    UserOption,
    database_errors,
    neo4j_settings,
)
from gamegraph.db import open_runner
from gamegraph.games.lifting_graph import RULES
from gamegraph.loader.jobs import check_plan, parse_games, parse_range, plan, run_load
from gamegraph.loader.tables import GraphSpec
from gamegraph.loader.writer import IncompleteLoadError, LoadReport, drop_graph, list_graphs

NRangeOption = Annotated[
    str,
    typer.Option(
        "--n",
        "-n",
        help="n, or an inclusive range such as 20..40: B_n and G_n/H_n for each n, and Q for "
        "the 4-cycles of every G_n with n up to the top of the range.",
    ),
]
GamesOption = Annotated[
    str,
    typer.Option(
        "--games",
        "-g",
        help="Comma-separated games: bulgarian (B_n), floridian (G_n and H_n), lifting (Q).",
    ),
]
RestrictedOption = Annotated[
    bool,
    typer.Option(
        "--restricted",
        help="Build G_n only on the α-positions of Ω(T(n)) (cycles, core and 4-cycles exact; "
        "no win/loss analysis): far smaller for large n.",
    ),
]
RulesOption = Annotated[
    str,
    typer.Option("--rules", help="Lifting rules for Q, comma-separated: paper, band."),
]
ForceOption = Annotated[
    bool,
    typer.Option("--force", help="Go ahead even when a graph is estimated too large."),
]


def _rules(text: str) -> tuple[str, ...]:
    rules = tuple(r.strip() for r in text.split(",") if r.strip())
    unknown = [r for r in rules if r not in RULES]
    if unknown or not rules:
        raise ValueError(f"unknown rule(s) {unknown or text!r}: choose from {', '.join(RULES)}")
    return rules


def load(
    n: NRangeOption = "60",
    games: GamesOption = "bulgarian,floridian,lifting",
    restricted: RestrictedOption = False,
    rules: RulesOption = "paper,band",
    replace: Annotated[
        bool,
        typer.Option("--replace", help="Reload graphs that are already completely loaded."),
    ] = False,
    force: ForceOption = False,
    uri: UriOption = None,
    user: UserOption = DEFAULT_USER,
    password: PasswordOption = DEFAULT_PASSWORD,
    database: DatabaseOption = DEFAULT_DATABASE,
) -> None:
    """Compute game graphs and load them into Neo4j (idempotent: a complete graph is kept).

    A graph whose earlier load was interrupted is deleted and loaded again. Each graph is
    verified (counts read back from Neo4j) before it is marked complete.
    """
    with input_errors():
        planned = plan(
            parse_range(n), parse_games(games), restricted=restricted, rules=_rules(rules)
        )
        check_plan(planned, force=force)
    settings = neo4j_settings(uri, user, password, database)
    started = time.perf_counter()
    with (
        database_errors(),
        open_runner(settings, on_start=typer.echo) as runner,
        progress_bar("loading") as update,
    ):
        try:
            reports = run_load(
                runner,
                planned,
                replace=replace,
                progress=lambda stage, done, total: update(done, total, stage),
            )
        except IncompleteLoadError as e:
            raise fail(f"{e}; the graph stays marked incomplete, load it again") from e
    _print_reports(reports, time.perf_counter() - started)


def _print_reports(reports: list[LoadReport], seconds: float) -> None:
    for report in reports:
        if report.skipped:
            state = "already loaded, kept"
        elif report.repaired:
            state = "repaired (an incomplete copy was replaced)"
        else:
            state = "loaded"
        typer.secho(f"{report.spec.describe()} [{report.spec.id}]: {state}", bold=True)
        typer.echo(f"  {report.nodes:,} nodes, {report.relationships:,} relationships")
        if not report.skipped:
            rows = report.nodes + report.relationships
            write = sum(v for k, v in report.seconds.items() if k not in ("engine", "schema"))
            stages = ", ".join(f"{k} {v:.1f}s" for k, v in report.seconds.items())
            typer.echo(f"  {stages}; {rows / max(write, 1e-9):,.0f} rows/s written")
    typer.echo(f"done in {seconds:.1f} s")


def graphs(
    json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    uri: UriOption = None,
    user: UserOption = DEFAULT_USER,
    password: PasswordOption = DEFAULT_PASSWORD,
    database: DatabaseOption = DEFAULT_DATABASE,
) -> None:
    """List the loaded graphs with their status and counts."""
    settings = neo4j_settings(uri, user, password, database)
    with database_errors(), open_runner(settings, on_start=typer.echo) as runner:
        records = list_graphs(runner)
    if json:
        print_json(
            [
                {
                    "id": r.id,
                    "game": r.game,
                    "n": r.n,
                    "rule": r.rule,
                    "mode": r.mode,
                    "status": r.status,
                    "nodes": r.nodes,
                    "relationships": r.relationships,
                }
                for r in records
            ]
        )
        return
    if not records:
        typer.echo("no graphs loaded (try `gamegraph load --n 24`)")
        return
    typer.echo(f"{'graph':<22} {'status':<22} {'nodes':>12} {'relationships':>14}")
    for r in records:
        status = r.status if r.complete else f"{r.status} (incomplete)"
        nodes = f"{r.nodes:,}" if r.nodes is not None else "-"
        rels = f"{r.relationships:,}" if r.relationships is not None else "-"
        typer.echo(f"{r.id:<22} {status:<22} {nodes:>12} {rels:>14}")


def drop(
    graph_ids: Annotated[
        list[str] | None,
        typer.Argument(
            help="Graph ids as `gamegraph graphs` lists them, e.g. floridian:24 or "
            "lifting:paper:60.",
            show_default=False,
        ),
    ] = None,
    all_graphs: Annotated[bool, typer.Option("--all", help="Drop every loaded graph.")] = False,
    uri: UriOption = None,
    user: UserOption = DEFAULT_USER,
    password: PasswordOption = DEFAULT_PASSWORD,
    database: DatabaseOption = DEFAULT_DATABASE,
) -> None:
    """Remove graphs (their nodes, relationships and record) from Neo4j."""
    if not graph_ids and not all_graphs:
        raise fail("name the graphs to drop (see `gamegraph graphs`) or pass --all", code=2)
    with input_errors():
        specs = [_spec_of(graph_id) for graph_id in graph_ids or []]
    settings = neo4j_settings(uri, user, password, database)
    with database_errors(), open_runner(settings, on_start=typer.echo) as runner:
        if all_graphs:
            specs = [_spec_of(r.id) for r in list_graphs(runner)]
        for spec in specs:
            found = drop_graph(runner, spec)
            typer.echo(f"{spec.id}: {'dropped' if found else 'was not loaded'}")


def _spec_of(graph_id: str) -> GraphSpec:
    parts = graph_id.split(":")
    try:
        if parts[0] == "bulgarian" and len(parts) == 2:
            return GraphSpec("bulgarian", int(parts[1]))
        if parts[0] == "floridian" and len(parts) == 2:
            return GraphSpec("floridian", int(parts[1]))
        if parts[0] == "lifting" and len(parts) == 3 and parts[1] in RULES:
            return GraphSpec("lifting", int(parts[2]), rule=parts[1])
    except ValueError:
        pass
    raise ValueError(f"bad graph id {graph_id!r}: use bulgarian:N, floridian:N or lifting:RULE:N")


def export(
    out: Annotated[Path, typer.Option("--out", "-o", help="Directory to write into.")],
    n: NRangeOption = "60",
    games: GamesOption = "bulgarian,floridian,lifting",
    restricted: RestrictedOption = False,
    rules: RulesOption = "paper,band",
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            help="csv (neo4j-admin database import files), graphml, or both.",
        ),
    ] = "csv",
    force: ForceOption = False,
) -> None:
    """Write graphs as neo4j-admin import CSV files (the bulk route) and/or GraphML."""
    from gamegraph.loader.export import export_graphs

    with input_errors():
        if fmt not in ("csv", "graphml", "both"):
            raise ValueError(f"unknown format {fmt!r}: use csv, graphml or both")
        planned = plan(
            parse_range(n), parse_games(games), restricted=restricted, rules=_rules(rules)
        )
        check_plan(planned, force=force, online=False)
    started = time.perf_counter()
    with progress_bar("exporting") as update:
        written = export_graphs(
            planned,
            out,
            csv="csv" in fmt or fmt == "both",
            graphml=fmt in ("graphml", "both"),
            progress=lambda stage, done, total: update(done, total, stage),
        )
    for path in written:
        typer.echo(str(path))
    typer.echo(f"done in {time.perf_counter() - started:.1f} s")
