"""The integration tests' one fixture module (imported as `neo4j_support`): games loaded for
a module and removed afterwards (:func:`graphs_loaded`, :func:`module_runner`), a named query
run as `gamegraph query` runs it (:func:`ask`), and a functional game's graph by its
definition (:func:`definition`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest
from functional_definitions import Analysis, analyse, key_move, key_of
from neo4j import Driver

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import list_graphs
from gamegraph.db.queries import QueryResult, run_named
from gamegraph.games.base import Game
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load

__all__ = ["ask", "definition", "graphs_loaded", "module_runner"]


@contextmanager
def graphs_loaded(
    driver: Driver, settings: Neo4jSettings, games: Iterable[Game[Any]]
) -> Iterator[Neo4jQueryRunner]:
    """A runner on which ``games`` are loaded; on leaving, the graphs that were not complete
    before are dropped again (a graph the user had loaded stays)."""
    games = list(games)
    runner = Neo4jQueryRunner(driver, settings.database)
    before = {g.id for g in list_graphs(runner) if g.complete}
    try:
        run_load(runner, [PlannedGraph(game, game.estimate()) for game in games])
        yield runner
    finally:
        for game in games:
            if game.id not in before:
                drop_graph(runner, game.id)


def module_runner(games: Sequence[Game[Any]]) -> Callable[..., Iterator[Neo4jQueryRunner]]:
    """A module-scoped ``runner`` fixture on which ``games`` are loaded (and dropped after the
    module unless they were there): ``runner = module_runner(GAMES)`` in a test module."""

    @pytest.fixture(scope="module")
    def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
        with graphs_loaded(neo4j_driver, neo4j_settings, games) as loaded:
            yield loaded

    return runner


def ask(runner: Neo4jQueryRunner, name: str, **params: Any) -> QueryResult:
    """Run a shipped query the way `gamegraph query` does (conversion, graph check)."""
    return run_named(runner, name, params)


def definition(game: Game[Any], positions: Iterable[Sequence[int]]) -> Analysis:
    """A functional game's graph on ``positions`` by its definition: the move applied by
    hand (tests/functional_definitions.py), analysed with networkx."""
    return analyse((key_of(position) for position in positions), key_move(game))
