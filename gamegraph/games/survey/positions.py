"""The moves of the survey's five games (section 3.5 of the survey, issue #29) on the core's
position spaces (:mod:`gamegraph.core.spaces`), and the rows the define engine keys them by.

Each game's space is one of the core's, listed whole as the start of a ``gg.reachable`` space:
:class:`~gamegraph.core.spaces.PartitionTuples` (the hands of s players; the red-green game's
green and red piles, two "hands"), :class:`~gamegraph.core.spaces.Necklaces` (Servedio-Yeh),
:class:`~gamegraph.core.spaces.PointerCompositions` (Janetzko) and
:class:`~gamegraph.core.spaces.PlanePartitions` (3D). A position of the graph is its space's
row (:meth:`~gamegraph.core.spaces.Space.encode`), and for the spaces of groups (hands, rows of
a plane partition) a closing ``0``, so that every group ends in one (docs/games.md, "The
survey's five games"): ``(3, 1, 0, 2, 0)`` is the hands (3, 1) and (2); a table of c players is
its c piles in seat order, ``(2, 0, 1)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from gamegraph.core.spaces import (
    Necklaces,
    PartitionTuples,
    PlanePartitions,
    PointerCompositions,
    Space,
    greatest_rotation,
)
from gamegraph.games.partitions import omega

__all__ = [
    "MOVES_3D",
    "bulgarian_3d_move",
    "hands",
    "janetzko_move",
    "member",
    "multiplayer_move",
    "necklaces",
    "planes",
    "pointers",
    "position_of",
    "red_green_move",
    "rows",
    "servedio_yeh_move",
]

Position = tuple[int, ...]

MOVES_3D = ("zx", "zy", "xy", "xz", "yx", "yz")
"""The six layer moves of the three-dimensional game: the first letter is the axis the layers
are perpendicular to, the second the direction the layer's piles run in (x: rows i, y:
columns j, z: heights k of the cells (i, j, k) of the plane partition)."""


@lru_cache(maxsize=64)
def hands(n: int, players: int) -> PartitionTuples:
    """The s-tuples of partitions with n cards in all (built once per n and s)."""
    return PartitionTuples(n, players)


@lru_cache(maxsize=64)
def planes(n: int) -> PlanePartitions:
    """The plane partitions of n (built, and listed for ranking, once per n)."""
    return PlanePartitions(n)


@lru_cache(maxsize=64)
def necklaces(n: int, players: int) -> Necklaces:
    """The weak compositions of n into c parts up to rotation (greatest rotation)."""
    return Necklaces(n, length=players, weak=True)


@lru_cache(maxsize=64)
def pointers(n: int, players: int) -> PointerCompositions:
    """The weak compositions of n into c parts with the pointer's (first) pile non-empty."""
    return PointerCompositions(n, players)


def _closed(space: Space[Any]) -> bool:
    """The space's positions are groups (hands, rows): their graph rows end in a 0."""
    return isinstance(space, PartitionTuples | PlanePartitions)


def row(space: Space[Any], position: Any) -> Position:
    """The graph's row of a position of ``space``."""
    return (*space.encode(position), 0) if _closed(space) else tuple(space.encode(position))


def rows(space: Space[Any]) -> list[Position]:
    """Every position of ``space`` as the graph's rows (the start of a reachable space)."""
    return [row(space, p) for p in space]


def position_of(space: Space[Any], values: Sequence[int]) -> Any:
    """The position of ``space`` a graph row stands for (:func:`row` inverted)."""
    return space.decode(values[:-1] if _closed(space) else values)


def member(space: Space[Any], values: Sequence[int]) -> bool:
    """Whether ``values`` is the graph row of a position of ``space``."""
    values = tuple(values)
    if _closed(space) and values[-1:] != (0,):
        return False
    try:
        position = position_of(space, values)
    except (ValueError, TypeError):
        return False
    return position in space and row(space, position) == values


# --------------------------------------------------------------------------- the moves


