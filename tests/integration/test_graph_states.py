"""What a partly loaded graph looks like (issue 22): `gamegraph graphs` tells a load in
progress (`loading`, its lease held by a live process) from an interrupted one (`incomplete`),
queries and `verify` refuse both, and the guard docs/browser.md gives for raw Cypher in
Browser hides the partial graph's nodes. Also: `verify X X` checks X once.

The load in progress is a real lease taken on G_8 (as a load takes it before writing), the
interrupted one that lease released (as a failed load releases it). Drops hold the same lease:
a drop leaves a graph a live load holds alone, a graph being dropped reads `dropping` (never
complete, though its nodes are still there), and a load whose lease was taken over completes
nothing and, taken over while it writes, writes nothing more."""

from __future__ import annotations

import json
import os
import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import gamegraph_cli
from neo4j import Driver
from neo4j_support import graphs_loaded

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import Lease, get_graph
from gamegraph.db.queries import run_named
from gamegraph.errors import GraphNotLoadedError, IncompleteLoadError, LoadConflictError
from gamegraph.games import get_game
from gamegraph.games.partitions import count_partitions
from gamegraph.loader import writer
from gamegraph.loader.claim import GraphClaim, record_props
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.verify import verify

BROWSER = Path(__file__).parents[2] / "docs" / "browser.md"
N = 8
GAME = get_game("floridian").create(n=N)


def _blocks(text: str) -> list[str]:
    return re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.DOTALL)


GUARDED = next(b for b in _blocks(BROWSER.read_text()) if b.startswith("MATCH (:Graph {id:"))
PER_NODE = re.search(
    r"`(MATCH \(a:Alpha \{n: \$n\}\) WHERE EXISTS .*?RETURN a\.key)`",
    " ".join(BROWSER.read_text().split()),
)


@pytest.fixture(scope="module")
def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
    with graphs_loaded(neo4j_driver, neo4j_settings, [GAME]) as runner:
        yield runner


def _state(graph_id: str) -> str:
    result = gamegraph_cli("graphs", "--json")
    assert result.exit_code == 0, result.output
    return str(next(g["state"] for g in json.loads(result.stdout) if g["id"] == graph_id))


def _recurrent(runner: Neo4jQueryRunner) -> int:
    rows = runner.run("MATCH (a:Alpha:Recurrent {n: $n}) RETURN count(a) AS c", {"n": N})
    return int(rows[0]["c"])


def test_the_graphs_table_of_the_docs_has_the_columns_graphs_prints(
    runner: Neo4jQueryRunner,
) -> None:
    printed = gamegraph_cli("graphs").stdout.splitlines()
    block = next(b for b in _blocks(BROWSER.read_text()) if "$ gamegraph graphs" in b)
    lines = block.splitlines()
    header = lines[lines.index("$ gamegraph graphs") + 1]
    assert header == printed[0]  # graph, state, nodes, relationships
    line = next(line for line in printed if line.startswith(GAME.id))
    assert line.split()[1] == "current" == _state(GAME.id)


def test_verify_of_one_graph_named_twice_checks_it_once(runner: Neo4jQueryRunner) -> None:
    once = verify(runner, graphs=[GAME])
    twice = verify(runner, graphs=[GAME, GAME])
    assert once.ok and twice.ok
    assert twice.graphs == [GAME.id]
    assert [c.name for c in twice.checks] == [c.name for c in once.checks]


def test_a_load_in_progress_and_an_interrupted_one_are_shown_apart_and_hidden_by_the_guard(
    runner: Neo4jQueryRunner,
) -> None:
    assert PER_NODE is not None
    recurrent = _recurrent(runner)
    assert recurrent > 0
    assert runner.run(GUARDED, {"n": N}) == [{"recurrent": recurrent}]
    lease = Lease(runner, GAME)
    assert lease.try_claim(record_props(GAME)) is None  # as a load does before it writes
    try:
        assert _state(GAME.id) == "loading"
        with pytest.raises(GraphNotLoadedError, match="still being loaded by process"):
            run_named(runner, "floridian_core_components", {"n": N})
        assert _recurrent(runner) == recurrent  # raw Cypher still sees the nodes ...
        assert runner.run(GUARDED, {"n": N}) == [{"recurrent": 0}]  # ... the guard does not
        assert runner.run(PER_NODE.group(1), {"n": N}) == []
        with pytest.raises(GraphNotLoadedError, match="no complete graph to verify"):
            verify(runner, graphs=[GAME])
    finally:
        lease.release()  # as a failed load releases it
    assert _state(GAME.id) == "incomplete"
    table = gamegraph_cli("graphs").stdout.splitlines()
    row = next(line for line in table if line.startswith(GAME.id))
    assert row.split(maxsplit=1)[1].startswith("incomplete (an interrupted load)  ")
    with pytest.raises(GraphNotLoadedError, match=r"is incomplete \(an interrupted load\)"):
        run_named(runner, "floridian_core_components", {"n": N})
    with pytest.raises(GraphNotLoadedError, match=r"floridian:8: incomplete \(an interrupted load"):
        verify(runner, graphs=[GAME])
    assert runner.run(GUARDED, {"n": N}) == [{"recurrent": 0}]
    # the next load repairs it, and the module's other tests find it complete in any order
    [report] = run_load(runner, [PlannedGraph(GAME, GAME.estimate())])
    assert report.repaired and _state(GAME.id) == "current"
    assert runner.run(GUARDED, {"n": N}) == [{"recurrent": recurrent}]


