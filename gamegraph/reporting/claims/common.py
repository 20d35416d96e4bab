"""Helpers the claim modules share: partitions as keys, triangular numbers and necklaces
(Theorem 2 of seed 001), the ranges of B_n and G_n reached, a claim for every n of a range as
the list of the n where it fails, and a game's graph built once, its moves as positions."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from gamegraph.core.spaces import Necklaces
from gamegraph.games import get_game
from gamegraph.games.base import Game
from gamegraph.reporting.claims.evaluators import EvalResult, span
from gamegraph.reporting.data import ReportData
from gamegraph.reporting.steps import keys

__all__ = [
    "arcs",
    "built",
    "cycle_through",
    "every_b",
    "every_f",
    "f_range",
    "failing",
    "half_square_t",
    "keys",
    "necklaces",
    "triangle_split",
]


def triangle_split(n: int) -> tuple[int, int]:
    """(k, r) with n = k(k−1)/2 + r, 1 <= r <= k."""
    k = 1
    while k * (k + 1) // 2 < n:
        k += 1
    return k, n - k * (k - 1) // 2


def necklaces(n: int) -> int:
    """C(n) of seed 001 Theorem 2: for n = k(k − 1)/2 + r, the necklaces of r black and k − r
    white beads, that is the weak compositions of k − r into r parts up to rotation."""
    k, r = triangle_split(n)
    return Necklaces(k - r, length=r, weak=True).cardinality()


def half_square_t(n: int) -> int | None:
    t = math.isqrt(n // 2)
    return t if 2 * t * t == n and t >= 1 else None


def f_range(data: ReportData, start: int = 1) -> range:
    return range(start, data.n_max + 1)


def failing(fails: Callable[[int], bool], lo: int, hi: int, what: str = "n") -> EvalResult:
    """A claim for every n with lo ≤ n ≤ hi: the n where ``fails(n)``."""
    return EvalResult([n for n in range(lo, hi + 1) if fails(n)], span(lo, hi, what))


def every_b(data: ReportData, fails: Callable[[int], bool]) -> EvalResult:
    """A claim for every B_n reached: the n ≤ b_max where ``fails(n)``."""
    return failing(fails, 1, data.b_max)


def every_f(data: ReportData, fails: Callable[[int], bool], start: int = 1) -> EvalResult:
    """A claim for every G_n reached from ``start`` on: the n where ``fails(n)``."""
    return failing(fails, start, data.n_max)


def cycle_through(data: ReportData, n: int, key: str) -> list[str] | None:
    for cycle in data.bulgarian[n]["short_cycles"]:
        if key in cycle:
            start = cycle.index(key)
            return list(cycle[start:] + cycle[:start])
    return None


def arcs(graph: Any) -> Iterator[tuple[Any, Any]]:
    """(position, its image) for every position of a game's functional graph, in index order."""
    for i in range(graph.size):
        yield graph.position(i), graph.position(int(graph.successor[i]))


@cache
def built(game: str | type[Game[Any]], **params: Any) -> Any:
    """The graph of a game (its class, or its registered name) for ``params``, built once."""
    return (get_game(game) if isinstance(game, str) else game).create(**params).build()
