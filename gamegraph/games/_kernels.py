"""Compiled inner loops (numba) behind the bulk engines.

Conventions shared by every kernel:

* Partitions of n are numbered in *descending lexicographic order*: index 0 is (n), the last
  index is 1^n. The index of λ is p(n) - 1 - Σ_i P[r_i, λ_i - 1], where r_i is what is left of n
  before part i and P[r, k] counts partitions of r into parts <= k (:func:`rank_table`). This
  numbering is exact (no hashing), so a partition's index is also its identity.
* A set of partitions (for example S(n)) is held as a flat ``uint8`` array of parts with
  ``int64`` offsets, in increasing index order, plus the sorted array of their indices; a
  member's position in the set is found by binary search on that array.
* Graphs are CSR arrays: ``indptr`` (int64, length N + 1) and ``indices``.

Everything here is numba ``@njit(cache=True)``; the first call in a fresh checkout compiles
(a few seconds) and later processes load the compiled code from ``__pycache__``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "MAX_N",
    "alpha_arcs_chunk",
    "bulgarian_successors",
    "enumerate_partitions",
    "enumerate_separated",
    "four_cycles",
    "functional_graph_analysis",
    "next_partition",
    "omega_index_of",
    "rank_of",
    "rank_table",
    "reverse_bfs",
    "reverse_csr",
    "separated_index",
    "separated_tables",
    "strongly_connected_components",
    "t_mask",
    "unrank",
    "write_int",
]

MAX_N = 255  # parts are stored as uint8; ranks must fit int64 (p(405) > 2**63)


def rank_table(n: int) -> np.ndarray:
    """P[r, k] = number of partitions of r into parts <= k, for 0 <= r, k <= n (int64)."""
    if not 0 <= n <= MAX_N:
        raise ValueError(f"n = {n} is outside 0..{MAX_N}")
    table = np.zeros((n + 1, n + 1), dtype=np.int64)
    _fill_rank_table(table, n)
    return table


@njit(cache=True)
def _fill_rank_table(table: np.ndarray, n: int) -> None:
    for k in range(n + 1):
        table[0, k] = 1
    for r in range(1, n + 1):
        for k in range(1, n + 1):
            table[r, k] = table[r, k - 1] + (table[r - k, k] if r >= k else 0)


@njit(cache=True)
def rank_of(parts: np.ndarray, length: int, n: int, table: np.ndarray) -> int:
    """Index (descending lexicographic order) of the partition ``parts[:length]`` of n."""
    remaining = n
    below = 0
    for i in range(length):
        v = parts[i]
        below += table[remaining, v - 1]
        remaining -= v
    return int(table[n, n] - 1 - below)


def unrank(index: int, n: int, table: np.ndarray) -> tuple[int, ...]:
    """The partition of n with this index in descending lexicographic order (the inverse of
    :func:`rank_of`; ``table`` is :func:`rank_table` of at least n)."""
    below = int(table[n, n]) - 1 - index
    parts: list[int] = []
    remaining, cap = n, n
    while remaining:
        v = 1
        while v < cap and table[remaining, v] <= below:
            v += 1
        below -= int(table[remaining, v - 1])
        parts.append(v)
        remaining -= v
        cap = v
    return tuple(parts)


@njit(cache=True, nogil=True)
def next_partition(a: np.ndarray, k: int) -> int:
    """Advance ``a[:k]`` to the next partition in descending lexicographic order, in place;
    returns its length, or -1 after the last one (all parts 1). ``a`` needs room for n parts.

    The part before the trailing ones loses one, and what it lost with the ones is refilled
    greedily with parts no larger than it: the next partition in the order."""
    j = k - 1
    while j >= 0 and a[j] == 1:
        j -= 1
    if j < 0:
        return -1
    rest = k - j  # the trailing ones plus the unit taken from a[j]
    v = a[j] - 1
    a[j] = v
    k = j + 1
    while rest > 0:
        take = v if v < rest else rest
        a[k] = take
        k += 1
        rest -= take
    return k


# --------------------------------------------------------------------------- Bulgarian


@njit(cache=True)
def bulgarian_successors(n: int, table: np.ndarray, successor: np.ndarray) -> None:
    """successor[i] = index of Ω(λ_i) for every partition λ_i of n (the whole of B_n).

    Walks the partitions in descending lexicographic order (so the walk counter is the index)
    and ranks Ω(λ) on the fly, never materialising it: the reduced parts stay nonincreasing,
    and the new part p is merged in at its place.
    """
    total = table[n, n]
    a = np.zeros(n + 2, dtype=np.int64)
    a[0] = n
    k = 1
    idx = 0
    while True:
        remaining = n
        below = 0
        inserted = False
        for i in range(k):
            v = a[i] - 1
            if v <= 0:
                break
            if not inserted and k >= v:
                below += table[remaining, k - 1]
                remaining -= k
                inserted = True
            below += table[remaining, v - 1]
            remaining -= v
        if not inserted:
            below += table[remaining, k - 1]
        successor[idx] = total - 1 - below
        idx += 1
        # next partition in descending lexicographic order
        k = next_partition(a, k)
        if k < 0:
            return


@njit(cache=True)
def enumerate_partitions(n: int, parts: np.ndarray, offsets: np.ndarray) -> None:
    """Write every partition of n, in index order, as flat parts (sizes from a prior count)."""
    a = np.zeros(n + 2, dtype=np.int64)
    a[0] = n
    k = 1
    idx = 0
    pos = 0
    while True:
        offsets[idx] = pos
        for i in range(k):
            parts[pos + i] = a[i]
        pos += k
        idx += 1
        k = next_partition(a, k)
        if k < 0:
            offsets[idx] = pos
            return


@njit(cache=True)
def functional_graph_analysis(
    successor: np.ndarray,
    in_degree: np.ndarray,
    cycle_of: np.ndarray,
    distance: np.ndarray,
) -> int:
    """Cycles, basins and transients of a functional graph i -> successor[i].

    Fills in_degree, cycle_of (cycle id reached, ids numbered by first member in index
    order) and distance (moves to reach the cycle, 0 on it); returns the number of cycles.
    Peels nodes of in-degree 0 (Kahn), so what is left is exactly the cyclic nodes, then
    fills distances in reverse peeling order, where each node's successor is already done.
    """
    size = successor.shape[0]
    for i in range(size):
        in_degree[successor[i]] += 1
    remaining = in_degree.copy()
    order = np.empty(size, dtype=np.int64)
    head = 0
    tail = 0
    for i in range(size):
        if remaining[i] == 0:
            order[tail] = i
            tail += 1
    while head < tail:
        v = order[head]
        head += 1
        u = successor[v]
        remaining[u] -= 1
        if remaining[u] == 0:
            order[tail] = u
            tail += 1
    for i in range(size):
        cycle_of[i] = -1
    cycles = 0
    for i in range(size):
        if remaining[i] > 0 and cycle_of[i] < 0:
            v = i
            while cycle_of[v] < 0:
                cycle_of[v] = cycles
                distance[v] = 0
                v = successor[v]
            cycles += 1
    for t in range(tail - 1, -1, -1):
        v = order[t]
        u = successor[v]
        distance[v] = distance[u] + 1
        cycle_of[v] = cycle_of[u]
    return cycles


# --------------------------------------------------------------------------- Floridian


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


@njit(cache=True)
def separated_index(
    parts: np.ndarray, length: int, n: int, first: np.ndarray, prefix: np.ndarray
) -> int:
    """Position in S(n) (descending lexicographic order) of the separated ``parts[:length]``.

    Counts the members that agree on parts 1..i-1 and have a larger part i: that part v may
    repeat the previous part or lie at least 2 below it.
    """
    position = 0
    remaining = n
    prev = n + 2
    for i in range(length):
        v = parts[i]
        top = prev - 2 if prev - 2 < remaining else remaining
        if top > v:
            position += prefix[remaining, top] - prefix[remaining, v]
        if prev <= remaining and prev > v:
            position += first[remaining, prev]
        remaining -= v
        prev = v
    return position


@njit(cache=True, nogil=True)
def _separated_index_groups(
    sizes: np.ndarray,
    mults: np.ndarray,
    groups: int,
    n: int,
    first: np.ndarray,
    prefix: np.ndarray,
) -> int:
    """:func:`separated_index` for a partition given as (size, multiplicity) groups.

    Repeats of a part contribute nothing (no member can put a larger part right after it
    without first differing earlier), so the cost is one step per distinct size.
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
        remaining -= v * mults[g]
        prev = v
    return position


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
def _insertion_sort(values: np.ndarray, count: int) -> None:
    """Sort values[:count] in place; faster than np.sort for the short rows of G_n."""
    for i in range(1, count):
        v = values[i]
        j = i - 1
        while j >= 0 and values[j] > v:
            values[j + 1] = values[j]
            j -= 1
        values[j + 1] = v


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
        # distinct α-targets, sorted (insertion sort: rows are short)
        _insertion_sort(targets, found)
        base = na
        for s in range(found):
            if s == 0 or targets[s] != targets[s - 1]:
                alpha_dst[na] = targets[s]
                na += 1
        # distinct H-targets Ω(λ2)
        count = na - base
        for s in range(count):
            targets[s] = omega_of[alpha_dst[base + s]]
        _insertion_sort(targets, count)
        for s in range(count):
            if s == 0 or targets[s] != targets[s - 1]:
                h_dst[nh] = targets[s]
                nh += 1
        t += 1
        alpha_ptr[t] = na
        h_ptr[t] = nh
    return t, na, nh


