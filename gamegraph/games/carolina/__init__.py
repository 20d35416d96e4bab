"""Carolina solitaire (SPEC-games.md §1): compositions of n under the move C.

C(α_1, …, α_c) = (c, α_1 − 1, …, α_c − 1) with the zero entries deleted: one card from each
pile, in order, and the c cards form a new pile in front. The graph is a functional graph on
the 2^(n−1) compositions of n. The engine is :mod:`.engine`, the Neo4j model :mod:`.tables`,
the checks of `gamegraph verify` :mod:`.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.base import Param, Progress
from gamegraph.games.functional import FunctionalGame
from gamegraph.games.limits import Estimate
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.carolina.engine import CarolinaGraph
    from gamegraph.games.model import GraphTables

__all__ = ["MAX_N", "Carolina"]

MAX_N = 63
"""Indices are int64 bit sets of the n − 1 cut points (the engine's MAX_N)."""


@register
@dataclass(frozen=True)
class Carolina(FunctionalGame):
    """The Carolina graph of n: every composition of n with its C-move."""

    name = "carolina"
    title = "Carolina solitaire C_n"
    description = (
        "Carolina solitaire C_n on the compositions of n: cycles, basins, Garden of Eden "
        "positions, transients."
    )
    params = (Param("n", "The number of cards n.", minimum=1, maximum=MAX_N),)
    query_files = ("carolina.cypher",)
    example: ClassVar[dict[str, Any]] = {"n": 8}
    label = "Carolina"
    move = "CAROLINA_MOVE"
    rule = "C(α)"

    n: int

    def describe(self) -> str:
        return f"C_{self.n}"

    def estimate(self) -> Estimate:
        from gamegraph.games.carolina.engine import estimate_carolina

        return estimate_carolina(self.n)

    def build(self, *, force: bool = False, progress: Progress | None = None) -> CarolinaGraph:
        from gamegraph.games.carolina.engine import build_carolina

        return build_carolina(self.n, force=force)

    def parse_position(self, text: str) -> str:
        from gamegraph.games.carolina.engine import parse_composition

        return ",".join(map(str, parse_composition(text, self.n)))

    def tables(self, built: CarolinaGraph) -> GraphTables:
        from gamegraph.games.carolina.tables import carolina_tables

        return carolina_tables(self, built)
