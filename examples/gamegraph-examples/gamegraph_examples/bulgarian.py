"""Bulgarian solitaire B_n: one card from each pile makes a new pile."""

import gamegraph as gg


@gg.solitaire(name="defined-bulgarian", space="partitions", title="Bulgarian solitaire, defined")
def move(position: tuple[int, ...], n: int) -> tuple[int, ...]:
    return tuple(sorted([len(position), *(p - 1 for p in position if p > 1)], reverse=True))
