"""`gamegraph graphs` and `gamegraph drop`: the loaded graphs, listed and removed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from gamegraph.cli._output import note, print_json
from gamegraph.cli.options import Connect, shared_options
from gamegraph.errors import InputError

if TYPE_CHECKING:
    from gamegraph.db.catalog import GraphRecord

__all__ = ["drop", "graphs"]


@shared_options(database=True)
def graphs(
    json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    *,
    connect: Connect,
) -> None:
    """List the loaded graphs with their status and counts (stale: built by another engine
    version or with other parameters; `gamegraph load` rebuilds them)."""
    with connect() as db:
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
    # an incomplete graph says what was interrupted, a load or a drop, as verify and queries
    # do; a stale one whose game is unknown here (defined in a file not named) says so
    states = [_shown(r, str(row["state"])) for r, row in zip(records, rows, strict=True)]
    width = max(26, *(len(str(row["id"])) for row in rows))  # a parametrised id can be long
    wide = max(12, *map(len, states))
    typer.echo(f"{'graph':<{width}} {'state':<{wide}} {'nodes':>12} {'relationships':>14}")
    for row, state in zip(rows, states, strict=True):
        nodes = f"{row['nodes']:,}" if row["nodes"] is not None else "-"
        rels = f"{row['relationships']:,}" if row["relationships"] is not None else "-"
        typer.echo(f"{row['id']:<{width}} {state:<{wide}} {nodes:>12} {rels:>14}")
    if any(state.endswith(UNKNOWN) for state in states):
        note("a game not known here: one defined in a file is known with --games-from FILE.py")


UNKNOWN = "(game not known here)"


def _shown(record: GraphRecord, state: str) -> str:
    if state == "incomplete":
        return record.describe_state()
    if state == "stale" and record.loaded_game() is None:
        return f"stale {UNKNOWN}"
    return state


@shared_options(database=True)
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
    *,
    connect: Connect,
) -> None:
    """Remove graphs (their nodes, relationships and record) from Neo4j."""
    from gamegraph.games.registry import parse_graph_id

    if not graph_ids and not all_graphs:
        raise InputError("name the graphs to drop (see `gamegraph graphs`) or pass --all")
    for graph_id in graph_ids or []:
        try:
            parse_graph_id(graph_id)  # a bad id is refused before Neo4j is opened
        except InputError as e:
            if str(e).startswith("bad graph id"):
                raise
    with connect() as db:
        dropped = db.drop_all() if all_graphs else db.drop(*(graph_ids or []))
    for graph_id, found in dropped.items():
        typer.echo(f"{graph_id}: {'dropped' if found else 'was not loaded'}")
    if all_graphs and not dropped:
        typer.echo("no graphs loaded")
