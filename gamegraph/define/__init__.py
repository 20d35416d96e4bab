"""Your own game in a dozen lines: a partition game defined by its move (docs/games.md).

::

    import gamegraph as gg

    @gg.solitaire(name="my-variant", space="partitions", title="...")
    def move(position: tuple[int, ...], n: int) -> tuple[int, ...]: ...

    @gg.choice_solitaire(name="...", space="compositions")
    def moves(position, n): ...            # an iterable of positions

    @gg.impartial(name="...", space=gg.reachable(start=lambda n: (n,)))
    def moves(position, n): ...

Each decorator registers the game (the command line, the API, the loader, the queries and
`verify` then know it as they know a built-in game) and returns its factory
(``gg.<name>``): ``move(20).stats()``. The pieces:

- :mod:`.definition`: the decorators, which check a declaration when it is made and record
  it as a :class:`~gamegraph.games.engine.definition.Definition`;
- :mod:`.sums`: disjunctive sums of impartial games (``gg.sum``);
- the engine every game of a space and a move is built by, built-in or defined
  (:mod:`gamegraph.games.engine`): the position spaces a definition names, the move called a
  shard of positions at a time, the analysis of each kind, its tables, checks and Cypher;
- :mod:`gamegraph.games.sources`: definitions from installed packages (entry points
  ``gamegraph.games``), files (``--games-from``, ``GAMEGRAPH_GAMES_FROM``) and the session.
"""

from gamegraph.define.definition import (
    Definition,
    DefinitionError,
    choice_solitaire,
    define,
    impartial,
    solitaire,
)
from gamegraph.define.sums import ImpartialSum, disjunctive_sum
from gamegraph.games.engine.spaces import (
    Space,
    compositions,
    partitions,
    partitions_up_to,
    reachable,
)

register = define
sum = disjunctive_sum  # gg.sum(g, h): G + H, a move in one component

__all__ = [
    "Definition",
    "DefinitionError",
    "ImpartialSum",
    "Space",
    "choice_solitaire",
    "compositions",
    "define",
    "impartial",
    "partitions",
    "partitions_up_to",
    "reachable",
    "register",
    "solitaire",
    "sum",
]
