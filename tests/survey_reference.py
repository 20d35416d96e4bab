"""Brute force of the survey's five games (issue #29), written apart from gamegraph: the
positions listed by plain recursion in their own shapes (tuples of hands, sets of cells, ...),
the moves played card by card, and the figures of the functional graph found by iterating the
move from every position."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from itertools import product
from typing import Any


def partitions(n: int, most: int | None = None) -> Iterator[tuple[int, ...]]:
    """Partitions of n, parts at most ``most``."""
    if n == 0:
        yield ()
        return
    for first in range(min(n, most or n), 0, -1):
        for rest in partitions(n - first, first):
            yield (first, *rest)


def bulgarian(parts: tuple[int, ...]) -> tuple[int, ...]:
    if not parts:
        return ()
    piles = [p - 1 for p in parts] + [len(parts)]
    return tuple(sorted((p for p in piles if p), reverse=True))


def figures(positions: list[Any], move: Callable[[Any], Any]) -> dict[str, Any]:
    """positions, cycles, cycle_lengths, garden_of_eden, max_transient of the map."""
    image = {p: move(p) for p in positions}
    assert set(image.values()) <= set(image), "the move leaves the positions"
    cycles: set[frozenset[Hashable]] = set()
    transient = 0
    for start in positions:
        seen: dict[Hashable, int] = {}
        p = start
        while p not in seen:
            seen[p] = len(seen)
            p = image[p]
        cycle_start = seen[p]
        members = [q for q, t in seen.items() if t >= cycle_start]
        cycles.add(frozenset(members))
        transient = max(transient, cycle_start)
    lengths: dict[int, int] = {}
    for c in cycles:
        lengths[len(c)] = lengths.get(len(c), 0) + 1
    return {
        "positions": len(positions),
        "cycles": len(cycles),
        "cycle_lengths": dict(sorted(lengths.items())),
        "garden_of_eden": len(set(positions) - set(image.values())),
        "max_transient": transient,
    }


# multiplayer: a tuple of s hands, each a partition


def multiplayer_positions(n: int, s: int) -> list[tuple[tuple[int, ...], ...]]:
    if s == 0:
        return [()] if n == 0 else []
    out = []
    for first in range(n + 1):
        for hand in partitions(first):
            out += [(hand, *rest) for rest in multiplayer_positions(n - first, s - 1)]
    return out


def multiplayer_move(hands: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    s = len(hands)
    new = []
    for i in range(s):
        # every player takes one card from each pile; the new pile goes to the right
        received = len(hands[(i - 1) % s])
        kept = [p - 1 for p in hands[i]]
        new.append(tuple(sorted((p for p in [*kept, received] if p > 0), reverse=True)))
    return tuple(new)


# Servedio-Yeh: circular compositions, each held as its smallest rotation


def smallest_rotation(alpha: tuple[int, ...]) -> tuple[int, ...]:
    return min(alpha[i:] + alpha[:i] for i in range(len(alpha)))


def servedio_yeh_positions(n: int, c: int) -> list[tuple[int, ...]]:
    found = {
        smallest_rotation(alpha) for alpha in product(range(n + 1), repeat=c) if sum(alpha) == n
    }
    return sorted(found)


def servedio_yeh_move(alpha: tuple[int, ...]) -> tuple[int, ...]:
    c = len(alpha)
    table = [0] * c
    for seat, cards in enumerate(alpha):
        receiver = seat
        for _ in range(cards):  # one card each, to oneself first, clockwise
            table[receiver] += 1
            receiver = (receiver + 1) % c
    return smallest_rotation(tuple(table))


# Janetzko: the table seen from the pointer (seat 0 holds the pointer)


def janetzko_positions(n: int, c: int) -> list[tuple[int, ...]]:
    return [a for a in product(range(n + 1), repeat=c) if sum(a) == n and a[0] > 0]


def janetzko_move(alpha: tuple[int, ...]) -> tuple[int, ...]:
    c = len(alpha)
    table = list(alpha)
    hand, table[0] = table[0], 0
    seat = 0
    while hand:
        seat = (seat + 1) % c
        table[seat] += 1
        hand -= 1
    return tuple(table[seat:] + table[:seat])


# three dimensions: a plane partition as a frozenset of cells (i, j, k)


def plane_partitions(n: int) -> list[frozenset[tuple[int, int, int]]]:
    """Order ideals of N^3 of size n, grown one addable cell at a time."""
    level: set[frozenset[tuple[int, int, int]]] = {frozenset()}
    for _ in range(n):
        grown = set()
        for solid in level:
            corners = {(0, 0, 0)} | {
                (i + di, j + dj, k + dk)
                for i, j, k in solid
                for di, dj, dk in ((1, 0, 0), (0, 1, 0), (0, 0, 1))
            }
            for i, j, k in corners - solid:
                below = [(i - 1, j, k), (i, j - 1, k), (i, j, k - 1)]
                if all(min(b) < 0 or b in solid for b in below):
                    grown.add(solid | {(i, j, k)})
        level = grown
    return sorted(level, key=sorted)


AXES = {"x": 0, "y": 1, "z": 2}


def layer_move(solid: frozenset[tuple[int, int, int]], move: str) -> frozenset[tuple[int, ...]]:
    a, b = AXES[move[0]], AXES[move[1]]
    c = 3 - a - b
    out = set()
    for value in {cell[a] for cell in solid}:
        layer = [cell for cell in solid if cell[a] == value]
        lines = sorted(
            (sum(1 for cell in layer if cell[c] == w) for w in {cell[c] for cell in layer}),
            reverse=True,
        )
        for w, length in enumerate(bulgarian(tuple(lines))):
            for t in range(length):
                cell = [0, 0, 0]
                cell[a], cell[b], cell[c] = value, t, w
                out.add(tuple(cell))
    return frozenset(out)


# red-green: (green piles, red piles); a green pile's one green card lies at its bottom


def red_green_positions(n: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return [(g, r) for size in range(n + 1) for g in partitions(size) for r in partitions(n - size)]


def red_green_move(
    position: tuple[tuple[int, ...], tuple[int, ...]],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    green, red = position
    taken_green = sum(1 for g in green if g == 1)  # the top card of a 1-pile is its green card
    new_pile = len(green) + len(red)
    green_left = [g - 1 for g in green if g > 1]
    red_left = [r - 1 for r in red if r > 1]
    if taken_green:
        green_left.append(new_pile)
    else:
        red_left.append(new_pile)
    return (tuple(sorted(green_left, reverse=True)), tuple(sorted(red_left, reverse=True)))
