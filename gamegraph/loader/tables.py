"""The graph model as tables: what each loaded graph puts into Neo4j, computed without Neo4j.

Both the online loader (:mod:`gamegraph.loader.writer`) and the export to neo4j-admin CSV and
GraphML (:mod:`gamegraph.loader.export`) consume these tables, so the two routes cannot drift.
docs/schema.md describes the model; the names here are its single source.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from gamegraph.games._kernels import format_partitions
from gamegraph.games.bulgarian import BulgarianGraph
from gamegraph.games.floridian import FloridianGraph
from gamegraph.games.lifting_graph import LiftingGraph
from gamegraph.games.partitions import canonical_key, paper_notation

__all__ = [
    "ENGINE_VERSION",
    "GraphSpec",
    "GraphTables",
    "NodeTable",
    "RelTable",
    "bulgarian_tables",
    "floridian_tables",
    "lifting_tables",
]

ENGINE_VERSION = "1"
"""Bumped when the model or the engine's answers change; a graph loaded by another version is
reloaded instead of being kept."""

Game = Literal["bulgarian", "floridian", "lifting"]


@dataclass(frozen=True)
class GraphSpec:
    """Which graph: B_n, G_n/H_n (full or restricted), or Q for a rule over n <= n."""

    game: Game
    n: int
    rule: str | None = None  #: lifting only: 'paper' or 'band'
    restricted: bool = False  #: floridian only

    @property
    def id(self) -> str:
        """The graph's address: ``bulgarian:60``, ``floridian:60``, ``lifting:paper:60``."""
        if self.game == "lifting":
            return f"lifting:{self.rule}:{self.n}"
        return f"{self.game}:{self.n}"

    @property
    def mode(self) -> str:
        return "restricted" if self.restricted else "full"

    def describe(self) -> str:
        if self.game == "bulgarian":
            return f"B_{self.n}"
        if self.game == "floridian":
            return f"G_{self.n}, H_{self.n}" + (" (restricted)" if self.restricted else "")
        return f"Q ({self.rule} rule, n <= {self.n})"


