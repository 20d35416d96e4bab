"""Strategies for Floridian solitaire played on the full G_n (open question 3 of seed 000).

A strategy picks one legal α-move in every position; the Ω-move follows. Its success rate is
the fraction of separated starting partitions from which play reaches a recurrent state,
computed exactly over every start (the expected rate from a uniformly random start), not
sampled. The strategies:

* ``largest_new_part``: reduce as many parts as possible (the largest new part s);
* ``smallest_new_part``: reduce as few parts as possible;
* ``most_options``: the move after which the next α-position has the most α-moves;
* ``uniform_random``: a uniformly random legal α-move (distinct λ2) each turn; its rate is
  the exact probability, solved over the acyclic graph of non-recurrent positions;
* ``optimal``: the winning positions (the best any strategy can do).

Ties go to the first move in S(n) order (the lexicographically largest λ2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from gamegraph.core.graphs import ArcGraph, distance_to
from gamegraph.reporting import _kernels as rk
from gamegraph.reporting.records import Strategies

__all__ = ["STRATEGIES", "alpha_new_part_array", "strategy_success"]

STRATEGIES = tuple(Strategies.__annotations__)
"""The strategies' names, in the order of the record's keys."""

if TYPE_CHECKING:
    from gamegraph.games.floridian.engine import FloridianGraph


def alpha_new_part_array(graph: FloridianGraph) -> np.ndarray:
    """The new part s of every built α-arc (``alpha_arcs()`` order)."""
    out = np.empty(graph.alpha_dst.shape[0], dtype=np.int64)
    pos = graph.positions
    rk.alpha_new_parts(
        graph.n, pos.parts, pos.offsets, graph.sources, graph.alpha_ptr, graph.alpha_dst, out
    )
    return out


def _first_best(ptr: np.ndarray, score: np.ndarray) -> np.ndarray:
    """Per row, the arc index with the largest score (first on ties); -1 for empty rows."""
    rows = ptr.shape[0] - 1
    choice = np.full(rows, -1, dtype=np.int64)
    nonempty = np.flatnonzero(np.diff(ptr) > 0)
    if nonempty.size == 0:
        return choice
    starts = ptr[nonempty]
    best = np.maximum.reduceat(score, starts)
    row_of_arc = np.repeat(np.arange(rows), np.diff(ptr))
    full_best = np.full(rows, np.iinfo(np.int64).min, dtype=np.int64)
    full_best[nonempty] = best
    index = np.arange(score.shape[0], dtype=np.int64)
    candidate = np.where(score == full_best[row_of_arc], index, np.iinfo(np.int64).max)
    choice[nonempty] = np.minimum.reduceat(candidate, starts)
    return choice


def _deterministic(graph: FloridianGraph, score: np.ndarray) -> float:
    """The fraction of starts from which the strategy's play (the move of the best score, then
    the Ω-move) reaches a recurrent state: a path to one in the graph of the moves it plays (a
    repeat would be a cycle of G_n, so recurrent itself)."""
    choice = _first_best(graph.alpha_ptr, score)
    if graph.alpha_dst.shape[0] == 0:
        return float(graph.recurrent.mean())
    moving = np.flatnonzero(choice >= 0)
    after = graph.omega_of[graph.alpha_dst[choice[moving]]]
    played = ArcGraph.from_arcs(choice.shape[0], moving, after)
    return float((distance_to(played, graph.recurrent) >= 0).mean())


def _uniform_random(graph: FloridianGraph) -> float:
    """Exact success probability of uniformly random legal moves, averaged over starts."""
    nxt = graph.omega_of[graph.alpha_dst].astype(np.int64)
    return float(rk.uniform_success(graph.alpha_ptr, nxt, graph.recurrent).mean())


def strategy_success(graph: FloridianGraph) -> Strategies:
    """Success rate of each strategy of :data:`STRATEGIES` on the full G_n."""
    if graph.restricted:
        raise ValueError("strategies need the full G_n")
    new_part = alpha_new_part_array(graph)
    options = np.diff(graph.alpha_ptr)[graph.omega_of[graph.alpha_dst]]
    return {
        "largest_new_part": _deterministic(graph, new_part),
        "smallest_new_part": _deterministic(graph, -new_part),
        "most_options": _deterministic(graph, options.astype(np.int64)),
        "uniform_random": _uniform_random(graph),
        "optimal": float(graph.winning.mean()),
    }
