"""Materialize game graphs into Neo4j: idempotent, verified, in parameterized batches.

A load of one graph (see :class:`GraphSpec`) runs these stages:

1. ``schema``: constraints and indexes (idempotent) before any data;
2. ``check``: a graph already complete, loaded by this engine version in the same mode, is
   kept (nothing is written); anything else under its id (an interrupted load, another
   mode) is deleted first;
3. ``nodes``: ``UNWIND $rows CREATE`` batches, each a managed write transaction creating
   the nodes with their flag labels (:Recurrent, ...) and returning their element ids;
4. ``relationships``: batches grouped by start node, matched by element id;
5. ``verify``: counts read back from Neo4j must equal the tables', and only then is the
   :Graph node marked ``complete``. A load that dies anywhere before leaves ``loading``,
   which `gamegraph graphs` reports as incomplete and the next load repairs.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gamegraph.db.runner import QueryRunner, Row
from gamegraph.loader.tables import ENGINE_VERSION, GraphSpec, GraphTables, NodeTable, RelTable
from gamegraph.queries.registry import NamedQuery, load_queries

__all__ = [
    "GraphRecord",
    "IncompleteLoadError",
    "LoadReport",
    "drop_graph",
    "ensure_schema",
    "get_graph",
    "is_current",
    "link_four_cycles",
    "list_graphs",
    "load_tables",
]

NODE_BATCH = int(os.environ.get("GAMEGRAPH_LOAD_BATCH", "5000"))
"""Nodes, or relationships, per batch (one managed transaction each). 5,000 with two writers
loaded n = 60 fastest here (benchmarks/loader.py; 20,000 was 30% slower). The env var serves
tests and tuning."""
WRITERS = int(os.environ.get("GAMEGRAPH_LOAD_WRITERS", "2"))
"""Write transactions in flight at once: Neo4j overlaps one's commit with another's work."""
DELETE_BATCH = 5_000

Progress = Callable[[str, int, int], None]  #: (stage, done, total)


class IncompleteLoadError(RuntimeError):
    """What Neo4j holds after a load does not match what was written."""


@dataclass(frozen=True)
class GraphRecord:
    """The :Graph node of a loaded graph."""

    id: str
    game: str
    n: int
    status: str
    rule: str | None = None
    mode: str | None = None
    nodes: int | None = None
    relationships: int | None = None
    engine: str | None = None
    started_at: Any = None
    completed_at: Any = None
    summary: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_node(cls, props: dict[str, Any]) -> GraphRecord:
        summary = {k.removeprefix("stat_"): v for k, v in props.items() if k.startswith("stat_")}
        return cls(
            id=props["id"],
            game=props.get("game", "?"),
            n=int(props.get("n", 0)),
            status=props.get("status", "unknown"),
            rule=props.get("rule"),
            mode=props.get("mode"),
            nodes=props.get("nodes"),
            relationships=props.get("relationships"),
            engine=props.get("engine"),
            started_at=props.get("started_at"),
            completed_at=props.get("completed_at"),
            summary=summary,
        )

    @property
    def complete(self) -> bool:
        return self.status == "complete"


@dataclass
class LoadReport:
    """What one load did, stage by stage."""

    spec: GraphSpec
    skipped: bool = False
    repaired: bool = False  #: an incomplete or outdated copy was removed first
    nodes: int = 0
    relationships: int = 0
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def total_seconds(self) -> float:
        return sum(self.seconds.values())


def _queries() -> dict[str, NamedQuery]:
    global _QUERIES
    if _QUERIES is None:
        _QUERIES = load_queries("gamegraph.loader")
    return _QUERIES


_QUERIES: dict[str, NamedQuery] | None = None


def _q(name: str) -> str:
    return _queries()[name].cypher


def ensure_schema(runner: QueryRunner) -> None:
    """Create every constraint and index of the model (no-op when they exist)."""
    for name, query in _queries().items():
        if name.startswith("schema_"):
            runner.write(query.cypher)
    runner.write("CALL db.awaitIndexes(300)")


def get_graph(runner: QueryRunner, graph_id: str) -> GraphRecord | None:
    rows = runner.run(_q("graph_get"), {"id": graph_id})
    return GraphRecord.from_node(rows[0]["graph"]) if rows else None


def list_graphs(runner: QueryRunner) -> list[GraphRecord]:
    """Every :Graph record, complete or not."""
    return [GraphRecord.from_node(row["graph"]) for row in runner.run(_q("loaded_graphs"))]


def is_current(record: GraphRecord | None, spec: GraphSpec) -> bool:
    return (
        record is not None
        and record.complete
        and record.engine == ENGINE_VERSION
        and (spec.game != "floridian" or record.mode == spec.mode)
    )


def load_tables(
    runner: QueryRunner,
    tables: GraphTables,
    *,
    replace: bool = False,
    progress: Progress | None = None,
) -> LoadReport:
    """Write one graph's tables into Neo4j (see the module docstring for the stages)."""
    spec = tables.spec
    report = LoadReport(spec)
    tick = _Clock(report)
    ensure_schema(runner)
    tick("schema")
    existing = get_graph(runner, spec.id)
    if existing is not None and is_current(existing, spec) and not replace:
        report.skipped = True
        report.nodes = existing.nodes or 0
        report.relationships = existing.relationships or 0
        tick("check")
        return report
    report.repaired = existing is not None and not existing.complete
    # also without a record: nodes left by hand (or by another tool) would break the
    # uniqueness constraints; when there are none this is one query that deletes nothing
    _delete_data(runner, spec, progress)
    if spec.game == "lifting":
        # Q of one rule is one graph: a load for another n_max replaces it (its nodes, all
        # of this rule, went just above; only its record is left)
        for other in list_graphs(runner):
            if other.game == "lifting" and other.rule == spec.rule and other.id != spec.id:
                runner.write(_q("graph_forget"), {"id": other.id})
    runner.write(_q("graph_begin"), {"id": spec.id, "props": _graph_props(spec)})
    tick("check")
    ids: dict[str, list[str]] = {}
    for table in tables.nodes:
        ids[table.label] = _create_nodes(runner, table, progress)
    tick("nodes")
    for rel in tables.rels:
        _create_relationships(runner, rel, ids, progress)
    tick("relationships")
    del ids
    counts = _verify(runner, tables)
    if spec.game in ("floridian", "lifting"):
        link_four_cycles(runner, spec)
    props = {
        "nodes": counts["nodes"],
        "relationships": sum(v for k, v in counts.items() if k != "nodes"),
        **{f"stat_{k}": storable(v) for k, v in tables.summary.items()},
    }
    runner.write(_q("graph_complete"), {"id": spec.id, "props": props})
    report.nodes, report.relationships = props["nodes"], props["relationships"]
    tick("verify")
    return report


