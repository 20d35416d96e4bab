"""`gamegraph verify`'s comparisons name the side a difference is on (issue 14, defect 1).

The 4-cycle check once reported a cycle found only in Neo4j as "only in the engine" and the
other way round. These tests drive the checks with a fake reader that answers the named
queries with rows made up for the test, so each side's extra element is known.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from reference import four_cycles_by_brute_force

from gamegraph.games import get_game
from gamegraph.games.checks import MAX_PROBLEMS, Comparison
from gamegraph.games.floridian.checks import FloridianChecks
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.floridian.fourcycles import FourCycle
from gamegraph.games.partitions import canonical_key

# a 4-cycle of G_26 and one of G_24 (SPEC.md §3: G_24 has one, G_26 has 4-cycles too)
[CYCLE_24] = four_cycles_by_brute_force(24)
OTHER = four_cycles_by_brute_force(26)[0]


def _row(cycle: FourCycle) -> dict[str, str]:
    return dict(
        zip(("alpha1", "omega1", "alpha2", "omega2"), map(canonical_key, cycle), strict=True)
    )


def _checks(answers: Mapping[str, list[dict[str, Any]]]) -> FloridianChecks:
    def reader(name: str, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        assert params["n"] == 24
        return answers[name]

    game = get_game("floridian").create(n=24)
    return FloridianChecks(game, build_floridian(24), reader, {}, lambda _: None)


def _key(cycle: FourCycle, n: int = 24) -> str:
    """The key the check builds from a row: the rows' n, then the four positions."""
    return f"{n}:" + ">".join(map(canonical_key, cycle))


def test_comparison_sets_names_the_side_each_extra_element_is_on() -> None:
    comparison = Comparison("G_24", "4-cycles")
    comparison.sets("4-cycle", found={"a", "both"}, engine={"both", "b"})
    comparison.sets("4-cycle", found={"c"}, engine=set(), where="Q")
    check = comparison.check("")
    assert check.problems == (
        "a: 4-cycle only in Neo4j",
        "b: 4-cycle only in the engine",
        "c: 4-cycle only in Q",
    )
    assert check.problem_count == 3 and not check.ok


def test_a_four_cycle_only_neo4j_has_is_reported_only_in_neo4j() -> None:
    checks = _checks({"floridian_four_cycles": [_row(CYCLE_24), _row(OTHER)]})
    check = checks.four_cycles()
    assert check.problems == (f"{_key(OTHER)}: 4-cycle only in Neo4j",)


def test_a_four_cycle_neo4j_lacks_is_reported_only_in_the_engine() -> None:
    check = _checks({"floridian_four_cycles": []}).four_cycles()
    assert check.problems == (f"{CYCLE_24.key}: 4-cycle only in the engine",)
    assert _key(CYCLE_24) == CYCLE_24.key


def test_agreeing_four_cycles_pass() -> None:
    check = _checks({"floridian_four_cycles": [_row(CYCLE_24)]}).four_cycles()
    assert check.ok and check.problems == ()


def test_a_q_node_that_is_no_four_cycle_of_g_n_is_reported_only_in_q() -> None:
    checks = _checks(
        {
            "floridian_four_cycles": [_row(CYCLE_24)],
            "verify_four_cycles_in_q": [
                {"rule": "paper", "keys": [CYCLE_24.key, _key(OTHER)]},
                {"rule": "band", "keys": []},
            ],
        }
    )
    checks.four_cycles()
    paper, band = checks.lifting_cycles()
    assert (paper.graph, paper.problems) == ("Q paper", (f"{_key(OTHER)}: 4-cycle only in Q",))
    assert (band.graph, band.problems) == (
        "Q band",
        (f"{CYCLE_24.key}: 4-cycle only in the engine",),
    )


def test_two_cycles_are_reported_on_the_side_they_are_on() -> None:
    # G_24 has no 2-cycle (SPEC.md §3: only n = 2t²), so a 2-cycle row is Neo4j's alone
    row = {"alpha": "9,9,6", "omega": "8,8,5,3"}
    check = _checks({"floridian_two_cycles": [row]}).two_cycles()
    assert check.problems == ("('9,9,6', '8,8,5,3'): 2-cycle only in Neo4j",)


def test_a_comparison_over_arrays_names_each_position_that_differs_and_counts_the_rest() -> None:
    """Comparison.many, the three-way check of every position at once that verify's
    functional and arc checks share: a position differs when the recomputed or the stored
    value is not the engine's; positions not read are skipped; past MAX_PROBLEMS the
    problems are counted, not listed."""
    size = 3 * MAX_PROBLEMS
    engine = np.arange(size, dtype=np.int64)
    found, stored = engine.copy(), engine.copy()
    found[1], stored[2], stored[3] = 7, -2, 9  # 1: recomputed wrong; 2: absent; 3: stored wrong
    found[MAX_PROBLEMS:] += 1  # every later position differs
    seen = np.ones(size, dtype=bool)
    seen[3] = False  # not read: not compared

    def key(i: int) -> str:
        return f"p{i}"

    arrays = Comparison("G", "distance")
    arrays.many("distance", key, seen, found, stored, engine, absent=-2)
    assert arrays.problems[:2] == [
        "p1 distance: Cypher 7, stored 1, engine 1",
        "p2 distance: Cypher 2, stored absent, engine 2",
    ]
    assert len(arrays.problems) == MAX_PROBLEMS
    assert arrays.count == 2 + (size - MAX_PROBLEMS)

    moves = Comparison("G", "in-degree")
    moves.many("in-degree", key, seen, found, None, engine, source="from the moves")
    assert moves.problems[0] == "p1 in-degree: from the moves 7, engine 1"
    assert moves.count == 1 + (size - MAX_PROBLEMS)


def test_with_nothing_loaded_verify_names_a_load_of_the_games_asked_for() -> None:
    """Before, `verify --games carolina` with nothing loaded said `gamegraph load --n 24`,
    which loads the default games, not Carolina (and replaces the main job's Q)."""
    from fake_runner import CollectingQueryRunner

    from gamegraph.errors import GraphNotLoadedError
    from gamegraph.verify import verify

    for n, games, command in [
        (None, {"carolina"}, "gamegraph load --games carolina --n 8"),
        (30, {"austrian"}, "gamegraph load --games austrian --n 30 --L 5"),
        (12, {"crim", "carolina"}, "gamegraph load --n 12 --games carolina,crim"),
        (None, set(), "gamegraph load --n 24"),
        ([20, 21, 22], {"austrian"}, "gamegraph load --games austrian --n 20..22 --L 5"),
        ([20, 40], set(), "gamegraph load --n 20,40"),
    ]:
        try:
            verify(CollectingQueryRunner(), n=n, games=games)
        except GraphNotLoadedError as e:
            assert e.command == command
        else:
            raise AssertionError("verify found a graph in an empty fake")
