"""Floridian solitaire's turn graph H_n: an α-move (s parts lose a card, a part s is added,
the result in T(n) and new), then Ω; positions are the separated partitions."""

from collections import Counter
from itertools import product

import gamegraph as gg
from gamegraph.games.partitions import in_t, is_separated, omega

SEPARATED = gg.partitions(where=lambda position, n: is_separated(position))


@gg.choice_solitaire(name="defined-floridian", space=SEPARATED, title="Floridian H_n, defined")
def moves(position: tuple[int, ...], n: int) -> set[tuple[int, ...]]:
    sizes = sorted(Counter(position).items())
    turns = set()
    for taken in product(*(range(count + 1) for _, count in sizes)):
        cut = [v - (i < k) for (v, count), k in zip(sizes, taken) for i in range(count)]
        after = tuple(sorted([*(p for p in cut if p), sum(taken)], reverse=True))
        if sum(taken) and after != position and in_t(after):
            turns.add(omega(after))
    return turns
