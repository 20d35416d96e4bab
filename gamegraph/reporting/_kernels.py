"""numba kernels of the report: the new part of every α-arc, uniformly random play on G_n,
and short simple cycles of the core of H_n (cycles of length 2k of G_n).

Positions are S(n) indices as in :mod:`gamegraph.games.floridian.separated`; graphs are CSR
arrays (``ptr``, ``dst``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["alpha_new_parts", "short_cycles", "uniform_success"]


@njit(cache=True)
def _fill(counts: np.ndarray, parts: np.ndarray, lo: int, hi: int, sign: int) -> None:
    for q in range(lo, hi):
        counts[parts[q]] += sign


@njit(cache=True)
def _rebuilds(
    c1: np.ndarray,
    c2: np.ndarray,
    res: np.ndarray,
    parts: np.ndarray,
    lo1: int,
    hi1: int,
    lo2: int,
    hi2: int,
    p: int,
    ones: int,
) -> bool:
    """Whether the reconstructed choice for new part p (taken out of c2) rebuilds λ2."""
    for r in range(lo1, hi1):
        res[parts[r]] += 1
    last = -1
    for r in range(lo1, hi1):
        v = int(parts[r])
        if v == last or v == 1:
            continue
        last = v
        if c2[v] == 0:
            res[v] -= c1[v]
            res[v - 1] += c1[v]
    res[1] -= ones
    res[p] += 1
    c2[p] += 1
    same = True
    for q in range(lo1, hi1):  # every value res can hold: parts of λ1, one below, and p
        v = int(parts[q])
        if res[v] != c2[v] or res[v - 1] != c2[v - 1]:
            same = False
    if res[p] != c2[p]:
        same = False
    for q in range(lo2, hi2):
        if res[parts[q]] != c2[parts[q]]:
            same = False
    c2[p] -= 1
    for q in range(lo1, hi1):
        res[parts[q]] = 0
        res[parts[q] - 1] = 0
    res[p] = 0
    return same


@njit(cache=True)
def alpha_new_parts(
    n: int,
    parts: np.ndarray,
    offsets: np.ndarray,
    sources: np.ndarray,
    alpha_ptr: np.ndarray,
    alpha_dst: np.ndarray,
    out: np.ndarray,
) -> None:
    """out[e] = the new part s (number of reduced parts) of the α-arc e (-1 if none fits).

    The choice is reconstructed as in :func:`gamegraph.games.floridian.alpha.alpha_arc_choice`:
    for a candidate new part p, a size v > 1 of λ1 is reduced iff λ2 - {p} has no part v, and
    the removed 1s follow from the count of 1s. At the true new part this gives the true
    choice, so when a single candidate reduces exactly p parts it is the answer; when several
    do, the one whose move rebuilds λ2 exactly is.
    """
    c1 = np.zeros(n + 2, dtype=np.int64)
    c2 = np.zeros(n + 2, dtype=np.int64)
    res = np.zeros(n + 2, dtype=np.int64)
    passing = np.empty(n + 2, dtype=np.int64)
    passing_ones = np.empty(n + 2, dtype=np.int64)
    for row in range(sources.shape[0]):
        i = sources[row]
        lo1, hi1 = offsets[i], offsets[i + 1]
        _fill(c1, parts, lo1, hi1, 1)
        for e in range(alpha_ptr[row], alpha_ptr[row + 1]):
            t = alpha_dst[e]
            lo2, hi2 = offsets[t], offsets[t + 1]
            _fill(c2, parts, lo2, hi2, 1)
            # sizes v > 1 of λ1 absent from λ2 are reduced whatever the new part p is; only
            # v = p changes when p is taken out of λ2 (and the 1s when p = 1)
            base = 0
            last = -1
            for r in range(lo1, hi1):
                v = int(parts[r])
                if v != last and v > 1 and c2[v] == 0:
                    base += c1[v]
                last = v
            count = 0
            prev = -1
            for q in range(lo2, hi2):
                p = int(parts[q])
                if p == prev:
                    continue
                prev = p
                s = base
                two_reduced = c1[2] > 0 and c2[2] == 0
                if p > 1 and c1[p] > 0 and c2[p] == 1:
                    s += c1[p]
                    if p == 2:
                        two_reduced = True
                ones = c1[1] + (c1[2] if two_reduced else 0) - (c2[1] - (1 if p == 1 else 0))
                if 0 <= ones <= c1[1] and s + ones == p:
                    passing[count] = p
                    passing_ones[count] = ones
                    count += 1
            found = -1
            if count == 1:
                found = passing[0]
            else:
                for c in range(count):
                    p = passing[c]
                    c2[p] -= 1
                    ok = _rebuilds(c1, c2, res, parts, lo1, hi1, lo2, hi2, p, passing_ones[c])
                    c2[p] += 1
                    if ok:
                        found = p
                        break
            out[e] = found
            _fill(c2, parts, lo2, hi2, -1)
        _fill(c1, parts, lo1, hi1, -1)


@njit(cache=True)
def uniform_success(ptr: np.ndarray, nxt: np.ndarray, recurrent: np.ndarray) -> np.ndarray:
    """Probability of reaching a recurrent state when every turn takes a uniformly random
    legal α-move: P = 1 on recurrent states, 0 without a move, else the mean of P over the
    moves (nxt[e] = the α-position after move e). Non-recurrent positions form an acyclic
    graph (a cycle would make them recurrent), so one depth-first pass in post-order solves
    it exactly."""
    size = ptr.shape[0] - 1
    prob = np.zeros(size, dtype=np.float64)
    state = np.zeros(size, dtype=np.int8)  # 0 new, 1 on the stack, 2 done
    stack = np.empty(size, dtype=np.int64)
    edge = np.empty(size, dtype=np.int64)
    for start in range(size):
        if state[start] != 0:
            continue
        if recurrent[start]:
            prob[start] = 1.0
            state[start] = 2
            continue
        depth = 0
        stack[0] = start
        edge[0] = ptr[start]
        state[start] = 1
        while depth >= 0:
            v = stack[depth]
            e = edge[depth]
            if e < ptr[v + 1]:
                edge[depth] = e + 1
                w = nxt[e]
                if state[w] == 0:
                    if recurrent[w]:
                        prob[w] = 1.0
                        state[w] = 2
                    else:
                        depth += 1
                        stack[depth] = w
                        edge[depth] = ptr[w]
                        state[w] = 1
                continue
            total = 0.0
            for f in range(ptr[v], ptr[v + 1]):
                total += prob[nxt[f]]
            count = ptr[v + 1] - ptr[v]
            prob[v] = total / count if count > 0 else 0.0
            state[v] = 2
            depth -= 1
    return prob


@njit(cache=True)
def short_cycles(
    ptr: np.ndarray, dst: np.ndarray, mult: np.ndarray, max_len: int, limit: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Simple cycles of length 2..max_len of a digraph whose arcs carry multiplicities, each
    walked once from its smallest node (loops skipped).

    Returns (h_counts, g_counts, rows): h_counts[k] = simple cycles of length k,
    g_counts[k] = the same weighted by the product of the arcs' multiplicities, and rows the
    first ``limit`` cycles of length exactly max_len as node ids from the smallest (the walk
    stops once it has them; the counts are then partial). For the core of H_n with mult = the
    number of Ω-positions joining the two α-positions, g_counts[k] is the number of cycles of
    length 2k of G_n.
    """
    size = ptr.shape[0] - 1
    h_counts = np.zeros(max_len + 1, dtype=np.int64)
    g_counts = np.zeros(max_len + 1, dtype=np.int64)
    out = np.empty((limit, max_len), dtype=np.int64)
    found = 0
    stack_node = np.empty(max_len + 1, dtype=np.int64)
    stack_edge = np.empty(max_len + 1, dtype=np.int64)
    weight = np.empty(max_len + 1, dtype=np.int64)
    on_path = np.zeros(size, dtype=np.bool_)
    for s in range(size):
        if limit > 0 and found >= limit:
            break
        depth = 0
        stack_node[0] = s
        stack_edge[0] = ptr[s]
        weight[0] = 1
        on_path[s] = True
        while depth >= 0:
            v = stack_node[depth]
            e = stack_edge[depth]
            if e >= ptr[v + 1]:
                on_path[v] = False
                depth -= 1
                continue
            stack_edge[depth] = e + 1
            w = dst[e]
            if w == s:
                if depth >= 1:
                    h_counts[depth + 1] += 1
                    g_counts[depth + 1] += weight[depth] * mult[e]
                    if depth + 1 == max_len and found < limit:
                        for q in range(max_len):
                            out[found, q] = stack_node[q]
                        found += 1
                continue
            if w < s or on_path[w] or depth + 1 >= max_len:
                continue
            depth += 1
            stack_node[depth] = w
            stack_edge[depth] = ptr[w]
            weight[depth] = weight[depth - 1] * mult[e]
            on_path[w] = True
    return h_counts, g_counts, out[:found]
