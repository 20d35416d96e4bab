"""The loader against a real Neo4j: counts, idempotence, interrupted, concurrent and stale
loads, drop, bad input."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from reference import four_cycles_by_brute_force

from gamegraph import bulgarian as build_bulgarian
from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import GraphState, get_graph
from gamegraph.errors import DatabaseError
from gamegraph.games import get_game
from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.partitions import count_partitions, in_t, omega, separated_partitions
from gamegraph.loader.plan import LoadRequest, PlannedGraph
from gamegraph.loader.schema import ensure_schema, schema_statements
from gamegraph.loader.writer import LoadReport, drop_graph, run_load
from gamegraph.verify import verify

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


def plan(n: str, games: str, **options: Any) -> list[PlannedGraph]:
    return LoadRequest.parse(n, games, options).plan()


def load(runner: Neo4jQueryRunner, n: str, games: str, **options: Any) -> list[LoadReport]:
    replace = bool(options.pop("replace", False))
    return run_load(runner, plan(n, games, **options), replace=replace)


def _count(runner: Neo4jQueryRunner, query: str, **params: object) -> int:
    return int(runner.run(query, params)[0]["c"])


def _verified(runner: Neo4jQueryRunner, *graph_ids: str) -> None:
    """`gamegraph verify` recomputes each graph's analysis from its relationships and agrees."""
    games = []
    for graph_id in graph_ids:
        record = get_graph(runner, graph_id)
        assert record is not None
        game = record.loaded_game()
        assert game is not None
        games.append(game)
    report = verify(runner, graphs=games)
    assert report.ok, [(c.graph, c.name, c.problems) for c in report.failures]
    assert sorted(report.graphs) == sorted(graph_ids)


def _drop_all(runner: Neo4jQueryRunner, n: int) -> None:
    """Every graph `load(runner, str(n), "bulgarian,floridian,lifting")` loads (Q of every
    rule: one left behind makes a later bulk load on this worker rebuild it)."""
    for graph in plan(str(n), "bulgarian,floridian,lifting"):
        drop_graph(runner, graph.game.id)


@pytest.fixture
def loaded(runner: Neo4jQueryRunner) -> Iterator[Neo4jQueryRunner]:
    """B_24, G_24/H_24 and Q (n <= 24, both rules) freshly loaded; dropped afterwards."""
    _drop_all(runner, N)
    try:
        load(runner, str(N), "bulgarian,floridian,lifting")
        yield runner
    finally:
        _drop_all(runner, N)


def test_loaded_n24_counts_equal_the_definitions(loaded: Neo4jQueryRunner) -> None:
    r = loaded
    # from the definitions of SPEC.md §3, move by move in pure Python (no engine)
    separated = list(separated_partitions(N))
    t = [p for p in separated if in_t(p)]
    arcs = {(a, x) for a in separated for x in alpha_moves(a)}
    turns = {(a, omega(x)) for a, x in arcs}
    assert _count(r, "MATCH (p:Alpha {n: $n}) RETURN count(p) AS c", n=N) == len(separated) == 424
    assert _count(r, "MATCH (p:Omega {n: $n}) RETURN count(p) AS c", n=N) == len(t) == 326
    alpha_arcs = "MATCH (:Alpha {n: $n})-[a:ALPHA_MOVE]->() RETURN count(a) AS c"
    assert _count(r, alpha_arcs, n=N) == len(arcs)
    turn_arcs = "MATCH (:Alpha {n: $n})-[t:TURN]->() RETURN count(t) AS c"
    assert _count(r, turn_arcs, n=N) == len(turns)
    omega_moves = "MATCH (:Omega {n: $n})-[o:OMEGA_MOVE]->() RETURN count(o) AS c"
    assert _count(r, omega_moves, n=N) == len(t)
    # SPEC.md §3, n = 24: the core is strongly connected with 35 nodes and 60 arcs
    recurrent = "MATCH (p:Alpha:Recurrent {n: $n}) RETURN count(p) AS c"
    assert _count(r, recurrent, n=N) == 35
    core = "MATCH (:Alpha:Recurrent {n: $n})-[t:TURN]->(:Alpha:Recurrent) RETURN count(t) AS c"
    assert _count(r, core, n=N) == 60
    assert _count(r, "MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS c", n=N) == count_partitions(N)
    ge = "MATCH (p:Bulgarian:GardenOfEden {n: $n}) RETURN count(p) AS c"
    b = build_bulgarian(N)
    by_definition = sum(1 for i in range(b.size) if b.position(i)[0] < len(b.position(i)) - 1)
    assert _count(r, ge, n=N) == by_definition
    record = get_graph(r, f"floridian:{N}")
    assert record is not None and record.complete and record.state() is GraphState.CURRENT
    assert record.summary["recurrent"] == 35


