"""CRIM as Neo4j tables: ``(:Crim)-[:CRIM_MOVE]->(:Crim)`` (docs/schema.md).

One node per partition of size 0..N, whose ``n`` is its size |λ| (so ``(:Crim {n: 12})``
are the positions of CRIM on the partitions of 12), with its Sprague-Grundy value, its rank
and the label ``:PPosition`` when the player to move loses; one ``CRIM_MOVE`` from each
position to each of its distinct options. The empty diagram has the key ``"0"``
(:data:`gamegraph.core.notation.EMPTY_KEY`) and no ``parts``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.games.crim.engine import CrimGraph
from gamegraph.games.engine.tables import listed
from gamegraph.games.model import GraphTables, NodeTable, RelTable

if TYPE_CHECKING:
    from gamegraph.games.crim import Crim

__all__ = ["P_LABEL", "summary", "tables"]

P_LABEL = "PPosition"


def summary(game: Crim, graph: CrimGraph) -> dict[str, Any]:
    """The ``summary`` hook (the :Graph record's ``stat_*``): the stats, and what `verify`
    also holds the stored graph to: the moves, the P-positions of every size and those of
    odd rank (the paper conjectures none)."""
    return game.stats(graph) | {
        "arcs": graph.arcs,
        "p_positions_all_sizes": int(np.count_nonzero(graph.p_position)),
        "odd_rank_p_positions": int(graph.odd_rank_p_positions().shape[0]),
    }


def tables(game: Crim, graph: CrimGraph) -> GraphTables:
    """Every position with its analysis, every move."""
    parts, starts = graph.flat_parts()
    lists = listed(parts, starts)
    columns: dict[str, list[Any]] = {
        "n": graph.sizes.tolist(),
        "idx": list(range(graph.size)),
        "key": graph.keys(),
        # no parts for [] (index 0): neo4j-admin reads an empty list as no value, so every
        # route (online, CSV, GraphML) leaves the property out; num_parts is 0
        "parts": [None, *lists[1:]],
        "notation": graph.notations(),
        "num_parts": np.diff(starts).tolist(),
        "largest": [part[0] if part else 0 for part in lists],
        "rank": graph.rank.tolist(),
        "grundy": graph.grundy.tolist(),
    }
    nodes = NodeTable(game.label, columns, {P_LABEL: graph.p_position.tolist()})
    move = RelTable(game.move, game.label, game.label, graph.sources, graph.indices)
    return GraphTables(game, [nodes], [move], game.summary(graph))
