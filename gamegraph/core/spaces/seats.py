"""Compositions round a table with a marked seat: a pointer at one of c players.

- :class:`MarkedCompositions`: a composition with a marked seat whose pile is non-empty,
  ``(parts, seat)`` with the seat counted from 0; by seat, then descending lexicographic.
- :class:`PointerCompositions`: Janetzko's positions, weak compositions of n into c parts
  whose pointed-at pile is non-empty, rotated so that the pointer is at seat 1: the weak
  compositions whose first part is positive.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gamegraph.core.notation import brief, integers
from gamegraph.core.spaces.base import PositionError, Space, narrowed
from gamegraph.core.spaces.compositions import Composition, Compositions
from gamegraph.core.spaces.sequences import SequenceSpace, check_int, integer_tuple

__all__ = [
    "MarkedComposition",
    "MarkedCompositions",
    "PointerCompositions",
    "marked_compositions",
    "pointer_compositions",
]

MarkedComposition = tuple[Composition, int]
"""A composition and its marked seat (0 is the first seat)."""


class PointerCompositions(SequenceSpace):
    """Janetzko's positions: weak compositions of n into c parts whose pointed-at pile is
    non-empty, rotated so that the pointer is at seat 1; that is, the weak compositions of n
    into c parts with a positive first part (binomial(n + c − 2, c − 1) of them).

    Subtracting 1 from the first part maps them onto the weak compositions of n − 1 into c
    parts keeping the order, which gives the ids (descending lexicographic)."""

    order = "descending lexicographic: (n, 0, ..., 0) first"
    fixed_width = True
    what = "pointer composition"

    def __init__(self, n: int, players: int) -> None:
        self.n = check_int("n", n)
        self.players = check_int("players", players, low=1)
        self.inner = Compositions(max(n - 1, 0), length=self.players, weak=True)

    def __repr__(self) -> str:
        return f"PointerCompositions({self.n}, players={self.players})"

    def cardinality(self) -> int:
        return self.inner.cardinality() if self.n >= 1 else 0

    def _shift(self, flat: np.ndarray, offsets: np.ndarray, by: int) -> np.ndarray:
        moved = flat.astype(np.int64, copy=True)
        starts = offsets[:-1][offsets[:-1] < offsets[1:]]
        moved[starts] += by
        return moved

    def unrank(self, index: int) -> Composition:
        self._index(index)
        parts = self.inner.unrank(index)
        return (parts[0] + 1, *parts[1:])

    def _rank_flat(self, flat: np.ndarray, offsets: np.ndarray, strict: bool) -> np.ndarray:
        if self.n == 0:
            if strict and offsets.shape[0] > 1:
                raise PositionError(f"{self!r} is empty: no row is a member")
            return np.full(offsets.shape[0] - 1, -1, dtype=np.int64)
        # an empty row has no pointed-at pile to look at: the inner space refuses it
        filled = np.diff(offsets) > 0
        bad = np.zeros(filled.shape[0], dtype=bool)
        bad[filled] = flat[offsets[:-1][filled]] < 1
        if strict and bad.any():
            why = "the pointed-at pile (seat 1) is empty"
            raise self._no_member(int(np.argmax(bad)), flat, offsets, why)
        try:
            ids = self.inner.rank_many(self._shift(flat, offsets, -1), offsets, strict=strict)
        except PositionError as error:
            raise PositionError(str(error).replace(repr(self.inner), repr(self))) from None
        return np.where(bad, -1, ids)

    def unrank_many(self, ids: np.ndarray | Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        ids = self._check_ids(ids)
        flat, offsets = self.inner.unrank_many(ids)
        return self._shift(flat, offsets, 1).astype(self.dtype), offsets

    def decode(self, row: Sequence[int]) -> Composition:
        return self.inner.decode(row)

    def row_width(self) -> int:
        return self.players

    def max_entry(self) -> int:
        return self.n

    def parse(self, text: str) -> Composition:
        values = integers(text.replace("*", " "), positive=False, limit=self.n, what="position")
        return self._parsed(
            values,
            text,
            f"{self.players} nonnegative piles adding up to n = {self.n}, the first (the "
            "pointer's) non-empty",
        )

    def notation(self, position: Composition) -> str:
        """The parts with the pointer's pile starred: ``(*3,0,2)``."""
        return "(*" + ",".join(map(str, position)) + ")"


