"""Strange roots, Fagan pairs and basins (SPEC-games.md §6, seed 002 l.3–41).

* Alist_n starts ⟨1, n⟩; from ⟨i, y⟩ with y > i it goes to ⟨i + 1, y′⟩, y′ the least
  integer > i(y + 1)/(i + 1); it stops when y ≤ i, at ⟨s, s⟩ (Lemma 2.3), and sr(n) = s.
* CF(m) starts (2, 2m); from (i, a) with a > i it goes to (i + 1, a′), a′ the least integer
  with (i + 1)a′ > i·a and i + 1 + a′ even; it stops at (cf(m), cf(m)).
* f(k), the least n whose winnable board uses hole k (the sieve of :func:`first_stones_with_hole`),
  gives sr(n) = k ⇔ f(k − 1) < n ≤ f(k), so the basin of n (the m with cf(m) = sr(2m) = n)
  has ⌊f(n)/2⌋ − ⌊f(n − 1)/2⌋ members.

Single values are plain Python (exact for any n); the range functions call the compiled loops
of :mod:`._kernels`. The tests check the sieve-based ranges against the direct iterations.
"""

from __future__ import annotations

import numpy as np

from gamegraph.games.tchoukaillon import _kernels as tk
from gamegraph.games.tchoukaillon.boards import TchoukaillonError, check_stones

__all__ = [
    "MAX_RANGE",
    "SEED_FAR_SINGLE_BASIN",
    "SEED_SINGLE_BASINS",
    "SEED_SINGLE_BASINS_BOUND",
    "alist",
    "boards_per_rightmost_hole",
    "cf",
    "check_seed_single_basins",
    "fagan_basin_size",
    "fagan_basin_sizes",
    "fagan_basins",
    "fagan_pairs",
    "fagan_roots",
    "first_stones_with_hole",
    "rightmost_holes",
    "roots_per_value",
    "single_member_basins",
    "strange_root",
    "strange_roots",
]

Pair = tuple[int, int]

#: the range functions allocate int64 arrays of this many entries at most (~0.8 GB)
MAX_RANGE = 10**8

SEED_SINGLE_BASINS_BOUND = 636881
"""Seed 002 l.9 (SR-basin1): among m ≤ this bound, exactly the m of :data:`SEED_SINGLE_BASINS`
are alone in their Fagan basin."""
SEED_SINGLE_BASINS = ((1, 2), (2, 3), (3, 4), (6, 6), (30, 14), (493080, 1760))
"""(m, cf(m)) of the seed's list of m whose basin has size one, m ≤ 636881."""
SEED_FAR_SINGLE_BASIN = (242650650, 39046)
"""The seed's further m alone in its basin, with cf(m)."""


def alist(n: int) -> list[Pair]:
    """Alist_n: the pairs ⟨i, y⟩ from ⟨1, n⟩ to its last pair."""
    check_positive(n)
    pairs = [(1, n)]
    i, y = 1, n
    while y > i:
        y = i * (y + 1) // (i + 1) + 1
        i += 1
        pairs.append((i, y))
    return pairs


def strange_root(n: int) -> int:
    """sr(n), the first entry of the last pair of Alist_n."""
    return alist(n)[-1][0]


def fagan_pairs(m: int) -> list[Pair]:
    """CF(m): the Fagan pairs from (2, 2m) to the sea."""
    check_positive(m, "m")
    pairs = [(2, 2 * m)]
    i, a = 2, 2 * m
    while a > i:
        nxt = i * a // (i + 1) + 1
        if (i + 1 + nxt) % 2:
            nxt += 1
        i, a = i + 1, nxt
        pairs.append((i, a))
    return pairs


def cf(m: int) -> int:
    """cf(m), the root of Fagan's construction for m."""
    return fagan_pairs(m)[-1][0]


