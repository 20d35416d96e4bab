"""`gamegraph verify` on D_n: the shared checks of functional graphs
(:mod:`gamegraph.games.functional_checks`), with the move D computed in Cypher from each
partition's parts by ``verify_dual_positions``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gamegraph.games.checks import Check, Reader
from gamegraph.games.dual.engine import DualGraph
from gamegraph.games.functional_checks import functional_checks

if TYPE_CHECKING:
    from gamegraph.games.dual import Dual

__all__ = ["dual_checks"]


def dual_checks(
    game: Dual,
    graph: DualGraph,
    reader: Reader,
    stored: Mapping[str, Any],
    say: Callable[[str], None],
) -> list[Check]:
    return functional_checks(game, graph, reader, stored, say, rule="D(λ)")