def test_every_loaded_node_carries_its_graph_id(loaded: Neo4jQueryRunner) -> None:
    rows = loaded.run(
        "MATCH (p:GraphNode) WHERE p.graph IN $ids RETURN p.graph AS graph, count(*) AS c",
        {"ids": [f"bulgarian:{N}", f"floridian:{N}", f"lifting:band:{N}"]},
    )
    counts = {row["graph"]: row["c"] for row in rows}
    g = build_floridian(N)
    assert counts[f"bulgarian:{N}"] == count_partitions(N)
    assert counts[f"floridian:{N}"] == g.positions.size + int(g.in_t.sum())
    untagged = "MATCH (p) WHERE (p:Alpha OR p:Omega OR p:Bulgarian) AND p.graph IS NULL "
    assert _count(loaded, untagged + "RETURN count(p) AS c") == 0


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
        "RETURN DISTINCT type(m) AS first, type(o) AS second, "
        "CASE WHEN b:Alpha THEN 'Alpha' ELSE 'Omega' END AS end",
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
        "RETURN c.positions AS keys, v.step AS step, p.key AS key, p:Alpha AS alpha",
        {"n": N},
    )
    # SPEC.md §3: G_24 has a 4-cycle (one, by brute force); each visits its four positions
    assert len(rows) == 4 * len(four_cycles_by_brute_force(N)) == 4
    for row in rows:
        assert row["keys"][row["step"]] == row["key"]
        assert row["alpha"] == (row["step"] % 2 == 0)


def test_verify_catches_a_four_cycles_wrong_positions_and_a_visit_out_of_order(
    loaded: Neo4jQueryRunner,
) -> None:
    """The positions a 4-cycle lists (what the lifting queries match a position against)
    and its VISITS links are checked against the engine's cycle."""
    game = get_game("lifting").create(n=N, rule="paper")
    match = "MATCH (c:FourCycle {rule: 'paper', n: $n})"
    [row] = loaded.run(f"{match} RETURN c.positions AS positions", {"n": N})
    kept = row["positions"]
    turned = [kept[2], kept[1], kept[0], kept[3]]  # a cycle's own positions, out of order
    loaded.write(f"{match} SET c.positions = $turned", {"n": N, "turned": turned})
    try:
        failed = {c.name: c.problems for c in verify(loaded, graphs=[game]).failures}
    finally:
        loaded.write(f"{match} SET c.positions = $kept", {"n": N, "kept": kept})
    assert list(failed) == ["4-cycles of the range"]
    assert "positions" in failed["4-cycles of the range"][0]
    swap = f"{match}-[v:VISITS]->() WHERE v.step IN [0, 2] SET v.step = 2 - v.step"
    loaded.write(swap, {"n": N})
    try:
        failed = {c.name: c.problems for c in verify(loaded, graphs=[game]).failures}
    finally:
        loaded.write(swap, {"n": N})
    assert list(failed) == ["4-cycles of the range"]
    assert "VISITS" in failed["4-cycles of the range"][0]
    assert verify(loaded, graphs=[game]).ok


def test_verify_names_an_omega_position_the_graph_lost(loaded: Neo4jQueryRunner) -> None:
    """An Ω-position no longer read as one (its label gone) is named by the Ω-move check,
    not only counted by the check of the totals."""
    game = get_game("floridian").create(n=N)
    lost = "MATCH (x:Omega {n: $n}) WITH x ORDER BY x.idx LIMIT 1"
    [row] = loaded.run(f"{lost} RETURN x.key AS key", {"n": N})
    loaded.write(f"{lost} REMOVE x:Omega", {"n": N})
    try:
        failed = {c.name: c.problems for c in verify(loaded, graphs=[game]).failures}
    finally:
        loaded.write(
            "MATCH (x:GraphNode {graph: $g, key: $key}) WHERE NOT x:Alpha SET x:Omega",
            {"g": game.id, "key": row["key"]},
        )
    assert f"Ω-positions missing ['{row['key']}']" in failed["Ω-move of every Ω-position"][0]
    assert verify(loaded, graphs=[game]).ok


