"""Integer partitions: of n (at most k parts, parts at most m, distinct parts), and of every
size 0..n.

A partition is a tuple of positive parts in nonincreasing order (its canonical form; with
distinct parts, decreasing). Its row (:meth:`~Space.encode`) is the partition itself. The
canonical order is descending lexicographic: ``Partitions(5)`` runs (5), (4,1), (3,2), (3,1,1),
(2,2,1), (2,1,1,1), (1,1,1,1,1), as the built-in engines number B_n. ``PartitionsUpTo(n)``
runs through the sizes 0, 1, ..., n, each in that order (as CRIM numbers its positions).
Ranking is compiled and exact up to n = :data:`MAX_N` (parts in one byte; p(255) fits int64).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, TypedDict, Unpack

import numpy as np

from gamegraph.core.notation import brief, exponent_notation, integers, is_empty
from gamegraph.core.spaces import _kernels as k
from gamegraph.core.spaces.base import PositionError, Space, narrowed, unpadded
from gamegraph.core.spaces.sequences import SequenceSpace, check_n, integer_tuple

__all__ = [
    "MAX_N",
    "Partition",
    "Partitions",
    "PartitionsUpTo",
    "parse_parts",
    "partitions",
    "partitions_up_to",
]

Partition = tuple[int, ...]

MAX_N = 255
"""The largest n the partition spaces rank (parts in one byte, as the built-in engines keep
them; ranks in int64: p(255) ≈ 3.2·10^14, while p(405) > 2^63)."""


def parse_parts(text: str, *, limit: int | None = None, ordered: bool = False) -> Partition:
    """A partition from text, in canonical form: ``5,3,3,1``, ``[5,3,3,1]``, ``5 3 3 1``,
    ``(5, 3, 3, 1)``, the papers' ``1 3^2 5``; the empty one as ``0``, ``[]``, ``()``, ``∅``.

    The parts may come in any order (a partition is a multiset) unless ``ordered``, which
    takes only nonincreasing or nondecreasing order (parts in another order are more likely
    a composition given by mistake). ``limit`` bounds the sum, checked before the text is
    written out.
    """
    if is_empty(text):
        return ()
    parts = integers(text, positive=True, limit=limit, what="partition")
    if ordered and list(parts) not in (sorted(parts), sorted(parts, reverse=True)):
        raise PositionError(
            f"the parts of {brief(text)} are in neither nonincreasing nor nondecreasing "
            "order: a partition is written largest part first or in the papers' ascending "
            "notation"
        )
    return tuple(sorted(parts, reverse=True))


class _PartitionSpace(SequenceSpace):
    """What the partitions of n and of every size up to n share."""

    sized: bool = False

    def __init__(
        self,
        n: int,
        *,
        max_parts: int | None = None,
        max_part: int | None = None,
        distinct: bool = False,
    ) -> None:
        check_n(n, "partitions", MAX_N)
        for name, value in (("max_parts", max_parts), ("max_part", max_part)):
            if value is not None and (not isinstance(value, int) or value < 0):
                raise PositionError(f"{name} = {value!r}: give a nonnegative integer")
        self.n = n
        self.max_parts = n if max_parts is None else min(max_parts, n)
        self.max_part = n if max_part is None else min(max_part, n)
        self.distinct = bool(distinct)
        self._limited = self.max_parts < n

    def _options(self) -> str:
        words = []
        if self.max_parts < self.n:
            words.append(f"max_parts={self.max_parts}")
        if self.max_part < self.n:
            words.append(f"max_part={self.max_part}")
        if self.distinct:
            words.append("distinct=True")
        return "".join(", " + w for w in words)

    @cached_property
    def table(self) -> np.ndarray:
        """The counting table of :mod:`._kernels` (int64, (slots + 1) × (n + 1) × (n + 1))."""
        slots = self.max_parts if self._limited else 0
        return k.partition_table(self.n, slots, self._limited, self.distinct)

    def count_of_size(self, size: int) -> int:
        """The number of members of one size (the partitions of ``size`` under the bounds)."""
        slot = self.max_parts if self._limited else 0
        return int(self.table[slot, size, min(self.max_part, size)])

    @cached_property
    def starts(self) -> np.ndarray:
        """starts[s]: the id of the first member of size s (sizes 0..n), starts[n + 1] the
        size of the space; only sizes in the space count (n alone for ``Partitions``)."""
        sizes = range(self.n + 1)
        counts = [self.count_of_size(s) if self.sized or s == self.n else 0 for s in sizes]
        return np.concatenate(([0], np.cumsum(counts))).astype(np.int64)

    def cardinality(self) -> int:
        return int(self.starts[-1])

    # ---------------------------------------------------------------- ids

    def rank(self, position: Partition) -> int:
        return self._rank_row(integer_tuple(position, "partition", "a tuple of positive parts"))

    def unrank(self, index: int) -> Partition:
        return self._unrank_row(index)

    def _rank_flat(self, flat: np.ndarray, offsets: np.ndarray, strict: bool) -> np.ndarray:
        out = np.empty(offsets.shape[0] - 1, dtype=np.int64)
        if self.cardinality() == 0:
            if strict and out.shape[0]:
                raise PositionError(f"{self!r} is empty: no row is a member")
            out[:] = -1
            return out
        if self._unbounded:
            result = k.rank_partitions_plain(
                flat, offsets, self.n, self.table[0], self.starts, self.sized, strict, out
            )
        else:
            result = k.rank_partitions(flat, offsets, self._bounds, strict, out)
        self._kernel_ranked(result, flat, offsets)
        return out

    @property
    def _bounds(self) -> k.Bounds:
        """What the bounded kernels take after the rows: n, the bounds, the tables."""
        return (
            self.n,
            self.max_parts,
            self.max_part,
            self._limited,
            self.distinct,
            self.table,
            self.starts,
            self.sized,
        )

    def _fault(self, code: int, parts: np.ndarray) -> str:
        order = "decreasing" if self.distinct else "nonincreasing"
        high = f" and at most {self.max_part}"  # a part above n is out of range too
        return k.BAD_CODES[code].format(
            sum=int(parts.sum()), n=self.n, order=order, low=1, high=high, count=self.max_parts
        )

    @property
    def _unbounded(self) -> bool:
        return not self._limited and not self.distinct and self.max_part == self.n

    def unrank_many(self, ids: np.ndarray | Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        ids = self._check_ids(ids)
        count = ids.shape[0]
        run = self._unbounded and count > 1 and ids[-1] - ids[0] == count - 1
        if run and (np.diff(ids) == 1).all():
            return self.unrank_range(int(ids[0]), int(ids[-1]) + 1)
        offsets = np.empty(ids.shape[0] + 1, dtype=np.int64)
        k.unrank_partitions(ids, self._bounds, offsets, np.empty(0, dtype=np.uint8))
        flat = np.empty(int(offsets[-1]), dtype=np.uint8)
        k.unrank_partitions(ids, self._bounds, offsets, flat)
        return flat, offsets

    def unrank_range(self, lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
        """The members with ids lo..hi − 1, as :meth:`unrank_many` gives them; walked in
        order (each next partition from the last) where no bound applies, which is several
        times faster than unranking each id."""
        size = self.cardinality()
        if not 0 <= lo <= hi <= size:
            raise PositionError(f"ids {lo}..{hi - 1} are outside 0..{size - 1} of {self!r}")
        if not self._unbounded:
            return self.unrank_many(np.arange(lo, hi, dtype=np.int64))
        runs = []
        for s in range(self.n + 1):
            start, end = max(lo, int(self.starts[s])), min(hi, int(self.starts[s + 1]))
            if start < end:
                runs.append((s, start - int(self.starts[s]), end - start))
        if len(runs) == 1 and runs[0][1] == 0 and runs[0][2] == self.count_of_size(runs[0][0]):
            size, _, count = runs[0]  # one whole size: the fastest walk
            offsets = np.empty(count + 1, dtype=np.int64)
            flat = np.empty(max(size, 1) * count, dtype=np.uint8)
            k.enumerate_partitions(size, flat, offsets)
            return flat[: offsets[-1]].copy(), offsets
        offsets = np.zeros(hi - lo + 1, dtype=np.int64)
        at = 0
        none = np.zeros(0, dtype=np.uint8)
        for s, first, count in runs:
            k.partition_run(first, count, s, self.table[0], offsets[at : at + count + 1], none)
            at += count
        flat = np.empty(int(offsets[-1]), dtype=np.uint8)
        at = 0
        for s, first, count in runs:
            k.partition_run(first, count, s, self.table[0], offsets[at : at + count + 1], flat)
            at += count
        return flat, offsets

    def _rows(self, lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
        return self.unrank_range(lo, hi)

    # ---------------------------------------------------------------- rows and text

    def decode(self, row: Sequence[int]) -> Partition:
        return unpadded(row)

    def row_width(self) -> int:
        return min(self.max_parts, self.n)

    def max_entry(self) -> int:
        return self.max_part

    def canonical(self, position: Any) -> Partition:
        return tuple(sorted((int(v) for v in position), reverse=True))

    def parse(self, text: str) -> Partition:
        position = parse_parts(text, limit=self.n)
        return self._parsed(position, text, self._reason(position))

    def _reason(self, position: Partition) -> str:
        size = sum(position)
        if size > self.n or (not self.sized and size != self.n):
            return f"its parts add up to {size}"
        if len(position) > self.max_parts:
            return f"it has {len(position)} parts"
        if position and position[0] > self.max_part:
            return f"its largest part is {position[0]}"
        return "its parts repeat"

    def notation(self, position: Partition) -> str:
        return exponent_notation(position)


class Partitions(_PartitionSpace):
    """The partitions of n, optionally into at most ``max_parts`` parts, with parts at most
    ``max_part``, or with ``distinct`` parts (OEIS A000041, A008284, A000009)."""

    order = "descending lexicographic: the largest first part first, (n) when allowed"

    def __repr__(self) -> str:
        return f"Partitions({self.n}{self._options()})"


class PartitionsUpTo(_PartitionSpace):
    """The partitions of every size 0..n, the empty one included (CRIM's space; A000070),
    under the same optional bounds as :class:`Partitions`. The empty partition's key is
    :data:`~.notation.EMPTY_KEY` (``0``)."""

    sized = True
    order = "by size 0, 1, ..., n; within a size descending lexicographic"

    def __repr__(self) -> str:
        return f"PartitionsUpTo({self.n}{self._options()})"


class PartitionBounds(TypedDict, total=False):
    """The keywords of :class:`Partitions` and :class:`PartitionsUpTo` after n."""

    max_parts: int | None
    max_part: int | None
    distinct: bool


def partitions(
    n: int, *, where: Callable[[Partition], bool] | None = None, **bounds: Unpack[PartitionBounds]
) -> Space[Partition]:
    """The partitions of n (see :class:`Partitions`), narrowed by ``where`` if given."""
    return narrowed(Partitions(n, **bounds), where)


def partitions_up_to(
    n: int, *, where: Callable[[Partition], bool] | None = None, **bounds: Unpack[PartitionBounds]
) -> Space[Partition]:
    """The partitions of every size 0..n (see :class:`PartitionsUpTo`), narrowed by
    ``where`` if given."""
    return narrowed(PartitionsUpTo(n, **bounds), where)
