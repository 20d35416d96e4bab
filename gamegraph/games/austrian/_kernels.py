"""Compiled loops of Austrian solitaire on states (μ, b) ranked exactly.

States are numbered bank by bank (b = 0, 1, …) and, within a bank, by the descending
lexicographic order of μ among the partitions of n − b with parts ≤ L (as partitions are
numbered in :mod:`gamegraph.games._kernels`): the index of (μ, b) is

    offsets[b] + P[m, L] − 1 − Σ_i P[r_i, μ_i − 1],   m = n − b,

where r_i is what is left of m before part i and P[r, k] counts the partitions of r into
parts ≤ k (:func:`restricted_table`). ``Lc = min(L, n)`` bounds the parts (no pile exceeds n).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.core.spaces._kernels import largest_tail
from gamegraph.games._kernels import next_partition


@njit(cache=True)
def restricted_table(n: int, cap: int) -> np.ndarray:
    """P[r, k] = partitions of r into parts ≤ k, for 0 ≤ r ≤ n and 0 ≤ k ≤ cap (int64)."""
    table = np.zeros((n + 1, cap + 1), dtype=np.int64)
    for k in range(cap + 1):
        table[0, k] = 1
    for r in range(1, n + 1):
        for k in range(1, cap + 1):
            table[r, k] = table[r, k - 1] + (table[r - k, k] if r >= k else 0)
    return table


@njit(cache=True)
def austrian_successors(
    n: int,
    big: int,
    cap: int,
    banks: int,
    table: np.ndarray,
    offsets: np.ndarray,
    successor: np.ndarray,
) -> None:
    """successor[i] = index of A(μ, b) for every state (parameter L = ``big``, Lc = ``cap``).

    A(μ, b) = (L^q ∪ (μ_i − 1 : μ_i > 1), r) with b + ℓ(μ) = qL + r, 0 ≤ r < L. The new piles
    of L cards are the largest parts (every old pile drops to ≤ L − 1), so the image is
    ranked as written, without sorting.
    """
    a = np.zeros(n + 2, dtype=np.int64)
    idx = 0
    for b in range(banks):
        m = n - b
        k = largest_tail(a, 0, m, cap)
        while True:
            q, r = divmod(b + k, big)
            remaining = n - r
            below = 0
            for _ in range(q):
                below += table[remaining, big - 1]
                remaining -= big
            for i in range(k):
                v = a[i] - 1
                if v <= 0:
                    break
                below += table[remaining, v - 1]
                remaining -= v
            successor[idx] = offsets[r] + table[n - r, cap] - 1 - below
            idx += 1
            k = next_partition(a, k)  # -1 after the last, and for the empty μ (k = 0)
            if k < 0:
                break


@njit(cache=True)
def austrian_total_parts(n: int, cap: int, banks: int) -> int:
    """Σ over all states of ℓ(μ) (the size of the flat parts array)."""
    a = np.zeros(n + 2, dtype=np.int64)
    total = 0
    for b in range(banks):
        k = largest_tail(a, 0, n - b, cap)
        while k > 0:
            total += k
            k = next_partition(a, k)
    return total


@njit(cache=True)
def austrian_parts(
    n: int, cap: int, banks: int, parts: np.ndarray, offsets: np.ndarray, bank: np.ndarray
) -> None:
    """Every state in index order: μ as flat parts with offsets, and its bank."""
    a = np.zeros(n + 2, dtype=np.int64)
    idx = 0
    pos = 0
    for b in range(banks):
        k = largest_tail(a, 0, n - b, cap)
        while True:
            offsets[idx] = pos
            bank[idx] = b
            for i in range(k):
                parts[pos + i] = a[i]
            pos += k
            idx += 1
            k = next_partition(a, k)  # -1 after the last, and for the empty μ (k = 0)
            if k < 0:
                break
    offsets[idx] = pos
