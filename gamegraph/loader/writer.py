"""Materialize game graphs into Neo4j: idempotent, verified, one load per graph at a time.

:func:`run_load` writes the schema once, then for each planned graph:

1. ``check``: one read of its :Graph record (:func:`gamegraph.db.catalog.state_of`); a graph
   already complete, built by this engine version with the same parameters, is kept;
2. ``claim``: a lease on the record (:class:`gamegraph.db.catalog.Lease`); if another
   process is loading the same graph, this one waits for it, then keeps what it loaded;
3. ``engine``: the game builds the graph and its tables (:meth:`Game.tables`);
4. anything already under its id, or under another graph of its slot, is deleted;
5. ``nodes``: ``UNWIND`` batches of parallel columns, each a managed write transaction
   creating the nodes with their flag labels and returning their element ids;
6. ``relationships``: batches grouped by start (or end) node, matched by element id. Every
   batch of 5 and 6 is fenced by the claim: it writes only while this load still holds the
   graph's lease, and a batch that comes back short stops the load (a load stalled past its
   lease, whose graph another load took over, writes nothing more);
7. ``verify``: counts read back from Neo4j must equal the tables'; the game's after-load
   links run; only then is the record marked ``complete``. A load that dies after it began
   to change the graph's data leaves ``loading``, which `gamegraph graphs` reports as
   incomplete and the next load repairs; one that dies before (in the engine) leaves the
   record as it found it. The claim, the completion and the release are
   :class:`gamegraph.loader.claim.GraphClaim`'s, shared with the bulk route.
"""

from __future__ import annotations

import itertools
import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gamegraph.db.catalog import (
    GraphRecord,
    GraphState,
    Held,
    Lease,
    describe_owner,
    get_graph,
    list_graphs,
    state_of,
)
from gamegraph.db.query_files import cypher
from gamegraph.db.runner import QueryRunner, Row
from gamegraph.errors import (
    ConstraintViolation,
    InputError,
    LoadConflictError,
)
from gamegraph.games.base import Game, Progress
from gamegraph.games.model import GRAPH_NODE, GraphTables, NodeTable, RelTable
from gamegraph.games.registry import parse_graph_id
from gamegraph.loader.claim import GraphClaim, Stopwatch, delete_in_batches
from gamegraph.loader.element_ids import ElementIds
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.readback import read_back
from gamegraph.loader.schema import ensure_schema

__all__ = [
    "LoadReport",
    "LoadSummary",
    "create_nodes_parameters",
    "create_nodes_statement",
    "drop_graph",
    "load_tables",
    "run_load",
]

NODE_BATCH = int(os.environ.get("GAMEGRAPH_LOAD_BATCH", "5000"))
"""Nodes, or relationships, per batch (one managed transaction each). 5,000 with two writers
loaded n = 60 fastest here (benchmarks/loader.py; 20,000 was 30% slower). The env var serves
tests and tuning."""
WRITERS = int(os.environ.get("GAMEGRAPH_LOAD_WRITERS", "2"))
"""Write transactions in flight at once: Neo4j overlaps one's commit with another's work."""


@dataclass
class LoadReport:
    """What one load did, stage by stage."""

    game: Game[Any]
    skipped: bool = False
    repaired: bool = False  #: an incomplete or outdated copy was removed first
    waited: bool = False  #: another process was loading it; this one waited
    replaced: list[str] = field(default_factory=list)
    """The complete graphs of its slot this load removed (a slot holds one graph: Q for
    another n), by id."""
    nodes: int = 0
    relationships: int = 0
    seconds: dict[str, float] = field(default_factory=dict)


@dataclass
class LoadSummary:
    """What one :meth:`gamegraph.api.Database.load` did: a :class:`LoadReport` per graph (its
    iteration yields them) and, for a bulk load, its stages in seconds, the graphs of the
    catalog it rebuilt (``kept``), the graphs of games not known now that it copied from the
    old store as they were (``carried``) and the rows it imported."""

    reports: list[LoadReport]
    route: str = "online"
    seconds: dict[str, float] = field(default_factory=dict)
    kept: list[str] = field(default_factory=list)
    carried: list[str] = field(default_factory=list)
    rows: int = 0

    def __iter__(self) -> Iterator[LoadReport]:
        return iter(self.reports)

    def __len__(self) -> int:
        return len(self.reports)

    def __getitem__(self, index: int) -> LoadReport:
        return self.reports[index]


