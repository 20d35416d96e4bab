"""The position spaces of the survey's five games (section 3.5 of the survey, issue #29),
each written as a tuple of nonnegative integers, with the moves on them.

Every space is listed in full here (no numpy, no engine): a game's definition in
:mod:`gamegraph.games.survey` gives the whole list as the start of a ``gg.reachable`` space,
so the graph holds every position and the define engine builds and analyses it as it does any
defined game's. The encodings (docs/games.md, "The survey's five games"):

- a hand, a row of a plane partition, the green or the red piles: its parts largest first,
  then a ``0`` that closes it; ``(3, 1, 0, 2, 0)`` is the hands (3, 1) and (2);
- a table of c players: the c piles in seat order, ``(2, 0, 1)``.
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = [
    "MOVES_3D",
    "bulgarian_3d_move",
    "decode_groups",
    "encode_groups",
    "janetzko_move",
    "janetzko_positions",
    "multiplayer_move",
    "multiplayer_positions",
    "necklace_key",
    "partitions",
    "plane_partitions",
    "red_green_move",
    "red_green_positions",
    "servedio_yeh_move",
    "servedio_yeh_positions",
    "weak_compositions",
]

Position = tuple[int, ...]
Partition = tuple[int, ...]

MOVES_3D = ("zx", "zy", "xy", "xz", "yx", "yz")
"""The six layer moves of the three-dimensional game: the first letter is the axis the layers
are perpendicular to, the second the direction the layer's piles run in (x: rows i, y:
columns j, z: heights k of the cells (i, j, k) of the plane partition)."""


def partitions(n: int, largest: int | None = None) -> Iterator[Partition]:
    """The partitions of n with parts at most ``largest``, in descending lexicographic order."""
    if n == 0:
        yield ()
        return
    top = n if largest is None else min(n, largest)
    for first in range(top, 0, -1):
        for rest in partitions(n - first, first):
            yield (first, *rest)


def encode_groups(groups: tuple[Partition, ...] | list[Partition]) -> Position:
    """Groups of parts as one tuple: each group's parts, then a 0."""
    flat: list[int] = []
    for group in groups:
        flat += [*group, 0]
    return tuple(flat)


def decode_groups(position: Position) -> list[Partition]:
    """The groups of an :func:`encode_groups` tuple."""
    groups: list[Partition] = []
    current: list[int] = []
    for value in position:
        if value == 0:
            groups.append(tuple(current))
            current = []
        else:
            current.append(value)
    return groups


def _bulgarian(parts: Partition) -> Partition:
    """One Bulgarian move on a partition (the empty one stays empty)."""
    if not parts:
        return ()
    return tuple(sorted([len(parts), *(p - 1 for p in parts if p > 1)], reverse=True))


# --------------------------------------------------------------------------- multiplayer


def multiplayer_positions(n: int, players: int) -> list[Position]:
    """Every s-tuple of partitions with n cards in all (a hand may be empty)."""

    def hands(left: int, seats: int) -> Iterator[tuple[Partition, ...]]:
        if seats == 1:
            for p in partitions(left):
                yield (p,)
            return
        for size in range(left, -1, -1):
            for p in partitions(size):
                for rest in hands(left - size, seats - 1):
                    yield (p, *rest)

    return [encode_groups(h) for h in hands(n, players)]


def multiplayer_move(position: Position, n: int, players: int) -> Position:
    """Öhman's multiplayer move: every player takes one card from each of their piles and
    passes the new pile (c_i cards) to the next seat: hand i becomes
    (c_{i−1}, λ^(i)_1 − 1, …) sorted, zeros dropped, c_0 = c_s."""
    hands = decode_groups(position)
    new = []
    for i, hand in enumerate(hands):
        passed = len(hands[i - 1])
        parts = [p - 1 for p in hand if p > 1] + ([passed] if passed else [])
        new.append(tuple(sorted(parts, reverse=True)))
    return encode_groups(new)


# --------------------------------------------------------------------------- tables of c


def weak_compositions(n: int, parts: int) -> Iterator[Position]:
    """The weak compositions of n into ``parts`` parts, first entry largest first."""
    if parts == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in weak_compositions(n - first, parts - 1):
            yield (first, *rest)


