"""`gamegraph verify` on a graph of the engine: the stored analysis recomputed from the
stored moves, by kind: a functional graph's in :mod:`.functional_checks`, a choice or
impartial game's in :mod:`.arc_checks`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gamegraph.games.checks import Check, Reader
from gamegraph.games.engine.arc_checks import arc_checks
from gamegraph.games.engine.functional import FunctionalGraph
from gamegraph.games.engine.functional_checks import functional_checks

__all__ = ["verify"]


def verify(
    game: Any,
    built: Any,
    reader: Reader,
    stored: Mapping[str, Any],
    say: Callable[[str], None],
) -> list[Check]:
    """The ``verify`` hook of every game of the engine."""
    if isinstance(built, FunctionalGraph):
        return functional_checks(game, built, reader, stored, say, rule=game.rule)
    return arc_checks(game, built, reader, stored, say)