def drop_graph(runner: QueryRunner, spec: GraphSpec, progress: Progress | None = None) -> bool:
    """Remove a graph's nodes, relationships and :Graph record; False if nothing was there."""
    existing = get_graph(runner, spec.id)
    deleted = _delete_data(runner, spec, progress)
    if existing is not None:
        runner.write(_q("graph_forget"), {"id": spec.id})
    return existing is not None or deleted > 0


def link_four_cycles(runner: QueryRunner, spec: GraphSpec) -> int:
    """VISITS from Q's 4-cycle nodes to their positions in G_n, for every n holding both."""
    ns = range(1, spec.n + 1) if spec.game == "lifting" else [spec.n]
    loaded = {
        g.n for g in list_graphs(runner) if g.game == "floridian" and (g.complete or g.n == spec.n)
    }
    linked = 0
    for n in ns:
        if n in loaded:
            linked += runner.write(_q("link_four_cycles"), {"n": n}).relationships_created
    return linked


# --------------------------------------------------------------------------- stages


def _graph_props(spec: GraphSpec) -> dict[str, Any]:
    props: dict[str, Any] = {"game": spec.game, "n": spec.n, "engine": ENGINE_VERSION}
    if spec.game == "floridian":
        props["mode"] = spec.mode
    if spec.rule is not None:
        props["rule"] = spec.rule
    return props


def storable(value: Any) -> Any:
    """Neo4j properties hold scalars and homogeneous lists; maps become 'k: v' strings."""
    if isinstance(value, dict):
        return [f"{k}: {v}" for k, v in value.items()]
    return value


def _batches(
    runner: QueryRunner,
    query: str,
    batches: Iterator[tuple[dict[str, Any], int]],
    *,
    returning: bool = False,
    on_done: Callable[[int], None] | None = None,
) -> list[list[Row]]:
    """Run ``query`` once per parameter set, WRITERS transactions at a time, in order.

    ``batches`` yields (params, rows in the batch). A few batches are prepared ahead and no
    more, so memory stays bounded. Results (for ``returning``) come back in batch order.
    Concurrent writers that touch the same node may deadlock; the driver retries such
    transient errors (managed transactions), which is why every batch is safe to repeat
    only as a whole: it creates, it never merges.
    """
    results: list[list[Row]] = []
    done = 0

    def run(params: dict[str, Any]) -> list[Row]:
        if returning:
            return runner.write_returning(query, params)
        runner.write(query, params)
        return []

    with ThreadPoolExecutor(max_workers=WRITERS) as pool:
        pending: deque[tuple[Future[list[Row]], int]] = deque()
        for params, size in batches:
            pending.append((pool.submit(run, params), size))
            if len(pending) > 2 * WRITERS:
                future, count = pending.popleft()
                results.append(future.result())
                done += count
                if on_done:
                    on_done(done)
        while pending:
            future, count = pending.popleft()
            results.append(future.result())
            done += count
            if on_done:
                on_done(done)
    return results