def necklace_key(alpha: Position) -> Position:
    """The representative of a circular composition: its lexicographically largest rotation."""
    return max(alpha[i:] + alpha[:i] for i in range(len(alpha)))


def servedio_yeh_positions(n: int, players: int) -> list[Position]:
    """The weak compositions of n into c parts up to rotation, one representative each."""
    return sorted({necklace_key(a) for a in weak_compositions(n, players)}, reverse=True)


def servedio_yeh_move(position: Position, n: int, players: int) -> Position:
    """All players at once deal their α_i cards one each to themselves and the next α_i − 1
    players, round the table again when α_i > c."""
    c = len(position)
    new = [0] * c
    for i, cards in enumerate(position):
        rounds, rest = divmod(cards, c)
        for j in range(c):
            new[j] += rounds
        for t in range(rest):
            new[(i + t) % c] += 1
    return necklace_key(tuple(new))


def janetzko_positions(n: int, players: int) -> list[Position]:
    """The weak compositions of n into c parts whose first pile (the pointer's) is not empty."""
    return [a for a in weak_compositions(n, players) if a[0] > 0]


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


# --------------------------------------------------------------------------- plane partitions


def plane_partitions(n: int) -> list[Position]:
    """The plane partitions of n, each as its rows (each row's entries, then a 0)."""

    def rows(left: int, above: Partition | None) -> Iterator[tuple[Partition, ...]]:
        if left == 0:
            yield ()
            return
        for size in range(left, 0, -1):
            for row in partitions(size):
                if above is not None and (
                    len(row) > len(above) or any(r > a for r, a in zip(row, above, strict=False))
                ):
                    continue
                for rest in rows(left - size, row):
                    yield (row, *rest)

    return [encode_groups(r) for r in rows(n, None)]


_AXIS = {"x": 0, "y": 1, "z": 2}


def bulgarian_3d_move(position: Position, n: int, move: str) -> Position:
    """One layer move: cut the solid diagram into layers perpendicular to ``move[0]``, read
    each layer's piles along ``move[1]`` and play one Bulgarian move on every layer."""
    rows = decode_groups(position)
    cells = [(i, j, k) for i, row in enumerate(rows) for j, h in enumerate(row) for k in range(h)]
    a, b = _AXIS[move[0]], _AXIS[move[1]]
    (c,) = {0, 1, 2} - {a, b}
    layers: dict[int, dict[int, int]] = {}
    for cell in cells:
        piles = layers.setdefault(cell[a], {})
        piles[cell[c]] = piles.get(cell[c], 0) + 1
    new_cells: list[list[int]] = []
    for value, piles in layers.items():
        for index, length in enumerate(_bulgarian(tuple(sorted(piles.values(), reverse=True)))):
            for step in range(length):
                new = [0, 0, 0]
                new[a], new[c], new[b] = value, index, step
                new_cells.append(new)
    heights: dict[tuple[int, int], int] = {}
    for i, j, _ in new_cells:
        heights[i, j] = heights.get((i, j), 0) + 1
    depth = 1 + max(i for i, _ in heights)
    out = [
        tuple(sorted((h for (i, _), h in heights.items() if i == r), reverse=True))
        for r in range(depth)
    ]
    return encode_groups(out)


# --------------------------------------------------------------------------- two colours


def red_green_positions(n: int) -> list[Position]:
    """Every two-coloured partition of n: green piles, a 0, red piles, a 0."""
    return [
        encode_groups((green, red))
        for size in range(n, -1, -1)
        for green in partitions(size)
        for red in partitions(n - size)
    ]


def red_green_move(position: Position, n: int) -> Position:
    """The reconstruction (Locke's rule was not found): a green pile holds one green card, at
    its bottom. One card is taken from the top of every pile; the new pile is green when it
    receives a green card, that is when a green pile of one card is used up."""
    green, red = decode_groups(position)
    piles = len(green) + len(red)
    colour_passed = any(g == 1 for g in green)
    new_green = [g - 1 for g in green if g > 1]
    new_red = [r - 1 for r in red if r > 1]
    (new_green if colour_passed else new_red).append(piles)
    return encode_groups(
        (tuple(sorted(new_green, reverse=True)), tuple(sorted(new_red, reverse=True)))
    )
