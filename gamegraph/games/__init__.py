"""The mathematics of gamegraph: every game as one type, registered once (no Neo4j here).

- :mod:`.base`: the :class:`Game` type and its declared :class:`Param` values;
- :mod:`.registry`: :func:`get_game`, :func:`all_games`, :func:`parse_graph_id`;
- :mod:`.sources`: the games of installed packages, of files and of the session;
- :mod:`.engine`: the one engine of every game made of a space and a move;
- one package per game (:mod:`.bulgarian`, :mod:`.floridian`, :mod:`.lifting`, ...), each
  with its space and move (or an engine of its own), its Cypher files;
- shared pieces: :mod:`.partitions` (parsing, notation, Ω), :mod:`._kernels` (compiled
  kernels), :mod:`.model` (the table types), :mod:`.checks`, :mod:`.limits`.
"""

from gamegraph.games import sources
from gamegraph.games.base import Game, Param
from gamegraph.games.registry import add_discoverer, all_games, get_game, parse_graph_id, register

add_discoverer(sources.load_configured)  # installed packages' and files' games

__all__ = ["Game", "Param", "all_games", "get_game", "parse_graph_id", "register"]
