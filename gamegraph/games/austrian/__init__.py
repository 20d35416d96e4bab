"""Austrian solitaire with parameter L (Akin–Davis; SPEC-games.md §2).

A state is (μ, b): ordinary piles μ with at most L cards each (machines with years of life
left) and a bank of b cards. A move takes one card from every ordinary pile into the bank,
then buys new piles of L cards while the bank holds at least L. The graph A_n(L) is a
functional graph on the states with b < L (with ``bank_up_to_L``, b ≤ L). The engine is
:mod:`.engine`, the Neo4j model :mod:`.tables`, the checks of `gamegraph verify` :mod:`.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.base import Param
from gamegraph.games.engine import FUNCTIONAL_STATS, FunctionalGame
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.austrian.engine import AustrianGraph  # noqa: F401 (named in the class's base)

__all__ = ["Austrian"]


@register
@dataclass(frozen=True)
class Austrian(FunctionalGame["AustrianGraph"]):
    """A_n(L): every state (μ, b) of n cards with its A-move."""

    name = "austrian"
    engine = "gamegraph.games.austrian.engine"
    title = "Austrian solitaire A_n(L)"
    description = (
        "Austrian solitaire A_n(L), piles of at most L cards and a bank: cycles, basins, "
        "Garden of Eden states, transients."
    )
    params = (
        Param("n", "The number of cards n.", minimum=1),
        Param(
            "L",
            "The size L of a new pile, bought from the bank: piles hold 1..L cards.",
            minimum=1,
        ),
        Param(
            "bank_up_to_L",
            "Also the states with a bank of exactly L cards (the seed's initial deals allow "
            "them; none has a predecessor). Off: the bank holds 0..L-1, the states A maps into "
            "themselves.",
            kind="flag",
            default=False,
            in_id=False,
        ),
    )
    stats_keys = ("n", "L", *FUNCTIONAL_STATS)
    query_files = ("austrian.cypher", "gds.cypher")
    example: ClassVar[dict[str, Any]] = {"n": 20, "L": 5}
    label = "Austrian"
    move = "AUSTRIAN_MOVE"
    rule = "A(μ, b)"

    n: int
    L: int
    bank_up_to_L: bool = False

    def describe(self) -> str:
        variant = ", bank ≤ L" if self.bank_up_to_L else ""
        return f"A_{self.n} (L = {self.L}{variant})"
