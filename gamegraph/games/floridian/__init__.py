"""Floridian solitaire: the bipartite game graph G_n and the turn graph H_n (SPEC.md §3;
seed 000).

The α-move (:mod:`.alpha`) reduces some parts of a separated partition by one and adds a
part counting them; the Ω-move is Bulgarian. :mod:`.engine` builds G_n and H_n with compiled
kernels and analyses them (recurrent states, the core, winning and losing positions, turns to
the core, 2- and 4-cycles); :mod:`.fourcycles` and :mod:`.qfamily` hold the 4-cycles and the
family Q(x, y, z); :mod:`.tables` is the Neo4j model and :mod:`.checks` `gamegraph verify`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.errors import InputError
from gamegraph.games.base import Game, Param, Progress
from gamegraph.games.limits import Estimate
from gamegraph.games.partitions import canonical_key, is_separated, parse_partition
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.checks import Check, Reader
    from gamegraph.games.floridian.engine import FloridianGraph
    from gamegraph.games.model import GraphTables

__all__ = ["Floridian"]

# queries that read the win/loss analysis, which a restricted G_n does not store
_FULL_ANALYSIS = re.compile(r":\s*(Losing|ImmediateLoss)\b|\bturns_to_core\b")


@register
@dataclass(frozen=True)
class Floridian(Game):
    """G_n and H_n, full or restricted to the α-positions of Ω(T(n))."""

    name = "floridian"
    title = "Floridian solitaire G_n and H_n"
    description = (
        "Floridian solitaire G_n and H_n: recurrent states, core, losing positions, 4-cycles."
    )
    params = (
        Param("n", "The number of cards n.", minimum=1),
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
    query_files = ("floridian.cypher", "gds.cypher")
    internal_query_files = ("schema.cypher", "verify.cypher")
    loaded_by_default = True
    example: ClassVar[dict[str, Any]] = {"n": 8}
    n_label = "cards"

    n: int
    restricted: bool = False

    def describe(self) -> str:
        return f"G_{self.n}, H_{self.n}" + (" (restricted)" if self.restricted else "")

    def estimate(self) -> Estimate:
        from gamegraph.games.floridian.engine import estimate_floridian

        est = estimate_floridian(self.n, restricted=self.restricted)
        # nodes: α-positions plus Ω-positions (T(n), ~3/4 of S(n)); relationships: α-moves,
        # H_n arcs (~0.8 per α-move) and one Ω-move per Ω-position
        return Estimate(
            est.nodes + est.nodes * 3 // 4, est.arcs * 2 + est.nodes, est.bytes, est.approximate
        )

    def build(self, *, force: bool = False, progress: Progress | None = None) -> FloridianGraph:
        from gamegraph.games.floridian.engine import build_floridian

        stage = f"α-moves of G_{self.n}"
        return build_floridian(
            self.n,
            restricted=self.restricted,
            force=force,
            progress=(lambda done, total: progress(stage, done, total)) if progress else None,
        )

    def parse_position(self, text: str) -> str:
        part = parse_partition(text, self.n)
        if not is_separated(part):
            raise InputError(
                f"{canonical_key(part)} is not separated (two parts differ by 1), so it is no "
                f"position of G_{self.n}"
            )
        return canonical_key(part)

    def tables(self, built: FloridianGraph) -> GraphTables:
        from gamegraph.games.floridian.tables import floridian_tables

        return floridian_tables(self, built)

    def verify(
        self,
        built: FloridianGraph,
        reader: Reader,
        stored: Mapping[str, Any],
        say: Callable[[str], None],
    ) -> list[Check]:
        from gamegraph.games.floridian.checks import FloridianChecks

        return FloridianChecks(built, reader, stored, self.summary(built), say).run()

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
