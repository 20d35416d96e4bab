"""Connecting to a real Neo4j 5 and running queries through the QueryRunner."""

from __future__ import annotations

import dataclasses

import pytest

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings, connect, local_uri
from gamegraph.errors import DatabaseAuthError, DatabaseNotFound, DatabaseUnavailable


def test_return_1_round_trips_and_server_is_neo4j_5(runner: Neo4jQueryRunner) -> None:
    assert runner.run("RETURN 1 AS one") == [{"one": 1}]
    [kernel] = runner.run(
        "CALL dbms.components() YIELD name, versions WHERE name = 'Neo4j Kernel' "
        "RETURN versions[0] AS version"
    )
    assert kernel["version"].startswith("5.")


def test_parameters_reach_cypher_unchanged(runner: Neo4jQueryRunner) -> None:
    rows = runner.run("RETURN $n + 1 AS m, $parts AS parts", {"n": 41, "parts": [3, 2, 1]})
    assert rows == [{"m": 42, "parts": [3, 2, 1]}]


def test_written_node_reads_back_and_is_deleted(runner: Neo4jQueryRunner, test_tag: str) -> None:
    try:
        counters = runner.write(
            "CREATE (:GamegraphTest {test_tag: $tag, parts: $parts})",
            {"tag": test_tag, "parts": [4, 1]},
        )
        assert counters.nodes_created == 1
        assert counters.labels_added == 1
        rows = runner.run(
            "MATCH (n:GamegraphTest {test_tag: $tag}) RETURN n.parts AS parts", {"tag": test_tag}
        )
        assert rows == [{"parts": [4, 1]}]
    finally:
        runner.write("MATCH (n:GamegraphTest {test_tag: $tag}) DETACH DELETE n", {"tag": test_tag})
    assert runner.run(
        "MATCH (n:GamegraphTest {test_tag: $tag}) RETURN count(n) AS n", {"tag": test_tag}
    ) == [{"n": 0}]


def test_apoc_is_installed(runner: Neo4jQueryRunner) -> None:
    [row] = runner.run("RETURN apoc.version() AS version")
    assert row["version"].startswith("5.")


def test_wrong_password_gives_auth_error_naming_uri_and_user(
    neo4j_settings: Neo4jSettings,
) -> None:
    wrong = dataclasses.replace(neo4j_settings, password="not-the-password")
    uri = neo4j_settings.uri or local_uri()
    with pytest.raises(DatabaseAuthError, match="wrong credentials") as caught:
        connect(wrong, start_local=False)
    assert uri in str(caught.value)
    assert neo4j_settings.user in str(caught.value)


def test_unreachable_uri_gives_unavailable_error_with_hint() -> None:
    settings = Neo4jSettings(uri="bolt://127.0.0.1:1")
    with pytest.raises(DatabaseUnavailable) as caught:
        connect(settings, start_local=False)
    message = str(caught.value)
    assert message.startswith("cannot reach Neo4j at bolt://127.0.0.1:1: ")
    assert "\n" not in message  # the driver's message ran over two lines
    assert message.endswith(  # was: "or set NEO4J_URI", which the user had set
        "(is a Neo4j running there? Leave NEO4J_URI and --uri unset for the local one, which "
        "`gamegraph neo4j start` starts)"
    )


def test_missing_database_gives_not_found_error(neo4j_settings: Neo4jSettings) -> None:
    missing = dataclasses.replace(neo4j_settings, database="nosuchdatabase")
    with pytest.raises(DatabaseNotFound, match="nosuchdatabase"):
        connect(missing, start_local=False)
