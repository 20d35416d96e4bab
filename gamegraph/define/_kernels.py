"""Compiled loops of the engine for defined games: ranking what a definition returned, and
the analyses of choice and impartial games.

A definition's function runs in Python; what it returns is flattened into one array of
entries with offsets (one position per row) and ranked here, in one call per shard, against
the declared space. Each row gets its index, or -1 and a reason code (:data:`BAD_CODES`):

* partitions of n: index in descending lexicographic order (the shared rank table, as B_n);
* partitions of every size up to n: the offset of its size, then that order (as CRIM);
* compositions of n: the bit set of its cut points (as Carolina's C_n).

:func:`dedupe_rows` works on CSR arrays (``indptr`` int64 of length N + 1, ``indices``
int64); the analyses of the graphs are the graph core's (:mod:`gamegraph.core.graphs`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.games._kernels import next_partition

__all__ = [
    "BAD_CODES",
    "OK",
    "dedupe_rows",
    "enumerate_compositions",
    "partitions_shard",
    "partitions_up_to_shard",
    "rank_compositions",
    "rank_partitions",
    "rank_partitions_up_to",
]

OK = 0
BAD_SUM = 1
BAD_ORDER = 2
BAD_PART = 3
BAD_BIG = 4
BAD_CODES = {
    BAD_SUM: "its parts add up to {sum}, not n = {n}",
    BAD_ORDER: "its parts are not in nonincreasing order, so it is no partition",
    BAD_PART: "it has a part below 1 (parts are positive; leave empty piles out)",
    BAD_BIG: "its parts add up to {sum}, more than n = {n}",
}
"""Why a returned position is no position of the space (codes of the rank kernels)."""


@njit(cache=True, nogil=True)
def rank_partitions(
    flat: np.ndarray, offsets: np.ndarray, n: int, table: np.ndarray, out: np.ndarray
) -> int:
    """Index of every row as a partition of n into ``out``; returns the first bad row's
    code * 2^32 + row, or -1 when every row is a partition of n."""
    total = table[n, n]
    for r in range(offsets.shape[0] - 1):
        lo = offsets[r]
        hi = offsets[r + 1]
        remaining = n
        below = 0
        previous = n + 1
        code = OK
        for i in range(lo, hi):
            v = flat[i]
            if v < 1:
                code = BAD_PART
                break
            if v > remaining:
                code = BAD_SUM
                break
            if v > previous:
                code = BAD_ORDER
                break
            below += table[remaining, v - 1]
            remaining -= v
            previous = v
        if code == OK and remaining != 0:
            code = BAD_SUM
        if code != OK:
            return code * 2**32 + r
        out[r] = total - 1 - below
    return -1


@njit(cache=True, nogil=True)
def rank_partitions_up_to(
    flat: np.ndarray,
    offsets: np.ndarray,
    n: int,
    table: np.ndarray,
    starts: np.ndarray,
    out: np.ndarray,
) -> int:
    """Index of every row among the partitions of every size up to n (``starts[s]``: index
    of the first partition of size s); as :func:`rank_partitions` otherwise."""
    for r in range(offsets.shape[0] - 1):
        lo = offsets[r]
        hi = offsets[r + 1]
        size = 0
        previous = n + 1
        code = OK
        for i in range(lo, hi):
            v = flat[i]
            if v < 1:
                code = BAD_PART
                break
            if v > previous:
                code = BAD_ORDER
                break
            size += v
            if size > n:
                code = BAD_BIG
                break
            previous = v
        if code != OK:
            return code * 2**32 + r
        remaining = size
        below = 0
        for i in range(lo, hi):
            v = flat[i]
            below += table[remaining, v - 1]
            remaining -= v
        out[r] = starts[size] + table[size, size] - 1 - below
    return -1


@njit(cache=True, nogil=True)
def rank_compositions(flat: np.ndarray, offsets: np.ndarray, n: int, out: np.ndarray) -> int:
    """Index of every row as a composition of n (bit n − 1 − s for each cut s)."""
    for r in range(offsets.shape[0] - 1):
        lo = offsets[r]
        hi = offsets[r + 1]
        index = np.int64(0)
        cut = 0
        code = OK
        for i in range(lo, hi):
            v = flat[i]
            if v < 1:
                code = BAD_PART
                break
            cut += v
            if cut > n:
                code = BAD_SUM
                break
            if i < hi - 1:
                index |= np.int64(1) << (n - 1 - cut)
        if code == OK and cut != n:
            code = BAD_SUM
        if code != OK:
            return code * 2**32 + r
        out[r] = index
    return -1


@njit(cache=True)
def enumerate_compositions(n: int, lo: int, hi: int, parts: np.ndarray, offsets: np.ndarray) -> int:
    """The parts of the compositions with indices lo..hi − 1, flat, with offsets; returns the
    number of entries written (``parts`` must hold n * (hi − lo))."""
    pos = 0
    for t in range(hi - lo):
        x = lo + t
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
    offsets[hi - lo] = pos
    return pos


@njit(cache=True)
def dedupe_rows(indptr: np.ndarray, indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The CSR graph with each row's targets sorted and each distinct target once."""
    rows = indptr.shape[0] - 1
    out_ptr = np.zeros(rows + 1, dtype=np.int64)
    out = np.empty(indices.shape[0], dtype=np.int64)
    pos = 0
    for v in range(rows):
        row = np.sort(indices[indptr[v] : indptr[v + 1]])
        for i in range(row.shape[0]):
            if i == 0 or row[i] != row[i - 1]:
                out[pos] = row[i]
                pos += 1
        out_ptr[v + 1] = pos
    return out_ptr, out[:pos].copy()


