"""Compiled inner loops (numba) behind the bulk engines.

Conventions shared by every kernel:

* Partitions of n are numbered in *descending lexicographic order*: index 0 is (n), the last
  index is 1^n. The index of λ is p(n) - 1 - Σ_i P[r_i, λ_i - 1], where r_i is what is left of n
  before part i and P[r, k] counts partitions of r into parts <= k (:func:`rank_table`). This
  numbering is exact (no hashing), so a partition's index is also its identity.
* A set of partitions (for example S(n)) is held as a flat ``uint8`` array of parts with
  ``int64`` offsets, in increasing index order, plus the sorted array of their indices; a
  member's position in the set is found by binary search on that array.
* Graphs and their analyses (components, cycles, distances) are the graph core's,
  :mod:`gamegraph.core.graphs`.

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
    "distinct_sorted",
    "enumerate_partitions",
    "next_partition",
    "rank_table",
    "unrank",
    "write_int",
]

MAX_N = 255  # parts are stored as uint8; ranks must fit int64 (p(405) > 2**63)


@njit(cache=True, nogil=True, inline="always")
def distinct_sorted(values: np.ndarray, count: int) -> int:
    """Sort values[:count] in place and keep each value once at the front; how many are kept.

    An insertion sort: faster than np.sort for the short rows of options a position has."""
    for i in range(1, count):
        v = values[i]
        j = i - 1
        while j >= 0 and values[j] > v:
            values[j + 1] = values[j]
            j -= 1
        values[j + 1] = v
    kept = 0
    for i in range(count):
        if i == 0 or values[i] != values[kept - 1]:
            values[kept] = values[i]
            kept += 1
    return kept


def rank_table(n: int) -> np.ndarray:
    """P[r, k] = number of partitions of r into parts <= k, for 0 <= r, k <= n (int64; the
    core's table of :class:`~gamegraph.core.spaces.Partitions` without bounds)."""
    if not 0 <= n <= MAX_N:
        raise ValueError(f"n = {n} is outside 0..{MAX_N}")
    return np.ascontiguousarray(ck.partition_table(n, 0, False, False)[0])


def unrank(index: int, n: int, table: np.ndarray) -> tuple[int, ...]:
    """The partition of n with this index in descending lexicographic order (the inverse of
    the core's :func:`~gamegraph.core.spaces._kernels.rank_partition_row`; ``table`` is
    :func:`rank_table` of at least n)."""
    parts = np.zeros(n + 1, dtype=np.int64)
    length = ck.unrank_partition(index, n, np.ascontiguousarray(table), parts)
    return tuple(int(v) for v in parts[:length])


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
