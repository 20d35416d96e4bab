"""Q as Neo4j tables: ``(:FourCycle)-[:LIFTS_TO]->(:FourCycle)`` (docs/schema.md)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.games.lifting.graph import LiftingGraph
from gamegraph.games.model import GraphTables, NodeTable, RelTable
from gamegraph.games.partitions import canonical_key, paper_notation

if TYPE_CHECKING:
    from gamegraph.games.lifting import Lifting

__all__ = ["tables"]


def tables(game: Lifting, q: LiftingGraph) -> GraphTables:
    """Q: ``(:FourCycle)-[:LIFTS_TO]->(:FourCycle)`` for lifts inside the range.

    Lifts whose target lies beyond n_max are counted on the source (``lifts_beyond``) but
    have no node to point at.
    """
    cycles = list(q.cycles)
    row_of = {c.key: i for i, c in enumerate(cycles)}
    sources = {key for comp in q.components for key in q.sources(comp)}
    inside = [lift for lift in q.lifts if lift.target.key in row_of]
    beyond = Counter(lift.source.key for lift in q.lifts if lift.target.key not in row_of)
    columns: dict[str, list[Any]] = {
        "rule": [q.rule] * len(cycles),
        "n": [c.n for c in cycles],
        "idx": list(range(len(cycles))),
        "key": [c.key for c in cycles],
        "positions": [[canonical_key(p) for p in c] for c in cycles],
        "notation": [" → ".join(paper_notation(p) for p in c) for c in cycles],
        "component": [q.component_of[c.key] for c in cycles],
        "source": [c.key in sources for c in cycles],
        "lifts": [q.lift_counts[c.key] for c in cycles],
        "lifts_beyond": [beyond[c.key] for c in cycles],
    }
    non_lifting = [q.lift_counts[c.key] == 0 for c in cycles]
    nodes = NodeTable("FourCycle", columns, {"NonLifting": non_lifting})
    lifts = RelTable(
        "LIFTS_TO",
        "FourCycle",
        "FourCycle",
        np.asarray([row_of[lift.source.key] for lift in inside], dtype=np.int64),
        np.asarray([row_of[lift.target.key] for lift in inside], dtype=np.int64),
        {
            "rule": [lift.rule for lift in inside],
            "m": [lift.m for lift in inside],
            "n_from": [lift.source.n for lift in inside],
            "n_to": [lift.target_n for lift in inside],
            "patterns": [list(lift.patterns) if lift.patterns else None for lift in inside],
        },
    )
    return GraphTables(game, [nodes], [lifts], game.summary(q))
