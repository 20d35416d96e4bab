"""`gamegraph verify` on freshly loaded B_30 and G_30: everything agrees, and a corrupted
stored label or property is caught (and restored afterwards)."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from typing import Any

import networkx as nx
import pytest
from cli_support import CliResult
from neo4j import Driver
from neo4j_support import graphs_loaded
from typer.testing import CliRunner

from gamegraph.cli import app
from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.errors import GraphNotLoadedError
from gamegraph.games import get_game
from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.partitions import omega, separated_partitions
from gamegraph.loader.plan import LoadRequest
from gamegraph.loader.writer import drop_graph
from gamegraph.verify import VerifyReport, verify

N = 30
Cli = Callable[..., CliResult]


@pytest.fixture(scope="module")
def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
    """B_30 and G_30 loaded for the module (dropped afterwards unless they were there)."""
    planned = LoadRequest.parse(str(N), "bulgarian,floridian").plan()
    with graphs_loaded(neo4j_driver, neo4j_settings, [p.game for p in planned]) as runner:
        yield runner


def _core_by_definition(n: int) -> tuple[int, int]:
    """Nodes and arcs of the core of H_n from the definitions (networkx, no engine)."""
    h = nx.DiGraph()
    for a in separated_partitions(n):
        h.add_node(a)
        h.add_edges_from((a, omega(x)) for x in alpha_moves(a))
    recurrent = {
        v
        for comp in nx.strongly_connected_components(h)
        for v in comp
        if len(comp) > 1 or h.has_edge(v, v)
    }
    core = h.subgraph(recurrent)
    return core.number_of_nodes(), core.number_of_edges()


def _failed(report: VerifyReport) -> dict[str, list[str]]:
    return {f"{c.graph} {c.name}": list(c.problems) for c in report.failures}


def test_verify_passes_on_freshly_loaded_b30_and_g30(runner: Neo4jQueryRunner) -> None:
    report = verify(runner, n=N)
    assert report.ok, _failed(report)
    assert {"floridian:30", "bulgarian:30"} <= set(report.graphs)
    names = {(c.graph, c.name) for c in report.checks}
    assert {
        ("G_30", "recurrent states"),
        ("G_30", "losing positions"),
        ("G_30", "immediate losses"),
        ("G_30", "strongly connected components of the core"),
        ("G_30", "turns to the core"),
        ("G_30", "TURN = α-move then Ω-move"),
        ("G_30", "4-cycles of G_n"),
        ("B_30", "moves to the cycle"),
        ("B_30", "cycles and basins"),
    } <= names
    core = next(c for c in report.checks if c.name == "strongly connected components of the core")
    nodes, arcs = _core_by_definition(N)
    assert core.detail.startswith(f"{nodes} nodes/{arcs} arcs")


def test_verify_catches_a_removed_losing_label(runner: Neo4jQueryRunner) -> None:
    [row] = runner.run(
        "MATCH (a:Alpha:Losing {n: $n}) WHERE NOT a:ImmediateLoss "
        "RETURN elementId(a) AS id, a.key AS key LIMIT 1",
        {"n": N},
    )
    try:
        runner.write("MATCH (a) WHERE elementId(a) = $id REMOVE a:Losing", {"id": row["id"]})
        report = verify(runner, n=N)
        failed = _failed(report)
        assert list(failed) == ["G_30 losing positions"]
        assert failed["G_30 losing positions"] == [
            f"{row['key']}: Cypher True, stored False, engine True"
        ]
    finally:
        runner.write("MATCH (a) WHERE elementId(a) = $id SET a:Losing", {"id": row["id"]})
    assert verify(runner, n=N).ok


def test_the_content_fingerprint_sees_an_arc_moved_although_the_counts_agree(
    runner: Neo4jQueryRunner,
) -> None:
    """One move of B_30 redirected to another position: as many nodes and relationships as
    before, but Cypher's content fingerprint is no longer the one the load recorded (the
    engine's), and verify says so; put back, the three agree again."""
    [arc] = runner.run(
        "MATCH (a:Bulgarian {n: $n})-[r:BULGARIAN_MOVE]->(b), (c:Bulgarian {n: $n}) "
        "WHERE c <> b RETURN elementId(a) AS a, elementId(b) AS b, elementId(c) AS c LIMIT 1",
        {"n": N},
    )
    try:
        _redirect(runner, arc["a"], arc["b"], arc["c"])
        report = verify(runner, graphs=[get_game("bulgarian").create(n=N)])
        failed = _failed(report)
        [problem] = failed["B_30 content fingerprint"]
        found, stored, engine = re.findall(r"'([0-9a-f]{16})'", problem)
        assert found != stored == engine
        assert "B_30 move of every position" in failed  # the exact check agrees
    finally:
        _redirect(runner, arc["a"], arc["c"], arc["b"])
    report = verify(runner, graphs=[get_game("bulgarian").create(n=N)])
    assert report.ok, _failed(report)
    check = next(c for c in report.checks if c.name == "content fingerprint")
    assert check.detail.endswith("Cypher = stored = engine")


