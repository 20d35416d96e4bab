"""The :class:`Game` type shared by the functional-graph solitaires (SPEC-games.md §0).

Bulgarian, Carolina, Austrian, Montreal and Dual Bulgarian solitaire have one move per
position, so their graphs are functional graphs (:mod:`.functional`) and answer the same
questions as B_n: the trajectory of a position to its cycle, the cycles with their basins,
the Garden of Eden, the longest transients. :class:`FunctionalGame` holds what their Game
classes share: the stats keys, the :Graph summary, the Cypher files, the label and move type
of the model (:mod:`.tables`, :mod:`.checks`) and the way a position given as text is
refused in one line.

Light on purpose (no numpy): every game's ``__init__`` imports it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from gamegraph.games.base import Game
from gamegraph.games.partitions import (
    Partition,
    PartitionError,
    canonical_key,
    paper_notation,
    parse_partition,
)

if TYPE_CHECKING:
    from gamegraph.games.engine.functional import FunctionalGraph

__all__ = ["FUNCTIONAL_STATS", "FunctionalGame", "GraphT", "parse_ordered_partition"]

FUNCTIONAL_STATS = (
    "positions",
    "cycles",
    "cycle_lengths",
    "components",
    "garden_of_eden",
    "fixed_points",
    "max_transient",
)
"""The analysis figures of every functional graph (after n and the game's own parameters)."""


GraphT = TypeVar("GraphT", bound="FunctionalGraph")
"""The built graph of a functional game: a :class:`~.graph.FunctionalGraph` subclass."""


class FunctionalGame(Game[GraphT]):
    """A game whose graph is a functional graph: one node label, one move type.

    Its public shape, for the built-in games and for classes made at run time alike:

    - declare what every :class:`~gamegraph.games.base.Game` declares (``name``, ``title``,
      ``description``, ``params`` with ``n``, ``query_files``, ``example``) plus
      :attr:`label`, :attr:`move` and :attr:`rule`; ``stats_keys`` defaults to n and
      :data:`FUNCTIONAL_STATS`;
    - name the engine module in ``engine``, whose hooks ``estimate(game)``,
      ``build(game, force=, progress=)`` (a :class:`~.graph.FunctionalGraph` subclass,
      ``GraphT``) and, optionally, ``parse_position(game, text)`` the base class calls, with
      ``tables(game, built)`` in the ``tables`` module beside it; or override the methods
      ``estimate``, ``build`` and ``tables`` instead (a class made at run time);
    - ``describe()`` is the one abstract method left;
    - ``summary`` and ``verify`` are shared: the summary adds the recurrent positions, and
      verify runs :mod:`.checks` (:attr:`verify_module`) with the game's
      ``verify_<name>_positions`` query (its ``verify.cypher`` computes the move).
    """

    label: ClassVar[str]
    """Node label of the positions (``Carolina``)."""
    move: ClassVar[str]
    """Relationship type of the move (``CAROLINA_MOVE``)."""
    rule: ClassVar[str]
    """The move in the papers' words, for verify's messages (``C(α)``)."""
    rule_in_cypher: ClassVar[bool] = True
    """``verify.cypher`` computes the move itself (a defined game's is the definition's)."""
    stats_keys: ClassVar[tuple[str, ...]] = ("n", *FUNCTIONAL_STATS)
    internal_query_files = ("schema.cypher", "verify.cypher")
    n_label = "cards"
    verify_module = "gamegraph.games.engine.checks"

    def graph_params(self) -> dict[str, Any]:
        """The parameters that name this graph's nodes in Cypher (those in the graph id):
        ``{"n": 20}``, or ``{"n": 20, "L": 5}``."""
        return {p.name: getattr(self, p.name) for p in self.params if p.in_id}

    def summary(self, built: GraphT) -> dict[str, Any]:
        """The stats, plus the number of recurrent positions (verify holds both)."""
        return self.stats(built) | {"recurrent": int(built.on_cycle.sum())}


_SEPARATORS = re.compile(r"[\s,]+")
_TOKEN = re.compile(r"^(\d+)(?:\^(\d+))?$")


def parse_ordered_partition(text: str, n: int | None = None) -> Partition:
    """A partition written largest part first (``5,3,3,1``) or in the papers' ascending
    notation (``1 3^2 5``), as a nonincreasing tuple.

    Parts in any other order make a composition, not a partition: refused in one line
    (:func:`gamegraph.games.partitions.parse_partition`, which B_n uses, would sort them
    silently and hide a composition given by mistake).
    """
    parts = parse_partition(text)
    body = text.strip()
    if body[:1] in "[(" and body[-1:] in "])":
        body = body[1:-1]
    given: list[int] = []
    for token in _SEPARATORS.split(body.strip()):
        match = _TOKEN.match(token)
        if match:
            given += [int(match.group(1))] * int(match.group(2) or 1)
    if given not in (sorted(given, reverse=True), sorted(given)):
        raise PartitionError(
            f"{text.strip()!r} is a composition, not a partition: write the parts largest "
            f"first ({canonical_key(parts)}) or in ascending notation ({paper_notation(parts)})"
        )
    if n is not None and sum(parts) != n:
        raise PartitionError(
            f"{canonical_key(parts)} is a partition of {sum(parts)}, not of n = {n}"
        )
    return parts
