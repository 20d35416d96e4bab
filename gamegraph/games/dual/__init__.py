"""Dual Bulgarian solitaire D_n (SPEC-games.md §4): B_n conjugated.

D(λ) removes the largest pile and deals its cards to the others, largest first, the rest as
piles of one card: D(λ) = sort((λ_{i+1} + [i ≤ λ_1]) for i = 1..ℓ−1 ∪ {1}^max(0, λ_1 − ℓ + 1)).
Positions are the partitions of n, numbered as in B_n (descending lexicographic order, index
0 is (n)); the engine (:mod:`gamegraph.games.engine`) builds the graph with the compiled move
of :mod:`._kernels`, and :func:`dual_move` is the rule in plain Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.engine import PartitionGame
from gamegraph.games.params import number_of
from gamegraph.games.partitions import Partition
from gamegraph.games.registry import register

if TYPE_CHECKING:
    import numpy as np

    from gamegraph.core.spaces import Partitions

__all__ = ["MAX_N", "Dual", "dual_move"]

MAX_N = 255
"""Parts are stored as uint8 (the partition kernels' MAX_N)."""


def dual_move(partition: Partition) -> Partition:
    """D(λ): remove the largest pile and deal its cards to the others, largest first."""
    first, rest = partition[0], partition[1:]
    dealt = [part + 1 if i < first else part for i, part in enumerate(rest)]
    dealt.extend([1] * max(0, first - len(rest)))
    return tuple(sorted(dealt, reverse=True))


@register
@dataclass(frozen=True)
class Dual(PartitionGame[Any]):
    """Dual Bulgarian solitaire D_n (B_n conjugated): cycles, basins, Garden of Eden
    positions, transients."""

    name = "dual"
    title = "Dual Bulgarian solitaire D_n"
    symbol = "D_{n}"
    params = (number_of("cards", MAX_N),)
    example: ClassVar[dict[str, Any]] = {"n": 10}
    rule = "D(λ)"

    def fill_successors(self, space: Partitions, successor: np.ndarray) -> None:
        from gamegraph.games.dual._kernels import dual_successors

        dual_successors(self.n, space.table[0], successor)