def _redirect(runner: Neo4jQueryRunner, source: str, old: str, new: str) -> None:
    """The move of ``source`` (element ids) made to point at ``new`` instead of ``old``."""
    runner.write(
        "MATCH (a)-[r:BULGARIAN_MOVE]->(b) WHERE elementId(a) = $a AND elementId(b) = $b DELETE r",
        {"a": source, "b": old},
    )
    runner.write(
        "MATCH (a), (c) WHERE elementId(a) = $a AND elementId(c) = $c "
        "CREATE (a)-[:BULGARIAN_MOVE]->(c)",
        {"a": source, "c": new},
    )


def test_verify_catches_a_wrong_distance_and_a_missing_turn(runner: Neo4jQueryRunner) -> None:
    [position] = runner.run(
        "MATCH (p:Bulgarian {n: $n}) WHERE p.distance = 3 "
        "RETURN elementId(p) AS id, p.key AS key LIMIT 1",
        {"n": N},
    )
    [turn] = runner.run(
        "MATCH (a:Alpha:Recurrent {n: $n})-[t:TURN]->(b:Alpha:Recurrent) "
        "RETURN elementId(a) AS a, elementId(b) AS b, a.key AS key LIMIT 1",
        {"n": N},
    )
    try:
        runner.write(
            "MATCH (p) WHERE elementId(p) = $id SET p.distance = 4", {"id": position["id"]}
        )
        runner.write(
            "MATCH (a)-[t:TURN]->(b) WHERE elementId(a) = $a AND elementId(b) = $b DELETE t",
            turn,
        )
        failed = _failed(verify(runner, n=N))
        assert failed["B_30 moves to the cycle"] == [
            f"{position['key']} moves to the cycle: Cypher 3, stored 4, engine 3"
        ]
        assert failed["G_30 TURN = α-move then Ω-move"][0].startswith(turn["key"])
        assert "G_30 nodes and relationships" in failed
    finally:
        runner.write(
            "MATCH (p) WHERE elementId(p) = $id SET p.distance = 3", {"id": position["id"]}
        )
        runner.write(
            "MATCH (a), (b) WHERE elementId(a) = $a AND elementId(b) = $b CREATE (a)-[:TURN]->(b)",
            turn,
        )
    assert verify(runner, n=N).ok


def test_verify_catches_a_doubled_turn_and_a_missing_stored_property(
    runner: Neo4jQueryRunner,
) -> None:
    """The TURN check compares the TURN ends with repeats, so a second TURN arc between the
    same two positions is caught although the two-move paths and the TURN ends are the
    same sets; a stored property that is missing reads as absent (None), not as a value."""
    [turn] = runner.run(
        "MATCH (a:Alpha:Recurrent {n: $n})-[:TURN]->(b:Alpha) "
        "RETURN elementId(a) AS a, elementId(b) AS b, a.key AS key, b.idx AS target LIMIT 1",
        {"n": N},
    )
    [position] = runner.run(
        "MATCH (a:Alpha {n: $n}) WHERE a.turns_to_core = 2 "
        "RETURN elementId(a) AS id, a.key AS key LIMIT 1",
        {"n": N},
    )
    try:
        runner.write(
            "MATCH (a), (b) WHERE elementId(a) = $a AND elementId(b) = $b CREATE (a)-[:TURN]->(b)",
            {"a": turn["a"], "b": turn["b"]},
        )
        runner.write("MATCH (a) WHERE elementId(a) = $id REMOVE a.turns_to_core", position)
        report = verify(runner, n=N)
        failed = _failed(report)
        [problem] = failed["G_30 TURN = α-move then Ω-move"]
        moves, turns = problem.removeprefix(f"{turn['key']}: two-move paths to ").split(
            ", TURN to "
        )
        assert sorted([*ast.literal_eval(moves), turn["target"]]) == ast.literal_eval(turns)
        assert failed["G_30 turns to the core"] == [
            f"{position['key']}: Cypher 2, stored None, engine 2"
        ]
        assert "G_30 nodes and relationships" in failed
        # two graphs are checked at once, yet each graph's checks stay together in the report
        order = [c.graph for c in report.checks if c.graph in ("B_30", "G_30")]
        runs = [g for i, g in enumerate(order) if i == 0 or order[i - 1] != g]
        assert sorted(runs) == ["B_30", "G_30"]
    finally:
        runner.write(
            "MATCH (a)-[t:TURN]->(b) WHERE elementId(a) = $a AND elementId(b) = $b "
            "WITH t LIMIT 1 DELETE t",
            {"a": turn["a"], "b": turn["b"]},
        )
        runner.write("MATCH (a) WHERE elementId(a) = $id SET a.turns_to_core = 2", position)
    assert verify(runner, n=N).ok


