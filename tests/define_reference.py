"""Brute force for the defined variants of examples/gamegraph-examples (imported as
`define_reference`): plain Python, independent of gamegraph's kernels and engine."""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["omega", "outcomes", "partitions", "pile_options", "two_card", "walk"]

Position = tuple[int, ...]


def partitions(n: int, cap: int | None = None) -> Iterator[Position]:
    """Every partition of n, by plain recursion."""
    cap = n if cap is None else cap
    if n == 0:
        yield ()
        return
    for first in range(min(n, cap), 0, -1):
        for rest in partitions(n - first, first):
            yield (first, *rest)


def two_card(position: Position) -> Position:
    """Two cards from each pile (one from a pile of one) form a new pile: written again, on
    a multiset, as a second reading of the rule."""
    piles: list[int] = []
    new = 0
    for pile in position:
        give = 2 if pile >= 2 else 1
        new += give
        if pile - give:
            piles.append(pile - give)
    piles.append(new)
    piles.sort(reverse=True)
    return tuple(piles)


def walk(image: dict[Position, Position], start: Position) -> tuple[list[Position], list[Position]]:
    """The trajectory of ``start`` up to its cycle entry, and the cycle from the entry."""
    seen: list[Position] = []
    p = start
    while p not in seen:
        seen.append(p)
        p = image[p]
    entry = seen.index(p)
    return seen[: entry + 1], seen[entry:]


def omega(p: Position) -> Position:
    return tuple(sorted([len(p), *(x - 1 for x in p if x > 1)], reverse=True))


def pile_options(n: int) -> dict[Position, set[Position]]:
    """The Bulgarian-move-or-a-pile game on the partitions of size 0..n: every option."""
    positions = [p for m in range(n + 1) for p in partitions(m)]
    return {
        p: {omega(p), *(p[:i] + p[i + 1 :] for i in range(len(p)))} if p else set()
        for p in positions
    }


def outcomes(options: dict[Position, set[Position]]) -> dict[Position, str]:
    """P/N/D by the definition, iterated to a fixed point (no queue, no kernel)."""
    status: dict[Position, str] = {}
    changed = True
    while changed:
        changed = False
        for p, moves in options.items():
            if p in status:
                continue
            if any(status.get(q) == "P" for q in moves):
                status[p] = "N"
            elif all(status.get(q) == "N" for q in moves):
                status[p] = "P"
            else:
                continue
            changed = True
    return {p: status.get(p, "D") for p in options}