def test_verify_passes_on_the_loaded_n24_graphs(loaded: Neo4jQueryRunner) -> None:
    _verified(loaded, f"bulgarian:{N}", f"floridian:{N}", f"lifting:paper:{N}", f"lifting:band:{N}")


def test_loading_twice_leaves_exactly_one_copy(loaded: Neo4jQueryRunner) -> None:
    before = _totals(loaded)
    reports = load(loaded, str(N), "bulgarian,floridian,lifting")
    assert all(report.skipped for report in reports)
    assert _totals(loaded) == before
    reports = load(loaded, str(N), "floridian", replace=True)
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
    load(runner, str(n), "bulgarian")
    try:
        runner.write("MATCH (g:Graph {id: $id}) DELETE g", {"id": f"bulgarian:{n}"})
        runner.write("MATCH (p:Bulgarian {n: $n}) WHERE p.idx % 2 = 0 DETACH DELETE p", {"n": n})
        (report,) = load(runner, str(n), "bulgarian")
        record = get_graph(runner, f"bulgarian:{n}")
        assert not report.skipped and record is not None and record.complete
        nodes = _count(runner, "MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS c", n=n)
        assert nodes == count_partitions(n) == 77
        moves = "MATCH (:Bulgarian {n: $n})-[m:BULGARIAN_MOVE]->() RETURN count(m) AS c"
        assert _count(runner, moves, n=n) == nodes
        _verified(runner, f"bulgarian:{n}")
    finally:
        drop_graph(runner, f"bulgarian:{n}")


def test_nodes_of_no_graph_left_by_an_older_gamegraph_are_replaced(
    runner: Neo4jQueryRunner,
) -> None:
    n = 9
    drop_graph(runner, f"bulgarian:{n}")
    # what gamegraph 0.1 wrote: positions without :GraphNode or a graph property
    runner.write(
        "UNWIND $keys AS key CREATE (:Bulgarian {n: $n, key: key})",
        {"n": n, "keys": ["9", "8,1", "5,4"]},
    )
    try:
        (report,) = load(runner, str(n), "bulgarian")
        assert not report.skipped
        assert _count(runner, "MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS c", n=n) == 30
        untagged = "MATCH (p:Bulgarian {n: $n}) WHERE p.graph IS NULL RETURN count(p) AS c"
        assert _count(runner, untagged, n=n) == 0
        assert count_partitions(n) == 30
        _verified(runner, f"bulgarian:{n}")
    finally:
        drop_graph(runner, f"bulgarian:{n}")


