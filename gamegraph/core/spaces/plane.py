"""Plane partitions of n (OEIS A000219): a tuple of rows, each a partition, each row at most
the row above entry by entry.

A position's row (:meth:`~gamegraph.core.spaces.Space.encode`) is its rows joined by single
0s. Ordered row by row: a larger first row first, then by its order in
:class:`~gamegraph.core.spaces.Partitions`, and so on. The count is exact by the generating
function; ranking lists the space once (cached).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property, lru_cache
from typing import Any

from gamegraph.core.notation import (
    EMPTY_KEY,
    EMPTY_NOTATION,
    integers,
    is_empty,
    join_key,
    strip_brackets,
)
from gamegraph.core.spaces.base import PositionError, Space, narrowed
from gamegraph.core.spaces.partitions import Partition, Partitions
from gamegraph.core.spaces.products import _joined, _multiset_counts
from gamegraph.core.spaces.sequences import check_n

__all__ = ["PlanePartition", "PlanePartitions", "plane_partitions"]

PlanePartition = tuple[Partition, ...]


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

    def __iter__(self) -> Iterator[PlanePartition]:
        yield from _plane(self.n, None)

    @cached_property
    def _listed(self) -> tuple[list[PlanePartition], dict[PlanePartition, int]]:
        members = list(iter(self))
        return members, {p: i for i, p in enumerate(members)}

    def rank(self, position: PlanePartition) -> int:
        key = self._check(position)
        index = self._listed[1].get(key)
        if index is None:
            raise PositionError(
                f"{position!r} is no plane partition of n = {self.n}: rows are partitions, "
                "each at most the row above entry by entry, adding up to n"
            )
        return index

    def unrank(self, index: int) -> PlanePartition:
        return self._listed[0][self._index(index)]

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


def _plane(remaining: int, bound: Partition | None) -> Iterator[PlanePartition]:
    """Plane partitions of ``remaining`` whose first row is at most ``bound`` entry by entry
    (no bound: any), in the order of :class:`PlanePartitions`."""
    if remaining == 0:
        yield ()
        return
    top = remaining if bound is None else min(remaining, sum(bound))
    for size in range(top, 0, -1):
        for row in _rows(size, size if bound is None else len(bound)):
            if bound is not None and any(v > b for v, b in zip(row, bound, strict=False)):
                continue
            for rest in _plane(remaining - size, row):
                yield (row, *rest)


@lru_cache(maxsize=4096)
def _rows(size: int, max_parts: int) -> list[Partition]:
    return Partitions(size, max_parts=max_parts).list()


def plane_partitions(
    n: int, *, where: Callable[[PlanePartition], bool] | None = None
) -> Space[PlanePartition]:
    """The plane partitions of n (see :class:`PlanePartitions`), narrowed by ``where``."""
    return narrowed(PlanePartitions(n), where)
