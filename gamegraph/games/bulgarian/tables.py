"""B_n as Neo4j tables: ``(:Bulgarian)-[:BULGARIAN_MOVE]->(:Bulgarian)`` (docs/schema.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamegraph.games.bulgarian.engine import BulgarianGraph
from gamegraph.games.model import GraphTables, NodeTable, RelTable, position_columns

if TYPE_CHECKING:
    from gamegraph.games.bulgarian import Bulgarian

__all__ = ["bulgarian_tables", "cycle_lengths"]


def cycle_lengths(graph: BulgarianGraph) -> np.ndarray:
    """Length of the cycle each position's trajectory ends in."""
    lengths = np.asarray([len(members) for members in graph.cycles], dtype=np.int64)
    result: np.ndarray = lengths[graph.cycle_of]
    return result


def bulgarian_tables(game: Bulgarian, graph: BulgarianGraph) -> GraphTables:
    """One node per partition of n with its analysis; one move each."""
    parts, offsets = graph.flat_parts()
    everything = np.arange(graph.size)
    columns = position_columns(graph.n, parts, offsets, everything)
    columns |= {
        "cycle": graph.cycle_of,
        "cycle_length": cycle_lengths(graph),
        "distance": graph.distance,
        "in_degree": graph.in_degree,
    }
    nodes = NodeTable(
        "Bulgarian",
        columns,
        {"Recurrent": graph.on_cycle, "GardenOfEden": graph.garden_of_eden},
    )
    move = RelTable("BULGARIAN_MOVE", "Bulgarian", "Bulgarian", everything, graph.successor)
    return GraphTables(game, [nodes], [move], game.summary(graph))
