"""The lifting graph Q of the 4-cycles of G_n (seed 000, Section 7; SPEC.md §4).

Nodes are the 4-cycles of G_n for every n of a range; an arc C → C' for each lift of C under
one rule. :mod:`.bands` holds band insertion, :mod:`.patterns` the paper's 14 patterns and the
paper rule's lifts, :mod:`.band_rule` the band rule's and its generalisations'; :mod:`.graph`
builds Q (components, sources, families); :mod:`.tables` is the Neo4j model.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Self, get_args

from gamegraph.errors import InputError
from gamegraph.games.base import Game, Param
from gamegraph.games.floridian import separated_key
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.lifting.graph import LiftingGraph  # noqa: F401 (named in the class's base)

__all__ = ["RULES", "Lifting", "Rule"]

Rule = Literal["paper", "band", "paper-free"]
RULES: tuple[Rule, ...] = get_args(Rule)
"""The lifting rules."""


@register
@dataclass(frozen=True)
class Lifting(Game["LiftingGraph"]):
    """The lifting graph Q: 4-cycles of G_n, their lifts, components, sources, families."""

    name = "lifting"
    engine = "gamegraph.games.lifting.graph"
    title = "the lifting graph Q"
    params = (
        Param(
            "n",
            "Largest n whose 4-cycles are nodes of Q.",
            minimum=1,
            maximum=255,
            option="--n-max",
        ),
        Param(
            "rule",
            "Lifting rule: 'paper' (the 14 patterns of Theorems 25-26, Theorem 27), "
            "'paper-free' (the same with the new part of Ω1, Ω2, Ω3 arcs left free) or 'band' "
            "(any band insertion at level m + 2 that closes into a cycle).",
            kind="choice",
            choices=RULES,
            default="paper",
            many=True,
            option="--rule",
        ),
        Param(
            "n_min",
            "Smallest n whose 4-cycles are nodes of Q.",
            minimum=1,
            default=1,
            in_id=False,
            loadable=False,
        ),
    )
    stats_keys = (
        "n_max",
        "rule",
        "four_cycles",
        "lifts",
        "lifts_inside_range",
        "non_lifting",
        "components",
        "components_with_multiple_sources",
        "largest_component",
        "families",
    )
    internal_query_files = ("schema.cypher", "links.cypher", "verify.cypher")
    loaded_by_default = True
    example: ClassVar[dict[str, Any]] = {"n": 34, "rule": "band"}
    depends_on = ("floridian",)

    rule: str = "paper"
    n_min: int = 1

    def validate(self) -> None:
        if self.n_min > self.n:
            raise InputError(f"empty range: n_min = {self.n_min} > n_max = {self.n}")

    def describe(self) -> str:
        return f"Q ({self.rule} rule, n <= {self.n})"

    @property
    def slot(self) -> str:
        # Q of one rule is one graph: a load for another n_max replaces it
        return f"{self.name}:{self.rule}"

    def after_load(self) -> list[tuple[str, dict[str, Any]]]:
        # link each 4-cycle node to its positions in G_n, for every n whose G_n is loaded
        return [("link_four_cycles", {"n": n}) for n in range(self.n_min, self.n + 1)]

    @classmethod
    def plan(cls, ns: Iterable[int], **values: Any) -> list[Self]:
        """Q is one graph per rule over the whole range: n_max is the range's top."""
        return [cls.create(n=max(ns), **values)]

    @classmethod
    def for_query(cls, params: Mapping[str, Any]) -> Self:
        # a query's n is the n of a 4-cycle; any Q whose range reaches it serves
        values = {"n": params.get("n", 1)}
        if "rule" in params:
            values["rule"] = params["rule"]
        return cls.create(**values)

    def load_command(self) -> str:
        # Q is loaded over a range: suggest at least the main job's n = 60
        return Game.load_command(self.replace(n=max(self.n, 60)))

    def serves(self, wanted: Lifting, cypher: str) -> str | None:
        if wanted.n > self.n:
            return f"Q for the {self.rule} rule is loaded for n <= {self.n}, not n = {wanted.n}"
        return None

    def parse_position(self, text: str) -> str:
        return separated_key(text)
