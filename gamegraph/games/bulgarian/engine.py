"""Bulgarian solitaire B_n: every partition of n with its Ω-arc, and the analysis of SPEC.md §2.

B_n is a functional graph (one arc per node), so its analysis is linear: in-degrees, the
cycles (one weakly connected component each), and for every position the cycle it reaches
and its distance to it. Positions are numbered in descending lexicographic order (index 0
is (n)); see :mod:`gamegraph.games._kernels`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.errors import InputError
from gamegraph.games import _kernels as k
from gamegraph.games.engine.functional import FunctionalGraph, index_dtype
from gamegraph.games.limits import BASE_BYTES, Estimate, check_estimate
from gamegraph.games.partitions import (
    Partition,
    count_partitions,
    parse_partition,
    partitions_exact,
)

if TYPE_CHECKING:
    from gamegraph.games.base import Progress
    from gamegraph.games.bulgarian import Bulgarian

__all__ = ["BYTES_PER_POSITION", "BulgarianGraph", "build_bulgarian", "estimate_bulgarian"]

BYTES_PER_POSITION = 32
"""Held per B_n position: successor, in-degree, cycle id (int32 each), distance (int32), plus
the kernel's peeling order (int64) and remaining degrees (int32) while analysing."""


@dataclass(frozen=True, eq=False)
class BulgarianGraph(FunctionalGraph):
    """B_n with its analysis (:class:`~gamegraph.games.engine.FunctionalGraph`: cycles,
    basins, Garden of Eden, distances); arrays are indexed by position index, ``successor``
    is the index of Ω(λ)."""

    n: int = 0
    _table: np.ndarray = field(default_factory=lambda: np.zeros((1, 1), np.int64), repr=False)

    # ----------------------------------------------------------------- positions

    def index(self, position: Partition | str) -> int:
        """Index of a position given as a partition or in any notation of SPEC.md §1."""
        part = parse_partition(position, self.n) if isinstance(position, str) else position
        if sum(part) != self.n:
            raise InputError(f"{part} is not a partition of {self.n}")
        return int(k.rank_of(np.asarray(part, dtype=np.int64), len(part), self.n, self._table))

    def position(self, index: int) -> Partition:
        """The partition with the given index (unranking)."""
        if not 0 <= index < self.size:
            raise IndexError(f"B_{self.n} has positions 0..{self.size - 1}, not {index}")
        return k.unrank(index, self.n, self._table)

    def keys(self) -> list[str]:
        """The canonical key of every position, in index order."""
        parts, offsets = self.flat_parts()
        from gamegraph.games.model import partition_texts

        return partition_texts(parts, offsets, np.arange(self.size), paper=False)

    def flat_parts(self) -> tuple[np.ndarray, np.ndarray]:
        """All positions as flat uint8 parts and int64 offsets, in index order."""
        total_parts = _total_parts(self.n)
        parts = np.empty(total_parts, dtype=np.uint8)
        offsets = np.empty(self.size + 1, dtype=np.int64)
        k.enumerate_partitions(self.n, parts, offsets)
        return parts, offsets

    # ----------------------------------------------------------------- analysis

    def to_networkx(self) -> Any:
        """B_n as a networkx DiGraph (positions as tuples; distance, cycle, Garden of Eden
        as node attributes), for small n."""
        import networkx as nx

        if self.size > 200_000:
            raise InputError(f"B_{self.n} has {self.size:,} positions: too many for networkx")
        graph = nx.DiGraph()
        parts = [self.position(i) for i in range(self.size)]
        for i, part in enumerate(parts):
            graph.add_node(
                part,
                distance=int(self.distance[i]),
                cycle=int(self.cycle_of[i]),
                garden_of_eden=bool(self.garden_of_eden[i]),
            )
        graph.add_edges_from((parts[i], parts[int(j)]) for i, j in enumerate(self.successor))
        return graph

    def stats(self) -> dict[str, Any]:
        """The summary `gamegraph stats bulgarian --json` prints."""
        lengths = Counter(len(cycle) for cycle in self.cycles)
        return {
            "n": self.n,
            "positions": self.size,
            "cycles": self.cycle_count,
            "cycle_lengths": dict(sorted(lengths.items())),
            "components": self.cycle_count,
            "garden_of_eden": int(self.garden_of_eden.sum()),
            "fixed_points": int(np.count_nonzero(self.successor == np.arange(self.size))),
            "max_transient": int(self.distance.max()),
        }


def estimate_bulgarian(n: int) -> Estimate:
    positions = count_partitions(n)
    return Estimate(
        positions,
        positions,
        positions * BYTES_PER_POSITION + BASE_BYTES,
        approximate=not partitions_exact(n),
    )


def build_bulgarian(n: int, *, force: bool = False) -> BulgarianGraph:
    """Build and analyse B_n (refuses sizes that would not fit in memory unless ``force``)."""
    if n < 1:
        raise InputError(f"n must be at least 1, not {n}")
    if n > k.MAX_N:  # refused outright, before the estimate that --force would override
        raise InputError(f"n must be in 1..{k.MAX_N} (parts are stored in one byte), not {n}")
    check_estimate(f"B_{n}", estimate_bulgarian(n), force)
    table = k.rank_table(n)
    size = count_partitions(n)
    dtype = index_dtype(size)
    successor = np.empty(size, dtype=dtype)
    k.bulgarian_successors(n, table, successor)
    return BulgarianGraph.from_successor(successor, checked=False, n=n, _table=table)


def _total_parts(n: int) -> int:
    """Sum over all partitions of n of their number of parts (= Σ_d τ-like divisor sums)."""
    # number of parts equal to j across all partitions of n is Σ_{i>=1} p(n - i j)
    return sum(count_partitions(n - i * j) for j in range(1, n + 1) for i in range(1, n // j + 1))


# --------------------------------------------------------------------------- Game.engine hooks


def estimate(game: Bulgarian) -> Estimate:
    return estimate_bulgarian(game.n)


def build(game: Bulgarian, *, force: bool, progress: Progress | None = None) -> BulgarianGraph:
    return build_bulgarian(game.n, force=force)
