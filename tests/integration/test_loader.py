"""The loader against a real Neo4j: counts, idempotence, interrupted loads, drop, bad input."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import numpy as np
import pytest

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.games.bulgarian.engine import build_bulgarian
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.loader.jobs import plan, run_load
from gamegraph.loader.tables import GraphSpec
from gamegraph.loader.writer import drop_graph, get_graph

N = 24


def _cli(settings: Neo4jSettings, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gamegraph", *args],
        env=_env(settings, **env),
        capture_output=True,
        text=True,
        timeout=600,
    )


def _env(settings: Neo4jSettings, **extra: str) -> dict[str, str]:
    env = dict(os.environ, **extra)
    if settings.uri is not None:
        env["NEO4J_URI"] = settings.uri
    env["NEO4J_USER"], env["NEO4J_PASSWORD"] = settings.user, settings.password
    env["NEO4J_DATABASE"] = settings.database
    return env


def _count(runner: Neo4jQueryRunner, query: str, **params: object) -> int:
    return int(runner.run(query, params)[0]["c"])


def _drop_all(runner: Neo4jQueryRunner, n: int) -> None:
    for spec in (GraphSpec("bulgarian", n), GraphSpec("floridian", n)):
        drop_graph(runner, spec)
    for rule in ("paper", "band"):
        drop_graph(runner, GraphSpec("lifting", n, rule=rule))


@pytest.fixture
def loaded(runner: Neo4jQueryRunner) -> Iterator[Neo4jQueryRunner]:
    """B_24, G_24/H_24 and Q (n <= 24, both rules) freshly loaded; dropped afterwards."""
    _drop_all(runner, N)
    try:
        run_load(runner, plan(range(N, N + 1), ("bulgarian", "floridian", "lifting")))
        yield runner
    finally:
        _drop_all(runner, N)


def test_loaded_n24_counts_equal_the_engine(loaded: Neo4jQueryRunner) -> None:
    g = build_floridian(N)
    b = build_bulgarian(N)
    r = loaded
    assert _count(r, "MATCH (p:Alpha {n: $n}) RETURN count(p) AS c", n=N) == g.positions.size
    assert _count(r, "MATCH (p:Omega {n: $n}) RETURN count(p) AS c", n=N) == int(g.in_t.sum())
    alpha_arcs = "MATCH (:Alpha {n: $n})-[a:ALPHA_MOVE]->() RETURN count(a) AS c"
    assert _count(r, alpha_arcs, n=N) == g.alpha_dst.shape[0] == 2209
    turns = "MATCH (:Alpha {n: $n})-[t:TURN]->() RETURN count(t) AS c"
    assert _count(r, turns, n=N) == g.h_dst.shape[0] == 1750
    recurrent = "MATCH (p:Alpha:Recurrent {n: $n}) RETURN count(p) AS c"
    assert _count(r, recurrent, n=N) == int(g.recurrent.sum()) == 35
    losing = "MATCH (p:Alpha:Losing {n: $n}) RETURN count(p) AS c"
    assert _count(r, losing, n=N) == int(g.losing.sum()) == 27
    core = "MATCH (:Alpha:Recurrent {n: $n})-[t:TURN]->(:Alpha:Recurrent) RETURN count(t) AS c"
    assert _count(r, core, n=N) == 60
    assert _count(r, "MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS c", n=N) == b.size == 1575
    ge = "MATCH (p:Bulgarian:GardenOfEden {n: $n}) RETURN count(p) AS c"
    assert _count(r, ge, n=N) == int(b.garden_of_eden.sum())
    record = get_graph(r, f"floridian:{N}")
    assert record is not None and record.complete
    assert record.summary["recurrent"] == 35


def test_positions_carry_key_parts_notation_and_analysis(loaded: Neo4jQueryRunner) -> None:
    g = build_floridian(N)
    rows = loaded.run(
        "MATCH (p:Alpha {n: $n}) RETURN p.idx AS idx, p.key AS key, p.parts AS parts, "
        "p.notation AS notation, p.num_parts AS k, p.largest AS top, p.turns_to_core AS t, "
        "p:Recurrent AS rec, p.core_scc AS scc",
        {"n": N},
    )
    assert len(rows) == g.positions.size
    for row in rows:
        part = g.positions.position(row["idx"])
        assert row["parts"] == list(part) and row["key"] == ",".join(map(str, part))
        assert (row["k"], row["top"]) == (len(part), part[0])
        turns = int(g.turns_to_core[row["idx"]])
        assert row["t"] == (turns if turns >= 0 else None)
        assert row["rec"] == bool(g.recurrent[row["idx"]])
        assert (row["scc"] is not None) == row["rec"]
    assert loaded.run(
        "MATCH (p:Alpha {n: $n, key: '8,5,5,2,2,2'}) RETURN p.notation AS t", {"n": N}
    ) == [{"t": "2^3 5^2 8"}]


def test_a_path_of_turns_alternates_alpha_and_omega_moves(loaded: Neo4jQueryRunner) -> None:
    rows = loaded.run(
        "MATCH (a:Alpha {n: $n})-[m]->(x)-[o]->(b) WHERE a:Recurrent "
        "RETURN DISTINCT type(m) AS first, labels(x) AS mid, type(o) AS second, "
        "labels(b)[0] AS end",
        {"n": N},
    )
    assert {(r["first"], r["second"], r["end"]) for r in rows} <= {
        ("ALPHA_MOVE", "OMEGA_MOVE", "Alpha"),
        ("TURN", "ALPHA_MOVE", "Omega"),
        ("TURN", "TURN", "Alpha"),
    }
    assert any(r["first"] == "ALPHA_MOVE" for r in rows)


def test_four_cycles_of_q_are_linked_to_their_positions(loaded: Neo4jQueryRunner) -> None:
    rows = loaded.run(
        "MATCH (c:FourCycle {rule: 'paper', n: $n})-[v:VISITS]->(p) "
        "RETURN c.positions AS keys, v.step AS step, p.key AS key, labels(p)[0] AS kind",
        {"n": N},
    )
    assert len(rows) == 4
    for row in rows:
        assert row["keys"][row["step"]] == row["key"]
        assert row["kind"] == ("Alpha" if row["step"] % 2 == 0 else "Omega")


def test_loading_twice_leaves_exactly_one_copy(loaded: Neo4jQueryRunner) -> None:
    before = _totals(loaded)
    reports = run_load(loaded, plan(range(N, N + 1), ("bulgarian", "floridian", "lifting")))
    assert all(report.skipped for report in reports)
    assert _totals(loaded) == before
    reports = run_load(loaded, plan(range(N, N + 1), ("floridian",)), replace=True)
    assert not reports[0].skipped
    assert _totals(loaded) == before


def _totals(runner: Neo4jQueryRunner) -> tuple[int, int]:
    row = runner.run(
        "MATCH (p) WHERE p.n = $n AND (p:Alpha OR p:Omega OR p:Bulgarian) "
        "RETURN count(p) AS nodes, sum(COUNT { (p)-->() }) AS rels",
        {"n": N},
    )[0]
    return int(row["nodes"]), int(row["rels"])


def test_positions_left_without_a_graph_record_are_replaced(runner: Neo4jQueryRunner) -> None:
    n = 12
    run_load(runner, plan(range(n, n + 1), ("bulgarian",)))
    try:
        expected = _count(runner, "MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS c", n=n)
        runner.write("MATCH (g:Graph {id: $id}) DELETE g", {"id": f"bulgarian:{n}"})
        runner.write("MATCH (p:Bulgarian {n: $n}) WHERE p.idx % 2 = 0 DETACH DELETE p", {"n": n})
        (report,) = run_load(runner, plan(range(n, n + 1), ("bulgarian",)))
        record = get_graph(runner, f"bulgarian:{n}")
        assert not report.skipped and record is not None and record.complete
        assert expected == build_bulgarian(n).size == 77
        assert _count(runner, "MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS c", n=n) == expected
        moves = "MATCH (:Bulgarian {n: $n})-[m:BULGARIAN_MOVE]->() RETURN count(m) AS c"
        assert _count(runner, moves, n=n) == expected
    finally:
        drop_graph(runner, GraphSpec("bulgarian", n))


def test_drop_leaves_no_trace(runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings) -> None:
    n = 20
    run_load(runner, plan(range(n, n + 1), ("bulgarian", "floridian")))
    result = _cli(neo4j_settings, "drop", f"bulgarian:{n}", f"floridian:{n}")
    assert result.returncode == 0, result.stderr
    assert "bulgarian:20: dropped" in result.stdout
    left = runner.run(
        "MATCH (p) WHERE p.n = $n AND (p:Alpha OR p:Omega OR p:Bulgarian) RETURN count(p) AS c",
        {"n": n},
    )[0]["c"]
    assert left == 0
    assert get_graph(runner, f"bulgarian:{n}") is None
    assert get_graph(runner, f"floridian:{n}") is None


def test_a_killed_load_is_reported_incomplete_and_repaired_by_the_next(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    n, graph_id = 36, "bulgarian:36"  # 17,977 positions: many small batches to kill between
    drop_graph(runner, GraphSpec("bulgarian", n))
    env = _env(neo4j_settings, GAMEGRAPH_LOAD_BATCH="500")
    process = subprocess.Popen(
        [sys.executable, "-m", "gamegraph", "load", "--n", str(n), "--games", "bulgarian"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            record = get_graph(runner, graph_id)
            count = runner.run("MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS c", {"n": n})
            if record is not None and count[0]["c"] >= 2000:
                break
            assert process.poll() is None, "the load finished before it could be killed"
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        record = get_graph(runner, graph_id)
        assert record is not None and record.status == "loading"
        listing = _cli(neo4j_settings, "graphs")
        assert f"{graph_id}" in listing.stdout and "incomplete" in listing.stdout
        result = _cli(neo4j_settings, "load", "--n", str(n), "--games", "bulgarian")
        assert result.returncode == 0, result.stderr
        assert "repaired" in result.stdout
        record = get_graph(runner, graph_id)
        assert record is not None and record.complete
        b = build_bulgarian(n)
        stored = runner.run(
            "MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS nodes, "
            "count(DISTINCT p.key) AS keys, sum(COUNT { (p)-[:BULGARIAN_MOVE]->() }) AS moves",
            {"n": n},
        )[0]
        assert stored == {"nodes": b.size, "keys": b.size, "moves": b.size}
    finally:
        if process.poll() is None:
            process.kill()
        drop_graph(runner, GraphSpec("bulgarian", n))


def test_bad_input_gives_a_clear_message_and_a_nonzero_exit(
    neo4j_settings: Neo4jSettings,
) -> None:
    reversed_range = _cli(neo4j_settings, "load", "--n", "40..20")
    assert reversed_range.returncode == 2 and "reversed" in reversed_range.stderr
    too_big = _cli(neo4j_settings, "load", "--n", "95", "--games", "bulgarian")
    assert too_big.returncode == 2 and "online limit" in too_big.stderr
    unknown = _cli(neo4j_settings, "load", "--n", "10", "--games", "chess")
    assert unknown.returncode == 2 and "unknown game" in unknown.stderr


def test_unreachable_neo4j_and_wrong_credentials_fail_cleanly(
    neo4j_settings: Neo4jSettings,
) -> None:
    unreachable = _cli(
        neo4j_settings, "load", "--n", "10", "--uri", "bolt://127.0.0.1:1", "--games", "bulgarian"
    )
    assert unreachable.returncode == 1
    assert "cannot reach Neo4j at bolt://127.0.0.1:1" in unreachable.stderr
    wrong = _cli(neo4j_settings, "graphs", "--password", "not-the-password")
    assert wrong.returncode == 1 and "wrong credentials" in wrong.stderr


def test_restricted_load_keeps_cycles_and_omits_win_loss(runner: Neo4jQueryRunner) -> None:
    n = 33
    drop_graph(runner, GraphSpec("floridian", n))
    try:
        run_load(runner, plan(range(n, n + 1), ("floridian",), restricted=True))
        g = build_floridian(n, restricted=True)
        alpha = runner.run("MATCH (p:Alpha {n: $n}) RETURN count(p) AS c", {"n": n})[0]["c"]
        assert alpha == g.sources.shape[0] == int(np.unique(g.omega_of[g.in_t]).shape[0])
        sizes = runner.run(
            "MATCH (p:Alpha:Recurrent {n: $n}) RETURN p.core_scc AS scc, count(*) AS size "
            "ORDER BY size DESC",
            {"n": n},
        )
        assert [row["size"] for row in sizes] == [53, 4]
        assert runner.run("MATCH (p:Alpha:Losing {n: $n}) RETURN count(p) AS c", {"n": n}) == [
            {"c": 0}
        ]
        record = get_graph(runner, f"floridian:{n}")
        assert record is not None and record.mode == "restricted"
    finally:
        drop_graph(runner, GraphSpec("floridian", n))
