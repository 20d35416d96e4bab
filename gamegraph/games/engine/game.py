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

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from gamegraph.games.base import Game
from gamegraph.games.partitions import (
    Partition,
    count_partitions,
    parse_ordered_partition,
    partitions_exact,
)

if TYPE_CHECKING:
    import numpy as np

    from gamegraph.core.spaces import Partitions, Space
    from gamegraph.games.engine.functional import FunctionalGraph
    from gamegraph.games.engine.positions import Positions
    from gamegraph.games.model import Column

__all__ = ["FUNCTIONAL_STATS", "FunctionalGame", "GraphT", "PartitionGame"]

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
    """A game whose graph is a functional graph, made of a space and a move: the engine
    (:mod:`gamegraph.games.engine`) builds, analyses, tabulates and verifies every such game
    the same way, built in or defined.

    A built-in functional game declares what every :class:`~gamegraph.games.base.Game`
    declares (``name``, ``title``, ``description``, ``params`` with ``n``, ``query_files``,
    ``example``; its node label and move type follow from its name), the :attr:`rule` and
    the graph's :attr:`symbol` in the papers' words, and two methods that import what they
    need on first use: :meth:`position_space`, the positions of the graph (a space of
    :mod:`gamegraph.core.spaces`, or the game's own), and :meth:`fill_successors`, the move
    as a compiled loop over the space's ids. Where it pays, it also gives
    :meth:`position_count` (the positions of huge n, without the space),
    :meth:`read_position` (positions written as text) and :meth:`node_columns` (what its
    nodes store besides the shared columns). A defined game's class
    (:mod:`.defined`) gives its definition instead of the last two, and the engine calls the
    user's function.
    """

    kind: ClassVar[str] = "functional"
    """What the engine builds: a functional graph (one move per position)."""
    engine = "gamegraph.games.engine.build"
    rule: ClassVar[str]
    """The move in the papers' words, for verify's messages (``C(α)``)."""
    rule_in_cypher: ClassVar[bool] = True
    """``verify.cypher`` computes the move itself (a defined game's is the definition's)."""
    symbol: ClassVar[str]
    """The graph in the papers' words, a template over the parameters: ``describe()`` of
    ``B_{n}`` is ``B_60``, of ``M on {space}({n})`` ``M on I(7)``."""
    stats_keys: ClassVar[tuple[str, ...]] = ("n", *FUNCTIONAL_STATS)

    def describe(self) -> str:
        return self.symbol.format(**self.values())

    def summary(self, built: GraphT) -> dict[str, Any]:
        """The stats, plus the number of recurrent positions (verify holds both)."""
        return self.stats(built) | {"recurrent": int(built.on_cycle.sum())}

    # ------------------------------------------------------------------ space and move

    def position_space(self) -> Space[Any]:
        """The positions of this graph, in index order (imported on first use)."""
        raise NotImplementedError(f"{type(self).__name__} declares no space")

    def fill_successors(self, space: Any, successor: np.ndarray) -> None:
        """Write the index of every position's move into ``successor`` (by index)."""
        raise NotImplementedError(f"{type(self).__name__} declares no move")

    def position_count(self) -> tuple[int, bool]:
        """The number of positions, and whether it is an estimate, without building
        anything (fast for any n; the space's size by default)."""
        return self.position_space().cardinality(), False

    def row_entries(self) -> float:
        """The mean number of entries of a position's row, or a bound on it (the tables hold
        every row), without listing the positions: the space's longest row by default."""
        return self.position_space().row_width()

    def read_position(self, text: str) -> Any:
        """A position of this graph written as text, in the notations the game takes."""
        return self.position_space().parse(text)

    def parse_position(self, text: str) -> str:
        """The key a position given as text has in this graph (queries' ``position``)."""
        return self.position_space().format(self.read_position(text))

    def node_columns(self, positions: Positions) -> dict[str, Column]:
        """What each position's node stores besides its analysis (in index order): the
        shared columns of its space (:func:`.tables.position_columns`) by default."""
        from gamegraph.games.engine.tables import position_columns

        return position_columns(self, positions)


class PartitionGame(FunctionalGame[GraphT]):
    """A functional game on the partitions of n (B_n, D_n): its positions are
    :class:`~gamegraph.core.spaces.Partitions` of n, counted without listing them (p(n),
    estimated above :data:`~gamegraph.games.partitions.EXACT_COUNT_LIMIT`) and written
    largest part first or in the papers' notation; it gives its move."""

    def position_space(self) -> Partitions:
        from gamegraph.core.spaces import Partitions

        return Partitions(self.n)

    def position_count(self) -> tuple[int, bool]:
        return count_partitions(self.n), not partitions_exact(self.n)

    def read_position(self, text: str) -> Partition:
        return parse_ordered_partition(text, self.n)
