"""Compiled loops of Montreal solitaire on positions encoded as integers.

A position (a_1, …, a_ℓ) of size n (entries ≥ 0, a_1, a_ℓ > 0) is encoded in stars and bars:
the bits 1^(a_1) 0 1^(a_2) 0 … 0 1^(a_ℓ), most significant first, an integer of exactly
n + ℓ − 1 bits (its first and last bits are 1, so no length needs storing beside it). The
codes of a set of positions are kept sorted; a position's index is its code's place.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def composition_codes(m: int) -> tuple[np.ndarray, np.ndarray]:
    """Codes and lengths of the 2^(m−1) zero-free compositions of m (m ≥ 1)."""
    total = np.int64(1) << (m - 1)
    codes = np.empty(total, dtype=np.int64)
    lengths = np.empty(total, dtype=np.int64)
    for x in range(total):
        # bit s − 1 of x set: a cut after the first s cards (bit m − 1 is 0: x < 2^(m−1))
        code = np.int64(0)
        length = 1
        for s in range(1, m + 1):
            code = (code << 1) | 1
            if (x >> (s - 1)) & 1:
                code <<= 1
                length += 1
        codes[x] = code
        lengths[x] = length
    return codes, lengths


@njit(cache=True)
def _decode(code: np.int64, width: int, out: np.ndarray) -> int:
    """Entries of a code of ``width`` bits into out; returns the length."""
    length = 0
    run = 0
    for bit in range(width - 1, -1, -1):
        if (code >> bit) & 1:
            run += 1
        else:
            out[length] = run
            length += 1
            run = 0
    out[length] = run
    return length + 1


@njit(cache=True)
def montreal_successors(
    n: int, codes: np.ndarray, lengths: np.ndarray, out_codes: np.ndarray, out_lengths: np.ndarray
) -> None:
    """The code and length of M(α) for every code α.

    Local form of M (SPEC-games.md §3): with a 0 appended, a'_x = a_x − 1 where a_x > 0, and
    a'_x = the length of the positive run ending at x − 1 where a_x = 0; leading zeros are
    then dropped. The last entry is the final run's length, so the image ends in a positive
    entry and keeps size n.
    """
    a = np.zeros(66, dtype=np.int64)  # lengths stay below 64: codes are int64
    for t in range(codes.shape[0]):
        length = _decode(codes[t], n + lengths[t] - 1, a)
        a[length] = 0
        run = 0
        start = -1
        code = np.int64(0)
        for x in range(length + 1):
            v = a[x]
            new = v - 1 if v > 0 else run
            run = run + 1 if v > 0 else 0
            if start < 0:
                if new == 0:
                    continue
                start = x
            else:
                code <<= 1
            code = (code << new) | ((np.int64(1) << new) - 1)
        out_codes[t] = code
        out_lengths[t] = length + 1 - start


@njit(cache=True)
def decode_all(
    n: int, codes: np.ndarray, lengths: np.ndarray, entries: np.ndarray, offsets: np.ndarray
) -> None:
    """Every position's entries, flat, with offsets (``entries`` holds Σ lengths values)."""
    buf = np.zeros(66, dtype=np.int64)
    pos = 0
    for t in range(codes.shape[0]):
        offsets[t] = pos
        length = _decode(codes[t], n + lengths[t] - 1, buf)
        for i in range(length):
            entries[pos + i] = buf[i]
        pos += length
    offsets[codes.shape[0]] = pos


@njit(cache=True)
def orbit_maximum(
    successor: np.ndarray,
    cycle_of: np.ndarray,
    distance: np.ndarray,
    values: np.ndarray,
    cycle_count: int,
) -> np.ndarray:
    """max{values[f^t(v)] : t ≥ 0} for every v of a functional graph f (analysis given)."""
    size = successor.shape[0]
    best_on_cycle = np.zeros(cycle_count, dtype=np.int64)
    for v in range(size):
        if distance[v] == 0 and values[v] > best_on_cycle[cycle_of[v]]:
            best_on_cycle[cycle_of[v]] = values[v]
    result = np.empty(size, dtype=np.int64)
    order = np.argsort(distance, kind="mergesort")
    for t in range(size):
        v = order[t]
        if distance[v] == 0:
            result[v] = best_on_cycle[cycle_of[v]]
        else:
            onward = result[successor[v]]
            result[v] = values[v] if values[v] > onward else onward
    return result
