"""The compiled move of Dual Bulgarian solitaire on the partitions of n, ranked as the core
ranks them (:class:`~gamegraph.core.spaces.Partitions`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.core.spaces._kernels import next_partition, rank_partition_row


@njit(cache=True)
def dual_successors(n: int, table: np.ndarray, successor: np.ndarray) -> None:
    """successor[i] = index of D(λ_i) for every partition λ_i of n.

    Walks the partitions in descending lexicographic order (the walk counter is the index).
    D(λ) = (λ_2 + 1, …, λ_{m+1} + 1, λ_{m+2}, …, λ_ℓ, 1^(λ_1 − ℓ + 1)), m = min(λ_1, ℓ − 1),
    is already nonincreasing (a prefix of a nonincreasing sequence gains one card each, then
    new piles of one card), so it is ranked as written.
    """
    a = np.zeros(n + 2, dtype=np.int64)
    out = np.zeros(n + 1, dtype=np.int64)
    a[0] = n
    k = 1
    idx = 0
    while True:
        first = a[0]
        length = 0
        for i in range(1, k):
            out[length] = a[i] + 1 if i <= first else a[i]
            length += 1
        for _ in range(first - (k - 1)):
            out[length] = 1
            length += 1
        successor[idx] = rank_partition_row(out, 0, length, n, table)
        idx += 1
        # next partition in descending lexicographic order
        k = next_partition(a, k)
        if k < 0:
            return
