"""Compiled inner loops (numba) that only Floridian uses: S(n) and its α-arcs.

The separated partitions S(n) are numbered like every partition set of
:mod:`gamegraph.games._kernels` (descending lexicographic order, a flat ``uint8`` array of parts
with ``int64`` offsets); graphs are CSR arrays. They live here, not in the shared kernels, so
that editing them changes Floridian's ``engine_version`` and no other game's.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.games._kernels import distinct_sorted

__all__ = [
    "alpha_arcs_chunk",
    "enumerate_separated",
    "omega_index_of",
    "separated_index",
    "separated_tables",
    "t_mask",
]

# --------------------------------------------------------------------------- S(n) and α-arcs


@njit(cache=True)
def separated_tables(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Counting tables for S(n): (fill, first, prefix).

    ``comp[r, q]`` counts the separated tails of sum r that may follow a part q (each part q or
    <= q - 2); column n + 2 stands for "no previous part". ``fill = comp > 0`` prunes the walk
    over S(n); ``first[r, v] = comp[r - v, v]`` counts separated partitions of r whose largest
    part is v, and ``prefix[r, v]`` sums ``first[r, 1..v]``; together they number S(n) in
    descending lexicographic order without a search (:func:`separated_index`).
    """
    width = n + 3
    comp = np.zeros((n + 1, width), dtype=np.int64)
    for q in range(width):
        comp[0, q] = 1
    for r in range(1, n + 1):
        for q in range(1, width):
            total = 0
            if q <= r:
                total += comp[r - q, q]
            top = q - 2 if q - 2 < r else r
            for w in range(top, 0, -1):
                total += comp[r - w, w]
            comp[r, q] = total
    first = np.zeros((n + 1, n + 1), dtype=np.int64)
    prefix = np.zeros((n + 1, n + 1), dtype=np.int64)
    for r in range(1, n + 1):
        for v in range(1, r + 1):
            first[r, v] = comp[r - v, v]
            prefix[r, v] = prefix[r, v - 1] + first[r, v]
    return comp > 0, first, prefix


@njit(cache=True, nogil=True)
def _separated_index_groups(
    sizes: np.ndarray,
    mults: np.ndarray,
    groups: int,
    n: int,
    first: np.ndarray,
    prefix: np.ndarray,
) -> int:
    """:func:`separated_index` of a partition given as (size, multiplicity) groups (with an
    empty ``mults``, each size once).

    Counts the members that agree on the parts before and have a larger part next: that part
    may repeat the previous part or lie at least 2 below it. Repeats of a part contribute
    nothing (no member can put a larger part right after it without first differing
    earlier), so the cost is one step per distinct size.
    """
    position = 0
    remaining = n
    prev = n + 2
    for g in range(groups):
        v = sizes[g]
        top = prev - 2 if prev - 2 < remaining else remaining
        if top > v:
            position += prefix[remaining, top] - prefix[remaining, v]
        if prev <= remaining and prev > v:
            position += first[remaining, prev]
        remaining -= v * mults[g] if mults.shape[0] > 0 else v
        prev = v
    return position


_ONCE = np.zeros(0, dtype=np.int64)


@njit(cache=True)
def separated_index(
    parts: np.ndarray, length: int, n: int, first: np.ndarray, prefix: np.ndarray
) -> int:
    """Position in S(n) (descending lexicographic order) of the separated ``parts[:length]``."""
    return _separated_index_groups(parts, _ONCE, length, n, first, prefix)


@njit(cache=True)
def _greedy_separated_tail(a: np.ndarray, k: int, rest: int, fill: np.ndarray) -> int:
    """Append the lexicographically largest separated tail of sum ``rest`` after a[:k]."""
    while rest > 0:
        q = a[k - 1]
        w = 0
        if q <= rest and fill[rest - q, q]:
            w = q
        else:
            top = q - 2 if q - 2 < rest else rest
            for c in range(top, 0, -1):
                if fill[rest - c, c]:
                    w = c
                    break
        a[k] = w
        k += 1
        rest -= w
    return k


