"""Montreal solitaire (Cannings–Haigh; SPEC-games.md §3): sequences under the move M.

For a zero-free α, M(α) = (α_1 − 1, …, α_c − 1, c); in general every maximal positive block
moves on its own, (β, 0^r, γ) ↦ (M(β), 0^(r−1), M(γ)). M permutes the finite set I(n) of
irreducible positions of size n (and its subset X(n), the orbits of the compositions), so the
graph is a union of cycles, built by the engine (:mod:`gamegraph.games.engine`) from the
positions of :mod:`.positions`, which M permutes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.base import Param
from gamegraph.games.engine import FunctionalGame
from gamegraph.games.params import number_of
from gamegraph.games.registry import register

if TYPE_CHECKING:
    import numpy as np

    from gamegraph.games.engine.positions import Positions
    from gamegraph.games.model import Column
    from gamegraph.games.montreal.positions import MontrealPositions

__all__ = ["A007075", "MAX_N", "SPACES", "Montreal"]

A007075 = (1, 2, 5, 13, 35, 95, 260, 714, 1965, 5415)
"""|I(n)| for n = 1..10, OEIS A007075 (irreducible positions of size n in Montreal
solitaire)."""

MAX_N = 31
"""A position's stars-and-bars code fits int64 up to n = 31 (the engine's MAX_N)."""
SPACES = ("I", "X")
"""I(n), the irreducible positions, or X(n), the orbits of the zero-free compositions."""


@register
@dataclass(frozen=True)
class Montreal(FunctionalGame[Any]):
    """Montreal solitaire M on the irreducible positions I(n): a permutation, its cycles and
    their lengths."""

    name = "montreal"
    title = "Montreal solitaire M on I(n)"
    symbol = "M on {space}({n})"
    params = (
        number_of("cards", MAX_N),
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
    example: ClassVar[dict[str, Any]] = {"n": 7}
    rule = "M(α)"

    space: str = "I"

    def position_space(self) -> MontrealPositions:
        from gamegraph.games.montreal.positions import MontrealPositions

        return MontrealPositions(self.n, "X" if self.space == "X" else "I")

    def fill_successors(self, space: MontrealPositions, successor: np.ndarray) -> None:
        successor[:] = space.successor

    def position_count(self) -> tuple[int, bool]:
        from gamegraph.games.montreal.positions import count_positions

        return count_positions(self.n)

    def row_entries(self) -> float:
        """At most n (the space lists its positions, so it is not asked): a position
        (β, 0^r, γ) of I(n) has r ≤ slack(γ), so it is no longer than β followed by the
        longest of γ's orbit, a position of I(|γ|), at most |γ| long by induction."""
        return float(self.n)

    def node_columns(self, positions: Positions) -> dict[str, Column]:
        """``n``, ``idx``, ``key``, the ``entries`` in order (zeros included), ``notation``
        (``(1,0,2)``) and ``length``."""
        import numpy as np

        from gamegraph.games.engine.tables import sequence_columns

        entries, offsets = positions.flat()
        return {**sequence_columns(self.n, "entries", entries, offsets), "length": np.diff(offsets)}
