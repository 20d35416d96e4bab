"""`gamegraph load | graphs | drop | export | games`: materialize game graphs into Neo4j,
manage them, and list the games.

`load` and `export` take every registered game's parameters as options (``--rule``,
``--restricted``, ...): the games declare them, this module only collects them.
"""

from __future__ import annotations

import inspect
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from gamegraph.cli._output import note, print_json, progress_bar
from gamegraph.cli.options import (
    DEFAULT_DATABASE,
    DEFAULT_PASSWORD,
    DEFAULT_USER,
    DatabaseOption,
    PasswordOption,
    UriOption,
    UserOption,
    command,
    dask_parameters,
    open_database,
    param_option,
    use_dask,
)
from gamegraph.errors import InputError
from gamegraph.games.base import Param
from gamegraph.games.registry import all_games, origin

if TYPE_CHECKING:
    from gamegraph.loader.plan import LoadRequest
    from gamegraph.loader.writer import LoadReport

__all__ = ["drop", "export", "games", "graphs", "load"]

NRangeOption = Annotated[
    str,
    typer.Option(
        "--n",
        "-n",
        help="n, or an inclusive range such as 20..40: one graph per n for each game (Q: one "
        "graph over every n up to the top of the range).",
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


def _game_options() -> list[inspect.Parameter]:
    return [param_option(p, games=owners, load=True) for p, owners in _shared_params().values()]


def _request(n: str, games: str | None, options: dict[str, Any]) -> LoadRequest:
    from gamegraph.loader.plan import LoadRequest

    return LoadRequest.parse(n, games, options)


def _connection(**options: Any) -> tuple[dict[str, Any], tuple[Any, ...]]:
    keys = ("uri", "user", "password", "database")
    conn = tuple(options.pop(key) for key in keys)
    return options, conn


_CONNECTION = [
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


def _keyword(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


# --------------------------------------------------------------------------- load


def _load(
    n: str,
    games: str | None,
    replace: bool,
    bulk: bool,
    imported: bool,
    force: bool,
    scheduler: str | None,
    workers: int | None,
    **options: Any,
) -> None:
    from gamegraph.errors import BulkRouteError
    from gamegraph.loader.plan import check_plan

    use_dask(scheduler, workers)
    options, (uri, user, password, database) = _connection(**options)
    if bulk and imported:
        raise InputError("--bulk imports the graphs; --imported records graphs imported by hand")
    planned = _request(n, games, options).plan()
    check_plan(planned, force=force, online=not (bulk or imported))
    started = time.perf_counter()
    if bulk and uri:
        from gamegraph.loader.bulk import remote_instructions

        typer.echo(remote_instructions(planned))
        raise BulkRouteError(
            f"the bulk route writes the server's store, so it needs the filesystem of the "
            f"Neo4j at {uri}: give its administrator the commands above",
            "",
        )
    with open_database(uri, user, password, database) as db, progress_bar("loading") as update:
        progress = lambda stage, done, total: update(done, total, stage)  # noqa: E731
        if bulk:
            summary = db.load_bulk(planned, progress=progress, note=note)
            _print_reports(summary.reports, time.perf_counter() - started)
            stages = ", ".join(f"{k} {v:.1f}s" for k, v in summary.seconds.items())
            typer.echo(f"bulk: {summary.rows:,} rows; {stages}")
            if summary.kept:
                typer.echo(f"rebuilt as they were loaded: {', '.join(summary.kept)}")
            if summary.dropped:
                typer.echo(f"dropped (games no longer known): {', '.join(summary.dropped)}")
            return
        if imported:
            db.record_imported(planned, progress)
            for graph in planned:
                typer.echo(
                    f"{graph.game.describe()} [{graph.game.id}]: imported, checked, recorded"
                )
            return
        reports = db.load_planned(planned, replace=replace, progress=progress, on_wait=note)
    _print_reports(reports, time.perf_counter() - started)


def _print_reports(reports: list[LoadReport], seconds: float) -> None:
    for report in reports:
        if report.skipped:
            state = "already loaded, kept"
            if report.waited:
                state = "loaded meanwhile by another process, kept"
        elif report.repaired:
            state = "repaired (an incomplete or outdated copy was replaced)"
        else:
            state = "loaded"
        typer.secho(f"{report.game.describe()} [{report.game.id}]: {state}", bold=True)
        typer.echo(f"  {report.nodes:,} nodes, {report.relationships:,} relationships")
        if not report.skipped:
            rows = report.nodes + report.relationships
            write = sum(v for k, v in report.seconds.items() if k not in ("engine", "check"))
            stages = ", ".join(f"{k} {v:.1f}s" for k, v in report.seconds.items())
            typer.echo(f"  {stages}; {rows / max(write, 1e-9):,.0f} rows/s written")
    typer.echo(f"done in {seconds:.1f} s")


load = command(
    _load,
    [
        _keyword("n", NRangeOption, "60"),
        _keyword("games", GamesOption, None),
        *_game_options(),
        _keyword(
            "replace",
            Annotated[
                bool,
                typer.Option("--replace", help="Reload graphs that are already completely loaded."),
            ],
            False,
        ),
        _keyword(
            "bulk",
            Annotated[
                bool,
                typer.Option(
                    "--bulk",
                    help="Load through neo4j-admin's importer (the local Neo4j only): rebuilds "
                    "the whole database, every graph already loaded plus these, into a new "
                    "store swapped in only once it verifies. For graphs too large to load "
                    "online.",
                ),
            ],
            False,
        ),
        _keyword(
            "imported",
            Annotated[
                bool,
                typer.Option(
                    "--imported",
                    help="The graphs were imported by neo4j-admin from `gamegraph export` "
                    "files (on a server elsewhere): check their counts and record them.",
                ),
            ],
            False,
        ),
        _keyword("force", ForceOption, False),
        *dask_parameters(),
        *_CONNECTION,
    ],
    name="load",
    doc="""Compute game graphs and load them into Neo4j (idempotent: a complete graph is kept).

    A graph whose earlier load was interrupted, or that an older engine built, is deleted and
    loaded again. Each graph is verified (counts read back from Neo4j) before it is marked
    complete. A second load of a graph that is being loaded waits for the first and keeps
    its result.
    """,
)


# --------------------------------------------------------------------------- export


def _export(
    out: str,
    n: str,
    games: str | None,
    fmt: str,
    force: bool,
    scheduler: str | None,
    workers: int | None,
    **options: Any,
) -> None:
    from gamegraph.loader.export import export_graphs
    from gamegraph.loader.plan import check_plan

    use_dask(scheduler, workers)
    if not out.strip():
        raise InputError("--out is empty: give the directory to write into (. for here)")
    if fmt not in ("csv", "graphml", "both"):
        raise InputError(f"unknown format {fmt!r}: use csv, graphml or both")
    planned = _request(n, games, options).plan()
    check_plan(planned, force=force, online=False)
    started = time.perf_counter()
    with progress_bar("exporting") as update:
        written = export_graphs(
            planned,
            Path(out),
            csv=fmt in ("csv", "both"),
            graphml=fmt in ("graphml", "both"),
            progress=lambda stage, done, total: update(done, total, stage),
        )
    for path in written:
        typer.echo(str(path))
    typer.echo(f"done in {time.perf_counter() - started:.1f} s")


export = command(
    _export,
    [
        _keyword(
            "out",
            Annotated[str, typer.Option("--out", "-o", help="Directory to write into.")],
            inspect.Parameter.empty,
        ),
        _keyword("n", NRangeOption, "60"),
        _keyword("games", GamesOption, None),
        *_game_options(),
        _keyword(
            "fmt",
            Annotated[
                str,
                typer.Option(
                    "--format", help="csv (neo4j-admin database import files), graphml, or both."
                ),
            ],
            "csv",
        ),
        _keyword("force", ForceOption, False),
        *dask_parameters(),
    ],
    name="export",
    doc="Write graphs as neo4j-admin import CSV files (the bulk route) and/or GraphML.",
)


# --------------------------------------------------------------------------- graphs, drop


def graphs(
    json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    uri: UriOption = None,
    user: UserOption = DEFAULT_USER,
    password: PasswordOption = DEFAULT_PASSWORD,
    database: DatabaseOption = DEFAULT_DATABASE,
) -> None:
    """List the loaded graphs with their status and counts (stale: built by another engine
    version or with other parameters; `gamegraph load` rebuilds them)."""
    with open_database(uri, user, password, database) as db:
        records = db.graphs()
    rows = [
        {
            "id": r.id,
            "game": r.game,
            "n": r.n,
            "params": list(r.params),
            "status": r.status,
            "state": r.state().name.lower(),
            "nodes": r.nodes,
            "relationships": r.relationships,
            "engine": r.engine,
        }
        for r in records
    ]
    if json:
        print_json(rows)
        return
    if not rows:
        typer.echo("no graphs loaded (try `gamegraph load --n 24`)")
        return
    typer.echo(f"{'graph':<26} {'state':<12} {'nodes':>12} {'relationships':>14}")
    for row in rows:
        nodes = f"{row['nodes']:,}" if row["nodes"] is not None else "-"
        rels = f"{row['relationships']:,}" if row["relationships"] is not None else "-"
        typer.echo(f"{row['id']:<26} {row['state']:<12} {nodes:>12} {rels:>14}")


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
    from gamegraph.games.registry import parse_graph_id

    if not graph_ids and not all_graphs:
        raise InputError("name the graphs to drop (see `gamegraph graphs`) or pass --all")
    ids = [parse_graph_id(graph_id).id for graph_id in graph_ids or []]
    with open_database(uri, user, password, database) as db:
        dropped = db.drop_all() if all_graphs else db.drop(*ids)
    for graph_id, found in dropped.items():
        typer.echo(f"{graph_id}: {'dropped' if found else 'was not loaded'}")
    if all_graphs and not dropped:
        typer.echo("no graphs loaded")


def games(
    json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """List the games gamegraph knows, with their parameters and graph ids."""
    rows: list[dict[str, Any]] = [
        {
            "name": g.name,
            "title": g.title,
            "description": g.description,
            "graph_id": g.id_form(),
            "params": [
                {"name": p.name, "option": p.cli_option, "kind": p.kind, "help": p.help}
                for p in g.params
            ],
            "loaded_by_default": g.loaded_by_default,
            "origin": origin(g.name),
        }
        for g in all_games()
    ]
    if json:
        print_json(rows)
        return
    for row in rows:
        typer.secho(f"{row['name']}  ({row['graph_id']}; {row['origin']})", bold=True)
        typer.echo(f"  {row['description']}")
        for p in row["params"]:
            typer.echo(f"  {p['option']:<14} {p['help']}")
