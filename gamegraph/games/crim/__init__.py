"""CRIM (seed 003, SPEC-games.md §7): the two-player game that deletes a row or a column.

A position is a partition (Young diagram). A move deletes one whole row (removes a part) or
one whole column j (subtracts 1 from every part >= j); normal play, so [] is the only terminal
position and a P-position. :mod:`.engine` builds the game graph of every partition of size
<= n with its Sprague-Grundy values; :mod:`._kernels` holds its compiled inner loops,
:mod:`.positions` the positions as text, :mod:`.tables` the Neo4j model and :mod:`.checks`
`gamegraph verify`.

The graph of size <= n contains the graph of every smaller size, and a position's value does
not depend on n; so one CRIM graph is loaded at a time (its slot is the game's name) and a
query about a position or a size is answered by whichever is loaded, if it is large enough.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from gamegraph.core.notation import join_key
from gamegraph.errors import InputError
from gamegraph.games.base import Game, Param
from gamegraph.games.crim.positions import parse_position
from gamegraph.games.registry import register

if TYPE_CHECKING:
    from gamegraph.games.crim.engine import CrimGraph  # noqa: F401 (named in the class's base)

__all__ = ["MAX_N", "MIN_N", "Crim"]

MIN_N = 1
"""Smallest n of a graph (the graph of size <= 1 holds [] and [1]): the parameter's minimum
and the engine's, one number."""
MAX_N = 255
"""Largest n (= :data:`gamegraph.games._kernels.MAX_N`, kept here so that this module
imports no numpy: parts are stored as uint8 and ranks must fit int64)."""


@register
@dataclass(frozen=True)
class Crim(Game["CrimGraph"]):
    """CRIM (delete a row or a column of a Young diagram): P-positions, Sprague-Grundy values and
    the even-rank conjecture over every partition of size <= n."""

    name = "crim"
    engine = "gamegraph.games.crim.engine"
    title = "CRIM, the row and column deletion game"
    params = (
        Param(
            "n",
            "Largest size of a position: the graph holds every partition of size 0..n.",
            minimum=MIN_N,
            maximum=MAX_N,
        ),
    )
    stats_keys = ("n", "positions", "p_positions", "grundy", "max_grundy")
    stats_labels: ClassVar[dict[str, str]] = {
        "positions": "positions of size <= {n}",
        "p_positions": "p positions of size {n}",
        "grundy": "grundy values of size {n}",
        "max_grundy": "max grundy of size {n}",
    }
    example: ClassVar[dict[str, Any]] = {"n": 10}

    def describe(self) -> str:
        return f"CRIM up to size {self.n}"

    @property
    def slot(self) -> str:
        # the graph of size <= n holds every smaller one: a load of another n replaces it
        return self.name

    def parse_position(self, text: str) -> str:
        """The key of a position in any notation; [] is ``[]``, ``∅``, ``0`` or empty text.

        Any size is accepted here: whether the loaded graph reaches it is :meth:`serves`'s
        question, which names the load that does."""
        return join_key(parse_position(text))

    # ------------------------------------------------------------------ ranges and queries

    @classmethod
    def plan(cls, ns: Iterable[int], **values: Any) -> list[Self]:
        """A range of n is one graph: the one of its largest n holds all the others."""
        return [cls.create(n=max(ns), **values)]

    @classmethod
    def for_query(cls, params: Mapping[str, Any]) -> Self:
        """The smallest graph that answers: sizes up to the query's ``n`` (a size) and the
        size of its ``position``, at least 1."""
        sizes = [1]
        if "n" in params:
            size = params["n"]
            if isinstance(size, int) and not isinstance(size, bool) and size < 0:
                raise InputError(f"n is the size of a position, at least 0, not {size}")
            sizes.append(size)
        if isinstance(params.get("position"), str):
            sizes.append(sum(parse_position(params["position"])))
        largest = max(sizes)
        if isinstance(largest, int) and largest > MAX_N:
            raise InputError(
                f"CRIM graphs hold the partitions of size at most {MAX_N}, not {largest}"
            )
        return cls.create(n=largest)

    def serves(self, wanted: Crim, cypher: str) -> str | None:
        if wanted.n > self.n:
            return f"the loaded CRIM graph holds sizes up to {self.n}, not {wanted.n}"
        return None