@dataclass
class NodeTable:
    """Nodes of one label: property columns (equal length, in the order the loader's
    ``create_<label>`` query reads them) and flag labels (label -> one bool per node)."""

    label: str
    columns: dict[str, list[Any]]
    flags: dict[str, list[bool]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(next(iter(self.columns.values()))) if self.columns else 0

    def rows(self, start: int = 0, stop: int | None = None) -> list[list[Any]]:
        """Positional rows ``[column 0, column 1, ..., [flag labels]]`` for a slice of nodes.

        The last element lists the node's flag labels (possibly none): the ``create_<label>``
        queries set them in the same statement that creates the node.
        """
        cols = [values[start:stop] for values in self.columns.values()]
        names = list(self.flags)
        flag_cols = [flags[start:stop] for flags in self.flags.values()]
        if not names:
            return [[*values, []] for values in zip(*cols, strict=True)]
        return [
            [*values, [name for name, flag in zip(names, flags, strict=True) if flag]]
            for values, flags in zip(
                zip(*cols, strict=True), zip(*flag_cols, strict=True), strict=True
            )
        ]

    def labels_of(self, row: int) -> list[str]:
        return [self.label, *(label for label, flags in self.flags.items() if flags[row])]


@dataclass
class RelTable:
    """Relationships of one type between rows of two node tables (by row number)."""

    type: str
    source: str  #: label of the start table
    target: str  #: label of the end table
    start: np.ndarray
    end: np.ndarray
    properties: dict[str, list[Any]] = field(default_factory=dict)

    def __len__(self) -> int:
        return int(self.start.shape[0])


@dataclass
class GraphTables:
    spec: GraphSpec
    nodes: list[NodeTable]
    rels: list[RelTable]
    summary: dict[str, Any]  #: the engine's stats, stored on the :Graph node

    def node_table(self, label: str) -> NodeTable:
        return next(table for table in self.nodes if table.label == label)

    @property
    def node_count(self) -> int:
        return sum(len(t) for t in self.nodes)

    @property
    def rel_count(self) -> int:
        return sum(len(t) for t in self.rels)


def _texts(parts: np.ndarray, offsets: np.ndarray, rows: np.ndarray, paper: bool) -> list[str]:
    """Canonical keys (or paper notation) of many partitions, formatted by a compiled kernel."""
    text = format_partitions(parts, offsets, rows.astype(np.int64), paper).tobytes().decode()
    return text.split("\n")[:-1]


def _position_columns(
    n: int, parts: np.ndarray, offsets: np.ndarray, rows: np.ndarray
) -> dict[str, list[Any]]:
    """n, idx, key, parts, notation, num_parts, largest for the given S/B indices."""
    flat = parts.tolist()
    bounds = offsets.tolist()
    lists = [flat[bounds[i] : bounds[i + 1]] for i in rows.tolist()]
    return {
        "n": [n] * len(lists),
        "idx": rows.tolist(),
        "key": _texts(parts, offsets, rows, paper=False),
        "parts": lists,
        "notation": _texts(parts, offsets, rows, paper=True),
        "num_parts": [len(part) for part in lists],
        "largest": [part[0] for part in lists],
    }


def bulgarian_tables(graph: BulgarianGraph) -> GraphTables:
    """B_n: ``(:Bulgarian)-[:BULGARIAN_MOVE]->(:Bulgarian)``, one node per partition."""
    parts, offsets = graph.flat_parts()
    everything = np.arange(graph.size)
    columns = _position_columns(graph.n, parts, offsets, everything)
    cycle_lengths = np.zeros(graph.cycle_count, dtype=np.int64)
    for cid, members in enumerate(graph.cycles):
        cycle_lengths[cid] = len(members)
    columns |= {
        "cycle": graph.cycle_of.tolist(),
        "cycle_length": cycle_lengths[graph.cycle_of].tolist(),
        "distance": graph.distance.tolist(),
        "in_degree": graph.in_degree.tolist(),
    }
    nodes = NodeTable(
        "Bulgarian",
        columns,
        {"Recurrent": graph.on_cycle.tolist(), "GardenOfEden": graph.garden_of_eden.tolist()},
    )
    move = RelTable("BULGARIAN_MOVE", "Bulgarian", "Bulgarian", everything, graph.successor)
    stats = graph.stats()
    summary = {
        "positions": stats.positions,
        "cycles": stats.cycles,
        "components": stats.components,
        "garden_of_eden": stats.garden_of_eden,
        "fixed_points": stats.fixed_points,
        "max_transient": stats.max_transient,
        "recurrent": int(graph.on_cycle.sum()),
    }
    return GraphTables(GraphSpec("bulgarian", graph.n), [nodes], [move], summary)


def floridian_tables(graph: FloridianGraph) -> GraphTables:
    """G_n and H_n: α-positions, Ω-positions, α-moves, Ω-moves and turns (H_n arcs).

    Full mode has every S(n) member as an α-position; restricted mode only Ω(T(n)).
    Ω-positions are every member of T(n), reachable or not.
    """
    pos = graph.positions
    alpha_rows = graph.sources
    omega_rows = np.flatnonzero(graph.in_t)
    full = not graph.restricted
    alpha = _position_columns(graph.n, pos.parts, pos.offsets, alpha_rows)
    in_omega_t = np.zeros(pos.size, dtype=bool)
    in_omega_t[graph.omega_t] = True
    core = graph.core_component_of
    turns = graph.turns_to_core[alpha_rows].tolist() if full else [-1] * len(alpha_rows)
    alpha |= {
        "in_omega_t": in_omega_t[alpha_rows].tolist(),
        "out_degree": np.diff(graph.alpha_ptr).tolist(),
        "core_scc": [None if c < 0 else c for c in core[alpha_rows].tolist()],
        "turns_to_core": [None if t < 0 else t for t in turns],
    }
    flags = {"Recurrent": graph.recurrent[alpha_rows].tolist()}
    if full:
        flags |= {
            "Losing": graph.losing[alpha_rows].tolist(),
            "ImmediateLoss": graph.immediate_loss[alpha_rows].tolist(),
        }
    omega = _position_columns(graph.n, pos.parts, pos.offsets, omega_rows)
    reached = np.zeros(pos.size, dtype=bool)
    reached[graph.alpha_dst] = True
    omega["reachable"] = reached[omega_rows].tolist()

    # row numbers inside each table, from S positions
    alpha_row = np.full(pos.size, -1, dtype=np.int64)
    alpha_row[alpha_rows] = np.arange(alpha_rows.shape[0])
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
    summary = graph.stats().as_dict()
    return GraphTables(
        GraphSpec("floridian", graph.n, restricted=graph.restricted), nodes, rels, summary
    )


def lifting_tables(q: LiftingGraph) -> GraphTables:
    """Q: ``(:FourCycle)-[:LIFTS_TO]->(:FourCycle)`` for lifts inside the range.

    Lifts whose target lies beyond n_max are counted on the source (``lifts_beyond``) but
    have no node to point at.
    """
    cycles = list(q.cycles)
    row_of = {c.key: i for i, c in enumerate(cycles)}
    sources = {key for comp in q.components for key in q.sources(comp)}
    inside = [lift for lift in q.lifts if lift.target.key in row_of]
    beyond: dict[str, int] = {}
    for lift in q.lifts:
        if lift.target.key not in row_of:
            beyond[lift.source.key] = beyond.get(lift.source.key, 0) + 1
    columns: dict[str, list[Any]] = {
        "rule": [q.rule] * len(cycles),
        "n": [c.n for c in cycles],
        "key": [c.key for c in cycles],
        "positions": [[canonical_key(p) for p in c] for c in cycles],
        "notation": [" → ".join(paper_notation(p) for p in c) for c in cycles],
        "component": [q.component_of[c.key] for c in cycles],
        "source": [c.key in sources for c in cycles],
        "lifts": [q.lift_counts[c.key] for c in cycles],
        "lifts_beyond": [beyond.get(c.key, 0) for c in cycles],
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
    return GraphTables(GraphSpec("lifting", q.n_max, rule=q.rule), [nodes], [lifts], q.stats())


def iter_batches(length: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, length, size):
        yield start, min(length, start + size)
