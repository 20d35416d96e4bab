"""`verify`'s comparison of GDS's components with the stored ones (gamegraph.verify.gds),
without a database: the partition check against sets of sets and against the engine's
figures, the acyclic check, which games ship GDS queries and which figures they expect, and
the one line said when the server has no GDS."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from fake_runner import CollectingQueryRunner
from hypothesis import given
from hypothesis import strategies as st

from gamegraph.games import all_games, get_game
from gamegraph.games.registry import BUILT_IN, origin
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


FUNCTIONAL = (("nodes", "positions"), ("components", "components"))
"""What a functional game's GDS query expects (its header)."""


def _figures(stored: list[int]) -> dict[str, int]:
    """The engine's summary of a functional graph whose positions are in these cycles."""
    return {"positions": len(stored), "components": len(set(stored))}


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
    check = partition_check("B_9", "q", _rows(gds, stored), FUNCTIONAL, _figures(stored))
    assert check.ok == (_blocks(gds) == _blocks(stored))


def test_equal_partitions_with_other_ids_agree() -> None:
    stored = [0, 0, 1, 1, 1]
    check = partition_check(
        "B_9", "q", _rows([7, 7, 3, 3, 3], stored), FUNCTIONAL, _figures(stored)
    )
    assert check.ok and check.detail == (
        "5 nodes in 2 components (= the engine's stat_positions, stat_components): "
        "GDS's partition = the stored one"
    )


def test_a_merged_and_a_split_component_are_each_named() -> None:
    merged = partition_check(
        "B_9", "q", _rows([1, 1, 1], [0, 0, 2]), FUNCTIONAL, _figures([0, 0, 2])
    )
    assert merged.problems == (
        "GDS component of 3 (first p1) holds stored ids [0, 2]",
        "components: GDS 1, stat_components 2",
    )
    split = partition_check("B_9", "q", _rows([1, 1, 2], [0, 0, 0]), FUNCTIONAL, _figures([0] * 3))
    assert split.problems == (
        "stored component 0 is split over 2 GDS components",
        "components: GDS 2, stat_components 1",
    )


@given(st.lists(st.integers(0, 4), min_size=1, max_size=30), st.data())
def test_a_projection_of_part_of_the_graph_fails_though_its_partition_agrees(
    stored: list[int], data: st.DataObject
) -> None:
    # GDS answers with the stored partition on the positions the projection matched
    kept = data.draw(st.lists(st.sampled_from(range(len(stored))), unique=True))
    part = [stored[i] for i in sorted(kept)]
    rows = _rows(part, part)
    check = partition_check("B_9", "q", rows, FUNCTIONAL, _figures(stored))
    assert check.ok == (len(kept) == len(stored))
    if not check.ok:
        assert f"nodes: GDS {len(kept)}, stat_positions {len(stored)}" in check.problems


def test_a_projection_that_matched_nothing_fails_where_the_engine_has_nodes() -> None:
    lifting = (("nodes", "four_cycles"), ("components", "components"))
    check = partition_check("Q paper", "q", [], lifting, {"four_cycles": 12, "components": 9})
    assert check.problems == (
        "nodes: GDS 0, stat_four_cycles 12",
        "components: GDS 0, stat_components 9",
    )


def test_an_empty_graph_passes_when_the_engine_has_no_nodes_either() -> None:
    lifting = (("nodes", "four_cycles"), ("components", "components"))
    check = partition_check("Q paper", "q", [], lifting, {"four_cycles": 0, "components": 0})
    assert check.ok and check.detail.startswith("no nodes to project (= the engine's")


def test_component_sizes_are_compared_whatever_their_order() -> None:
    core = (("sizes", "core_scc_sizes"),)
    rows = _rows([5] * 53 + [9] * 4, [0] * 53 + [1] * 4)
    assert partition_check("H_33", "q", rows, core, {"core_scc_sizes": [4, 53]}).ok
    smaller = partition_check("H_33", "q", rows[:1], core, {"core_scc_sizes": [4, 53]})
    assert smaller.problems == ("sizes: GDS [53], stat_core_scc_sizes [53, 4]",)
    many = partition_check("H_33", "q", rows, core, {"core_scc_sizes": [1] * 57})
    assert many.problems == (
        "sizes: GDS [53, 4], stat_core_scc_sizes [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] and 47 more",
    )


def test_a_query_that_expects_no_figure_or_one_not_stored_fails() -> None:
    rows = _rows([0, 0], [0, 0])
    bare = partition_check("B_9", "q", rows, (), {"positions": 2})
    assert bare.problems == ("its header expects no figure of the engine's (// expect:)",)
    absent = partition_check("B_9", "q", rows, (("nodes", "positions"),), {})
    assert absent.problems == ("stat_positions: not stored on the :Graph record",)
    unknown = partition_check("B_9", "q", rows, (("arcs", "positions"),), {"positions": 2})
    assert unknown.problems == ("expect: unknown figure 'arcs' (nodes, components, sizes)",)


def test_the_acyclic_check_wants_one_component_per_position_and_one_weak_one() -> None:
    row = {"positions": 12, "components": 12, "largest": 1, "weak_components": 1}
    boards, figures = (("positions", "boards"),), {"boards": 12}
    assert acyclic_check("T_5", "q", [row], boards, figures).ok
    cyclic = acyclic_check("T_5", "q", [row | {"components": 11, "largest": 2}], boards, figures)
    assert cyclic.problem_count == 1 and "largest of 2" in cyclic.problems[0]
    split = acyclic_check("T_5", "q", [row | {"weak_components": 2}], boards, figures)
    assert split.problem_count == 1
    assert not acyclic_check("T_5", "q", [], boards, figures).ok


def test_an_acyclic_projection_of_part_of_the_graph_fails() -> None:
    # 9 of T_5's 12 boards projected: still acyclic and connected, but not the whole graph
    part = {"positions": 9, "components": 9, "largest": 1, "weak_components": 1}
    check = acyclic_check("T_5", "q", [part], (("positions", "boards"),), {"boards": 12})
    assert check.problems == ("positions: GDS 9, stat_boards 12",)
    bare = acyclic_check("T_5", "q", [part], (), {"boards": 12})
    assert bare.problems == ("its header expects no figure of the engine's (// expect:)",)


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


def test_every_gds_query_expects_figures_of_its_games_summary() -> None:
    # defined games included: every registered game's example graph, built by the engine
    expected = {"nodes": int, "components": int, "sizes": list, "positions": int}
    names = set()
    shipped = [g for g in all_games() if origin(g.name) == BUILT_IN or "package" in origin(g.name)]
    for game in (g.create(**g.example) for g in shipped):  # not the test files' own games
        queries = gds_queries(game)
        summary = game.summary(game.build(force=True)) if queries else {}
        for query in queries:
            names.add(query.name)
            assert query.expect, query.name
            for figure, key in query.expect:
                assert isinstance(summary[key], expected[figure]), (query.name, key)
    defined = {"janetzko_gds_components", "defined_floridian_gds_core_components"}
    assert set(WITH_COMPONENTS.values()) | defined <= names


def test_a_query_gets_the_graphs_parameters_as_neo4j_stores_them() -> None:
    runner = CollectingQueryRunner()
    austrian = get_game("austrian").create(n=20, L=5)
    lifting = get_game("lifting").create(n=40, rule="band")
    gds_checks(runner, austrian, lambda _: None, {})
    gds_checks(runner, lifting, lambda _: None, {})
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