def first_stones_with_hole(k: int) -> int:
    """f(k), the least n whose winnable board uses hole k (f(0) = 0), by the sieve."""
    check_stones(k, "k")
    x = k
    for j in range(k - 1, 1, -1):  # as the sieve: j = 1 would leave x as it is
        x = -(-x // j) * j
    return x


def fagan_basin_size(n: int) -> int:
    """#{m ≥ 1 : cf(m) = n} = ⌊f(n)/2⌋ − ⌊f(n − 1)/2⌋ (0 for n ≤ 1)."""
    check_stones(n)
    if n <= 1:
        return 0
    return first_stones_with_hole(n) // 2 - first_stones_with_hole(n - 1) // 2


# --------------------------------------------------------------------------- ranges


def rightmost_holes(top: int) -> np.ndarray:
    """out[n] = rightmost non-empty hole of Tchouk_n, 0 ≤ n ≤ top (the recursion, compiled)."""
    return tk.rightmost_holes(_check_range(top))


def strange_roots(top: int) -> np.ndarray:
    """out[n] = sr(n), 1 ≤ n ≤ top (out[0] = 0), from the sieve f (compiled)."""
    return tk.strange_roots_sieve(_check_range(top))


def fagan_roots(top: int) -> np.ndarray:
    """out[m] = cf(m) = sr(2m), 1 ≤ m ≤ top (out[0] = 0)."""
    return tk.strange_roots_sieve(_check_range(2 * top))[::2].copy()


def fagan_basin_sizes(top: int) -> np.ndarray:
    """out[n] = #{m ≤ top : cf(m) = n}; complete for every n < cf(top) (the basin of cf(top)
    may continue beyond m = top)."""
    roots = fagan_roots(top)
    return np.bincount(roots[1:], minlength=1)  # [0] for top = 0


def fagan_basins(m_max: int) -> dict[int, int]:
    """{n: #{m ≥ 1 : cf(m) = n}} (OEIS A204539) for every n whose basin lies in 1..m_max,
    counted from cf(m) for m ≤ m_max + 1 (cf is nondecreasing, so basins are intervals and
    the basin of n is complete once some m ≤ m_max + 1 has cf(m) > n)."""
    check_positive(m_max, "m_max")
    roots = fagan_roots(m_max + 1)
    sizes = np.bincount(roots[1 : m_max + 1])
    last = int(roots[m_max + 1])  # basins of n < last are complete
    return {int(v): int(sizes[v]) for v in range(2, min(last, sizes.shape[0]))}


def single_member_basins(m_max: int) -> list[tuple[int, int]]:
    """(m, cf(m)) for every m ≤ m_max alone in its Fagan basin; the basin sizes come from
    the sieve (:func:`fagan_basin_size`), exact even where a basin reaches past m_max."""
    check_positive(m_max, "m_max")
    roots = fagan_roots(m_max)[1:]
    f = tk.first_stones_with_hole(int(roots[-1]))
    sizes = f[1:] // 2 - f[:-1] // 2  # sizes[n − 1] = basin size of n
    alone = np.flatnonzero(sizes[roots - 1] == 1)
    return [(int(i) + 1, int(roots[i])) for i in alone]


def check_seed_single_basins() -> dict[str, object]:
    """SR-basin1 (seed 002 l.9): the m ≤ 636881 alone in their basin, found against the
    seed's list, and cf(242650650) with its basin size (by the direct Fagan iteration and
    the sieve). ``holds`` says whether both parts agree with the seed."""
    found = single_member_basins(SEED_SINGLE_BASINS_BOUND)
    m, root = SEED_FAR_SINGLE_BASIN
    far_root = int(tk.fagan_root(m)[0])
    far_size = fagan_basin_size(far_root)
    return {
        "bound": SEED_SINGLE_BASINS_BOUND,
        "claimed": list(SEED_SINGLE_BASINS),
        "found": found,
        "far_m": m,
        "far_cf": far_root,
        "far_basin_size": far_size,
        "holds": found == list(SEED_SINGLE_BASINS) and far_root == root and far_size == 1,
    }


def boards_per_rightmost_hole(top: int) -> np.ndarray:
    """out[k] = #{n ≤ top : the rightmost hole of Tchouk_n is k}."""
    return np.bincount(rightmost_holes(top))


def roots_per_value(top: int) -> np.ndarray:
    """out[k] = #{1 ≤ n ≤ top : sr(n) = k} (out[0] = 0)."""
    return np.bincount(strange_roots(top)[1:], minlength=1)  # [0] for top = 0


def check_positive(value: object, name: str = "n") -> int:
    """value as a positive int, or a one-line error."""
    value = check_stones(value, name)
    if value < 1:
        raise TchoukaillonError(f"{name} = {value} is not positive: give a whole number >= 1")
    return value


def _check_range(top: object) -> int:
    top = check_stones(top, "top")
    if top > MAX_RANGE:
        raise TchoukaillonError(
            f"top = {top} is too large: range functions accept up to {MAX_RANGE}"
        )
    return top
