"""Compiled loops of the random Bulgarian engine (numba).

Partitions are numbered as everywhere in gamegraph (descending lexicographic order, exact
ranks from :func:`gamegraph.games._kernels.rank_table`). The transition kernel is purely
combinatorial: it never sees p. A move from λ is described by *terms* (target μ, K, c):
c choices of the removed cards send λ to μ with K cards picked, each with probability
p^K (1 − p)^(E − K), where E = ℓ(λ) piles (Popov) or n cards (card-wise). The engine turns
terms into exact or floating probabilities for any p, and zero-probability terms (p = 1)
are dropped by their exponents, never by rounding.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.core.spaces._kernels import next_partition, rank_partition_row

__all__ = ["chain_terms", "staircase_distances"]


@njit(cache=True)
def _insert_many(src: np.ndarray, length: int, value: int, times: int, dst: np.ndarray) -> int:
    """dst = src[:length] with ``times`` copies of ``value`` merged in (nothing if value is 0),
    kept nonincreasing; returns the new length."""
    if value <= 0:
        times = 0
    j = 0
    placed = times == 0
    for i in range(length):
        if not placed and value >= src[i]:
            for _ in range(times):
                dst[j] = value
                j += 1
            placed = True
        dst[j] = src[i]
        j += 1
    if not placed:
        for _ in range(times):
            dst[j] = value
            j += 1
    return j


@njit(cache=True)
def _grow(values: np.ndarray, needed: int) -> np.ndarray:
    """``values`` with room for ``needed`` rows: itself, or a copy at least twice as long
    (the new rows unset: only what is written is read, and untouched pages cost no memory)."""
    if needed <= values.shape[0]:
        return values
    size = values.shape[0] * 2
    while size < needed:
        size *= 2
    out = np.empty((size, *values.shape[1:]), dtype=values.dtype)
    out[: values.shape[0]] = values
    return out


@njit(cache=True)
def chain_terms(
    n: int, table: np.ndarray, cardwise: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """All transition terms of the chain on the partitions of n, row by row.

    Returns (row_ptr, target, picked, count, piles): the terms of source i are
    ``row_ptr[i]:row_ptr[i+1]``, sorted by target; ``picked`` is K and ``count`` the number
    of choices (Popov: Π C(m_a, j_a) over the part sizes; card-wise: Π C(λ_i, j_i) summed
    over the piles' losses j_i); ``piles[i]`` is ℓ(λ_i).

    The choices are not enumerated one by one (card-wise n = 40 has 4·10^9 of them). A
    dynamic programme over the piles keeps the multiset R of what remains of the piles seen
    so far, merging equal R (identified by their exact rank among the partitions of |R|):
    a pile of size a becomes a − j with weight C(a, j) (card-wise, 0 ≤ j ≤ a) or 1 (Popov,
    j ∈ {0, 1}). At the end K = n − |R| and the target is R ∪ {K}; distinct R give distinct
    (target, K), so a term is never split.
    """
    size = table[n, n]
    # one width for every scratch row (a multiset of at most n parts, the sizes 0..n, and
    # start's n + 2 entries) and one first capacity for the growing arrays
    room = n + 2
    cap = 1024
    start = np.zeros(room, dtype=np.int64)
    for s in range(n + 1):
        start[s + 1] = start[s] + table[s, s]
    slot = np.full(start[n + 1], -1, dtype=np.int64)
    binom = np.zeros((room, room), dtype=np.int64)  # binom[a - 1, a] = 0: never written
    for a in range(n + 1):
        binom[a, 0] = 1
        for j in range(1, a + 1):
            binom[a, j] = binom[a - 1, j - 1] + binom[a - 1, j]

    cur_parts = np.zeros((cap, room), dtype=np.uint8)
    cur_len = np.zeros(cap, dtype=np.int64)
    cur_sum = np.zeros(cap, dtype=np.int64)
    cur_w = np.zeros(cap, dtype=np.int64)
    nxt_parts = np.zeros((cap, room), dtype=np.uint8)
    nxt_len = np.zeros(cap, dtype=np.int64)
    nxt_sum = np.zeros(cap, dtype=np.int64)
    nxt_w = np.zeros(cap, dtype=np.int64)
    buf = np.zeros(room, dtype=np.int64)
    src = np.zeros(room, dtype=np.int64)
    src2 = np.zeros(room, dtype=np.int64)

    row_ptr = np.zeros(size + 1, dtype=np.int64)
    piles = np.zeros(size, dtype=np.int64)
    target = np.empty(cap, dtype=np.int64)
    picked = np.empty(cap, dtype=np.int64)
    count = np.empty(cap, dtype=np.int64)
    terms = 0

    lam = np.zeros(room, dtype=np.int64)
    lam[0] = n
    k = 1
    idx = 0
    while True:
        piles[idx] = k
        # ---- the dynamic programme over λ = lam[:k]: card-wise one pile per step (a pile
        # of size a keeps a − j cards, weight C(a, j)); Popov one part size per step (j of
        # its m piles lose a card, weight C(m, j))
        cur_len[0] = 0
        cur_sum[0] = 0
        cur_w[0] = 1
        width = 1
        pile = 0
        while pile < k:
            a = lam[pile]
            m = 1
            if not cardwise:
                while pile + m < k and lam[pile + m] == a:
                    m += 1
            top = a if cardwise else m
            nw = 0
            for t in range(width):
                length = cur_len[t]
                for i in range(length):
                    src[i] = cur_parts[t, i]
                for j in range(top + 1):
                    if cardwise:
                        w = cur_w[t] * binom[a, j]
                        new_len = _insert_many(src, length, a - j, 1, buf)
                        s = cur_sum[t] + a - j
                    else:
                        w = cur_w[t] * binom[m, j]
                        new_len = _insert_many(src, length, a, m - j, buf)
                        if j > 0:
                            for i in range(new_len):
                                src2[i] = buf[i]
                            new_len = _insert_many(src2, new_len, a - 1, j, buf)
                        s = cur_sum[t] + a * m - j
                    key = start[s] + rank_partition_row(buf, 0, new_len, s, table)
                    where = slot[key]
                    if where >= 0:
                        nxt_w[where] += w
                        continue
                    if nw == nxt_w.shape[0]:
                        nxt_parts = _grow(nxt_parts, nw + 1)
                        nxt_len = _grow(nxt_len, nw + 1)
                        nxt_sum = _grow(nxt_sum, nw + 1)
                        nxt_w = _grow(nxt_w, nw + 1)
                    slot[key] = nw
                    for i in range(new_len):
                        nxt_parts[nw, i] = buf[i]
                    nxt_len[nw] = new_len
                    nxt_sum[nw] = s
                    nxt_w[nw] = w
                    nw += 1
            for t in range(nw):
                s = nxt_sum[t]
                length = nxt_len[t]
                for i in range(length):
                    buf[i] = nxt_parts[t, i]
                slot[start[s] + rank_partition_row(buf, 0, length, s, table)] = -1
            cur_parts, nxt_parts = nxt_parts, cur_parts
            cur_len, nxt_len = nxt_len, cur_len
            cur_sum, nxt_sum = nxt_sum, cur_sum
            cur_w, nxt_w = nxt_w, cur_w
            width = nw
            pile += m
        # ---- terms of this source: target R ∪ {K}, sorted by target
        target = _grow(target, terms + width)
        picked = _grow(picked, terms + width)
        count = _grow(count, terms + width)
        for t in range(width):
            length = cur_len[t]
            for i in range(length):
                src[i] = cur_parts[t, i]
            kk = n - cur_sum[t]
            new_len = _insert_many(src, length, kk, 1, buf)
            target[terms + t] = rank_partition_row(buf, 0, new_len, n, table)
            picked[terms + t] = kk
            count[terms + t] = cur_w[t]
        order = np.argsort(target[terms : terms + width], kind="mergesort")
        row_t = target[terms : terms + width][order].copy()
        row_k = picked[terms : terms + width][order].copy()
        row_c = count[terms : terms + width][order].copy()
        target[terms : terms + width] = row_t
        picked[terms : terms + width] = row_k
        count[terms : terms + width] = row_c
        terms += width
        idx += 1
        row_ptr[idx] = terms
        # ---- next partition in descending lexicographic order
        k = next_partition(lam, k)
        if k < 0:
            break
    return row_ptr, target[:terms], picked[:terms], count[:terms], piles


@njit(cache=True)
def staircase_distances(n: int, out: np.ndarray) -> None:
    """out[i] = cells of λ_i outside the nearest cradle shape (see the engine's docstring).

    With n = k(k−1)/2 + r, 0 < r ≤ k, the cradle shapes are μ_i = k − i + ε_i (i = 1..k,
    ε ∈ {0,1}^k, Σε = r). With d_i = λ_i − (k − i), putting ε_i = 1 changes |d_i| by −1 when
    d_i ≥ 1 and by +1 otherwise, so the best ε takes the q indices with d_i ≥ 1 first:
    L1 = Σ_{i≤k} |d_i| + Σ_{i>k} λ_i − min(q, r) + max(0, r − q), and out = L1 / 2.
    """
    kk = 1
    while kk * (kk + 1) // 2 < n:
        kk += 1
    r = n - kk * (kk - 1) // 2
    lam = np.zeros(n + 2, dtype=np.int64)
    lam[0] = n
    k = 1
    idx = 0
    while True:
        l1 = 0
        q = 0
        for i in range(max(k, kk)):
            part = lam[i] if i < k else 0
            if i < kk:
                d = part - (kk - 1 - i)
                l1 += d if d >= 0 else -d
                if d >= 1:
                    q += 1
            else:
                l1 += part
        l1 += max(r - q, 0) - min(q, r)
        out[idx] = l1 // 2
        idx += 1
        k = next_partition(lam, k)
        if k < 0:
            return
