"""Neo4j's Graph Data Science library (GDS) on every game that has components (issue 19,
item 2): each game's GDS query answers on a freshly loaded graph what an independent
computation finds (networkx over the engine's moves, or over the definitions), `verify`'s
GDS checks agree on all of them and catch a corrupted stored component id, a projection that
matched nothing or part of the graph (but pass Q's legitimately empty one), and no projection
is left behind. Skipped when the server has no GDS, except under CI=true."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from typing import Any

import networkx as nx
import pytest
from neo4j import Driver
from neo4j_support import graphs_loaded
from reference import four_cycles_by_brute_force

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import get_graph
from gamegraph.db.gds import gds_version
from gamegraph.db.queries import run_named
from gamegraph.games import Game, get_game
from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.partitions import canonical_key, omega, separated_partitions
from gamegraph.verify import verify
from gamegraph.verify.gds import gds_checks, gds_queries

FUNCTIONAL = {
    "bulgarian": {"n": 20},
    "carolina": {"n": 9},
    "austrian": {"n": 20, "L": 5},
    "montreal": {"n": 7},
    "dual": {"n": 15},
}
GAMES: dict[str, dict[str, Any]] = FUNCTIONAL | {
    "floridian": {"n": 33},
    "lifting": {"n": 40, "rule": "paper"},
    "crim": {"n": 12},
    "tchoukaillon": {"n": 12, "rule": "standard"},
}


def _game(name: str) -> Game:
    return get_game(name).create(**GAMES[name])


@pytest.fixture(scope="module")
def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
    """Every game with GDS queries loaded (small n), on a server that has GDS."""
    probe = Neo4jQueryRunner(neo4j_driver, neo4j_settings.database)
    if gds_version(probe) is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("CI=true and the test server has no GDS", pytrace=False)
        pytest.skip("the test server has no Graph Data Science plugin")
    games = [_game(name) for name in GAMES]
    with graphs_loaded(neo4j_driver, neo4j_settings, games) as loaded:
        yield loaded


def _gds(runner: Neo4jQueryRunner, name: str) -> list[dict[str, Any]]:
    game = _game(name)
    [query] = gds_queries(game)
    params = {p.name: getattr(game, p.name) for p in query.params}
    return run_named(runner, query.name, params).rows


def _projections(runner: Neo4jQueryRunner) -> list[str]:
    return [row["graphName"] for row in runner.run("CALL gds.graph.list() YIELD graphName")]


def test_the_server_runs_opengds_2_13(runner: Neo4jQueryRunner) -> None:
    version = gds_version(runner)
    assert version is not None and version.startswith("2.13.")


@pytest.mark.parametrize("name", sorted(FUNCTIONAL))
def test_gds_weak_components_of_a_functional_graph_are_networkx_ones_on_the_engines_moves(
    runner: Neo4jQueryRunner, name: str
) -> None:
    game = _game(name)
    built = game.build()
    keys = built.keys()
    moves = nx.Graph()
    moves.add_nodes_from(range(built.size))
    moves.add_edges_from(enumerate(built.successor.tolist()))
    expected = Counter((len(c), keys[min(c)]) for c in nx.connected_components(moves))
    rows = _gds(runner, name)
    assert Counter((row["size"], row["first"]) for row in rows) == expected
    assert len(rows) == built.cycle_count
    # one stored cycle id per GDS component, each in one component
    stored = [row["stored"] for row in rows]
    assert all(len(ids) == 1 for ids in stored)
    assert len({ids[0] for ids in stored}) == len(rows)
    assert f"{game.id}" not in _projections(runner)


def _core_by_definition(n: int) -> nx.DiGraph:
    """The core of H_n from the definitions: the recurrent states and the turns between them."""
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
    return h.subgraph(recurrent)


def test_gds_finds_the_two_strongly_connected_components_of_the_core_of_h33(
    runner: Neo4jQueryRunner,
) -> None:
    rows = _gds(runner, "floridian")
    assert [(row["size"], row["arcs"]) for row in rows] == [(53, 91), (4, 5)]  # SPEC.md §3
    core = _core_by_definition(33)
    expected = {
        (len(c), core.subgraph(c).number_of_edges(), canonical_key(max(c)))
        for c in nx.strongly_connected_components(core)
    }
    assert {(row["size"], row["arcs"], row["first"]) for row in rows} == expected
    assert sorted(ids[0] for ids in (row["stored"] for row in rows)) == [0, 1]
    assert "floridian:33" not in _projections(runner)


def test_gds_weak_components_of_q_are_the_engines(runner: Neo4jQueryRunner) -> None:
    game = _game("lifting")
    q = game.build()
    rows = _gds(runner, "lifting")
    expected = [(len(c), c[0], len(q.sources(c))) for c in q.components]
    assert sorted((row["size"], row["first"], row["sources"]) for row in rows) == sorted(expected)
    assert all(len(row["stored"]) == 1 for row in rows)
    assert game.id not in _projections(runner)


@pytest.mark.parametrize("name", ["crim", "tchoukaillon"])
def test_gds_finds_the_dag_games_acyclic_and_connected(runner: Neo4jQueryRunner, name: str) -> None:
    game = _game(name)
    [row] = _gds(runner, name)
    [[nodes]] = [
        [r["nodes"]]
        for r in runner.run("MATCH (g:Graph {id: $id}) RETURN g.nodes AS nodes", {"id": game.id})
    ]
    assert row == {"positions": nodes, "components": nodes, "largest": 1, "weak_components": 1}


def test_verify_agrees_with_gds_on_every_game_that_has_components(
    runner: Neo4jQueryRunner,
) -> None:
    said: list[str] = []
    report = verify(runner, graphs=[_game(name) for name in GAMES], progress=said.append)
    by_gds = [c for c in report.checks if "by GDS" in c.name]
    assert report.ok, [(c.graph, c.name, c.problems) for c in report.failures]
    assert len(by_gds) == len(GAMES)
    assert any(line.startswith("GDS 2.13.") for line in said)


def test_verify_catches_a_stored_cycle_id_that_gds_disagrees_with(
    runner: Neo4jQueryRunner,
) -> None:
    game = _game("bulgarian")
    [row] = runner.run(
        "MATCH (p:Bulgarian {n: $n}) WITH p.cycle AS cycle, collect(p) AS members "
        "WHERE size(members) > 1 WITH members[size(members) - 1] AS p "
        "RETURN elementId(p) AS id, p.cycle AS cycle LIMIT 1",
        {"n": game.n},
    )
    runner.write("MATCH (p) WHERE elementId(p) = $id SET p.cycle = -1", {"id": row["id"]})
    try:
        report = verify(runner, graphs=[game])
        [check] = [c for c in report.checks if "by GDS" in c.name]
        assert check.problem_count == 1
        assert "holds stored ids" in check.problems[0] and "-1" in check.problems[0]
    finally:
        runner.write(
            "MATCH (p) WHERE elementId(p) = $id SET p.cycle = $cycle",
            {"id": row["id"], "cycle": row["cycle"]},
        )


def test_a_projection_that_matched_nothing_fails_against_the_loaded_graphs_figures(
    runner: Neo4jQueryRunner,
) -> None:
    game = _game("bulgarian")
    record = get_graph(runner, game.id)
    assert record is not None and record.summary["positions"] == 627  # p(20)
    # B_21's query (not loaded: nothing to project) held to B_20's figures
    [check] = gds_checks(runner, game.replace(n=21), lambda _: None, record.summary)
    assert check.problems == (
        "nodes: GDS 0, stat_positions 627",
        f"components: GDS 0, stat_components {record.summary['components']}",
    )


def test_the_acyclic_check_fails_on_a_projection_that_matched_nothing(
    runner: Neo4jQueryRunner,
) -> None:
    t13 = _game("tchoukaillon").replace(n=13)  # not loaded
    [check] = gds_checks(runner, t13, lambda _: None, {})
    assert check.problems == ("expected one row, GDS's query returned 0",)


def test_verify_catches_an_acyclic_projection_of_part_of_the_graph(
    runner: Neo4jQueryRunner,
) -> None:
    game = _game("crim")
    record = get_graph(runner, game.id)
    assert record is not None
    # a position no move enters loses the label the projection matches: what is left is
    # still acyclic, and connected (each position keeps its way to the empty diagram)
    [row] = runner.write_returning(
        "MATCH (p:Crim) WHERE p.graph = $g AND NOT EXISTS { ()-[:CRIM_MOVE]->(p) } "
        "WITH p ORDER BY p.idx DESC LIMIT 1 REMOVE p:Crim RETURN elementId(p) AS id",
        {"g": game.id},
    )
    try:
        [check] = [c for c in verify(runner, graphs=[game]).checks if "by GDS" in c.name]
    finally:
        runner.write("MATCH (p) WHERE elementId(p) = $id SET p:Crim", {"id": row["id"]})
    total = record.summary["positions"]
    assert check.problems == (f"positions: GDS {total - 1}, stat_positions {total}",)
    [check] = [c for c in verify(runner, graphs=[game]).checks if "by GDS" in c.name]
    assert check.ok


def test_verify_catches_a_projection_of_part_of_the_graph(runner: Neo4jQueryRunner) -> None:
    game = _game("bulgarian")
    # three Garden of Eden positions lose the label the projection matches: the partition of
    # the rest is still the stored one, its node total is not the engine's
    ids = [
        row["id"]
        for row in runner.write_returning(
            "MATCH (p:Bulgarian {n: $n}) WHERE NOT EXISTS { ()-[:BULGARIAN_MOVE]->(p) } "
            "WITH p ORDER BY p.idx LIMIT 3 REMOVE p:Bulgarian RETURN elementId(p) AS id",
            {"n": game.n},
        )
    ]
    try:
        assert len(ids) == 3
        report = verify(runner, graphs=[game])
        [check] = [c for c in report.checks if "by GDS" in c.name]
        assert check.problems == ("nodes: GDS 624, stat_positions 627",)
    finally:
        runner.write("MATCH (p) WHERE elementId(p) IN $ids SET p:Bulgarian", {"ids": ids})
    [check] = [c for c in verify(runner, graphs=[game]).checks if "by GDS" in c.name]
    assert check.ok


def test_verify_passes_q_below_n_16_which_has_no_4_cycle_to_project(
    runner: Neo4jQueryRunner, neo4j_driver: Driver, neo4j_settings: Neo4jSettings
) -> None:
    # G_m has no 4-cycle for m <= 15 (G_16 has the first two), by brute force
    assert [m for m in range(1, 17) if four_cycles_by_brute_force(m)] == [16]
    q = get_game("lifting").create(n=15, rule="band")
    with graphs_loaded(neo4j_driver, neo4j_settings, [q]) as loaded:
        report = verify(loaded, graphs=[q])
        [check] = [c for c in report.checks if "by GDS" in c.name]
        assert check.ok and check.detail == (
            "no nodes to project (= the engine's stat_four_cycles, stat_components)"
        )
        assert report.ok, [(c.name, c.problems) for c in report.failures]
