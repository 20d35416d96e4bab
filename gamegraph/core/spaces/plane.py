"""Plane partitions of n (OEIS A000219): a tuple of rows, each a partition, each row at most
the row above entry by entry.

A position's row (:meth:`~gamegraph.core.spaces.Space.encode`) is its rows joined by single
0s. Ordered row by row: a larger first row first, then by its order in
:class:`~gamegraph.core.spaces.Partitions`, and so on. The count is exact by the generating
function; ranking lists the space once (cached, compiled: :mod:`._plane_kernels`), a byte per
entry of each row, 2n − 1 bytes a position (:meth:`PlanePartitions.held_bytes`), and
searches that listing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from typing import Any

import numpy as np

from gamegraph.core.notation import (
    EMPTY_KEY,
    EMPTY_NOTATION,
    integers,
    is_empty,
    join_key,
    strip_brackets,
)
from gamegraph.core.spaces import _plane_kernels as k
from gamegraph.core.spaces.base import PositionError, Space, flat_rows, narrowed
from gamegraph.core.spaces.partitions import Partition
from gamegraph.core.spaces.products import _joined, _multiset_counts
from gamegraph.core.spaces.sequences import check_n

__all__ = ["PlanePartition", "PlanePartitions", "plane_partitions"]

PlanePartition = tuple[Partition, ...]

_RULE = "rows are partitions, each at most the row above entry by entry, adding up to n"
"""What a member is, said when a position or a row is none."""


class PlanePartitions(Space[PlanePartition]):
    """The plane partitions of n (see the module docstring)."""

    order = "row by row: a larger first row first, then the row's partition order"

    def __init__(self, n: int) -> None:
        self.n = check_n(n, "plane partitions", limit=60)

    def __repr__(self) -> str:
        return f"PlanePartitions({self.n})"

    def cardinality(self) -> int:
        return self._count

    @cached_property
    def _count(self) -> int:
        """Π_k (1 − x^k)^−k: k kinds of part k (n³/6 steps: each unrank checks its id)."""
        return _multiset_counts(self.n, kinds=lambda part: part)[self.n]

    def held_bytes(self) -> int:
        return self.cardinality() * self.row_width()

    @cached_property
    def _listing(self) -> np.ndarray:
        """Every position's row in order (:func:`._plane_kernels.list_planes`)."""
        if self.n == 0:
            return np.zeros((1, 0), dtype=np.uint8)
        return k.list_planes(self.n, self._count, self.row_width())

    def __iter__(self) -> Iterator[PlanePartition]:
        for row in self._listing:
            yield self.decode(row.tolist())

    def rank(self, position: PlanePartition) -> int:
        key = self._check(position)
        found = k.rank_planes(self._listing, *flat_rows([self.encode(key)]), self.n)
        if not all(key) or found[0] < 0:
            raise PositionError(f"{position!r} is no plane partition of n = {self.n}: {_RULE}")
        return int(found[0])

    def _rank_flat(self, flat: np.ndarray, offsets: np.ndarray, strict: bool) -> np.ndarray:
        out = k.rank_planes(self._listing, flat, offsets, self.n)
        if strict and (out < 0).any():
            raise self._no_member(int(np.argmax(out < 0)), flat, offsets, _RULE)
        return out

    def unrank(self, index: int) -> PlanePartition:
        return self.decode(self._listing[self._index(index)].tolist())

    def unrank_many(self, ids: np.ndarray | Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        return self._as_flat(self._listing[self._check_ids(ids)], None)

    def _check(self, position: object) -> PlanePartition:
        if not isinstance(position, tuple | list):
            raise PositionError(f"{position!r} is no plane partition: give a tuple of rows")
        return tuple(tuple(int(v) for v in row) for row in position)

    def encode(self, position: PlanePartition) -> tuple[int, ...]:
        return _joined(position)

    def decode(self, row: Sequence[int]) -> PlanePartition:
        rows: list[list[int]] = [[]]
        for v in row:
            if v == 0:
                rows.append([])
            else:
                rows[-1].append(int(v))
        return tuple(tuple(r) for r in rows if r)

    def row_width(self) -> int:
        return 2 * self.n - 1 if self.n else 0

    def max_entry(self) -> int:
        return self.n

    def canonical(self, position: Any) -> PlanePartition:
        return tuple(tuple(int(v) for v in row) for row in position if len(row))

    def parse(self, text: str) -> PlanePartition:
        """Rows separated by ``/``, ``;`` or ``|`` (``3,2/1``), or nested brackets
        ``[[3,2],[1]]``; the empty one as ``0``, ``[]`` or ``∅``."""
        if is_empty(text):
            position: PlanePartition = ()
        else:
            body = strip_brackets(text)
            nested = re.findall(r"[\[(]([^\[\]()]*)[\])]", body)
            pieces = nested if nested else re.split(r"[/;|]", body)
            position = tuple(integers(piece, positive=True, limit=self.n) for piece in pieces)
        self.rank(position)
        return position

    def format(self, position: PlanePartition) -> str:
        return "/".join(join_key(row) for row in position) or EMPTY_KEY

    def notation(self, position: PlanePartition) -> str:
        if not position:
            return EMPTY_NOTATION
        return "[" + ", ".join("[" + ",".join(map(str, row)) + "]" for row in position) + "]"


def plane_partitions(
    n: int, *, where: Callable[[PlanePartition], bool] | None = None
) -> Space[PlanePartition]:
    """The plane partitions of n (see :class:`PlanePartitions`), narrowed by ``where``."""
    return narrowed(PlanePartitions(n), where)
