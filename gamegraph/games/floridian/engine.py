"""Floridian solitaire: the bipartite graph G_n, the turn graph H_n and their analysis.

Definitions are SPEC.md §3; the α-move itself is spelled out in :mod:`.alpha` and computed in
bulk by :func:`gamegraph.games.floridian._kernels.alpha_arcs_chunk`, run over the positions by
:mod:`.arcs`; S(n), the positions, is :class:`.separated.SeparatedPartitions`.

Nodes are numbered by their position in S(n) (descending lexicographic order): α-position
[λ, α] and Ω-position [λ, Ω] of the same λ share the number, and the Ω-positions are the
members of T(n). Full mode builds every α-arc; restricted mode builds only those leaving
Ω(T(n)), which holds every α-position that can recur (a cycle enters each of its α-positions
by an Ω-move), so cycles, the core and 4-cycles are exact while win/loss questions, which
need every position, are not answered.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.core.graphs import ArcGraph, distance_to, strongly_connected_components
from gamegraph.core.graphs import recurrent as recurrent_nodes
from gamegraph.errors import InputError
from gamegraph.games.engine.graphs import WinningAndLosing, core_groups
from gamegraph.games.floridian import _kernels as fk
from gamegraph.games.floridian.arcs import alpha_arcs
from gamegraph.games.floridian.fourcycles import FourCycle
from gamegraph.games.floridian.fourcycles_local import four_cycles_local
from gamegraph.games.floridian.separated import SeparatedPartitions
from gamegraph.games.limits import BASE_BYTES, Estimate, check_estimate
from gamegraph.games.partitions import Partition, count_separated, partitions_exact

if TYPE_CHECKING:
    from gamegraph.games.base import Progress
    from gamegraph.games.floridian import Floridian

__all__ = [
    "BYTES_PER_ARC",
    "BYTES_PER_POSITION",
    "Core",
    "CoreComponent",
    "CorePart",
    "FloridianGraph",
    "arcs_per_position",
    "build_floridian",
    "check_floridian",
    "estimate_floridian",
]

BYTES_PER_POSITION = 120
"""Held per S(n) position: flat parts (~n/4 bytes), index (8), offsets (8), T flag, Ω index,
α/H row pointers, analysis arrays (SCC scratch is ~6 int64 arrays)."""
BYTES_PER_ARC = 48
"""Per α-arc: its target (int64), the H arc it yields (~0.9 per α-arc: target, source column,
reverse CSR for the turns-to-core BFS), and chunk copies while the kernel runs."""

NETWORKX_LIMIT = 200_000
"""Positions above which to_networkx refuses (networkx holds ~1 KiB per node and arc)."""


@dataclass(frozen=True)
class CorePart:
    """One strongly connected component of the core, as positions (FloridianGraph.core)."""

    positions: tuple[Partition, ...]  #: in index order (descending lexicographic)
    arcs: int  #: arcs of H_n inside it (loops included)


@dataclass(frozen=True)
class Core:
    """The core of H_n: its strongly connected components (largest first) and its arcs."""

    components: tuple[CorePart, ...]
    arcs: tuple[tuple[Partition, Partition], ...]

    @property
    def arc_count(self) -> int:
        return len(self.arcs)


@dataclass(frozen=True)
class CoreComponent:
    """A strongly connected component of the core of H_n."""

    nodes: np.ndarray  #: S positions, increasing
    arcs: int  #: arcs of H_n inside it (loops included)


@dataclass(frozen=True, eq=False)
class FloridianGraph(WinningAndLosing):
    """G_n and H_n (full, or restricted to α-positions in Ω(T(n))) with their analysis."""

    n: int
    restricted: bool
    positions: SeparatedPartitions
    in_t: np.ndarray  #: bool per S position: member of T(n) (an Ω-position of G_n)
    omega_of: np.ndarray  #: S position of Ω(λ) for λ in T(n), -1 elsewhere
    sources: np.ndarray  #: S positions whose α-arcs were built (increasing)
    alpha_ptr: np.ndarray  #: CSR over ``sources``: α-arcs to Ω-positions
    alpha_dst: np.ndarray
    h_ptr: np.ndarray  #: CSR over ``sources``: distinct H_n arcs (Ω of the α-targets)
    h_dst: np.ndarray

    # ----------------------------------------------------------------- structure

    @cached_property
    def row_of(self) -> np.ndarray:
        row = np.full(self.positions.size, -1, dtype=np.int64)
        row[self.sources] = np.arange(self.sources.shape[0])
        return row

    @cached_property
    def omega_t(self) -> np.ndarray:
        """S positions of Ω(T(n)), increasing."""
        return np.unique(self.omega_of[self.in_t])

    def alpha_arcs(self) -> tuple[np.ndarray, np.ndarray]:
        """(source, target) S positions of every built α-arc."""
        return np.repeat(self.sources, np.diff(self.alpha_ptr)), self.alpha_dst

    def h_arcs(self) -> tuple[np.ndarray, np.ndarray]:
        """(source, target) S positions of every built H_n arc (loops included)."""
        return self.h_graph.sources, self.h_dst

    def alpha_targets(self, i: int) -> np.ndarray:
        row = self.row_of[i]
        if row < 0:
            raise ValueError(f"α-arcs of {self.positions.position(i)} were not built (restricted)")
        return self.alpha_dst[self.alpha_ptr[row] : self.alpha_ptr[row + 1]]

    # ----------------------------------------------------------------- analysis

    @cached_property
    def h_graph(self) -> ArcGraph:
        """H_n as the graph core's CSR type, every S position a node (rows outside
        ``sources`` are empty)."""
        counts = np.zeros(self.positions.size, dtype=np.int64)
        counts[self.sources] = np.diff(self.h_ptr)
        return ArcGraph(np.concatenate(([0], np.cumsum(counts))), self.h_dst)

    @cached_property
    def scc(self) -> np.ndarray:
        """Strongly connected component id of every S position in H_n."""
        return strongly_connected_components(self.h_graph)

    @cached_property
    def has_loop(self) -> np.ndarray:
        src, dst = self.h_arcs()
        loops = np.zeros(self.positions.size, dtype=bool)
        loops[src[src == dst]] = True
        return loops

    @cached_property
    def recurrent(self) -> np.ndarray:
        """α-positions on a cycle of G_n: in a nontrivial SCC of H_n or on a loop."""
        return recurrent_nodes(self.h_graph, self.scc)

    @cached_property
    def core_arc_mask(self) -> np.ndarray:
        """Which H_n arcs (in ``h_arcs()`` order) join two recurrent states."""
        src, dst = self.h_arcs()
        return np.asarray(self.recurrent[src] & self.recurrent[dst])

    @cached_property
    def core_components(self) -> list[CoreComponent]:
        """SCCs of the core, largest first (ties: by first member)."""
        src, dst = self.h_arcs()
        inside = self.core_arc_mask & (self.scc[src] == self.scc[dst])
        arc_counts = np.bincount(self.scc[src[inside]], minlength=int(self.scc.max()) + 1)
        return [
            CoreComponent(members, int(arc_counts[cid]))
            for cid, members in core_groups(self.recurrent, self.scc)
        ]

    @cached_property
    def core_component_of(self) -> np.ndarray:
        """Index into :attr:`core_components` for recurrent states, -1 elsewhere."""
        out = np.full(self.positions.size, -1, dtype=np.int64)
        for cid, comp in enumerate(self.core_components):
            out[comp.nodes] = cid
        return out

    @cached_property
    def immediate_loss(self) -> np.ndarray:
        """α-positions with no legal α-move (full mode only)."""
        self._require_full("immediate losses")
        return np.asarray(np.diff(self.alpha_ptr) == 0)

    @cached_property
    def turns_to_core(self) -> np.ndarray:
        """Least number of turns from each α-position to a recurrent state; -1 if losing."""
        self._require_full("turns to the core")
        # a view of its own: its reverse CSR (cached on the view) is freed after the search
        return distance_to(ArcGraph(self.h_graph.indptr, self.h_dst), self.recurrent)

    def farthest_winning(self) -> np.ndarray:
        """Winning α-positions that need the most turns to reach a recurrent state."""
        turns = self.turns_to_core
        if not (turns >= 0).any():
            return np.empty(0, dtype=np.int64)
        return np.flatnonzero(turns == turns.max())

    @cached_property
    def four_cycle_array(self) -> np.ndarray:
        """(m, 4) S positions (a, x, b, y) of every 4-cycle, canonical rotation (a < b),
        sorted by a, x, y: the local search's (:mod:`.fourcycles_local`), which needs no arc
        of the graph, so a restricted G_n has them all too."""
        index = self.positions.index
        found = [[index(p) for p in cycle] for cycle in four_cycles_local(self.n)]
        rows = np.asarray(found, dtype=np.int64).reshape(-1, 4)
        return rows[np.lexsort((rows[:, 3], rows[:, 1], rows[:, 0]))]

    def four_cycles(self) -> list[FourCycle]:
        pos = self.positions.position
        return [FourCycle(*(pos(int(v)) for v in row)) for row in self.four_cycle_array]

    def core(self) -> Core:
        """The core of H_n with positions as tuples: its components and its arcs."""
        pos = self.positions.position
        parts = tuple(
            CorePart(tuple(pos(int(i)) for i in comp.nodes.tolist()), comp.arcs)
            for comp in self.core_components
        )
        src, dst = self.h_arcs()
        mask = self.core_arc_mask
        arcs = tuple(
            (pos(int(a)), pos(int(b)))
            for a, b in zip(src[mask].tolist(), dst[mask].tolist(), strict=True)
        )
        return Core(parts, arcs)

    def losing_positions(self) -> list[Partition]:
        """The losing α-positions (full mode), in index order."""
        return [self.positions.position(int(i)) for i in np.flatnonzero(self.losing)]

    def to_networkx(self, kind: str = "H") -> Any:
        """H_n (``"H"``: positions, turns) or G_n (``"G"``: (``"alpha"``|``"omega"``,
        position) nodes, α- and Ω-moves) as a networkx DiGraph, for small n."""
        import networkx as nx

        if self.positions.size > NETWORKX_LIMIT:
            raise InputError(
                f"G_{self.n} has {self.positions.size:,} positions: too many for networkx "
                f"(at most {NETWORKX_LIMIT:,}); use the arrays or Neo4j"
            )
        pos = self.positions.position
        graph = nx.DiGraph()
        if kind == "H":
            for i in self.sources.tolist():
                graph.add_node(pos(i), recurrent=bool(self.recurrent[i]))
            src, dst = self.h_arcs()
            graph.add_edges_from(
                (pos(a), pos(b)) for a, b in zip(src.tolist(), dst.tolist(), strict=True)
            )
            return graph
        if kind != "G":
            raise InputError(f"kind must be 'G' or 'H', not {kind!r}")
        src, dst = self.alpha_arcs()
        graph.add_nodes_from(("alpha", pos(i)) for i in self.sources.tolist())
        graph.add_nodes_from(("omega", pos(int(i))) for i in np.flatnonzero(self.in_t))
        graph.add_edges_from(
            (("alpha", pos(a)), ("omega", pos(b)))
            for a, b in zip(src.tolist(), dst.tolist(), strict=True)
        )
        omega = np.flatnonzero(self.in_t)
        omega = omega[self.row_of[self.omega_of[omega]] >= 0]  # Ω-moves to α-positions built
        graph.add_edges_from(
            (("omega", pos(x)), ("alpha", pos(t)))
            for x, t in zip(omega.tolist(), self.omega_of[omega].tolist(), strict=True)
        )
        return graph

    def two_cycles(self) -> list[tuple[Partition, Partition]]:
        """2-cycles [a,α] ↔ [x,Ω] of G_n (loops of H_n), as (a, x)."""
        result = []
        for a in np.flatnonzero(self.has_loop).tolist():
            for x in self.alpha_targets(a).tolist():
                if self.omega_of[x] == a:
                    result.append((self.positions.position(a), self.positions.position(x)))
        return result

    def stats(self) -> dict[str, Any]:
        """The summary `gamegraph stats floridian --json` prints; restricted mode omits the
        keys it cannot answer (α- and H-arcs, immediate losses, losing, turns to the core)."""
        full = not self.restricted
        turns = self.turns_to_core if full else None
        values: dict[str, Any] = {
            "n": self.n,
            "restricted": self.restricted,
            "separated": self.positions.size,
            "t_positions": int(self.in_t.sum()),
            "omega_t": int(self.omega_t.shape[0]),
            "alpha_arcs": int(self.alpha_dst.shape[0]) if full else None,
            "h_arcs": int(self.h_dst.shape[0]) if full else None,
            "recurrent": int(self.recurrent.sum()),
            "core_arcs": int(self.core_arc_mask.sum()),
            "core_scc_sizes": [int(c.nodes.shape[0]) for c in self.core_components],
            "immediate_losses": int(self.immediate_loss.sum()) if full else None,
            "losing": int(self.losing.sum()) if full else None,
            "four_cycles": int(self.four_cycle_array.shape[0]),
            "max_turns_to_core": (
                int(turns.max()) if turns is not None and (turns >= 0).any() else None
            ),
        }
        return {key: value for key, value in values.items() if value is not None}

    def _require_full(self, what: str) -> None:
        if self.restricted:
            raise InputError(f"{what} need the full G_{self.n}; build it without --restricted")


def build_floridian(
    n: int,
    *,
    restricted: bool = False,
    force: bool = False,
    progress: Progress | None = None,
    chunk_arcs: int = 1 << 20,
    threads: int | None = None,
) -> FloridianGraph:
    """Build G_n and H_n (or their restriction to Ω(T(n))) ready for analysis.

    ``threads`` bounds the worker threads of the α-move kernel (default: one per core).
    """
    if n < 1:
        raise InputError(f"n must be at least 1, not {n}")
    check_floridian(n, restricted=restricted, force=force)
    positions = SeparatedPartitions.of(n)
    in_t = np.empty(positions.size, dtype=np.bool_)
    fk.t_mask(positions.parts, positions.offsets, in_t)
    t_members = np.flatnonzero(in_t).astype(np.int64)
    omega_t = np.empty(t_members.shape[0], dtype=np.int64)
    fk.omega_index_of(
        n,
        positions.first,
        positions.prefix,
        positions.parts,
        positions.offsets,
        t_members,
        omega_t,
    )
    omega_of = np.full(positions.size, -1, dtype=np.int64)
    omega_of[t_members] = omega_t
    sources = np.unique(omega_t) if restricted else np.arange(positions.size, dtype=np.int64)
    alpha_ptr, alpha_dst, h_ptr, h_dst = alpha_arcs(
        positions, sources, omega_of, progress, chunk_arcs, threads or os.cpu_count() or 1, n
    )
    return FloridianGraph(
        n, restricted, positions, in_t, omega_of, sources, alpha_ptr, alpha_dst, h_ptr, h_dst
    )


def arcs_per_position(n: int, *, restricted: bool = False) -> float:
    """α-arcs built per member of S(n): a power law through measured n.

    Full G_n: 20.6 at n = 60 and 27.3 at n = 70 (exponent 1.83); restricted (α-arcs of
    Ω(T(n)) only): 7.5 at n = 100. With the byte counts above this predicts the measured
    peaks of full G_90 (4.07 GiB) and G_100 (15.1 GiB) and restricted n = 100 (2.4 GiB).
    """
    if restricted:
        return float(7.5 * (n / 100) ** 1.83)
    return float(20.6 * (n / 60) ** 1.83)


def estimate_floridian(n: int, *, restricted: bool = False) -> Estimate:
    """Positions of S(n), α-arcs built, and the peak bytes of the build."""
    positions = count_separated(n)
    arcs = int(positions * arcs_per_position(n, restricted=restricted))
    return Estimate(
        positions,
        arcs,
        positions * BYTES_PER_POSITION + arcs * BYTES_PER_ARC + BASE_BYTES,
        approximate=not partitions_exact(n),
    )


def check_floridian(n: int, *, restricted: bool = False, force: bool = False) -> Estimate:
    name = f"G_{n} (restricted)" if restricted else f"G_{n} and H_{n}"
    return check_estimate(name, estimate_floridian(n, restricted=restricted), force)


# --------------------------------------------------------------------------- Game.engine hooks


def estimate(game: Floridian) -> Estimate:
    """S(n) and its α-arcs, as nodes and relationships of the model: α-positions plus
    Ω-positions (T(n), ~3/4 of S(n)); α-moves, H_n arcs (~0.8 per α-move) and one Ω-move
    per Ω-position."""
    est = estimate_floridian(game.n, restricted=game.restricted)
    return Estimate(
        est.nodes + est.nodes * 3 // 4, est.arcs * 2 + est.nodes, est.bytes, est.approximate
    )


def build(
    game: Floridian, *, force: bool = False, progress: Progress | None = None
) -> FloridianGraph:
    return build_floridian(game.n, restricted=game.restricted, force=force, progress=progress)