def test_verify_catches_a_removed_recurrent_label_and_a_wrong_core_scc(
    runner: Neo4jQueryRunner,
) -> None:
    [first, second] = runner.run(
        "MATCH (a:Alpha:Recurrent {n: $n}) RETURN elementId(a) AS id, a.key AS key, "
        "a.core_scc AS scc ORDER BY a.idx LIMIT 2",
        {"n": N},
    )
    try:
        runner.write("MATCH (a) WHERE elementId(a) = $id REMOVE a:Recurrent", first)
        runner.write("MATCH (a) WHERE elementId(a) = $id SET a.core_scc = 99", second)
        failed = _failed(verify(runner, n=N))
        assert failed["G_30 recurrent states"] == [
            f"{first['key']}: Cypher True, stored False, engine True"
        ]
        [groups] = failed["G_30 strongly connected components of the core"]
        assert groups.startswith("core_scc groups (sizes) stored")
        # (the GDS checks, when the server has GDS, catch the core_scc too)
        assert {name for name in failed if "GDS" not in name} == {
            "G_30 recurrent states",
            "G_30 strongly connected components of the core",
        }
    finally:
        runner.write("MATCH (a) WHERE elementId(a) = $id SET a:Recurrent", first)
        runner.write("MATCH (a) WHERE elementId(a) = $id SET a.core_scc = $scc", second)
    assert verify(runner, n=N).ok