def create_nodes_statement(table: NodeTable) -> str:
    """``UNWIND`` over a batch of the table's columns, sent as parallel lists (one per column,
    ``$columns[k]``, and the nodes' flag labels, ``$labels``), ``CREATE`` with a literal map
    of the columns: the only Cypher the loader makes. Its names are the model's checked
    identifiers, every value still arrives as a parameter, and the claim's fence comes first
    as in write.cypher. Parallel lists cost the driver less than a list per node, and the
    server no more (benchmarks/node_write.py)."""
    props = ", ".join(f"{name}: $columns[{k}][i]" for k, name in enumerate(table.columns))
    return (
        "MATCH (:GraphSlot {slot: $slot, lease_owner: $owner})\n"  # the fence: write.cypher
        "UNWIND range(0, $count - 1) AS i\n"
        f"CREATE (p:{GRAPH_NODE}:{table.label} {{graph: $graph, {props}}})\n"
        + ("SET p:$($labels[i])\n" if table.flags else "")
        + "RETURN collect(elementId(p)) AS ids"
    )


def create_nodes_parameters(table: NodeTable, start: int, stop: int) -> dict[str, Any]:
    """The parameters of :func:`create_nodes_statement` for the table's rows start..stop-1
    (all but the graph id and the fence)."""
    stop = min(stop, len(table))
    params: dict[str, Any] = {
        "columns": [table.column(name, start, stop) for name in table.columns],
        "count": stop - start,
    }
    if table.flags:
        params["labels"] = table.labels(start, stop)
    return params


def run_load(
    runner: QueryRunner,
    planned: Sequence[PlannedGraph],
    *,
    replace: bool = False,
    progress: Progress | None = None,
    on_wait: Callable[[str], None] = lambda message: None,
) -> LoadSummary:
    """Build and write every planned graph (see the module docstring), the schema once."""
    ensure_schema(runner)
    return LoadSummary(
        [
            _load_one(runner, graph, replace=replace, progress=progress, on_wait=on_wait)
            for graph in planned
        ]
    )


def _load_one(
    runner: QueryRunner,
    planned: PlannedGraph,
    *,
    replace: bool,
    progress: Progress | None,
    on_wait: Callable[[str], None],
) -> LoadReport:
    game = planned.game
    report = LoadReport(game)
    tick = Stopwatch(report.seconds)
    claim = GraphClaim(runner, game)
    while True:
        state, record = state_of(runner, game)
        if state is GraphState.CURRENT and not replace and record is not None:
            report.skipped = True
            report.nodes = record.nodes or 0
            report.relationships = record.relationships or 0
            tick("check")
            return report
        claim.before = record
        if claim.try_claim() is None:
            break
        report.waited = True
        claim.lease.wait_while_busy(on_wait)
        replace = False  # what the other load wrote is as good as what this one would
    report.repaired = state in (GraphState.INCOMPLETE, GraphState.STALE)
    tick("check")
    with claim:
        tables = game.tables(planned.build(progress))
        tick("engine")
        _write(claim, tables, report, tick, progress)
    return report


def load_tables(
    runner: QueryRunner, tables: GraphTables, *, progress: Progress | None = None
) -> LoadReport:
    """Write tables built elsewhere (tests, benchmarks), claiming the graph like a load."""
    ensure_schema(runner)
    game = tables.game
    assert isinstance(game, Game), "tables of a game"
    report = LoadReport(game)
    claim = GraphClaim(runner, game, get_graph(runner, game.id)).claim()
    with claim:
        _write(claim, tables, report, Stopwatch(report.seconds), progress)
    return report


def _write(
    claim: GraphClaim,
    tables: GraphTables,
    report: LoadReport,
    tick: Stopwatch,
    progress: Progress | None,
    *,
    clear_unowned: bool = True,
) -> None:
    """Write the graph's data, check it and record it as complete. If nodes that belong to
    no graph (an older gamegraph's, or written by hand) collide with the new ones, delete
    them and write again, once (``clear_unowned``)."""
    try:
        runner, game = claim.runner, claim.game
        fence = claim.fence()
        claim.touch()
        _delete_data(runner, game.id, game.describe(), progress, fence)
        for other in list_graphs(runner):
            if other.slot == game.slot and other.id != game.id:
                _delete_data(runner, other.id, other.id, progress, fence)
                runner.write(cypher("graph_forget_fenced"), {"id": other.id, **fence})
                if other.complete:
                    report.replaced.append(other.id)
        tick("delete")
        ids: dict[str, ElementIds] = {}
        for table in tables.nodes:
            ids[table.label] = _create_nodes(claim, table, progress)
        tick("nodes")
        for rel in tables.rels:
            _create_relationships(claim, rel, ids, progress)
        tick("relationships")
        del ids
        expected = tables.expected_counts()
        counts, fingerprint = read_back(runner, game, expected, tables.fingerprint())
        for name, params in game.after_load():
            runner.write(cypher(name), params)
        report.nodes, report.relationships = claim.complete(counts, tables.summary, fingerprint)
        tick("verify")
    except ConstraintViolation:
        if not clear_unowned:
            raise
        for table in tables.nodes:
            delete_in_batches(
                claim.runner,
                "delete_unowned",
                {"label": table.label, **claim.fence()},
                f"deleting {table.label} nodes of no graph",
                progress,
            )
        _write(claim, tables, report, tick, progress, clear_unowned=False)


