"""Compiled (numba) ranking and unranking of the partition spaces, many rows per call (the
compositions' are in :mod:`._composition_kernels`).

Partitions are numbered in *descending lexicographic order* (index 0 is the partition with
the largest first part, (n) when it is allowed; the last is the smallest). With
T[s, r, c] = the number of partitions of r into at most s parts, each at most c (distinct
parts where asked), the index of λ is total − 1 − Σ_i T[s − i, r_i, λ_i − 1], r_i being what
is left of n before part i (the members that agree with λ before part i and are smaller
there). Without a bound on the parts' number the table has one slot (s = 0 stands for any).

A rank kernel returns −1 when every row is a member, else ``code * 2**32 + row`` of the
first row that is not (``strict``), or marks such rows with id −1 and goes on.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "BAD_BIG",
    "BAD_CODES",
    "BAD_COUNT",
    "BAD_ORDER",
    "BAD_PART",
    "BAD_SUM",
    "OK",
    "enumerate_partitions",
    "largest_tail",
    "next_partition",
    "partition_run",
    "partition_table",
    "rank_partition_row",
    "rank_partitions",
    "rank_partitions_plain",
    "settle",
    "unrank_partition",
    "unrank_partitions",
]

Bounds = tuple[int, int, int, bool, bool, np.ndarray, np.ndarray, bool]
"""What a partition space's kernels take: n, max_parts, max_part, limited, distinct, the
table, starts, sized (:attr:`gamegraph.core.spaces.partitions.Partitions._bounds`)."""

OK = 0
BAD_SUM = 1
BAD_ORDER = 2
BAD_PART = 3
BAD_BIG = 4
BAD_COUNT = 5
BAD_CODES = {
    BAD_SUM: "its entries add up to {sum}, not n = {n}",
    BAD_ORDER: "its parts are not in {order} order",
    BAD_PART: "it has an entry out of range (parts are at least {low}{high})",
    BAD_BIG: "its parts add up to more than n = {n}",
    BAD_COUNT: "it has more than {count} entries",
}
"""Why a row is no member (the codes of the rank kernels), formatted by the spaces."""


@njit(cache=True, nogil=True)
def settle(out: np.ndarray, r: int, code: int, index: int, strict: bool) -> int:
    """Row r ranked: ``out[r]`` is its id, or −1 when ``code`` says it is no member; the
    return value is −1 (go on), or ``code * 2**32 + r`` when ``strict`` stops at it."""
    if code == OK:
        out[r] = index
        return -1
    if strict:
        return code * 2**32 + r
    out[r] = -1
    return -1


@njit(cache=True)
def partition_table(n: int, slots: int, limited: bool, distinct: bool) -> np.ndarray:
    """T[s, r, c] for 0 <= s <= slots, 0 <= r, c <= n (int64; see the module docstring)."""
    table = np.zeros((slots + 1, n + 1, n + 1), dtype=np.int64)
    for s in range(slots + 1):
        for c in range(n + 1):
            table[s, 0, c] = 1
    for s in range(slots + 1):
        for r in range(1, n + 1):
            for c in range(1, n + 1):
                value = table[s, r, c - 1]
                if r >= c:
                    below_c = c - 1 if distinct else c
                    if not limited:
                        value += table[s, r - c, below_c]
                    elif s >= 1:
                        value += table[s - 1, r - c, below_c]
                table[s, r, c] = value
    return table


@njit(cache=True, nogil=True)
def rank_partitions(
    flat: np.ndarray, offsets: np.ndarray, bounds: Bounds, strict: bool, out: np.ndarray
) -> int:
    """The index of every row as a member into ``out``.

    ``bounds``: n, max_parts, max_part, limited, distinct, the table, ``starts`` and
    ``sized`` (the rows are partitions of any size 0..n, numbered by size first: ``starts[s]``
    is the index of the first partition of size s; else of n exactly).
    """
    n, max_parts, max_part, limited, distinct, table, starts, sized = bounds
    slot0 = max_parts if limited else 0
    for r in range(offsets.shape[0] - 1):
        lo = offsets[r]
        hi = offsets[r + 1]
        code = OK
        size = n
        if sized:
            size = 0
            for i in range(lo, hi):
                size += flat[i]
            if size > n:
                code = BAD_BIG
            elif size < 0:
                code = BAD_PART
        if code == OK and hi - lo > max_parts:
            code = BAD_COUNT
        remaining = size
        below = 0
        previous = max_part + 1
        slot = slot0
        if code == OK:
            for i in range(lo, hi):
                v = flat[i]
                if v < 1 or v > max_part:
                    code = BAD_PART
                    break
                if v > previous or (distinct and v == previous):
                    code = BAD_ORDER
                    break
                if v > remaining:
                    code = BAD_SUM
                    break
                below += table[slot, remaining, v - 1]
                remaining -= v
                previous = v
                if limited:
                    slot -= 1
            if code == OK and remaining != 0:
                code = BAD_SUM
        index = 0
        if code == OK:  # size is a member's: the table holds it
            cap = max_part if max_part < size else size
            index = table[slot0, size, cap] - 1 - below + (starts[size] if sized else 0)
        stop = settle(out, r, code, index, strict)
        if stop >= 0:
            return stop
    return -1


@njit(cache=True, nogil=True)
def _unrank_one(
    index: int,
    size: int,
    max_part: int,
    slot0: int,
    limited: bool,
    distinct: bool,
    table: np.ndarray,
    parts: np.ndarray,
) -> int:
    """Write the partition of ``size`` with this index into ``parts``; returns its length."""
    cap = max_part if max_part < size else size
    below = table[slot0, size, cap] - 1 - index
    remaining = size
    slot = slot0
    k = 0
    while remaining > 0:
        # the smallest v whose count of members starting with a part <= v exceeds below
        lo = 1
        hi = cap
        while lo < hi:
            mid = (lo + hi) // 2
            if table[slot, remaining, mid] > below:
                hi = mid
            else:
                lo = mid + 1
        v = lo
        below -= table[slot, remaining, v - 1]
        parts[k] = v
        k += 1
        remaining -= v
        cap = v - 1 if distinct else v
        if cap > remaining:
            cap = remaining
        if limited:
            slot -= 1
    return k


@njit(cache=True, nogil=True)
def unrank_partition(index: int, size: int, table: np.ndarray, parts: np.ndarray) -> int:
    """The partition of ``size`` with this index (no bounds; ``table`` the 2-D slot 0, of
    at least ``size``) into ``parts``; returns its length."""
    return _unrank_one(
        index,
        size,
        size,
        0,
        False,
        False,
        table.reshape((1, table.shape[0], table.shape[1])),
        parts,
    )


@njit(cache=True, nogil=True)
def _size_of(index: int, starts: np.ndarray) -> int:
    """The size s with starts[s] <= index < starts[s + 1]."""
    lo = 0
    hi = starts.shape[0] - 2
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= index:
            lo = mid
        else:
            hi = mid - 1
    return lo


@njit(cache=True, nogil=True)
def unrank_partitions(
    ids: np.ndarray, bounds: Bounds, offsets: np.ndarray, flat: np.ndarray
) -> None:
    """The member with id ``ids[i]`` (``bounds`` as for :func:`rank_partitions`) has
    ``offsets[i + 1] − offsets[i]`` parts, written into ``flat[offsets[i]:offsets[i + 1]]``;
    with an empty ``flat`` only the offsets are found (call again with room for
    ``offsets[-1]`` parts)."""
    n, max_parts, max_part, limited, distinct, table, starts, sized = bounds
    slot0 = max_parts if limited else 0
    parts = np.zeros(n + 1, dtype=np.int64)
    write = flat.shape[0] > 0
    offsets[0] = 0
    for i in range(ids.shape[0]):
        index = ids[i]
        size = n
        if sized:
            size = _size_of(index, starts)
            index -= starts[size]
        k = _unrank_one(index, size, max_part, slot0, limited, distinct, table, parts)
        offsets[i + 1] = offsets[i] + k
        if write:
            for j in range(k):
                flat[offsets[i] + j] = parts[j]


@njit(cache=True, nogil=True)
def next_partition(a: np.ndarray, k: int) -> int:
    """Advance ``a[:k]`` to the next partition in descending lexicographic order (no bounds),
    in place; returns its length, or −1 after the last (all parts 1)."""
    j = k - 1
    while j >= 0 and a[j] == 1:
        j -= 1
    if j < 0:
        return -1
    a[j] -= 1
    return largest_tail(a, j + 1, k - j, a[j])


@njit(cache=True, nogil=True)
def largest_tail(a: np.ndarray, k: int, rest: int, cap: int) -> int:
    """Append after ``a[:k]`` the first partition of ``rest`` with parts ≤ cap in descending
    lexicographic order (cap, cap, …, the remainder); the new length."""
    while rest > 0:
        take = cap if cap < rest else rest
        a[k] = take
        k += 1
        rest -= take
    return k


@njit(cache=True, nogil=True)
def partition_run(
    first: int, count: int, size: int, table: np.ndarray, offsets: np.ndarray, flat: np.ndarray
) -> int:
    """The partitions of ``size`` (no bounds; ``table`` the 2-D slot 0) with ids
    first..first + count − 1, walked in order from the first. ``offsets[0]`` is where the
    run starts; ``offsets[1:count + 1]`` are written, and the parts too unless ``flat`` is
    empty (then only counted). Returns the offset after the run."""
    if count <= 0:
        return int(offsets[0])
    a = np.zeros(size + 2, dtype=np.int64)
    k = unrank_partition(first, size, table, a)
    pos = offsets[0]
    last = count - 1
    if flat.shape[0] == 0:
        for i in range(count):
            pos += k
            offsets[i + 1] = pos
            if i < last:
                k = next_partition(a, k)
        return int(pos)
    for i in range(count):
        for j in range(k):
            flat[pos + j] = a[j]
        pos += k
        offsets[i + 1] = pos
        if i < last:
            k = next_partition(a, k)
    return int(pos)


@njit(cache=True, nogil=True)
def rank_partition_row(flat: np.ndarray, lo: int, hi: int, n: int, table: np.ndarray) -> int:
    """The index of ``flat[lo:hi]`` as a partition of n (no bounds; ``table`` the 2-D slot
    0), or −code (:data:`BAD_CODES`): a part below 1, then one above what is left of n,
    then one above the part before it, then a sum short of n."""
    remaining = n
    below = 0
    previous = n + 1
    for i in range(lo, hi):
        v = flat[i]
        if v < 1:
            return -BAD_PART
        if v > remaining:
            return -BAD_SUM
        if v > previous:
            return -BAD_ORDER
        below += table[remaining, v - 1]
        remaining -= v
        previous = v
    if remaining != 0:
        return -BAD_SUM
    return int(table[n, n] - 1 - below)


@njit(cache=True, nogil=True)
def rank_partitions_plain(
    flat: np.ndarray,
    offsets: np.ndarray,
    n: int,
    table: np.ndarray,
    starts: np.ndarray,
    sized: bool,
    strict: bool,
    out: np.ndarray,
) -> int:
    """:func:`rank_partitions` without bounds on the parts (``table`` is the 2-D slot 0):
    the inner loop of the engines, kept lean. With ``sized`` a row is checked part by part
    for a part below 1, then the order, then a running size above n (the first failure
    counts), and ranked after."""
    for r in range(offsets.shape[0] - 1):
        lo = offsets[r]
        hi = offsets[r + 1]
        code = OK
        size = n
        below = 0
        if sized:
            size = 0
            previous = n + 1
            for i in range(lo, hi):
                v = flat[i]
                if v < 1:
                    code = BAD_PART
                    break
                if i > lo and v > previous:  # a first part above n is too big, not out of order
                    code = BAD_ORDER
                    break
                size += v
                if size > n:
                    code = BAD_BIG
                    break
                previous = v
            if code == OK:
                remaining = size
                for i in range(lo, hi):
                    v = flat[i]
                    below += table[remaining, v - 1]
                    remaining -= v
        else:
            index = rank_partition_row(flat, lo, hi, n, table)
            if index < 0:
                code = -index
            else:
                out[r] = index
                continue
        index = 0
        if code == OK:  # size is a member's: the table holds it
            index = table[size, size] - 1 - below + (starts[size] if sized else 0)
        stop = settle(out, r, code, index, strict)
        if stop >= 0:
            return stop
    return -1


@njit(cache=True, nogil=True)
def enumerate_partitions(n: int, parts: np.ndarray, offsets: np.ndarray) -> None:
    """Every partition of n, in id order, as flat parts with offsets (sizes from a prior
    count): the walk of :func:`partition_run` from (n) to the end, in the loop form that
    runs about twice as fast as one that counts (measured at n = 70)."""
    a = np.zeros(n + 2, dtype=np.int64)
    a[0] = n
    k = 1 if n > 0 else 0
    idx = 0
    pos = 0
    while True:
        offsets[idx] = pos
        for i in range(k):
            parts[pos + i] = a[i]
        pos += k
        idx += 1
        k = next_partition(a, k)
        if k == -1:
            offsets[idx] = pos
            return
