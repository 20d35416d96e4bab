"""The functional-graph solitaires' shared code: one move per position (SPEC-games.md §0).

Bulgarian, Carolina, Austrian, Montreal and Dual solitaire have one move per position, so their
graphs are functional graphs and share one analysis, one table layout and one set of checks:

- :mod:`.game`: :class:`FunctionalGame`, the :class:`~gamegraph.games.base.Game` type they
  subclass (light: every game's ``__init__`` imports it);
- :mod:`.graph`: :class:`~.graph.FunctionalGraph`, the compiled analysis of a map
  i -> successor[i], and the engines' input and memory checks (numpy, numba);
- :mod:`.tables`: the Neo4j node and relationship tables of a functional graph;
- :mod:`.checks`: the `verify` checks of a loaded functional graph.

This package's ``__init__`` re-exports only the light names of :mod:`.game`; import the others
from their modules.
"""

from gamegraph.games.engine.game import (
    FUNCTIONAL_STATS,
    FunctionalGame,
    parse_ordered_partition,
)

__all__ = ["FUNCTIONAL_STATS", "FunctionalGame", "parse_ordered_partition"]
