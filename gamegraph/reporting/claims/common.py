"""Helpers the claim modules of seeds 000 and 001 share: partitions as keys, triangular
numbers and necklaces (Theorem 2 of seed 001), the ranges of B_n and G_n reached, and a claim
for every n of a range as the list of the n where it fails."""

from __future__ import annotations

import math
from collections.abc import Callable

from gamegraph.games.partitions import Partition, canonical_key
from gamegraph.reporting.claims.evaluators import EvalResult, span
from gamegraph.reporting.data import ReportData

__all__ = [
    "b_range",
    "cycle_through",
    "every_b",
    "every_f",
    "f_range",
    "half_square_t",
    "keys",
    "necklaces",
    "triangle_split",
    "triangular_k",
]


def keys(parts: list[Partition]) -> list[str]:
    return [canonical_key(p) for p in parts]


def triangle_split(n: int) -> tuple[int, int]:
    """(k, r) with n = k(k−1)/2 + r, 1 <= r <= k."""
    k = 1
    while k * (k + 1) // 2 < n:
        k += 1
    return k, n - k * (k - 1) // 2


def triangular_k(n: int) -> int | None:
    k, r = triangle_split(n)
    return k if r == k else None


def necklaces(n: int) -> int:
    """C(n) of seed 001 Theorem 2."""
    k, r = triangle_split(n)
    g = math.gcd(r, k)
    total = sum(_phi(d) * math.comb(k // d, r // d) for d in range(1, g + 1) if g % d == 0)
    return total // k


def _phi(d: int) -> int:
    return sum(1 for i in range(1, d + 1) if math.gcd(i, d) == 1)


def half_square_t(n: int) -> int | None:
    t = math.isqrt(n // 2)
    return t if 2 * t * t == n and t >= 1 else None


def b_range(data: ReportData) -> range:
    return range(1, data.b_max + 1)


def f_range(data: ReportData, start: int = 1, stop: int | None = None) -> range:
    return range(start, min(data.n_max, stop or data.n_max) + 1)


def every_b(data: ReportData, fails: Callable[[int], bool]) -> EvalResult:
    """A claim for every B_n reached: the n ≤ b_max where ``fails(n)``."""
    return EvalResult([n for n in b_range(data) if fails(n)], span(1, data.b_max))


def every_f(data: ReportData, fails: Callable[[int], bool], start: int = 1) -> EvalResult:
    """A claim for every G_n reached from ``start`` on: the n where ``fails(n)``."""
    return EvalResult([n for n in f_range(data, start) if fails(n)], span(start, data.n_max))


def cycle_through(data: ReportData, n: int, key: str) -> list[str] | None:
    for cycle in data.bulgarian[n]["short_cycles"]:
        if key in cycle:
            start = cycle.index(key)
            return list(cycle[start:] + cycle[:start])
    return None