def multiplayer_move(position: Position, n: int, players: int) -> Position:
    """Öhman's multiplayer move: every player takes one card from each of their piles and
    passes the new pile (c_i cards) to the next seat: hand i becomes
    (c_{i−1}, λ^(i)_1 − 1, …) sorted, zeros dropped, c_0 = c_s."""
    space = hands(n, players)
    table = space.decode(position[:-1])
    new = []
    for i, hand in enumerate(table):
        passed = len(table[i - 1])
        parts = [p - 1 for p in hand if p > 1] + ([passed] if passed else [])
        new.append(tuple(sorted(parts, reverse=True)))
    return (*space.encode(tuple(new)), 0)


def servedio_yeh_move(position: Position, n: int, players: int) -> Position:
    """All players at once deal their α_i cards one each to themselves and the next α_i − 1
    players, round the table again when α_i > c; the table is read from its greatest
    rotation (the canonical form of :class:`~gamegraph.core.spaces.Necklaces`)."""
    c = len(position)
    new = [0] * c
    for i, cards in enumerate(position):
        rounds, rest = divmod(cards, c)
        for j in range(c):
            new[j] += rounds
        for t in range(rest):
            new[(i + t) % c] += 1
    return greatest_rotation(tuple(new))


def janetzko_move(position: Position, n: int, players: int) -> Position:
    """The pointer's player deals the whole pile one card each to the following players; the
    pointer moves to the last receiver, and the table is turned to put it at seat 1."""
    c = len(position)
    cards = position[0]
    new = [0, *position[1:]]
    rounds, rest = divmod(cards, c)
    for j in range(c):
        new[j] += rounds
    for t in range(1, rest + 1):
        new[t % c] += 1
    last = cards % c
    return tuple(new[last:] + new[:last])


_AXIS = {"x": 0, "y": 1, "z": 2}


def bulgarian_3d_move(position: Position, n: int, move: str) -> Position:
    """One layer move (the reconstruction from the thesis's abstract, docs/games.md): cut the
    solid diagram into layers perpendicular to ``move[0]``, read each layer's piles along
    ``move[1]`` and play one Bulgarian move on every layer. On a flat plane partition ``zy``
    is the Bulgarian move on the rows, ``zx`` on the columns."""
    space = planes(n)
    solid = position_of(space, position)
    cells = [
        (i, j, k) for i, line in enumerate(solid) for j, h in enumerate(line) for k in range(h)
    ]
    a, b = _AXIS[move[0]], _AXIS[move[1]]
    (c,) = {0, 1, 2} - {a, b}
    layers: dict[int, dict[int, int]] = {}
    for cell in cells:
        piles = layers.setdefault(cell[a], {})
        piles[cell[c]] = piles.get(cell[c], 0) + 1
    heights: dict[tuple[int, int], int] = {}
    for value, piles in layers.items():
        for index, length in enumerate(omega(tuple(sorted(piles.values(), reverse=True)))):
            for step in range(length):
                new = [0, 0, 0]
                new[a], new[c], new[b] = value, index, step
                heights[new[0], new[1]] = heights.get((new[0], new[1]), 0) + 1
    depth = 1 + max(i for i, _ in heights)
    return row(
        space,
        tuple(
            tuple(sorted((h for (i, _), h in heights.items() if i == r), reverse=True))
            for r in range(depth)
        ),
    )


def red_green_move(position: Position, n: int) -> Position:
    """The reconstruction (Locke's rule was not found): a position is its green piles and its
    red piles (two "hands" of :class:`~gamegraph.core.spaces.PartitionTuples`); a green
    pile holds one green card, at its bottom. One card is taken from the top of every pile;
    the new pile is green when it receives a green card, that is when a green pile of one card
    is used up."""
    space = hands(n, 2)
    green, red = position_of(space, position)
    piles = len(green) + len(red)
    new_green = [g - 1 for g in green if g > 1]
    new_red = [r - 1 for r in red if r > 1]
    (new_green if any(g == 1 for g in green) else new_red).append(piles)
    return row(
        space, (tuple(sorted(new_green, reverse=True)), tuple(sorted(new_red, reverse=True)))
    )
