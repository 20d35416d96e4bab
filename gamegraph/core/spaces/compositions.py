"""Compositions: strict and weak, of any or of a fixed length; and up to rotation (necklaces).

A composition is a tuple of parts in order, positive (strict) or nonnegative (weak, which
needs a fixed length). Its row is the composition itself. The canonical order is descending
lexicographic: ``Compositions(3)`` runs (3), (2,1), (1,2), (1,1,1); the id of a composition of
any length is then the bit set of its cut points (bit n − 1 − s for a cut after s), as
Carolina's C_n numbers them.

- :class:`Necklaces`: compositions up to rotation (the cyclic compositions of OEIS A008965;
  seats round a table). The canonical form is the **lexicographically greatest** rotation, so
  a necklace starts with a largest part; members in descending lexicographic order.

Compositions with a marked seat (a pointer) are in :mod:`.seats`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, TypedDict, Unpack

import numpy as np

from gamegraph.core.notation import integers, is_empty
from gamegraph.core.spaces import _composition_kernels as ck
from gamegraph.core.spaces import _kernels as k
from gamegraph.core.spaces.base import PositionError, Space, members, narrowed, unpadded
from gamegraph.core.spaces.sequences import SequenceSpace, check_int

__all__ = [
    "Composition",
    "Compositions",
    "Necklaces",
    "compositions",
    "greatest_rotation",
    "necklaces",
]

Composition = tuple[int, ...]

INT64_MAX = 2**63 - 1
MAX_FREE_N = 62
"""The largest n whose compositions of any length are ranked (ids are int64 bit sets)."""


def greatest_rotation(parts: Sequence[int]) -> Composition:
    """The lexicographically greatest rotation of a sequence (a necklace's canonical form)."""
    values = tuple(int(v) for v in parts)
    return max((values[i:] + values[:i] for i in range(len(values))), default=())


def _count(total: int, parts: int, low: int) -> int:
    """Compositions of exactly ``total`` into ``parts`` parts, each at least ``low``."""
    if parts == 0:
        return 1 if total == 0 else 0
    free = total - parts * low
    return math.comb(free + parts - 1, parts - 1) if free >= 0 else 0


class Compositions(SequenceSpace):
    """The compositions of n: strict (parts >= 1; OEIS A011782, any length) or ``weak``
    (parts >= 0; binomial(n + c − 1, c − 1) of them), optionally of a fixed ``length`` c
    (binomial(n − 1, c − 1) strict). Weak compositions need a length."""

    order = "descending lexicographic: (n) or (n, 0, ..., 0) first"

    def __init__(self, n: int, *, length: int | None = None, weak: bool = False) -> None:
        self.n = check_int("n", n)
        self.length = None if length is None else check_int("length", length)
        self.weak = bool(weak)
        if self.weak and self.length is None:
            raise PositionError("weak compositions need a length: give length=c")
        if self.length is None and self.n > MAX_FREE_N:
            raise PositionError(
                f"n = {n} is above {MAX_FREE_N}: compositions of any length are ranked as "
                "64-bit sets of cut points (give a length for larger n)"
            )
        if self.cardinality() > INT64_MAX:
            raise PositionError(f"{self!r} has more than 2^63 positions: ids are 64-bit")

    def __repr__(self) -> str:
        extra = "" if self.length is None else f", length={self.length}"
        return f"Compositions({self.n}{extra}{', weak=True' if self.weak else ''})"

    @property
    def fixed_width(self) -> bool:  # type: ignore[override]
        return self.length is not None

    @property
    def low(self) -> int:
        """The smallest part allowed (0 weak, else 1)."""
        return 0 if self.weak else 1

    def cardinality(self) -> int:
        if self.length is None:
            return 1 if self.n == 0 else 2 ** (self.n - 1)
        return _count(self.n, self.length, self.low)

    @cached_property
    def tail(self) -> np.ndarray:
        """tail[j, x]: compositions of some total <= x into j parts (int64, cumulative)."""
        c = self.length or 0
        table = np.zeros((c + 1, self.n + 1), dtype=np.int64)
        for j in range(c + 1):
            running = 0
            for x in range(self.n + 1):
                running += _count(x, j, self.low)
                table[j, x] = min(running, INT64_MAX)
        return table

    # ---------------------------------------------------------------- ids

    def unrank(self, index: int) -> Composition:
        return self._unrank_row(index)

    def _rank_flat(self, flat: np.ndarray, offsets: np.ndarray, strict: bool) -> np.ndarray:
        out = np.empty(offsets.shape[0] - 1, dtype=np.int64)
        if self.length is None:
            result = ck.rank_compositions_free(flat, offsets, self.n, strict, out)
        else:
            result = ck.rank_compositions_fixed(
                flat, offsets, self.n, self.length, self.low, self.tail, strict, out
            )
        self._kernel_ranked(result, flat, offsets)
        return out

    def _fault(self, code: int, parts: np.ndarray) -> str:
        if code == k.BAD_COUNT:
            return f"it has {parts.shape[0]} parts, not {self.length}"
        return k.BAD_CODES[code].format(
            sum=int(parts.sum()), n=self.n, order="", low=self.low, high="", count=self.length
        )

    def unrank_many(self, ids: np.ndarray | Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        ids = self._check_ids(ids)
        if self.length is None:
            offsets = np.empty(ids.shape[0] + 1, dtype=np.int64)
            ck.composition_lengths(ids, self.n, offsets)
            flat = np.empty(int(offsets[-1]), dtype=np.int64)
            ck.unrank_compositions_free(ids, self.n, offsets, flat)
        else:
            flat = np.empty(ids.shape[0] * self.length, dtype=np.int64)
            ck.unrank_compositions_fixed(ids, self.n, self.length, self.low, self.tail, flat)
            offsets = np.arange(ids.shape[0] + 1, dtype=np.int64) * self.length
        return flat.astype(self.dtype), offsets

    # ---------------------------------------------------------------- rows and text

    def decode(self, row: Sequence[int]) -> Composition:
        if self.length is None:  # a padded row: its trailing zeros cut off
            return unpadded(row)
        values = tuple(int(v) for v in row)
        return values + (0,) * (self.length - len(values))

    def row_width(self) -> int:
        return self.n if self.length is None else self.length

    def max_entry(self) -> int:
        return self.n

    def parse(self, text: str) -> Composition:
        if is_empty(text) and self.n == 0 and not self.length:
            return ()
        values = integers(text, positive=False, limit=self.n, what="composition")
        return self._parsed(values, text, self._why(values))

    def _why(self, values: tuple[int, ...]) -> str:
        """What keeps a sequence of integers out of the space (or the rule, when nothing)."""
        if min(values, default=self.low) < self.low:
            return f"it has a part below {self.low}"
        if self.length is not None and len(values) != self.length:
            return f"it has {len(values)} parts, not {self.length}"
        if sum(values) != self.n:
            return f"its parts add up to {sum(values)}, not n = {self.n}"
        kind = "nonnegative" if self.weak else "positive"
        many = "" if self.length is None else f", {self.length} of them,"
        return f"its parts are {kind}{many} and add up to n = {self.n}"


class Necklaces(SequenceSpace):
    """The compositions of n up to rotation, strict or ``weak``, of any or a fixed
    ``length`` (seats round a table): OEIS A008965 for strict ones of any length.

    The canonical form is the lexicographically greatest rotation; the members are the
    compositions equal to theirs, in descending lexicographic order. The count is exact by
    Burnside's lemma without listing; ranking lists the base space once (cached), keeping
    the sorted array of the members' base ids (rank: a binary search)."""

    symmetry = "rotation"
    order = "descending lexicographic among the greatest rotations"

    def __init__(self, n: int, *, length: int | None = None, weak: bool = False) -> None:
        self.base = Compositions(n, length=length, weak=weak)
        self.n, self.length, self.weak = self.base.n, self.base.length, self.base.weak

    def __repr__(self) -> str:
        return repr(self.base).replace("Compositions", "Necklaces", 1)

    def cardinality(self) -> int:
        if self.length is not None:
            return _necklace_count(self.n, self.length, self.weak)
        if self.n == 0:
            return 1
        return sum(_necklace_count(self.n, c, False) for c in range(1, self.n + 1))

    def held_bytes(self) -> int:
        return 8 * self.cardinality()

    @cached_property
    def base_ids(self) -> np.ndarray:
        """The base ids of the members, increasing."""
        kept = []
        size = self.base.cardinality()
        step = 1 << 18
        for lo in range(0, size, step):
            ids = np.arange(lo, min(lo + step, size), dtype=np.int64)
            flat, offsets = self.base.unrank_many(ids)
            keep = np.empty(ids.shape[0], dtype=np.bool_)
            ck.greatest_rotation_rows(flat.astype(np.int64), offsets, keep)
            kept.append(ids[keep])
        return np.concatenate(kept) if kept else np.zeros(0, dtype=np.int64)

    def unrank(self, index: int) -> Composition:
        return self.base.unrank(int(self.base_ids[self._index(index)]))

    def _rank_flat(self, flat: np.ndarray, offsets: np.ndarray, strict: bool) -> np.ndarray:
        found = members(self.base_ids, self.base.rank_many(flat, offsets, strict=strict))
        if strict and (found < 0).any():
            why = "it is not its greatest rotation (see canonical())"
            raise self._no_member(int(np.argmax(found < 0)), flat, offsets, why)
        return found

    def unrank_many(self, ids: np.ndarray | Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        return self.base.unrank_many(self.base_ids[self._check_ids(ids)])

    def decode(self, row: Sequence[int]) -> Composition:
        return self.base.decode(row)

    @property
    def fixed_width(self) -> bool:  # type: ignore[override]
        return self.base.fixed_width

    def row_width(self) -> int:
        return self.base.row_width()

    def max_entry(self) -> int:
        return self.base.n

    def canonical(self, position: Any) -> Composition:
        return greatest_rotation(position)

    def parse(self, text: str) -> Composition:
        """Any rotation of a member, in the notations of :class:`Compositions`."""
        return self.canonical(self.base.parse(text))


def _necklace_count(n: int, c: int, weak: bool) -> int:
    """Burnside: (1/c) Σ_{d | gcd(n, c)} φ(d) · (compositions of n/d into c/d parts)."""
    if c == 0:
        return 1 if n == 0 else 0
    g = math.gcd(n, c)
    total = 0
    for d in range(1, g + 1):
        if g % d == 0:
            total += _phi(d) * _count(n // d, c // d, 0 if weak else 1)
    return total // c


def _phi(m: int) -> int:
    return sum(1 for j in range(1, m + 1) if math.gcd(j, m) == 1)


class CompositionShape(TypedDict, total=False):
    """The keywords of :class:`Compositions` and :class:`Necklaces` after n."""

    length: int | None
    weak: bool


def compositions(
    n: int,
    *,
    where: Callable[[Composition], bool] | None = None,
    **shape: Unpack[CompositionShape],
) -> Space[Composition]:
    """The compositions of n (see :class:`Compositions`), narrowed by ``where`` if given."""
    return narrowed(Compositions(n, **shape), where)


def necklaces(
    n: int,
    *,
    where: Callable[[Composition], bool] | None = None,
    **shape: Unpack[CompositionShape],
) -> Space[Composition]:
    """The compositions of n up to rotation (see :class:`Necklaces`), narrowed by ``where``."""
    return narrowed(Necklaces(n, **shape), where)
