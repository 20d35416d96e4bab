"""B_n as Neo4j tables: ``(:Bulgarian)-[:BULGARIAN_MOVE]->(:Bulgarian)`` (docs/schema.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamegraph.games.bulgarian.engine import BulgarianGraph
from gamegraph.games.engine.tables import functional_tables
from gamegraph.games.model import GraphTables, position_columns

if TYPE_CHECKING:
    from gamegraph.games.bulgarian import Bulgarian

__all__ = ["bulgarian_tables"]


def bulgarian_tables(game: Bulgarian, graph: BulgarianGraph) -> GraphTables:
    """One node per partition of n with its analysis (the shared columns of functional
    graphs); one move each."""
    parts, offsets = graph.flat_parts()
    columns = position_columns(graph.n, parts, offsets, np.arange(graph.size))
    return functional_tables(game, graph, columns)


tables = bulgarian_tables
"""The ``tables`` hook :class:`~gamegraph.games.base.Game` calls (its engine's package)."""
