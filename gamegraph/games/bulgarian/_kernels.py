"""The compiled move of Bulgarian solitaire on the partitions of n, ranked as the core ranks
them (:class:`~gamegraph.core.spaces.Partitions`: descending lexicographic order)."""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.core.spaces._kernels import next_partition

__all__ = ["bulgarian_successors"]


@njit(cache=True)
def bulgarian_successors(n: int, table: np.ndarray, successor: np.ndarray) -> None:
    """successor[i] = index of Ω(λ_i) for every partition λ_i of n (the whole of B_n).

    Walks the partitions in descending lexicographic order (so the walk counter is the index)
    and ranks Ω(λ) on the fly, never materialising it: the reduced parts stay nonincreasing,
    and the new part p is merged in at its place.
    """
    total = table[n, n]
    a = np.zeros(n + 2, dtype=np.int64)
    a[0] = n
    k = 1
    idx = 0
    while True:
        remaining = n
        below = 0
        inserted = False
        for i in range(k):
            v = a[i] - 1
            if v <= 0:
                break
            if not inserted and k >= v:
                below += table[remaining, k - 1]
                remaining -= k
                inserted = True
            below += table[remaining, v - 1]
            remaining -= v
        if not inserted:
            below += table[remaining, k - 1]
        successor[idx] = total - 1 - below
        idx += 1
        # next partition in descending lexicographic order
        k = next_partition(a, k)
        if k == -1:  # after the last partition
            return
