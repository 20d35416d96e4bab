"""The mathematics of gamegraph: every game as one type, registered once (no Neo4j here).

- :mod:`.base`: the :class:`Game` type and its declared :class:`Param` values;
- :mod:`.registry`: :func:`get_game`, :func:`all_games`, :func:`parse_graph_id`;
- one package per game (:mod:`.bulgarian`, :mod:`.floridian`, :mod:`.lifting`, ...), each
  with its engine, its Neo4j tables, its Cypher files and its `verify` checks;
- shared pieces: :mod:`.partitions` (parsing, notation, Ω), :mod:`._kernels` (compiled
  kernels), :mod:`.model` (the table types), :mod:`.checks`, :mod:`.limits`.
"""

from gamegraph.games.base import Game, Param
from gamegraph.games.registry import all_games, get_game, parse_graph_id, register

__all__ = ["Game", "Param", "all_games", "get_game", "parse_graph_id", "register"]