@njit(cache=True)
def enumerate_separated(
    n: int, fill: np.ndarray, parts: np.ndarray, offsets: np.ndarray, write: bool
) -> tuple[int, int]:
    """Walk S(n) in descending lexicographic order; returns (count, total number of parts).

    With ``write`` false only counts (to size the arrays); with ``write`` true also stores
    the flat parts and offsets.
    """
    a = np.zeros(n + 2, dtype=np.int64)
    if n == 0:
        if write:
            offsets[0] = 0
            offsets[1] = 0
        return 1, 0
    a[0] = n
    k = 1
    count = 0
    pos = 0
    while True:
        if write:
            offsets[count] = pos
            for i in range(k):
                parts[pos + i] = a[i]
        pos += k
        count += 1
        # next separated partition: rightmost place that can be lowered, then greedy tail
        tail_sum = 0
        found = False
        i = k - 1
        while i >= 0:
            tail_sum += a[i]
            # a smaller part i must stay at least 2 below part i - 1
            top = a[i] - 1 if i == 0 else min(a[i] - 1, a[i - 1] - 2)
            for v in range(top, 0, -1):
                if fill[tail_sum - v, v]:
                    a[i] = v
                    k = _greedy_separated_tail(a, i + 1, tail_sum - v, fill)
                    found = True
                    break
            if found:
                break
            i -= 1
        if not found:
            if write:
                offsets[count] = pos
            return count, pos


@njit(cache=True)
def t_mask(parts: np.ndarray, offsets: np.ndarray, mask: np.ndarray) -> None:
    """mask[i]: the i-th separated partition is in T(n) (no part equal to p or p + 2)."""
    for i in range(offsets.shape[0] - 1):
        lo = offsets[i]
        hi = offsets[i + 1]
        p = hi - lo
        ok = True
        for t in range(lo, hi):
            if parts[t] == p or parts[t] == p + 2:
                ok = False
                break
        mask[i] = ok


@njit(cache=True)
def omega_index_of(
    n: int,
    first: np.ndarray,
    prefix: np.ndarray,
    parts: np.ndarray,
    offsets: np.ndarray,
    members: np.ndarray,
    out: np.ndarray,
) -> None:
    """out[t] = S(n) position of Ω(λ) for each S position in ``members`` (all in T(n)).

    Ω(λ) is separated for λ in T(n) (Lemma 7), so it has an S position.
    """
    buf = np.zeros(n + 2, dtype=np.int64)
    for t in range(members.shape[0]):
        i = members[t]
        lo = offsets[i]
        hi = offsets[i + 1]
        p = hi - lo
        k = 0
        inserted = False
        for s in range(lo, hi):
            v = parts[s] - 1
            if v <= 0:
                break
            if not inserted and p >= v:
                buf[k] = p
                k += 1
                inserted = True
            buf[k] = v
            k += 1
        if not inserted:
            buf[k] = p
            k += 1
        out[t] = separated_index(buf, k, n, first, prefix)


