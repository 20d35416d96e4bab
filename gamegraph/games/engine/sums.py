"""Disjunctive sums of impartial games (``gg.sum(g, h)``): play on two boards at once, a move
being a move on exactly one of them; who cannot move on either loses.

The sum's graph is the product of its components' graphs
(:func:`gamegraph.core.graphs.disjunctive_sum`); its positions are the pairs of theirs. Its
values are computed on that graph (:func:`gamegraph.core.graphs.loopy_values`) and
:meth:`ImpartialSum.check_sum_rule` compares them with Smith's sum rule applied to the
components' values (:func:`gamegraph.core.graphs.sum_rule`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamegraph.core import graphs
from gamegraph.errors import InputError
from gamegraph.games.engine.graphs import ChoiceGraph, ImpartialValues

__all__ = ["MAX_SUM_POSITIONS", "ImpartialSum", "SumError", "disjunctive_sum"]

MAX_SUM_POSITIONS = 20_000_000
"""Most positions a sum is built with (the product of its components' sizes)."""


class SumError(InputError):
    """A sum of things that are not impartial game graphs, or one too large to build."""


@dataclass(frozen=True, eq=False)
class ImpartialSum(ImpartialValues):
    """G + H: position (g, h) has index ``g * H.size + h``; arrays indexed by that index, its
    values computed on its own graph."""

    first: graphs.ArcGraph
    second: graphs.ArcGraph

    def pair(self, index: int) -> tuple[int, int]:
        """The components' indices of a position of the sum."""
        return divmod(int(index), self.second.size)

    def index(self, position: Sequence[Any]) -> int:
        """The index of a pair (g's position, h's position), each as its game takes it."""
        if isinstance(position, str) or not hasattr(position, "__len__") or len(position) != 2:
            raise SumError(f"a position of a sum is a pair, not {position!r}")
        a, b = (
            _index_in(part, at)
            for part, at in zip((self.first, self.second), position, strict=True)
        )
        return a * self.second.size + b

    def position(self, index: int) -> tuple[Any, Any]:
        """The pair of positions at an index."""
        a, b = self.pair(index)
        return _position_in(self.first, a), _position_in(self.second, b)

    def check_sum_rule(self) -> int:
        """Compare every position's value with the sum rule on its components' values; the
        number of positions compared. SumError naming the first that disagrees."""
        first, second, total = _values(self.first), _values(self.second), self.loopy
        for v in range(self.size):
            a, b = self.pair(v)
            rule = graphs.sum_rule(
                int(first.value[a]), first.options(a), int(second.value[b]), second.options(b)
            )
            got = (int(total.value[v]), total.options(v))
            if got != rule:
                raise SumError(
                    f"position {self.position(v)} of the sum: computed {total.label(v)}, the "
                    f"sum rule gives {_label(*rule)}"
                )
        return self.size


def disjunctive_sum(first: Any, second: Any) -> ImpartialSum:
    """G + H for two impartial game graphs (a defined impartial game's, a sum, or a bare
    :class:`gamegraph.core.graphs.ArcGraph`); SumError when either is not one, or when the
    product has more than :data:`MAX_SUM_POSITIONS` positions."""
    for part in (first, second):
        if not isinstance(part, graphs.ArcGraph) or isinstance(part, ChoiceGraph):
            raise SumError(
                f"a sum is of impartial game graphs (such as gg.<your impartial game>(n)), "
                f"not {type(part).__name__}"
            )
    size = first.size * second.size
    if size > MAX_SUM_POSITIONS:
        raise SumError(
            f"the sum has {first.size:,} x {second.size:,} = {size:,} positions, more than "
            f"{MAX_SUM_POSITIONS:,}: sum smaller games"
        )
    arcs = graphs.disjunctive_sum(first, second)
    return ImpartialSum(arcs.indptr, arcs.indices, first, second)


def _values(part: graphs.ArcGraph) -> graphs.LoopyValues:
    loopy = getattr(part, "loopy", None)
    return loopy if isinstance(loopy, graphs.LoopyValues) else graphs.loopy_values(part)


def _label(value: int, options: frozenset[int]) -> str:
    return graphs.infinity_label(options) if value == graphs.INFINITE else str(value)


def _index_in(part: graphs.ArcGraph, position: Any) -> int:
    if hasattr(part, "index"):
        return int(part.index(position))
    if isinstance(position, int | np.integer) and 0 <= int(position) < part.size:
        return int(position)
    raise SumError(f"{position!r} is not a node of a graph of {part.size} nodes")


def _position_in(part: graphs.ArcGraph, index: int) -> Any:
    return part.position(index) if hasattr(part, "position") else index
