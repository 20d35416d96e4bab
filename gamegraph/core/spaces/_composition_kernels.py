"""Compiled (numba) ranking and unranking of the composition spaces, many rows per call.

A composition of n of any length is the set of its cut points s_j = α_1 + … + α_j (j < c):
its id sets bit n − 1 − s for every cut s (descending lexicographic order, (n) first). One of
fixed length c is ranked with the table of compositions of each total into each number of
parts (weak or strict). A rank kernel returns −1 when every row is a member, else
``code * 2**32 + row`` of the first row that is not (``strict``), with the codes of
:mod:`._kernels`, or marks such rows with id −1 and goes on.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gamegraph.core.spaces._kernels import BAD_COUNT, BAD_PART, BAD_SUM, OK, settle

__all__ = [
    "composition_lengths",
    "composition_row",
    "greatest_rotation_rows",
    "rank_composition_row",
    "rank_compositions_fixed",
    "rank_compositions_free",
    "unrank_compositions_fixed",
    "unrank_compositions_free",
]


@njit(cache=True, nogil=True)
def rank_compositions_fixed(
    flat: np.ndarray,
    offsets: np.ndarray,
    n: int,
    length: int,
    low: int,
    tail: np.ndarray,
    strict: bool,
    out: np.ndarray,
) -> int:
    """The index of every row as a composition of n into ``length`` parts, each >= ``low``,
    in descending lexicographic order. ``tail[j, x]`` is the number of compositions of some
    r <= x into j parts (cumulative), so the members that agree before part i and are larger
    there number tail[length − i − 1, r_i − a_i − 1]."""
    for r in range(offsets.shape[0] - 1):
        lo = offsets[r]
        hi = offsets[r + 1]
        code = OK
        if hi - lo != length:
            code = BAD_COUNT
        remaining = n
        index = 0
        if code == OK:
            for i in range(length):
                v = flat[lo + i]
                if v < low:
                    code = BAD_PART
                    break
                if v > remaining:
                    code = BAD_SUM
                    break
                left = length - i - 1
                if remaining - v - 1 >= 0:
                    index += tail[left, remaining - v - 1]
                remaining -= v
            if code == OK and remaining != 0:
                code = BAD_SUM
        stop = settle(out, r, code, index, strict)
        if stop >= 0:
            return stop
    return -1


@njit(cache=True, nogil=True)
def unrank_compositions_fixed(
    ids: np.ndarray, n: int, length: int, low: int, tail: np.ndarray, flat: np.ndarray
) -> None:
    """The parts of composition ``ids[i]`` into ``flat[i * length:(i + 1) * length]``."""
    for i in range(ids.shape[0]):
        index = ids[i]
        remaining = n
        for p in range(length):
            left = length - p - 1
            if left == 0:
                flat[i * length + p] = remaining
                break
            # the largest v whose larger choices number at most index: walk down from the top
            v = remaining - low * left
            while True:
                larger = tail[left, remaining - v - 1] if remaining - v - 1 >= 0 else 0
                if larger <= index:
                    count_v = _count_exact(tail, left, remaining - v)
                    if index < larger + count_v:
                        index -= larger
                        break
                v -= 1
            flat[i * length + p] = v
            remaining -= v


@njit(cache=True, nogil=True)
def _count_exact(tail: np.ndarray, parts: int, total: int) -> int:
    """The number of compositions of exactly ``total`` into ``parts`` parts (from ``tail``)."""
    if total < 0:
        return 0
    return int(tail[parts, total] - (tail[parts, total - 1] if total >= 1 else 0))


@njit(cache=True, nogil=True)
def rank_compositions_free(
    flat: np.ndarray, offsets: np.ndarray, n: int, strict: bool, out: np.ndarray
) -> int:
    """The index of every row as a composition of n (any length): the bit set of its cut
    points, bit n − 1 − s for a cut after s (descending lexicographic order, as C_n)."""
    for r in range(offsets.shape[0] - 1):
        index = rank_composition_row(flat, offsets[r], offsets[r + 1], n)
        if index < 0:
            if strict:
                return -index * 2**32 + r
            index = -1
        out[r] = index
    return -1


@njit(cache=True, nogil=True)
def composition_lengths(ids: np.ndarray, n: int, offsets: np.ndarray) -> None:
    """offsets of the compositions with these ids (1 + the cuts set; 0 parts for n = 0)."""
    offsets[0] = 0
    for i in range(ids.shape[0]):
        x = ids[i]
        count = 0
        while x:
            x &= x - 1
            count += 1
        offsets[i + 1] = offsets[i] + (count + 1 if n > 0 else 0)


@njit(cache=True, nogil=True)
def unrank_compositions_free(
    ids: np.ndarray, n: int, offsets: np.ndarray, flat: np.ndarray
) -> None:
    """The parts of the compositions with these ids (their cut bit sets) into ``flat``."""
    if n == 0:
        return
    for i in range(ids.shape[0]):
        composition_row(ids[i], n, flat[offsets[i] : offsets[i + 1]])


@njit(cache=True, nogil=True)
def composition_row(x: int, n: int, parts: np.ndarray) -> int:
    """The parts of the composition of n with id ``x`` (its cut bit set) into ``parts``;
    their number."""
    k = 0
    previous = 0
    for w in range(n - 2, -1, -1):
        if (x >> w) & 1:
            cut = n - 1 - w
            parts[k] = cut - previous
            k += 1
            previous = cut
    parts[k] = n - previous
    return k + 1


@njit(cache=True, nogil=True)
def greatest_rotation_rows(flat: np.ndarray, offsets: np.ndarray, out: np.ndarray) -> None:
    """out[r] = whether row r is the lexicographically greatest of its rotations."""
    for r in range(offsets.shape[0] - 1):
        lo = offsets[r]
        length = offsets[r + 1] - lo
        ok = True
        for shift in range(1, length):
            for j in range(length):
                a = flat[lo + j]
                b = flat[lo + (j + shift) % length]
                if b > a:
                    ok = False
                    break
                if b < a:
                    break
            if not ok:
                break
        out[r] = ok


@njit(cache=True, nogil=True)
def rank_composition_row(flat: np.ndarray, lo: int, hi: int, n: int) -> int:
    """The index of ``flat[lo:hi]`` as a composition of n of any length (the bit set of its
    cuts), or −code: a part below 1, or a sum other than n."""
    index = np.int64(0)
    cut = 0
    for i in range(lo, hi):
        v = flat[i]
        if v < 1:
            return -BAD_PART
        cut += v
        if cut > n:
            return -BAD_SUM
        if i < hi - 1:
            index |= np.int64(1) << (n - 1 - cut)
    if cut != n:
        return -BAD_SUM
    return int(index)
