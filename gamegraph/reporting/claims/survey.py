"""The claims of seed 001 §3.5 ("Other discrete generalizations") on the survey's five games,
each checked on the built graphs for n <= ``ranges.survey`` and every number of players up to
``ranges.survey_players``. The games are found in the registry by the names the claims' rows
give (``game = ...`` in ``seed001.toml``): this layer sits below the survey's definitions.

The survey states the rules and little else; what it states is checked here: Öhman's move
with one player is Bulgarian solitaire, the Servedio-Yeh move is well defined on circular
compositions, Janetzko's deal gives a periodic pointer sequence from every position, and the
3D game is played on the plane partitions of n. Locke's red-green rule is not given by the
seed (nor found elsewhere), so no claim about it is checked (the report's survey section says
so).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from gamegraph.core.spaces import PlanePartitions
from gamegraph.games import get_game
from gamegraph.games.partitions import omega
from gamegraph.reporting.claims.common import arcs, built, failing
from gamegraph.reporting.claims.evaluators import EvalResult, evaluator, span
from gamegraph.reporting.data import ReportData

__all__: list[str] = []


def _graphs(data: ReportData, game: str) -> Iterator[tuple[int, int, Any]]:
    """(n, players, the game's graph) for every n and number of players checked."""
    for n in range(1, data.ranges.survey + 1):
        for c in range(1, data.ranges.survey_players + 1):
            yield n, c, built(game, n=n, players=c)


def _where(data: ReportData) -> str:
    return f"{span(1, data.ranges.survey)}, 1 ≤ players ≤ {data.ranges.survey_players}"


@evaluator("SUR-multi-one")
def _multi_one(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(n: int) -> bool:
        # one player's hand: the only partition of the position
        graph = built(row["game"], n=n, players=1)
        return any(image != omega(hand) for (hand,), (image,) in arcs(graph))

    return failing(fails, 1, data.ranges.survey)


@evaluator("SUR-sy-rotation")
def _sy_rotation(data: ReportData, row: dict[str, Any]) -> EvalResult:
    move = get_game(row["game"]).definition.fn  # type: ignore[attr-defined]
    bad = []
    for n, c, graph in _graphs(data, row["game"]):
        for alpha, image in arcs(graph):
            if {move(alpha[t:] + alpha[:t], n=n, players=c) for t in range(c)} != {image}:
                bad.append([n, c])
                break
    return EvalResult(bad, _where(data))


@evaluator("SUR-jan-periodic")
def _jan_periodic(data: ReportData, row: dict[str, Any]) -> EvalResult:
    # every position: the graph holds C(n + c − 2, c − 1) of them (n cards in c seats, the
    # pointer's seat non-empty), and each lies on a cycle
    bad = [
        [n, c]
        for n, c, graph in _graphs(data, row["game"])
        if graph.size != math.comb(n + c - 2, c - 1) or not graph.on_cycle.all()
    ]
    return EvalResult(bad, _where(data))


@evaluator("SUR-3d-plane")
def _3d_plane(data: ReportData, row: dict[str, Any]) -> EvalResult:
    # the move itself on every plane partition of n, listed (against the generating function's
    # count), each image a member of the space: the engine refuses an image outside its
    # space, which would stop the report instead of showing here
    game = get_game(row["game"])
    move = game.definition.fn  # type: ignore[attr-defined]
    moves = game.param("layer_move").choices
    bad = []
    for n in range(1, data.ranges.survey + 1):
        space = PlanePartitions(n)
        solids = list(space)
        listed = len(solids) == space.cardinality()
        for layer_move in moves:
            images = (move(solid, n=n, layer_move=layer_move) for solid in solids)
            if not (listed and all(image in space for image in images)):
                bad.append([n, layer_move])
    return EvalResult(bad, f"{span(1, data.ranges.survey)}, the {len(moves)} moves")
