"""Floridian solitaire G_n / H_n: SPEC.md §3 facts, and the engine against the definitions."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.floridian.engine import FloridianGraph, build_floridian
from gamegraph.games.floridian.fourcycles import is_four_cycle
from gamegraph.games.partitions import in_t, omega, parse_partition, separated_partitions

CYCLE_N = {2, 6, 8, 11, 14, 16, 18, 21} | set(range(23, 101))
NO_FOUR_CYCLE = set(range(0, 16)) | {17, 18, 19, 20, 21, 22, 23, 25, 27, 29, 31, 33, 36, 39, 41}
NO_FOUR_CYCLE |= {43, 49, 51, 73}


def _reference_h(n: int) -> nx.DiGraph:
    """H_n straight from the definitions: α-moves then Ω, with networkx."""
    h = nx.DiGraph()
    for a in separated_partitions(n):
        h.add_node(a)
        for x in alpha_moves(a):
            h.add_edge(a, omega(x))
    return h


def _reference_core(h: nx.DiGraph) -> nx.DiGraph:
    recurrent = {
        v
        for comp in nx.strongly_connected_components(h)
        for v in comp
        if len(comp) > 1 or h.has_edge(v, v)
    }
    return h.subgraph(recurrent)


def _core_nodes_and_arcs(graph: FloridianGraph) -> list[tuple[int, int]]:
    return [(int(c.nodes.shape[0]), c.arcs) for c in graph.core_components]


@pytest.mark.parametrize("n", range(1, 23))
def test_alpha_arcs_of_the_engine_are_the_legal_alpha_moves(n: int) -> None:
    graph = build_floridian(n)
    pos = graph.positions
    assert [pos.position(i) for i in range(pos.size)] == list(separated_partitions(n))
    for i in range(pos.size):
        a = pos.position(i)
        assert pos.index(a) == i
        assert [pos.position(int(x)) for x in graph.alpha_targets(i)] == alpha_moves(a)
        assert bool(graph.in_t[i]) == in_t(a)
        if in_t(a):
            assert pos.position(int(graph.omega_of[i])) == omega(a)


@pytest.mark.parametrize("n", [6, 8, 11, 16, 18, 24, 25, 26])
def test_core_and_losing_positions_agree_with_a_networkx_reference(n: int) -> None:
    graph = build_floridian(n)
    pos = graph.positions
    h = _reference_h(n)
    core = _reference_core(h)
    assert graph.h_dst.shape[0] == h.number_of_edges()
    assert {pos.position(int(v)) for v in np.flatnonzero(graph.recurrent)} == set(core.nodes)
    assert int(graph.core_arc_mask.sum()) == core.number_of_edges()
    winning = {v for v in h if any(nx.has_path(h, v, r) for r in core.nodes)}
    assert {pos.position(int(v)) for v in np.flatnonzero(graph.winning)} == winning
    for v in winning:
        lengths = nx.single_source_shortest_path_length(h, v)
        want = min(d for r, d in lengths.items() if r in core.nodes)
        assert graph.turns_to_core[pos.index(v)] == want


def test_n6_one_8_cycle_and_no_losing_position() -> None:
    graph = build_floridian(6)
    stats = graph.stats()
    assert (stats["separated"], stats["t_positions"]) == (8, 7)
    assert stats["losing"] == 0
    # an 8-cycle of G_6 is a 4-cycle of H_6 on four recurrent states, and it is the only cycle
    assert _core_nodes_and_arcs(graph) == [(4, 4)]
    h = _reference_h(6).subgraph(pos for pos in _reference_core(_reference_h(6)).nodes)
    assert [len(c) for c in nx.simple_cycles(h)] == [4]


def test_n8_four_squared_is_the_only_losing_position_and_an_immediate_loss() -> None:
    graph = build_floridian(8)
    stats = graph.stats()
    assert (stats["separated"], stats["t_positions"], stats["omega_t"]) == (13, 11, 8)
    losing = [graph.positions.position(int(i)) for i in np.flatnonzero(graph.losing)]
    assert losing == [(4, 4)]
    assert graph.immediate_loss[graph.positions.index("4^2")]


def test_n24_core_is_strongly_connected_with_35_nodes_and_60_arcs() -> None:
    stats = build_floridian(24).stats()
    assert (stats["separated"], stats["t_positions"], stats["omega_t"]) == (424, 326, 189)
    assert stats["core_scc_sizes"] == [35]
    assert (stats["recurrent"], stats["core_arcs"]) == (35, 60)


def test_n25_core_has_16_nodes_and_21_arcs_where_the_paper_prints_19() -> None:
    graph = build_floridian(25)
    stats = graph.stats()
    assert (stats["separated"], stats["t_positions"], stats["omega_t"]) == (472, 315, 172)
    assert stats["recurrent"] == 16
    # the paper prints 19 arcs; the definitions (checked independently) give 21
    core = _reference_core(_reference_h(25))
    assert core.number_of_nodes() == 16
    assert core.number_of_edges() == stats["core_arcs"] == 21


def test_n33_core_is_two_sccs_of_53_nodes_91_arcs_and_4_nodes_5_arcs() -> None:
    assert _core_nodes_and_arcs(build_floridian(33)) == [(53, 91), (4, 5)]


def test_n18_core_has_four_components() -> None:
    assert len(build_floridian(18).core_components) == 4


def test_g_n_has_cycles_exactly_for_the_listed_n_up_to_60() -> None:
    have = {n for n in range(1, 61) if build_floridian(n, restricted=True).recurrent.any()}
    assert have == {n for n in CYCLE_N if n <= 60}


def test_four_cycles_exist_exactly_outside_the_exception_list_up_to_60() -> None:
    have = {n for n in range(1, 61) if build_floridian(n, restricted=True).four_cycle_array.size}
    assert have == set(range(1, 61)) - NO_FOUR_CYCLE


@pytest.mark.parametrize("n", [16, 24, 26, 34])
def test_engine_four_cycles_are_four_cycles_and_are_all_of_them(n: int) -> None:
    graph = build_floridian(n)
    found = graph.four_cycles()
    assert found and all(is_four_cycle(c) and c == c.canonical() for c in found)
    h = _reference_h(n)
    pairs = {frozenset((a, b)) for a, b in h.edges if a != b and h.has_edge(b, a)}
    assert {frozenset((c.alpha1, c.alpha2)) for c in found} == pairs


def test_two_cycles_only_at_n_2t_squared_and_they_are_the_bulgarian_ones() -> None:
    for n in range(1, 61):
        loops = build_floridian(n, restricted=True).two_cycles()
        t = round((n / 2) ** 0.5)
        if n == 2 * t * t:
            odd = tuple(sorted([2 * i - 1 for i in range(1, t + 1)] * 2, reverse=True))
            even = tuple(sorted([2 * i for i in range(1, t)] * 2 + [2 * t], reverse=True))
            assert sorted(loops) == sorted([(odd, even), (even, odd)])
        else:
            assert loops == []


def test_restricted_mode_agrees_with_the_full_graph_on_cycles() -> None:
    for n in range(1, 41):
        full, part = build_floridian(n), build_floridian(n, restricted=True)
        assert np.array_equal(full.recurrent, part.recurrent)
        assert full.stats()["core_arcs"] == part.stats()["core_arcs"]
        assert full.stats()["core_scc_sizes"] == part.stats()["core_scc_sizes"]
        assert np.array_equal(full.four_cycle_array, part.four_cycle_array)


def test_restricted_stats_omit_what_needs_the_full_graph() -> None:
    stats = build_floridian(30, restricted=True).stats()
    for key in ("alpha_arcs", "h_arcs", "immediate_losses", "losing", "max_turns_to_core"):
        assert key not in stats
    assert {"recurrent", "core_arcs", "four_cycles", "core_scc_sizes"} <= stats.keys()


def test_positions_refuse_non_separated_and_wrong_n() -> None:
    positions = build_floridian(10).positions
    with pytest.raises(ValueError, match="not separated"):
        positions.index("4 3 3")
    with pytest.raises(ValueError, match="not of n = 10"):
        positions.index("4 4")


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=30))
def test_every_alpha_arc_ends_in_t_and_h_arcs_are_the_two_paths_of_g(n: int) -> None:
    graph = build_floridian(n)
    src, dst = graph.alpha_arcs()
    assert graph.in_t[dst].all()
    two_paths = {(int(a), int(graph.omega_of[x])) for a, x in zip(src, dst, strict=True)}
    h_src, h_dst = graph.h_arcs()
    assert set(zip(h_src.tolist(), h_dst.tolist(), strict=True)) == two_paths
    assert len(two_paths) == h_dst.shape[0]


def test_q_1_0_1_is_the_n16_four_cycle_of_the_engine() -> None:
    cycle = [parse_partition(t) for t in ("2^3 5^2", "2^4 4^2", "1^4 3^2 6", "1 3^3 6")]
    found = build_floridian(16).four_cycles()
    assert any(set(c) == set(cycle) for c in found)


def test_farthest_winning_positions_need_the_most_turns() -> None:
    graph = build_floridian(24)
    far = graph.farthest_winning()
    assert far.size and (graph.turns_to_core[far] == graph.stats()["max_turns_to_core"]).all()
    assert not graph.losing[far].any()
