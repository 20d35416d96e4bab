"""Carolina solitaire (SPEC-games.md §1): compositions of n under the move C.

C(α_1, …, α_c) = (c, α_1 − 1, …, α_c − 1) with the zero entries deleted: one card from each
pile, in order, and the c cards form a new pile in front. The graph is a functional graph on
the 2^(n−1) compositions of n, built by the engine (:mod:`gamegraph.games.engine`): a
composition's index is the bit set of its cut points
(:class:`~gamegraph.core.spaces.Compositions`; index order is descending lexicographic), and
the move is bit arithmetic on those indices (:mod:`._kernels`); :func:`carolina_move` is the
rule in plain Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.engine import FunctionalGame
from gamegraph.games.params import number_of
from gamegraph.games.registry import register

if TYPE_CHECKING:
    import numpy as np

    from gamegraph.core.spaces import Compositions
    from gamegraph.games.engine.positions import Positions
    from gamegraph.games.model import Column

__all__ = ["MAX_N", "Carolina", "carolina_move"]

MAX_N = 63
"""Indices are int64 bit sets of the n − 1 cut points."""


def carolina_move(composition: tuple[int, ...]) -> tuple[int, ...]:
    """C(α) = (c, α_1 − 1, …, α_c − 1) with the zero entries deleted (SPEC-games.md §1)."""
    return (len(composition), *(part - 1 for part in composition if part > 1))


@register
@dataclass(frozen=True)
class Carolina(FunctionalGame[Any]):
    """Carolina solitaire C_n on the compositions of n: cycles, basins, Garden of Eden
    positions, transients."""

    name = "carolina"
    title = "Carolina solitaire C_n"
    symbol = "C_{n}"
    params = (number_of("cards", MAX_N),)
    example: ClassVar[dict[str, Any]] = {"n": 8}
    rule = "C(α)"

    def position_space(self) -> Compositions:
        from gamegraph.core.spaces import Compositions

        return Compositions(self.n)

    def fill_successors(self, space: Compositions, successor: np.ndarray) -> None:
        from gamegraph.games.carolina._kernels import carolina_successors

        carolina_successors(self.n, successor)

    def position_count(self) -> tuple[int, bool]:
        return 2 ** (self.n - 1), False

    def row_entries(self) -> float:
        """(n + 1) / 2 on average: each of the n − 1 places between two cards is a cut in
        half the compositions, and a composition has one part more than cuts."""
        return (self.n + 1) / 2

    def node_columns(self, positions: Positions) -> dict[str, Column]:
        """The shared columns, and each composition's first part (which decides the Garden
        of Eden: α_1 < c − 1)."""
        from gamegraph.games.engine.tables import position_columns

        flat, offsets = positions.flat()
        columns = position_columns(self, positions, (flat, offsets))
        columns["first"] = flat[offsets[:-1]].astype("int64")
        return columns
