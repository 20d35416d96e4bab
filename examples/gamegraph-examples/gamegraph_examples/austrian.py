"""Austrian solitaire: piles pay one card to the bank, which buys new piles of L cards.
A state (piles μ, bank b) is the tuple (b, *μ)."""

import gamegraph as gg
from gamegraph.games.partitions import partitions

L = gg.Param("L", "The size L of a new pile.", minimum=1, maximum=60, default=5)


def states(n: int, L: int) -> list[tuple[int, ...]]:
    return [(b, *mu) for b in range(min(L, n + 1)) for mu in partitions(n - b, L)]


@gg.solitaire(
    name="defined-austrian", space=gg.reachable(start=states), params=(L,), max_n=60
)
def move(position: tuple[int, ...], n: int, L: int) -> tuple[int, ...]:
    bank, *piles = position
    q, r = divmod(bank + len(piles), L)
    return (r, *sorted([p - 1 for p in piles if p > 1] + [L] * q, reverse=True))
