"""Dual Bulgarian solitaire (Öhman; SPEC-games.md §4): partitions of n under the move D.

D removes the largest pile and deals its cards one by one to the remaining piles, from the
largest down, the cards left over forming new piles of one card. D = conj ∘ B ∘ conj, so
D_n is isomorphic to B_n by conjugation. The engine is :mod:`.engine`, the Neo4j model
:mod:`.tables`, the checks of `gamegraph verify` :mod:`.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.base import Param
from gamegraph.games.engine import FunctionalGame, parse_ordered_partition
from gamegraph.games.partitions import canonical_key
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.dual.engine import DualGraph  # noqa: F401 (named in the class's base)

__all__ = ["MAX_N", "Dual"]

MAX_N = 255
"""Parts are stored as uint8 (the engine's MAX_N, that of the partition kernels)."""


@register
@dataclass(frozen=True)
class Dual(FunctionalGame["DualGraph"]):
    """D_n: every partition of n with its D-move."""

    name = "dual"
    engine = "gamegraph.games.dual.engine"
    title = "Dual Bulgarian solitaire D_n"
    description = (
        "Dual Bulgarian solitaire D_n (B_n conjugated): cycles, basins, Garden of Eden "
        "positions, transients."
    )
    params = (Param("n", "The number of cards n.", minimum=1, maximum=MAX_N),)
    query_files = ("dual.cypher", "gds.cypher")
    example: ClassVar[dict[str, Any]] = {"n": 10}
    label = "Dual"
    move = "DUAL_MOVE"
    rule = "D(λ)"

    n: int

    def describe(self) -> str:
        return f"D_{self.n}"

    def parse_position(self, text: str) -> str:
        return canonical_key(parse_ordered_partition(text, self.n))
