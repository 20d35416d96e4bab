"""M on I(n) as Neo4j tables: ``(:Montreal)-[:MONTREAL_MOVE]->(:Montreal)`` (docs/schema.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamegraph.games.engine.tables import functional_tables, sequence_columns
from gamegraph.games.model import GraphTables
from gamegraph.games.montreal.engine import MontrealGraph

if TYPE_CHECKING:
    from gamegraph.games.montreal import Montreal

__all__ = ["montreal_tables"]


def montreal_tables(game: Montreal, graph: MontrealGraph) -> GraphTables:
    """One node per position (its entries in order, zeros included, and their number) with
    its analysis; one move each."""
    entries, offsets = graph.flat_entries()
    columns = sequence_columns(graph.n, "entries", entries, offsets, graph.keys())
    columns["length"] = np.diff(offsets).tolist()
    return functional_tables(game, graph, columns)


tables = montreal_tables
"""The ``tables`` hook :class:`~gamegraph.games.base.Game` calls (its engine's package)."""
