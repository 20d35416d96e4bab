"""Compiled inner loop (numba) of the local 4-cycle search (:mod:`fourcycles_local`): for each
candidate first position (:mod:`._candidate_kernels`) the 4-cycles through it, built on
partitions held as groups (:mod:`._group_kernels`). The mathematics is explained in
:mod:`fourcycles_local`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.games.floridian._candidate_kernels import next_candidate, unrank_candidate
from gamegraph.games.floridian._group_kernels import (
    alpha_move,
    equal,
    is_alpha_arc,
    is_in_t,
    is_separated,
    lex_less,
    omega_move,
    parts_count,
)

__all__ = ["four_cycles_in_range"]

STAT_CANDIDATES = 0  #: candidates visited
STAT_PREIMAGES = 1  #: pairs (a, y), y ∈ T(n) with Ω(y) = a
STAT_CHOICES = 2  #: α-choices of a built (after the pruning)
STAT_LEGAL = 3  #: legal α-moves x of a among them
STAT_CYCLES = 4  #: 4-cycles emitted
STATS = 5
FIRST_BUFFER = 64  #: bytes of the cycle buffer before it first grows (it doubles as needed)


@njit(cache=True, nogil=True)
def _emit(
    buf: np.ndarray, used: int, sizes: np.ndarray, mults: np.ndarray, d: int
) -> tuple[np.ndarray, int]:
    """Append one partition as [number of parts, parts...] to the growable buffer."""
    need = used + 1 + parts_count(mults, d)
    if need > buf.shape[0]:
        bigger = np.empty(max(2 * buf.shape[0], need), dtype=np.uint8)
        bigger[:used] = buf[:used]
        buf = bigger
    buf[used] = parts_count(mults, d)
    used += 1
    for i in range(d):
        for _ in range(mults[i]):
            buf[used] = sizes[i]
            used += 1
    return buf, used


@njit(cache=True, nogil=True)
def _allowed_masks(
    sizes: np.ndarray, mults: np.ndarray, big: int, a_count: np.ndarray, p: int, k: int
) -> tuple[int, int, bool]:
    """(must_reduce, may_reduce) bit masks over the sizes > 1 of a, for the y of new pile p.

    A size u >= 4 of a sits at u - 1 - δ1 in b (δ1: reduced by the α-move a → x), all its
    parts alike, and at t = u - 1 - δ1 - δ2 in y, which must be a size of y with at least
    as many parts. y has m_y(t) = m_a(t - 1) - [t - 1 = p] for t >= 2 and p - k + 1 ones.
    Returns ok = False when some size fits neither way.
    """
    must = 0
    may = 0
    for i in range(big):
        u = sizes[i]
        if u < 4:
            may |= 1 << i
            continue
        m = mults[i]
        ok0 = False
        ok1 = False
        for t in range(u - 3, u):
            have = p - k + 1 if t == 1 else a_count[t - 1] - (1 if t - 1 == p else 0)
            if have >= m:
                if t >= u - 2:  # δ1 = 0 with δ2 = 0 (t = u - 1) or δ2 = 1 (t = u - 2)
                    ok0 = True
                if t <= u - 2:  # δ1 = 1 with δ2 = 0 (t = u - 2) or δ2 = 1 (t = u - 3)
                    ok1 = True
        if ok0 and ok1:
            may |= 1 << i
        elif ok1:
            must |= 1 << i
            may |= 1 << i
        elif not ok0:
            return 0, 0, False
    return must, may, True


@njit(cache=True, nogil=True)
def four_cycles_in_range(
    n: int, table: np.ndarray, lo: int, hi: int
) -> tuple[np.ndarray, np.ndarray]:
    """Every 4-cycle of G_n whose canonical first position a has rank lo..hi-1.

    Returns (buffer, stats): each cycle is four partitions a, x, b, y written as [number
    of parts, parts...]; stats counts the work (STAT_* indices). For each candidate a and
    each y ∈ T(n) with Ω(y) = a, every α-choice of a that the sizes of y allow is built; a
    cycle is emitted when x is legal, b = Ω(x) < a (canonical rotation) is separated and
    y is an α-move of b.
    """
    stats = np.zeros(STATS, dtype=np.int64)
    buf = np.empty(FIRST_BUFFER, dtype=np.uint8)
    used = 0
    if hi <= lo:
        return buf[:0], stats
    width = n + 3
    cs = np.zeros(width, dtype=np.int64)
    cm = np.zeros(width, dtype=np.int64)
    cp = np.zeros(width, dtype=np.int64)
    cr = np.zeros(width, dtype=np.int64)
    a_count = np.zeros(width, dtype=np.int64)
    ys = np.zeros(width, dtype=np.int64)
    ym = np.zeros(width, dtype=np.int64)
    xs = np.zeros(width, dtype=np.int64)
    xm = np.zeros(width, dtype=np.int64)
    bs = np.zeros(width, dtype=np.int64)
    bm = np.zeros(width, dtype=np.int64)
    work_s = np.zeros(width, dtype=np.int64)
    work_m = np.zeros(width, dtype=np.int64)
    d = unrank_candidate(n, table, lo, cs, cm, cp, cr)
    for t in range(hi - lo):
        if t > 0:
            d = next_candidate(n, table, d, cs, cm, cp, cr)
        stats[STAT_CANDIDATES] += 1
        k = parts_count(cm, d)
        ones = cm[d - 1] if cs[d - 1] == 1 else 0
        big = d - 1 if ones > 0 else d
        for g in range(d):
            a_count[cs[g]] = cm[g]
        for g in range(d):
            p = cs[g]
            if p < k - 1:
                break
            # y: the Ω-preimage of a whose new pile is p (every other part + 1, p - k + 1 ones)
            dy = 0
            for h in range(d):
                left = cm[h] - (1 if h == g else 0)
                if left > 0:
                    ys[dy] = cs[h] + 1
                    ym[dy] = left
                    dy += 1
            if p - k + 1 > 0:
                ys[dy] = 1
                ym[dy] = p - k + 1
                dy += 1
            if not is_in_t(ys, ym, dy):
                continue
            stats[STAT_PREIMAGES] += 1
            must, may, ok = _allowed_masks(cs, cm, big, a_count, p, k)
            if not ok:
                continue
            free = may & ~must
            sub = free
            while True:
                mask = must | sub
                # reducing size i but not the next size, 2 below, leaves two adjacent sizes
                clash = False
                for i in range(big - 1):
                    if cs[i] - cs[i + 1] == 2 and (mask >> i) & 1 and not (mask >> (i + 1)) & 1:
                        clash = True
                        break
                if not clash:
                    for removed in range(ones + 1):
                        if mask == 0 and removed == 0:
                            continue
                        stats[STAT_CHOICES] += 1
                        dx = alpha_move(cs, cm, d, mask, removed, xs, xm)
                        if not is_in_t(xs, xm, dx) or equal(xs, xm, dx, cs, cm, d):
                            continue
                        stats[STAT_LEGAL] += 1
                        db = omega_move(xs, xm, dx, bs, bm)
                        if not lex_less(bs, bm, db, cs, cm, d) or not is_separated(bs, db):
                            continue
                        if not is_alpha_arc(bs, bm, db, ys, ym, dy, work_s, work_m):
                            continue
                        stats[STAT_CYCLES] += 1
                        buf, used = _emit(buf, used, cs, cm, d)
                        buf, used = _emit(buf, used, xs, xm, dx)
                        buf, used = _emit(buf, used, bs, bm, db)
                        buf, used = _emit(buf, used, ys, ym, dy)
                if sub == 0:
                    break
                sub = (sub - 1) & free
        for g in range(d):
            a_count[cs[g]] = 0
    return buf[:used], stats