class MarkedCompositions(Space[MarkedComposition]):
    """Compositions of n into c parts (``weak`` by default) with a marked seat whose pile is
    non-empty: positions ``(parts, seat)``, seat 0..c − 1. Its row is ``(seat, *parts)``.

    Ordered by seat, then descending lexicographic in the parts: within one seat the map
    parts − e_seat onto the compositions of n − 1 (weak) keeps the order, giving the ids."""

    order = "by seat 0, 1, ..., c − 1; within a seat descending lexicographic"
    fixed_width = True

    def __init__(self, n: int, players: int, *, weak: bool = True) -> None:
        self.n = check_int("n", n)
        self.players = check_int("players", players, low=1)
        self.weak = bool(weak)
        self.inner = (
            Compositions(max(n - 1, 0), length=self.players, weak=True)
            if self.weak
            else Compositions(n, length=self.players)
        )

    def __repr__(self) -> str:
        weak = "" if self.weak else ", weak=False"
        return f"MarkedCompositions({self.n}, players={self.players}{weak})"

    @property
    def per_seat(self) -> int:
        """The number of members with one given seat marked."""
        return self.inner.cardinality() if self.n else 0

    def cardinality(self) -> int:
        return self.players * self.per_seat

    def _inner_parts(self, position: MarkedComposition) -> Composition:
        parts, seat = self._split(position)
        if not self.weak:
            return parts
        if not 0 <= seat < len(parts) or parts[seat] < 1:
            raise PositionError(f"{position!r}: the marked pile is empty or no seat")
        return tuple(v - (1 if i == seat else 0) for i, v in enumerate(parts))

    def _split(self, position: object) -> MarkedComposition:
        if (
            not isinstance(position, tuple | list)
            or len(position) != 2
            or not isinstance(position[1], int | np.integer)
        ):
            raise PositionError(f"{position!r} is no marked composition: give (parts, seat)")
        seat = int(position[1])
        if not 0 <= seat < self.players:
            raise PositionError(f"seat {seat} is outside 0..{self.players - 1}")
        return integer_tuple(position[0], "composition"), seat

    def rank(self, position: MarkedComposition) -> int:
        parts, seat = self._split(position)
        if self.n == 0:
            raise PositionError(f"{self!r} is empty")
        inner = self._inner_parts((parts, seat))
        try:
            return seat * self.per_seat + self.inner.rank(inner)
        except PositionError:  # said of the parts as given, not of the inner space's
            whole = Compositions(self.n, length=self.players, weak=self.weak)
            why = whole._why(parts)
            raise PositionError(f"{position!r} is no member of {self!r}: {why}") from None

    def unrank(self, index: int) -> MarkedComposition:
        seat, within = divmod(self._index(index), self.per_seat)
        parts = self.inner.unrank(within)
        if self.weak:
            parts = tuple(v + (1 if i == seat else 0) for i, v in enumerate(parts))
        return parts, seat

    def encode(self, position: MarkedComposition) -> tuple[int, ...]:
        parts, seat = position
        return (seat, *parts)

    def decode(self, row: Sequence[int]) -> MarkedComposition:
        values = tuple(int(v) for v in row)
        if not values:
            raise PositionError("an empty row is no marked composition")
        parts = values[1:] + (0,) * (self.players - len(values) + 1)
        return parts, values[0]

    def row_width(self) -> int:
        return self.players + 1

    def max_entry(self) -> int:
        return max(self.n, self.players)

    def canonical(self, position: Any) -> MarkedComposition:
        parts, seat = position
        return tuple(int(v) for v in parts), int(seat)

    def parse(self, text: str) -> MarkedComposition:
        """The parts with the marked pile starred: ``3,0,*2`` or ``(3, 0, *2)``."""
        tokens = [t for t in text.replace("(", " ").replace(")", " ").replace(",", " ").split()]
        stars = [i for i, t in enumerate(tokens) if t.startswith("*")]
        if len(stars) != 1 or "^" in text:
            raise PositionError(
                f"{brief(text)}: write the piles in order with the marked one starred once, "
                "e.g. '3,0,*2'"
            )
        parts = integers(" ".join(t.lstrip("*") for t in tokens), positive=False, limit=self.n)
        return self._parsed(
            (parts, stars[0]),
            text,
            f"{self.players} piles adding up to n = {self.n}, the starred one non-empty",
        )

    def format(self, position: MarkedComposition) -> str:
        parts, seat = position
        return ",".join(("*" if i == seat else "") + str(v) for i, v in enumerate(parts))

    def notation(self, position: MarkedComposition) -> str:
        return f"({self.format(position)})"


def pointer_compositions(
    n: int, players: int, *, where: Callable[[Composition], bool] | None = None
) -> Space[Composition]:
    """Janetzko's positions (see :class:`PointerCompositions`), narrowed by ``where``."""
    return narrowed(PointerCompositions(n, players), where)


def marked_compositions(
    n: int,
    players: int,
    *,
    weak: bool = True,
    where: Callable[[MarkedComposition], bool] | None = None,
) -> Space[MarkedComposition]:
    """Compositions with a marked seat (see :class:`MarkedCompositions`), narrowed."""
    return narrowed(MarkedCompositions(n, players, weak=weak), where)
