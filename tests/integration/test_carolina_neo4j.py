"""Carolina solitaire C_n on a real Neo4j: its queries against the move C applied by hand
(tests/functional_definitions.py, networkx), and `verify`.

C_10 and C_12 are loaded once for the module (dropped afterwards unless they were there)."""

from __future__ import annotations

from functional_definitions import compositions, key_move
from neo4j_support import ask, definition, module_runner

from gamegraph.db import Neo4jQueryRunner
from gamegraph.games.carolina import Carolina
from gamegraph.verify import verify

GAMES = (Carolina(n=10), Carolina(n=12))


runner = module_runner(GAMES)


def test_trajectory_of_every_composition_of_10_follows_c_to_its_cycle(
    runner: Neo4jQueryRunner,
) -> None:
    truth = definition(Carolina(n=10), compositions(10))
    for key in truth.graph:
        row = ask(runner, "carolina_trajectory", n=10, position=key).one()
        assert row["trajectory"] == truth.trajectory[key]
        assert row["moves"] == truth.distance[key]
        assert row["notation"] == [f"({k})" for k in truth.trajectory[key]]
        assert truth.rotation(row["cycle"]) == truth.cycle_of[key]


def test_car_tri_every_composition_of_10_reaches_the_staircase_4321(
    runner: Neo4jQueryRunner,
) -> None:
    [row] = ask(runner, "carolina_cycles", n=10, limit=10).rows
    assert row["members"] == ["4,3,2,1"] and row["length"] == 1
    assert row["basin"] == 2**9 and row["total"] == 1


def test_cycles_of_c12_are_the_cycles_of_c_with_their_weak_components(
    runner: Neo4jQueryRunner,
) -> None:
    truth = definition(Carolina(n=12), compositions(12))
    result = ask(runner, "carolina_cycles", n=12, limit=100)
    found = {truth.rotation(row["members"]): row for row in result.rows}
    assert set(found) == set(range(len(truth.cycles)))
    for number, row in found.items():
        assert row["length"] == len(truth.cycles[number])
        assert row["basin"] == sum(1 for c in truth.cycle_of.values() if c == number)
        assert row["total"] == len(truth.cycles)
    basins = [row["basin"] for row in result.rows]
    assert basins == sorted(basins, reverse=True)
    lengths = ask(runner, "carolina_cycle_lengths", n=12).rows
    expected: dict[int, int] = {}
    for cycle in truth.cycles:
        expected[len(cycle)] = expected.get(len(cycle), 0) + 1
    assert {row["length"]: row["cycles"] for row in lengths} == expected


def test_garden_of_eden_of_c12_is_first_part_below_parts_minus_one(
    runner: Neo4jQueryRunner,
) -> None:
    truth = definition(Carolina(n=12), compositions(12))
    rows = ask(runner, "carolina_garden_of_eden", n=12, limit=5000).rows
    eden = {key for key in truth.graph if truth.graph.in_degree(key) == 0}
    assert {row["position"] for row in rows} == eden
    assert all(row["total"] == len(eden) for row in rows)
    move = key_move(Carolina(n=12))
    for row in rows:
        assert row["moves_to"] == move(row["position"])
        assert row["first"] < row["parts"] - 1  # CAR-GE, SPEC-games.md §1


def test_farthest_of_c12_are_the_longest_transients(runner: Neo4jQueryRunner) -> None:
    truth = definition(Carolina(n=12), compositions(12))
    farthest = max(truth.distance.values())
    rows = ask(runner, "carolina_farthest", n=12, limit=100).rows
    assert {row["position"] for row in rows} == {
        key for key, d in truth.distance.items() if d == farthest
    }
    for row in rows:
        assert row["moves"] == farthest
        assert row["entry"] == truth.trajectory[row["position"]][-1]
        assert row["cycle_length"] == len(truth.cycles[truth.cycle_of[row["position"]]])


def test_reaches_is_the_least_number_of_moves_or_none(runner: Neo4jQueryRunner) -> None:
    truth = definition(Carolina(n=12), compositions(12))
    start = "1,1,1,1,1,1,1,1,1,1,1,1"
    path = truth.trajectory[start]
    for moves, target in enumerate(path):
        row = ask(runner, "carolina_reaches", n=12, position=start, target=target).one()
        assert (row["reaches"], row["moves"]) == (True, moves)
    other = next(k for k in truth.graph if k not in path and truth.graph.in_degree(k) == 0)
    row = ask(runner, "carolina_reaches", n=12, position=start, target=other).one()
    assert (row["reaches"], row["moves"]) == (False, None)


def test_verify_passes_on_the_loaded_graphs(runner: Neo4jQueryRunner) -> None:
    report = verify(runner, graphs=list(GAMES))
    assert report.ok, [(c.graph, c.name, c.problems) for c in report.failures]
    # six checks of our own and the content fingerprint per graph, and the components by GDS
    # when the server has it
    assert len([c for c in report.checks if "GDS" not in c.name]) == 7 * len(GAMES)
    assert [c.name for c in report.checks].count("content fingerprint") == len(GAMES)
