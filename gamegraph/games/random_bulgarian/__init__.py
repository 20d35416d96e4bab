"""Random Bulgarian solitaire: Popov's pile-wise chain and the card-wise chain (SPEC-games.md §5).

Both are Markov chains on the partitions of n. In Popov's chain each pile independently loses
one card with probability p; in the card-wise chain of Eriksson, Jonsson and Sjöstrand each
card is picked independently with probability p. The picked cards form one new pile. The
engine is :mod:`.engine` (build and analysis: transitions, irreducibility, period, the
stationary distribution π, its mode and each state's staircase distance), p and the
transition probabilities are :mod:`.probabilities`, the stationary solvers
:mod:`.stationary`, its compiled loops are in :mod:`._kernels`, the Neo4j model is
:mod:`.tables` and the checks of `gamegraph verify` are :mod:`.checks`.

The game :class:`RandomBulgarian` (``random-bulgarian`` on the command line,
``gg.random_bulgarian`` in Python) takes n, p (a fraction, 1/2 by default) and the chain
(``popov`` or ``cardwise``); its graph id is ``random-bulgarian:p=1/2:popov:12``.
Probabilities are exact fractions for n <= 12 and floats above.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.games.base import Game, Param
from gamegraph.games.params import number_of
from gamegraph.games.partitions import canonical_key, parse_partition
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.random_bulgarian.engine import RandomBulgarianGraph

__all__ = ["CHAINS", "MAX_N", "RandomBulgarian"]

CHAINS = ("popov", "cardwise")
"""The chains: Popov's (each pile loses a card with probability p) and the card-wise one
(each card is picked with probability p)."""

MAX_N = 62
"""Largest n the engine accepts (its choice counts are int64); = engine.MAX_N."""


@register
@dataclass(frozen=True)
class RandomBulgarian(Game["RandomBulgarianGraph"]):
    """Random Bulgarian solitaire (Popov's chain or the card-wise chain) on the partitions of n:
    transition probabilities, irreducibility, the stationary distribution and its mode."""

    name = "random-bulgarian"
    engine = "gamegraph.games.random_bulgarian.engine"
    title = "random Bulgarian solitaire"
    params = (
        number_of("cards", MAX_N),
        Param(
            "p",
            "The probability that a pile (Popov) or a card (card-wise) is picked, in (0, 1]: "
            "a fraction such as 1/2 or a decimal such as 0.25.",
            kind="fraction",
            default=Fraction(1, 2),
            minimum=Fraction(0),
            maximum=Fraction(1),
            open_minimum=True,
        ),
        Param(
            "chain",
            "The chain: 'popov' (each pile loses one card with probability p) or 'cardwise' "
            "(each card is picked with probability p; Eriksson, Jonsson and Sjöstrand).",
            kind="choice",
            choices=CHAINS,
            default="popov",
        ),
    )
    stats_keys = (
        "n",
        "p",
        "positions",
        "transitions",
        "irreducible",
        "aperiodic",
        "stationary_mode",
        "stationary_mode_probability",
    )
    query_files = ("random_bulgarian.cypher",)
    example: ClassVar[dict[str, Any]] = {"n": 8, "p": Fraction(1, 2), "chain": "popov"}

    p: Fraction = Fraction(1, 2)
    chain: str = "popov"

    @property
    def cardwise(self) -> bool:
        return self.chain == "cardwise"

    @property
    def p_text(self) -> str:
        """p as the graph stores it (``"1/2"``, ``"1"``)."""
        return self.param("p").format(self.p)

    def describe(self) -> str:
        kind = "card-wise" if self.cardwise else "Popov"
        return f"{kind} chain on P({self.n}), p = {self.p_text}"

    def summary(self, built: RandomBulgarianGraph) -> dict[str, Any]:
        exact = built.stationary_mode_probability_exact
        extra: dict[str, Any] = {"chain": built.chain, "exact": built.exact, "period": built.period}
        if exact is not None:
            extra["stationary_mode_probability_exact"] = str(exact)
        return self.stats(built) | extra

    def parse_position(self, text: str) -> str:
        return canonical_key(parse_partition(text, self.n))
