"""`gamegraph verify` on C_n: the shared checks of functional graphs
(:mod:`gamegraph.games.functional_checks`), with the move C computed in Cypher from each
composition's parts by ``verify_carolina_positions``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gamegraph.games.carolina.engine import CarolinaGraph
from gamegraph.games.checks import Check, Reader
from gamegraph.games.functional_checks import functional_checks

if TYPE_CHECKING:
    from gamegraph.games.carolina import Carolina

__all__ = ["carolina_checks"]


def carolina_checks(
    game: Carolina,
    graph: CarolinaGraph,
    reader: Reader,
    stored: Mapping[str, Any],
    say: Callable[[str], None],
) -> list[Check]:
    return functional_checks(game, graph, reader, stored, say, rule="C(α)")