def drop_graph(runner: QueryRunner, graph_id: str, progress: Progress | None = None) -> bool:
    """Remove a graph's nodes, relationships and :Graph record; False if nothing was there.

    A drop holds the graph's slot as a load does (LoadConflictError, naming the process, if
    a live load or drop holds it), and its record says ``dropping`` before the first node
    goes, so a graph being dropped is never taken for a complete one (queries and verify
    refuse it; `gamegraph graphs` shows it). Interrupted, it leaves the record incomplete:
    a drop again finishes it, a load repairs it. A graph whose game is not known now (a
    notebook's, a file's not named) is held by its record's slot in the same way, so a
    drop of it never runs beside a bulk load's swap or a load of that game elsewhere."""
    existing = get_graph(runner, graph_id)
    game = existing.loaded_game() if existing is not None else _game_of(graph_id)
    held: Held
    if game is not None:
        held = game
    elif existing is not None:  # a graph of a game not known now: held by its record's slot
        held = existing
    else:  # nodes of a game not known now, with no record: its slot is its id
        held = GraphRecord(graph_id, graph_id.partition(":")[0], 0, "", slot=graph_id)
    lease = Lease(runner, held)
    holder = lease.try_claim_drop()
    if holder is not None:
        doing = "dropped" if existing is not None and existing.status == "dropping" else "loaded"
        raise LoadConflictError(
            f"{graph_id} is being {doing} by {describe_owner(holder)}: wait for it to end, "
            "then drop it"
        )
    try:
        deleted = _delete_data(runner, graph_id, graph_id, progress, lease.fence())
    except BaseException:
        lease.release()
        raise
    if not lease.finish_drop():
        raise LoadConflictError(
            f"{graph_id}: this drop lost its claim on the graph (its lease ran out, "
            f"{lease.seconds} s without renewal, and a load took the graph over), so it "
            "stopped deleting: see `gamegraph graphs`, and drop it again if you still want it gone"
        )
    return existing is not None or deleted > 0


def _game_of(graph_id: str) -> Game[Any] | None:
    """The game of a graph id with no record (its nodes may still be there), if known."""
    try:
        return parse_graph_id(graph_id)
    except InputError:
        return None


# --------------------------------------------------------------------------- stages


def _batches(
    claim: GraphClaim,
    query: str,
    batches: Iterator[tuple[dict[str, Any], int]],
    stage: str,
    total: int,
    progress: Progress | None,
    *,
    returning: ElementIds | None = None,
) -> None:
    """Run ``query`` once per parameter set, WRITERS transactions at a time, in order.

    ``batches`` yields (params, rows in the batch), ``total`` rows in all (the ``progress``
    of ``stage``). A few batches are prepared ahead and no more, so memory stays bounded.
    With ``returning``, each batch returns its nodes' element ids as one list, appended to
    it in batch order. Every batch carries the claim's fence and must create all its rows
    (:meth:`GraphClaim.check_batch`), so a load that lost its claim stops at its first batch
    after the takeover. Concurrent writers that touch the same node may deadlock; the driver
    retries such transient errors (managed transactions), which is why every batch is safe
    to repeat only as a whole: it creates, it never merges.
    """
    done = 0
    runner, fence = claim.runner, claim.fence()

    def run(params: dict[str, Any], size: int) -> list[Row]:
        if returning is not None:
            rows = runner.write_returning(query, {**params, **fence})
            claim.check_batch(len(rows[0]["ids"]), size, "nodes")
            return rows
        counters = runner.write(query, {**params, **fence})
        claim.check_batch(counters.relationships_created, size, "relationships")
        return []

    pending: deque[tuple[Future[list[Row]], int]] = deque()

    def settle() -> None:
        nonlocal done
        future, count = pending.popleft()
        rows = future.result()
        if returning is not None:
            returning.extend(rows[0]["ids"])
        done += count
        if progress:
            progress(stage, done, total)

    with ThreadPoolExecutor(max_workers=WRITERS) as pool:
        for params, size in batches:
            pending.append((pool.submit(run, params, size), size))
            if len(pending) > 2 * WRITERS:
                settle()
        while pending:
            settle()


