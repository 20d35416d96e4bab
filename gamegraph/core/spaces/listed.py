"""A space given by the list of its positions: what a search from start positions found.

:class:`Listed` holds tuples of nonnegative integers (boards, rows of pits, any positions a
game's moves reach), sorted into descending lexicographic order, the order every space of
gamegraph starts from its largest position in. Its key is the entries joined by commas and
its notation the same in brackets, ``(3,1,2)``; the text of a position parses back to it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import numpy as np

from gamegraph.core.notation import brief, integers
from gamegraph.core.spaces.base import PositionError, flat_rows
from gamegraph.core.spaces.sequences import SequenceSpace

__all__ = ["Listed"]

Row = tuple[int, ...]


class Listed(SequenceSpace):
    """The positions given, each once, in descending lexicographic order (rank: a look-up)."""

    order = "descending lexicographic"

    def __init__(self, positions: Iterable[Sequence[int]], *, described: str = "") -> None:
        self.positions: list[Row] = sorted({tuple(int(v) for v in p) for p in positions})
        self.positions.reverse()
        self.described = described or "the positions listed"
        self._ids = {p: i for i, p in enumerate(self.positions)}
        self._one_length = len({len(p) for p in self.positions}) == 1

    def __repr__(self) -> str:
        return f"Listed({len(self.positions)} positions)"

    @property
    def fixed_width(self) -> bool:  # type: ignore[override]
        """Every position has one length, so a 2-D array of rows is read whole: a position
        may end in 0 (a board's empty last pit)."""
        return self._one_length

    def cardinality(self) -> int:
        return len(self.positions)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.positions)

    def rank(self, position: Row) -> int:
        key = tuple(position)
        if key not in self._ids:
            raise PositionError(f"{self.format(key)} is not one of {self.described}")
        return self._ids[key]

    def unrank(self, index: int) -> Row:
        return self.positions[self._index(index)]

    def _rank_flat(self, flat: np.ndarray, offsets: np.ndarray, strict: bool) -> np.ndarray:
        values, bounds = flat.tolist(), offsets.tolist()
        found = self._ids.get
        out = np.fromiter(
            (found(tuple(values[a:b]), -1) for a, b in itertools.pairwise(bounds)),
            dtype=np.int64,
            count=len(bounds) - 1,
        )
        if strict and (out < 0).any():
            raise self._no_member(
                int(np.argmax(out < 0)), flat, offsets, "the search did not find it"
            )
        return out

    def unrank_many(self, ids: np.ndarray | Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        chosen = [self.positions[i] for i in self._check_ids(ids).tolist()]
        return flat_rows(chosen)

    def decode(self, row: Sequence[int]) -> Row:
        return tuple(int(v) for v in row)

    def row_width(self) -> int:
        return max(map(len, self.positions), default=0)

    def max_entry(self) -> int:
        return max((max(p, default=0) for p in self.positions), default=0)

    @property
    def dtype(self) -> type[np.integer[Any]]:
        return np.int64

    def parse(self, text: str) -> Row:
        position = integers(text, positive=False)
        if position not in self._ids:
            raise PositionError(f"{brief(text)} is not one of {self.described}")
        return position

    def format(self, position: Row) -> str:
        return ",".join(map(str, position))
