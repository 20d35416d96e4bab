"""Spaces built of partitions: hands of s players and two-coloured piles (plane partitions
are in :mod:`.plane`).

- :class:`PartitionTuples`: s-tuples of partitions with n cards in all (the hands of s
  labelled players; a hand may be empty; OEIS A000712 for s = 2). A position is a tuple of s
  partitions; its row is the hands joined by single 0s (s − 1 of them). Ordered hand by
  hand: a larger first hand first, then by the first hand's order in :class:`Partitions`,
  then likewise the second hand, and so on; the first position deals every card to seat 1.
- :class:`TwoColouredPartitions`: multisets of piles of red and green cards, a pile a pair
  (red, green) with red + green >= 1, n cards in all (generating function
  Π_k (1 − x^k)^−(k+1): a pile of k cards comes in k + 1 colourings). The canonical form
  lists the piles in nonincreasing order of (size, red); positions are in descending
  lexicographic order of that list, so the first is one pile of n red cards. Row:
  red_1, green_1, red_2, green_2, ...
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from typing import Any

import numpy as np

from gamegraph.core.notation import (
    EMPTY_KEY,
    brief,
    exponent_notation,
    join_key,
    strip_brackets,
)
from gamegraph.core.spaces import _hands_kernels as hk
from gamegraph.core.spaces import _kernels as k
from gamegraph.core.spaces.base import PositionError, Space, narrowed
from gamegraph.core.spaces.partitions import Partition, Partitions, parse_parts
from gamegraph.core.spaces.sequences import check_int, check_n

__all__ = [
    "Hands",
    "PartitionTuples",
    "Pile",
    "TwoColoured",
    "TwoColouredPartitions",
    "partition_tuples",
    "two_coloured_partitions",
]

Hands = tuple[Partition, ...]
Pile = tuple[int, int]
"""A two-coloured pile: (red cards, green cards)."""
TwoColoured = tuple[Pile, ...]


def _joined(rows: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Rows of parts as one row, joined by single 0s (the hands, a plane partition's rows)."""
    row: list[int] = []
    for i, part in enumerate(rows):
        if i:
            row.append(0)
        row.extend(part)
    return tuple(row)


def _multiset_counts(n: int, kinds: Callable[[int], int] = lambda part: 1) -> list[int]:
    """The multisets of parts adding up to 0, ..., n with ``kinds(k)`` kinds of part k:
    p(0), ..., p(n) with one kind of each part."""
    counts = [1] + [0] * n
    for part in range(1, n + 1):
        for _ in range(kinds(part)):
            for total in range(part, n + 1):
                counts[total] += counts[total - part]
    return counts