def _create_nodes(runner: QueryRunner, table: NodeTable, progress: Progress | None) -> list[str]:
    """Positional rows in batches; each batch returns its element ids as one list."""
    total = len(table)

    def batches() -> Iterator[tuple[dict[str, Any], int]]:
        for start in range(0, total, NODE_BATCH):
            rows = table.rows(start, start + NODE_BATCH)
            yield {"rows": rows}, len(rows)

    results = _batches(
        runner,
        _q(f"create_{table.label.lower()}"),
        batches(),
        returning=True,
        on_done=lambda done: progress(f"{table.label} nodes", done, total) if progress else None,
    )
    ids = [element_id for result in results for element_id in result[0]["ids"]]
    if len(ids) != total:
        raise IncompleteLoadError(f"created {len(ids)} {table.label} nodes, expected {total}")
    return ids


def _create_relationships(
    runner: QueryRunner, rel: RelTable, ids: dict[str, list[str]], progress: Progress | None
) -> None:
    starts, ends = ids[rel.source], ids[rel.target]
    total = len(rel)
    stage = f"{rel.type} relationships"

    def report(done: int) -> None:
        if progress:
            progress(stage, done, total)

    if rel.properties:
        names = list(rel.properties)

        def prop_batches() -> Iterator[tuple[dict[str, Any], int]]:
            for start in range(0, total, NODE_BATCH):
                stop = min(total, start + NODE_BATCH)
                rows = [
                    {
                        "start": starts[int(rel.start[i])],
                        "end": ends[int(rel.end[i])],
                        "props": _clean({name: rel.properties[name][i] for name in names}),
                    }
                    for i in range(start, stop)
                ]
                yield {"type": rel.type, "rows": rows}, stop - start

        _batches(runner, _q("create_relationships_with_properties"), prop_batches(), on_done=report)
        return
    # one row per distinct node on the side with fewer of them: fewer lookups by id
    by_end = np.unique(rel.end).shape[0] < np.unique(rel.start).shape[0]
    key, other = (rel.end, rel.start) if by_end else (rel.start, rel.end)
    key_ids, other_ids = (ends, starts) if by_end else (starts, ends)
    order = np.argsort(key, kind="stable")
    k_sorted, o_sorted = key[order], other[order]
    cut = np.flatnonzero(np.diff(k_sorted)) + 1
    bounds = [0, *cut.tolist(), total]
    groups = len(bounds) - 1
    k_list, o_list = k_sorted.tolist(), o_sorted.tolist()

    bounds_array = np.asarray(bounds)

    def grouped_batches() -> Iterator[tuple[dict[str, Any], int]]:
        g0 = 0
        while g0 < groups:
            # whole groups, about NODE_BATCH relationships per batch
            g1 = int(np.searchsorted(bounds_array, bounds[g0] + NODE_BATCH, side="right"))
            g1 = min(groups, max(g1 - 1, g0 + 1))
            rows: list[list[Any]] = [
                [
                    key_ids[k_list[bounds[g]]],
                    [other_ids[o] for o in o_list[bounds[g] : bounds[g + 1]]],
                ]
                for g in range(g0, g1)
            ]
            yield {"type": rel.type, "rows": rows}, bounds[g1] - bounds[g0]
            g0 = g1

    query = _q("create_relationships_by_end" if by_end else "create_relationships")
    _batches(runner, query, grouped_batches(), on_done=report)


def _clean(row: dict[str, Any]) -> dict[str, Any]:
    """Drop None values: Neo4j does not store null properties."""
    return {k: v for k, v in row.items() if v is not None}


def _verify(runner: QueryRunner, tables: GraphTables) -> dict[str, int]:
    spec = tables.spec
    if spec.game == "bulgarian":
        row = runner.run(_q("count_bulgarian"), {"n": spec.n})[0]
    elif spec.game == "floridian":
        row = runner.run(_q("count_floridian"), {"n": spec.n})[0]
    else:
        row = runner.run(_q("count_lifting"), {"rule": spec.rule})[0]
    expected = {"nodes": tables.node_count} | {rel.type: len(rel) for rel in tables.rels}
    found = {key: int(row.get(key) or 0) for key in expected}
    if found != expected:
        raise IncompleteLoadError(
            f"{spec.describe()}: Neo4j holds {found}, the engine produced {expected}"
        )
    return found


def _delete_data(runner: QueryRunner, spec: GraphSpec, progress: Progress | None) -> int:
    steps: list[tuple[str, dict[str, Any]]]
    if spec.game == "bulgarian":
        steps = [("delete_bulgarian", {"n": spec.n})]
    elif spec.game == "floridian":
        steps = [("delete_omega", {"n": spec.n}), ("delete_alpha", {"n": spec.n})]
    else:
        steps = [("delete_four_cycles", {"rule": spec.rule})]
    deleted = 0
    for name, params in steps:
        while True:
            counters = runner.write(_q(name), {**params, "limit": DELETE_BATCH})
            deleted += counters.nodes_deleted
            if progress:
                progress(f"deleting {spec.describe()}", deleted, deleted)
            if counters.nodes_deleted < DELETE_BATCH:
                break
    return deleted


class _Clock:
    def __init__(self, report: LoadReport) -> None:
        self.report = report
        self.last = time.perf_counter()

    def __call__(self, stage: str) -> None:
        now = time.perf_counter()
        self.report.seconds[stage] = self.report.seconds.get(stage, 0.0) + now - self.last
        self.last = now
