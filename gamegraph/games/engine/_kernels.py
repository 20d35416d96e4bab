"""Compiled loops of the engine: a defined game's compiled move called inside the walk of its
space, and a graph's moves made distinct.

A compiled move (``compiled=True``) is a numba function ``move(parts, n, out) -> length``:
``parts`` is the current position (a view of the walk's array), ``out`` a scratch array it
writes the new position into. :func:`compiled_partition_moves` and
:func:`compiled_composition_moves` are compiled once per move (numba specialises them on the
function), so they are not cached on disk. A bad row is returned as code * 2^32 + row, the
offending length in ``out[-1]`` (code 9: more parts than ``out`` holds).

:func:`dedupe_rows` works on CSR arrays (``indptr`` int64 of length N + 1, ``indices``
int64).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from gamegraph.core.spaces._composition_kernels import composition_row, rank_composition_row
from gamegraph.core.spaces._kernels import next_partition, rank_partition_row

__all__ = ["TOO_LONG", "compiled_composition_moves", "compiled_partition_moves", "dedupe_rows"]

TOO_LONG = 9


@njit
def compiled_partition_moves(
    n: int, table: np.ndarray, move: Any, successor: np.ndarray, out: np.ndarray
) -> int:
    a = np.zeros(n + 2, dtype=np.int64)
    a[0] = n
    k = 1
    room = out.shape[0] - 1
    idx = 0
    while True:
        length = move(a[:k], n, out[:room])
        if length < 0 or length > room:
            out[room] = length
            return TOO_LONG * 2**32 + idx
        r = rank_partition_row(out, 0, length, n, table)
        if r < 0:
            out[room] = length
            return (-r) * 2**32 + idx
        successor[idx] = r
        idx += 1
        k = next_partition(a, k)
        if k < 0:
            return -1


@njit
def compiled_composition_moves(n: int, move: Any, successor: np.ndarray, out: np.ndarray) -> int:
    a = np.zeros(n + 1, dtype=np.int64)
    room = out.shape[0] - 1
    total = np.int64(1) << (n - 1)
    for x in range(total):
        k = composition_row(x, n, a)
        length = move(a[:k], n, out[:room])
        if length < 0 or length > room:
            out[room] = length
            return TOO_LONG * 2**32 + x
        r = rank_composition_row(out, 0, length, n)
        if r < 0:
            out[room] = length
            return (-r) * 2**32 + x
        successor[x] = r
    return -1


@njit(cache=True)
def dedupe_rows(indptr: np.ndarray, indices: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The CSR graph with each row's targets sorted and each distinct target once."""
    rows = indptr.shape[0] - 1
    out_ptr = np.zeros(rows + 1, dtype=np.int64)
    out = np.empty(indices.shape[0], dtype=np.int64)
    pos = 0
    for v in range(rows):
        row = np.sort(indices[indptr[v] : indptr[v + 1]])
        for i in range(row.shape[0]):
            if i == 0 or row[i] != row[i - 1]:
                out[pos] = row[i]
                pos += 1
        out_ptr[v + 1] = pos
    return out_ptr, out[:pos].copy()
