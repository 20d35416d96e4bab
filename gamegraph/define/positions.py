"""The positions of a defined game's graph: its space of n enumerated by exact ranking, a
shard at a time, and the positions object a built graph keeps (ranks, keys, notations)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain

import numpy as np

from gamegraph.define import _kernels as dk
from gamegraph.define.definition import DefinitionError
from gamegraph.define.spaces import Position, Space
from gamegraph.games import _kernels as gk
from gamegraph.games.partitions import count_partitions


@dataclass(frozen=True, eq=False)
class DefinedPositions:
    """The positions of one graph, in index order: a ranked space of n (narrowed by
    ``kept``, its indices in the full space), or the explicit tuples a search found."""

    space: Space
    n: int
    size: int
    kept: np.ndarray | None = None  #: full-space index of each position (narrowed spaces)
    found: list[Position] | None = None  #: the positions of a reachable space
    _table: np.ndarray | None = field(default=None, repr=False)

    @cached_property
    def starts(self) -> np.ndarray:
        """Index of the first partition of each size 0..n + 1 (the up-to space)."""
        counts = [count_partitions(m) for m in range(self.n + 1)]
        return np.concatenate(([0], np.cumsum(counts))).astype(np.int64)

    @cached_property
    def full_to_local(self) -> np.ndarray | None:
        if self.kept is None:
            return None
        mapping = np.full(full_size(self.space, self.n), -1, dtype=np.int64)
        mapping[self.kept] = np.arange(self.kept.shape[0])
        return mapping

    def flat_parts(self, rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Entries of the positions ``rows`` (default: all) as flat integers with offsets."""
        if self.found is not None:
            chosen = self.found if rows is None else [self.found[int(i)] for i in rows]
            lengths = np.fromiter(map(len, chosen), np.int64, len(chosen))
            offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
            flat = np.fromiter(chain.from_iterable(chosen), np.int64, int(offsets[-1]))
            return flat, offsets
        full = np.arange(self.size, dtype=np.int64) if rows is None else np.asarray(rows)
        if self.kept is not None:
            full = self.kept[full]
        if full.shape[0] and np.all(np.diff(full) == 1):
            return space_shard(self.space, self.n, int(full[0]), int(full[-1]) + 1, self.table)
        pieces = [space_shard(self.space, self.n, int(i), int(i) + 1, self.table) for i in full]
        return _join(pieces)

    @property
    def table(self) -> np.ndarray:
        return self._table if self._table is not None else gk.rank_table(max(self.n, 1))

    def tuples(self, rows: np.ndarray | None = None) -> list[Position]:
        flat, offsets = self.flat_parts(rows)
        return _tuples(flat, offsets)

    def position(self, index: int) -> Position:
        if not 0 <= index < self.size:
            raise IndexError(f"positions are 0..{self.size - 1}, not {index}")
        return self.tuples(np.asarray([index]))[0]

    def index(self, position: Sequence[int] | str) -> int:
        """The index of a position (a tuple or text in the space's notations)."""
        values = (
            self.space.parse(position, self.n) if isinstance(position, str) else tuple(position)
        )
        if self.found is not None:
            lookup = {p: i for i, p in enumerate(self.found)}
            if values not in lookup:
                raise DefinitionError(f"{values} is no position of this graph")
            return lookup[values]
        flat = np.asarray(values, dtype=np.int64)
        offsets = np.asarray([0, flat.shape[0]], dtype=np.int64)
        ranked, bad = rank_rows(self.space, self.n, flat, offsets, self.table, self.starts)
        local = ranked if self.full_to_local is None else self.full_to_local[ranked]
        if bad >= 0 or local[0] < 0:
            raise DefinitionError(f"{values} is no position of this graph")
        return int(local[0])

    def keys(self) -> list[str]:
        return [self.space.key(p) for p in self.tuples()]

    def notations(self) -> list[str]:
        return [self.space.notation(p) for p in self.tuples()]

    def sizes(self) -> np.ndarray:
        """The sum of each position's entries (its size)."""
        flat, offsets = self.flat_parts()
        sums = np.concatenate(([0], np.cumsum(flat, dtype=np.int64)))
        return np.asarray(sums[offsets[1:]] - sums[offsets[:-1]])


def full_size(space: Space, n: int) -> int:
    """Positions of the un-narrowed space of n."""
    if space.kind == "partitions":
        return count_partitions(n)
    if space.kind == "partitions-up-to":
        return sum(count_partitions(m) for m in range(n + 1))
    if space.kind == "compositions":
        return 1 << (n - 1)
    raise ValueError(space.kind)


def space_shard(
    space: Space, n: int, lo: int, hi: int, table: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Positions lo..hi − 1 of the un-narrowed space of n as flat entries with offsets."""
    count = hi - lo
    parts = np.empty(max(n, 1) * count, dtype=np.uint8)
    offsets = np.empty(count + 1, dtype=np.int64)
    if space.kind == "partitions":
        used = dk.partitions_shard(n, table, lo, hi, parts, offsets)
    elif space.kind == "partitions-up-to":
        counts = [count_partitions(m) for m in range(n + 1)]
        starts = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
        used = dk.partitions_up_to_shard(n, table, starts, lo, hi, parts, offsets)
    else:
        used = dk.enumerate_compositions(n, lo, hi, parts, offsets)
    return parts[:used], offsets


def rank_rows(
    space: Space,
    n: int,
    flat: np.ndarray,
    offsets: np.ndarray,
    table: np.ndarray,
    starts: np.ndarray | None = None,
) -> tuple[np.ndarray, int]:
    """Full-space index of each row, and the first bad row's code * 2^32 + row (-1: none)."""
    out = np.empty(offsets.shape[0] - 1, dtype=np.int64)
    if space.kind == "partitions":
        bad = dk.rank_partitions(flat, offsets, n, table, out)
    elif space.kind == "partitions-up-to":
        assert starts is not None
        bad = dk.rank_partitions_up_to(flat, offsets, n, table, starts, out)
    else:
        bad = dk.rank_compositions(flat, offsets, n, out)
    return out, int(bad)


def _tuples(flat: np.ndarray, offsets: np.ndarray) -> list[Position]:
    values = flat.tolist()
    bounds = offsets.tolist()
    return list(map(tuple, map(values.__getitem__, map(slice, bounds[:-1], bounds[1:]))))


def _join(pieces: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    if not pieces:
        return np.empty(0, dtype=np.int64), np.zeros(1, dtype=np.int64)
    flats = [p[0].astype(np.int64) for p in pieces]
    lengths = np.concatenate([np.diff(p[1]) for p in pieces])
    return np.concatenate(flats), np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
