"""Compiled loops of Carolina solitaire, on compositions ranked as (n−1)-bit integers.

A composition α of n is the set of its cut points s_j = α_1 + … + α_j (j < c), a subset of
1..n−1; its index sets bit n − 1 − s for every cut s (see :mod:`.engine`). In these terms the
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


@njit(cache=True)
def composition_parts(n: int, rows: np.ndarray, parts: np.ndarray, offsets: np.ndarray) -> None:
    """The parts of the compositions ``rows`` (indices), flat, with offsets (len(rows) + 1).

    ``parts`` must hold Σ (popcount(x) + 1) entries.
    """
    pos = 0
    for t in range(rows.shape[0]):
        x = rows[t]
        offsets[t] = pos
        previous = 0
        for w in range(n - 2, -1, -1):
            if (x >> w) & 1:
                cut = n - 1 - w
                parts[pos] = cut - previous
                pos += 1
                previous = cut
        parts[pos] = n - previous
        pos += 1
    offsets[rows.shape[0]] = pos


@njit(cache=True)
def total_parts(rows: np.ndarray) -> int:
    """Σ over the indices ``rows`` of their number of parts (set bits + 1)."""
    total = 0
    for t in range(rows.shape[0]):
        v = rows[t]
        total += 1
        while v:
            v &= v - 1
            total += 1
    return total
