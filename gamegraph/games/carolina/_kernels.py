"""The compiled move of Carolina solitaire, on compositions ranked as (n−1)-bit integers.

A composition α of n is the set of its cut points s_j = α_1 + … + α_j (j < c), a subset of
1..n−1; its index sets bit n − 1 − s for every cut s (as
:class:`~gamegraph.core.spaces.Compositions` ranks them). In these terms the
move C is pure bit arithmetic: if the set bits of x, from the least significant, have
weights w_1 < w_2 < …, then C(x) has bit w_k − k for every k with w_k ≥ k (w_k = k − 1 is
a pile of one card that empties), plus bit n − 1 − c for the new pile of c cards (c < n).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def carolina_successors(n: int, successor: np.ndarray) -> None:
    """successor[x] = C(x) for every composition index x in 0..2^(n−1) − 1."""
    total = np.int64(1) << (n - 1)
    for x in range(total):
        y = np.int64(0)
        k = 0
        v = x
        w = 0
        while v:
            if v & 1:
                k += 1
                if w >= k:
                    y |= np.int64(1) << (w - k)
            v >>= 1
            w += 1
        c = k + 1
        if c < n:
            y |= np.int64(1) << (n - 1 - c)
        successor[x] = y
