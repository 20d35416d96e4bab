"""A functional graph as Neo4j tables: ``(:Label)-[:LABEL_MOVE]->(:Label)``, one move each.

Every functional-graph game (:class:`gamegraph.games.functional.game.FunctionalGame`) stores
its positions the same way: the game's own position columns (``n``, ``idx``, ``key``, its
parts, its notation, ...) plus the analysis of :class:`gamegraph.games.functional.FunctionalGraph`
as properties (``cycle``, ``cycle_length``, ``distance``, ``in_degree``) and flag labels
(``:Recurrent``, ``:GardenOfEden``), exactly as B_n does (docs/schema.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.games.functional.graph import FunctionalGraph
from gamegraph.games.model import Column, GraphTables, NodeTable, RelTable

if TYPE_CHECKING:
    from gamegraph.games.functional.game import FunctionalGame

__all__ = ["cycle_length_of", "functional_tables", "listed", "sequence_columns"]


def cycle_length_of(graph: FunctionalGraph) -> np.ndarray:
    """Length of the cycle each position's trajectory ends in."""
    lengths: np.ndarray = graph.cycle_lengths[graph.cycle_of]
    return lengths


def listed(values: np.ndarray, offsets: np.ndarray) -> list[list[int]]:
    """Flat values cut at ``offsets`` into one Python list per position."""
    flat = values.tolist()
    bounds = offsets.tolist()
    return [flat[bounds[i] : bounds[i + 1]] for i in range(len(bounds) - 1)]


def sequence_columns(
    n: int, name: str, values: np.ndarray, offsets: np.ndarray, keys: list[str]
) -> dict[str, list[Any]]:
    """Columns of positions that are sequences kept in order (compositions, Montreal
    positions): ``n``, ``idx``, ``key`` (``3,1,2``), the entries as a list under ``name``,
    and ``notation`` as the seed writes them (``(3,1,2)``)."""
    size = len(keys)
    return {
        "n": [n] * size,
        "idx": list(range(size)),
        "key": keys,
        name: listed(values, offsets),
        "notation": [f"({key})" for key in keys],
    }


def functional_tables(
    game: FunctionalGame[Any], graph: FunctionalGraph, columns: Mapping[str, Column]
) -> GraphTables:
    """One node per position (``columns``, in index order, plus the analysis) and its move.

    ``columns`` must hold ``n``, ``idx`` and ``key`` and whatever else identifies and
    describes a position of the game.
    """
    everything = np.arange(graph.size)
    analysis: dict[str, Column] = {
        "cycle": graph.cycle_of,
        "cycle_length": cycle_length_of(graph),
        "distance": graph.distance,
        "in_degree": graph.in_degree,
    }
    flags: dict[str, Column] = {
        "Recurrent": graph.on_cycle,
        "GardenOfEden": graph.garden_of_eden,
    }
    nodes = NodeTable(game.label, {**columns, **analysis}, flags)
    move = RelTable(game.move, game.label, game.label, everything, graph.successor)
    return GraphTables(game, [nodes], [move], game.summary(graph))
