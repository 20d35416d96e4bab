"""Spaces whose positions are tuples of integers (:class:`SequenceSpace`: compositions,
necklaces, a pointer's seats, partitions, listed positions), and the checks of the parameters
and positions every space module makes."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np

from gamegraph.core.notation import PositionError, join_key
from gamegraph.core.spaces.base import Space

__all__ = ["SequenceSpace", "check_int", "check_n", "integer_tuple"]


def check_int(name: str, value: object, low: int = 0) -> int:
    """``value``, an integer (no bool) of at least ``low``: a parameter of a space."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise PositionError(f"{name} = {value!r}: give an integer of at least {low}")
    return value


def check_n(n: object, what: str, limit: int = 255) -> int:
    """``n``, an integer (no bool) in 0..limit: the size of a space of ``what``."""
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= limit:
        raise PositionError(f"n = {n!r} is outside 0..{limit} for {what}")
    return n


def integer_tuple(
    position: object, what: str, give: str = "a tuple of integers"
) -> tuple[int, ...]:
    """A position given as a tuple or list of integers, as a tuple of ints."""
    if not isinstance(position, tuple | list) or not all(
        isinstance(v, int | np.integer) and not isinstance(v, bool) for v in position
    ):
        raise PositionError(f"{position!r} is no {what}: give {give}")
    return tuple(int(v) for v in position)


class SequenceSpace(Space[tuple[int, ...]]):
    """A space whose positions are tuples of integers, each its own row; its key is the
    entries joined by commas (:data:`~.notation.EMPTY_KEY` for none), its notation the
    same in parentheses. Ranking goes through :meth:`~Space.rank_many` unless overridden;
    the positions are called :attr:`what` in messages."""

    what: ClassVar[str] = "composition"

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        """The positions in canonical order, unranked 2^16 at a time (:meth:`_rows`)."""
        size = self.cardinality()
        step = 1 << 16
        for lo in range(0, size, step):
            flat, offsets = self._rows(lo, min(lo + step, size))
            values = flat.tolist()
            for start, end in itertools.pairwise(offsets.tolist()):
                yield tuple(values[start:end])

    def _rows(self, lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
        """The rows of ids lo..hi − 1, flat with offsets (as :meth:`~Space.unrank_many`)."""
        return self.unrank_many(np.arange(lo, hi, dtype=np.int64))

    def rank(self, position: tuple[int, ...]) -> int:
        return self._rank_row(integer_tuple(position, self.what))

    def encode(self, position: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(position)

    def canonical(self, position: Any) -> tuple[int, ...]:
        return tuple(int(v) for v in position)

    def format(self, position: tuple[int, ...]) -> str:
        return join_key(position)

    def notation(self, position: tuple[int, ...]) -> str:
        return f"({','.join(map(str, position))})"
