"""Montreal solitaire M on I(n) on a real Neo4j: its queries against the move M applied by
hand (tests/functional_definitions.py, networkx), the seed's worked orbit, X(n), and `verify`.

M on I(7), on I(8) and on X(6) are loaded once for the module (dropped afterwards unless
they were there)."""

from __future__ import annotations

import pytest
from functional_definitions import (
    analyse,
    key_move,
    key_of,
    montreal_move,
    orbits_of_compositions,
    parse_key,
)
from neo4j_support import ask, module_runner

from gamegraph.db import Neo4jQueryRunner
from gamegraph.games.montreal import Montreal
from gamegraph.verify import verify

GAMES = (Montreal(n=7), Montreal(n=8), Montreal(n=6, space="X"))
A007075 = {7: 260, 8: 714}  # irreducible positions of size n in Montreal solitaire (OEIS)


runner = module_runner(GAMES)


def keys(runner: Neo4jQueryRunner, n: int) -> list[str]:
    rows = runner.run("MATCH (p:Montreal {n: $n}) RETURN p.key AS key", {"n": n})
    return [row["key"] for row in rows]


def test_mon_traj_and_mon_18_the_orbit_of_3_2_2_has_18_positions(
    runner: Neo4jQueryRunner,
) -> None:
    row = ask(runner, "montreal_trajectory", n=7, position="3,2,2").one()
    assert row["trajectory"] == ["3,2,2"] and row["moves"] == 0
    assert row["cycle"][:6] == [
        "3,2,2", "2,1,1,3", "1,0,0,2,4", "1,0,1,3,2", "1,0,2,1,3", "1,1,0,2,3",
    ]  # fmt: skip
    assert row["cycle_length"] == 18
    orbit = [(3, 2, 2)]
    while montreal_move(orbit[-1]) != orbit[0]:
        orbit.append(montreal_move(orbit[-1]))
    assert row["cycle"] == [key_of(p) for p in orbit]


@pytest.mark.parametrize("n", [7, 8])
def test_the_loaded_positions_are_i_n_and_m_permutes_them_into_the_definition_s_cycles(
    runner: Neo4jQueryRunner, n: int
) -> None:
    loaded = keys(runner, n)
    assert len(loaded) == A007075[n]
    truth = analyse(loaded, key_move(Montreal(n=n)))
    assert set(truth.graph) == set(loaded)  # M maps the loaded positions into themselves
    assert all(d == 0 for d in truth.distance.values())
    rows = ask(runner, "montreal_cycles", n=n, limit=10_000).rows
    assert sorted(truth.rotation(row["members"]) for row in rows) == list(range(len(truth.cycles)))
    assert all(row["basin"] == row["length"] for row in rows)  # MON-bij: no transients
    lengths = {
        row["length"]: row["cycles"] for row in ask(runner, "montreal_cycle_lengths", n=n).rows
    }
    expected: dict[int, int] = {}
    for cycle in truth.cycles:
        expected[len(cycle)] = expected.get(len(cycle), 0) + 1
    assert lengths == expected


def test_no_garden_of_eden_and_every_position_is_farthest_at_0_moves(
    runner: Neo4jQueryRunner,
) -> None:
    assert ask(runner, "montreal_garden_of_eden", n=8, limit=10).rows == []
    rows = ask(runner, "montreal_farthest", n=8, limit=5).rows
    assert len(rows) == 5
    assert all(row["moves"] == 0 and row["entry"] == row["position"] for row in rows)
    assert rows[0]["total"] == A007075[8]


def test_reaches_follows_the_orbit(runner: Neo4jQueryRunner) -> None:
    row = ask(runner, "montreal_reaches", n=7, position="3,2,2", target="1,0,1,3,2").one()
    assert (row["reaches"], row["moves"]) == (True, 3)
    row = ask(runner, "montreal_reaches", n=7, position="3,2,2", target="7").one()
    assert (row["reaches"], row["moves"]) == (False, None)


def test_x_n_holds_the_orbits_of_the_compositions(runner: Neo4jQueryRunner) -> None:
    loaded = {parse_key(key) for key in keys(runner, 6)}
    assert loaded == orbits_of_compositions(6)


def test_verify_passes_on_the_loaded_graphs(runner: Neo4jQueryRunner) -> None:
    report = verify(runner, graphs=list(GAMES))
    assert report.ok, [(c.graph, c.name, c.problems) for c in report.failures]
    assert report.graphs == [game.id for game in GAMES]
