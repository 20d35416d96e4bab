"""Compiled (numba) ranking and unranking of s-tuples of partitions (the hands of s players,
:class:`~gamegraph.core.spaces.PartitionTuples`), many rows per call.

A row is the hands joined by single 0s; hands are ranked hand by hand, a larger hand first,
then by the hand's rank among the partitions of its size (:mod:`._kernels`). The codes are
those of :mod:`._kernels`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.core.spaces._kernels import (
    BAD_COUNT,
    BAD_PART,
    BAD_SUM,
    OK,
    rank_partition_row,
    settle,
    unrank_partition,
)

__all__ = ["rank_hands", "unrank_hands"]


@njit(cache=True, nogil=True)
def rank_hands(
    flat: np.ndarray,
    offsets: np.ndarray,
    n: int,
    players: int,
    table: np.ndarray,
    larger: np.ndarray,
    tuples: np.ndarray,
    strict: bool,
    out: np.ndarray,
) -> int:
    """The index of every row as s hands (partitions separated by single 0s, at most s − 1
    of them; missing hands at the end are empty) with n cards in all, hand by hand:
    ``larger[j, r, m]`` counts the j-tuples after a hand with r cards left and the hand
    larger than m, ``tuples[j, r]`` the j-tuples of partitions with r cards in all."""
    for r in range(offsets.shape[0] - 1):
        lo = offsets[r]
        hi = offsets[r + 1]
        code = OK
        index = 0
        remaining = n
        seat = 0
        start = lo
        for i in range(lo, hi + 1):
            if i < hi and flat[i] != 0:
                if flat[i] < 0:
                    code = BAD_PART
                    break
                continue
            if seat >= players:
                code = BAD_COUNT
                break
            size = 0
            for j in range(start, i):
                size += flat[j]
            if size > remaining:
                code = BAD_SUM
                break
            local = rank_partition_row(flat, start, i, size, table)
            if local < 0:
                code = -local
                break
            after = players - seat - 1
            index += larger[after, remaining, size] + local * tuples[after, remaining - size]
            remaining -= size
            seat += 1
            start = i + 1
        if code == OK and remaining != 0:
            code = BAD_SUM
        stop = settle(out, r, code, index, strict)
        if stop >= 0:
            return stop
    return -1


@njit(cache=True, nogil=True)
def unrank_hands(
    ids: np.ndarray,
    n: int,
    players: int,
    table: np.ndarray,
    larger: np.ndarray,
    tuples: np.ndarray,
    offsets: np.ndarray,
    flat: np.ndarray,
) -> None:
    """The rows of the hands with these ids (the inverse of :func:`rank_hands`): with
    ``flat`` empty only ``offsets`` are written (``offsets[0]`` where the rows start)."""
    write = flat.shape[0] > 0
    parts = np.zeros(n + 1, dtype=np.int64)
    pos = offsets[0]
    for i in range(ids.shape[0]):
        index = ids[i]
        remaining = n
        for seat in range(players):
            after = players - seat - 1
            size = remaining
            while size > 0:
                block = larger[after, remaining, size - 1] - larger[after, remaining, size]
                if index < larger[after, remaining, size] + block:
                    break
                size -= 1
            index -= larger[after, remaining, size]
            rest = tuples[after, remaining - size]
            local = index // rest
            index -= local * rest
            length = unrank_partition(local, size, table, parts)
            if seat:
                if write:
                    flat[pos] = 0
                pos += 1
            if write:
                for j in range(length):
                    flat[pos + j] = parts[j]
            pos += length
            remaining -= size
        offsets[i + 1] = pos