def test_a_graph_built_by_another_engine_version_is_stale_and_rebuilt(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    n, graph_id = 11, "bulgarian:11"
    load(runner, str(n), "bulgarian")
    try:
        runner.write("MATCH (g:Graph {id: $id}) SET g.engine = '0.0.1+old'", {"id": graph_id})
        record = get_graph(runner, graph_id)
        assert record is not None and record.state() is GraphState.STALE
        listing = _cli(neo4j_settings, "graphs")
        assert any(line.split()[:2] == [graph_id, "stale"] for line in listing.stdout.splitlines())
        (report,) = load(runner, str(n), "bulgarian")
        assert report.repaired and not report.skipped
        record = get_graph(runner, graph_id)
        assert record is not None and record.engine == get_game("bulgarian").engine_version()
        _verified(runner, graph_id)
    finally:
        drop_graph(runner, graph_id)


def test_graphs_lines_up_its_columns_under_a_long_graph_id(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    graph_id = "multiplayer-bulgarian:players=2:4"
    loaded = _cli(
        neo4j_settings, "load", "--games", "multiplayer-bulgarian", "--players", "2", "--n", "4"
    )
    assert loaded.returncode == 0, loaded.stderr
    try:
        listing = _cli(neo4j_settings, "graphs")
        header, *lines = listing.stdout.splitlines()
        [line] = [line for line in lines if line.split()[0] == graph_id]
        column = header.index("state")
        assert line[column - 1] == " " and line[column:].split()[0] == "current"
        assert all(row[column - 1] == " " and row[column] != " " for row in lines)
    finally:
        drop_graph(runner, graph_id)


def test_drop_leaves_no_trace(runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings) -> None:
    n = 20
    load(runner, str(n), "bulgarian,floridian")
    _verified(runner, f"bulgarian:{n}", f"floridian:{n}")
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
    drop_graph(runner, graph_id)
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
        assert any(
            line.split()[:2] == [graph_id, "incomplete"] for line in listing.stdout.splitlines()
        )
        started = time.monotonic()
        result = _cli(neo4j_settings, "load", "--n", str(n), "--games", "bulgarian")
        assert result.returncode == 0, result.stderr
        assert "repaired" in result.stdout
        # the dead load's lease is taken over at once, not after it runs out
        assert "waiting" not in result.stderr and time.monotonic() - started < 60
        record = get_graph(runner, graph_id)
        assert record is not None and record.complete
        stored = runner.run(
            "MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS nodes, "
            "count(DISTINCT p.key) AS keys, sum(COUNT { (p)-[:BULGARIAN_MOVE]->() }) AS moves",
            {"n": n},
        )[0]
        size = count_partitions(n)
        assert stored == {"nodes": size, "keys": size, "moves": size}
        _verified(runner, graph_id)
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate()  # closes its pipes, whatever failed above
        drop_graph(runner, graph_id)


def test_two_loads_of_one_graph_at_once_one_loads_the_other_waits_and_keeps_it(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    n, graph_id = 40, "floridian:40"
    drop_graph(runner, graph_id)
    command = [sys.executable, "-m", "gamegraph", "load", "--n", str(n), "--games", "floridian"]
    env = _env(neo4j_settings, GAMEGRAPH_LOAD_BATCH="500")  # a load of several seconds
    first, second = (
        subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(2)
    )
    try:
        outputs = [process.communicate(timeout=600) for process in (first, second)]
        assert first.returncode == second.returncode == 0, outputs
        states = sorted(out.splitlines()[0].split(": ", 1)[1] for out, _ in outputs)
        assert states == ["loaded", "loaded meanwhile by another process, kept"]
        waited = next(err for out, err in outputs if "kept" in out)
        assert f"[{graph_id}] is being loaded by process" in waited
        g = build_floridian(n)
        nodes = _count(runner, "MATCH (p:GraphNode {graph: $g}) RETURN count(p) AS c", g=graph_id)
        assert nodes == g.positions.size + int(g.in_t.sum())
        report = verify(runner, graphs=[get_game("floridian").create(n=n)])
        assert report.ok and report.graphs == [graph_id]
    finally:
        for process in (first, second):
            if process.poll() is None:
                process.kill()
        drop_graph(runner, graph_id)


def test_a_drop_during_a_load_is_refused_and_the_load_ends_complete_and_verified(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    """`gamegraph drop` of a graph that another process is writing: the drop is refused in one
    line and deletes nothing, the load ends complete, and verify finds every arc (before,
    the drop deleted the load's nodes as it wrote them)."""
    n, graph_id = 40, "bulgarian:40"
    drop_graph(runner, graph_id)
    # batches of 25 (some 3,000 transactions): a load of tens of seconds even on a fast
    # machine, so the drop, a process start away (seconds on a busy machine), lands inside it
    # (with batches of 100 a load once ended before the drop began, and the drop rightly
    # went through)
    env = _env(neo4j_settings, GAMEGRAPH_LOAD_BATCH="25")
    process = subprocess.Popen(
        [sys.executable, "-m", "gamegraph", "load", "--n", str(n), "--games", "bulgarian"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            written = _count(runner, "MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS c", n=n)
            if written >= 500:
                break
            assert process.poll() is None, "the load finished before the drop"
            time.sleep(0.05)
        dropped = _cli(neo4j_settings, "drop", graph_id)
        assert dropped.returncode == 1, (dropped.stdout, process.poll())  # None: load running
        assert dropped.stderr.startswith(f"error: {graph_id} is being loaded by process")
        assert len(dropped.stderr.splitlines()) == 1
        out, err = process.communicate(timeout=600)
        assert process.returncode == 0, err
        assert out.startswith(f"B_40 [{graph_id}]: loaded"), out
        record = get_graph(runner, graph_id)
        assert record is not None and record.complete
        assert record.nodes == count_partitions(n) == record.relationships
        _verified(runner, graph_id)
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate()  # closes its pipes, whatever failed above
        drop_graph(runner, graph_id)


@pytest.mark.parametrize("n", [1, 3])
def test_graphs_without_alpha_arcs_load_and_verify(runner: Neo4jQueryRunner, n: int) -> None:
    _drop_all(runner, n)
    try:
        reports = load(runner, str(n), "bulgarian,floridian,lifting")
        assert all(not r.skipped for r in reports)
        g = build_floridian(n)
        assert g.alpha_dst.shape[0] == 0  # G_1 and G_3 have no α-move at all
        report = verify(runner, n=n)
        assert report.ok, [c for c in report.checks if not c.ok]
        assert {f"bulgarian:{n}", f"floridian:{n}"} <= set(report.graphs)
        record = get_graph(runner, f"floridian:{n}")
        assert record is not None and record.complete
    finally:
        _drop_all(runner, n)


def test_bad_input_gives_a_clear_message_and_a_nonzero_exit(
    neo4j_settings: Neo4jSettings,
) -> None:
    reversed_range = _cli(neo4j_settings, "load", "--n", "40..20")
    assert reversed_range.returncode == 2 and "reversed" in reversed_range.stderr
    too_big = _cli(neo4j_settings, "load", "--n", "95", "--games", "bulgarian")
    assert too_big.returncode == 2 and "online limit" in too_big.stderr
    unknown = _cli(neo4j_settings, "load", "--n", "10", "--games", "chess")
    assert unknown.returncode == 2 and "unknown game" in unknown.stderr
    for result in (reversed_range, too_big, unknown):
        assert result.stderr.startswith("error: ") and len(result.stderr.splitlines()) == 1


def test_unreachable_neo4j_and_wrong_credentials_fail_cleanly(
    neo4j_settings: Neo4jSettings,
) -> None:
    unreachable = _cli(
        neo4j_settings, "load", "--n", "10", "--uri", "bolt://127.0.0.1:1", "--games", "bulgarian"
    )
    assert unreachable.returncode == 1
    assert unreachable.stderr.startswith("error: cannot reach Neo4j at bolt://127.0.0.1:1")
    wrong = _cli(neo4j_settings, "graphs", "--password", "not-the-password")
    assert wrong.returncode == 1 and wrong.stderr.startswith("error: wrong credentials")


def test_restricted_load_keeps_cycles_and_omits_win_loss(runner: Neo4jQueryRunner) -> None:
    n = 33
    drop_graph(runner, f"floridian:{n}")
    try:
        load(runner, str(n), "floridian", restricted=True)
        g = build_floridian(n, restricted=True)
        alpha = runner.run("MATCH (p:Alpha {n: $n}) RETURN count(p) AS c", {"n": n})[0]["c"]
        assert alpha == g.sources.shape[0] == int(np.unique(g.omega_of[g.in_t]).shape[0])
        sizes = runner.run(
            "MATCH (p:Alpha:Recurrent {n: $n}) RETURN p.core_scc AS scc, count(*) AS size "
            "ORDER BY size DESC",
            {"n": n},
        )
        # SPEC.md §3, n = 33: two strongly connected components of 53 and 4 nodes
        assert [row["size"] for row in sizes] == [53, 4]
        assert runner.run("MATCH (p:Alpha:Losing {n: $n}) RETURN count(p) AS c", {"n": n}) == [
            {"c": 0}
        ]
        record = get_graph(runner, f"floridian:{n}")
        assert record is not None and record.properties["restricted"] is True
        _verified(runner, f"floridian:{n}")
        # a full load of the same n replaces the restricted one (same id, other parameters)
        (report,) = load(runner, str(n), "floridian")
        assert report.repaired
    finally:
        drop_graph(runner, f"floridian:{n}")


def test_two_loads_of_one_slot_at_once_take_turns_and_leave_one_graph(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    """Q of one rule over two ranges: the graphs replace each other, so the loads must not
    write at once (they would collide on the 4-cycles' keys)."""
    ids = ["lifting:band:44", "lifting:band:46"]
    for graph_id in ids:
        drop_graph(runner, graph_id)
    env = _env(neo4j_settings)
    command = [sys.executable, "-m", "gamegraph", "load", "--games", "lifting", "--rule", "band"]
    processes = [
        subprocess.Popen(
            [*command, "--n", n],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in ("44", "46")
    ]
    try:
        outputs = [process.communicate(timeout=600) for process in processes]
        assert all(p.returncode == 0 for p in processes), outputs
        records = [get_graph(runner, graph_id) for graph_id in ids]
        complete = [r for r in records if r is not None and r.complete]
        assert len(complete) == 1, records  # one graph holds the slot
        (record,) = complete
        nodes = _count(runner, "MATCH (c:FourCycle {rule: 'band'}) RETURN count(c) AS c")
        assert nodes == record.nodes
        assert verify(runner, graphs=[get_game("lifting").create(n=record.n, rule="band")]).ok
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
        for graph_id in ids:
            drop_graph(runner, graph_id)


def test_a_load_of_q_for_another_n_says_which_complete_graph_of_its_slot_it_replaced(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    """A slot holds one Q per rule: Q for n <= 16 removes Q for n <= 18. The load's line
    said only `loaded`, so a user lost the Q of a long load without a word."""
    ids = ["lifting:paper:18", "lifting:paper:16"]
    for graph_id in ids:
        drop_graph(runner, graph_id)
    command = ("load", "--games", "lifting", "--rule", "paper", "--n")
    try:
        first = _cli(neo4j_settings, *command, "18")
        assert first.returncode == 0, first.stderr
        assert "[lifting:paper:18]: loaded\n" in first.stdout
        second = _cli(neo4j_settings, *command, "16")
        assert second.returncode == 0, second.stderr
        assert "[lifting:paper:16]: loaded (replaced lifting:paper:18)\n" in second.stdout
        assert get_graph(runner, "lifting:paper:18") is None
        record = get_graph(runner, "lifting:paper:16")
        assert record is not None and record.complete and record.nodes
        _verified(runner, "lifting:paper:16")
        again = _cli(neo4j_settings, *command, "16")  # kept: nothing replaced
        assert "[lifting:paper:16]: already loaded, kept\n" in again.stdout, again.stdout
    finally:
        for graph_id in ids:
            drop_graph(runner, graph_id)


def test_a_list_of_n_loads_exactly_those_graphs(runner: Neo4jQueryRunner) -> None:
    """``[20, 40]`` is two graphs, B_20 and B_40, not the 21 of the range 20..40."""
    from gamegraph.games.bulgarian import Bulgarian

    ids = [f"bulgarian:{n}" for n in range(20, 41)]
    before = {graph_id for graph_id in ids if get_graph(runner, graph_id) is not None}
    try:
        request = LoadRequest.of([Bulgarian], [20, 40])
        assert request.ns == (20, 40)
        reports = run_load(runner, request.plan())
        assert [r.game.id for r in reports] == ["bulgarian:20", "bulgarian:40"]
        assert [r.nodes for r in reports] == [count_partitions(20), count_partitions(40)]
        loaded = {graph_id for graph_id in ids if get_graph(runner, graph_id) is not None}
        assert loaded - before == {"bulgarian:20", "bulgarian:40"} - before
    finally:
        for graph_id in ("bulgarian:20", "bulgarian:40"):
            if graph_id not in before:
                drop_graph(runner, graph_id)


def test_an_unreachable_scheduler_leaves_the_graph_as_it_was(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    """The engine fails (no Dask scheduler answers) before the load touches any data: one
    error line, and no `incomplete` record is left behind."""
    graph_id = "lifting:band:16"  # the first n with 4-cycles to search for (on Dask)
    before = get_graph(runner, graph_id)
    result = _cli(
        neo4j_settings,
        *("load", "--games", "lifting", "--rule", "band", "--n", "16"),
        *("--scheduler", "tcp://127.0.0.1:1"),
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("error: no Dask scheduler answers at tcp://127.0.0.1:1")
    assert len(result.stderr.splitlines()) == 1
    after = get_graph(runner, graph_id)
    if before is None:
        assert after is None
    else:
        assert after is not None and (after.status, after.engine) == (before.status, before.engine)


def test_recording_a_graph_that_was_never_imported_records_nothing(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    """`load --imported` of a graph neo4j-admin never imported: one readable error line (no
    Python dicts), exit 1, and no record."""
    drop_graph(runner, "carolina:9")
    result = _cli(neo4j_settings, "load", "--n", "9", "--games", "carolina", "--imported")
    assert result.returncode == 1, result.stderr
    assert result.stderr == (
        "error: C_9 [carolina:9]: Neo4j holds none of its 256 nodes: it was never loaded or "
        "imported into this database\n"
    )
    assert get_graph(runner, "carolina:9") is None


def test_recording_a_partly_imported_graph_names_the_counts_that_differ(
    runner: Neo4jQueryRunner,
) -> None:
    """The counts that differ, in words; the record the claim replaced is put back."""
    from gamegraph.errors import IncompleteLoadError
    from gamegraph.games.carolina import Carolina
    from gamegraph.loader.bulk import record_imported_graphs

    game = Carolina(n=9)
    drop_graph(runner, game.id)
    try:
        run_load(runner, [PlannedGraph(game, game.estimate())])
        runner.write(
            "MATCH (:Carolina {graph: $id})-[m:CAROLINA_MOVE]->() WITH m LIMIT 6 DELETE m",
            {"id": game.id},
        )
        with pytest.raises(IncompleteLoadError) as failure:
            record_imported_graphs(runner, [PlannedGraph(game, game.estimate())])
        assert str(failure.value) == (
            "C_9 [carolina:9]: Neo4j holds 250 of its 256 CAROLINA_MOVE relationships "
            "(the engine's counts)"
        )
        record = get_graph(runner, game.id)
        assert record is not None and record.complete and record.relationships == 256
    finally:
        drop_graph(runner, game.id)


def _operators(plan: Any) -> list[str]:
    """Every operator of a query plan (the driver's summary plan), depth first."""
    return [plan["operatorType"].split("@")[0]] + [
        name for child in plan.get("children", []) for name in _operators(child)
    ]


@pytest.mark.parametrize("name", ["graph_delete_nodes", "delete_unowned"])
def test_a_fenced_delete_batch_reads_only_its_own_batch_of_nodes(
    runner: Neo4jQueryRunner, name: str
) -> None:
    """Neo4j plans each fenced delete with plain LIMITs, after the fence's SET: a LIMIT in the
    SET's query part is planned exhaustive, and a drop of B_60 then read all of the graph's
    remaining nodes for each of its 194 batches."""
    from gamegraph.db.query_files import cypher

    params = {"graph": "bulgarian:3", "label": "Bulgarian", "limit": 1, "rels": 1}
    with runner.driver.session(database=runner.database) as session:
        plan = session.run("EXPLAIN " + cypher(name), {**params, "slot": "x", "owner": "x"})
        plan = plan.consume().plan
    operators = _operators(plan)
    # the batch's nodes, then up to $rels of their relationships; the nodes again
    assert operators.count("Limit") == 3 and "ExhaustiveLimit" not in operators, operators
    # the SET on each Apply's left side: done for the slot's row before the batch is read;
    # the relationships deleted on the inner one's right, then the nodes on the outer one's
    applies = [p for p in _plans(plan) if p["operatorType"].startswith("Apply")]
    assert len(applies) == 2
    for apply in applies:
        left, right = (_operators(child) for child in apply["children"])
        assert "SetProperty" in left and "SetProperty" not in right
        assert "Limit" in right and "Delete" in right


def _plans(plan: Any) -> list[Any]:
    return [plan] + [p for child in plan.get("children", []) for p in _plans(child)]


def test_a_constraint_whose_creation_a_server_stop_cut_short_is_created_again(
    runner: Neo4jQueryRunner,
) -> None:
    """A server stopped during CREATE CONSTRAINT keeps the constraint's backing index with
    no constraint; every later creation of that name failed (IndexWithNameAlreadyExists),
    so no load could run on that database again. The schema step drops such an index and
    creates the constraint."""
    name = "gamegraph_four_cycle_key"
    runner.write(f"DROP CONSTRAINT {name} IF EXISTS")
    runner.write(f"DROP INDEX {name} IF EXISTS")
    # what the cut-short creation leaves: an index of that name, owned by no constraint
    runner.write(f"CREATE INDEX {name} FOR (c:FourCycle) ON (c.rule, c.key)")
    statements = schema_statements(constraints=True)
    with pytest.raises(DatabaseError, match="IndexWithNameAlreadyExists"):
        runner.write_all(statements)
    ensure_schema(runner)
    shown = "SHOW CONSTRAINTS YIELD name, ownedIndex WHERE name = $name RETURN *"
    assert runner.run(shown, {"name": name}) == [{"name": name, "ownedIndex": name}]
    ensure_schema(runner)  # and nothing to repair the next time
