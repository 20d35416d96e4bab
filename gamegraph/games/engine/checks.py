"""`gamegraph verify` on a graph of the engine: the stored analysis recomputed from the
stored moves, by kind: a functional graph's in :mod:`.functional_checks`, a choice or
impartial game's in :mod:`.arc_checks`."""

from __future__ import annotations

from typing import Any

from gamegraph.games.checks import GameChecks, Reader, Say, Stored
from gamegraph.games.engine.arc_checks import ArcChecks
from gamegraph.games.engine.functional import FunctionalGraph
from gamegraph.games.engine.functional_checks import FunctionalChecks

__all__ = ["verify"]


def verify(game: Any, built: Any, reader: Reader, stored: Stored, say: Say) -> GameChecks[Any, Any]:
    """The checks of every game of the engine (its ``verify`` hook), of the kind of graph
    it built."""
    kind = FunctionalChecks if isinstance(built, FunctionalGraph) else ArcChecks
    return kind(game, built, reader, stored, say)
