"""Compiled fast sieve for f(k), the least n whose winnable board uses hole k (numba).

The sieve of :func:`gamegraph.games.tchoukaillon._kernels.first_stones_with_hole` starts at
x = k and rounds x up to a multiple of j for j = k − 1, …, 1: k − 1 steps for one k. Write
x = (j + 1)·Q before the step at j (x = k = k·1 at the start); the step gives
Q ← Q + d with d = ⌈Q/j⌉, and since Q grows while j falls, d never decreases.

*Long runs* (large j): d stays the same for consecutive steps. From (j0, Q0) with
d = ⌈Q0/j0⌉, step t (t = 0, 1, …) keeps d as long as Q0 + t·d ≤ d·(j0 − t), that is
for t ≤ (d·j0 − Q0)/(2d) (the lower bound (d − 1)·j_t < Q_t only gets easier), so a whole
run is one division: Q ← Q0 + (T + 1)·d, j ← j0 − T − 1. With X = f(k) ≈ k²/π, d ≈ X/j², so
runs are long while j ≫ X^{1/3} and there are about X/J² runs above a cut J.

*Short steps* (j ≤ J): d changes at every step and the plain rounding x ← ⌈x/j⌉·j is done
for a batch of consecutive k at once, one vector operation per j over the batch, in float64:
every x stays an exact integer below 2^53 (f(k) < 2^53 for k < 1.6·10^8) and one comparison
repairs the rounding of the quotient.

Per k: X/J² runs plus J vector steps; J = (2·c·X)^{1/3} balances them (c the cost ratio of
a scalar run to a vector step), so f(k) costs O(k^{2/3}) and all k ≤ N cost O(N^{5/3})
instead of the sieve's O(N²).
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["BATCH", "MAX_K", "fast_first_stones", "short_cut"]

MAX_K = 150_000_000
"""Largest k: f(k) ≈ k²/π stays below 2^53 (exact float64 integers) up to k ≈ 1.68·10^8."""

BATCH = 256
"""Consecutive k rounded together in the vector phase."""

RUN_TO_STEP_COST = 12.0
"""Cost of one lock-step run over one vector step per k (measured best of 2..100 at 10^7)."""


@njit(cache=True)
def short_cut(k: int) -> int:
    """J, the j at which k's sieve leaves the long runs for the vector steps (J ≤ k − 1)."""
    x = k * k / np.pi
    cut = int((2.0 * RUN_TO_STEP_COST * x) ** (1.0 / 3.0))
    return min(max(cut, 1), k - 1)


@njit(cache=True)
def _runs_down_to(first: int, width: int, cut: int, x: np.ndarray) -> None:
    """x[i] = x after the steps j = k − 1, …, cut + 1 for k = first + i, by long runs.

    The k of a batch are advanced in lock step, one run each per pass, in float64 (exact:
    every value is an integer below 2^53), so the divisions of different k overlap.
    """
    j = np.empty(width, dtype=np.float64)
    q = np.ones(width, dtype=np.float64)
    fcut = float(cut)
    for i in range(width):
        j[i] = float(first + i - 1)
    active = True
    while active:
        active = False
        for i in range(width):
            ji = j[i]
            if ji <= fcut:
                continue
            active = True
            qi = q[i]
            d = np.ceil(qi / ji)
            if d * ji < qi:
                d += 1.0
            elif (d - 1.0) * ji >= qi:
                d -= 1.0
            num = d * ji - qi
            den = 2.0 * d
            t = np.floor(num / den)
            if (t + 1.0) * den <= num:
                t += 1.0
            elif t * den > num:
                t -= 1.0
            room = ji - fcut - 1.0
            if t > room:
                t = room
            q[i] = qi + (t + 1.0) * d
            j[i] = ji - t - 1.0
    for i in range(width):
        x[i] = q[i] * (j[i] + 1.0)


@njit(cache=True)
def fast_first_stones(lo: int, hi: int) -> np.ndarray:
    """out[i] = f(lo + i) for lo ≤ k < hi (f(0) = 0, f(1) = 1), exact for k ≤ :data:`MAX_K`."""
    out = np.zeros(hi - lo, dtype=np.int64)
    x = np.empty(BATCH, dtype=np.float64)
    start = lo
    while start < hi:
        stop = min(start + BATCH, hi)
        first = max(start, 2)
        if first < stop:
            cut = short_cut(first)
            width = stop - first
            _runs_down_to(first, width, cut, x)
            for j in range(cut, 0, -1):
                fj = float(j)
                for i in range(width):
                    y = np.ceil(x[i] / fj) * fj
                    if y < x[i]:
                        y += fj
                    x[i] = y
            for k in range(first, stop):
                out[k - lo] = int(x[k - first])
        for k in range(start, first):
            out[k - lo] = k  # f(0) = 0, f(1) = 1
        start = stop
    return out
