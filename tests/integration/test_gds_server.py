"""The Graph Data Science library in the local Neo4j, and `Database.gds` / `Database.project`.

GDS's weak components of a loaded B_n are compared with networkx's, computed from the same
relationships read back by plain Cypher (a second, independent computation)."""

from __future__ import annotations

from typing import Any

import networkx as nx
import pytest
from neo4j import Driver
from neo4j_support import graphs_loaded

import gamegraph as gg
from gamegraph.api import Database
from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.gds import gds_version
from gamegraph.games.registry import get_game
from gamegraph.server import GDS_VERSION, LocalNeo4j


def test_local_server_loads_gds_and_status_names_its_version(local_neo4j: LocalNeo4j) -> None:
    status = local_neo4j.status()
    assert status.gds_version == GDS_VERSION == "2.13.9"
    plugins = {p.name for p in (local_neo4j.home / "plugins").glob("*.jar")}
    assert {f"proc-{GDS_VERSION}.jar", f"opengds-extension-{GDS_VERSION}.jar"} <= plugins
    # GDS's own jars only: its third-party libraries stay on the classpath
    assert not any(name.startswith(("agrona-", "hppc-")) for name in plugins)


def test_gds_version_answers_2_13_9(local_neo4j: LocalNeo4j, runner: Neo4jQueryRunner) -> None:
    assert gds_version(runner) == "2.13.9"
    rows = runner.run("CALL gds.list() YIELD name RETURN count(name) AS procedures")
    assert rows[0]["procedures"] > 100


@pytest.fixture
def with_gds(neo4j_target: Any, runner: Neo4jQueryRunner) -> None:
    """The session's Neo4j has GDS: the local one and gamegraph's image always do (a failure
    otherwise); a server named by NEO4J_URI may not (a skip)."""
    if gds_version(runner) is None:
        if neo4j_target.source in ("local", "container"):
            pytest.fail(f"the {neo4j_target.source} Neo4j has no GDS", pytrace=False)
        pytest.skip(f"the Neo4j of {neo4j_target.source} has no Graph Data Science library")


@pytest.mark.usefixtures("with_gds")
def test_projection_of_a_loaded_graph_has_its_nodes_and_gds_finds_its_components(
    neo4j_driver: Driver, neo4j_settings: Neo4jSettings
) -> None:
    game = get_game("bulgarian").create(n=24)
    with graphs_loaded(neo4j_driver, neo4j_settings, [game]) as runner:
        db = Database(runner, neo4j_settings)
        assert db.gds.server_version().major == 2
        graph = db.project(game.id)
        try:
            counts = runner.run(
                "MATCH (p:GraphNode {graph: $g}) OPTIONAL MATCH (p)-[r]->() "
                "RETURN count(DISTINCT p) AS nodes, count(r) AS rels",
                {"g": game.id},
            )[0]
            assert graph.name() == game.id
            assert graph.node_count() == counts["nodes"] > 0
            assert graph.relationship_count() == counts["rels"]
            rows = runner.run(
                "CALL gds.wcc.stream($name) YIELD nodeId, componentId "
                "RETURN gds.util.asNode(nodeId).key AS key, componentId AS component",
                {"name": graph.name()},
            )
            edges = runner.run(
                "MATCH (a:GraphNode {graph: $g})-[]->(b:GraphNode {graph: $g}) "
                "RETURN a.key AS a, b.key AS b",
                {"g": game.id},
            )
            assert len(db.gds.wcc.stream(graph)) == counts["nodes"]
        finally:
            graph.drop()
        by_gds: dict[int, set[str]] = {}
        for row in rows:
            by_gds.setdefault(row["component"], set()).add(row["key"])
        expected = nx.Graph([(e["a"], e["b"]) for e in edges])
        assert {frozenset(c) for c in by_gds.values()} == {
            frozenset(c) for c in nx.connected_components(expected)
        }
        # and as many as the engine counts (B_24: five cycles, one per weak component)
        assert len(by_gds) == gg.bulgarian(24).stats()["components"] == 5
        assert runner.run(
            "CALL gds.graph.exists($name) YIELD exists RETURN exists", {"name": game.id}
        ) == [{"exists": False}]


@pytest.mark.usefixtures("with_gds")
def test_project_refuses_a_graph_that_is_not_loaded(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    from gamegraph.errors import GraphNotLoadedError, InputError

    db = Database(runner, neo4j_settings)
    with pytest.raises(GraphNotLoadedError, match=r"B_37 is not loaded: run `gamegraph load "):
        db.project("bulgarian:37")
    with pytest.raises(InputError, match="bad graph id 'nonsense'"):
        db.project("nonsense")
