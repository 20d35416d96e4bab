"""Compiled inner loops (numba) of the CRIM engine.

Numbering: all partitions of size <= n, by size and then in descending lexicographic order
within a size: index(λ) = offsets[|λ|] + p(|λ|) - 1 - Σ_i P[r_i, λ_i - 1], where ``offsets[s]``
= p(0) + ... + p(s-1), r_i is what is left of |λ| before part i and P is
:func:`gamegraph.games._kernels.rank_table`. So [] is index 0, then (1), (2), (1,1), (3), ...

Every option of λ is smaller than λ, so one sweep in increasing size sees all options
already valued. The options are ranked without building them: deleting the part at place i
keeps the rank terms of the later parts, and deleting a column of length c keeps those of
the parts from place c on; only the earlier terms are recomputed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.games._kernels import distinct_sorted, next_partition

__all__ = ["crim_options", "crim_sweep"]


@njit(cache=True)
def crim_options(
    a: np.ndarray,
    k: int,
    m: int,
    table: np.ndarray,
    offsets: np.ndarray,
    rems: np.ndarray,
    suf: np.ndarray,
    targets: np.ndarray,
    bits: np.ndarray,
) -> int:
    """Write the indices of the options of ``a[:k]`` (a partition of m) into ``targets``.

    Row deletions come first (one per distinct part size), then column deletions (one per
    distinct column length c, i.e. each c with a[c-1] > a[c]). A row and a column deletion
    can give the same option; the caller removes repeats. Returns how many were written, or
    −1 at the first option that is a P-position in ``bits`` when they are given (one bit per
    position of a smaller size: :mod:`._pn_kernels`). ``a[k]`` must be 0.
    """
    check = bits.shape[0] > 0
    rem = m
    for i in range(k):
        rems[i] = rem
        rem -= a[i]
    suf[k] = 0
    for i in range(k - 1, -1, -1):
        suf[i] = suf[i + 1] + table[rems[i], a[i] - 1]
    count = 0
    for i in range(k):
        if a[i] == a[i + 1]:
            continue  # delete the last part of each size (any copy gives the same option)
        v = a[i]
        s = m - v
        below = suf[i + 1]
        for j in range(i):
            below += table[rems[j] - v, a[j] - 1]
        g = offsets[s] + table[s, s] - 1 - below
        if check and (bits[g >> 3] >> (g & 7)) & 1:
            return -1
        targets[count] = g
        count += 1
    for c in range(1, k + 1):
        if a[c - 1] == a[c]:
            continue  # columns of equal length give the same option
        s = m - c
        below = suf[c]
        for j in range(c):
            if a[j] == 1:
                break  # the parts 1 among the first c vanish; they are the last ones
            below += table[rems[j] - c + j, a[j] - 2]
        g = offsets[s] + table[s, s] - 1 - below
        if check and (bits[g >> 3] >> (g & 7)) & 1:
            return -1
        targets[count] = g
        count += 1
    return count


@njit(cache=True)
def crim_sweep(
    n: int,
    table: np.ndarray,
    offsets: np.ndarray,
    grundy: np.ndarray,
    rank: np.ndarray,
    indptr: np.ndarray,
    indices: np.ndarray,
    p_count: np.ndarray,
    odd_rank_p: np.ndarray,
    first_odd_p: np.ndarray,
) -> int:
    """Sprague-Grundy value of every partition of size <= n, in index order.

    Fills ``grundy`` (the mex of the options' values) and, when they are not empty, ``rank``
    (λ_1 - ℓ(λ)) and the CSR of the distinct options (``indptr``, ``indices``, options
    sorted by index). Per size s it counts the P-positions (``p_count[s]``), those of odd
    rank (``odd_rank_p[s]``) and the first of them (``first_odd_p[s]``, -1 if none): the
    paper's conjecture is that the last two stay 0 and -1. Returns the number of arcs.
    """
    store = indptr.shape[0] > 0
    keep_rank = rank.shape[0] > 0
    a = np.zeros(n + 2, dtype=np.int64)
    rems = np.zeros(n + 2, dtype=np.int64)
    suf = np.zeros(n + 2, dtype=np.int64)
    targets = np.empty(2 * n + 2, dtype=np.int64)
    seen = np.zeros(2 * n + 3, dtype=np.bool_)
    no_bits = np.zeros(0, dtype=np.uint8)
    for s in range(n + 1):
        p_count[s] = 0
        odd_rank_p[s] = 0
        first_odd_p[s] = -1
    # the empty partition: terminal, a P-position of rank 0
    grundy[0] = 0
    if keep_rank:
        rank[0] = 0
    if store:
        indptr[0] = 0
        indptr[1] = 0
    p_count[0] = 1
    arcs = 0
    idx = 1
    for m in range(1, n + 1):
        a[0] = m
        k = 1
        while True:
            a[k] = 0
            count = crim_options(a, k, m, table, offsets, rems, suf, targets, no_bits)
            if store:
                count = distinct_sorted(targets, count)
                for x in range(count):
                    indices[arcs + x] = targets[x]
                arcs += count
                indptr[idx + 1] = arcs
            for x in range(count):
                seen[grundy[targets[x]]] = True
            mex = 0
            while seen[mex]:
                mex += 1
            for x in range(count):
                seen[grundy[targets[x]]] = False
            grundy[idx] = mex
            r = a[0] - k
            if keep_rank:
                rank[idx] = r
            if mex == 0:
                p_count[m] += 1
                if r % 2 != 0:
                    odd_rank_p[m] += 1
                    if first_odd_p[m] < 0:
                        first_odd_p[m] = idx
            idx += 1
            # next partition of m in descending lexicographic order
            k = next_partition(a, k)
            if k == -1:  # after the last partition
                break
    return arcs
