"""Compiled loops of the engine for defined games: ranking what a definition returned, and
the analyses of choice and impartial games.

A definition's function runs in Python; what it returns is flattened into one array of
entries with offsets (one position per row) and ranked here, in one call per shard, against
the declared space. Each row gets its index, or -1 and a reason code (:data:`BAD_CODES`):

* partitions of n: index in descending lexicographic order (the shared rank table, as B_n);
* partitions of every size up to n: the offset of its size, then that order (as CRIM);
* compositions of n: the bit set of its cut points (as Carolina's C_n).

The graph kernels (:func:`grundy_values`, :func:`retrograde_outcomes`, :func:`dedupe_rows`)
work on CSR arrays (``indptr`` int64 of length N + 1, ``indices`` int64).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.core.spaces import _kernels as ck
from gamegraph.core.spaces._kernels import rank_composition_row, rank_partition_row

__all__ = [
    "BAD_CODES",
    "OK",
    "dedupe_rows",
    "enumerate_compositions",
    "grundy_values",
    "partitions_shard",
    "partitions_up_to_shard",
    "rank_composition_row",
    "rank_compositions",
    "rank_partition_row",
    "rank_partitions",
    "rank_partitions_up_to",
    "retrograde_outcomes",
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
    code * 2^32 + row, or -1 when every row is a partition of n (the core's ranking of
    :class:`~gamegraph.core.spaces.Partitions`)."""
    return ck.rank_partitions_plain(
        flat, offsets, n, table, np.zeros(1, dtype=np.int64), False, True, out
    )


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
    of the first partition of size s); as :func:`rank_partitions` otherwise (the core's
    ranking of :class:`~gamegraph.core.spaces.PartitionsUpTo`)."""
    return ck.rank_partitions_plain(flat, offsets, n, table, starts, True, True, out)


@njit(cache=True, nogil=True)
def rank_compositions(flat: np.ndarray, offsets: np.ndarray, n: int, out: np.ndarray) -> int:
    """Index of every row as a composition of n (bit n − 1 − s for each cut s; the core's
    ranking of :class:`~gamegraph.core.spaces.Compositions`)."""
    return ck.rank_compositions_free(flat, offsets, n, True, out)


@njit(cache=True)
def enumerate_compositions(n: int, lo: int, hi: int, parts: np.ndarray, offsets: np.ndarray) -> int:
    """The parts of the compositions with indices lo..hi − 1, flat, with offsets; returns the
    number of entries written (``parts`` must hold n * (hi − lo))."""
    ids = np.arange(lo, hi, dtype=np.int64)
    ck.composition_lengths(ids, n, offsets)
    ck.unrank_compositions_free(ids, n, offsets, parts)
    return int(offsets[hi - lo])


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
def retrograde_outcomes(
    indptr: np.ndarray, rev_ptr: np.ndarray, rev_idx: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Normal-play outcomes by retrograde analysis: 1 for P (the player to move loses), 2 for
    N, 0 for a draw (neither player can force a win: play goes on for ever). Also the order
    in which P and N were decided (positions with no moves first).

    A position with no move is P; one with a move to a P-position is N; one whose moves all
    lead to N-positions is P. What no finite chain of these decides is a draw, so a graph with
    cycles gets its loopy outcomes instead of a crash."""
    size = indptr.shape[0] - 1
    outcome = np.zeros(size, dtype=np.int8)
    left = np.empty(size, dtype=np.int64)
    queue = np.empty(size, dtype=np.int64)
    tail = 0
    for v in range(size):
        left[v] = indptr[v + 1] - indptr[v]
        if left[v] == 0:
            outcome[v] = 1
            queue[tail] = v
            tail += 1
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        for e in range(rev_ptr[v], rev_ptr[v + 1]):
            u = rev_idx[e]
            if outcome[u] != 0:
                continue
            if outcome[v] == 1:
                outcome[u] = 2
                queue[tail] = u
                tail += 1
            else:
                left[u] -= 1
                if left[u] == 0:
                    outcome[u] = 1
                    queue[tail] = u
                    tail += 1
    return outcome, queue[:tail].copy()


@njit(cache=True)
def grundy_values(
    indptr: np.ndarray, indices: np.ndarray, rev_ptr: np.ndarray, rev_idx: np.ndarray
) -> np.ndarray:
    """Sprague-Grundy value of every position whose play is finite (mex of its options'),
    -1 for a position from which a cycle can be reached (no finite value)."""
    size = indptr.shape[0] - 1
    grundy = np.full(size, -1, dtype=np.int64)
    left = np.empty(size, dtype=np.int64)
    queue = np.empty(size, dtype=np.int64)
    widest = 0
    tail = 0
    for v in range(size):
        left[v] = indptr[v + 1] - indptr[v]
        widest = max(widest, left[v])
        if left[v] == 0:
            queue[tail] = v
            tail += 1
    seen = np.zeros(widest + 2, dtype=np.int64)
    stamp = 0
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        stamp += 1
        for e in range(indptr[v], indptr[v + 1]):
            g = grundy[indices[e]]
            if g <= widest:
                seen[g] = stamp
        mex = 0
        while seen[mex] == stamp:
            mex += 1
        grundy[v] = mex
        for e in range(rev_ptr[v], rev_ptr[v + 1]):
            u = rev_idx[e]
            left[u] -= 1
            if left[u] == 0:
                queue[tail] = u
                tail += 1
    return grundy


@njit(cache=True)
def partitions_shard(
    n: int, table: np.ndarray, lo: int, hi: int, parts: np.ndarray, offsets: np.ndarray
) -> int:
    """The partitions of n with indices lo..hi − 1 as flat parts with offsets (``parts``
    holds n * (hi − lo)); returns the number of parts written."""
    offsets[0] = 0
    return ck.partition_run(lo, hi - lo, n, table, offsets, parts)


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
    offsets[0] = 0
    at = 0
    for size in range(n + 1):
        first = max(lo, starts[size])
        end = min(hi, starts[size + 1])
        if first < end:
            count = end - first
            ck.partition_run(
                first - starts[size], count, size, table, offsets[at : at + count + 1], parts
            )
            at += count
    return int(offsets[hi - lo])
