"""Compiled (numba) listing and ranking of the plane partitions of n (:mod:`.plane`).

A plane partition is held as its row: its rows joined by single 0s, padded with 0s to the
width 2n − 1. The order of the space (row by row: a larger row first, then descending
lexicographic) is walked by :func:`list_planes`, one step of :func:`_next` a position; a row
is ranked by a binary search of that listing with :func:`_compare`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["list_planes", "rank_planes"]


@njit(cache=True, nogil=True)
def _bound(rows: np.ndarray, lengths: np.ndarray, level: int, j: int, n: int) -> int:
    """The most part j of row ``level`` may hold: the part above it (any, up to n, in the
    first row)."""
    if level == 0:
        return n
    return rows[level - 1, j] if j < lengths[level - 1] else 0


@njit(cache=True, nogil=True)
def _tail(
    rows: np.ndarray,
    lengths: np.ndarray,
    level: int,
    start: int,
    cap: int,
    rest: int,
    n: int,
    write: bool,
) -> tuple[int, int]:
    """Parts ``start``.. of row ``level`` holding ``rest``, each as large as it may be (at most
    ``cap``, the part before and the part above), written when ``write``: what did not fit
    (0: all of it did) and the row's length. Rows are read only up to their lengths."""
    k = start
    while rest > 0:
        take = min(cap, _bound(rows, lengths, level, k, n), rest)
        if take == 0:
            break
        if write:
            rows[level, k] = take
        rest -= take
        cap = take
        k += 1
    return rest, k


@njit(cache=True, nogil=True)
def _greedy(rows: np.ndarray, lengths: np.ndarray, level: int, size: int, n: int) -> int:
    """Row ``level`` becomes the first row of ``size`` under the row above; what did not fit."""
    left, lengths[level] = _tail(rows, lengths, level, 0, n, size, n, True)
    return left


@njit(cache=True, nogil=True)
def _fill(
    rows: np.ndarray, lengths: np.ndarray, sizes: np.ndarray, level: int, rest: int, n: int
) -> int:
    """Rows ``level``.. become the first plane partition of ``rest`` under the row above;
    the number of rows."""
    while rest > 0:
        left = _greedy(rows, lengths, level, rest, n)
        sizes[level] = rest - left
        rest = left
        level += 1
    return level


@njit(cache=True, nogil=True)
def _next_row(rows: np.ndarray, lengths: np.ndarray, level: int, n: int) -> bool:
    """Row ``level`` becomes the next row of its size under the row above in descending
    lexicographic order (its rightmost part that can lose a card loses one, the parts after
    it are refilled as large as they may be); False when it is the last."""
    tail = 0
    for j in range(lengths[level] - 1, -1, -1):
        part = rows[level, j]
        tail += part
        rest = tail - part + 1
        if part > 1 and _tail(rows, lengths, level, j + 1, part - 1, rest, n, False)[0] == 0:
            rows[level, j] = part - 1
            lengths[level] = _tail(rows, lengths, level, j + 1, part - 1, rest, n, True)[1]
            return True
    return False


@njit(cache=True, nogil=True)
def _next(rows: np.ndarray, lengths: np.ndarray, sizes: np.ndarray, count: int, n: int) -> int:
    """The next plane partition of n in the space's order, in place: the deepest row that has
    a next row (of its size, else the first of one card less) takes it, the rows below are
    refilled; the new number of rows, or −1 after the last."""
    for level in range(count - 1, -1, -1):
        if not _next_row(rows, lengths, level, n):
            if sizes[level] == 1:
                continue
            sizes[level] -= 1
            _greedy(rows, lengths, level, sizes[level], n)
        rest = n - sizes[: level + 1].sum()
        return _fill(rows, lengths, sizes, level + 1, rest, n)
    return -1


@njit(cache=True, nogil=True)
def list_planes(n: int, count: int, width: int) -> np.ndarray:
    """The ``count`` plane partitions of n (n >= 1) in the space's order, one row each."""
    out = np.zeros((count, width), dtype=np.uint8)
    rows = np.zeros((n + 1, n + 1), dtype=np.int64)
    lengths = np.zeros(n + 1, dtype=np.int64)
    sizes = np.zeros(n + 1, dtype=np.int64)
    levels = _fill(rows, lengths, sizes, 0, n, n)
    for index in range(count):
        pos = 0
        for level in range(levels):
            if level:
                pos += 1
            for j in range(lengths[level]):
                out[index, pos] = rows[level, j]
                pos += 1
        if index + 1 < count:
            levels = _next(rows, lengths, sizes, levels, n)
    return out


@njit(cache=True, nogil=True)
def _compare(a: np.ndarray, b: np.ndarray) -> int:
    """−1, 0 or 1 as the plane partition ``a`` comes before, with or after ``b`` (rows of one
    width): row by row, the larger row first, then the larger part at the first difference."""
    width = a.shape[0]
    start = 0
    while start < width:
        size_a = 0
        size_b = 0
        end = start
        while end < width and a[end] != 0:
            size_a += a[end]
            end += 1
        end = start
        while end < width and b[end] != 0:
            size_b += b[end]
            end += 1
        if size_a != size_b:
            return -1 if size_a > size_b else 1
        if size_a == 0:
            return 0
        while start < width and a[start] != 0:
            if a[start] != b[start]:
                return -1 if a[start] > b[start] else 1
            start += 1
        start += 1
    return 0


@njit(cache=True, nogil=True)
def rank_planes(listing: np.ndarray, flat: np.ndarray, offsets: np.ndarray, n: int) -> np.ndarray:
    """The ids of the rows ``flat[offsets[r]:offsets[r + 1]]`` in ``listing`` (from
    :func:`list_planes`), −1 for a row that is none of them."""
    count, width = listing.shape
    out = np.full(offsets.shape[0] - 1, -1, dtype=np.int64)
    row = np.zeros(width, dtype=np.uint8)
    for r in range(out.shape[0]):
        lo, hi = offsets[r], offsets[r + 1]
        if hi - lo > width:
            continue
        fits = True
        for j in range(width):
            value = flat[lo + j] if lo + j < hi else 0
            if value < 0 or value > n:
                fits = False
            row[j] = value if fits else 0
        if not fits:
            continue
        first, last = 0, count
        while first < last:
            middle = (first + last) // 2
            if _compare(listing[middle], row) < 0:
                first = middle + 1
            else:
                last = middle
        if first < count:
            same = True
            for j in range(width):
                if listing[first, j] != row[j]:
                    same = False
                    break
            if same:
                out[r] = first
    return out
