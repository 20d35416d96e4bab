"""Dual Bulgarian solitaire: the largest pile is dealt out, a card to each other pile."""

import gamegraph as gg


@gg.solitaire(name="defined-dual", space="partitions", title="Dual Bulgarian solitaire, defined")
def move(position: tuple[int, ...], n: int) -> tuple[int, ...]:
    first, rest = position[0], position[1:]
    grown = [p + 1 for p in rest[:first]] + list(rest[first:]) + [1] * (first - len(rest))
    return tuple(sorted(grown, reverse=True))
