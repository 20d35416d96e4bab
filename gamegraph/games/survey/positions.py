"""The spaces and the moves of the survey's five games (section 3.5 of the survey, issue #29).

Each game is played on a space of the core (:mod:`gamegraph.core.spaces`), made once per
parameters (the spaces below, cached) and declared with ``gg.space``, so its move is given
and returns the space's own positions: :class:`~gamegraph.core.spaces.PartitionTuples` (the
hands of s players, a tuple of partitions; the red-green game's green and red piles, two
"hands"), :class:`~gamegraph.core.spaces.Necklaces` (Servedio-Yeh: a table of c piles in
seat order, read from its greatest rotation),
:class:`~gamegraph.core.spaces.PointerCompositions` (Janetzko: the pointer's pile first) and
:class:`~gamegraph.core.spaces.PlanePartitions` (3D: a tuple of rows). A position's key is
its space's (``3,1|2`` for the hands (3, 1) and (2), docs/games.md).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import lru_cache
from typing import TYPE_CHECKING

from gamegraph.games.partitions import omega

if TYPE_CHECKING:
    from gamegraph.core.spaces import (
        Necklaces,
        PartitionTuples,
        PlanePartitions,
        PointerCompositions,
    )

__all__ = [
    "MOVES_3D",
    "Hands",
    "PlanePartition",
    "bulgarian_3d_move",
    "hands",
    "janetzko_move",
    "multiplayer_move",
    "necklaces",
    "planes",
    "pointers",
    "red_green_move",
    "servedio_yeh_move",
]

Position = tuple[int, ...]
Hands = tuple[tuple[int, ...], ...]
"""The hands of s players, a partition each (the red-green game's green and red piles)."""
PlanePartition = tuple[tuple[int, ...], ...]
"""A plane partition's rows, each a partition."""

MOVES_3D = ("zx", "zy", "xy", "xz", "yx", "yz")
"""The six layer moves of the three-dimensional game: the first letter is the axis the layers
are perpendicular to, the second the direction the layer's piles run in (x: rows i, y:
columns j, z: heights k of the cells (i, j, k) of the plane partition)."""


@lru_cache(maxsize=64)
def hands(n: int, players: int) -> PartitionTuples:
    """The s-tuples of partitions with n cards in all (built once per n and s)."""
    from gamegraph.core.spaces import PartitionTuples

    return PartitionTuples(n, players)


@lru_cache(maxsize=2)
def planes(n: int) -> PlanePartitions:
    """The plane partitions of n (built, and listed for ranking, once per n; the last two
    kept, as a listing takes 2n − 1 bytes a position: a table over n keeps no more)."""
    from gamegraph.core.spaces import PlanePartitions

    return PlanePartitions(n)


@lru_cache(maxsize=64)
def necklaces(n: int, players: int) -> Necklaces:
    """The weak compositions of n into c parts up to rotation (greatest rotation)."""
    from gamegraph.core.spaces import Necklaces

    return Necklaces(n, length=players, weak=True)


@lru_cache(maxsize=64)
def pointers(n: int, players: int) -> PointerCompositions:
    """The weak compositions of n into c parts with the pointer's (first) pile non-empty."""
    from gamegraph.core.spaces import PointerCompositions

    return PointerCompositions(n, players)


# --------------------------------------------------------------------------- the moves


def multiplayer_move(table: Hands) -> Hands:
    """Öhman's multiplayer move: every player takes one card from each of their piles and
    passes the new pile (c_i cards) to the next seat: hand i becomes
    (c_{i−1}, λ^(i)_1 − 1, …) sorted, zeros dropped, c_0 = c_s."""
    new = []
    for i, hand in enumerate(table):
        passed = len(table[i - 1])
        parts = [p - 1 for p in hand if p > 1] + ([passed] if passed else [])
        new.append(tuple(sorted(parts, reverse=True)))
    return tuple(new)


def servedio_yeh_move(position: Position) -> Position:
    """All players at once deal their α_i cards one each to themselves and the next α_i − 1
    players, round the table again when α_i > c; the table is read from its greatest
    rotation (the canonical form of :class:`~gamegraph.core.spaces.Necklaces`)."""
    from gamegraph.core.spaces.compositions import greatest_rotation

    new = [0] * len(position)
    for i, cards in enumerate(position):
        _deal(new, cards, i)
    return greatest_rotation(tuple(new))


def janetzko_move(position: Position) -> Position:
    """The pointer's player deals the whole pile one card each to the following players; the
    pointer moves to the last receiver, and the table is turned to put it at seat 1."""
    cards = position[0]
    new = [0, *position[1:]]
    _deal(new, cards, 1)
    last = cards % len(position)
    return tuple(new[last:] + new[:last])


def _deal(table: list[int], cards: int, first: int) -> None:
    """Deal ``cards`` one each round the table from seat ``first`` on: every seat gets the
    full rounds, the ``cards mod c`` seats from ``first`` one more."""
    c = len(table)
    rounds, rest = divmod(cards, c)
    for j in range(c):
        table[j] += rounds
    for t in range(first, first + rest):
        table[t % c] += 1


_AXIS = {"x": 0, "y": 1, "z": 2}


def bulgarian_3d_move(solid: PlanePartition, move: str) -> PlanePartition:
    """One layer move (the reconstruction from the thesis's abstract, docs/games.md): cut the
    solid diagram into layers perpendicular to ``move[0]``, read each layer's piles along
    ``move[1]`` and play one Bulgarian move on every layer. On a flat plane partition ``zy``
    is the Bulgarian move on the rows, ``zx`` on the columns."""
    cells = [
        (i, j, k) for i, line in enumerate(solid) for j, h in enumerate(line) for k in range(h)
    ]
    a, b = _AXIS[move[0]], _AXIS[move[1]]
    (c,) = {0, 1, 2} - {a, b}
    layers: defaultdict[int, Counter[int]] = defaultdict(Counter)
    for cell in cells:
        layers[cell[a]][cell[c]] += 1
    heights: Counter[tuple[int, int]] = Counter()
    for value, piles in layers.items():
        for index, length in enumerate(omega(tuple(sorted(piles.values(), reverse=True)))):
            for step in range(length):
                new = [0, 0, 0]
                new[a], new[c], new[b] = value, index, step
                heights[new[0], new[1]] += 1
    depth = 1 + max(i for i, _ in heights)
    return tuple(
        tuple(sorted((h for (i, _), h in heights.items() if i == r), reverse=True))
        for r in range(depth)
    )


def red_green_move(position: Hands) -> Hands:
    """The reconstruction (Locke's rule was not found): a position is its green piles and its
    red piles (two "hands" of :class:`~gamegraph.core.spaces.PartitionTuples`); a green
    pile holds one green card, at its bottom. One card is taken from the top of every pile;
    the new pile is green when it receives a green card, that is when a green pile of one card
    is used up."""
    green, red = position
    piles = len(green) + len(red)
    new_green = [g - 1 for g in green if g > 1]
    new_red = [r - 1 for r in red if r > 1]
    (new_green if any(g == 1 for g in green) else new_red).append(piles)
    return tuple(sorted(new_green, reverse=True)), tuple(sorted(new_red, reverse=True))
