"""G_n and H_n as Neo4j tables: α-positions, Ω-positions, α-moves, Ω-moves and turns
(docs/schema.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamegraph.games.floridian.engine import FloridianGraph
from gamegraph.games.model import (
    Column,
    GraphTables,
    NodeTable,
    RelTable,
    absent_below_zero,
    position_columns,
)

if TYPE_CHECKING:
    from gamegraph.games.floridian import Floridian

__all__ = ["tables"]


def tables(game: Floridian, graph: FloridianGraph) -> GraphTables:
    """G_n and H_n: α-positions, Ω-positions, α-moves, Ω-moves and turns (H_n arcs).

    Full mode has every S(n) member as an α-position; restricted mode only Ω(T(n)).
    Ω-positions are every member of T(n), reachable or not.
    """
    pos = graph.positions
    alpha_rows = graph.sources
    omega_rows = np.flatnonzero(graph.in_t)
    full = not graph.restricted
    alpha = position_columns(graph.n, pos.parts, pos.offsets, alpha_rows)
    in_omega_t = np.zeros(pos.size, dtype=bool)
    in_omega_t[graph.omega_t] = True
    core = graph.core_component_of[alpha_rows]
    turns = graph.turns_to_core[alpha_rows] if full else np.full(len(alpha_rows), -1)
    alpha |= {
        "in_omega_t": in_omega_t[alpha_rows],
        "out_degree": np.diff(graph.alpha_ptr),
        "core_scc": absent_below_zero(core),
        "turns_to_core": absent_below_zero(turns),
    }
    flags: dict[str, Column] = {"Recurrent": graph.recurrent[alpha_rows]}
    if full:
        flags |= {
            "Losing": graph.losing[alpha_rows],
            "ImmediateLoss": graph.immediate_loss[alpha_rows],
        }
    omega = position_columns(graph.n, pos.parts, pos.offsets, omega_rows)
    reached = np.zeros(pos.size, dtype=bool)
    reached[graph.alpha_dst] = True
    omega["reachable"] = reached[omega_rows]

    # row numbers inside each table, from S positions
    alpha_row = graph.row_of
    omega_row = np.full(pos.size, -1, dtype=np.int64)
    omega_row[omega_rows] = np.arange(omega_rows.shape[0])
    a_src, a_dst = graph.alpha_arcs()
    h_src, h_dst = graph.h_arcs()
    omega_targets = graph.omega_of[omega_rows]
    # in restricted mode an Ω-move may end at an α-position that was not built
    keep = alpha_row[omega_targets] >= 0
    rels = [
        RelTable("ALPHA_MOVE", "Alpha", "Omega", alpha_row[a_src], omega_row[a_dst]),
        RelTable(
            "OMEGA_MOVE",
            "Omega",
            "Alpha",
            np.flatnonzero(keep),
            alpha_row[omega_targets[keep]],
        ),
        RelTable("TURN", "Alpha", "Alpha", alpha_row[h_src], alpha_row[h_dst]),
    ]
    nodes = [NodeTable("Alpha", alpha, flags), NodeTable("Omega", omega)]
    return GraphTables(game, nodes, rels, game.summary(graph))
