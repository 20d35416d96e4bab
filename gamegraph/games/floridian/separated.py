"""S(n), the separated partitions of n, as flat arrays in descending lexicographic order: the
α-positions of G_n (SPEC.md §3), numbered by their index here, enumerated and ranked by the
kernels of :mod:`._kernels`."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from gamegraph.errors import InputError
from gamegraph.games import _kernels as k
from gamegraph.games.floridian import _kernels as fk
from gamegraph.games.partitions import Partition, PartitionError, is_separated, parse_partition

__all__ = ["SeparatedPartitions"]


@dataclass(frozen=True, eq=False)
class SeparatedPartitions:
    """S(n) as flat arrays: member i has parts ``parts[offsets[i]:offsets[i+1]]``."""

    n: int
    parts: np.ndarray
    offsets: np.ndarray
    first: np.ndarray = field(repr=False)  #: counting tables of S(n), see _kernels
    prefix: np.ndarray = field(repr=False)

    @classmethod
    def of(cls, n: int) -> SeparatedPartitions:
        if not 1 <= n <= k.MAX_N:
            raise InputError(f"n must be in 1..{k.MAX_N}, not {n}")
        fill, first, prefix = fk.separated_tables(n)
        count, total = fk.enumerate_separated(
            n, fill, np.empty(0, dtype=np.uint8), np.empty(0, dtype=np.int64), False
        )
        parts = np.empty(total, dtype=np.uint8)
        offsets = np.empty(count + 1, dtype=np.int64)
        fk.enumerate_separated(n, fill, parts, offsets, True)
        return cls(n, parts, offsets, first, prefix)

    @property
    def size(self) -> int:
        return int(self.offsets.shape[0] - 1)

    def __len__(self) -> int:
        return self.size

    def position(self, i: int) -> Partition:
        return tuple(int(v) for v in self.parts[self.offsets[i] : self.offsets[i + 1]])

    def index(self, position: Partition | str) -> int:
        """Position in S(n) of a separated partition of n (any notation of SPEC.md §1)."""
        part = parse_partition(position, self.n) if isinstance(position, str) else position
        if sum(part) != self.n:
            raise PartitionError(f"{part} is not a partition of n = {self.n}")
        if not is_separated(part):
            raise PartitionError(f"{part} is not separated (two parts differ by 1)")
        array = np.asarray(part, dtype=np.int64)
        return int(fk.separated_index(array, len(part), self.n, self.first, self.prefix))
