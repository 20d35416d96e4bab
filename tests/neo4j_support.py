"""The integration tests' one fixture module (imported as `neo4j_support`): games loaded for
a module and removed afterwards (:func:`graphs_loaded`, :func:`module_runner`, and
:class:`GraphsOnDemand` for graphs a module's tests ask for one by one), a named query run as
`gamegraph query` runs it (:func:`ask`), and a functional game's graph by its definition
(:func:`definition`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest
from functional_definitions import Analysis, analyse, key_move, key_of
from neo4j import Driver

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import GraphState, get_graph, list_graphs
from gamegraph.db.queries import QueryResult, run_named
from gamegraph.games.base import Game
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load

__all__ = [
    "GraphsOnDemand",
    "ask",
    "definition",
    "graphs_loaded",
    "graphs_on_demand",
    "module_runner",
]


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


class GraphsOnDemand:
    """Graphs a module's tests read, each loaded the first time a test asks for it and kept
    for the module's other tests (one load per graph, not one per test); :meth:`drop` removes
    those that were not current when first asked for (a graph the user had loaded stays).

    Graphs of one slot replace each other (CRIM of another size, Q of another n_max): asking
    for the one not in its slot loads it again."""

    def __init__(self, runner: Neo4jQueryRunner) -> None:
        self.runner = runner
        self.slots: dict[str, str] = {}
        """Slot -> the id of the graph this module last asked for in it."""
        self.ours: set[str] = set()
        """Loaded by this module: dropped at its end."""
        self.verified: set[str] = set()
        """Graphs a test of the module has verified since they were loaded."""

    def load(self, game: Game[Any]) -> None:
        """``game``'s graph loaded (by this call, or by an earlier one of the module)."""
        if self.slots.get(game.slot) == game.id:
            return
        replaced = self.slots.pop(game.slot, None)
        if replaced is not None:  # the load below replaces it
            self.ours.discard(replaced)
            self.verified.discard(replaced)
        state = get_graph(self.runner, game.id)
        if state is None or state.state(game) is not GraphState.CURRENT:
            self.ours.add(game.id)
        run_load(self.runner, [PlannedGraph(game, game.estimate())])
        self.slots[game.slot] = game.id

    def load_afresh(self, game: Game[Any]) -> None:
        """``game``'s graph loaded by this call: dropped first if an earlier test of the
        module loaded it (for a test of the load itself)."""
        if self.slots.get(game.slot) == game.id and game.id in self.ours:
            drop_graph(self.runner, game.id)
            self.ours.discard(game.id)
            self.verified.discard(game.id)
            del self.slots[game.slot]
        self.load(game)

    def drop(self) -> None:
        for graph_id in sorted(self.ours):
            drop_graph(self.runner, graph_id)
        self.ours.clear()
        self.slots.clear()


@contextmanager
def graphs_on_demand(driver: Driver, settings: Neo4jSettings) -> Iterator[GraphsOnDemand]:
    """A :class:`GraphsOnDemand` on the session's database, its graphs dropped on leaving."""
    graphs = GraphsOnDemand(Neo4jQueryRunner(driver, settings.database))
    try:
        yield graphs
    finally:
        graphs.drop()


def ask(runner: Neo4jQueryRunner, name: str, **params: Any) -> QueryResult:
    """Run a shipped query the way `gamegraph query` does (conversion, graph check)."""
    return run_named(runner, name, params)


def definition(game: Game[Any], positions: Iterable[Sequence[int]]) -> Analysis:
    """A functional game's graph on ``positions`` by its definition: the move applied by
    hand (tests/functional_definitions.py), analysed with networkx."""
    return analyse((key_of(position) for position in positions), key_move(game))
