"""CRIM game graph: every partition of size <= n, its options, P/N status and Grundy value.

The game (SPEC-games.md §7): delete one whole row or one whole column of a Young diagram;
normal play, [] is the only terminal position. Every option is smaller than its position,
so the Sprague-Grundy values come from one compiled sweep in increasing size
(:func:`gamegraph.games.crim._kernels.crim_sweep`). Positions are numbered exactly: by size,
then in descending lexicographic order within a size ([] is 0, (1) is 1, (2) is 2, ...).

:func:`build_crim` keeps the move arcs (CSR, each distinct option once) for loading;
:func:`sweep_crim` keeps only the Grundy values and per-size counts, to test the paper's
even-rank conjecture further than the arcs would fit in memory.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate, pairwise
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.core import graphs
from gamegraph.core.notation import join_key
from gamegraph.core.spaces import PartitionsUpTo
from gamegraph.games.crim import MAX_N, MIN_N  # declared once, with the game's n parameter
from gamegraph.games.crim import _kernels as ck
from gamegraph.games.crim.positions import (
    EMPTY_KEY,
    CrimInputError,
    check_position_size,
    parse_position,
)
from gamegraph.games.engine.functional import index_dtype
from gamegraph.games.engine.positions import Positions
from gamegraph.games.limits import TABLE_BASE_BYTES, Estimate, check_estimate
from gamegraph.games.partitions import Partition, partition_counts
from gamegraph.games.partitions import conjugate as column_lengths

if TYPE_CHECKING:
    import networkx as nx

    from gamegraph.games.base import Progress
    from gamegraph.games.crim import Crim

__all__ = [
    "EMPTY_KEY",
    "MAX_N",
    "NETWORKX_LIMIT",
    "CrimGraph",
    "CrimInputError",
    "CrimSweep",
    "build_crim",
    "column_lengths",
    "estimate_crim",
    "parse_position",
    "sweep_crim",
]

# bytes per position held by build_crim: grundy (1), P flag (1), rank (2), indptr (8)
GRAPH_BYTES_PER_POSITION = 12
# bytes per arc slot: the int32 buffer sized for the bound of 2 options per distinct part
GRAPH_BYTES_PER_ARC_SLOT = 4
SWEEP_BYTES_PER_POSITION = 1  # grundy only
OVERHEAD_BYTES = 2**20 * 192  # interpreter, numpy, numba (measured ~170 MiB) and the rank table
NETWORKX_LIMIT = 100_000
"""Most positions :meth:`CrimGraph.to_networkx` turns into a networkx graph (n = 35 has
81,156; a networkx node with its attributes takes about 1 KiB)."""


# --------------------------------------------------------------------------- inputs


def _check_n(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int | np.integer):
        raise CrimInputError(f"n must be an integer in {MIN_N}..{MAX_N}, not {n!r}")
    if not MIN_N <= int(n) <= MAX_N:
        raise CrimInputError(
            f"n = {n} is out of range: CRIM graphs are built for {MIN_N} <= n <= {MAX_N}"
        )
    return int(n)


def _as_position(position: Partition | str, n: int) -> Partition:
    """Validate a position given as text or as a tuple of parts."""
    if isinstance(position, str):
        return parse_position(position, n)
    if not isinstance(position, Iterable):
        raise CrimInputError(
            f"position must be a partition such as (3, 2) or a text, not {position!r}"
        )
    parts = tuple(position)
    for part in parts:
        if isinstance(part, bool) or not isinstance(part, int | np.integer):
            raise CrimInputError(f"{parts!r} is not a partition: parts must be integers")
        if part <= 0:
            raise CrimInputError(f"{parts!r} is not a partition: parts must be positive")
    if any(later > earlier for earlier, later in pairwise(parts)):
        raise CrimInputError(
            f"{parts!r} is not a partition: parts must be nonincreasing, as in (5, 3, 3, 1)"
        )
    result = tuple(int(part) for part in parts)
    check_position_size(result, n)
    return result


# --------------------------------------------------------------------------- sizes


def _arc_slots(counts: list[int]) -> int:
    """Σ over positions of 2·(distinct parts): the bound on arcs the build allocates.

    A partition of m has as many distinct column lengths as distinct part sizes, and the
    partitions of m holding a part v number p(m - v); so the bound is 2 Σ_m Σ_{s<m} p(s).
    """
    return 2 * sum(accumulate(counts[:-1]))


def estimate_crim(n: int, *, arcs: bool = True) -> Estimate:
    """Positions, arcs (the allocated bound) and peak bytes of :func:`build_crim` (or of
    :func:`sweep_crim` when ``arcs`` is false). Instant for every n it accepts (MIN_N..MAX_N)."""
    n = _check_n(n)
    counts = partition_counts(n)
    positions = sum(counts)
    if not arcs:
        return Estimate(positions, 0, positions * SWEEP_BYTES_PER_POSITION + OVERHEAD_BYTES)
    slots = _arc_slots(counts)
    return Estimate(
        positions,
        slots,
        positions * GRAPH_BYTES_PER_POSITION + slots * GRAPH_BYTES_PER_ARC_SLOT + OVERHEAD_BYTES,
    )


# --------------------------------------------------------------------------- the graph


@dataclass(frozen=True, eq=False)
class CrimGraph(graphs.ArcGraph):
    """The CRIM game graph on all partitions of size <= n (the core's arc graph, each
    distinct option once, sorted by index) with its Grundy values; arrays indexed by position
    index, the positions those of :class:`~gamegraph.core.spaces.PartitionsUpTo` (n)."""

    n: int
    offsets: np.ndarray  #: first index of each size, then size
    grundy: np.ndarray  #: Sprague-Grundy value (uint8)
    p_position: np.ndarray  #: where grundy == 0
    rank: np.ndarray  #: λ_1 - ℓ(λ) (int16; 0 for [])

    @cached_property
    def positions(self) -> Positions:
        """The partitions of every size up to n, read and written as CRIM's (``0`` for [])."""
        return Positions(PartitionsUpTo(self.n), lambda text: parse_position(text, self.n))

    # ----------------------------------------------------------------- positions

    def index(self, position: Partition | str) -> int:
        """Index of a position given as a partition or as text (see :func:`parse_position`)."""
        return self.positions.index(_as_position(position, self.n))

    def position(self, index: int) -> Partition:
        """The partition with the given index (unranking)."""
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise CrimInputError(f"a position index is an integer, not {index!r}")
        result: Partition = self.positions.position(self._locate(index))
        return result

    def notation(self, position: Partition | str | int) -> str:
        """Paper notation (ascending sizes with exponents, ``1 3^2 5``); ``∅`` for []."""
        return self.positions.notations(np.asarray([self._locate(position)]))[0]

    def _locate(self, position: Partition | str | int) -> int:
        """The index of a position given as an index, as parts or as text."""
        if isinstance(position, int | np.integer):
            if isinstance(position, bool) or not 0 <= position < self.size:
                raise CrimInputError(
                    f"position index {position} is out of range: this graph has 0..{self.size - 1}"
                )
            return int(position)
        return self.index(position)

    def flat_parts(self) -> tuple[np.ndarray, np.ndarray]:
        """Every position as flat uint8 parts with int64 start offsets (size + 1), in index
        order."""
        return self.positions.flat()

    def keys(self) -> list[str]:
        """The key of every position in index order: its canonical key, ``0`` for []."""
        return self.positions.keys()

    def key(self, position: Partition | str | int) -> str:
        """The graph key of one position (given as an index, as parts or as text)."""
        return join_key(self.position(self._locate(position)))

    def notations(self) -> list[str]:
        """Paper notation of every position in index order (``∅`` for [])."""
        return self.positions.notations()

    # ----------------------------------------------------------------- moves

    def option_indices(self, position: Partition | str | int) -> np.ndarray:
        """Indices of the distinct options of a position (given as index, parts or text)."""
        return self.row(self._locate(position))

    def options(self, position: Partition | str | int) -> list[Partition]:
        """The distinct options of a position, in index order."""
        return [self.position(int(j)) for j in self.option_indices(position)]

    def winning_moves(self, position: Partition | str | int) -> list[Partition]:
        """The options that are P-positions (empty exactly when the position is P)."""
        return [self.position(int(j)) for j in self.option_indices(position) if self.p_position[j]]

    @cached_property
    def sizes(self) -> np.ndarray:
        """|λ| of every position."""
        counts = np.diff(self.offsets)
        return np.repeat(np.arange(self.n + 1, dtype=np.int16), counts)

    @property
    def arcs(self) -> int:
        """Number of moves (arcs to distinct options)."""
        return self.arc_count

    def to_networkx(self, *, limit: int = NETWORKX_LIMIT) -> nx.DiGraph:
        """The game graph as a networkx DiGraph, for small n: nodes are the graph keys
        (``"2,1"``; ``"0"`` for []) with ``parts``, ``size``, ``rank``, ``grundy`` and
        ``p_position``; an arc from each position to each of its distinct options.

        Refused (CrimInputError) above ``limit`` positions: a networkx graph takes about
        1 KiB per node."""
        import networkx as nx

        if self.size > limit:
            raise CrimInputError(
                f"CRIM up to size {self.n} has {self.size:,} positions, too many for networkx "
                f"(at most {limit:,}, n <= 35 by default): query it in Neo4j or use the arrays"
            )
        keys = self.keys()
        graph = nx.DiGraph(n=self.n)
        for i, key in enumerate(keys):
            graph.add_node(
                key,
                parts=self.position(i),
                size=int(self.sizes[i]),
                rank=int(self.rank[i]),
                grundy=int(self.grundy[i]),
                p_position=bool(self.p_position[i]),
            )
        graph.add_edges_from(
            (keys[a], keys[b])
            for a, b in zip(self.sources.tolist(), self.indices.tolist(), strict=True)
        )
        return graph

    # ----------------------------------------------------------------- analysis

    def odd_rank_p_positions(self) -> np.ndarray:
        """P-positions of odd rank (the paper conjectures there are none)."""
        return np.flatnonzero(self.p_position & (self.rank % 2 != 0))

    def stats(self) -> dict[str, Any]:
        """n, positions (all sizes), and over the partitions of n: P-positions, the Grundy
        value distribution and its maximum."""
        top = self.grundy[self.offsets[self.n] : self.offsets[self.n + 1]]
        histogram = np.bincount(top)
        grundy = {int(v): int(histogram[v]) for v in np.flatnonzero(histogram)}
        return {
            "n": self.n,
            "positions": self.size,
            "p_positions": int(np.count_nonzero(top == 0)),
            "grundy": grundy,
            "max_grundy": int(top.max()),
        }


