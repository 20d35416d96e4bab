"""Bulgarian solitaire B_n (SPEC.md §2; seeds 000 and 001).

Every partition of n is a position; the move Ω takes one card from each of the p piles and
forms a new pile of p. B_n is a functional graph (one arc per position), built by the engine
(:mod:`gamegraph.games.engine`) from the partitions of n and the compiled move of
:mod:`._kernels`; positions are numbered in descending lexicographic order (index 0 is (n)).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.engine import PartitionGame
from gamegraph.games.params import number_of
from gamegraph.games.partitions import Partition, parse_partition
from gamegraph.games.registry import register

if TYPE_CHECKING:
    import numpy as np

    from gamegraph.core.spaces import Partitions

__all__ = ["Bulgarian"]


@register
@dataclass(frozen=True)
class Bulgarian(PartitionGame[Any]):
    """Bulgarian solitaire B_n: cycles, components, Garden of Eden positions, transients."""

    name = "bulgarian"
    title = "Bulgarian solitaire B_n"
    symbol = "B_{n}"
    params = (number_of("cards", 255),)
    loaded_by_default = True
    example: ClassVar[dict[str, Any]] = {"n": 10}
    rule = "Ω(λ)"

    def fill_successors(self, space: Partitions, successor: np.ndarray) -> None:
        from gamegraph.games.bulgarian._kernels import bulgarian_successors

        bulgarian_successors(self.n, space.table[0], successor)

    def read_position(self, text: str) -> Partition:
        """B_n takes the parts in any order (the others, a partition largest part first or
        in the papers' notation)."""
        return parse_partition(text, self.n)
