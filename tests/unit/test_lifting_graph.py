"""The lifting graph Q over a range of n (SPEC.md §4), built from the engine's 4-cycles."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from reference import (
    band_lifts_by_search,
    four_cycles_by_brute_force,
    is_band_lift,
    is_four_cycle_by_listing,
)

from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.floridian.fourcycles_local import four_cycles_in_shard, shards
from gamegraph.games.floridian.qfamily import q_cycle, q_n
from gamegraph.games.lifting.graph import (
    LiftingGraph,
    Rule,
    build_lifting_graph,
    four_cycles_in_range,
)

N_MAX = 60
BRUTE_N = 40  # the brute-force enumeration of 4-cycles is fast enough up to here
# SPEC.md §3: n <= 60 without a 4-cycle
NO_FOUR_CYCLE = set(range(16)) | {17, 18, 19, 20, 21, 22, 23, 25, 27, 29, 31, 33, 36, 39, 41}
NO_FOUR_CYCLE |= {43, 49, 51}
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


def test_nodes_are_the_brute_force_four_cycles_to_40_and_four_cycles_of_the_spec_n_to_60(
    cycles: list[FourCycle],
) -> None:
    small = [c for n in range(1, BRUTE_N + 1) for c in four_cycles_by_brute_force(n)]
    assert sorted(c for c in cycles if c.n <= BRUTE_N) == sorted(small)
    assert all(is_four_cycle(c) and c == c.canonical() for c in cycles if c.n > BRUTE_N)
    assert len({c.key for c in cycles}) == len(cycles)
    assert {c.n for c in cycles} == set(range(1, N_MAX + 1)) - NO_FOUR_CYCLE


def test_band_lifts_between_brute_force_cycles_are_exactly_the_pairs_the_rule_admits(
    band: LiftingGraph,
) -> None:
    small = [c for n in range(1, BRUTE_N + 1) for c in four_cycles_by_brute_force(n)]
    by_search = band_lifts_by_search(small)
    found = {
        (lift.source.key, lift.target.key, lift.m)
        for lift in band.lifts
        if lift.target.n <= BRUTE_N
    }
    assert found == by_search
    assert len(found) >= 5


def test_every_lift_target_is_a_four_cycle_of_g_n_plus_2m_plus_4(
    paper: LiftingGraph, band: LiftingGraph
) -> None:
    """Against the definitions, not the rules' own is_four_cycle guard: every target is a
    4-cycle by listing every α-move, of n + 2m + 4 by the sum of its parts, and the
    reference's band-rule check (tests/reference.py) admits the pair (paper lifts are band
    lifts)."""
    for graph in (paper, band):
        assert graph.lifts
        for lift in graph.lifts:
            assert sum(lift.target[0]) == lift.target_n == lift.source.n + 2 * lift.m + 4
            assert is_four_cycle_by_listing(lift.target)
            assert is_band_lift(lift.source, lift.target, lift.m)


def test_every_paper_lift_is_a_band_lift(paper: LiftingGraph, band: LiftingGraph) -> None:
    band_arcs = {(lift.source.key, lift.target.key, lift.m) for lift in band.lifts}
    assert {(lift.source.key, lift.target.key, lift.m) for lift in paper.lifts} <= band_arcs


def test_paper_lifts_carry_four_pattern_names(paper: LiftingGraph) -> None:
    assert paper.lifts
    for lift in paper.lifts:
        assert lift.patterns is not None and len(lift.patterns) == 4
        assert [name[:2] for name in lift.patterns] in (["al", "om", "al", "om"],)


def _weak_components(keys: list[str], arcs: list[tuple[str, str]]) -> set[frozenset[str]]:
    """Weak components by union-find (a second computation besides networkx's)."""
    parent = {key: key for key in keys}

    def root(key: str) -> str:
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    for u, v in arcs:
        parent[root(u)] = root(v)
    groups: dict[str, set[str]] = {}
    for key in keys:
        groups.setdefault(root(key), set()).add(key)
    return {frozenset(group) for group in groups.values()}


@pytest.mark.parametrize("rule", ["paper", "band"])
def test_components_sources_and_stats_of_q_are_recomputed_from_its_lifts(
    rule: str, paper: LiftingGraph, band: LiftingGraph
) -> None:
    graph = paper if rule == "paper" else band
    keys = [c.key for c in graph.cycles]
    inside = [(lift.source.key, lift.target.key) for lift in graph.lifts if lift.target_n <= N_MAX]
    components = _weak_components(keys, inside)
    assert {frozenset(comp) for comp in graph.components} == components
    assert [len(comp) for comp in graph.components] == sorted(map(len, components), reverse=True)
    in_degree = Counter(target for _, target in inside)
    assert {key for comp in graph.components for key in graph.sources(comp)} == {
        key for key in keys if in_degree[key] == 0
    }
    lifting = {lift.source.key for lift in graph.lifts}
    non_lifting = [c for c in graph.cycles if c.key not in lifting]
    distinct = {(lift.source.key, lift.target.key, lift.m) for lift in graph.lifts}
    multi = sum(1 for comp in components if sum(in_degree[k] == 0 for k in comp) > 1)
    assert graph.stats() == {
        "n_max": N_MAX,
        "rule": rule,
        "four_cycles": len(keys),
        "lifts": len(distinct),
        "lifts_inside_range": len(inside),
        "non_lifting": sorted(c.n for c in non_lifting),
        "components": len(components),
        "components_with_multiple_sources": multi,
        "largest_component": max(map(len, components)),
        "families": len(graph.families),
    }


def test_non_lifting_cycles_have_no_lift_and_the_n28_cycle_lifts_under_neither_rule(
    paper: LiftingGraph, band: LiftingGraph
) -> None:
    assert 28 in [c.n for c in band.non_lifting]
    assert {c.key for c in band.non_lifting} <= {c.key for c in paper.non_lifting}
    for cycle in band.non_lifting:
        assert all(lift.source != cycle for lift in band.lifts)


def test_each_component_has_one_source_up_to_60(paper: LiftingGraph, band: LiftingGraph) -> None:
    # SPEC.md §4's open question, answered for n <= 60 (sources recomputed in the test above)
    for graph in (paper, band):
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


def test_the_cache_of_four_cycles_extends_to_larger_ranges_without_gaps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gamegraph.games.lifting import graph as lifting_graph

    monkeypatch.setattr(lifting_graph, "_CACHE", [])  # this process's cache, restored after
    monkeypatch.setattr(lifting_graph, "_CACHED_UP_TO", 0)
    brute = {n: sorted(four_cycles_by_brute_force(n)) for n in range(1, 27)}
    first = lifting_graph.cached_four_cycles(1, 23)
    assert sorted(first) == [c for n in range(1, 24) for c in brute[n]]
    second = lifting_graph.cached_four_cycles(20, 26)  # extends by G_24, G_25, G_26
    assert sorted(second) == [c for n in range(20, 27) for c in brute[n]]
    assert {c.n for c in second} == {24, 26}  # SPEC.md §3: none at 20..23 and 25


@pytest.mark.parametrize("rule", ["paper", "band"])
def test_below_n_16_there_is_no_4_cycle_so_the_lifting_graph_is_empty(rule: Rule) -> None:
    """SPEC §3: no 4-cycle for n <= 15, so Q on 1..15 has no node, no component, no family."""
    stats = build_lifting_graph(15, rule).stats()
    assert stats["four_cycles"] == stats["lifts"] == stats["components"] == 0
    assert stats["largest_component"] == stats["families"] == 0
    # the search skips n < FIRST_FOUR_CYCLE_N = 16; the local search of those G_n finds none
    assert not any(four_cycles_in_shard(shard) for n in range(1, 16) for shard in shards(n))
    assert four_cycles_in_range(1, 16)
