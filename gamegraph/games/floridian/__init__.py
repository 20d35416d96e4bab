"""Floridian solitaire: the bipartite game graph G_n and the turn graph H_n (SPEC.md §3;
seed 000).

The α-move (:mod:`.alpha`) reduces some parts of a separated partition by one and adds a
part counting them; the Ω-move is Bulgarian. :mod:`.engine` builds G_n and H_n with compiled
kernels (S(n) in :mod:`.separated`, the α-arcs in :mod:`.arcs`) and analyses them (recurrent
states, the core, winning and losing positions, turns to the core, 2- and 4-cycles);
:mod:`.fourcycles` and :mod:`.qfamily` hold the 4-cycles and the family Q(x, y, z), and
:mod:`.fourcycles_local` finds the 4-cycles without building G_n; :mod:`.tables` is the Neo4j
model and :mod:`.checks` `gamegraph verify`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.errors import InputError
from gamegraph.games.base import Game, Param
from gamegraph.games.params import number_of
from gamegraph.games.partitions import canonical_key, is_separated, parse_partition
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.floridian.engine import FloridianGraph  # noqa: F401 (named in the class's base)

__all__ = ["Floridian", "separated_key"]


def separated_key(text: str, n: int | None = None) -> str:
    """The canonical key of a position of G_n written in any notation (of n, if given);
    InputError for a partition that is not separated."""
    part = parse_partition(text, n)
    if not is_separated(part):
        raise InputError(
            f"{canonical_key(part)} is not separated (two parts differ by 1), so it is no "
            f"position of G_{sum(part)}"
        )
    return canonical_key(part)


# queries that read the win/loss analysis, which a restricted G_n does not store
_FULL_ANALYSIS = re.compile(r":\s*(Losing|ImmediateLoss)\b|\bturns_to_core\b")


@register
@dataclass(frozen=True)
class Floridian(Game["FloridianGraph"]):
    """Floridian solitaire G_n and H_n: recurrent states, core, losing positions, 4-cycles."""

    name = "floridian"
    engine = "gamegraph.games.floridian.engine"
    title = "Floridian solitaire G_n and H_n"
    params = (
        number_of("cards"),
        Param(
            "restricted",
            "Build only the α-positions in Ω(T(n)) and their arcs: exact for cycles, the core "
            "and 4-cycles, and far smaller; no win/loss analysis.",
            kind="flag",
            default=False,
            in_id=False,
        ),
    )
    stats_keys = (
        "n",
        "restricted",
        "separated",
        "t_positions",
        "omega_t",
        "alpha_arcs",
        "h_arcs",
        "recurrent",
        "core_arcs",
        "core_scc_sizes",
        "immediate_losses",
        "losing",
        "four_cycles",
        "max_turns_to_core",
    )
    loaded_by_default = True
    example: ClassVar[dict[str, Any]] = {"n": 8}

    restricted: bool = False

    def describe(self) -> str:
        return f"G_{self.n}, H_{self.n}" + (" (restricted)" if self.restricted else "")

    def parse_position(self, text: str) -> str:
        return separated_key(text, self.n)

    def after_load(self) -> list[tuple[str, dict[str, Any]]]:
        # Q's 4-cycle nodes of this n (if Q is loaded) visit the positions just loaded
        return [("link_four_cycles", {"n": self.n})]

    def serves(self, wanted: Floridian, cypher: str) -> str | None:
        if self.n != wanted.n:
            return f"the loaded graph is G_{self.n}, not G_{wanted.n}"
        if self.restricted and _FULL_ANALYSIS.search(cypher):
            return (
                f"the query reads the win/loss analysis, which the restricted G_{self.n} loaded "
                "does not have; load the full graph"
            )
        return None
