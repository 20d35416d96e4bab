"""The survey's five games (issue #29) on a real Neo4j: loaded at small n, verified, their
cycles and Garden of Eden read back by the generic named queries and compared with the brute
force of tests/survey_reference.py, and Janetzko's pointer sequences query."""

from __future__ import annotations

from collections.abc import Iterator
from math import gcd
from typing import Any

import pytest
import survey_reference as ref
from neo4j import Driver
from neo4j_support import graphs_loaded

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.queries import run_named
from gamegraph.games import get_game
from gamegraph.verify import verify

GRAPHS = [
    get_game("multiplayer-bulgarian").create(n=7, players=2),
    get_game("servedio-yeh").create(n=8, players=3),
    get_game("janetzko").create(n=7, players=3),
    get_game("bulgarian-3d").create(n=6, layer_move="yz"),
    get_game("red-green-bulgarian").create(n=7),
]


@pytest.fixture(scope="module")
def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
    with graphs_loaded(neo4j_driver, neo4j_settings, GRAPHS) as runner:
        yield runner


def test_the_five_games_verify(runner: Neo4jQueryRunner) -> None:
    report = verify(runner, graphs=GRAPHS)
    assert report.graphs == [g.id for g in GRAPHS]
    assert report.ok, [(c.name, c.problems) for c in report.failures]


def _count(runner: Neo4jQueryRunner, query: str, params: dict[str, Any]) -> tuple[int, int]:
    cycles = run_named(runner, f"{query}_cycles", params | {"limit": 10_000}).rows
    eden = run_named(runner, f"{query}_garden_of_eden", params | {"limit": 10_000}).rows
    return len(cycles), (eden[0]["total"] if eden else 0)


def test_cycles_and_garden_of_eden_equal_brute_force(runner: Neo4jQueryRunner) -> None:
    expected = [
        ref.figures(ref.multiplayer_positions(7, 2), ref.multiplayer_move),
        ref.figures(ref.servedio_yeh_positions(8, 3), ref.servedio_yeh_move),
        ref.figures(ref.janetzko_positions(7, 3), ref.janetzko_move),
        ref.figures(ref.plane_partitions(6), lambda s: ref.layer_move(s, "yz")),
        ref.figures(ref.red_green_positions(7), ref.red_green_move),
    ]
    for game, figures in zip(GRAPHS, expected, strict=True):
        params = {p.name: p.stored(getattr(game, p.name)) for p in game.params}
        got = _count(runner, game.name.replace("-", "_"), params)
        assert got == (figures["cycles"], figures["garden_of_eden"]), game.id


def test_janetzko_pointer_sequences(runner: Neo4jQueryRunner) -> None:
    rows = run_named(
        runner, "janetzko_pointer_sequences", {"n": 7, "players": 3, "limit": 100}
    ).rows
    figures = ref.figures(ref.janetzko_positions(7, 3), ref.janetzko_move)
    assert sorted(len(r["members"]) for r in rows) == sorted(
        length for length, count in figures["cycle_lengths"].items() for _ in range(count)
    )
    for row in rows:
        members = [tuple(int(v) for v in key.split(",")) for key in row["members"]]
        for a, b in zip(members, members[1:] + members[:1], strict=True):
            assert ref.janetzko_move(a) == b
        assert row["deals"] == [m[0] for m in members]
        seats = [1]
        for d in row["deals"]:
            seats.append((seats[-1] - 1 + d) % 3 + 1)
        assert row["pointer"] == seats[:-1]
        turn = seats[-1] - 1
        assert row["turn"] == turn
        assert row["period"] == len(members) * 3 // gcd(turn, 3)
