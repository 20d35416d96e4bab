"""The positions of a built graph: its space (:mod:`gamegraph.core.spaces`) as the graph, its
tables and its checks read it, a position or a batch of them at a time.

The space is the core's type, narrowed (:class:`~gamegraph.core.spaces.Narrowed`) where a
predicate holds, or :class:`~gamegraph.core.spaces.Listed` when a search found the positions;
a position's index in the graph is its id in the space. Keys and notations of partitions and
compositions are written by a compiled formatter, the others by the space one at a time.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from gamegraph.core.spaces import (
    EMPTY_KEY,
    EMPTY_NOTATION,
    Compositions,
    Narrowed,
    Partitions,
    PartitionsUpTo,
    PositionError,
    Space,
)
from gamegraph.errors import InputError
from gamegraph.games.model import LazyColumn, partition_texts

__all__ = ["Positions", "base_of"]

_ROW = re.compile(r"^row \d+ \([^)]*\): ")


def base_of(space: Space[Any]) -> Space[Any]:
    """The space a narrowed space narrows (the space itself otherwise)."""
    return space.base if isinstance(space, Narrowed) else space


class Positions:
    """The positions of one graph in index order: ``space``, with the game's own reading of a
    position written as text (``parse``; the space's by default)."""

    def __init__(self, space: Space[Any], parse: Callable[[str], Any] | None = None) -> None:
        self.space = space
        self._parse = parse or space.parse

    @property
    def size(self) -> int:
        return self.space.cardinality()

    def position(self, index: int) -> Any:
        """The position with this index (IndexError outside the graph)."""
        if not 0 <= index < self.size:
            raise IndexError(f"positions are 0..{self.size - 1}, not {index}")
        return self.space.unrank(int(index))

    def index(self, position: Sequence[int] | str) -> int:
        """The index of a position, given as itself or as text in the space's notations."""
        if isinstance(position, str):
            value = self._parse(position)
        elif isinstance(position, Iterable):
            value = tuple(position)
        else:  # an int, a float, None: no position, and not to be iterated
            example = f" such as {self.position(0)!r}" if self.size else ""
            raise InputError(f"position must be a sequence{example} or a text, not {position!r}")
        try:
            return self.space.rank(value)
        except (PositionError, TypeError, ValueError) as error:
            why = _ROW.sub("", str(error))  # a rank of one position: no "row 0 (...)" prefix
            kind = type(error) if isinstance(error, PositionError) else InputError
            raise kind(f"{value} is no position of this graph: {why}") from None

    def flat(self, rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """The rows (:meth:`~gamegraph.core.spaces.Space.encode`) of the positions ``rows``
        (default: all) as flat integers with int64 offsets."""
        if rows is None:
            walk = getattr(self.space, "unrank_range", None)
            if walk is not None:
                flat, offsets = walk(0, self.size)
                return flat, offsets
            rows = np.arange(self.size, dtype=np.int64)
        return self.space.unrank_many(np.asarray(rows, dtype=np.int64))

    def tuples(self, rows: np.ndarray | None = None) -> list[tuple[int, ...]]:
        """The rows of the positions ``rows`` (default: all) as tuples."""
        flat, offsets = self.flat(rows)
        values, bounds = flat.tolist(), offsets.tolist()
        return [tuple(values[a:b]) for a, b in itertools.pairwise(bounds)]

    def keys(self, rows: np.ndarray | None = None) -> list[str]:
        """The key of every position (of ``rows``), in index order."""
        return self._texts(rows, paper=False)

    def notations(self, rows: np.ndarray | None = None) -> list[str]:
        """The papers' notation of every position (of ``rows``), in index order."""
        return self._texts(rows, paper=True)

    def sizes(self, rows: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
        """The sum of each position's row (its size: the cards of a partition), from its
        rows (:meth:`flat`) if the caller has them."""
        flat, offsets = self.flat() if rows is None else rows
        sums = np.concatenate(([0], np.cumsum(flat, dtype=np.int64)))
        return np.asarray(sums[offsets[1:]] - sums[offsets[:-1]])

    def text_column(self, flat: np.ndarray, offsets: np.ndarray, paper: bool) -> LazyColumn:
        """The key (``paper``: the papers' notation) of every position, whose rows are
        ``flat`` cut at ``offsets``, written a batch at a time (a table's column)."""

        def fetch(a: int, b: int) -> list[str]:
            return self._written(
                flat[offsets[a] : offsets[b]], offsets[a : b + 1] - offsets[a], paper
            )

        return LazyColumn(self.size, fetch)

    def _texts(self, rows: np.ndarray | None, paper: bool) -> list[str]:
        formatter = getattr(self.space, "keys", None)
        if formatter is not None and rows is None and not paper:
            return list(formatter())  # the space's own formatter, where it has one
        return self._written(*self.flat(rows), paper)

    def _written(self, flat: np.ndarray, offsets: np.ndarray, paper: bool) -> list[str]:
        """The texts of the positions whose rows are ``flat`` cut at ``offsets``."""
        base = base_of(self.space)
        if isinstance(base, Partitions | PartitionsUpTo | Compositions):
            every = np.arange(offsets.shape[0] - 1, dtype=np.int64)
            if isinstance(base, Compositions):
                keys = partition_texts(flat, offsets, every, paper=False)
                return [f"({key})" for key in keys] if paper else keys
            texts = partition_texts(flat, offsets, every, paper=paper)
            empty = EMPTY_NOTATION if paper else EMPTY_KEY
            return [text or empty for text in texts]
        write = self.space.notation if paper else self.space.format
        values, bounds = flat.tolist(), offsets.tolist()
        return [write(self.space.decode(tuple(values[a:b]))) for a, b in itertools.pairwise(bounds)]
