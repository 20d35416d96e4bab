"""What the tables of the engine's games hold, and what their estimates count of it.

The texts and lists of a position are made a batch at a time for every space (as they were
for partitions): ``gamegraph export --games carolina --n 22`` peaked at 1.5 GiB with them
listed at once. The estimate of every engine game counts its tables, from the mean (or the
longest) row of its space, which is checked here against the listed positions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from gamegraph.games.austrian.space import AustrianStates, mean_row
from gamegraph.games.engine.positions import Positions
from gamegraph.games.limits import TABLE_BASE_BYTES
from gamegraph.games.model import LazyColumn
from gamegraph.games.montreal.positions import MontrealPositions
from gamegraph.games.registry import get_game

GAMES = [
    ("carolina", {"n": 7}, "parts"),
    ("montreal", {"n": 6}, "entries"),
    ("austrian", {"n": 9, "L": 3}, "piles"),
    ("defined-carolina", {"n": 7}, "parts"),
    ("bulgarian-3d", {"n": 5}, "parts"),
    ("janetzko", {"n": 5, "players": 3}, "parts"),
    ("red-green-bulgarian", {"n": 4}, "parts"),
    ("multiplayer-bulgarian", {"n": 4, "players": 2}, "parts"),
    ("servedio-yeh", {"n": 5, "players": 3}, "parts"),
]


def _rows(space: Any, size: int) -> list[Any]:
    return [space.unrank(i) for i in range(size)]


@pytest.mark.parametrize(("name", "values", "rows"), GAMES, ids=[g[0] for g in GAMES])
def test_texts_and_lists_are_made_a_batch_at_a_time_and_match_the_space(
    name: str, values: dict[str, Any], rows: str
) -> None:
    game = get_game(name)(**values)
    built = game.build()
    (nodes,) = game.tables(built).nodes
    space = built.positions.space
    positions = _rows(space, space.cardinality())
    listed = [column for column, value in nodes.columns.items() if isinstance(value, list)]
    assert listed == []  # no column is made for every position at once
    assert isinstance(nodes.columns["key"], LazyColumn)
    assert list(nodes.columns["key"]) == [space.format(p) for p in positions]
    assert list(nodes.columns["notation"]) == [space.notation(p) for p in positions]
    made = list(nodes.columns[rows])
    encoded = [list(space.encode(p)) for p in positions]
    if name == "austrian":  # the piles without the bank, which has its own column
        assert made == [row[1:] for row in encoded]
        assert nodes.columns["bank"].tolist() == [row[0] for row in encoded]
    else:  # an empty row is no value (neo4j-admin reads an empty list as none)
        assert made == [row if row or rows == "entries" else None for row in encoded]
    for start in (0, 3):  # a batch from the middle is the same rows
        assert nodes.columns["key"][start : start + 4] == [
            space.format(p) for p in positions[start : start + 4]
        ]


@pytest.mark.parametrize(("name", "values", "rows"), GAMES, ids=[g[0] for g in GAMES])
def test_the_estimate_of_every_engine_game_counts_its_tables(
    name: str, values: dict[str, Any], rows: str
) -> None:
    estimate = get_game(name)(**values).estimate()
    assert estimate.tables > TABLE_BASE_BYTES + 100 * estimate.nodes
    assert estimate.with_tables().bytes == estimate.bytes + estimate.tables


@pytest.mark.parametrize(
    ("n", "L", "up_to_L"),
    [(0, 3, False), (1, 1, False), (5, 2, False), (12, 3, True), (30, 5, False), (40, 50, False)],
)
def test_the_mean_austrian_row_is_that_of_the_listed_states(n: int, L: int, up_to_L: bool) -> None:
    space = AustrianStates(n, L, up_to_L)
    flat, _ = Positions(space).flat()
    assert mean_row(n, L, up_to_L) == pytest.approx(len(flat) / space.cardinality(), rel=1e-12)
    game = get_game("austrian")(n=n, L=L, bank_up_to_L=up_to_L) if n else None
    if game is not None:
        assert game.row_entries() == mean_row(n, L, up_to_L)


def test_the_mean_austrian_row_of_a_huge_n_is_the_longest() -> None:
    assert mean_row(10**8, 6) == 10**8 + 1


@pytest.mark.parametrize("n", range(1, 13))
def test_the_mean_carolina_row_is_that_of_the_listed_compositions(n: int) -> None:
    game = get_game("carolina")(n=n)
    _, offsets = Positions(game.position_space()).flat()
    assert game.row_entries() == pytest.approx(float(np.diff(offsets).mean()), rel=1e-12)


@pytest.mark.parametrize("n", range(1, 14))
def test_no_irreducible_montreal_position_is_longer_than_n(n: int) -> None:
    _, offsets = Positions(MontrealPositions(n, "I")).flat()
    assert int(np.diff(offsets).max()) == n == get_game("montreal")(n=n).row_entries()
