"""Montreal solitaire (Cannings–Haigh; SPEC-games.md §3): sequences under the move M.

For a zero-free α, M(α) = (α_1 − 1, …, α_c − 1, c); in general every maximal positive block
moves on its own, (β, 0^r, γ) ↦ (M(β), 0^(r−1), M(γ)). M permutes the finite set I(n) of
irreducible positions of size n (and its subset X(n), the orbits of the compositions), so the
graph is a union of cycles. The engine is :mod:`.engine`, the Neo4j model :mod:`.tables`, the
checks of `gamegraph verify` :mod:`.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.base import Param
from gamegraph.games.engine import FunctionalGame
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.montreal.engine import MontrealGraph  # noqa: F401 (named in the class's base)

__all__ = ["MAX_N", "SPACES", "Montreal"]

MAX_N = 31
"""A position's stars-and-bars code fits int64 up to n = 31 (the engine's MAX_N)."""
SPACES = ("I", "X")
"""I(n), the irreducible positions, or X(n), the orbits of the zero-free compositions."""


@register
@dataclass(frozen=True)
class Montreal(FunctionalGame["MontrealGraph"]):
    """M on I(n) (or X(n)): every position with its M-move, a permutation."""

    name = "montreal"
    engine = "gamegraph.games.montreal.engine"
    title = "Montreal solitaire M on I(n)"
    description = (
        "Montreal solitaire M on the irreducible positions I(n): a permutation, its cycles "
        "and their lengths."
    )
    params = (
        Param("n", "The number of cards n.", minimum=1, maximum=MAX_N),
        Param(
            "space",
            "The positions: 'I', every irreducible position I(n) (M permutes them), or 'X', "
            "the orbits of the 2^(n-1) zero-free compositions.",
            kind="choice",
            choices=SPACES,
            default="I",
            in_id=False,
        ),
    )
    query_files = ("montreal.cypher", "gds.cypher")
    example: ClassVar[dict[str, Any]] = {"n": 7}
    label = "Montreal"
    move = "MONTREAL_MOVE"
    rule = "M(α)"

    n: int
    space: str = "I"

    def describe(self) -> str:
        return f"M on {self.space}({self.n})"
