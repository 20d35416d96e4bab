"""Dual Bulgarian solitaire: the functional graph of D on all partitions of n.

D(λ) = sort((λ_{i+1} + [i ≤ λ_1]) for i = 1..ℓ−1 ∪ {1}^max(0, λ_1 − ℓ + 1)) (SPEC-games.md
§4). Positions are numbered as in B_n (:mod:`gamegraph.games.bulgarian`): descending
lexicographic order, index 0 is (n), exact ranks from :func:`gamegraph.games._kernels.rank_of`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.games import _kernels as k
from gamegraph.games.dual import MAX_N  # declared once, with the game's n parameter
from gamegraph.games.dual import _kernels as dk
from gamegraph.games.engine.functional import (
    FunctionalGraph,
    analysis_bytes_per_position,
    check_estimate,
    check_int,
    index_dtype,
)
from gamegraph.games.limits import Estimate
from gamegraph.games.partitions import (
    Partition,
    PartitionError,
    count_partitions,
    paper_notation,
    parse_partition,
)

if TYPE_CHECKING:
    from gamegraph.games.base import Progress
    from gamegraph.games.dual import Dual

__all__ = [
    "MAX_N",
    "DualGraph",
    "build_dual",
    "dual_move",
    "estimate_dual",
    "parse_partition",
]

#: the rank table and the walk's buffers
_BASE_BYTES = 64 * 2**20


def dual_move(partition: Partition) -> Partition:
    """D(λ): remove the largest pile and deal its cards to the others, largest first."""
    first, rest = partition[0], partition[1:]
    dealt = [part + 1 if i < first else part for i, part in enumerate(rest)]
    dealt.extend([1] * max(0, first - len(rest)))
    return tuple(sorted(dealt, reverse=True))


def estimate_dual(n: int) -> Estimate:
    """Positions (p(n)), arcs and peak bytes of :func:`build_dual`; instant for any n."""
    n = check_int("n", n, 1)
    if n <= MAX_N:
        positions = count_partitions(n)
    else:  # Hardy–Ramanujan; far beyond any memory anyway
        log_p = math.pi * math.sqrt(2 * n / 3) - math.log(4 * n * math.sqrt(3))
        positions = int(math.exp(min(log_p, 700.0)))
    per_position = analysis_bytes_per_position(positions) if positions < 2**62 else 32
    return Estimate(positions, positions, positions * per_position + _BASE_BYTES)


@dataclass(frozen=True, eq=False)
class DualGraph(FunctionalGraph):
    """The Dual Bulgarian graph of n with its analysis; arrays are indexed by partition index."""

    n: int
    table: np.ndarray = field(repr=False)  #: rank table P[r, k] of gamegraph.games._kernels

    def position(self, index: int) -> Partition:
        """The partition with the given index (unranking)."""
        below = self.size - 1 - self.check_index(index)
        parts: list[int] = []
        remaining, cap = self.n, self.n
        while remaining:
            v = 1
            while v < cap and self.table[remaining, v] <= below:
                v += 1
            below -= int(self.table[remaining, v - 1])
            parts.append(v)
            remaining -= v
            cap = v
        return tuple(parts)

    def index(self, position: Partition | str) -> int:
        """Index of a partition given as a tuple or in any notation of SPEC.md §1."""
        if isinstance(position, str):
            part = parse_partition(position, self.n)
        else:
            part = _checked_partition(position, self.n)
        array = np.asarray(part, dtype=np.int64)
        return int(k.rank_of(array, len(part), self.n, self.table))

    def flat_parts(self) -> tuple[np.ndarray, np.ndarray]:
        """All positions as flat uint8 parts and int64 offsets, in index order."""
        total = sum(
            count_partitions(self.n - i * j)
            for j in range(1, self.n + 1)
            for i in range(1, self.n // j + 1)
        )
        parts = np.empty(total, dtype=np.uint8)
        offsets = np.empty(self.size + 1, dtype=np.int64)
        k.enumerate_partitions(self.n, parts, offsets)
        return parts, offsets

    def keys(self) -> list[str]:
        """Canonical keys ``5,3,3,1`` of every position, in index order."""
        return self._texts(paper=False)

    def notations(self) -> list[str]:
        """Paper notation ``1 3^2 5`` of every position, in index order."""
        return self._texts(paper=True)

    def notation(self, index: int) -> str:
        """Paper notation of one position: ascending sizes with exponents, ``1 3^2 5``."""
        return paper_notation(self.position(index))

    def stats(self) -> dict[str, Any]:
        """n, then the :meth:`FunctionalGraph.summary` keys."""
        return {"n": self.n, **self.summary()}

    def _texts(self, *, paper: bool) -> list[str]:
        parts, offsets = self.flat_parts()
        rows = np.arange(self.size, dtype=np.int64)
        text = k.format_partitions(parts, offsets, rows, paper).tobytes().decode()
        return text.split("\n")[:-1]


def build_dual(n: int, *, force: bool = False) -> DualGraph:
    """Build and analyse the Dual Bulgarian graph of n (refuses sizes over the memory limit)."""
    n = check_int("n", n, 1, MAX_N)
    check_estimate(f"the Dual Bulgarian graph of n = {n}", estimate_dual(n), force)
    table = k.rank_table(n)
    size = count_partitions(n)
    successor = np.empty(size, dtype=index_dtype(size))
    dk.dual_successors(n, table, successor)
    return DualGraph.from_successor(successor, n=n, table=table)


def _checked_partition(parts: object, n: int) -> Partition:
    if not isinstance(parts, tuple | list) or not parts:
        raise PartitionError(f"a partition is a nonempty tuple of positive parts, not {parts!r}")
    if not all(isinstance(p, int | np.integer) and not isinstance(p, bool) for p in parts):
        raise PartitionError(f"the parts of a partition are integers, not {parts!r}")
    values = tuple(int(p) for p in parts)
    if min(values) < 1:
        raise PartitionError(f"{values} has a part below 1: parts must be positive")
    if any(a < b for a, b in pairwise(values)):
        raise PartitionError(
            f"{values} is not nonincreasing: give a partition's parts largest first"
        )
    if sum(values) != n:
        raise PartitionError(f"{values} is a partition of {sum(values)}, not of n = {n}")
    return values


# --------------------------------------------------------------------------- Game.engine hooks


def estimate(game: Dual) -> Estimate:
    return estimate_dual(game.n)


def build(game: Dual, *, force: bool = False, progress: Progress | None = None) -> DualGraph:
    return build_dual(game.n, force=force)
