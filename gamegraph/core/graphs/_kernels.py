"""Compiled inner loops (numba) of the graph analyses, each written once.

A graph here is a pair of arrays: a functional graph is ``successor`` (node i moves to
successor[i]); an arc graph is CSR, ``indptr`` (int64, length N + 1) and ``indices`` (the
targets of node v are ``indices[indptr[v]:indptr[v + 1]]``). The public functions over the
graph types are in :mod:`.analysis` and :mod:`.play`; these kernels take the bare arrays so
that an engine holding them already pays nothing to call them. The kernels of play (outcomes,
Grundy and loopy values, sums) are in :mod:`._play_kernels`.
"""

from __future__ import annotations

import numpy as np
from numba import njit


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


@njit(cache=True)
def cycle_members(
    successor: np.ndarray, cycle_of: np.ndarray, distance: np.ndarray, cycle_count: int
) -> np.ndarray:
    """Cyclic positions grouped by cycle id, each group in move order from its smallest index.

    Cycle ids are numbered by first member in index order, so scanning the indices upward
    meets each cycle first at its smallest member and in increasing id order.
    """
    lengths = np.zeros(cycle_count + 1, dtype=np.int64)
    for i in range(successor.shape[0]):
        if distance[i] == 0:
            lengths[cycle_of[i] + 1] += 1
    for c in range(cycle_count):
        lengths[c + 1] += lengths[c]
    members = np.empty(lengths[cycle_count], dtype=np.int64)
    done = np.zeros(cycle_count, dtype=np.bool_)
    for i in range(successor.shape[0]):
        if distance[i] == 0 and not done[cycle_of[i]]:
            c = cycle_of[i]
            done[c] = True
            pos = lengths[c]
            v = i
            while True:
                members[pos] = v
                pos += 1
                v = successor[v]
                if v == i:
                    break
    return members


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
    """Least number of arcs from each node to the seed set (-1 where it cannot be reached).

    Given the forward CSR instead of the reverse, it is the distance from the seeds."""
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
    """Tarjan's algorithm, iterative; component ids in order of completion (a component
    gets its id after every component it can reach: the ids are a reverse topological order
    of the condensation)."""
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
def _gcd(a: int, b: int) -> int:
    a = a if a >= 0 else -a
    b = b if b >= 0 else -b
    while b:
        a, b = b, a % b
    return a


@njit(cache=True)
def component_periods(
    indptr: np.ndarray, indices: np.ndarray, comp: np.ndarray, comps: int
) -> tuple[np.ndarray, np.ndarray]:
    """For each strongly connected component: closed (no arc leaves it) and its period.

    The period of a class is the gcd of level(u) + 1 − level(v) over its internal arcs u → v,
    with BFS levels from any member (0 for a class without a cycle: a transient singleton).
    """
    size = indptr.shape[0] - 1
    closed = np.ones(comps, dtype=np.bool_)
    period = np.zeros(comps, dtype=np.int64)
    level = np.full(size, -1, dtype=np.int64)
    queue = np.empty(size, dtype=np.int64)
    for root in range(size):
        if level[root] >= 0:
            continue
        c = comp[root]
        level[root] = 0
        queue[0] = root
        head = 0
        tail = 1
        g = 0
        while head < tail:
            u = queue[head]
            head += 1
            for e in range(indptr[u], indptr[u + 1]):
                v = indices[e]
                if comp[v] != c:
                    closed[c] = False
                    continue
                if level[v] < 0:
                    level[v] = level[u] + 1
                    queue[tail] = v
                    tail += 1
                else:
                    g = _gcd(g, level[u] + 1 - level[v])
        period[c] = g
    return closed, period


@njit(cache=True)
def weak_components(indptr: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """Weakly connected component of every node (union-find with path halving); ids numbered
    by first member in index order."""
    size = indptr.shape[0] - 1
    parent = np.arange(size)
    for v in range(size):
        for e in range(indptr[v], indptr[v + 1]):
            a = v
            while parent[a] != a:
                parent[a] = parent[parent[a]]
                a = parent[a]
            b = indices[e]
            while parent[b] != b:
                parent[b] = parent[parent[b]]
                b = parent[b]
            if a != b:
                if a < b:
                    parent[b] = a
                else:
                    parent[a] = b
    label = np.full(size, -1, dtype=np.int64)
    count = 0
    for v in range(size):
        root = v
        while parent[root] != root:
            root = parent[root]
        if label[root] < 0:
            label[root] = count
            count += 1
        label[v] = label[root]
    return label
