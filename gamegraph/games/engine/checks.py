"""`gamegraph verify` on a graph of the engine: the stored analysis recomputed from the
stored moves, by kind: a functional graph's in :mod:`.functional_checks`, a choice or
impartial game's in :mod:`.arc_checks`."""

from __future__ import annotations

from typing import Any

from gamegraph.games.checks import Check, GameChecks
from gamegraph.games.engine.arc_checks import arc_checks
from gamegraph.games.engine.functional import FunctionalGraph
from gamegraph.games.engine.functional_checks import functional_checks

__all__ = ["EngineChecks", "verify"]


class EngineChecks(GameChecks[Any, Any]):
    """The checks of every game of the engine (its ``verify`` hook)."""

    def run(self) -> list[Check]:
        game, built = self.game, self.built
        if isinstance(built, FunctionalGraph):
            return functional_checks(
                game, built, self.reader, self.stored, self.say, rule=game.rule
            )
        return arc_checks(game, built, self.reader, self.stored, self.say)


verify = EngineChecks
