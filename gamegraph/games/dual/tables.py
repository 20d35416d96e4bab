"""D_n as Neo4j tables: ``(:Dual)-[:DUAL_MOVE]->(:Dual)`` (docs/schema.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamegraph.games.dual.engine import DualGraph
from gamegraph.games.engine.tables import functional_tables
from gamegraph.games.model import GraphTables, position_columns

if TYPE_CHECKING:
    from gamegraph.games.dual import Dual

__all__ = ["dual_tables"]


def dual_tables(game: Dual, graph: DualGraph) -> GraphTables:
    """One node per partition of n (the columns of a B_n position) with its analysis; one
    move each."""
    parts, offsets = graph.flat_parts()
    columns = position_columns(graph.n, parts, offsets, np.arange(graph.size))
    return functional_tables(game, graph, columns)


tables = dual_tables
"""The ``tables`` hook :class:`~gamegraph.games.base.Game` calls (its engine's package)."""
