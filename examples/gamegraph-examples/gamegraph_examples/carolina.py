"""Carolina solitaire: the same move on compositions, the new pile in front, order kept."""

import gamegraph as gg


@gg.solitaire(name="defined-carolina", space="compositions", title="Carolina solitaire, defined")
def move(position: tuple[int, ...], n: int) -> tuple[int, ...]:
    return (len(position), *(p - 1 for p in position if p > 1))
