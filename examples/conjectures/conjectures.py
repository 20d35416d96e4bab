"""Questions from the seeds as conjectures: `gamegraph check examples/conjectures/conjectures.py
--n 1..80` checks each over n (one Dask task per n) and prints its verdict.

A conjecture is a function of the built graph (what ``gg.<game>(n)`` returns) that returns
True where it holds, or a counterexample (a position, or a number) where it fails.
"""

from math import comb, gcd

import gamegraph as gg


def _triangular_root(n: int) -> tuple[int, int]:
    """n = T_k + r with T_k = k(k+1)/2 and 0 <= r <= k."""
    k = 0
    while (k + 1) * (k + 2) // 2 <= n:
        k += 1
    return k, n - k * (k + 1) // 2


def _necklaces(length: int, ones: int) -> int:
    """Binary necklaces (up to rotation) of this length with this many ones (Burnside)."""
    if ones in (0, length):
        return 1
    total = 0
    for d in range(1, length + 1):
        if length % d == 0 and ones % (length // d) == 0:
            total += _phi(length // d) * comb(d, ones // (length // d))
    return total // length


def _phi(m: int) -> int:
    return sum(1 for i in range(1, m + 1) if gcd(i, m) == 1)


@gg.conjecture(game="floridian", n=[8, *(n for n in range(12, 45) if n % 6 in (0, 2))])
def losing_position_for_6m_and_6m_plus_2(graph):
    """Floridian solitaire, open question 2 (seed 000): G_n has a losing position for every
    n > 6; the open cases are n = 6m and n = 6m + 2 (checked here on those n)."""
    losing = graph.stats()["losing"]
    return True if losing > 0 else losing


@gg.conjecture(game="bulgarian", n=range(1, 121))
def cycles_are_necklaces(graph, n):
    """Bulgarian solitaire (survey, seed 001; Brandt 1982): for n = T_k + r (0 <= r <= k) the
    cycles of B_n are the rotations of the k + 1 staircase columns with r extra cards, so
    B_n has as many cycles as there are binary necklaces of length k + 1 with r ones."""
    k, r = _triangular_root(n)
    expected = _necklaces(k + 1, r)
    found = graph.stats()["cycles"]
    return True if found == expected else found


@gg.conjecture(game="bulgarian", n=range(1, 121))
def one_cycle_only_for_triangular_n(graph, n):
    """A naive reading of the triangular-number theorem (seed 001): B_n has a single cycle
    only when n is triangular. Expected to fail: the first counterexample is a position on
    the single cycle of a non-triangular B_n."""
    _, r = _triangular_root(n)
    if graph.stats()["cycles"] != 1 or r == 0:
        return True
    return graph.keys()[int(graph.cycles[0][0])]


@gg.conjecture(game="crim", n=range(1, 41))
def every_p_position_has_even_rank(graph):
    """CRIM (seed 003): every P-position has even rank λ_1 − ℓ(λ)."""
    odd = (graph.rank % 2 != 0) & graph.p_position
    if not odd.any():
        return True
    return graph.position(int(odd.argmax()))