@dataclass(frozen=True, eq=False)
class CrimSweep:
    """Grundy values of all partitions of size <= n without the arcs, with per-size counts."""

    n: int
    offsets: np.ndarray  #: offsets[s] = index of the first partition of size s
    grundy: np.ndarray  #: Sprague-Grundy value (uint8), same numbering as :class:`CrimGraph`
    p_count: np.ndarray  #: p_count[s] = P-positions among the partitions of s
    odd_rank_p: np.ndarray  #: odd_rank_p[s] = those of odd rank
    first_odd_p: np.ndarray  #: index of the first P-position of odd rank of size s, or -1

    def position(self, index: int) -> Partition:
        if not 0 <= index < int(self.offsets[-1]):
            raise CrimInputError(f"position index {index} is out of range")
        return PartitionsUpTo(self.n).unrank(index)

    def first_odd_rank_p_position(self) -> Partition | None:
        """The smallest-size P-position of odd rank (first in index order), or None."""
        hits = np.flatnonzero(self.first_odd_p >= 0)
        return self.position(int(self.first_odd_p[hits[0]])) if hits.size else None


def build_crim(n: int, *, force: bool = False) -> CrimGraph:
    """Build the CRIM graph on every partition of size <= n with its Grundy values.

    Refuses (:class:`TooLargeError`) a build estimated not to fit in memory unless ``force``.
    """
    n = _check_n(n)
    check_estimate(f"CRIM up to size {n}", estimate_crim(n), force)
    space = PartitionsUpTo(n)  # numbered as the graph's positions, by size
    table, offsets = space.table[0], space.starts
    size = int(offsets[-1])
    slots = _arc_slots([int(table[s, s]) for s in range(n + 1)])
    index_type = index_dtype(size)
    grundy = np.empty(size, dtype=np.uint8)
    rank = np.empty(size, dtype=np.int16)
    indptr = np.empty(size + 1, dtype=np.int64)
    buffer = np.empty(slots, dtype=index_type)  # slots >= 2: n >= 1 has a part
    counters = [np.empty(n + 1, dtype=np.int64) for _ in range(3)]
    arcs = ck.crim_sweep(n, table, offsets, grundy, rank, indptr, buffer, *counters)
    # the bound is tight (a row and a column deletion coincide only on the staircases, once
    # each), so the distinct arcs stay in the buffer they were written to, not in a copy
    indices = buffer[:arcs]
    return CrimGraph(
        indptr, indices, n=n, offsets=offsets, grundy=grundy, p_position=grundy == 0, rank=rank
    )


