"""Compiled inner loops (numba) of impartial play on a CSR graph (``indptr`` int64 of length
N + 1, ``indices``; ``rev_ptr``/``rev_idx`` its transpose): retrograde outcomes, Grundy values,
Smith's loopy values and the disjunctive sum's arcs. :mod:`.play` holds the functions over the
graph types.
"""

from __future__ import annotations

import numpy as np
from numba import njit

INFINITE = -1
"""The loopy value ∞ in the array of :func:`loopy_values` (its finite options are apart)."""


@njit(cache=True)
def retrograde_outcomes(
    indptr: np.ndarray, rev_ptr: np.ndarray, rev_idx: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Normal-play outcomes by retrograde analysis: 1 for P (the player to move loses), 2 for
    N, 0 for a draw (neither player can force a win: play goes on for ever). Also the order
    in which P and N were decided (positions with no moves first).

    A position with no move is P; one with a move to a P-position is N; one whose moves all
    lead to N-positions is P. What no finite chain of these decides is a draw, so a graph with
    cycles gets its loopy outcomes instead of a crash."""
    size = indptr.shape[0] - 1
    outcome = np.zeros(size, dtype=np.int8)
    left = np.empty(size, dtype=np.int64)
    queue = np.empty(size, dtype=np.int64)
    tail = 0
    for v in range(size):
        left[v] = indptr[v + 1] - indptr[v]
        if left[v] == 0:
            outcome[v] = 1
            queue[tail] = v
            tail += 1
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        for e in range(rev_ptr[v], rev_ptr[v + 1]):
            u = rev_idx[e]
            if outcome[u] != 0:
                continue
            if outcome[v] == 1:
                outcome[u] = 2
                queue[tail] = u
                tail += 1
            else:
                left[u] -= 1
                if left[u] == 0:
                    outcome[u] = 1
                    queue[tail] = u
                    tail += 1
    return outcome, queue[:tail].copy()


@njit(cache=True)
def grundy_values(
    indptr: np.ndarray, indices: np.ndarray, rev_ptr: np.ndarray, rev_idx: np.ndarray
) -> np.ndarray:
    """Sprague-Grundy value of every position whose play is finite (mex of its options'),
    -1 for a position from which a cycle can be reached (no finite value)."""
    size = indptr.shape[0] - 1
    grundy = np.full(size, -1, dtype=np.int64)
    left = np.empty(size, dtype=np.int64)
    queue = np.empty(size, dtype=np.int64)
    widest = 0
    tail = 0
    for v in range(size):
        left[v] = indptr[v + 1] - indptr[v]
        widest = max(widest, left[v])
        if left[v] == 0:
            queue[tail] = v
            tail += 1
    seen = np.zeros(widest + 2, dtype=np.int64)
    stamp = 0
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        stamp += 1
        for e in range(indptr[v], indptr[v + 1]):
            g = grundy[indices[e]]
            if g <= widest:
                seen[g] = stamp
        mex = 0
        while seen[mex] == stamp:
            mex += 1
        grundy[v] = mex
        for e in range(rev_ptr[v], rev_ptr[v + 1]):
            u = rev_idx[e]
            left[u] -= 1
            if left[u] == 0:
                queue[tail] = u
                tail += 1
    return grundy


@njit(cache=True)
def loopy_values(
    indptr: np.ndarray, indices: np.ndarray, rev_ptr: np.ndarray, rev_idx: np.ndarray
) -> np.ndarray:
    """Smith's generalized Sprague-Grundy value of every node: a finite value, or
    :data:`INFINITE` (its finite options are read off the graph afterwards).

    Fraenkel and Yesha's labelling (1986, after Smith 1966), round m = 0, 1, ...:

    1. while some unlabelled u has no option labelled m, and every option of u that is
       unlabelled or labelled ∞ has an option labelled m, label u with m;
    2. label ∞ every unlabelled u with no option labelled m;
    3. stop when nothing is unlabelled.

    Step 1 is a retrograde count: ``left[u]`` counts the options of u that are unlabelled or
    ∞ and have no option labelled m yet; u is labelled m when it reaches 0 while u itself has
    no option labelled m. Labelling only ever enables more labels, so the order of the queue
    does not change the result. A node still unlabelled after round m has an option labelled
    m, so there are at most (largest out-degree + 1) rounds, each linear in the arcs of the
    unlabelled nodes.
    """
    size = indptr.shape[0] - 1
    unlabelled = -2
    value = np.full(size, unlabelled, dtype=np.int64)
    has_m = np.full(size, -1, dtype=np.int64)  # the round in which a node got an option m
    left = np.zeros(size, dtype=np.int64)
    open_nodes = np.arange(size)  # the unlabelled nodes
    count = size
    queue = np.empty(size, dtype=np.int64)
    m = 0
    while count > 0:
        tail = 0
        for t in range(count):
            u = open_nodes[t]
            c = 0
            for e in range(indptr[u], indptr[u + 1]):
                w = value[indices[e]]
                if w < 0:  # unlabelled or ∞; finite values are >= 0
                    c += 1
            left[u] = c
            if c == 0:
                queue[tail] = u
                tail += 1
        head = 0
        while head < tail:
            u = queue[head]
            head += 1
            if value[u] != unlabelled or has_m[u] == m:
                continue
            value[u] = m
            for e in range(rev_ptr[u], rev_ptr[u + 1]):
                p = rev_idx[e]
                if has_m[p] == m:
                    continue
                has_m[p] = m
                if value[p] >= 0:
                    continue  # a finite node counts in no one's ``left``
                for f in range(rev_ptr[p], rev_ptr[p + 1]):
                    q = rev_idx[f]
                    if value[q] == unlabelled:
                        left[q] -= 1
                        if left[q] == 0 and has_m[q] != m:
                            queue[tail] = q
                            tail += 1
        kept = 0
        for t in range(count):
            u = open_nodes[t]
            if value[u] != unlabelled:
                continue
            if has_m[u] != m:
                value[u] = INFINITE
            else:
                open_nodes[kept] = u
                kept += 1
        count = kept
        m += 1
    return value


@njit(cache=True)
def finite_options(
    indptr: np.ndarray, indices: np.ndarray, value: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """For every node of value ∞, the sorted set K of its options' finite values (CSR over
    all nodes; a finite node's row is empty): the K of ∞_K."""
    size = indptr.shape[0] - 1
    ptr = np.zeros(size + 1, dtype=np.int64)
    out = np.empty(indices.shape[0], dtype=np.int64)
    pos = 0
    for v in range(size):
        if value[v] == INFINITE:
            row = np.empty(indptr[v + 1] - indptr[v], dtype=np.int64)
            k = 0
            for e in range(indptr[v], indptr[v + 1]):
                w = value[indices[e]]
                if w != INFINITE:
                    row[k] = w
                    k += 1
            row = np.sort(row[:k])
            for i in range(k):
                if i == 0 or row[i] != row[i - 1]:
                    out[pos] = row[i]
                    pos += 1
        ptr[v + 1] = pos
    return ptr, out[:pos].copy()


@njit(cache=True)
def product_arcs(
    ptr_a: np.ndarray, idx_a: np.ndarray, ptr_b: np.ndarray, idx_b: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The disjunctive sum's arcs: node (a, b) is a * |B| + b, and it moves in exactly one
    component, (a, b) -> (a', b) and (a, b) -> (a, b'); each row sorted."""
    size_a = ptr_a.shape[0] - 1
    size_b = ptr_b.shape[0] - 1
    indptr = np.zeros(size_a * size_b + 1, dtype=np.int64)
    for a in range(size_a):
        da = ptr_a[a + 1] - ptr_a[a]
        for b in range(size_b):
            v = a * size_b + b
            indptr[v + 1] = indptr[v] + da + ptr_b[b + 1] - ptr_b[b]
    indices = np.empty(indptr[size_a * size_b], dtype=np.int64)
    for a in range(size_a):
        for b in range(size_b):
            v = a * size_b + b
            pos = indptr[v]
            for e in range(ptr_a[a], ptr_a[a + 1]):
                indices[pos] = idx_a[e] * size_b + b
                pos += 1
            for e in range(ptr_b[b], ptr_b[b + 1]):
                indices[pos] = a * size_b + idx_b[e]
                pos += 1
            indices[indptr[v] : pos] = np.sort(indices[indptr[v] : pos])
    return indptr, indices
