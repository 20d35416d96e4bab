"""The contract every registered game keeps against a real Neo4j: its example graph loads
(verified counts), `verify` recomputes its analysis from the relationships and agrees, and
every query it ships runs with the parameters its header gives as examples (on the graph
those parameters name, loaded for the test). A game that registers is covered at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from gamegraph.db import Neo4jQueryRunner
from gamegraph.db.catalog import GraphState, get_graph
from gamegraph.db.queries import run_named, user_queries
from gamegraph.games import Game, all_games, get_game
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.verify import verify

GAMES = all_games()
_EXAMPLE = re.compile(r"^:param\s+(\w+)\s*=>\s*(.+)$")


def _literal(text: str) -> Any:
    text = text.strip().rstrip(";")
    if text[:1] in "'\"":
        return text[1:-1]
    if text in ("true", "false"):
        return text == "true"
    if text.startswith("["):
        return [_literal(part) for part in text[1:-1].split(",")] if text != "[]" else []
    return float(text) if "." in text else int(text)


@pytest.fixture
def loaded_graphs(runner: Neo4jQueryRunner) -> Iterator[list[Game]]:
    """Graphs the test loads; each dropped afterwards unless it was there before."""
    loaded: list[Game] = []
    before = set()
    yield loaded
    for game in loaded:
        if game.id not in before:
            drop_graph(runner, game.id)


def _load(runner: Neo4jQueryRunner, game: Game, loaded: list[Game]) -> None:
    state = get_graph(runner, game.id)
    if state is None or state.state(game) is not GraphState.CURRENT:
        loaded.append(game)
    run_load(runner, [PlannedGraph(game, game.estimate())])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_example_loads_and_verify_agrees(
    runner: Neo4jQueryRunner, game: type[Game], loaded_graphs: list[Game]
) -> None:
    example = game.create(**game.example)
    _load(runner, example, loaded_graphs)
    record = get_graph(runner, example.id)
    assert record is not None and record.state(example) is GraphState.CURRENT
    tables = example.tables(example.build())
    assert record.nodes == tables.node_count and record.relationships == tables.rel_count
    assert record.fingerprint == tables.fingerprint()  # read back from Neo4j when it completed
    report = verify(runner, graphs=[example])
    assert report.graphs == [example.id]
    assert report.ok, [(c.name, c.problems) for c in report.failures]
    assert len(report.checks) >= 3
    assert [c.name for c in report.checks].count("content fingerprint") == 1


def _query_cases() -> list[tuple[str, str]]:
    return [
        (game.name, name)
        for game in GAMES
        for name, query in sorted(user_queries().items())
        if query.requires == game.name
    ]


@pytest.mark.parametrize(("game_name", "name"), _query_cases(), ids=lambda v: str(v))
def test_every_query_runs_with_its_header_examples(
    runner: Neo4jQueryRunner, game_name: str, name: str, loaded_graphs: list[Game]
) -> None:
    query = user_queries()[name]
    params = {}
    for example in query.examples:
        match = _EXAMPLE.match(example)
        assert match, example
        params[match.group(1)] = _literal(match.group(2))
    game = get_game(game_name)
    wanted = game.for_query(params)
    _load(runner, wanted, loaded_graphs)
    result = run_named(runner, name, params)
    assert result.query.name == name
    assert all(set(row) == set(result.columns) for row in result.rows)
    if wanted.id not in _VERIFIED:  # every graph these tests load passes `verify`
        report = verify(runner, graphs=[wanted])
        assert report.ok, [(c.name, c.problems) for c in report.failures]
        _VERIFIED.add(wanted.id)


_VERIFIED: set[str] = set()
