"""The positions in the named queries' header examples are positions of the graphs those
examples name: the ``:param`` lines a user pastes into Neo4j Browser (and `gamegraph query`
shows) point at a node that is there. Checked on the engine's graph, without a database;
tests/integration/test_games_contract_neo4j.py runs every example on Neo4j."""

from __future__ import annotations

from functools import cache

import pytest
from query_examples import example_params

from gamegraph.db.queries import user_queries
from gamegraph.games import Game, get_game


def _cases() -> list[tuple[str, str]]:
    return [
        (name, param.name)
        for name, query in sorted(user_queries().items())
        for param in query.params
        if param.type == "position"
    ]


@cache
def _positions(game: Game) -> frozenset[str]:
    """The positions the game's graph stores: every node's key, and the positions a node
    lists (a 4-cycle of Q lists its four)."""
    found: set[str] = set()
    for table in game.tables(game.build()).nodes:
        if "key" in table.columns:
            found.update(table.column("key"))
        if "positions" in table.columns:
            found.update(p for listed in table.column("positions") for p in listed)
    return frozenset(found)


@pytest.mark.parametrize(("name", "param"), _cases(), ids=lambda v: str(v))
def test_an_example_position_is_in_the_graph_its_example_names(name: str, param: str) -> None:
    query = user_queries()[name]
    params = example_params(query)
    game = get_game(query.requires).for_query(params)
    assert game.parse_position(str(params[param])) in _positions(game), (name, params)
