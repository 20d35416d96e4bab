"""The random Bulgarian chain as Neo4j tables (docs/schema.md):
``(:RandomBulgarian)-[:RANDOM_BULGARIAN_MOVE {probability}]->(:RandomBulgarian)``.

One node per partition of n with its stationary probability and staircase distance; one
relationship per transition of positive probability (self-loops included). Exact chains also
store every probability and π as exact fraction texts (``"3/16"``) beside the floats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.games.model import Column, GraphTables, NodeTable, RelTable, position_columns
from gamegraph.games.random_bulgarian.engine import RandomBulgarianGraph

if TYPE_CHECKING:
    from gamegraph.games.random_bulgarian import RandomBulgarian

__all__ = ["tables"]


def tables(game: RandomBulgarian, chain: RandomBulgarianGraph) -> GraphTables:
    """Nodes (chain, p, n, key, ..., stationary, staircase_distance) and transitions."""
    size = chain.size
    parts, offsets = chain.positions.flat()
    everything = np.arange(size)
    columns: dict[str, Column] = {"chain": [game.chain] * size, "p": [game.p_text] * size}
    columns |= position_columns(chain.n, parts, offsets, everything)
    columns["stationary"] = chain.stationary.tolist()
    if chain.stationary_exact is not None:
        columns["stationary_exact"] = [str(v) for v in chain.stationary_exact]
    columns["staircase_distance"] = chain.staircase_distance.tolist()
    columns["out_degree"] = np.diff(chain.indptr).tolist()
    mode = np.zeros(size, dtype=bool)
    mode[chain.mode] = True
    nodes = NodeTable(
        game.label,
        columns,
        {
            "StationaryMode": mode.tolist(),
            "Staircase": (chain.staircase_distance == 0).tolist(),
        },
    )
    properties: dict[str, list[Any]] = {"probability": chain.probability.tolist()}
    if chain.probability_exact is not None:
        properties["probability_exact"] = [str(v) for v in chain.probability_exact]
    moves = RelTable(game.move, game.label, game.label, chain.sources, chain.indices, properties)
    return GraphTables(game, [nodes], [moves], game.summary(chain))