@njit(cache=True, nogil=True)
def alpha_arcs_chunk(
    n: int,
    first: np.ndarray,
    prefix: np.ndarray,
    parts: np.ndarray,
    offsets: np.ndarray,
    sources: np.ndarray,
    start: int,
    omega_of: np.ndarray,
    alpha_ptr: np.ndarray,
    alpha_dst: np.ndarray,
    h_ptr: np.ndarray,
    h_dst: np.ndarray,
) -> tuple[int, int, int]:
    """Legal α-moves (and the H_n arcs they give) from sources[start:], until a buffer fills.

    For source t (a position in the set S(n)) the distinct α-targets land in
    alpha_dst[alpha_ptr[t]:alpha_ptr[t+1]] (S positions, all in T(n)), sorted, and the distinct
    H-targets Ω(λ2) in h_dst[h_ptr[t]:h_ptr[t+1]]. Pointers are written relative to the
    buffers. Returns (next source to do, α arcs written, H arcs written); the caller loops.

    Candidate choices (SPEC.md §3): all-or-none for each size > 1 (a mask), times 0..#1s
    ones removed. A mask that reduces size b but not size b - 2 leaves b - 1 next to b - 2 and
    is skipped before the inner loop.
    """
    cap = alpha_dst.shape[0]
    sizes = np.zeros(n + 2, dtype=np.int64)
    mults = np.zeros(n + 2, dtype=np.int64)
    bad = np.zeros(n + 2, dtype=np.bool_)
    g_size = np.zeros(n + 2, dtype=np.int64)
    g_mult = np.zeros(n + 2, dtype=np.int64)
    targets = np.zeros(16, dtype=np.int64)
    na = 0
    nh = 0
    t = start
    alpha_ptr[t] = 0
    h_ptr[t] = 0
    while t < sources.shape[0]:
        i = sources[t]
        lo = offsets[i]
        hi = offsets[i + 1]
        k = hi - lo
        d = 0
        for s in range(lo, hi):
            v = parts[s]
            if d > 0 and sizes[d - 1] == v:
                mults[d - 1] += 1
            else:
                sizes[d] = v
                mults[d] = 1
                d += 1
        ones = mults[d - 1] if sizes[d - 1] == 1 else 0
        nb = d - 1 if ones > 0 else d
        max_candidates = (1 << nb) * (ones + 1)
        if na + max_candidates > cap:
            break
        if targets.shape[0] < max_candidates:
            targets = np.zeros(max_candidates, dtype=np.int64)
        found = 0
        # bit b of gap2: sizes b and b + 1 differ by exactly 2, so reducing b forces b + 1
        gap2 = 0
        for b in range(nb - 1):
            if sizes[b] - sizes[b + 1] == 2:
                gap2 |= 1 << b
        # masks in Gray-code order: one bit flips per step, so ``chosen`` updates in O(1)
        mask = 0
        chosen = 0
        for step in range(1 << nb):
            if step > 0:
                bit = 0
                while not (step >> bit) & 1:
                    bit += 1
                mask ^= 1 << bit
                chosen += mults[bit] if (mask >> bit) & 1 else -mults[bit]
            if mask & ~(mask >> 1) & gap2:
                continue
            last_is_three = nb > 0 and sizes[nb - 1] == 3 and (mask >> (nb - 1)) & 1
            two_reduced = 0
            if nb > 0 and sizes[nb - 1] == 2 and (mask >> (nb - 1)) & 1:
                two_reduced = mults[nb - 1]
            # Each reduced size v >= 2 rules out the numbers of removed 1s that make it equal
            # p2 or p2 + 2 (p2 = k - removed + 1 parts after the move) or put s_new next to it.
            for removed in range(ones + 1):
                bad[removed] = False
            for b in range(nb):
                v = sizes[b] - 1 if (mask >> b) & 1 else sizes[b]
                if v == 1:
                    break
                for r in (k + 1 - v, k + 3 - v, v - 1 - chosen, v + 1 - chosen):
                    if 0 <= r <= ones:
                        bad[r] = True
            for removed in range(ones + 1):
                if bad[removed]:
                    continue
                s_new = chosen + removed
                if s_new == 0:
                    continue
                ones_left = ones - removed
                if last_is_three and ones_left > 0:
                    continue
                p2 = k - removed + 1
                if s_new == p2 or s_new == p2 + 2:
                    continue
                total_ones = ones_left + two_reduced
                if total_ones > 0 and (p2 == 1 or s_new == 2):
                    continue
                # λ2 as groups (size, multiplicity), nonincreasing: the reduced big sizes with
                # s_new merged in at its place, then the 1s
                m = 0
                inserted = False
                for b in range(nb):
                    v = sizes[b] - 1 if (mask >> b) & 1 else sizes[b]
                    if v == 1:
                        break
                    if not inserted and s_new >= v:
                        inserted = True
                        if s_new > v:
                            g_size[m] = s_new
                            g_mult[m] = 1
                            m += 1
                            g_size[m] = v
                            g_mult[m] = mults[b]
                        else:
                            g_size[m] = v
                            g_mult[m] = mults[b] + 1
                    else:
                        g_size[m] = v
                        g_mult[m] = mults[b]
                    m += 1
                if not inserted:
                    if s_new == 1:
                        total_ones += 1
                    else:
                        g_size[m] = s_new
                        g_mult[m] = 1
                        m += 1
                if total_ones > 0:
                    g_size[m] = 1
                    g_mult[m] = total_ones
                    m += 1
                if m == d:
                    same = True
                    for g in range(d):
                        if g_size[g] != sizes[g] or g_mult[g] != mults[g]:
                            same = False
                            break
                    if same:
                        continue
                targets[found] = _separated_index_groups(g_size, g_mult, m, n, first, prefix)
                found += 1
        # distinct α-targets, sorted
        count = distinct_sorted(targets, found)
        alpha_dst[na : na + count] = targets[:count]
        # distinct H-targets Ω(λ2)
        for s in range(count):
            targets[s] = omega_of[alpha_dst[na + s]]
        na += count
        distinct = distinct_sorted(targets, count)
        h_dst[nh : nh + distinct] = targets[:distinct]
        nh += distinct
        t += 1
        alpha_ptr[t] = na
        h_ptr[t] = nh
    return t, na, nh
