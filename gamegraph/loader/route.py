"""Which way an ``auto`` load goes into the local Neo4j: online (Cypher transactions) or
through neo4j-admin's importer, which rebuilds the whole database (:mod:`.bulk`).

The importer writes rows several times faster than Cypher and deletes nothing (a new store
replaces the old one), but it rebuilds every graph of the catalog and pays fixed costs
(closing and reopening the store, the schema). So ``auto`` takes it when

- the database is empty and the plan has at least :data:`~.plan.AUTO_BULK_ROWS` rows (the
  first `gamegraph load`), or
- the rows an online load would delete and write (the graphs it replaces, and its own) are
  at least :data:`~.plan.AUTO_BULK_ROWS` and at least :data:`REBUILD_SHARE` of the rows the
  rebuilt database would hold (`load --n 60 --replace` on the database `make load` made),
  and the database holds nothing a rebuild could not make again: only gamegraph's graphs,
  each of a game known now (no node of another kind, no graph to carry over).

:func:`importer_note` decides, from the catalog and Neo4j's count store (no scan), and says
why in one line; None means online.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamegraph.db.catalog import GraphRecord, GraphState, list_graphs
from gamegraph.db.query_files import cypher
from gamegraph.db.runner import QueryRunner
from gamegraph.loader.plan import AUTO_BULK_ROWS, PlannedGraph

__all__ = ["REBUILD_SHARE", "importer_note"]

REBUILD_SHARE = 0.5
"""The share of the rebuilt database's rows an online load must delete and write for
``auto`` to rebuild it through the importer instead: online, B_60's nodes went in at 30,000
rows/s and its delete at about 30,000 nodes/s, the importer writes 150,000 rows/s
(benchmarks/loader.py, benchmarks/delete.py)."""


def importer_note(
    runner: QueryRunner | None, planned: Sequence[PlannedGraph], *, replace: bool
) -> str | None:
    """Why an ``auto`` load of ``planned`` into the local database goes through the importer
    (the note the command prints), or None: it goes online. ``runner`` None: the database
    is a new home's, empty, its server still starting (the import does not wait for it)."""
    rows = sum(graph.entities for graph in planned)
    if rows < AUTO_BULK_ROWS:
        return None
    if runner is None:
        return (
            f"the local database is new: ~{rows:,} rows go through neo4j-admin's importer "
            "while Neo4j starts (--online writes them through Cypher)"
        )
    if runner.run(cypher("database_is_empty"))[0]["empty"]:
        return (
            f"the local database is empty: ~{rows:,} rows go through neo4j-admin's importer "
            "(--online writes them through Cypher)"
        )
    records = list_graphs(runner)
    if not _only_known_graphs(runner, records):
        return None
    online, rebuilt = _rows_online_and_rebuilt(planned, records, replace=replace)
    if online < AUTO_BULK_ROWS or online < REBUILD_SHARE * rebuilt:
        return None
    return (
        f"~{online:,} rows would be deleted and written online: the local database (~{rebuilt:,} "
        "rows of gamegraph's graphs) is rebuilt through neo4j-admin's importer instead, "
        "which is faster (--online writes through Cypher)"
    )


def _only_known_graphs(runner: QueryRunner, records: Sequence[GraphRecord]) -> bool:
    """The database holds gamegraph's graphs and bookkeeping alone (by the count store), every
    graph complete or repairable and of a game known now: a rebuild makes it all again."""
    row = runner.run(cypher("node_kinds"))[0]
    if int(row["all"]) != int(row["ours"]):
        return False
    return all(record.loaded_game() is not None for record in records) and all(
        record.state() not in (GraphState.LOADING, GraphState.DROPPING) for record in records
    )


def _rows_online_and_rebuilt(
    planned: Sequence[PlannedGraph], records: Sequence[GraphRecord], *, replace: bool
) -> tuple[int, int]:
    """The rows an online load would delete and write, and those of the rebuilt database."""
    by_id = {record.id: record for record in records}
    slots = {graph.game.slot for graph in planned}
    online = rebuilt = 0
    for graph in planned:
        record = by_id.get(graph.game.id)
        if record is not None and not replace and record.state(graph.game) is GraphState.CURRENT:
            rebuilt += _stored(record)
            continue
        online += graph.entities
        rebuilt += graph.entities
        online += sum(_stored(r) for r in records if r.slot == graph.game.slot)
    rebuilt += sum(_stored(r) for r in records if r.slot not in slots)
    return online, rebuilt


def _stored(record: GraphRecord) -> int:
    return (record.nodes or 0) + (record.relationships or 0)
