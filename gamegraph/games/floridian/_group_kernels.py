"""Compiled (numba) partitions held as *groups*, for the local 4-cycle search: ``sizes[:d]``
strictly decreasing with ``mults[:d]`` their multiplicities, so a step that treats every copy
of a size alike (the all-or-none α-choice, Ω) costs one operation per distinct size.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "alpha_move",
    "count_of",
    "equal",
    "insert",
    "is_alpha_arc",
    "is_in_t",
    "is_separated",
    "lex_less",
    "omega_move",
    "parts_count",
]


@njit(cache=True, nogil=True)
def parts_count(mults: np.ndarray, d: int) -> int:
    total = 0
    for i in range(d):
        total += mults[i]
    return total


@njit(cache=True, nogil=True)
def is_separated(sizes: np.ndarray, d: int) -> bool:
    ok = True
    for i in range(d - 1):
        if sizes[i] - sizes[i + 1] == 1:
            ok = False
            break
    return ok


@njit(cache=True, nogil=True)
def is_in_t(sizes: np.ndarray, mults: np.ndarray, d: int) -> bool:
    """T(n): separated, and no part equals p or p + 2 (p = number of parts)."""
    if not is_separated(sizes, d):
        return False
    p = parts_count(mults, d)
    ok = True
    for i in range(d):
        if sizes[i] == p or sizes[i] == p + 2:
            ok = False
            break
    return ok


@njit(cache=True, nogil=True)
def equal(s1: np.ndarray, m1: np.ndarray, d1: int, s2: np.ndarray, m2: np.ndarray, d2: int) -> bool:
    same = d1 == d2
    if same:
        for i in range(d1):
            if s1[i] != s2[i] or m1[i] != m2[i]:
                same = False
                break
    return same


@njit(cache=True, nogil=True)
def lex_less(
    s1: np.ndarray, m1: np.ndarray, d1: int, s2: np.ndarray, m2: np.ndarray, d2: int
) -> bool:
    """Whether partition 1 < partition 2 as tuples of nonincreasing parts (both nonempty)."""
    i = 0
    j = 0
    left1 = m1[0]
    left2 = m2[0]
    while i < d1 and j < d2:
        if s1[i] != s2[j]:
            return bool(s1[i] < s2[j])
        step = min(left1, left2)
        left1 -= step
        left2 -= step
        if left1 == 0:
            i += 1
            if i < d1:
                left1 = m1[i]
        if left2 == 0:
            j += 1
            if j < d2:
                left2 = m2[j]
    return i == d1 and j < d2


@njit(cache=True, nogil=True)
def insert(sizes: np.ndarray, mults: np.ndarray, d: int, v: int) -> int:
    """Add one part v (>= 1) to the groups in place; returns the new group count."""
    i = 0
    while i < d and sizes[i] > v:
        i += 1
    if i < d and sizes[i] == v:
        mults[i] += 1
        return d
    for j in range(d, i, -1):
        sizes[j] = sizes[j - 1]
        mults[j] = mults[j - 1]
    sizes[i] = v
    mults[i] = 1
    return d + 1


@njit(cache=True, nogil=True)
def alpha_move(
    sizes: np.ndarray,
    mults: np.ndarray,
    d: int,
    mask: int,
    removed: int,
    out_s: np.ndarray,
    out_m: np.ndarray,
) -> int:
    """Apply the α-choice (every part of the sizes > 1 whose bit is set in ``mask``, and
    ``removed`` 1s) and add the new part; returns the group count of the result. The
    choice must reduce at least one part and at most the 1s there are."""
    ones = mults[d - 1] if sizes[d - 1] == 1 else 0
    big = d - 1 if ones > 0 else d
    chosen = 0
    extra_ones = 0
    out = 0
    for i in range(big):
        v = sizes[i]
        if (mask >> i) & 1:
            v -= 1
            chosen += mults[i]
        if v == 1:
            extra_ones += mults[i]
        else:
            out_s[out] = v
            out_m[out] = mults[i]
            out += 1
    left = ones - removed + extra_ones
    if left > 0:
        out_s[out] = 1
        out_m[out] = left
        out += 1
    return insert(out_s, out_m, out, chosen + removed)


@njit(cache=True, nogil=True)
def omega_move(
    sizes: np.ndarray, mults: np.ndarray, d: int, out_s: np.ndarray, out_m: np.ndarray
) -> int:
    """Ω: every part loses 1 (parts reaching 0 vanish) and a part p (the old count) is added."""
    out = 0
    for i in range(d):
        if sizes[i] > 1:
            out_s[out] = sizes[i] - 1
            out_m[out] = mults[i]
            out += 1
    return insert(out_s, out_m, out, parts_count(mults, d))


@njit(cache=True, nogil=True)
def count_of(sizes: np.ndarray, mults: np.ndarray, d: int, v: int) -> int:
    for i in range(d):
        if sizes[i] == v:
            return int(mults[i])
        if sizes[i] < v:
            return 0
    return 0


@njit(cache=True, nogil=True)
def is_alpha_arc(
    bs: np.ndarray,
    bm: np.ndarray,
    db: int,
    ys: np.ndarray,
    ym: np.ndarray,
    dy: int,
    work_s: np.ndarray,
    work_m: np.ndarray,
) -> bool:
    """Whether some α-choice of b gives y (y != b; legality of y, b is the caller's).

    The choice is reconstructed for each possible new part v of y: with R = y - {v}, a size
    w > 1 of b is reduced iff R has no part w (b is separated, so no other size of b can
    yield a part w in R), and the number of removed 1s follows from the 1s of R. The
    reconstruction is then applied and compared with y, so a match is an arc by construction.
    """
    if equal(bs, bm, db, ys, ym, dy):
        return False
    b_ones = count_of(bs, bm, db, 1)
    for j in range(dy):
        v = ys[j]
        mask = 0
        chosen = 0
        two_reduced = 0
        for i in range(db):
            w = bs[i]
            if w == 1:
                continue
            in_rest = count_of(ys, ym, dy, w) - (1 if w == v else 0)
            if in_rest == 0:
                mask |= 1 << i
                chosen += bm[i]
                if w == 2:
                    two_reduced = bm[i]
        rest_ones = count_of(ys, ym, dy, 1) - (1 if v == 1 else 0)
        removed = b_ones + two_reduced - rest_ones
        if removed < 0 or removed > b_ones or chosen + removed != v:
            continue
        dw = alpha_move(bs, bm, db, mask, removed, work_s, work_m)
        if equal(work_s, work_m, dw, ys, ym, dy):
            return True
    return False
