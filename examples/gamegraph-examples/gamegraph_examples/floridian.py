"""Floridian solitaire's turn graph H_n: an α-move (s parts lose a card, a part s is added,
the result in T(n) and new), then Ω; positions are the separated partitions."""

from collections import Counter
from itertools import product

import gamegraph as gg
from gamegraph.games.partitions import in_t, is_separated, omega


def separated(position: tuple[int, ...], n: int) -> bool:
    return is_separated(position)


@gg.choice_solitaire(name="defined-floridian", space=gg.partitions(where=separated))
def moves(position: tuple[int, ...], n: int) -> set[tuple[int, ...]]:
    sizes = sorted(Counter(position).items())
    turns = set()
    for taken in product(*(range(count + 1) for _, count in sizes)):
        kept = [v for (v, c), k in zip(sizes, taken) for _ in range(c - k)]
        cut = [v - 1 for (v, _), k in zip(sizes, taken) for _ in range(k) if v > 1]
        after = tuple(sorted([*kept, *cut, sum(taken)], reverse=True))
        if sum(taken) and after != position and in_t(after):
            turns.add(omega(after))
    return turns
