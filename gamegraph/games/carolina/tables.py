"""C_n as Neo4j tables: ``(:Carolina)-[:CAROLINA_MOVE]->(:Carolina)`` (docs/schema.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamegraph.games.carolina.engine import CarolinaGraph
from gamegraph.games.engine.tables import functional_tables, sequence_columns
from gamegraph.games.model import GraphTables

if TYPE_CHECKING:
    from gamegraph.games.carolina import Carolina

__all__ = ["carolina_tables"]


def carolina_tables(game: Carolina, graph: CarolinaGraph) -> GraphTables:
    """One node per composition (its parts in order, their number and the first part, which
    decide the Garden of Eden: α_1 < c − 1) with its analysis; one move each."""
    parts, offsets = graph.flat_parts()
    columns = sequence_columns(graph.n, "parts", parts, offsets, graph.keys())
    columns |= {
        "num_parts": np.diff(offsets).tolist(),
        "first": parts[offsets[:-1]].tolist(),
    }
    return functional_tables(game, graph, columns)


tables = carolina_tables
"""The ``tables`` hook :class:`~gamegraph.games.base.Game` calls (its engine's package)."""
