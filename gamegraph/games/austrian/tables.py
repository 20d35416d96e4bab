"""A_n(L) as Neo4j tables: ``(:Austrian)-[:AUSTRIAN_MOVE]->(:Austrian)`` (docs/schema.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamegraph.games.austrian.engine import AustrianGraph
from gamegraph.games.engine.tables import functional_tables, listed
from gamegraph.games.model import GraphTables, partition_texts

if TYPE_CHECKING:
    from gamegraph.games.austrian import Austrian

__all__ = ["austrian_tables"]


def austrian_tables(game: Austrian, graph: AustrianGraph) -> GraphTables:
    """One node per state (μ, b): ``L``, ``n``, ``idx``, ``key`` (``5,5,3,3|4``), the piles
    μ largest first, the bank b, ``notation`` (``3^2 5^2 | 4``) and ``num_piles``, with the
    analysis; one move each."""
    parts, offsets, bank = graph.flat_parts()
    rows = np.arange(graph.size)
    piles = partition_texts(parts, offsets, rows, paper=True)
    banks = bank.tolist()
    columns = {
        "L": [graph.L] * graph.size,
        "n": [graph.n] * graph.size,
        "idx": rows.tolist(),
        "key": graph.keys(),
        "piles": listed(parts, offsets),
        "bank": banks,
        "notation": [f"{mu} | {b}".lstrip() for mu, b in zip(piles, banks, strict=True)],
        "num_piles": np.diff(offsets).tolist(),
    }
    return functional_tables(game, graph, columns)


tables = austrian_tables
"""The ``tables`` hook :class:`~gamegraph.games.base.Game` calls (its engine's package)."""
