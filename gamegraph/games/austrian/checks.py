"""`gamegraph verify` on A_n(L): the shared checks of functional graphs
(:mod:`gamegraph.games.functional_checks`), with the move A computed in Cypher from each
state's piles and bank by ``verify_austrian_positions``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gamegraph.games.austrian.engine import AustrianGraph
from gamegraph.games.checks import Check, Reader
from gamegraph.games.functional_checks import functional_checks

if TYPE_CHECKING:
    from gamegraph.games.austrian import Austrian

__all__ = ["austrian_checks"]


def austrian_checks(
    game: Austrian,
    graph: AustrianGraph,
    reader: Reader,
    stored: Mapping[str, Any],
    say: Callable[[str], None],
) -> list[Check]:
    return functional_checks(game, graph, reader, stored, say, rule="A(μ, b)")