class PartitionTuples(Space[Hands]):
    """The s-tuples of partitions with n cards in all (see the module docstring)."""

    order = "hand by hand: a larger hand first, then the hand's partition order"

    def __init__(self, n: int, players: int) -> None:
        self.n = check_n(n, "hands")
        self.players = check_int("players", players, low=1)
        self._p = _multiset_counts(self.n)
        # tuples[j][r]: j-tuples of partitions with r cards in all
        tuples = [[1] + [0] * self.n]
        for _ in range(players):
            previous = tuples[-1]
            tuples.append(
                [sum(self._p[v] * previous[r - v] for v in range(r + 1)) for r in range(self.n + 1)]
            )
        self._tuples = tuples

    def __repr__(self) -> str:
        return f"PartitionTuples({self.n}, players={self.players})"

    def cardinality(self) -> int:
        return self._tuples[self.players][self.n]

    @cached_property
    def _hands(self) -> list[Partitions]:
        return [Partitions(v) for v in range(self.n + 1)]

    def rank(self, position: Hands) -> int:
        return self._rank_row(self.encode(self._check(position)))

    @cached_property
    def _arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The tables of the compiled ranking: the partition table, larger[j, r, m] and
        tuples[j, r] (see :func:`._hands_kernels.rank_hands`)."""
        n, s = self.n, self.players
        tuples = np.array(self._tuples, dtype=np.int64)
        larger = np.zeros((s, n + 1, n + 1), dtype=np.int64)
        for j in range(s):
            for r in range(n + 1):
                running = 0
                for m in range(r, -1, -1):
                    larger[j, r, m] = running
                    running += self._p[m] * self._tuples[j][r - m]
        table = np.ascontiguousarray(k.partition_table(n, 0, False, False)[0])
        return table, larger, tuples

    def _rank_flat(self, flat: np.ndarray, offsets: np.ndarray, strict: bool) -> np.ndarray:
        out = np.empty(offsets.shape[0] - 1, dtype=np.int64)
        table, larger, tuples = self._arrays
        result = hk.rank_hands(
            flat, offsets, self.n, self.players, table, larger, tuples, strict, out
        )
        self._kernel_ranked(result, flat, offsets)
        return out

    def _fault(self, code: int, parts: np.ndarray) -> str:
        return {
            k.BAD_COUNT: f"it has more than {self.players} hands",
            k.BAD_ORDER: "a hand's parts are not in nonincreasing order",
            k.BAD_PART: "it has a negative entry",
        }.get(code, f"its hands do not hold n = {self.n} cards")

    def unrank_many(self, ids: np.ndarray | Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        ids = self._check_ids(ids)
        table, larger, tuples = self._arrays
        offsets = np.zeros(ids.shape[0] + 1, dtype=np.int64)
        none = np.zeros(0, dtype=np.uint8)
        hk.unrank_hands(ids, self.n, self.players, table, larger, tuples, offsets, none)
        flat = np.empty(int(offsets[-1]), dtype=np.uint8)
        hk.unrank_hands(ids, self.n, self.players, table, larger, tuples, offsets, flat)
        return flat, offsets

    def unrank(self, index: int) -> Hands:
        return self.decode(self._unrank_row(index))

    def __iter__(self) -> Iterator[Hands]:
        yield from self._deal(self.n, self.players)

    def _deal(self, remaining: int, seats: int) -> Iterator[Hands]:
        if seats == 1:
            for hand in self._hands[remaining]:
                yield (hand,)
            return
        for size in range(remaining, -1, -1):
            for hand in self._hands[size]:
                for rest in self._deal(remaining - size, seats - 1):
                    yield (hand, *rest)

    def _check(self, position: object) -> Hands:
        if not isinstance(position, tuple | list) or len(position) != self.players:
            raise PositionError(f"{position!r} is no tuple of {self.players} hands")
        hands = tuple(tuple(int(v) for v in hand) for hand in position)
        if sum(sum(hand) for hand in hands) != self.n:
            raise PositionError(
                f"the hands of {position!r} hold {sum(map(sum, hands))} cards, not n = {self.n}"
            )
        for hand in hands:
            if any(v < 1 for v in hand) or list(hand) != sorted(hand, reverse=True):
                raise PositionError(f"hand {hand!r} is no partition in nonincreasing order")
        return hands

    def encode(self, position: Hands) -> tuple[int, ...]:
        return _joined(position)

    def decode(self, row: Sequence[int]) -> Hands:
        values = list(map(int, row))
        while values and values[-1] == 0:
            values.pop()  # padding, or empty hands at the end: the same hands
        hands: list[Partition] = []
        start = 0
        for i, v in enumerate(values):
            if v == 0:
                hands.append(tuple(values[start:i]))
                start = i + 1
        hands.append(tuple(values[start:]))
        if len(hands) > self.players:
            raise PositionError(f"a row with {len(hands)} hands; this space has {self.players}")
        return (*hands, *([()] * (self.players - len(hands))))

    def row_width(self) -> int:
        return self.n + self.players - 1

    def max_entry(self) -> int:
        return self.n

    def canonical(self, position: Any) -> Hands:
        return tuple(tuple(sorted((int(v) for v in hand), reverse=True)) for hand in position)

    def parse(self, text: str) -> Hands:
        """Hands separated by ``|`` or ``;``, each a partition in any notation (an empty
        hand as ``0``, ``[]`` or ``∅``): ``5,3|0|2``, ``3^2 5 | ∅ | 2``."""
        pieces = re.split(r"[|;]", strip_brackets(text)) if text.strip() else [""]
        if len(pieces) != self.players:
            raise PositionError(
                f"{brief(text)} gives {len(pieces)} hands; write {self.players}, separated "
                "by '|' (an empty hand as 0)"
            )
        hands = tuple(parse_parts(piece, limit=self.n) for piece in pieces)
        if sum(map(sum, hands)) != self.n:
            raise PositionError(
                f"the hands of {brief(text)} hold {sum(map(sum, hands))} cards, not n = {self.n}"
            )
        return hands

    def format(self, position: Hands) -> str:
        return "|".join(join_key(hand) for hand in position)

    def notation(self, position: Hands) -> str:
        return " | ".join(exponent_notation(hand) for hand in position)


class TwoColouredPartitions(Space[TwoColoured]):
    """Multisets of two-coloured piles with n cards in all (see the module docstring)."""

    order = "descending lexicographic in the piles sorted by (size, red): (n red) first"

    def __init__(self, n: int) -> None:
        self.n = check_n(n, "two-coloured partitions", limit=120)
        # pile types in increasing order: (size 1, red 0), (1, 1), (2, 0), (2, 1), (2, 2), ...
        self.types: list[Pile] = [
            (red, size - red) for size in range(1, n + 1) for red in range(size + 1)
        ]
        self._type_index = {pile: t for t, pile in enumerate(self.types)}
        weights = [red + green for red, green in self.types]
        # table[w][j]: multisets of the types 0..j − 1 weighing w in all
        table = [[1] * (len(self.types) + 1)] + [[0] * (len(self.types) + 1) for _ in range(n)]
        for w in range(1, n + 1):
            for j in range(1, len(self.types) + 1):
                weight = weights[j - 1]
                table[w][j] = table[w][j - 1] + (table[w - weight][j] if weight <= w else 0)
        self._table = table
        self._weights = weights

    def __repr__(self) -> str:
        return f"TwoColouredPartitions({self.n})"

    def cardinality(self) -> int:
        return self._table[self.n][len(self.types)]

    def _types(self, position: object) -> list[int]:
        if not isinstance(position, tuple | list):
            raise PositionError(f"{position!r} is no multiset of (red, green) piles")
        found: list[int] = []
        for pile in position:
            if not isinstance(pile, tuple | list) or len(pile) != 2:
                raise PositionError(f"{pile!r} is no pile (red, green)")
            red, green = int(pile[0]), int(pile[1])
            if red < 0 or green < 0 or red + green < 1:
                raise PositionError(f"pile {pile!r}: counts are nonnegative, a pile non-empty")
            if red + green > self.n:
                raise PositionError(f"pile {pile!r} holds more than n = {self.n} cards")
            found.append(self._type_index[(red, green)])
        if found != sorted(found, reverse=True):
            raise PositionError(
                f"{position!r}: piles are not in nonincreasing order of (size, red) "
                "(see canonical())"
            )
        if sum(self._weights[t] for t in found) != self.n:
            raise PositionError(f"{position!r} does not hold n = {self.n} cards")
        return found

    def rank(self, position: TwoColoured) -> int:
        remaining = self.n
        below = 0
        for t in self._types(position):
            below += self._table[remaining][t]
            remaining -= self._weights[t]
        return self.cardinality() - 1 - below

    def unrank(self, index: int) -> TwoColoured:
        below = self.cardinality() - 1 - self._index(index)
        remaining = self.n
        cap = len(self.types)
        piles: list[Pile] = []
        while remaining:
            j = 1
            while j < cap and self._table[remaining][j] <= below:
                j += 1
            below -= self._table[remaining][j - 1]
            piles.append(self.types[j - 1])
            remaining -= self._weights[j - 1]
            cap = j
        return tuple(piles)

    def encode(self, position: TwoColoured) -> tuple[int, ...]:
        return tuple(v for pile in position for v in pile)

    def decode(self, row: Sequence[int]) -> TwoColoured:
        values = [int(v) for v in row]
        if len(values) % 2:
            values.append(0)
        piles = [(values[i], values[i + 1]) for i in range(0, len(values), 2)]
        while piles and piles[-1] == (0, 0):
            piles.pop()
        return tuple(piles)

    def _trimmed_lengths(self, array: Any) -> Any:
        lengths = super()._trimmed_lengths(array)
        return lengths + lengths % 2

    def row_width(self) -> int:
        return 2 * self.n

    def max_entry(self) -> int:
        return self.n

    def canonical(self, position: Any) -> TwoColoured:
        piles = [(int(red), int(green)) for red, green in position]
        return tuple(sorted(piles, key=lambda pile: (pile[0] + pile[1], pile[0]), reverse=True))

    def parse(self, text: str) -> TwoColoured:
        """Piles as ``red+green`` separated by commas or spaces (``2+1,0+3``, ``{2+1, 0+3}``),
        or as pairs ``(2,1) (0,3)``; in any order."""
        body = text.strip()
        if body[:1] == "{" and body[-1:] == "}":
            body = body[1:-1]
        if "+" in body:
            tokens = [t for t in re.split(r"[\s,]+", body) if t]
            pairs = [t.split("+") for t in tokens]
        else:
            pairs = [p.split(",") for p in re.findall(r"\(([^()]*)\)", body)]
        piles: list[Pile] = []
        for pair in pairs:
            if len(pair) != 2 or not all(v.strip().isdigit() for v in pair):
                raise PositionError(f"{brief(text)}: write each pile as red+green, e.g. '2+1,0+3'")
            piles.append((int(pair[0]), int(pair[1])))
        if not piles and body.strip() in ("", EMPTY_KEY):  # the key and notation of n = 0
            return self._parsed((), text, "it has no pile, and n is not 0")
        if not piles:
            raise PositionError(f"{brief(text)}: no pile given; write each as red+green, '2+1,0+3'")
        position = self.canonical(piles)
        self._types(position)
        return position

    def format(self, position: TwoColoured) -> str:
        return ",".join(f"{red}+{green}" for red, green in position) or EMPTY_KEY

    def notation(self, position: TwoColoured) -> str:
        return "{" + ", ".join(f"{red}+{green}" for red, green in position) + "}"


def partition_tuples(
    n: int, players: int, *, where: Callable[[Hands], bool] | None = None
) -> Space[Hands]:
    """The hands of ``players`` players with n cards in all (see :class:`PartitionTuples`),
    narrowed by ``where`` if given."""
    return narrowed(PartitionTuples(n, players), where)


def two_coloured_partitions(
    n: int, *, where: Callable[[TwoColoured], bool] | None = None
) -> Space[TwoColoured]:
    """Two-coloured piles with n cards in all (see :class:`TwoColouredPartitions`)."""
    return narrowed(TwoColouredPartitions(n), where)
