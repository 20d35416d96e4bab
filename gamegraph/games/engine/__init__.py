"""The engine of every game made of a space and a move, built in or defined (issue 28).

A game is a space, a move and its parameters. The engine builds its graph the same way
whoever wrote it: the positions of the graph (a space of :mod:`gamegraph.core.spaces`), the
move of each (a built-in game's compiled loop over ids, or a definition's Python function
called a shard at a time), the graph as one of the core's two array types, its analysis by
the core's functions, its Neo4j tables and its `verify` checks. The modules, by job:

- :mod:`.game`: :class:`FunctionalGame`, the light Game type of the solitaires (every game's
  ``__init__`` imports it), and :class:`PartitionGame`, those on the partitions of n;
  :mod:`.defined`: the Game type of a definition, one per kind;
  :mod:`.definition`: what a definition declares; :mod:`.spaces`: its declared spaces;
- :mod:`.build`: estimate and build (the hooks :class:`~gamegraph.games.base.Game` calls);
  :mod:`.calls`, :mod:`.timeout`: a definition's function called and checked;
  :mod:`._kernels`: compiled moves and CSR rows;
- :mod:`.positions`: a built graph's positions (its space, with keys and notations);
  :mod:`.functional`, :mod:`.graphs`: the graph of each kind with its analysis;
- :mod:`.tables`: the graph as Neo4j tables; :mod:`.checks`, :mod:`.functional_checks`,
  :mod:`.arc_checks`: `verify`; :mod:`.cypher`: a definition's Cypher, written for it.

This package's ``__init__`` re-exports only the light names of :mod:`.game`; import the others
from their modules.
"""

from gamegraph.games.engine.game import FUNCTIONAL_STATS, FunctionalGame, PartitionGame

__all__ = ["FUNCTIONAL_STATS", "FunctionalGame", "PartitionGame"]
