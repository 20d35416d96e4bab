"""The survey's five remaining games (section 3.5, "Other discrete generalizations"; #29).

Each is a defined game (:mod:`gamegraph.define`) built into gamegraph: its move is written as a
definition on a position space of the core (:mod:`gamegraph.core.spaces`), and the space is
given whole as the start of a ``gg.reachable`` space (its rows, :mod:`.positions`), with the
space's membership as the predicate, so the define engine builds, analyses,
loads and verifies it as it does every defined game, and the stats are the keys of every
functional graph. The conventions are in docs/games.md ("The survey's five games"):

- ``multiplayer-bulgarian`` (Öhman), ``--players s``: s-tuples of partitions of n cards in all;
- ``servedio-yeh``, ``--players c``: circular weak compositions of n into c parts;
- ``janetzko``, ``--players c``: weak compositions with the pointer's pile at seat 1;
- ``bulgarian-3d`` (Grensjö 2012), ``--move``: plane partitions of n and a layer move
  (the six moves reconstructed from the thesis's abstract: its stored copies hold only the
  title page, the abstract and the opening of the introduction);
- ``red-green-bulgarian`` (Locke): two-coloured partitions, a labelled reconstruction of the
  rule (Locke's own was not found).
"""

from __future__ import annotations

from gamegraph.games.base import Param
from gamegraph.games.engine.declare import solitaire
from gamegraph.games.engine.spaces import reachable
from gamegraph.games.survey import positions as pos

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


def _players(what: str, default: int) -> tuple[Param, ...]:
    return (Param("players", what, default=default, minimum=1, maximum=_PLAYERS),)


def _is_multiplayer(position: tuple[int, ...], n: int, players: int) -> bool:
    return pos.member(pos.hands(n, players), position)


@solitaire(
    name="multiplayer-bulgarian",
    space=reachable(
        start=lambda n, players: pos.rows(pos.hands(n, players)),
        where=_is_multiplayer,
        described="the s-tuples of partitions with n cards in all",
    ),
    title="Multiplayer Bulgarian solitaire (Öhman)",
    description=(
        "Öhman's multiplayer Bulgarian solitaire: s players at a round table each take one card "
        "from every pile and pass the new pile on; s-tuples of partitions of n."
    ),
    params=_players("The number of players s (seats labelled; a hand may be empty).", 2),
    example={"n": 6, "players": 2},
    max_n=200,
)
def multiplayer(position: tuple[int, ...], n: int, players: int) -> tuple[int, ...]:
    return pos.multiplayer_move(position, n, players)


def _is_necklace(position: tuple[int, ...], n: int, players: int) -> bool:
    return pos.member(pos.necklaces(n, players), position)


@solitaire(
    name="servedio-yeh",
    space=reachable(
        start=lambda n, players: pos.rows(pos.necklaces(n, players)),
        where=_is_necklace,
        described="the weak compositions of n cards into c parts, up to rotation",
    ),
    title="Servedio–Yeh circular compositions",
    description=(
        "Servedio and Yeh's game: c players round a table all deal their cards at once, one "
        "each to themselves and the next players; weak compositions of n up to rotation."
    ),
    params=_players("The number of players c round the table.", 3),
    example={"n": 6, "players": 3},
    max_n=200,
)
def servedio_yeh(position: tuple[int, ...], n: int, players: int) -> tuple[int, ...]:
    return pos.servedio_yeh_move(position, n, players)


def _is_pointed(position: tuple[int, ...], n: int, players: int) -> bool:
    return pos.member(pos.pointers(n, players), position)


@solitaire(
    name="janetzko",
    space=reachable(
        start=lambda n, players: pos.rows(pos.pointers(n, players)),
        where=_is_pointed,
        described="the weak compositions of n cards into c parts, pointer at seat 1",
    ),
    title="Janetzko's pointer game",
    description=(
        "Janetzko's game: the pointer's player deals the whole pile to the following players and "
        "the pointer moves to the last receiver; weak compositions, pointer at seat 1."
    ),
    params=_players("The number of players c round the table.", 3),
    example={"n": 6, "players": 3},
    max_n=200,
    queries="janetzko.cypher",
)
def janetzko(position: tuple[int, ...], n: int, players: int) -> tuple[int, ...]:
    return pos.janetzko_move(position, n, players)


def _is_plane_partition(position: tuple[int, ...], n: int, layer_move: str) -> bool:
    return pos.member(pos.planes(n), position)


@solitaire(
    name="bulgarian-3d",
    space=reachable(
        start=lambda n, layer_move: pos.rows(pos.planes(n)),
        where=_is_plane_partition,
        described="the plane partitions of n cubes",
    ),
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
    max_n=100,
)
def bulgarian_3d(position: tuple[int, ...], n: int, layer_move: str) -> tuple[int, ...]:
    return pos.bulgarian_3d_move(position, n, layer_move)


def _is_two_coloured(position: tuple[int, ...], n: int) -> bool:
    return pos.member(pos.hands(n, 2), position)


@solitaire(
    name="red-green-bulgarian",
    space=reachable(
        start=lambda n: pos.rows(pos.hands(n, 2)),
        where=_is_two_coloured,
        described="the two-coloured partitions of n cards",
    ),
    title="Red-green Bulgarian solitaire (Locke; the rule reconstructed)",
    description=(
        "Red-green Bulgarian solitaire on two-coloured partitions of n, a labelled "
        "reconstruction (Locke's rule was not found): a green pile's green card is at its "
        "bottom; the new pile is green when a green pile of one card is used up."
    ),
    example={"n": 6},
    max_n=200,
)
def red_green(position: tuple[int, ...], n: int) -> tuple[int, ...]:
    return pos.red_green_move(position, n)
