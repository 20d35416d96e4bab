"""The contract every registered game keeps against a real Neo4j: its example graph loads
(verified counts), `verify` recomputes its analysis from the relationships and agrees, and
every query it ships runs with the parameters its header gives as examples (on the graph
those parameters name). A game that registers is covered at once.

Each graph is loaded once for the module, by the first test that asks for it, and read by the
other tests that need it (the queries only read); the example test loads its graph afresh,
since it tests the load. The module's graphs are dropped at its end."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from neo4j import Driver
from neo4j_support import GraphsOnDemand, graphs_on_demand
from query_examples import example_params

from gamegraph.db import Neo4jSettings
from gamegraph.db.catalog import GraphState, get_graph
from gamegraph.db.queries import run_named, user_queries
from gamegraph.games import Game, all_games, get_game
from gamegraph.verify import verify

GAMES = all_games()


@pytest.fixture(scope="module")
def graphs(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[GraphsOnDemand]:
    """The module's graphs, each loaded once; dropped at its end unless they were there."""
    with graphs_on_demand(neo4j_driver, neo4j_settings) as loaded:
        yield loaded


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_example_loads_and_verify_agrees(game: type[Game], graphs: GraphsOnDemand) -> None:
    runner = graphs.runner
    example = game.create(**game.example)
    graphs.load_afresh(example)
    record = get_graph(runner, example.id)
    assert record is not None and record.state(example) is GraphState.CURRENT
    tables = example.tables(example.build())
    assert record.nodes == tables.node_count and record.relationships == sum(map(len, tables.rels))
    assert record.fingerprint == tables.fingerprint()  # read back from Neo4j when it completed
    report = verify(runner, graphs=[example])
    assert report.graphs == [example.id]
    assert report.ok, [(c.name, c.problems) for c in report.failures]
    assert len(report.checks) >= 3
    assert [c.name for c in report.checks].count("content fingerprint") == 1
    graphs.verified.add(example.id)


def _query_cases() -> list[tuple[str, str]]:
    return [
        (game.name, name)
        for game in GAMES
        for name, query in sorted(user_queries().items())
        if query.requires == game.name
    ]


FINDS_NOTHING = {
    "montreal_garden_of_eden": "M permutes I(n) (claim MON-bij): every position has a predecessor",
    "janetzko_garden_of_eden": "every position lies on a cycle (claim SUR-jan-periodic)",
    "defined_floridian_losing": "G_6, the definition's example, has no losing position",
}
"""Queries whose header example rightly finds nothing in the graph it names, and why; every
other example finds something (a user who pastes it into Neo4j Browser sees an answer)."""


def _graph_for(game: type[Game], params: dict[str, Any], cypher: str) -> Game:
    """The graph a query's example reads: the one its parameters name, or the game's example
    graph where that one serves them too (Q is one graph per rule whatever its range: the
    example's n = 34, not the n = 1 that a query without n names)."""
    wanted = game.for_query(params)
    larger = wanted.replace(n=max(wanted.n, int(game.example.get("n", wanted.n))))
    if larger.slot == wanted.slot and larger.serves(wanted, cypher) is None:
        return larger
    return wanted


@pytest.mark.parametrize(("game_name", "name"), _query_cases(), ids=lambda v: str(v))
def test_every_query_runs_with_its_header_examples(
    game_name: str, name: str, graphs: GraphsOnDemand
) -> None:
    runner = graphs.runner
    query = user_queries()[name]
    params = example_params(query)
    game = get_game(game_name)
    wanted = _graph_for(game, params, query.cypher)
    graphs.load(wanted)
    result = run_named(runner, name, params)
    if name in FINDS_NOTHING:
        assert not result.rows, f"{name} found rows: {FINDS_NOTHING[name]} no longer holds"
    else:
        assert result.rows, f"{name}: the example of its header finds nothing"
    if wanted.id not in graphs.verified:  # every graph these tests load passes `verify`
        report = verify(runner, graphs=[wanted])
        assert report.ok, [(c.name, c.problems) for c in report.failures]
        graphs.verified.add(wanted.id)
