"""A graph's data deleted by several fenced workers at once (gamegraph/loader/claim.py:
delete_graph_data), against a recording fake that deletes from a set of node indices as the
named query graph_delete_nodes does: each worker deletes only its own part of the nodes, on
its own stripe of the fence, and one last pass takes whatever no part held."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import pytest
from fake_runner import CollectingQueryRunner

from gamegraph.db.catalog import FENCE_STRIPES, Lease
from gamegraph.db.query_files import cypher
from gamegraph.db.runner import Params, WriteCounters
from gamegraph.games import get_game
from gamegraph.loader.claim import DELETE_BATCH, DELETE_WORKERS, delete_graph_data

FENCE = {"slot": "bulgarian:30", "owner": "host:1:abc"}


@dataclass
class _Store(CollectingQueryRunner):
    """Answers graph_delete_nodes from ``idx`` (None: a node without one), as Neo4j does."""

    idx: list[int | None] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def write(self, query: str, params: Params | None = None) -> WriteCounters:
        super().write(query, params)
        assert query == cypher("graph_delete_nodes")
        p = dict(params or {})
        with self.lock:
            mine = [
                i
                for i, v in enumerate(self.idx)
                if v != -1 and (p["parts"] == 1 or (v is not None and v % p["parts"] == p["part"]))
            ][: p["limit"]]
            for i in mine:
                self.idx[i] = -1
        return WriteCounters(nodes_deleted=len(mine))


def test_two_workers_delete_every_node_each_its_own_part_on_its_own_stripe() -> None:
    nodes = 3 * DELETE_BATCH + 7
    store = _Store(idx=[*range(nodes), None, None])
    deleted = delete_graph_data(store, "bulgarian:30", FENCE, "deleting", workers=2)
    assert deleted == nodes + 2
    assert all(v == -1 for v in store.idx)
    calls = [q.params for q in store.writes]
    assert all(c["graph"] == "bulgarian:30" and c["owner"] == FENCE["owner"] for c in calls)
    assert all(c["limit"] == DELETE_BATCH for c in calls)
    parted = [c for c in calls if c["parts"] == 2]
    assert {c["part"] for c in parted} == {0, 1}
    assert all(c["stripe"] == c["part"] < FENCE_STRIPES for c in parted)
    # the last pass, after both parts ended, takes the nodes without an idx
    assert calls[-1]["parts"] == 1 and calls[-1]["stripe"] == 0


def test_progress_counts_the_nodes_of_all_workers_together() -> None:
    store = _Store(idx=list(range(2 * DELETE_BATCH + 1)))
    seen: list[int] = []
    delete_graph_data(
        store,
        "bulgarian:30",
        FENCE,
        "deleting B_30",
        lambda stage, done, total: seen.append(done),
        workers=2,
    )
    assert seen == sorted(seen) and seen[-1] == 2 * DELETE_BATCH + 1


def test_one_worker_deletes_in_one_loop_over_all_the_nodes() -> None:
    store = _Store(idx=list(range(DELETE_BATCH + 1)))
    assert delete_graph_data(store, "bulgarian:30", FENCE, "deleting", workers=1) == (
        DELETE_BATCH + 1
    )
    assert all(q.params["parts"] == 1 for q in store.writes)


def test_a_fenced_out_delete_deletes_nothing_and_ends() -> None:
    """A worker whose fence no longer matches (another load took the slot over) gets 0 back
    at its first batch and stops; so does the last pass."""
    store = CollectingQueryRunner()  # every write: nothing deleted
    assert delete_graph_data(store, "bulgarian:30", FENCE, "deleting", workers=2) == 0
    assert len(store.writes) == 3


def test_there_are_never_more_workers_than_stripes() -> None:
    assert 1 <= DELETE_WORKERS <= FENCE_STRIPES


@pytest.mark.parametrize("name", ["graph_claim", "graph_drop_claim"])
def test_a_claim_locks_every_stripe_a_delete_worker_may_hold(name: str) -> None:
    """The claim queries make (or lock) stripes 0..$stripes-1, and a lease passes them
    FENCE_STRIPES, so no worker's stripe escapes a takeover."""
    assert "UNWIND range(0, $stripes - 1) AS stripe" in cypher(name)
    runner = CollectingQueryRunner()
    runner.set_result(cypher(name), [{"busy": False, "owner": FENCE["owner"]}])
    lease = Lease(runner, get_game("bulgarian").create(n=30))
    try:
        assert (lease.try_claim({}) if name == "graph_claim" else lease.try_claim_drop()) is None
    finally:
        lease.stop_renewing()
    [sent] = [q.params for q in runner.writes if q.query == cypher(name)]
    assert sent["stripes"] == FENCE_STRIPES
