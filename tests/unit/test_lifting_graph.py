"""The lifting graph Q over a range of n (SPEC.md §4), built from the engine's 4-cycles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.floridian.qfamily import q_cycle, q_n
from gamegraph.games.lifting.graph import LiftingGraph, build_lifting_graph, four_cycles_in_range

N_MAX = 60
VECTORS = Path(__file__).parent.parent / "data" / "lifting-families.json"


@pytest.fixture(scope="module")
def cycles() -> list[FourCycle]:
    return four_cycles_in_range(1, N_MAX)


@pytest.fixture(scope="module")
def paper(cycles: list[FourCycle]) -> LiftingGraph:
    return build_lifting_graph(N_MAX, "paper", cycles=cycles)


@pytest.fixture(scope="module")
def band(cycles: list[FourCycle]) -> LiftingGraph:
    return build_lifting_graph(N_MAX, "band", cycles=cycles)


def test_nodes_are_every_four_cycle_of_the_engine_in_range(cycles: list[FourCycle]) -> None:
    by_n = {n: build_floridian(n, restricted=True).four_cycle_array.shape[0] for n in (24, 48)}
    assert by_n == {24: sum(c.n == 24 for c in cycles), 48: sum(c.n == 48 for c in cycles)}
    assert len({c.key for c in cycles}) == len(cycles)
    assert all(c == c.canonical() for c in cycles)


def test_every_lift_target_is_a_four_cycle_of_g_n_plus_2m_plus_4(
    paper: LiftingGraph, band: LiftingGraph
) -> None:
    for graph in (paper, band):
        for lift in graph.lifts:
            assert lift.target_n == lift.source.n + 2 * lift.m + 4
            assert is_four_cycle(lift.target)


def test_every_paper_lift_is_a_band_lift(paper: LiftingGraph, band: LiftingGraph) -> None:
    band_arcs = {(lift.source.key, lift.target.key, lift.m) for lift in band.lifts}
    assert {(lift.source.key, lift.target.key, lift.m) for lift in paper.lifts} <= band_arcs


def test_paper_lifts_carry_four_pattern_names(paper: LiftingGraph) -> None:
    assert paper.lifts
    for lift in paper.lifts:
        assert lift.patterns is not None and len(lift.patterns) == 4
        assert [name[:2] for name in lift.patterns] in (["al", "om", "al", "om"],)


def test_in_range_arcs_and_components_partition_the_nodes(paper: LiftingGraph) -> None:
    members = [key for comp in paper.components for key in comp]
    assert sorted(members) == sorted(c.key for c in paper.cycles)
    inside = [lift for lift in paper.lifts if lift.target_n <= N_MAX]
    assert paper.graph.number_of_edges() == len(inside)
    for lift in inside:
        assert paper.component_of[lift.source.key] == paper.component_of[lift.target.key]


def test_non_lifting_cycles_have_no_lift_and_the_n28_cycle_lifts_under_neither_rule(
    paper: LiftingGraph, band: LiftingGraph
) -> None:
    assert 28 in [c.n for c in band.non_lifting]
    assert {c.key for c in band.non_lifting} <= {c.key for c in paper.non_lifting}
    for cycle in band.non_lifting:
        assert all(lift.source != cycle for lift in band.lifts)


def test_each_component_has_one_source_up_to_60(paper: LiftingGraph, band: LiftingGraph) -> None:
    for graph in (paper, band):
        assert graph.stats()["components_with_multiple_sources"] == 0
        for comp in graph.components:
            assert len(graph.sources(comp)) == 1


def test_the_16_families_of_spec_are_chains_of_q(paper: LiftingGraph) -> None:
    families = json.loads(VECTORS.read_text())["families"]
    lifts = {(lift.source.key, lift.target.key, lift.m) for lift in paper.lifts}
    for family in families:
        if family["n0"] > N_MAX:
            continue
        c0 = FourCycle(*(tuple(p) for p in family["cycle"])).canonical()
        c1 = FourCycle(*(tuple(p) for p in family["lifted"][0]["cycle"])).canonical()
        assert (c0.key, c1.key, family["m0"]) in lifts


def test_families_are_chains_with_m_rising_by_two(paper: LiftingGraph) -> None:
    assert paper.families
    for family in paper.families:
        for first, second in zip(family.lifts, family.lifts[1:], strict=False):
            assert first.target == second.source
            assert second.m == first.m + 2


def test_q_family_cycles_up_to_60_are_nodes(cycles: list[FourCycle]) -> None:
    keys = {c.key for c in cycles}
    checked = 0
    for x in range(1, 4):
        for y in range(0, 4):
            for z in range(1, 4):
                if q_n(x, y, z) <= N_MAX:
                    assert q_cycle(x, y, z).key in keys
                    checked += 1
    assert checked >= 3


def test_stats_report_the_required_keys(band: LiftingGraph) -> None:
    stats = band.stats()
    for key in ("n_max", "rule", "four_cycles", "lifts", "non_lifting", "components"):
        assert key in stats
    assert stats["four_cycles"] == len(band.cycles)
    assert stats["non_lifting"] == sorted(stats["non_lifting"])


def test_empty_range_and_unknown_rule_are_refused() -> None:
    with pytest.raises(ValueError, match="empty range"):
        build_lifting_graph(10, "paper", n_min=20)
    with pytest.raises(ValueError, match="unknown rule"):
        build_lifting_graph(10, "magic")  # type: ignore[arg-type]


def test_a_range_whose_largest_shard_does_not_fit_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gamegraph.games.floridian.fourcycles_local import shard_memory_bytes
    from gamegraph.games.lifting import graph as lifting_graph
    from gamegraph.games.limits import TooLargeError

    searched: list[int] = []
    monkeypatch.setattr(
        lifting_graph, "four_cycles_in_shard", lambda shard: searched.append(shard.n) or []
    )
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", str(shard_memory_bytes(70)))
    with pytest.raises(TooLargeError, match="4-cycles-G71 needs"):
        four_cycles_in_range(1, 71)
    assert searched == []
