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

from gamegraph.core.spaces import _kernels as ck
from gamegraph.core.spaces._kernels import enumerate_partitions, next_partition

__all__ = [
    "MAX_N",
    "bulgarian_successors",
    "enumerate_partitions",
    "functional_graph_analysis",
    "next_partition",
    "rank_of",
    "rank_table",
    "reverse_bfs",
    "reverse_csr",
    "strongly_connected_components",
    "unrank",
    "write_int",
]

MAX_N = 255  # parts are stored as uint8; ranks must fit int64 (p(405) > 2**63)


def rank_table(n: int) -> np.ndarray:
    """P[r, k] = number of partitions of r into parts <= k, for 0 <= r, k <= n (int64; the
    core's table of :class:`~gamegraph.core.spaces.Partitions` without bounds)."""
    if not 0 <= n <= MAX_N:
        raise ValueError(f"n = {n} is outside 0..{MAX_N}")
    return np.ascontiguousarray(ck.partition_table(n, 0, False, False)[0])


@njit(cache=True)
def rank_of(parts: np.ndarray, length: int, n: int, table: np.ndarray) -> int:
    """Index (descending lexicographic order) of the partition ``parts[:length]`` of n."""
    return ck.rank_partition_row(parts, 0, length, n, table)


def unrank(index: int, n: int, table: np.ndarray) -> tuple[int, ...]:
    """The partition of n with this index in descending lexicographic order (the inverse of
    :func:`rank_of`; ``table`` is :func:`rank_table` of at least n)."""
    parts = np.zeros(n + 1, dtype=np.int64)
    length = ck.unrank_partition(index, n, np.ascontiguousarray(table), parts)
    return tuple(int(v) for v in parts[:length])


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
        if k == -1:  # after the last partition
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
