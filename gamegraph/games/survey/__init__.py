"""The survey's five remaining games (section 3.5, "Other discrete generalizations"; #29).

Each is a game defined by its move (:mod:`gamegraph.define`) built into gamegraph: its move is
written as a definition on a position space of the core (:mod:`gamegraph.core.spaces`,
declared with ``space``; the spaces and moves are in :mod:`.positions`), so the engine
builds, analyses, loads and verifies it as it does every defined game, and the stats are the
keys of every functional graph. The conventions are in docs/games.md ("The survey's five
games"):

- ``multiplayer-bulgarian`` (Öhman), ``--players s``: s-tuples of partitions of n cards in all;
- ``servedio-yeh``, ``--players c``: circular weak compositions of n into c parts;
- ``janetzko``, ``--players c``: weak compositions with the pointer's pile at seat 1;
- ``bulgarian-3d`` (Grensjö 2012), ``--move``: plane partitions of n and a layer move
  (the six moves reconstructed from the thesis's abstract: its stored copies hold only the
  title page, the abstract and the opening of the introduction);
- ``red-green-bulgarian`` (Locke): green and red piles (each pile one colour), a labelled
  reconstruction of the rule (Locke's own was not found).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamegraph.games.base import Param
from gamegraph.games.engine.declare import solitaire
from gamegraph.games.engine.spaces import space
from gamegraph.games.survey import positions as pos

if TYPE_CHECKING:
    from gamegraph.core.spaces import Space

__all__ = ["GAMES"]

GAMES = (
    "multiplayer-bulgarian",
    "servedio-yeh",
    "janetzko",
    "bulgarian-3d",
    "red-green-bulgarian",
)
"""The five games' names, in the survey's order of the issue."""

_PLAYERS = 12
"""Most players a table may have (the graphs grow as n^(players − 1))."""


def _seated(
    name: str,
    positions: Callable[[int, int], Space[Any]],
    move: Callable[[Any], Any],
    described: str,
    *,
    players: int = 3,
    who: str = "The number of players c round the table.",
    **declared: Any,
) -> None:
    """Declare a game of ``players`` (by default) seated round a table, on the space
    ``positions(n, players)``, whose move is ``move(position)``."""

    def seated(position: Any, n: int, players: int) -> Any:
        return move(position)

    seated.__name__ = move.__name__
    solitaire(
        name=name,
        space=space(positions, described=described),
        params=(Param("players", who, default=players, minimum=1, maximum=_PLAYERS),),
        example={"n": 6, "players": players},
        max_n=200,
        **declared,
    )(seated)


_seated(
    "multiplayer-bulgarian",
    pos.hands,
    pos.multiplayer_move,
    "the s-tuples of partitions with n cards in all",
    players=2,
    who="The number of players s (seats labelled; a hand may be empty).",
    title="Multiplayer Bulgarian solitaire (Öhman)",
    description=(
        "Öhman's multiplayer Bulgarian solitaire: s players at a round table each take one card "
        "from every pile and pass the new pile on; s-tuples of partitions of n."
    ),
)
_seated(
    "servedio-yeh",
    pos.necklaces,
    pos.servedio_yeh_move,
    "the weak compositions of n cards into c parts, up to rotation",
    title="Servedio–Yeh circular compositions",
    description=(
        "Servedio and Yeh's game: c players round a table all deal their cards at once, one "
        "each to themselves and the next players; weak compositions of n up to rotation."
    ),
)
_seated(
    "janetzko",
    pos.pointers,
    pos.janetzko_move,
    "the weak compositions of n cards into c parts, pointer at seat 1",
    title="Janetzko's pointer game",
    description=(
        "Janetzko's game: the pointer's player deals the whole pile to the following players and "
        "the pointer moves to the last receiver; weak compositions, pointer at seat 1."
    ),
    queries="janetzko.cypher",
)


@solitaire(
    name="bulgarian-3d",
    space=space(lambda n, layer_move: pos.planes(n), described="the plane partitions of n cubes"),
    title="Three-dimensional Bulgarian solitaire (Grensjö)",
    description=(
        "Grensjö's three-dimensional Bulgarian solitaire on the plane partitions of n: one "
        "Bulgarian move on every layer of the solid diagram (--move: layers, then piles)."
    ),
    params=(
        Param(
            "layer_move",
            "The layer move: the axis the layers are perpendicular to, then the direction "
            "of their piles (x rows, y columns, z heights).",
            kind="choice",
            choices=pos.MOVES_3D,
            default="zx",
            option="--move",
        ),
    ),
    example={"n": 6, "layer_move": "zx"},
    max_n=60,  # the limit of PlanePartitions (A000219(60) = 314,689,799,781 positions)
)
def bulgarian_3d(position: pos.PlanePartition, n: int, layer_move: str) -> pos.PlanePartition:
    return pos.bulgarian_3d_move(position, layer_move)


@solitaire(
    name="red-green-bulgarian",
    space=space(
        lambda n: pos.hands(n, 2),
        described="the pairs (green piles | red piles) of partitions of n cards in all",
    ),
    title="Red-green Bulgarian solitaire (Locke; the rule reconstructed)",
    description=(
        "Red-green Bulgarian solitaire on partitions of n into green and red piles, a labelled "
        "reconstruction (Locke's rule was not found): a green pile's green card is at its "
        "bottom; the new pile is green when a green pile of one card is used up."
    ),
    example={"n": 6},
    max_n=200,
)
def red_green(position: pos.Hands, n: int) -> pos.Hands:
    return pos.red_green_move(position)
