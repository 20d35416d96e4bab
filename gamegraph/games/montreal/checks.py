"""`gamegraph verify` on M on I(n): the shared checks of functional graphs
(:mod:`gamegraph.games.functional_checks`), with the move M computed in Cypher from each
position's entries (the local rule of SPEC-games.md §3) by ``verify_montreal_positions``.
Every position is on a cycle, so the cycle walks cover the graph and no level follows."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gamegraph.games.checks import Check, Reader
from gamegraph.games.functional_checks import functional_checks
from gamegraph.games.montreal.engine import MontrealGraph

if TYPE_CHECKING:
    from gamegraph.games.montreal import Montreal

__all__ = ["montreal_checks"]


def montreal_checks(
    game: Montreal,
    graph: MontrealGraph,
    reader: Reader,
    stored: Mapping[str, Any],
    say: Callable[[str], None],
) -> list[Check]:
    return functional_checks(game, graph, reader, stored, say, rule="M(α)")