@njit(cache=True)
def _unrank_into(index: int, n: int, table: np.ndarray, a: np.ndarray) -> int:
    """Write the partition of n with this index into ``a``; returns its length."""
    below = table[n, n] - 1 - index
    remaining = n
    cap = n
    k = 0
    while remaining > 0:
        v = 1
        while v < cap and table[remaining, v] <= below:
            v += 1
        below -= table[remaining, v - 1]
        a[k] = v
        k += 1
        remaining -= v
        cap = v
    return k


@njit(cache=True)
def partitions_shard(
    n: int, table: np.ndarray, lo: int, hi: int, parts: np.ndarray, offsets: np.ndarray
) -> int:
    """The partitions of n with indices lo..hi − 1 as flat parts with offsets (``parts``
    holds n * (hi − lo)); returns the number of parts written."""
    a = np.zeros(n + 2, dtype=np.int64)
    k = _unrank_into(lo, n, table, a)
    pos = 0
    for t in range(hi - lo):
        offsets[t] = pos
        for i in range(k):
            parts[pos + i] = a[i]
        pos += k
        if t < hi - lo - 1:
            k = next_partition(a, k)
    offsets[hi - lo] = pos
    return pos


@njit(cache=True)
def partitions_up_to_shard(
    n: int,
    table: np.ndarray,
    starts: np.ndarray,
    lo: int,
    hi: int,
    parts: np.ndarray,
    offsets: np.ndarray,
) -> int:
    """The partitions of every size up to n with indices lo..hi − 1 (by size, then in
    descending lexicographic order; index 0 is the empty partition), as flat parts."""
    a = np.zeros(n + 2, dtype=np.int64)
    size = 0
    while starts[size + 1] <= lo:
        size += 1
    k = _unrank_into(lo - starts[size], size, table, a)
    pos = 0
    for t in range(hi - lo):
        offsets[t] = pos
        for i in range(k):
            parts[pos + i] = a[i]
        pos += k
        if t < hi - lo - 1:
            k = next_partition(a, k) if k > 0 else -1
            if k < 0:
                size += 1
                a[0] = size
                k = 1
    offsets[hi - lo] = pos
    return pos


@njit(cache=True, nogil=True)
def rank_partition_row(flat: np.ndarray, lo: int, hi: int, n: int, table: np.ndarray) -> int:
    """The index of ``flat[lo:hi]`` as a partition of n, or −code (:data:`BAD_CODES`)."""
    remaining = n
    below = 0
    previous = n + 1
    for i in range(lo, hi):
        v = flat[i]
        if v < 1:
            return -BAD_PART
        if v > remaining:
            return -BAD_SUM
        if v > previous:
            return -BAD_ORDER
        below += table[remaining, v - 1]
        remaining -= v
        previous = v
    if remaining != 0:
        return -BAD_SUM
    return int(table[n, n] - 1 - below)


@njit(cache=True, nogil=True)
def rank_composition_row(flat: np.ndarray, lo: int, hi: int, n: int) -> int:
    """The index of ``flat[lo:hi]`` as a composition of n, or −code."""
    index = np.int64(0)
    cut = 0
    for i in range(lo, hi):
        v = flat[i]
        if v < 1:
            return -BAD_PART
        cut += v
        if cut > n:
            return -BAD_SUM
        if i < hi - 1:
            index |= np.int64(1) << (n - 1 - cut)
    if cut != n:
        return -BAD_SUM
    return int(index)
