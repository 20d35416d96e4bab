"""Compiled inner loops (numba) of the local 4-cycle search (:mod:`fourcycles_local`).

Partitions are held as *groups*: ``sizes[:d]`` strictly decreasing with ``mults[:d]`` their
multiplicities, so a step that treats every copy of a size alike (the all-or-none α-choice,
Ω) costs one operation per distinct size. The mathematics (the candidate set and why it
holds every canonical first position) is explained in :mod:`fourcycles_local`.

Candidates are numbered by their rank in descending lexicographic order; the counting table
of :func:`candidate_table` ranks and unranks them, so a shard is a range of ranks.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "MAX_MULT",
    "candidate_table",
    "candidates_in_range",
    "four_cycles_in_range",
    "total_candidates",
]

MAX_MULT = 4  #: no size of a 4-cycle's α-position repeats more than 4 times (module docs)
STAT_CANDIDATES = 0  #: candidates visited
STAT_PREIMAGES = 1  #: pairs (a, y), y ∈ T(n) with Ω(y) = a
STAT_CHOICES = 2  #: α-choices of a built (after the pruning)
STAT_LEGAL = 3  #: legal α-moves x of a among them
STAT_CYCLES = 4  #: 4-cycles emitted
STATS = 5
FIRST_BUFFER = 64  #: bytes of the cycle buffer before it first grows (it doubles as needed)


# --------------------------------------------------------------------------- candidates


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
def _unrank(
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
def _advance(
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


@njit(cache=True, nogil=True)
def candidates_in_range(
    n: int, table: np.ndarray, lo: int, hi: int
) -> tuple[np.ndarray, np.ndarray]:
    """Candidates of ranks lo..hi-1 as flat parts (uint8) and offsets (int64)."""
    count = hi - lo
    offsets = np.zeros(count + 1, dtype=np.int64)
    if count <= 0:
        return np.empty(0, dtype=np.uint8), offsets
    parts = np.empty(count * n, dtype=np.uint8)
    cs = np.zeros(n + 2, dtype=np.int64)
    cm = np.zeros(n + 2, dtype=np.int64)
    cp = np.zeros(n + 2, dtype=np.int64)
    cr = np.zeros(n + 2, dtype=np.int64)
    depth = _unrank(n, table, lo, cs, cm, cp, cr)
    pos = 0
    for t in range(count):
        for g in range(depth):
            for _ in range(cm[g]):
                parts[pos] = cs[g]
                pos += 1
        offsets[t + 1] = pos
        if t + 1 < count:
            depth = _advance(n, table, depth, cs, cm, cp, cr)
    return parts[:pos], offsets


# --------------------------------------------------------------------------- groups


@njit(cache=True, nogil=True)
def _parts_count(mults: np.ndarray, d: int) -> int:
    total = 0
    for i in range(d):
        total += mults[i]
    return total


@njit(cache=True, nogil=True)
def _separated(sizes: np.ndarray, d: int) -> bool:
    ok = True
    for i in range(d - 1):
        if sizes[i] - sizes[i + 1] == 1:
            ok = False
            break
    return ok


@njit(cache=True, nogil=True)
def _in_t(sizes: np.ndarray, mults: np.ndarray, d: int) -> bool:
    """T(n): separated, and no part equals p or p + 2 (p = number of parts)."""
    if not _separated(sizes, d):
        return False
    p = _parts_count(mults, d)
    ok = True
    for i in range(d):
        if sizes[i] == p or sizes[i] == p + 2:
            ok = False
            break
    return ok


@njit(cache=True, nogil=True)
def _equal(
    s1: np.ndarray, m1: np.ndarray, d1: int, s2: np.ndarray, m2: np.ndarray, d2: int
) -> bool:
    same = d1 == d2
    if same:
        for i in range(d1):
            if s1[i] != s2[i] or m1[i] != m2[i]:
                same = False
                break
    return same


@njit(cache=True, nogil=True)
def _lex_less(
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
def _insert(sizes: np.ndarray, mults: np.ndarray, d: int, v: int) -> int:
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
def _alpha(
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
    return _insert(out_s, out_m, out, chosen + removed)


@njit(cache=True, nogil=True)
def _omega(
    sizes: np.ndarray, mults: np.ndarray, d: int, out_s: np.ndarray, out_m: np.ndarray
) -> int:
    """Ω: every part loses 1 (parts reaching 0 vanish) and a part p (the old count) is added."""
    out = 0
    for i in range(d):
        if sizes[i] > 1:
            out_s[out] = sizes[i] - 1
            out_m[out] = mults[i]
            out += 1
    return _insert(out_s, out_m, out, _parts_count(mults, d))


@njit(cache=True, nogil=True)
def _count_of(sizes: np.ndarray, mults: np.ndarray, d: int, v: int) -> int:
    for i in range(d):
        if sizes[i] == v:
            return int(mults[i])
        if sizes[i] < v:
            return 0
    return 0


@njit(cache=True, nogil=True)
def _is_alpha_arc(
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
    if _equal(bs, bm, db, ys, ym, dy):
        return False
    b_ones = _count_of(bs, bm, db, 1)
    for j in range(dy):
        v = ys[j]
        mask = 0
        chosen = 0
        two_reduced = 0
        for i in range(db):
            w = bs[i]
            if w == 1:
                continue
            in_rest = _count_of(ys, ym, dy, w) - (1 if w == v else 0)
            if in_rest == 0:
                mask |= 1 << i
                chosen += bm[i]
                if w == 2:
                    two_reduced = bm[i]
        rest_ones = _count_of(ys, ym, dy, 1) - (1 if v == 1 else 0)
        removed = b_ones + two_reduced - rest_ones
        if removed < 0 or removed > b_ones or chosen + removed != v:
            continue
        dw = _alpha(bs, bm, db, mask, removed, work_s, work_m)
        if _equal(work_s, work_m, dw, ys, ym, dy):
            return True
    return False


# --------------------------------------------------------------------------- search


@njit(cache=True, nogil=True)
def _emit(
    buf: np.ndarray, used: int, sizes: np.ndarray, mults: np.ndarray, d: int
) -> tuple[np.ndarray, int]:
    """Append one partition as [number of parts, parts...] to the growable buffer."""
    need = used + 1 + _parts_count(mults, d)
    if need > buf.shape[0]:
        bigger = np.empty(max(2 * buf.shape[0], need), dtype=np.uint8)
        bigger[:used] = buf[:used]
        buf = bigger
    buf[used] = _parts_count(mults, d)
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
    d = _unrank(n, table, lo, cs, cm, cp, cr)
    for t in range(hi - lo):
        if t > 0:
            d = _advance(n, table, d, cs, cm, cp, cr)
        stats[STAT_CANDIDATES] += 1
        k = _parts_count(cm, d)
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
            if not _in_t(ys, ym, dy):
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
                        dx = _alpha(cs, cm, d, mask, removed, xs, xm)
                        if not _in_t(xs, xm, dx) or _equal(xs, xm, dx, cs, cm, d):
                            continue
                        stats[STAT_LEGAL] += 1
                        db = _omega(xs, xm, dx, bs, bm)
                        if not _lex_less(bs, bm, db, cs, cm, d) or not _separated(bs, db):
                            continue
                        if not _is_alpha_arc(bs, bm, db, ys, ym, dy, work_s, work_m):
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
