"""CRIM: delete one whole row or one whole column of a Young diagram (normal play)."""

import gamegraph as gg


@gg.impartial(name="defined-crim", space="partitions-up-to", title="CRIM, defined")
def moves(position: tuple[int, ...], n: int) -> set[tuple[int, ...]]:
    rows = {position[:i] + position[i + 1 :] for i in range(len(position))}
    columns = {
        tuple(q for q in (p - (p >= j) for p in position) if q)
        for j in range(1, (position or (0,))[0] + 1)
    }
    return rows | columns
