"""Austrian solitaire with parameter L (Akin–Davis; SPEC-games.md §2).

A state is (μ, b): ordinary piles μ with at most L cards each (machines with years of life
left) and a bank of b cards. A move takes one card from every ordinary pile into the bank,
then buys new piles of L cards while the bank holds at least L. The graph A_n(L) is a
functional graph on the states with b < L (with ``bank_up_to_L``, b ≤ L), built by the engine
(:mod:`gamegraph.games.engine`) from the states (:mod:`.space`) and the compiled move of
:mod:`._kernels`; :func:`austrian_move` is the rule in plain Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.base import Param
from gamegraph.games.engine import FUNCTIONAL_STATS, FunctionalGame
from gamegraph.games.params import number_of
from gamegraph.games.partitions import Partition
from gamegraph.games.registry import register

if TYPE_CHECKING:
    import numpy as np

    from gamegraph.games.austrian.space import AustrianStates
    from gamegraph.games.engine.positions import Positions
    from gamegraph.games.model import Column

__all__ = ["Austrian", "austrian_move"]


def austrian_move(state: tuple[Partition, int], L: int) -> tuple[Partition, int]:
    """A(μ, b): every pile gives a card to the bank, then piles of L are bought from it."""
    piles, bank = state
    q, r = divmod(bank + len(piles), L)
    reduced = [part - 1 for part in piles if part > 1]
    return tuple(sorted(reduced + [L] * q, reverse=True)), r


@register
@dataclass(frozen=True)
class Austrian(FunctionalGame[Any]):
    """Austrian solitaire A_n(L), piles of at most L cards and a bank: cycles, basins, Garden
    of Eden states, transients."""

    name = "austrian"
    title = "Austrian solitaire A_n(L)"
    params = (
        number_of("cards"),
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
    example: ClassVar[dict[str, Any]] = {"n": 20, "L": 5}
    rule = "A(μ, b)"

    L: int
    bank_up_to_L: bool = False

    def describe(self) -> str:
        variant = ", bank ≤ L" if self.bank_up_to_L else ""
        return f"A_{self.n} (L = {self.L}{variant})"

    def position_space(self) -> AustrianStates:
        from gamegraph.games.austrian.space import AustrianStates

        return AustrianStates(self.n, self.L, self.bank_up_to_L)

    def fill_successors(self, space: AustrianStates, successor: np.ndarray) -> None:
        from gamegraph.games.austrian._kernels import austrian_successors

        args = (space.n, space.L, space.cap, space.banks, space.table, space.offsets)
        austrian_successors(*args, successor)

    def position_count(self) -> tuple[int, bool]:
        from gamegraph.games.austrian.space import count_states

        return count_states(self.n, self.L, self.bank_up_to_L)

    def row_entries(self) -> float:
        """The mean of 1 + ℓ(μ) over the states (the bank and the piles)."""
        from gamegraph.games.austrian.space import mean_row

        return mean_row(self.n, self.L, self.bank_up_to_L)

    def node_columns(self, positions: Positions) -> dict[str, Column]:
        """``L``, ``n``, ``idx``, ``key`` (``5,5,3,3|4``), the piles μ largest first, the bank
        b, ``notation`` (``3^2 5^2 | 4``) and ``num_piles``."""
        import numpy as np

        from gamegraph.games.austrian.space import state_texts
        from gamegraph.games.model import LazyColumn, row_lists

        space: AustrianStates = positions.space  # type: ignore[assignment]
        parts, offsets, bank = space.piles()
        rows = np.arange(positions.size, dtype=np.int64)

        def texts(paper: bool) -> LazyColumn:
            return LazyColumn(
                positions.size, lambda a, b: state_texts(parts, offsets, bank, rows[a:b], paper)
            )

        return {
            "L": np.broadcast_to(np.int64(self.L), rows.shape),
            "n": np.broadcast_to(np.int64(self.n), rows.shape),
            "idx": rows,
            "key": texts(paper=False),
            "piles": row_lists(parts, offsets),
            "bank": bank,
            "notation": texts(paper=True),
            "num_piles": np.diff(offsets),
        }
