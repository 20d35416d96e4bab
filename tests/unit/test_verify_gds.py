"""`verify`'s comparison of GDS's components with the stored ones (gamegraph.verify.gds),
without a database: the partition check against sets of sets, the acyclic check, which
games ship GDS queries, and the one line said when the server has no GDS."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from fake_runner import CollectingQueryRunner
from hypothesis import given
from hypothesis import strategies as st

from gamegraph.games import all_games, get_game
from gamegraph.verify.gds import (
    NO_GDS,
    acyclic_check,
    checks_by_gds,
    gds_checks,
    gds_queries,
    partition_check,
)

# the games whose analysis stores components, or assumes an acyclic graph (issue 19, item 2)
WITH_COMPONENTS = {
    "bulgarian": "bulgarian_gds_components",
    "carolina": "carolina_gds_components",
    "austrian": "austrian_gds_components",
    "montreal": "montreal_gds_components",
    "dual": "dual_gds_components",
    "floridian": "floridian_gds_core_components",
    "lifting": "lifting_gds_components",
    "crim": "crim_gds_acyclic",
    "tchoukaillon": "tchoukaillon_gds_acyclic",
}


def _rows(gds: list[int], stored: list[int]) -> list[dict[str, Any]]:
    """What a GDS components query returns for nodes labelled ``gds[i]`` by GDS and
    ``stored[i]`` by the loader: one row per GDS component, its size, its stored ids."""
    members: dict[int, list[int]] = defaultdict(list)
    for component, stored_id in zip(gds, stored, strict=True):
        members[component].append(stored_id)
    return [
        {"component": c, "size": len(ids), "stored": sorted(set(ids)), "first": f"p{c}"}
        for c, ids in members.items()
    ]


def _blocks(labels: list[int]) -> set[frozenset[int]]:
    by_label: dict[int, set[int]] = defaultdict(set)
    for node, label in enumerate(labels):
        by_label[label].add(node)
    return {frozenset(block) for block in by_label.values()}


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=30))
def test_the_partition_check_passes_exactly_when_the_sets_of_sets_are_equal(
    labels: list[tuple[int, int]],
) -> None:
    gds, stored = [a for a, _ in labels], [b for _, b in labels]
    check = partition_check("B_9", "q", _rows(gds, stored))
    assert check.ok == (_blocks(gds) == _blocks(stored))


def test_equal_partitions_with_other_ids_agree() -> None:
    check = partition_check("B_9", "q", _rows([7, 7, 3, 3, 3], [0, 0, 1, 1, 1]))
    assert check.ok and check.detail.startswith("5 nodes in 2 components")


def test_a_merged_and_a_split_component_are_each_named() -> None:
    merged = partition_check("B_9", "q", _rows([1, 1, 1], [0, 0, 2]))
    assert merged.problems == ("GDS component of 3 (first p1) holds stored ids [0, 2]",)
    split = partition_check("B_9", "q", _rows([1, 1, 2], [0, 0, 0]))
    assert split.problems == ("stored component 0 is split over 2 GDS components",)


def test_an_empty_graph_has_no_components_to_compare() -> None:
    check = partition_check("Q paper", "q", [])
    assert check.ok and check.detail.startswith("no nodes to project")


def test_the_acyclic_check_wants_one_component_per_position_and_one_weak_one() -> None:
    row = {"positions": 12, "components": 12, "largest": 1, "weak_components": 1}
    assert acyclic_check("T_5", "q", [row]).ok
    cyclic = acyclic_check("T_5", "q", [row | {"components": 11, "largest": 2}])
    assert cyclic.problem_count == 1 and "largest of 2" in cyclic.problems[0]
    assert acyclic_check("T_5", "q", [row | {"weak_components": 2}]).problem_count == 1
    assert not acyclic_check("T_5", "q", []).ok


def test_every_game_that_stores_components_ships_its_gds_query() -> None:
    shipped = {
        game.name: gds_queries(game.create(**game.example))
        for game in all_games()
        if game.name in WITH_COMPONENTS
    }
    for name, queries in shipped.items():
        assert [q.name for q in queries] == [WITH_COMPONENTS[name]]
        # a projection is made, streamed and dropped, after one left over is dropped
        [cypher] = [q.cypher for q in queries]
        assert "gds.graph.project(" in cypher and cypher.count("gds.graph.drop(") == 2


def test_a_query_gets_the_graphs_parameters_as_neo4j_stores_them() -> None:
    runner = CollectingQueryRunner()
    austrian = get_game("austrian").create(n=20, L=5)
    lifting = get_game("lifting").create(n=40, rule="band")
    gds_checks(runner, austrian, lambda _: None)
    gds_checks(runner, lifting, lambda _: None)
    assert [q.params for q in runner.reads] == [{"n": 20, "L": 5}, {"rule": "band"}]


def test_verify_says_in_one_line_when_the_server_has_no_gds() -> None:
    runner = CollectingQueryRunner()  # answers no row to gds.version()
    said: list[str] = []
    bulgarian = get_game("bulgarian").create(n=10)
    assert not checks_by_gds(runner, [bulgarian], said.append)
    assert said == [NO_GDS]


def test_verify_runs_the_gds_queries_when_the_server_has_gds() -> None:
    runner = CollectingQueryRunner()
    runner.set_result("RETURN gds.version() AS version", [{"version": "2.13.9"}])
    said: list[str] = []
    assert checks_by_gds(runner, [get_game("bulgarian").create(n=10)], said.append)
    assert said == ["GDS 2.13.9: components checked by GDS as well"]
