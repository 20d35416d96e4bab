"""Impartial play on an arc graph under the normal rule (who cannot move loses).

- :func:`outcomes`: P (the player to move loses), N (wins) or D (a draw: play goes on for
  ever), by retrograde analysis, so a loopy game gets its draws;
- :func:`grundy`: the Sprague-Grundy value where play is finite, -1 where a cycle can be
  reached;
- :func:`loopy_values`: Smith's generalized Sprague-Grundy values, defined on every node of
  every finite graph: a finite value, or ∞_K, where K is the set of the finite values among
  the node's options (C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1
  (1966); the labelling algorithm of A. S. Fraenkel and Y. Yesha, "The generalized
  Sprague-Grundy function and its invariance under certain mappings", J. Combin. Theory A 43
  (1986));
- :func:`disjunctive_sum`: the sum G + H (a move is a move in exactly one component) and its
  values by the sum rule.

On an acyclic graph the loopy values are the Sprague-Grundy values. A node's loopy value
gives its outcome: 0 is P, a positive value N, ∞_K is N when 0 is in K and D otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from gamegraph.core.graphs import _play_kernels as k
from gamegraph.core.graphs.types import ArcGraph, FunctionalGraph, as_arcs

__all__ = [
    "DRAW",
    "INFINITE",
    "LOSS",
    "WIN",
    "LoopyValues",
    "disjunctive_sum",
    "grundy",
    "infinity_label",
    "loopy_values",
    "outcomes",
    "sum_rule",
]

DRAW, LOSS, WIN = 0, 1, 2
"""Outcome codes of :func:`outcomes`: D, P (the player to move loses), N."""
INFINITE = k.INFINITE
"""The value ∞ in :attr:`LoopyValues.value`."""

Graph = FunctionalGraph | ArcGraph


def outcomes(graph: Graph) -> np.ndarray:
    """The normal-play outcome of every node (int8): :data:`LOSS` (P), :data:`WIN` (N) or
    :data:`DRAW` (D)."""
    arcs = as_arcs(graph)
    back = arcs.transpose
    return np.asarray(k.retrograde_outcomes(arcs.indptr, back.indptr, back.indices)[0])


def grundy(graph: Graph) -> np.ndarray:
    """The Sprague-Grundy value (mex of the options' values) of every node whose play is
    finite, -1 where a cycle can be reached."""
    arcs = as_arcs(graph)
    back = arcs.transpose
    return np.asarray(k.grundy_values(arcs.indptr, arcs.indices, back.indptr, back.indices))


@dataclass(frozen=True, eq=False)
class LoopyValues:
    """Smith's values of a graph's nodes: ``value[v]`` is finite, or :data:`INFINITE` for
    ∞_K with K = :meth:`options` (v)."""

    graph: ArcGraph
    value: np.ndarray  #: the finite value, or INFINITE

    @property
    def infinite(self) -> np.ndarray:
        """Nodes of value ∞ (whatever their K)."""
        return np.asarray(self.value == INFINITE)

    @cached_property
    def _options(self) -> tuple[np.ndarray, np.ndarray]:
        return k.finite_options(self.graph.indptr, self.graph.indices, self.value)

    def options(self, v: int) -> frozenset[int]:
        """K of a node of value ∞_K: the finite values among its options (empty for a
        finite node)."""
        ptr, vals = self._options
        return frozenset(int(x) for x in vals[ptr[v] : ptr[v + 1]])

    def outcome(self) -> np.ndarray:
        """The outcome codes (:data:`LOSS`, :data:`WIN`, :data:`DRAW`) the values give."""
        ptr, vals = self._options
        zero_in_k = np.zeros(self.value.shape[0], dtype=bool)
        rows = np.repeat(np.arange(self.value.shape[0]), np.diff(ptr))
        zero_in_k[rows[vals == 0]] = True
        out = np.where(self.value == 0, LOSS, WIN).astype(np.int8)
        out[self.infinite & ~zero_in_k] = DRAW
        return out

    def label(self, v: int) -> str:
        """The value as written: ``3``, ``∞`` (K empty), ``∞{0,2}``."""
        if self.value[v] != INFINITE:
            return str(int(self.value[v]))
        return infinity_label(self.options(v))

    def histogram(self) -> dict[str, int]:
        """How many nodes have each value, keyed by :meth:`label`: the finite values in
        increasing order, then the infinite ones by K."""
        finite = self.value[self.value != INFINITE]
        counts = np.bincount(finite) if finite.shape[0] else np.zeros(0, dtype=np.int64)
        out = {str(v): int(counts[v]) for v in np.flatnonzero(counts)}
        infinite = Counter(key for _, key in self._infinite_keys())
        for key in sorted(infinite, key=lambda t: (len(t), t)):
            out[infinity_label(frozenset(key))] = infinite[key]
        return out

    def labels(self) -> list[str]:
        """:meth:`label` of every node, in node order (each K's text made once)."""
        out = [str(x) for x in self.value.tolist()]
        texts: dict[tuple[int, ...], str] = {}
        for v, key in self._infinite_keys():
            if key not in texts:
                texts[key] = infinity_label(frozenset(key))
            out[v] = texts[key]
        return out

    def _infinite_keys(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        """Every node of value ∞, in node order, with its K as an increasing tuple."""
        ptr, vals = self._options
        for v in np.flatnonzero(self.infinite).tolist():
            yield v, tuple(vals[ptr[v] : ptr[v + 1]].tolist())


def infinity_label(options: frozenset[int]) -> str:
    """``∞`` for ∞_∅, else ``∞{a,b}`` with K in increasing order."""
    if not options:
        return "∞"
    return "∞{" + ",".join(str(a) for a in sorted(options)) + "}"


def loopy_values(graph: Graph) -> LoopyValues:
    """Smith's generalized Sprague-Grundy values by Fraenkel and Yesha's labelling
    (:func:`gamegraph.core.graphs._play_kernels.loopy_values`); at most (largest out-degree + 1)
    linear rounds."""
    arcs = as_arcs(graph)
    back = arcs.transpose
    value = k.loopy_values(arcs.indptr, arcs.indices, back.indptr, back.indices)
    return LoopyValues(arcs, np.asarray(value))


def disjunctive_sum(first: Graph, second: Graph) -> ArcGraph:
    """The disjunctive sum G + H: node (a, b) is ``a * H.size + b`` and moves in exactly one
    component, to (a', b) or (a, b')."""
    g, h = as_arcs(first), as_arcs(second)
    indptr, indices = k.product_arcs(g.indptr, g.indices, h.indptr, h.indices)
    return ArcGraph(indptr, indices)


def sum_rule(
    a: int, k_a: frozenset[int], b: int, k_b: frozenset[int]
) -> tuple[int, frozenset[int]]:
    """The loopy value of a sum from its components' (Smith 1966; Fraenkel and Yesha
    1986), with ∞_K written as (INFINITE, K):

    - a + b = a ⊕ b for finite a and b;
    - a + ∞_K = ∞_{K ⊕ a}, where K ⊕ a = {k ⊕ a : k in K};
    - ∞_K + ∞_L = ∞_∅ (every option keeps one component infinite).
    """
    if a != INFINITE and b != INFINITE:
        return a ^ b, frozenset()
    if a != INFINITE:
        return INFINITE, frozenset(x ^ a for x in k_b)
    if b != INFINITE:
        return INFINITE, frozenset(x ^ b for x in k_a)
    return INFINITE, frozenset()