# --------------------------------------------------------------------------- graphs


@njit(cache=True)
def reverse_csr(
    indptr: np.ndarray, indices: np.ndarray, size: int
) -> tuple[np.ndarray, np.ndarray]:
    """The transpose of a CSR graph with ``size`` nodes (sources sorted within each row)."""
    counts = np.zeros(size + 1, dtype=np.int64)
    for e in range(indices.shape[0]):
        counts[indices[e] + 1] += 1
    for v in range(size):
        counts[v + 1] += counts[v]
    fill = counts[:-1].copy()
    rev = np.empty(indices.shape[0], dtype=np.int64)
    for v in range(indptr.shape[0] - 1):
        for e in range(indptr[v], indptr[v + 1]):
            u = indices[e]
            rev[fill[u]] = v
            fill[u] += 1
    return counts, rev


@njit(cache=True)
def reverse_bfs(rev_ptr: np.ndarray, rev_idx: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    """Least number of arcs from each node to the seed set (-1 where it cannot be reached)."""
    size = rev_ptr.shape[0] - 1
    dist = np.full(size, -1, dtype=np.int64)
    queue = np.empty(size, dtype=np.int64)
    tail = 0
    for v in range(size):
        if seeds[v]:
            dist[v] = 0
            queue[tail] = v
            tail += 1
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        for e in range(rev_ptr[v], rev_ptr[v + 1]):
            u = rev_idx[e]
            if dist[u] < 0:
                dist[u] = dist[v] + 1
                queue[tail] = u
                tail += 1
    return dist


@njit(cache=True)
def strongly_connected_components(indptr: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """Tarjan's algorithm, iterative; component ids in order of completion."""
    size = indptr.shape[0] - 1
    index = np.full(size, -1, dtype=np.int64)
    low = np.zeros(size, dtype=np.int64)
    comp = np.full(size, -1, dtype=np.int64)
    on_stack = np.zeros(size, dtype=np.bool_)
    stack = np.empty(size, dtype=np.int64)
    call_node = np.empty(size, dtype=np.int64)
    call_edge = np.empty(size, dtype=np.int64)
    sp = 0
    counter = 0
    comps = 0
    for root in range(size):
        if index[root] >= 0:
            continue
        depth = 0
        call_node[0] = root
        call_edge[0] = indptr[root]
        index[root] = counter
        low[root] = counter
        counter += 1
        stack[sp] = root
        sp += 1
        on_stack[root] = True
        while depth >= 0:
            v = call_node[depth]
            e = call_edge[depth]
            if e < indptr[v + 1]:
                call_edge[depth] = e + 1
                w = indices[e]
                if index[w] < 0:
                    index[w] = counter
                    low[w] = counter
                    counter += 1
                    stack[sp] = w
                    sp += 1
                    on_stack[w] = True
                    depth += 1
                    call_node[depth] = w
                    call_edge[depth] = indptr[w]
                elif on_stack[w] and index[w] < low[v]:
                    low[v] = index[w]
            else:
                if low[v] == index[v]:
                    while True:
                        sp -= 1
                        w = stack[sp]
                        on_stack[w] = False
                        comp[w] = comps
                        if w == v:
                            break
                    comps += 1
                depth -= 1
                if depth >= 0:
                    parent = call_node[depth]
                    if low[v] < low[parent]:
                        low[parent] = low[v]
    return comp


@njit(cache=True)
def four_cycles(
    alpha_ptr: np.ndarray,
    alpha_dst: np.ndarray,
    h_ptr: np.ndarray,
    h_dst: np.ndarray,
    sources: np.ndarray,
    row_of: np.ndarray,
    omega_of: np.ndarray,
    recurrent: np.ndarray,
) -> np.ndarray:
    """All 4-cycles [a,α]→[x,Ω]→[b,α]→[y,Ω]→[a,α], a != b, once each (a < b by index).

    ``sources`` are the rows of the α- and H-CSRs (H rows sorted); ``row_of[v]`` is v's row
    (-1 if v has none). Both α-positions of a 4-cycle are recurrent, and a binary search in
    b's H row tells whether b → a is a turn before b's α-arcs are scanned. Returns an (m, 4)
    array of S positions (a, x, b, y).
    """
    count = 0
    out = np.empty((0, 4), dtype=np.int64)
    for pass_ in range(2):
        if pass_ == 1:
            out = np.empty((count, 4), dtype=np.int64)
            count = 0
        for ra in range(sources.shape[0]):
            a = sources[ra]
            if not recurrent[a]:
                continue
            for e in range(alpha_ptr[ra], alpha_ptr[ra + 1]):
                x = alpha_dst[e]
                b = omega_of[x]
                if b <= a or not recurrent[b]:
                    continue
                rb = row_of[b]
                if rb < 0:
                    continue
                lo = h_ptr[rb]
                hi = h_ptr[rb + 1]
                while lo < hi:
                    mid = (lo + hi) // 2
                    if h_dst[mid] < a:
                        lo = mid + 1
                    else:
                        hi = mid
                if lo == h_ptr[rb + 1] or h_dst[lo] != a:
                    continue
                for f in range(alpha_ptr[rb], alpha_ptr[rb + 1]):
                    y = alpha_dst[f]
                    if omega_of[y] == a:
                        if pass_ == 1:
                            out[count, 0] = a
                            out[count, 1] = x
                            out[count, 2] = b
                            out[count, 3] = y
                        count += 1
    return out


# --------------------------------------------------------------------------- text


@njit(cache=True)
def write_int(buf: np.ndarray, pos: int, value: int) -> int:
    """Write the decimal digits of a non-negative ``value`` into ``buf`` at ``pos`` (ASCII);
    returns the position after them. The text formatters of every game use it."""
    end = pos + 1
    rest = value // 10
    while rest > 0:  # the number of digits first: no scratch array per number
        end += 1
        rest //= 10
    at = end
    while True:
        at -= 1
        buf[at] = 48 + value % 10
        value //= 10
        if value == 0:
            break
    return end


@njit(cache=True)
def format_partitions(
    parts: np.ndarray, offsets: np.ndarray, rows: np.ndarray, paper: bool
) -> np.ndarray:
    """ASCII text of each partition in ``rows``, newline-terminated, as one byte array.

    ``paper`` false gives canonical keys ``5,3,3,1``; true gives paper notation ``1 3^2 5``
    (ascending sizes with exponents). Decoding the buffer and splitting on newlines is far
    faster than formatting a million partitions in Python.
    """
    size = 0
    for t in range(rows.shape[0]):
        i = rows[t]
        size += (offsets[i + 1] - offsets[i]) * 8 + 1
    buf = np.empty(size, dtype=np.uint8)
    pos = 0
    for t in range(rows.shape[0]):
        i = rows[t]
        lo = offsets[i]
        hi = offsets[i + 1]
        if not paper:
            for s in range(lo, hi):
                if s > lo:
                    buf[pos] = 44  # ','
                    pos += 1
                pos = write_int(buf, pos, parts[s])
        else:
            s = hi - 1
            first = True
            while s >= lo:
                v = parts[s]
                run = 1
                while s - run >= lo and parts[s - run] == v:
                    run += 1
                if not first:
                    buf[pos] = 32  # ' '
                    pos += 1
                first = False
                pos = write_int(buf, pos, v)
                if run > 1:
                    buf[pos] = 94  # '^'
                    pos += 1
                    pos = write_int(buf, pos, run)
                s -= run
        buf[pos] = 10
        pos += 1
    return buf[:pos]
