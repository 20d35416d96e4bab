"""Shared by the integration tests: games loaded for a module, and removed afterwards."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from neo4j import Driver

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import list_graphs
from gamegraph.games.base import Game
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load


@contextmanager
def graphs_loaded(
    driver: Driver, settings: Neo4jSettings, games: Iterable[Game]
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
