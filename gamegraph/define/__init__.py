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
(``gg.<name>``): ``move(20).stats()``. This package is the public face of the definitions;
they are checked and built in the games layer, by the engine every game of a space and a move
goes through, built in or defined (:mod:`gamegraph.games.engine`):

- :mod:`~gamegraph.games.engine.declare`: the decorators, which check a declaration when it
  is made and record it as a :class:`~gamegraph.games.engine.definition.Definition`;
- :mod:`~gamegraph.games.engine.spaces`: the position spaces a definition names;
- :mod:`~gamegraph.games.engine.sums`: disjunctive sums of impartial games (``gg.sum``,
  imported on first use: it needs numpy);
- :mod:`gamegraph.games.sources`: definitions from installed packages (entry points
  ``gamegraph.games``), files (``--games-from``, ``GAMEGRAPH_GAMES_FROM``) and the session.
"""

from typing import Any

from gamegraph.games.engine.declare import (
    Definition,
    DefinitionError,
    choice_solitaire,
    define,
    impartial,
    solitaire,
)
from gamegraph.games.engine.spaces import (
    Space,
    compositions,
    partitions,
    partitions_up_to,
    reachable,
    space,
)

register = define

__all__ = [
    "Definition",
    "DefinitionError",
    "ImpartialSum",
    "Space",
    "choice_solitaire",
    "compositions",
    "define",
    "disjunctive_sum",
    "impartial",
    "partitions",
    "partitions_up_to",
    "reachable",
    "register",
    "solitaire",
    "space",
    "sum",
]


def __getattr__(name: str) -> Any:
    """``sum`` (``gg.sum(g, h)``: G + H, a move in one component), ``disjunctive_sum`` and
    ``ImpartialSum``, imported on first use."""
    if name in ("sum", "disjunctive_sum", "ImpartialSum"):
        from gamegraph.games.engine import sums

        return getattr(sums, "disjunctive_sum" if name == "sum" else name)
    raise AttributeError(f"module 'gamegraph.define' has no attribute {name!r}")
