"""The one type every position space is: :class:`Space`, and the narrowed space of ``where=``.

A space is a finite set of positions for one choice of parameters (Sage's combinatorial
parents are the model: ``Partitions(n)``). Every space gives

- :meth:`~Space.cardinality` without enumerating (exact, a Python int), and ``len()``;
- its positions in one canonical order (``iter``, :meth:`~Space.list`), stated in
  :attr:`~Space.order`; the id of a position is its place in that order, 0 first;
- :meth:`~Space.rank` and :meth:`~Space.unrank` between positions and ids, one at a time, and
  :meth:`~Space.rank_many` / :meth:`~Space.unrank_many` for many at once on numpy arrays (each
  position is one *row* of integers, :meth:`~Space.encode`; rows come as a 2-D array padded
  with zeros, or flat with offsets);
- :meth:`~Space.canonical`: the canonical form of a position (sorted parts, the chosen
  rotation of a necklace, ...); a position is a member only in canonical form;
- :meth:`~Space.parse`, :meth:`~Space.format` (the key, one line, no spaces) and
  :meth:`~Space.notation` (the papers' notation); ``parse`` takes both and more;
- :meth:`~Space.where`: the space narrowed to the positions where a predicate holds.

A space knows nothing of Neo4j nor of any game. A position given in a form that is no
member raises :class:`PositionError` (an :class:`~gamegraph.errors.InputError`: one line).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from itertools import chain
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np

from gamegraph.core.notation import PositionError, brief

__all__ = [
    "Narrowed",
    "P",
    "PositionError",
    "Space",
    "flat_rows",
    "members",
    "narrowed",
    "unpadded",
]

P = TypeVar("P")
"""The type of a position of a space (a tuple of ints, a tuple of tuples, ...)."""


def flat_rows(rows: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Rows of integers as one flat int64 array with int64 offsets (row r is
    ``flat[offsets[r]:offsets[r + 1]]``): the layout :meth:`Space.rank_many` takes."""
    lengths = np.fromiter((len(row) for row in rows), dtype=np.int64, count=len(rows))
    offsets = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    flat = np.fromiter(chain.from_iterable(rows), dtype=np.int64, count=int(offsets[-1]))
    return flat, offsets