def sweep_crim(n: int, *, force: bool = False) -> CrimSweep:
    """Grundy values only (1 byte per position), for the even-rank conjecture at large n."""
    n = _check_n(n)
    check_estimate(f"CRIM Grundy sweep up to size {n}", estimate_crim(n, arcs=False), force)
    space = PartitionsUpTo(n)  # numbered as the graph's positions, by size
    table, offsets = space.table[0], space.starts
    grundy = np.empty(int(offsets[-1]), dtype=np.uint8)
    p_count, odd_rank_p, first_odd_p = (np.empty(n + 1, dtype=np.int64) for _ in range(3))
    none_i16 = np.empty(0, dtype=np.int16)
    none_i64 = np.empty(0, dtype=np.int64)
    ck.crim_sweep(
        n, table, offsets, grundy, none_i16, none_i64, none_i64, p_count, odd_rank_p, first_odd_p
    )
    return CrimSweep(n, offsets, grundy, p_count, odd_rank_p, first_odd_p)


# --------------------------------------------------------------------------- Game.engine hooks

TABLE_BYTES_PER_POSITION = 160
"""Held per position by the tables of a load or an export besides the engine's arrays (its
columns, its element id in an online load), with :data:`TABLE_BYTES_PER_ARC` and
:data:`~gamegraph.games.limits.TABLE_BASE_BYTES`. Calibrated on the peak resident memory
of `gamegraph load --games crim --online` at n = 40 and 45: 430 and 665 MiB measured, 466
and 704 MiB estimated, when the writer still held each element id as a Python string and
the moves sorted twice (CRIM_40 now peaks at 413 MiB: the constants err on the safe side)."""
TABLE_BYTES_PER_ARC = 56
"""Held per move by the online writer (the moves' order by one end, and that end sorted
while the groups are cut)."""


def estimate(game: Crim) -> Estimate:
    """The engine's estimate with the exact number of moves, plus the tables' memory."""
    engine = estimate_crim(game.n)
    # every distinct part gives a row and a column deletion; they coincide exactly on
    # the staircases (n, n-1, ..., 1), once each: so the moves are the bound minus those
    staircases = sum(1 for k in range(1, game.n + 1) if k * (k + 1) // 2 <= game.n)
    arcs = engine.arcs - staircases
    return Estimate(engine.nodes, arcs, engine.bytes + crim_table_bytes(engine.nodes, arcs))


def crim_table_bytes(positions: int, arcs: int) -> int:
    """The memory the tables of a load or an export hold besides the engine's arrays (the
    calibrated constants above)."""
    return positions * TABLE_BYTES_PER_POSITION + arcs * TABLE_BYTES_PER_ARC + TABLE_BASE_BYTES


def build(game: Crim, *, force: bool, progress: Progress | None = None) -> CrimGraph:
    return build_crim(game.n, force=force)
