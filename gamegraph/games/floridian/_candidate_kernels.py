"""Compiled (numba) candidates of the local 4-cycle search (:mod:`fourcycles_local`): the
separated partitions that can be the canonical first position of a 4-cycle, numbered by their
rank in descending lexicographic order. The counting table of :func:`candidate_table` ranks
and unranks them, so a shard is a range of ranks; why the set holds every canonical first
position is explained in :mod:`fourcycles_local`.

A candidate is held as *groups* (:mod:`._group_kernels`): ``sizes[:d]`` strictly decreasing
with ``mults[:d]`` their multiplicities.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "MAX_MULT",
    "candidate_table",
    "next_candidate",
    "total_candidates",
    "unrank_candidate",
]

MAX_MULT = 4  #: no size of a 4-cycle's α-position repeats more than 4 times (module docs)


@njit(cache=True, nogil=True)
def _next_pend(u: int, m: int, pend: int, w: int, mw: int) -> int:
    """After class (u, m) with pending need ``pend``, may class (w, mw) come next?

    ``pend`` > 0 means: the class u + 2 still needs a class exactly at u - 2 with at least
    ``pend`` parts. A class u >= 5 needs a class in [u - 4, u - 2] with at least m parts.
    Returns the pending need after placing (w, mw), or -1 if (w, mw) breaks a need.
    """
    if pend > 0 and not (w == u - 2 and mw >= pend):
        return -1
    if u >= 5:
        if w < u - 4:
            return -1
        if mw >= m:
            return 0
        if w == u - 2:
            return m
        return -1
    return 0


@njit(cache=True, nogil=True)
def _w_low(u: int) -> int:
    """Smallest size that may follow class u (root: u = 0)."""
    return max(u - 4, 1)


@njit(cache=True, nogil=True, boundscheck=True)
def candidate_table(n: int) -> np.ndarray:
    """C[rem, u, m, pend]: candidate completions after class (u, m), rem left, need pend.

    A completion is a sequence of further classes (sizes decreasing by >= 2, multiplicity
    1..MAX_MULT) summing to rem that meets every need (:func:`_next_pend`); it ends only
    when no need is open and the last class is below 5. Built once per n, with index
    checks: an index past a dimension raises instead of reaching a neighbouring entry.
    """
    table = np.zeros((n + 1, n + 1, MAX_MULT + 1, MAX_MULT + 1), dtype=np.int64)
    for u in range(1, min(n, 4) + 1):
        for m in range(1, MAX_MULT + 1):
            table[0, u, m, 0] = 1
    for rem in range(1, n + 1):
        for u in range(3, n + 1):  # nothing follows a class 1 or 2 (no size 2 below it)
            w_high = min(u - 2, rem)
            w_low = _w_low(u)
            for m in range(1, MAX_MULT + 1):
                for pend in range(MAX_MULT + 1):
                    total = 0
                    for w in range(w_low, w_high + 1):
                        for mw in range(1, MAX_MULT + 1):
                            if w * mw > rem:
                                break
                            nxt = _next_pend(u, m, pend, w, mw)
                            if nxt >= 0:
                                total += table[rem - w * mw, w, mw, nxt]
                    table[rem, u, m, pend] = total
    return table


@njit(cache=True, nogil=True, boundscheck=True)
def total_candidates(n: int, table: np.ndarray) -> int:
    """Number of candidates of n: every first class (w, mw) followed by a completion."""
    total = 0
    for w in range(1, n + 1):
        for mw in range(1, MAX_MULT + 1):
            if w * mw > n:
                break
            total += table[n - w * mw, w, mw, 0]
    return total


@njit(cache=True, nogil=True)
def _option(
    table: np.ndarray, pu: int, pm: int, ppend: int, prem: int, w: int, mw: int
) -> tuple[int, int]:
    """(completions, new need) of class (w, mw) after parent (pu, pm, ppend, prem); pu = 0 is
    the root. Completions 0 when (w, mw) is not allowed there. The callers keep
    _w_low(pu) <= w <= _top_w(pu, prem) and mw >= 1; at the root, ppend = 0 makes
    :func:`_next_pend` return need 0."""
    if w * mw > prem:
        return 0, -1
    nxt = _next_pend(pu, pm, ppend, w, mw)
    if nxt < 0:
        return 0, -1
    return table[prem - w * mw, w, mw, nxt], nxt


@njit(cache=True, nogil=True)
def _first_option(
    table: np.ndarray, pu: int, pm: int, ppend: int, prem: int, start_w: int, start_mw: int
) -> tuple[int, int, int]:
    """First option (w, mw, need) at or after (start_w, start_mw) in descending order (w
    descending, then mw descending) with a completion; w = 0 if none is left."""
    low = _w_low(pu)
    w = start_w
    mw = start_mw
    while w >= low:
        while mw >= 1:
            count, nxt = _option(table, pu, pm, ppend, prem, w, mw)
            if count > 0:
                return w, mw, nxt
            mw -= 1
        w -= 1
        mw = MAX_MULT
    return 0, 0, -1


@njit(cache=True, nogil=True)
def _top_w(pu: int, prem: int) -> int:
    if pu == 0:
        return prem
    return min(pu - 2, prem)


@njit(cache=True, nogil=True)
def _parent(
    n: int, cs: np.ndarray, cm: np.ndarray, cp: np.ndarray, cr: np.ndarray, level: int
) -> tuple[int, int, int, int]:
    if level == 0:
        return 0, 0, 0, n
    return cs[level - 1], cm[level - 1], cp[level - 1], cr[level - 1]


@njit(cache=True, nogil=True)
def unrank_candidate(
    n: int,
    table: np.ndarray,
    rank: int,
    cs: np.ndarray,
    cm: np.ndarray,
    cp: np.ndarray,
    cr: np.ndarray,
) -> int:
    """Write the candidate of the given rank as classes into cs/cm (needs cp, rests cr);
    returns its number of classes. The rank must be below the total."""
    level = 0
    while True:
        pu, pm, ppend, prem = _parent(n, cs, cm, cp, cr, level)
        if prem == 0:  # never at the root: prem = n >= 1 there
            return level
        low = _w_low(pu)
        chosen = False
        for w in range(_top_w(pu, prem), low - 1, -1):
            for mw in range(MAX_MULT, 0, -1):
                count, nxt = _option(table, pu, pm, ppend, prem, w, mw)
                if count == 0:
                    continue
                if rank < count:
                    cs[level] = w
                    cm[level] = mw
                    cp[level] = nxt
                    cr[level] = prem - w * mw
                    chosen = True
                    break
                rank -= count
            if chosen:
                break
        level += 1


@njit(cache=True, nogil=True)
def _fill(
    n: int,
    table: np.ndarray,
    level: int,
    cs: np.ndarray,
    cm: np.ndarray,
    cp: np.ndarray,
    cr: np.ndarray,
) -> int:
    """Complete classes after ``level`` with the first completion; returns the class count."""
    while cr[level - 1] > 0:
        pu, pm, ppend, prem = _parent(n, cs, cm, cp, cr, level)
        w, mw, nxt = _first_option(table, pu, pm, ppend, prem, _top_w(pu, prem), MAX_MULT)
        cs[level] = w
        cm[level] = mw
        cp[level] = nxt
        cr[level] = prem - w * mw
        level += 1
    return level


@njit(cache=True, nogil=True)
def next_candidate(
    n: int,
    table: np.ndarray,
    depth: int,
    cs: np.ndarray,
    cm: np.ndarray,
    cp: np.ndarray,
    cr: np.ndarray,
) -> int:
    """Step to the next candidate in rank order; returns its class count (0 past the last)."""
    level = depth - 1
    while level >= 0:
        pu, pm, ppend, prem = _parent(n, cs, cm, cp, cr, level)
        w = cs[level]
        mw = cm[level] - 1
        if mw == 0:
            w -= 1
            mw = MAX_MULT
        w, mw, nxt = _first_option(table, pu, pm, ppend, prem, w, mw)
        if w > 0:
            cs[level] = w
            cm[level] = mw
            cp[level] = nxt
            cr[level] = prem - w * mw
            return _fill(n, table, level + 1, cs, cm, cp, cr)
        level -= 1
    return 0
