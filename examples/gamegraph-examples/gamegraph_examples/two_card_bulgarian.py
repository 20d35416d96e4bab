"""Two-card Bulgarian solitaire (no seed has it): two cards from each pile (one from a pile
of one) make the new pile."""

import gamegraph as gg


@gg.solitaire(name="two-card-bulgarian", space="partitions", title="Two-card Bulgarian solitaire")
def move(position: tuple[int, ...], n: int) -> tuple[int, ...]:
    taken = sum(min(2, p) for p in position)
    return tuple(sorted([*(p - 2 for p in position if p > 2), taken], reverse=True))
