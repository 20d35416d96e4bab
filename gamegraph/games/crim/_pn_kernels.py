"""Compiled P/N sweep of CRIM, one size at a time, one bit per position (numba).

Same numbering as :mod:`._kernels` (by size, then descending lexicographic order), so a
position's options are ranked without being built. A position is P iff none of its options
is P, so each position stops at the first P option it meets (row deletions first, then
column deletions); only the P-positions look at every option.

``bits`` packs one bit per position (1 = P) for every size below the one being swept: bit
``g`` is ``bits[g >> 3] >> (g & 7) & 1``. A range of one size writes its own packed bits.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from gamegraph.core.spaces._kernels import next_partition, unrank_partition
from gamegraph.games.crim._kernels import crim_options

__all__ = ["pn_range", "pn_size_parallel"]


@njit(cache=True)
def pn_range(
    m: int,
    lo: int,
    hi: int,
    table: np.ndarray,
    offsets: np.ndarray,
    bits: np.ndarray,
    out: np.ndarray,
) -> tuple[int, int, int]:
    """P/N of the partitions of m with local index lo ≤ i < hi: bit (i − lo) of ``out``.

    Returns (P-positions, P-positions of odd rank, local index of the first of those or −1).
    """
    a = np.zeros(m + 2, dtype=np.int64)
    rems = np.zeros(m + 2, dtype=np.int64)
    suf = np.zeros(m + 2, dtype=np.int64)
    targets = np.empty(2 * m + 2, dtype=np.int64)
    k = unrank_partition(lo, m, table, a)
    a[k] = 0  # crim_options reads the partition ended by a 0
    p_count = 0
    odd = 0
    first_odd = -1
    for i in range(lo, hi):
        if crim_options(a, k, m, table, offsets, rems, suf, targets, bits) >= 0:  # no P option
            t = i - lo
            out[t >> 3] |= np.uint8(1 << (t & 7))
            p_count += 1
            if (a[0] - k) % 2 != 0:
                odd += 1
                if first_odd < 0:
                    first_odd = i
        if i + 1 < hi:  # a next partition exists: i + 1 < hi <= p(m)
            k = next_partition(a, k)
            a[k] = 0
    return p_count, odd, first_odd


@njit(cache=True, parallel=True)
def pn_size_parallel(
    m: int,
    table: np.ndarray,
    offsets: np.ndarray,
    bits: np.ndarray,
    pieces: int,
) -> tuple[int, int, int]:
    """P/N of every partition of m, written into ``bits`` at offsets[m] (a multiple of 8 is
    not needed: each piece is a multiple of 8 positions and is merged bit by bit), split
    into ``pieces`` ranges run on the threads. Returns as :func:`pn_range` for the size."""
    total = table[m, m]
    step = ((total + pieces - 1) // pieces + 7) // 8 * 8
    counts = np.zeros((pieces, 3), dtype=np.int64)
    outs = np.zeros((pieces, step // 8 + 1), dtype=np.uint8)
    for p in prange(pieces):
        lo = p * step
        hi = min(lo + step, total)
        if lo < hi:
            c, o, f = pn_range(m, lo, hi, table, offsets, bits, outs[p])
            counts[p, 0] = c
            counts[p, 1] = o
            counts[p, 2] = f
        else:
            counts[p, 2] = -1
    base = offsets[m]
    for p in range(pieces):
        lo = p * step
        hi = min(lo + step, total)
        for t in range(max(hi - lo, 0)):
            if (outs[p, t >> 3] >> (t & 7)) & 1:
                g = base + lo + t
                bits[g >> 3] |= np.uint8(1 << (g & 7))
    first = -1
    for p in range(pieces):
        if counts[p, 2] >= 0:
            first = counts[p, 2]
            break
    return counts[:, 0].sum(), counts[:, 1].sum(), first
