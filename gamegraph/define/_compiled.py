"""Kernels that call a definition's compiled move (``compiled=True``) inside the walk.

The move is a numba function ``move(parts, n, out) -> length``: ``parts`` is the current
position (a view of the walk's array), ``out`` a scratch array it writes the new position
into. The kernels are compiled once per move (numba specialises them on the function), so
they are not cached on disk. A bad row is returned as code * 2^32 + row, the offending
length in ``out[-1]`` (code 9: more parts than ``out`` holds).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from gamegraph.define._kernels import rank_composition_row, rank_partition_row
from gamegraph.games._kernels import next_partition

__all__ = ["compiled_composition_moves", "compiled_partition_moves"]

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
        k = 0
        previous = 0
        for w in range(n - 2, -1, -1):
            if (x >> w) & 1:
                cut = n - 1 - w
                a[k] = cut - previous
                k += 1
                previous = cut
        a[k] = n - previous
        k += 1
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
