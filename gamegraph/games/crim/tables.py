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
from gamegraph.games.model import Column, GraphTables, NodeTable, RelTable, row_lists

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
    counts = np.diff(starts)
    largest = np.zeros(graph.size, dtype=parts.dtype)
    some = np.flatnonzero(counts)
    largest[some] = parts[starts[some]]
    columns: dict[str, Column] = {
        "n": graph.sizes,
        "idx": np.arange(graph.size, dtype=np.int64),
        "key": graph.positions.text_column(parts, starts, paper=False),
        # no parts for [] (index 0): neo4j-admin reads an empty list as no value, so every
        # route (online, CSV, GraphML) leaves the property out; num_parts is 0
        "parts": row_lists(parts, starts, empty_as_none=True),
        "notation": graph.positions.text_column(parts, starts, paper=True),
        "num_parts": counts,
        "largest": largest,
        "rank": graph.rank,
        "grundy": graph.grundy,
    }
    nodes = NodeTable(game.label, columns, {P_LABEL: graph.p_position})
    move = RelTable(game.move, game.label, game.label, graph.sources, graph.indices)
    return GraphTables(game, [nodes], [move], game.summary(graph))
