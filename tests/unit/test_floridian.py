"""Floridian solitaire G_n / H_n: SPEC.md §3 facts, and the engine against the definitions."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import floridian_reference, four_cycles_by_brute_force

from gamegraph.errors import InputError
from gamegraph.games import get_game
from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.floridian.arcs import join_csr
from gamegraph.games.floridian.engine import FloridianGraph, build_floridian
from gamegraph.games.floridian.fourcycles import is_four_cycle
from gamegraph.games.limits import TooLargeError
from gamegraph.games.partitions import Partition, in_t, omega, parse_partition, separated_partitions

CYCLE_N = {2, 6, 8, 11, 14, 16, 18, 21} | set(range(23, 101))
NO_FOUR_CYCLE = set(range(0, 16)) | {17, 18, 19, 20, 21, 22, 23, 25, 27, 29, 31, 33, 36, 39, 41}
NO_FOUR_CYCLE |= {43, 49, 51, 73}


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


def _members(graph: FloridianGraph, mask: np.ndarray) -> set[Partition]:
    return {graph.positions.position(int(i)) for i in np.flatnonzero(mask)}


REFERENCE_N = [*range(1, 13), 14, 16, 18, 21, 24, 25, 26]


@pytest.mark.parametrize("n", REFERENCE_N)
def test_core_win_loss_and_turns_to_the_core_are_those_of_a_networkx_reference(n: int) -> None:
    graph = build_floridian(n)
    pos = graph.positions
    ref = floridian_reference(n)
    src, dst = graph.h_arcs()
    arcs = {(pos.position(int(a)), pos.position(int(b))) for a, b in zip(src, dst, strict=True)}
    assert arcs == set(ref.h.edges) and len(arcs) == dst.shape[0]
    assert _members(graph, graph.recurrent) == ref.recurrent
    core = {
        (pos.position(int(a)), pos.position(int(b)))
        for a, b in zip(src[graph.core_arc_mask], dst[graph.core_arc_mask], strict=True)
    }
    assert core == ref.core_arcs
    assert [({pos.position(int(v)) for v in c.nodes}, c.arcs) for c in graph.core_components] == [
        (set(nodes), arcs) for nodes, arcs in ref.core_components
    ]
    assert _members(graph, graph.winning) == ref.winning
    assert _members(graph, graph.losing) == ref.losing
    turns = {pos.position(i): int(t) for i, t in enumerate(graph.turns_to_core.tolist())}
    assert turns == {p: ref.turns_to_core.get(p, -1) for p in ref.separated}
    assert {pos.position(int(i)) for i in graph.farthest_winning()} == ref.farthest_winning


@pytest.mark.parametrize("n", REFERENCE_N)
def test_immediate_losses_are_exactly_the_positions_without_a_legal_alpha_move(n: int) -> None:
    graph = build_floridian(n)
    ref = floridian_reference(n)
    assert _members(graph, graph.immediate_loss) == ref.immediate_losses
    assert graph.stats()["immediate_losses"] == len(ref.immediate_losses)
    assert ref.immediate_losses <= ref.losing  # a position with no move cannot win


def test_n6_one_8_cycle_and_no_losing_position() -> None:
    graph = build_floridian(6)
    stats = graph.stats()
    assert (stats["separated"], stats["t_positions"]) == (8, 7)
    assert stats["losing"] == 0
    # an 8-cycle of G_6 is a 4-cycle of H_6 on four recurrent states, and it is the only cycle
    assert _core_nodes_and_arcs(graph) == [(4, 4)]
    ref = floridian_reference(6)
    assert [len(c) for c in nx.simple_cycles(ref.h.subgraph(ref.recurrent))] == [4]


def test_n8_four_squared_is_the_only_losing_position_and_an_immediate_loss() -> None:
    graph = build_floridian(8)
    stats = graph.stats()
    assert (stats["separated"], stats["t_positions"], stats["omega_t"]) == (13, 11, 8)
    # the only losing position is 4², and it is an immediate loss: so it is the only one
    assert _members(graph, graph.losing) == {(4, 4)}
    assert _members(graph, graph.immediate_loss) == {(4, 4)}


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
    ref = floridian_reference(25)
    assert len(ref.recurrent) == 16
    assert len(ref.core_arcs) == stats["core_arcs"] == 21


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


@pytest.mark.parametrize("n", range(1, 41))
def test_four_cycles_full_and_restricted_are_the_brute_force_cycles_for_every_n_to_40(
    n: int,
) -> None:
    expected = list(four_cycles_by_brute_force(n))
    for graph in (build_floridian(n), build_floridian(n, restricted=True)):
        found = graph.four_cycles()
        assert sorted(found) == expected  # whole cycles (a, x, b, y), each once
        assert all(c == c.canonical() for c in found)
        assert graph.stats()["four_cycles"] == len(expected)
    assert all(is_four_cycle(c) for c in expected)


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


@pytest.mark.parametrize("n", REFERENCE_N)
def test_restricted_mode_finds_the_recurrent_states_and_core_of_the_reference(n: int) -> None:
    graph = build_floridian(n, restricted=True)
    ref = floridian_reference(n)
    omega_t = {omega(p) for p in ref.t_positions}
    assert {graph.positions.position(int(i)) for i in graph.sources} == omega_t
    assert _members(graph, graph.recurrent) == ref.recurrent
    stats = graph.stats()
    assert stats["core_arcs"] == len(ref.core_arcs)
    assert stats["core_scc_sizes"] == [len(nodes) for nodes, _ in ref.core_components]
    assert [c.arcs for c in graph.core_components] == [a for _, a in ref.core_components]


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
    with pytest.raises(ValueError, match=r"n must be in 1\.\.255"):
        type(positions).of(0)


def test_positions_count_the_separated_partitions() -> None:
    positions = build_floridian(20).positions
    assert len(positions) == len(list(separated_partitions(20)))


@pytest.mark.parametrize("n", [18, 33])
def test_core_component_of_names_the_component_of_each_recurrent_state(n: int) -> None:
    graph = build_floridian(n)
    ref = floridian_reference(n)
    component = {p: cid for cid, (nodes, _) in enumerate(ref.core_components) for p in nodes}
    pos = graph.positions
    assert [int(c) for c in graph.core_component_of] == [
        component.get(pos.position(i), -1) for i in range(pos.size)
    ]


def test_a_restricted_graph_refuses_win_loss_questions_and_unbuilt_rows() -> None:
    graph = build_floridian(24, restricted=True)
    for question in ("immediate_loss", "turns_to_core", "winning", "losing"):
        with pytest.raises(ValueError, match="need the full G_24"):
            getattr(graph, question)
    outside = next(i for i in range(graph.positions.size) if i not in set(graph.sources.tolist()))
    with pytest.raises(ValueError, match="were not built"):
        graph.alpha_targets(outside)
    assert graph.alpha_targets(int(graph.sources[0])).size > 0


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=30))
def test_every_alpha_arc_ends_in_t_and_h_arcs_are_the_two_paths_of_g(n: int) -> None:
    graph = build_floridian(n)
    pos = graph.positions.position
    src, dst = graph.alpha_arcs()
    arcs = [(pos(int(a)), pos(int(x))) for a, x in zip(src, dst, strict=True)]
    assert all(in_t(x) and sum(x) == n for _, x in arcs)  # Ω-positions are T(n)
    two_paths = {(a, omega(x)) for a, x in arcs}  # Ω by its scalar definition
    h_src, h_dst = graph.h_arcs()
    h = [(pos(int(a)), pos(int(b))) for a, b in zip(h_src, h_dst, strict=True)]
    assert set(h) == two_paths and len(h) == len(two_paths)


def test_q_1_0_1_is_the_n16_four_cycle_of_the_engine() -> None:
    cycle = [parse_partition(t) for t in ("2^3 5^2", "2^4 4^2", "1^4 3^2 6", "1 3^3 6")]
    found = build_floridian(16).four_cycles()
    assert any(set(c) == set(cycle) for c in found)


@pytest.mark.parametrize(
    ("n", "chunk_arcs", "threads"),
    [(24, 1, 1), (30, 256, 1), (30, 1000, 4), (44, 512, 2), (46, 2048, 3)],
)
def test_a_build_in_many_small_chunks_and_threads_equals_the_one_chunk_build(
    n: int, chunk_arcs: int, threads: int
) -> None:
    chunks: list[int] = []
    small = build_floridian(
        n, chunk_arcs=chunk_arcs, threads=threads, progress=lambda _, done, __: chunks.append(done)
    )
    whole = build_floridian(n, chunk_arcs=1 << 24, threads=1)
    assert len(chunks) >= 3  # the progress callback runs once per chunk
    for name in ("alpha_ptr", "alpha_dst", "h_ptr", "h_dst"):
        assert np.array_equal(getattr(small, name), getattr(whole, name)), name
    assert small.stats() == whole.stats()


@pytest.mark.parametrize("restricted", [False, True])
def test_a_multi_threaded_build_of_g46_in_small_chunks_has_the_alpha_moves_of_the_definition(
    restricted: bool,
) -> None:
    graph = build_floridian(46, restricted=restricted, chunk_arcs=4096, threads=3)
    pos = graph.positions
    for i in np.linspace(0, graph.sources.shape[0] - 1, 60).astype(int).tolist():
        source = int(graph.sources[i])
        a = pos.position(source)
        assert [pos.position(int(x)) for x in graph.alpha_targets(source)] == alpha_moves(a)
        h_row = graph.h_dst[graph.h_ptr[i] : graph.h_ptr[i + 1]]
        assert [pos.position(int(b)) for b in h_row] == sorted(
            {omega(x) for x in alpha_moves(a)}, reverse=True
        )


@settings(max_examples=50, deadline=None)
@given(
    # one block per worker thread, so at least one
    st.lists(st.lists(st.lists(st.integers(0, 99), max_size=4), max_size=5), min_size=1, max_size=5)
)
def test_join_csr_puts_the_rows_of_every_block_one_after_another(
    blocks: list[list[list[int]]],
) -> None:
    pieces = []
    for rows in blocks:
        ptr = np.concatenate(([0], np.cumsum([len(r) for r in rows]))).astype(np.int64)
        dst = np.asarray([v for r in rows for v in r], dtype=np.int64)
        pieces.append((ptr, dst))
    ptr, dst = join_csr(pieces)
    joined = [row for rows in blocks for row in rows]
    assert ptr.shape[0] == len(joined) + 1 and ptr[0] == 0
    assert [dst[ptr[i] : ptr[i + 1]].tolist() for i in range(len(joined))] == joined


@pytest.mark.parametrize("n, size_s, size_t", [(6, 8, 7), (8, 13, 11)])
def test_to_networkx_is_g_n_and_h_n_from_the_definitions(n: int, size_s: int, size_t: int) -> None:
    """SPEC §3: G_n has V_α = S(n), V_Ω = T(n) (|S|, |T| as the paper prints them), an arc per
    legal α-move and one Ω-arc per Ω-position; H_n has an arc per α-move followed by Ω."""
    graph = build_floridian(n)
    s = list(separated_partitions(n))
    t = [lam for lam in s if in_t(lam)]
    assert (len(s), len(t)) == (size_s, size_t)
    g = graph.to_networkx("G")
    assert set(g.nodes) == {("alpha", lam) for lam in s} | {("omega", lam) for lam in t}
    alpha = {(("alpha", lam), ("omega", mu)) for lam in s for mu in alpha_moves(lam)}
    omegas = {(("omega", mu), ("alpha", omega(mu))) for mu in t}
    assert set(g.edges) == alpha | omegas
    h = graph.to_networkx("H")
    assert set(h.nodes) == set(s)
    assert set(h.edges) == {(lam, omega(mu)) for lam in s for mu in alpha_moves(lam)}
    with pytest.raises(InputError, match="kind must be 'G' or 'H'"):
        graph.to_networkx("Q")


@pytest.mark.parametrize("n", [20, 30, 36])
def test_the_plan_estimates_the_nodes_of_g_n_and_h_n_within_five_percent(n: int) -> None:
    """The estimate a load plan shows (and the bulk route's threshold reads): α-positions
    S(n) plus Ω-positions T(n), about three quarters as many, against the nodes built."""
    game = get_game("floridian").create(n=n)
    built = game.tables(game.build(force=True)).node_count
    assert abs(game.estimate().nodes - built) <= 0.05 * built


def test_build_floridian_refuses_a_graph_over_the_memory_limit_unless_forced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "1M")
    with pytest.raises(TooLargeError, match="G_20"):
        build_floridian(20)
    assert build_floridian(20, force=True).positions.size == len(list(separated_partitions(20)))
