"""Carolina solitaire (SPEC-games.md §1): compositions of n under the move C.

C(α_1, …, α_c) = (c, α_1 − 1, …, α_c − 1) with the zero entries deleted: one card from each
pile, in order, and the c cards form a new pile in front. The graph is a functional graph on
the 2^(n−1) compositions of n. The engine is :mod:`.engine`, the Neo4j model :mod:`.tables`,
the checks of `gamegraph verify` :mod:`.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.base import Param
from gamegraph.games.engine import FunctionalGame
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.carolina.engine import CarolinaGraph  # noqa: F401 (named in the class's base)

__all__ = ["MAX_N", "Carolina"]

MAX_N = 63
"""Indices are int64 bit sets of the n − 1 cut points (the engine's MAX_N)."""


@register
@dataclass(frozen=True)
class Carolina(FunctionalGame["CarolinaGraph"]):
    """The Carolina graph of n: every composition of n with its C-move."""

    name = "carolina"
    engine = "gamegraph.games.carolina.engine"
    title = "Carolina solitaire C_n"
    description = (
        "Carolina solitaire C_n on the compositions of n: cycles, basins, Garden of Eden "
        "positions, transients."
    )
    params = (Param("n", "The number of cards n.", minimum=1, maximum=MAX_N),)
    query_files = ("carolina.cypher", "gds.cypher")
    example: ClassVar[dict[str, Any]] = {"n": 8}
    label = "Carolina"
    move = "CAROLINA_MOVE"
    rule = "C(α)"

    n: int

    def describe(self) -> str:
        return f"C_{self.n}"
