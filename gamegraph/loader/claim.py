"""The load protocol, written once for the online and the bulk route: claim, write, complete.

A load holds a graph from its claim to its completion through one :class:`GraphClaim`, a
context manager around the catalog's :class:`~gamegraph.db.catalog.Lease`:

- :meth:`GraphClaim.try_claim` takes the lease on the graph's slot and writes the :Graph
  record as ``loading`` (or names the live load that holds it);
- inside ``with claim:``, the load builds the graph; :meth:`GraphClaim.touch` says that it
  is about to change the graph's data in Neo4j (delete, write); every write batch carries
  :meth:`GraphClaim.fence`, so it writes nothing once another load has taken the graph
  over (a stale load, stalled past its lease, stops at its next batch); and
  :meth:`GraphClaim.complete` (the one function that completes a graph) records the verified
  counts and the summary, which ends the lease;
- if the block fails, the lease ends at once. A load that had touched the data leaves the
  record ``loading`` (the next load repairs it); one that had not (a build that failed, an
  unreachable Dask scheduler, an import that never happened) puts the record back as it
  was, or removes it if there was none, so a failed attempt leaves no ``incomplete`` graph.

Also here, shared by both routes: :class:`Stopwatch` (the seconds of each stage) and
:func:`delete_in_batches` (the one delete loop).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from types import TracebackType
from typing import Any, Self

from gamegraph.db.catalog import GraphRecord, Lease
from gamegraph.db.query_files import cypher
from gamegraph.db.runner import QueryRunner
from gamegraph.errors import IncompleteLoadError
from gamegraph.games.base import Game, Progress
from gamegraph.games.checks import storable

__all__ = [
    "DELETE_BATCH",
    "DELETE_RELATIONSHIPS",
    "GraphClaim",
    "Stopwatch",
    "delete_in_batches",
    "record_props",
]

DELETE_BATCH = 5_000
"""Nodes deleted per transaction, one transaction at a time (benchmarks/delete.py: 20,000 a
transaction cost the server more per node, and two at once, on two halves of a graph, no
less time: Neo4j spent about one core's worth on both, and retried their deadlocks)."""

DELETE_RELATIONSHIPS = 20_000
"""Relationships deleted per transaction at most: what bounds a delete's transaction memory
(the local server allows 1 GiB a transaction). 5,000 nodes alone did not: C_20's first 5,000
nodes hold 461,451 relationships, and their DETACH DELETE went past the limit. A batch of
5,000 nodes of a functional graph has about 10,000, so this bound splits only batches of
nodes of large in-degree."""

LEASE_FIELDS = ("lease_owner", "lease_running")
"""Fields :class:`~gamegraph.db.catalog.GraphRecord` reads from the slot, not the record."""


def record_props(game: Game[Any]) -> dict[str, Any]:
    """What a load writes on the :Graph record when it claims the graph."""
    return {**game.record(), "engine": game.engine_version()}


class GraphClaim:
    """One load's hold on one graph, from claim to completion (see the module docstring).

    ``before`` is the graph's record as the load found it (None: there was none); it is what
    a failed load that never touched the data puts back.
    """

    def __init__(
        self, runner: QueryRunner, game: Game[Any], before: GraphRecord | None = None
    ) -> None:
        self.runner = runner
        self.game = game
        self.before = before
        self.lease = Lease(runner, game)
        self.claimed = False
        self.touched = False

    def try_claim(self) -> str | None:
        """Claim the graph; None on success, else the owner of the live lease holding it."""
        holder = self.lease.try_claim(record_props(self.game))
        self.claimed = holder is None
        return holder

    def claim(self) -> Self:
        """Claim the graph or fail at once (IncompleteLoadError) if another load holds it."""
        if self.try_claim() is not None:
            raise IncompleteLoadError(f"{self.game.id} is being loaded by another process")
        return self

    def touch(self) -> None:
        """The load is about to change the graph's data: from now on a failure leaves the
        record ``loading``, for the next load to repair."""
        self.touched = True

    def complete(
        self, counts: Mapping[str, int], summary: Mapping[str, Any], fingerprint: str
    ) -> tuple[int, int]:
        """Record the graph as complete with its verified ``counts`` (``nodes`` and one count
        per relationship type), its verified content ``fingerprint`` and the engine's
        ``summary`` (``stat_*``); this ends the lease. Returns (nodes, relationships)."""
        nodes = int(counts["nodes"])
        relationships = sum(int(v) for k, v in counts.items() if k != "nodes")
        props = {
            "nodes": nodes,
            "relationships": relationships,
            "fingerprint": fingerprint,
            **{f"stat_{k}": storable(v) for k, v in summary.items()},
        }
        done = self.runner.write_returning(
            cypher("graph_complete"),
            {"id": self.game.id, "props": props, "owner": self.lease.owner},
        )
        if not done:
            raise self._lost("it recorded nothing")
        return nodes, relationships

    def fence(self) -> dict[str, str]:
        """The parameters every write batch of this load carries (``$slot``, ``$owner``): a
        batch writes only while the slot's lease is still this load's."""
        return self.lease.fence()

    def check_batch(self, written: int, expected: int, what: str) -> None:
        """A write batch wrote ``written`` of its ``expected`` ``what``: fail unless all of
        them, saying whether the load lost its claim (a fenced batch writes nothing) or the
        batch met missing nodes."""
        if written == expected:
            return
        if self.lease.holder() != self.lease.owner:
            raise self._lost("it stopped writing")
        raise IncompleteLoadError(
            f"{self.game.describe()} [{self.game.id}]: a write batch created {written} "
            f"{what} of {expected}"
        )

    def _lost(self, consequence: str) -> IncompleteLoadError:
        return IncompleteLoadError(
            f"{self.game.describe()} [{self.game.id}]: this load lost its claim on the "
            f"graph (its lease ran out, {self.lease.seconds} s without renewal, and another "
            f"process took the graph over), so {consequence}: see `gamegraph graphs`, "
            "and load it again if it is not complete"
        )

    def __enter__(self) -> Self:
        if not self.claimed:
            raise RuntimeError(f"{self.game.id}: claim the graph before entering its claim")
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if error is None:
            self.lease.stop_renewing()
            return
        try:
            if not self.touched:
                self._put_back()
        finally:
            self.lease.release()

    def _put_back(self) -> None:
        """The record as it was before the claim (none if there was none), under the claim's
        lease: a load that took the graph over meanwhile keeps its record."""
        if self.before is None:
            self.runner.write(cypher("graph_forget_fenced"), {"id": self.game.id, **self.fence()})
            return
        props = {k: v for k, v in self.before.properties.items() if k not in LEASE_FIELDS}
        self.runner.write(
            cypher("graph_restore"), {"id": self.game.id, "props": props, **self.fence()}
        )


class Stopwatch:
    """Seconds per stage: each call closes the stage named, timed since the previous call
    (a stage named twice adds up)."""

    def __init__(self, seconds: dict[str, float] | None = None) -> None:
        self.seconds: dict[str, float] = {} if seconds is None else seconds
        self.last = time.perf_counter()

    def __call__(self, stage: str) -> None:
        now = time.perf_counter()
        self.seconds[stage] = self.seconds.get(stage, 0.0) + now - self.last
        self.last = now


def delete_in_batches(
    runner: QueryRunner,
    query: str,
    params: Mapping[str, Any],
    stage: str,
    progress: Progress | None = None,
) -> int:
    """Run a delete query until nothing is left; the number of nodes deleted.

    The query deletes, of up to ``$limit`` nodes, up to ``$rels`` of their relationships and
    then those of the nodes left with none. A batch that deleted fewer than ``$rels``
    relationships deleted all of its nodes; fewer than ``$limit`` of those as well, and
    they were the last."""
    deleted = 0
    batch = {**params, "limit": DELETE_BATCH, "rels": DELETE_RELATIONSHIPS}
    while True:
        counters = runner.write(cypher(query), batch)
        deleted += counters.nodes_deleted
        if progress and deleted:
            progress(stage, deleted, deleted)
        if (
            counters.nodes_deleted < DELETE_BATCH
            and counters.relationships_deleted < DELETE_RELATIONSHIPS
        ):
            return deleted
