"""The engine module of every defined game (``DefinedGame.engine``): the hooks the base class
:class:`~gamegraph.games.base.Game` calls, as it calls a built-in game's engine module.

``estimate`` and ``build`` are :mod:`.engine`'s; ``tables`` writes the shared functional
tables for a solitaire (as B_n's) and :mod:`.tables`' for the other kinds; ``verify`` runs
:mod:`.checks` for a choice or impartial game (a solitaire's is the shared functional one,
:class:`~gamegraph.games.functional.game.FunctionalGame`'s); ``parse_position`` reads a
position in the notations of the game's space.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gamegraph.define.engine import build_defined, estimate_defined
from gamegraph.define.tables import choice_tables, impartial_tables, position_columns
from gamegraph.games.functional.tables import functional_tables
from gamegraph.progress import Progress

if TYPE_CHECKING:
    from gamegraph.define.games import DefinedGame
    from gamegraph.games.checks import Check, Reader
    from gamegraph.games.limits import Estimate
    from gamegraph.games.model import GraphTables

__all__ = ["build", "estimate", "parse_position", "tables", "verify"]


def estimate(game: DefinedGame) -> Estimate:
    return estimate_defined(game)


def build(game: DefinedGame, *, force: bool = False, progress: Progress | None = None) -> Any:
    return build_defined(game, force=force)


def tables(game: Any, built: Any) -> GraphTables:
    columns = position_columns(game, built.positions)
    kind = game.definition.kind
    if kind == "functional":
        return functional_tables(game, built, columns)
    if kind == "choice":
        return choice_tables(game, built, columns)
    return impartial_tables(game, built, columns)


def verify(
    game: DefinedGame,
    built: Any,
    reader: Reader,
    stored: Mapping[str, Any],
    say: Callable[[str], None],
) -> list[Check]:
    from gamegraph.define.checks import arc_checks

    return arc_checks(game, built, reader, stored, say)


def parse_position(game: DefinedGame, text: str) -> str:
    space = game.definition.space
    return space.key(space.parse(text, game.n))