def _create_nodes(claim: GraphClaim, table: NodeTable, progress: Progress | None) -> ElementIds:
    """The table in batches of parallel columns; the nodes' element ids, in row order."""
    total = len(table)

    def batches() -> Iterator[tuple[dict[str, Any], int]]:
        for start in range(0, total, NODE_BATCH):
            params = create_nodes_parameters(table, start, start + NODE_BATCH)
            yield {**params, "graph": claim.game.id}, params["count"]

    statement = create_nodes_statement(table)
    stage = f"{table.label} nodes"
    ids = ElementIds(total)
    _batches(claim, statement, batches(), stage, total, progress, returning=ids)
    return ids


def _create_relationships(
    claim: GraphClaim, rel: RelTable, ids: dict[str, ElementIds], progress: Progress | None
) -> None:
    total = len(rel)
    if total == 0:
        return
    starts, ends = ids[rel.source], ids[rel.target]
    stage = f"{rel.type} relationships"
    if rel.properties:
        names = list(rel.properties)

        def prop_batches() -> Iterator[tuple[dict[str, Any], int]]:
            for start in range(0, total, NODE_BATCH):
                stop = min(total, start + NODE_BATCH)
                values = zip(*(rel.property(name, start, stop) for name in names), strict=True)
                batch = {
                    "type": rel.type,
                    "starts": starts.take(rel.start[start:stop]),
                    "ends": ends.take(rel.end[start:stop]),
                    "props": [  # without None values: Neo4j does not store null properties
                        {k: v for k, v in zip(names, row, strict=True) if v is not None}
                        for row in values
                    ],
                }
                yield batch, stop - start

        query = cypher("create_relationships_with_properties")
        _batches(claim, query, prop_batches(), stage, total, progress)
        return
    # one row per distinct node on the side with fewer of them: fewer lookups by id
    by_end = _distinct(rel.end, len(ends)) < _distinct(rel.start, len(starts))
    key, other = (rel.end, rel.start) if by_end else (rel.start, rel.end)
    key_ids, other_ids = (ends, starts) if by_end else (starts, ends)
    order = np.argsort(key, kind="stable")  # the relationships by key: a batch is a range
    k_sorted = key[order]
    bounds = np.concatenate(([0], np.flatnonzero(k_sorted[1:] != k_sorted[:-1]) + 1, [total]))
    del k_sorted
    groups = len(bounds) - 1

    def grouped_batches() -> Iterator[tuple[dict[str, Any], int]]:
        g0 = 0
        while g0 < groups:
            # whole groups, about NODE_BATCH relationships per batch, made Python values a
            # batch at a time (all at once they held 80 bytes a move: CRIM_50's 13 million)
            g1 = int(np.searchsorted(bounds, bounds[g0] + NODE_BATCH, side="right"))
            g1 = min(groups, max(g1 - 1, g0 + 1))
            lo, hi = int(bounds[g0]), int(bounds[g1])
            others = other_ids.take(other[order[lo:hi]])
            cuts = (bounds[g0 : g1 + 1] - lo).tolist()
            batch = {
                "type": rel.type,
                "keys": key_ids.take(key[order[bounds[g0:g1]]]),
                "others": [others[a:b] for a, b in itertools.pairwise(cuts)],
            }
            yield batch, hi - lo
            g0 = g1

    query = cypher("create_relationships_by_end" if by_end else "create_relationships")
    _batches(claim, query, grouped_batches(), stage, total, progress)


def _distinct(rows: np.ndarray, size: int) -> int:
    """How many distinct rows of a table of ``size`` rows ``rows`` holds (a byte a row)."""
    seen = np.zeros(size, dtype=bool)
    seen[rows] = True
    return int(np.count_nonzero(seen))


def _delete_data(
    runner: QueryRunner,
    graph_id: str,
    name: str,
    progress: Progress | None,
    fence: dict[str, str],
) -> int:
    """Delete a graph's data under ``fence`` (a claim's or a drop's lease: see
    graph_delete_nodes)."""
    return delete_in_batches(
        runner, "graph_delete_nodes", {"graph": graph_id, **fence}, f"deleting {name}", progress
    )