class Space(ABC, Generic[P]):
    """A finite set of positions in a canonical order, with dense ids 0..cardinality − 1.

    Subclasses implement :meth:`cardinality`, :meth:`rank`, :meth:`unrank`, :meth:`encode`,
    :meth:`decode`, :meth:`canonical`, :meth:`parse`, :meth:`format` and :meth:`notation`,
    and where it pays, faster :meth:`__iter__`, :meth:`_rank_flat` (of :meth:`rank_many`) and
    :meth:`unrank_many`.
    """

    order: ClassVar[str] = ""
    """The canonical order in words (id 0 first)."""
    symmetry: ClassVar[str | None] = None
    """What positions are taken up to, if anything (``"rotation"``), and so what
    :meth:`canonical` chooses among."""
    fixed_width: ClassVar[bool] = False
    """Rows all have one length (:meth:`row_width`) and may end in zeros: a 2-D array given
    to :meth:`rank_many` is read whole, not cut at its trailing zeros."""

    # ------------------------------------------------------------------ size and order

    @abstractmethod
    def cardinality(self) -> int:
        """The number of positions, exactly, without listing them."""

    def __len__(self) -> int:
        return self.cardinality()

    def __iter__(self) -> Iterator[P]:
        """The positions in canonical order."""
        for index in range(self.cardinality()):
            yield self.unrank(index)

    def list(self) -> list[P]:
        """Every position, in canonical order."""
        return list(iter(self))

    def held_bytes(self) -> int:
        """Bytes the space holds once it ranks (a listing; 0 where it ranks by counting)."""
        return 0

    def __contains__(self, position: object) -> bool:
        try:
            self.rank(position)  # type: ignore[arg-type]
        except (PositionError, TypeError, ValueError):
            return False
        return True

    def first(self) -> P:
        """The position with id 0."""
        return self.unrank(0)

    def last(self) -> P:
        """The position with the largest id."""
        return self.unrank(self.cardinality() - 1)

    def random_element(self, rng: random.Random | None = None) -> P:
        """A position drawn uniformly (by a uniform id)."""
        size = self.cardinality()
        if size == 0:
            raise PositionError(f"{self} is empty: it has no position to draw")
        return self.unrank((rng or random).randrange(size))

    # ------------------------------------------------------------------ ids

    @abstractmethod
    def rank(self, position: P) -> int:
        """The id of a position (its place in the canonical order); :class:`PositionError`
        if it is no member (a member is in canonical form: see :meth:`canonical`)."""

    @abstractmethod
    def unrank(self, index: int) -> P:
        """The position with this id; :class:`PositionError` outside 0..cardinality − 1."""

    def rank_many(
        self,
        rows: np.ndarray,
        offsets: np.ndarray | None = None,
        *,
        strict: bool = True,
    ) -> np.ndarray:
        """The ids of many positions at once (int64).

        ``rows`` is a 2-D array, one encoded position (:meth:`encode`) per row padded with
        trailing zeros (read whole when :attr:`fixed_width`), or with ``offsets`` a flat
        array whose row r is ``rows[offsets[r]:offsets[r + 1]]``. A row that is no member
        raises :class:`PositionError` naming the first such row, or with ``strict=False``
        gets the id −1.
        """
        flat, offsets = self._as_flat(rows, offsets)
        return self._rank_flat(flat, offsets, strict)

    def _rank_flat(self, flat: np.ndarray, offsets: np.ndarray, strict: bool) -> np.ndarray:
        """:meth:`rank_many` of rows made flat with offsets: one :meth:`rank` each, unless a
        space ranks them faster (in kernels, by a look-up)."""
        out = np.empty(offsets.shape[0] - 1, dtype=np.int64)
        for r in range(out.shape[0]):
            row = tuple(int(v) for v in flat[offsets[r] : offsets[r + 1]])
            try:
                out[r] = self.rank(self.decode(row))
            except PositionError as error:
                if strict and out.shape[0] == 1:
                    raise
                if strict:
                    raise PositionError(f"row {r} ({self._row_text(row)}): {error}") from None
                out[r] = -1
        return out

    def unrank_many(self, ids: np.ndarray | Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        """The encoded positions of many ids: a flat array (:attr:`dtype`) and int64 offsets."""
        ids = self._check_ids(ids)
        rows = [self.encode(self.unrank(int(i))) for i in ids]
        flat, offsets = flat_rows(rows)
        return flat.astype(self.dtype), offsets

    def unrank_array(self, ids: np.ndarray | Sequence[int]) -> np.ndarray:
        """The encoded positions of many ids as a 2-D array, one per row, padded with zeros
        to :meth:`row_width` columns."""
        flat, offsets = self.unrank_many(ids)
        out = np.zeros((offsets.shape[0] - 1, self.row_width()), dtype=self.dtype)
        lengths = np.diff(offsets)
        rows = np.repeat(np.arange(out.shape[0]), lengths)
        columns = np.arange(flat.shape[0]) - np.repeat(offsets[:-1], lengths)
        out[rows, columns] = flat
        return out

    def _rank_row(self, row: Sequence[int]) -> int:
        """The id of one row through :meth:`rank_many` (for a space that ranks in kernels)."""
        flat = np.asarray(row, dtype=np.int64)
        return int(self.rank_many(flat, np.array([0, len(row)], dtype=np.int64))[0])

    def _unrank_row(self, index: int) -> tuple[int, ...]:
        """The row of one id through :meth:`unrank_many` (likewise)."""
        self._index(index)
        flat, _ = self.unrank_many(np.array([index], dtype=np.int64))
        return tuple(int(v) for v in flat)

    # ------------------------------------------------------------------ rows

    @abstractmethod
    def encode(self, position: P) -> tuple[int, ...]:
        """A position as one row of nonnegative integers (its layout is stated by each
        space; for sequences of ints it is the position itself)."""

    @abstractmethod
    def decode(self, row: Sequence[int]) -> P:
        """The position of a row (:meth:`encode` inverted; trailing zeros of a padded row
        are ignored unless :attr:`fixed_width`). Checks the layout only, not membership."""

    def row_width(self) -> int:
        """The longest row of any position (the width of :meth:`unrank_array`)."""
        return max((len(self.encode(p)) for p in self), default=0)

    @property
    def dtype(self) -> type[np.integer[Any]]:
        """The dtype of rows from :meth:`unrank_many`: one byte per entry while every entry
        fits (as the built-in engines store partitions), else int64."""
        return np.uint8 if self.max_entry() <= 255 else np.int64

    def max_entry(self) -> int:
        """The largest integer any row holds."""
        return max((max(self.encode(p), default=0) for p in self), default=0)

    # ------------------------------------------------------------------ forms and text

    @abstractmethod
    def canonical(self, position: Any) -> P:
        """The canonical form of a position given in any of its forms (parts in any order,
        any rotation, lists for tuples), without checking that it belongs to this space."""

    @abstractmethod
    def parse(self, text: str) -> P:
        """A member from text in any notation the space accepts (its key, the papers'
        notation, bracketed lists); :class:`PositionError` in one line otherwise."""

    @abstractmethod
    def format(self, position: P) -> str:
        """The key of a position: one short line without spaces, parsed back by
        :meth:`parse`."""

    @abstractmethod
    def notation(self, position: P) -> str:
        """The papers' notation of a position (parsed back by :meth:`parse` too)."""

    # ------------------------------------------------------------------ narrowing

    def where(self, predicate: Callable[[P], bool], *, description: str = "") -> Narrowed[P]:
        """The positions of this space where ``predicate(position)`` holds, in the same
        order, renumbered densely from 0. Listing the space once finds them (cached)."""
        return Narrowed(self, predicate, description)

    # ------------------------------------------------------------------ helpers

    def _kernel_ranked(self, result: int, flat: np.ndarray, offsets: np.ndarray) -> None:
        """Raise the :class:`PositionError` of a rank kernel's ``result`` (−1 when every row
        is a member, else ``code * 2**32 + row``: :mod:`._kernels`), the row's fault said
        by :meth:`_fault`."""
        if result >= 0:
            code, row = divmod(int(result), 2**32)
            parts = flat[offsets[row] : offsets[row + 1]]
            raise self._no_member(row, flat, offsets, self._fault(code, parts))

    def _no_member(self, r: int, flat: np.ndarray, offsets: np.ndarray, why: str) -> PositionError:
        """The error of row ``r`` of a :meth:`rank_many` call, no member because ``why``: the
        row named as given when it is the call's only one (a :meth:`rank`), else with its
        number."""
        text = self._row_text(flat[offsets[r] : offsets[r + 1]]) or "()"
        if offsets.shape[0] == 2:
            return PositionError(f"{text} is no member of {self!r}: {why}")
        return PositionError(f"row {r} ({text}): no member of {self!r}: {why}")

    def _fault(self, code: int, parts: np.ndarray) -> str:
        """What the code of a rank kernel says of a row that is no member (for the spaces
        that rank in kernels)."""
        raise NotImplementedError

    def _as_flat(
        self, rows: np.ndarray, offsets: np.ndarray | None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Any layout of :meth:`rank_many` as flat int64 with offsets."""
        if offsets is not None:
            flat = _integers(rows).reshape(-1)
            offsets = _integers(offsets).astype(np.int64, copy=False)
            if (
                offsets.ndim != 1
                or offsets.shape[0] < 1
                or offsets[0] < 0
                or offsets[-1] > flat.shape[0]
                or bool((offsets[1:] < offsets[:-1]).any())
            ):
                raise PositionError(
                    "offsets do not fit the flat array of rows (they run from 0 or more to at "
                    f"most its length, {flat.shape[0]}, without decreasing)"
                )
            return flat, offsets
        array = np.asarray(rows)
        if array.ndim == 1 and array.shape[0] == 0:
            array = array.reshape(0, 0)
        if array.ndim != 2:
            raise PositionError(
                f"rows must be a 2-D array (one position a row) or flat with offsets, "
                f"not {array.ndim}-D"
            )
        array = _integers(array)
        count, width = array.shape
        if self.fixed_width:
            lengths = np.full(count, width, dtype=np.int64)
        else:
            lengths = self._trimmed_lengths(array)
        offsets = np.zeros(count + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        mask = np.arange(width)[None, :] < lengths[:, None]
        return array[mask], offsets

    def _trimmed_lengths(self, array: np.ndarray) -> np.ndarray:
        """Each row's length with its trailing zeros cut off."""
        nonzero = array != 0
        width = array.shape[1]
        if width == 0:
            return np.zeros(array.shape[0], dtype=np.int64)
        last = width - np.argmax(nonzero[:, ::-1], axis=1)
        return np.where(nonzero.any(axis=1), last, 0).astype(np.int64)

    def _check_ids(self, ids: np.ndarray | Sequence[int]) -> np.ndarray:
        array = _integers(ids, "ids").astype(np.int64, copy=False).reshape(-1)
        size = self.cardinality()
        if array.shape[0] and (array.min() < 0 or array.max() >= size):
            bad = int(array[(array < 0) | (array >= size)][0])
            raise PositionError(f"id {bad} is outside 0..{size - 1} of {self}")
        return array

    def _index(self, index: int) -> int:
        """``index`` as an int checked against the size (for :meth:`unrank`)."""
        size = self.cardinality()
        if not isinstance(index, int | np.integer) or not 0 <= index < size:
            raise PositionError(f"id {index!r} is outside 0..{size - 1} of {self}")
        return int(index)

    @staticmethod
    def _row_text(row: Sequence[int] | np.ndarray) -> str:
        text = ",".join(map(str, row))
        return text if len(text) <= 40 else text[:39] + "…"

    def _parsed(self, position: P, text: str, why: str) -> P:
        """``position``, read from ``text`` by :meth:`parse`, when it is a member; else the
        :class:`PositionError` that the text is no member, saying ``why``."""
        if position not in self:
            raise PositionError(f"{brief(text)} is no member of {self!r}: {why}")
        return position


def unpadded(row: Sequence[int]) -> tuple[int, ...]:
    """A padded row's integers without its trailing zeros (a zero before a nonzero stays)."""
    values = tuple(int(v) for v in row)
    end = len(values)
    while end and values[end - 1] == 0:
        end -= 1
    return values[:end]


def members(ids: np.ndarray, base: np.ndarray) -> np.ndarray:
    """Where each base id stands among the sorted base ids of a subset's members: its id in
    the subset, or −1 when it is no member (or −1 itself)."""
    at = np.searchsorted(ids, base)
    if ids.shape[0]:
        hit = ids[np.minimum(at, ids.shape[0] - 1)] == base
        found = (base >= 0) & (at < ids.shape[0]) & hit
    else:
        found = np.zeros(base.shape[0], dtype=bool)
    return np.where(found, at, -1).astype(np.int64)


def _integers(rows: Any, what: str = "rows") -> np.ndarray:
    """Rows as a contiguous integer array, kept in their integer dtype (no copy to int64
    of a large uint8 array; the kernels compile for each dtype); floats only when every
    value is an integer (3.0, not 3.5), and nothing else."""
    array = np.asarray(rows)
    if array.dtype.kind == "f" and array.size:
        fractions = array[np.mod(array, 1) != 0]
        if fractions.size:
            raise PositionError(f"{what} must hold integers, not {float(fractions.flat[0])}")
    if array.size and array.dtype.kind not in "iubf":
        raise PositionError(f"{what} must hold integers, not {array.dtype}")
    if array.dtype.kind not in "iu" or array.dtype.itemsize > 8:
        array = array.astype(np.int64)
    return np.ascontiguousarray(array)


class Narrowed(Space[P]):
    """A space narrowed by a predicate (:meth:`Space.where`): the members of ``base`` where
    ``predicate`` holds, in base order, with ids renumbered densely.

    The members are found once, by listing the base, and kept as the sorted array of their
    base ids: rank is a binary search, unrank an array look-up.
    """

    def __init__(
        self,
        base: Space[P],
        predicate: Callable[[P], bool],
        description: str = "",
        *,
        ids: np.ndarray | None = None,
    ) -> None:
        self.base = base
        self.predicate = predicate
        self.description = description or getattr(predicate, "__name__", "a predicate")
        self._ids = None if ids is None else np.asarray(ids, dtype=np.int64)
        """The members' base ids once found: given when the caller has tested the predicate
        itself (the engine, a shard at a time), else by listing the base on first use."""

    def __repr__(self) -> str:
        return f"{self.base!r}.where({self.description})"

    @property
    def order(self) -> str:  # type: ignore[override]
        return self.base.order

    @property
    def symmetry(self) -> str | None:  # type: ignore[override]
        return self.base.symmetry

    @property
    def fixed_width(self) -> bool:  # type: ignore[override]
        return self.base.fixed_width

    def base_ids(self) -> np.ndarray:
        """The sorted base ids of the members."""
        if self._ids is None:
            kept = [i for i, p in enumerate(self.base) if self.predicate(p)]
            self._ids = np.asarray(kept, dtype=np.int64)
        return self._ids

    def cardinality(self) -> int:
        return int(self.base_ids().shape[0])

    def __iter__(self) -> Iterator[P]:
        for p in self.base:
            if self.predicate(p):
                yield p

    def rank(self, position: P) -> int:
        base_id = self.base.rank(position)
        ids = self.base_ids()
        at = int(np.searchsorted(ids, base_id))
        if at == ids.shape[0] or ids[at] != base_id:
            raise PositionError(
                f"{self.base.format(position)} is a position of {self.base!r} where "
                f"{self.description} does not hold"
            )
        return at

    def unrank(self, index: int) -> P:
        return self.base.unrank(int(self.base_ids()[self._index(index)]))

    def rank_many(
        self, rows: np.ndarray, offsets: np.ndarray | None = None, *, strict: bool = True
    ) -> np.ndarray:
        found = members(self.base_ids(), self.base.rank_many(rows, offsets, strict=strict))
        if strict and (found < 0).any():
            flat, offsets = self._as_flat(rows, offsets)  # only to name the row
            why = f"{self.description} does not hold"
            raise self._no_member(int(np.argmax(found < 0)), flat, offsets, why)
        return found

    def unrank_many(self, ids: np.ndarray | Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        return self.base.unrank_many(self.base_ids()[self._check_ids(ids)])

    def row_width(self) -> int:
        return self.base.row_width()

    def max_entry(self) -> int:
        return self.base.max_entry()

    def encode(self, position: P) -> tuple[int, ...]:
        return self.base.encode(position)

    def decode(self, row: Sequence[int]) -> P:
        return self.base.decode(row)

    def canonical(self, position: Any) -> P:
        return self.base.canonical(position)

    def parse(self, text: str) -> P:
        position = self.base.parse(text)
        if not self.predicate(position):
            raise PositionError(
                f"{self.base.format(position)} is a position where {self.description} does not hold"
            )
        return position

    def format(self, position: P) -> str:
        return self.base.format(position)

    def notation(self, position: P) -> str:
        return self.base.notation(position)


def narrowed(space: Space[P], where: Callable[[P], bool] | None) -> Space[P]:
    """``space``, or the space narrowed to where ``where`` holds when it is given."""
    return space if where is None else Narrowed(space, where)