def test_verify_recomputes_the_core_and_the_losses_from_the_relationships(
    runner: Neo4jQueryRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The TURN arcs out of a recurrent state deleted: by its relationships it lies on no
    cycle (nor do the states whose cycles all ran through it: networkx finds which) and
    never reaches the core although its α-moves still lead on; the α-moves of a winning
    position outside the core deleted: by its relationships it is an immediate loss, so
    losing. The stored labels and the engine still say otherwise, and verify says so."""
    monkeypatch.setattr("gamegraph.games.checks.MAX_PROBLEMS", 100_000)  # list every one
    [core] = runner.run(
        "MATCH (a:Alpha:Recurrent {n: $n}) WHERE NOT EXISTS { (a)-[:TURN]->(a) } "
        "RETURN elementId(a) AS id, a.key AS key, "
        "[(a)-[:TURN]->(b) | elementId(b)] AS targets ORDER BY a.idx LIMIT 1",
        {"n": N},
    )
    [winner] = runner.run(
        "MATCH (a:Alpha {n: $n}) WHERE a.turns_to_core = 1 "
        "RETURN elementId(a) AS id, a.key AS key, "
        "[(a)-[:ALPHA_MOVE]->(x) | elementId(x)] AS targets ORDER BY a.idx LIMIT 1",
        {"n": N},
    )
    try:
        runner.write("MATCH (a)-[t:TURN]->() WHERE elementId(a) = $id DELETE t", core)
        runner.write("MATCH (a)-[t:ALPHA_MOVE]->() WHERE elementId(a) = $id DELETE t", winner)
        failed = _failed(verify(runner, n=N))
        rows = runner.run(
            "MATCH (a:Alpha {n: $n}) RETURN a.key AS key, a:Recurrent AS stored, "
            "[(a)-[:TURN]->(b) | b.key] AS ends",
            {"n": N},
        )
        h = nx.MultiDiGraph((row["key"], end) for row in rows for end in row["ends"])
        on_cycle = {
            v for comp in nx.strongly_connected_components(h) for v in comp if len(comp) > 1
        }
        off = {row["key"] for row in rows if row["stored"]} - on_cycle
        assert core["key"] in off
        assert sorted(failed["G_30 recurrent states"]) == sorted(
            f"{key}: Cypher False, stored True, engine True" for key in off
        )
        turns = failed["G_30 turns to the core"]
        assert f"{core['key']}: Cypher None, stored 0, engine 0" in turns
        assert f"{core['key']}: never reaches the core but is not losing" in turns
        assert failed["G_30 immediate losses"] == [
            f"{winner['key']}: Cypher True, stored False, engine False"
        ]
        assert (
            f"{winner['key']}: Cypher True, stored False, engine False"
            in (failed["G_30 losing positions"])
        )
        assert "G_30 TURN = α-move then Ω-move" in failed
    finally:
        runner.write(
            "MATCH (a) WHERE elementId(a) = $id UNWIND $targets AS target "
            "MATCH (b) WHERE elementId(b) = target CREATE (a)-[:TURN]->(b)",
            core,
        )
        runner.write(
            "MATCH (a) WHERE elementId(a) = $id UNWIND $targets AS target "
            "MATCH (x) WHERE elementId(x) = target CREATE (a)-[:ALPHA_MOVE]->(x)",
            winner,
        )
    assert verify(runner, n=N).ok


def test_verify_of_an_n_with_nothing_loaded_names_the_load_command(
    runner: Neo4jQueryRunner,
) -> None:
    for graph_id in ("bulgarian:2", "floridian:2", "lifting:paper:2", "lifting:band:2"):
        drop_graph(runner, graph_id)
    with pytest.raises(GraphNotLoadedError, match=r"run `gamegraph load --n 2`"):
        verify(runner, n=2)


def test_verify_command_prints_a_summary_and_exits_0(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    args = ["verify", "--n", str(N)]
    if neo4j_settings.uri is not None:
        args += ["--uri", neo4j_settings.uri, "--user", neo4j_settings.user]
        args += ["--password", neo4j_settings.password, "--database", neo4j_settings.database]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    nodes, _ = _core_by_definition(N)
    assert f"ok   G_30     recurrent states: {nodes} on a cycle" in result.output
    assert "checks, all agree" in result.output


def test_verify_games_checks_only_the_graphs_of_those_games(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings, gamegraph: Cli
) -> None:
    """`verify --n 30 --games bulgarian` verifies B_30 alone (G_30 is loaded beside it); a
    game that has no graph of that n is no graph to verify; an unknown name is one line."""
    only = verify(runner, n=N, games={"bulgarian"})
    assert only.ok, _failed(only)
    assert only.graphs == ["bulgarian:30"]
    assert {check.graph for check in only.checks} == {"B_30"}
    with pytest.raises(GraphNotLoadedError, match="n = 30 of crim"):
        verify(runner, n=N, games={"crim"})

    args = ["verify", "--n", str(N), "--games", "bulgarian"]
    if neo4j_settings.uri is not None:
        args += ["--uri", neo4j_settings.uri, "--user", neo4j_settings.user]
        args += ["--password", neo4j_settings.password, "--database", neo4j_settings.database]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].startswith("bulgarian:30: ")
    wrong = gamegraph(
        "verify", "--n", "30", "--games", "no-such-game", env={"NEO4J_URI": "bolt://127.0.0.1:1"}
    )
    lines = wrong.stderr.strip().splitlines()
    assert wrong.exit_code == 2 and len(lines) == 1, wrong.stderr
    assert lines[0].startswith("error: unknown game 'no-such-game'")


def test_verify_takes_several_n_as_load_does(
    neo4j_driver: Driver, neo4j_settings: Neo4jSettings, gamegraph: Cli
) -> None:
    """`verify --n 8..9 --games bulgarian` verifies B_8 and B_9 and no other graph, as
    `load --n 8..9` loads them; a reversed range is one error line before any connection;
    with nothing loaded, the hint loads the same range."""
    planned = LoadRequest.parse("8..9", "bulgarian").plan()
    with graphs_loaded(neo4j_driver, neo4j_settings, [p.game for p in planned]) as runner:
        both = verify(runner, n=[8, 9], games={"bulgarian"})
        assert both.ok, _failed(both)
        assert sorted(both.graphs) == ["bulgarian:8", "bulgarian:9"]
        args = ["verify", "--n", "8..9", "--games", "bulgarian", "--json"]
        if neo4j_settings.uri is not None:
            args += ["--uri", neo4j_settings.uri, "--user", neo4j_settings.user]
            args += ["--password", neo4j_settings.password]
            args += ["--database", neo4j_settings.database]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        assert {"B_8", "B_9"} == {check["graph"] for check in _json(result.stdout)["checks"]}
        for graph_id in ("bulgarian:2", "bulgarian:3", "bulgarian:4"):
            drop_graph(runner, graph_id)
        with pytest.raises(
            GraphNotLoadedError, match=r"`gamegraph load --games bulgarian --n 2\.\.4`"
        ):
            verify(runner, n=[2, 3, 4], games={"bulgarian"})
    reversed_range = gamegraph("verify", "--n", "9..8", env={"NEO4J_URI": "bolt://127.0.0.1:1"})
    lines = reversed_range.stderr.strip().splitlines()
    assert reversed_range.exit_code == 2 and len(lines) == 1, reversed_range.stderr
    assert lines[0].startswith("error: the n range '9..8' is reversed")


def _json(output: str) -> dict[str, Any]:
    import json

    return dict(json.loads(output))