# --------------------------------------------------------------------------- drops


DROPPED = get_game("bulgarian").create(n=14)


def _nodes(runner: Neo4jQueryRunner, graph_id: str) -> int:
    rows = runner.run("MATCH (p:GraphNode {graph: $g}) RETURN count(p) AS c", {"g": graph_id})
    return int(rows[0]["c"])


@pytest.fixture
def dropped(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
    """DROPPED loaded afresh for one test (dropped again after it, if the test did not)."""
    with graphs_loaded(neo4j_driver, neo4j_settings, [DROPPED]) as runner:
        yield runner


def test_a_drop_leaves_a_graph_that_a_live_load_holds_untouched_and_names_the_load(
    dropped: Neo4jQueryRunner,
) -> None:
    nodes = _nodes(dropped, DROPPED.id)
    assert nodes == count_partitions(14) == 135
    load = Lease(dropped, DROPPED)
    assert load.try_claim(record_props(DROPPED)) is None  # a load is about to rewrite it
    try:
        with pytest.raises(LoadConflictError, match=r"bulgarian:14 is being loaded by process"):
            drop_graph(dropped, DROPPED.id)
        result = gamegraph_cli("drop", DROPPED.id)
        assert result.exit_code == 1
        assert result.stderr.startswith("error: bulgarian:14 is being loaded by process")
        assert len(result.stderr.splitlines()) == 1
        assert _nodes(dropped, DROPPED.id) == nodes  # nothing of it went
        assert _state(DROPPED.id) == "loading"
    finally:
        load.release()
    assert drop_graph(dropped, DROPPED.id)  # the load gone, the drop goes through
    assert _nodes(dropped, DROPPED.id) == 0 and get_graph(dropped, DROPPED.id) is None


def test_a_graph_being_dropped_is_never_taken_for_a_complete_one(
    dropped: Neo4jQueryRunner,
) -> None:
    drop = Lease(dropped, DROPPED)
    assert drop.try_claim_drop() is None  # as drop_graph does before the first node goes
    try:
        assert _nodes(dropped, DROPPED.id) == 135  # every node still there ...
        assert _state(DROPPED.id) == "dropping"  # ... and yet the graph is no longer complete
        with pytest.raises(GraphNotLoadedError, match="being dropped by process"):
            run_named(dropped, "bulgarian_cycles", {"n": 14})
        with pytest.raises(GraphNotLoadedError, match="no complete graph to verify"):
            verify(dropped, graphs=[DROPPED])
        load = Lease(dropped, DROPPED)
        assert load.try_claim(record_props(DROPPED)) == drop.owner  # a load waits for it
        with pytest.raises(LoadConflictError, match="bulgarian:14 is being dropped by process"):
            drop_graph(dropped, DROPPED.id)  # and so does a second drop
    finally:
        drop.release()  # as an interrupted drop leaves it
    assert _state(DROPPED.id) == "incomplete"
    with pytest.raises(GraphNotLoadedError, match=r"is incomplete \(an interrupted drop\)"):
        run_named(dropped, "bulgarian_cycles", {"n": 14})
    assert drop_graph(dropped, DROPPED.id)  # a drop again finishes it
    assert _nodes(dropped, DROPPED.id) == 0 and get_graph(dropped, DROPPED.id) is None


class _Interrupted(Exception):
    """The drop's process stopped after its first batch (a Ctrl-C)."""


def test_an_interrupted_drop_lists_no_counts_and_is_called_an_interrupted_drop(
    dropped: Neo4jQueryRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("gamegraph.loader.claim.DELETE_BATCH", 50)  # 135 nodes: 3 batches

    def stop(stage: str, done: int, of: int) -> None:
        raise _Interrupted(stage)

    with pytest.raises(_Interrupted):
        drop_graph(dropped, DROPPED.id, progress=stop)
    assert 0 < _nodes(dropped, DROPPED.id) < 135  # part of the graph went, part is left
    listed = gamegraph_cli("graphs", "--json")
    [record] = [g for g in json.loads(listed.stdout) if g["id"] == DROPPED.id]
    assert (record["status"], record["state"]) == ("dropping", "incomplete")
    assert record["nodes"] is None and record["relationships"] is None  # not the full graph's
    table = gamegraph_cli("graphs").stdout.splitlines()
    row = next(line for line in table if line.startswith(DROPPED.id))
    # it said `incomplete` alone, while verify and queries say what was interrupted
    assert row.split(maxsplit=1)[1].split("  ")[0] == "incomplete (an interrupted drop)"
    assert row.split()[-2:] == ["-", "-"]  # as an interrupted load shows
    assert row[table[0].index("nodes") + len("nodes") - 1] == "-"  # under its header
    said = r"bulgarian:14: incomplete \(an interrupted drop\)"
    with pytest.raises(GraphNotLoadedError, match=said):
        verify(dropped, graphs=[DROPPED])
    verified = gamegraph_cli("verify", DROPPED.id)
    assert verified.exit_code == 1 and re.search(said, verified.stderr), verified.output
    with pytest.raises(GraphNotLoadedError, match=r"B_14 is incomplete \(an interrupted drop\)"):
        run_named(dropped, "bulgarian_cycles", {"n": 14})
    assert drop_graph(dropped, DROPPED.id)  # a drop again finishes it
    assert _nodes(dropped, DROPPED.id) == 0 and get_graph(dropped, DROPPED.id) is None


def test_a_load_whose_lease_was_taken_over_completes_nothing(
    dropped: Neo4jQueryRunner,
) -> None:
    claim = GraphClaim(dropped, DROPPED, get_graph(dropped, DROPPED.id)).claim()
    try:
        # the lease runs out (a load stalled for longer than LEASE_SECONDS) ...
        dropped.write(
            "MATCH (s:GraphSlot {slot: $slot}) SET s.lease_until = datetime() - duration('PT1S')",
            {"slot": DROPPED.slot},
        )
        other = Lease(dropped, DROPPED)
        assert other.try_claim(record_props(DROPPED)) is None  # ... and another load takes over
        counts = {"nodes": 135, "BULGARIAN_MOVE": 135}
        with pytest.raises(IncompleteLoadError, match=r"bulgarian:14.*lost its claim"):
            claim.complete(counts, {}, "0000000000000000")
        record = get_graph(dropped, DROPPED.id)
        assert record is not None and record.status == "loading"
        assert record.lease_owner == other.owner  # the other load's claim stands
        other.release()
    finally:
        claim.lease.release()


def test_a_load_waiting_for_another_graph_of_its_slot_names_the_graph_held(
    runner: Neo4jQueryRunner,
) -> None:
    q50, q56 = (get_game("lifting").create(n=n, rule="paper") for n in (50, 56))
    assert q50.slot == q56.slot  # Q of every n_max shares one slot
    other = Lease(runner, q50)
    assert other.try_claim(record_props(q50)) is None  # a load of Q_50 holds the slot
    said: list[str] = []
    try:
        with pytest.raises(LoadConflictError, match="still holds its slot"):
            Lease(runner, q56).wait_while_busy(said.append, timeout=0, poll=0)
    finally:
        other.release()
        drop_graph(runner, q50.id)
    assert said == [
        f"lifting:paper:50 is being loaded by process {os.getpid()} on {socket.gethostname()}: "
        "waiting for it to finish before loading Q (paper rule, n <= 56) [lifting:paper:56] "
        "(graphs of one slot replace each other)"
    ]
    assert get_graph(runner, q50.id) is None


FENCED = get_game("bulgarian").create(n=20)  # 627 positions and moves: 13 batches of 50


def _written(runner: Neo4jQueryRunner, stage: str) -> int:
    if stage == "nodes":
        return _nodes(runner, FENCED.id)
    rows = runner.run(
        "MATCH (:GraphNode {graph: $g})-[r]->() RETURN count(r) AS c", {"g": FENCED.id}
    )
    return int(rows[0]["c"])


@pytest.mark.parametrize("stage", ["nodes", "relationships"])
def test_a_load_whose_graph_is_taken_over_while_it_writes_writes_nothing_more(
    runner: Neo4jQueryRunner, monkeypatch: pytest.MonkeyPatch, stage: str
) -> None:
    monkeypatch.setattr(writer, "NODE_BATCH", 50)
    total = count_partitions(FENCED.n)
    other = Lease(runner, FENCED)
    at_takeover: list[int] = []

    def progress(name: str, done: int, of: int) -> None:
        if name.endswith(f" {stage}") and not at_takeover:  # a first batch of the stage is in
            # the load stalls past its lease (as in the test above), another load takes over
            runner.write(
                "MATCH (s:GraphSlot {slot: $slot}) "
                "SET s.lease_until = datetime() - duration('PT1S')",
                {"slot": FENCED.slot},
            )
            assert other.try_claim(record_props(FENCED)) is None
            at_takeover.append(_written(runner, stage))

    try:
        with pytest.raises(IncompleteLoadError, match=r"bulgarian:20.*lost its claim.*stopped"):
            run_load(runner, [PlannedGraph(FENCED, FENCED.estimate())], progress=progress)
        [before] = at_takeover
        after = _written(runner, stage)
        # only the batches running at the takeover (WRITERS at once) may still have landed;
        # every batch begun after it wrote nothing, so the graph stays short
        assert before <= after <= before + writer.WRITERS * 2 * writer.NODE_BATCH
        assert after < total
        if stage == "nodes":
            assert _written(runner, "relationships") == 0
        record = get_graph(runner, FENCED.id)
        assert record is not None and record.status == "loading"
        assert record.lease_owner == other.owner  # the other load's claim stands
    finally:
        other.release()
        drop_graph(runner, FENCED.id)
    assert get_graph(runner, FENCED.id) is None and _nodes(runner, FENCED.id) == 0
