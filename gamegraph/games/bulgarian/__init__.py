"""Bulgarian solitaire B_n (SPEC.md §2; seeds 000 and 001).

Every partition of n is a position; the move Ω takes one card from each of the p piles and
forms a new pile of p. B_n is a functional graph: one arc per position. The engine is
:mod:`.engine`, the Neo4j model :mod:`.tables`, the checks of `gamegraph verify` :mod:`.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.base import Param
from gamegraph.games.engine import FunctionalGame
from gamegraph.games.partitions import canonical_key, parse_partition
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.bulgarian.engine import BulgarianGraph  # noqa: F401 (named in the class's base)

__all__ = ["Bulgarian"]


@register
@dataclass(frozen=True)
class Bulgarian(FunctionalGame["BulgarianGraph"]):
    """B_n: every partition of n with its Ω-move (a functional graph: the shared tables
    and verify checks of :mod:`gamegraph.games.engine.tables` and ``functional_checks``)."""

    name = "bulgarian"
    engine = "gamegraph.games.bulgarian.engine"
    title = "Bulgarian solitaire B_n"
    description = (
        "Bulgarian solitaire B_n: cycles, components, Garden of Eden positions, transients."
    )
    params = (Param("n", "The number of cards n.", minimum=1),)
    query_files = ("bulgarian.cypher", "gds.cypher")
    loaded_by_default = True
    example: ClassVar[dict[str, Any]] = {"n": 10}
    label = "Bulgarian"
    move = "BULGARIAN_MOVE"
    rule = "Ω(λ)"

    n: int

    def describe(self) -> str:
        return f"B_{self.n}"

    def parse_position(self, text: str) -> str:
        return canonical_key(parse_partition(text, self.n))
