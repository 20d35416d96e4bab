"""Compiled bulk loops of Tchoukaillon solitaire and strange roots (numba).

Everything here works on int64 and is exact for the ranges the engine accepts (n ≤ 10^12:
the largest product formed is i·(y + 1) with i ≈ √(πn), far below 2^63).
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "fagan_root",
    "fagan_roots_direct",
    "first_stones_with_hole",
    "rightmost_holes",
    "strange_root",
    "strange_roots_direct",
    "strange_roots_sieve",
]


@njit(cache=True)
def rightmost_holes(top: int) -> np.ndarray:
    """out[n] = rightmost non-empty hole of Tchouk_n for 0 ≤ n ≤ top (out[0] = 0).

    Plays the recursion of seed 002 l.51 from the empty board: with i the leftmost empty
    hole, put i stones in hole i and take one from each of holes 1..i − 1.
    """
    out = np.zeros(top + 1, dtype=np.int64)
    board = np.zeros(64, dtype=np.int64)  # board[i] = stones in hole i; board[0] unused
    length = 0
    for n in range(1, top + 1):
        i = 1
        while i <= length and board[i] != 0:
            i += 1
        if i + 1 >= board.shape[0]:
            bigger = np.zeros(board.shape[0] * 2, dtype=np.int64)
            bigger[: board.shape[0]] = board
            board = bigger
        board[i] = i
        for j in range(1, i):
            board[j] -= 1
        if i > length:
            length = i
        out[n] = length
    return out


@njit(cache=True)
def strange_root(n: int) -> tuple[int, int]:
    """The last pair ⟨i, y⟩ of Alist_n (Lemma 2.3: y = i = sr(n)).

    From ⟨1, n⟩, while y > i: ⟨i, y⟩ → ⟨i + 1, ⌊i(y + 1)/(i + 1)⌋ + 1⟩.
    """
    i = 1
    y = n
    while y > i:
        y = (i * (y + 1)) // (i + 1) + 1
        i += 1
    return i, y


@njit(cache=True)
def strange_roots_direct(top: int) -> tuple[np.ndarray, np.ndarray]:
    """The last Alist pair ⟨i, y⟩ of every n in 0..top, by iterating Alist_n itself."""
    return _last_pairs(top, False)


@njit(cache=True)
def _last_pairs(top: int, fagan: bool) -> tuple[np.ndarray, np.ndarray]:
    """The last pair of Alist_n (:func:`strange_root`) or, ``fagan``, of CF(n)
    (:func:`fagan_root`) for every n in 1..top; index 0 holds zeros."""
    first = np.zeros(top + 1, dtype=np.int64)
    second = np.zeros(top + 1, dtype=np.int64)
    for n in range(1, top + 1):
        first[n], second[n] = fagan_root(n) if fagan else strange_root(n)
    return first, second


@njit(cache=True)
def first_stones_with_hole(top_k: int) -> np.ndarray:
    """f[k] = the least n whose winnable board uses hole k, for 0 ≤ k ≤ top_k (f[0] = 0).

    The sieve: x = k, then for j = k − 1, …, 2 round x up to a multiple of j (j = 1 would
    leave x as it is).
    """
    f = np.zeros(top_k + 1, dtype=np.int64)
    for k in range(1, top_k + 1):
        f[k] = _least_with_hole(k)
    return f


@njit(cache=True, inline="always")
def _least_with_hole(k: int) -> int:
    """f(k): k rounded up to a multiple of k − 1, then of k − 2, ..., then of 2."""
    x = k
    for j in range(k - 1, 1, -1):
        x = ((x + j - 1) // j) * j
    return x


@njit(cache=True)
def strange_roots_sieve(top: int) -> np.ndarray:
    """out[n] = sr(n) for 1 ≤ n ≤ top (out[0] = 0), from sr(n) = k ⇔ f(k−1) < n ≤ f(k)."""
    out = np.zeros(top + 1, dtype=np.int64)
    k = 1
    x = 1  # f(k)
    for n in range(1, top + 1):
        while x < n:
            k += 1
            x = _least_with_hole(k)
        out[n] = k
    return out


@njit(cache=True)
def fagan_root(m: int) -> tuple[int, int]:
    """The last Fagan pair (i, a) of CF(m) (its sea, (cf(m), cf(m)) by Lemma 2.3).

    From (2, 2m), while a > i: (i, a) → (i + 1, a′) with a′ the least integer such that
    (i + 1)a′ > i·a and i + 1 + a′ is even.
    """
    i = 2
    a = 2 * m
    while a > i:
        nxt = (i * a) // (i + 1) + 1
        if (i + 1 + nxt) % 2 != 0:
            nxt += 1
        i += 1
        a = nxt
    return i, a


@njit(cache=True)
def fagan_roots_direct(top: int) -> tuple[np.ndarray, np.ndarray]:
    """The last Fagan pair (i, a) of CF(m) for every m in 0..top (index 0 unused)."""
    return _last_pairs(top, True)
