"""Tchoukaillon solitaire, strange roots and Fagan's construction (SPEC-games.md §6, seed 002).

:mod:`.boards` holds the boards and the moves (winnable boards, move vectors, winning play),
:mod:`.roots` the strange roots, Fagan pairs and basins, :mod:`.engine` the move graph for
loading, :mod:`._kernels` the compiled bulk loops over ranges of n, :mod:`.tables` the Neo4j
model and :mod:`.checks` the checks of `gamegraph verify`.

The game :class:`Tchoukaillon` (``tchoukaillon`` on the command line, ``gg.tchoukaillon`` in
Python) takes n and the rule (``standard``, the default, or ``literal``); its graph id is
``tchoukaillon:standard:12``. ``gg.tchoukaillon(n)`` answers the facts of the number n at once
for any n (``.stats()``) and builds the move graph T_n on first use (``.graph``,
``.to_networkx()``).

Functions of this package (the Python API for the numbers, no graph needed):

- :func:`winnable_board` (Tchouk_n), :func:`move_vector`, :func:`winning_play`;
- :func:`strange_root` (sr(n)), :func:`alist`, :func:`cf` and :func:`fagan_pairs` (CF(m));
- :func:`fagan_basin_size` (the basin of n: #{m : cf(m) = n}, OEIS A204539, by the sieve),
  :func:`fagan_basins` (every complete basin of m ≤ m_max, counted from cf(m); 10^6 in about
  a second), :func:`single_member_basins` (the m alone in their basin) and
  :func:`check_seed_single_basins` (the seed's list of such m, SR-basin1, checked).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.errors import InputError
from gamegraph.games.base import Game, Param
from gamegraph.games.params import number_of
from gamegraph.games.registry import register
from gamegraph.games.tchoukaillon.boards import (
    board_key,
    move_vector,
    parse_board,
    winnable_board,
    winning_play,
)
from gamegraph.lazy import lazy_names

if TYPE_CHECKING:
    from gamegraph.games.tchoukaillon.engine import TchoukaillonAnalysis
    from gamegraph.games.tchoukaillon.roots import (
        alist,
        cf,
        check_seed_single_basins,
        fagan_basin_size,
        fagan_basins,
        fagan_pairs,
        single_member_basins,
        strange_root,
    )

__all__ = [
    "RULES",
    "Tchoukaillon",
    "alist",
    "cf",
    "check_seed_single_basins",
    "fagan_basin_size",
    "fagan_basins",
    "fagan_pairs",
    "move_vector",
    "single_member_basins",
    "strange_root",
    "winnable_board",
    "winning_play",
]

RULES = ("standard", "literal")
"""The move rules: a hole holding exactly its number of stones (standard), or any hole i
holding 1..i stones (the literal reading of seed 002 l.45)."""

MAX_STONES = 10**9
"""Largest n the game accepts: its facts are exact far beyond, T_n is bounded by its estimate."""


@register
@dataclass(frozen=True)
class Tchoukaillon(Game["TchoukaillonAnalysis"]):
    """Tchoukaillon solitaire: the winnable board of n stones, its move vector and winning play,
    strange roots, and the move graph T_n of the boards reachable from it."""

    name = "tchoukaillon"
    engine = "gamegraph.games.tchoukaillon.engine"
    title = "Tchoukaillon solitaire T_n"
    params = (
        number_of("stones", MAX_STONES),
        Param(
            "rule",
            "The move rule: 'standard' (play hole i when it holds exactly i stones) or "
            "'literal' (any hole i holding 1..i stones, seed 002 l.45).",
            kind="choice",
            choices=RULES,
            default="standard",
        ),
    )
    stats_keys = ("n", "winnable_board", "move_vector", "rightmost_hole", "strange_root")
    example: ClassVar[dict[str, Any]] = {"n": 12, "rule": "standard"}

    rule: str = "standard"

    @property
    def literal(self) -> bool:
        return self.rule == "literal"

    def describe(self) -> str:
        return f"T_{self.n}" + (" (literal rule)" if self.literal else "")

    def summary(self, built: TchoukaillonAnalysis) -> dict[str, Any]:
        graph = built.graph
        return self.stats(built) | {
            "rule": self.rule,
            "boards": graph.size,
            "moves": graph.arcs,
            "winnable_boards": int(graph.winnable.sum()),
            "dead_ends": int(graph.dead_end.sum()),
        }

    def parse_position(self, text: str) -> str:
        board = parse_board(text)
        if sum(board) > self.n:
            raise InputError(
                f"{board_key(board)} holds {sum(board)} stones, more than any board of "
                f"T_{self.n} (at most n = {self.n})"
            )
        return board_key(board)


# the numbers (the names of __all__ not defined above) from .roots on first use: its sieve
# imports numba, and the game's module stays light
__getattr__ = lazy_names(__name__, {name: "roots" for name in __all__ if name not in globals()})
