"""Bulgarian solitaire B_n: the facts of SPEC.md §2, from the compiled engine."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from math import comb, gcd

import numpy as np
import pytest
from reference import bulgarian_reference

import gamegraph as gg
from gamegraph.errors import InputError, TooLargeError
from gamegraph.games.partitions import canonical_key, count_partitions, omega, partitions


def _euler_phi(d: int) -> int:
    return sum(1 for i in range(1, d + 1) if gcd(i, d) == 1)


def _necklaces(k: int, r: int) -> int:
    """Binary necklaces of length k with r black beads."""
    g = gcd(r, k)
    return sum(_euler_phi(d) * comb(k // d, r // d) for d in range(1, g + 1) if g % d == 0) // k


def _k_and_r(n: int) -> tuple[int, int]:
    """n = k(k-1)/2 + r with 0 < r <= k."""
    k = 1
    while k * (k + 1) // 2 < n:
        k += 1
    return k, n - k * (k - 1) // 2


@pytest.mark.parametrize("n", range(1, 26))
def test_successor_is_omega_for_every_partition(n: int) -> None:
    graph = gg.bulgarian(n)
    for i, part in enumerate(partitions(n)):
        assert graph.position(i) == part
        assert graph.index(part) == i
        assert graph.position(int(graph.successor[i])) == omega(part)


def test_worked_trajectory_n_10_reaches_the_fixed_point_4321() -> None:
    graph = gg.bulgarian(10)
    path = [graph.position(i) for i in graph.trajectory(graph.index("4 3 3"))]
    assert path[-1] == (4, 3, 2, 1)
    assert len(path) == 10
    assert path[1] == (3, 3, 2, 2)


@pytest.mark.parametrize("k", range(1, 9))
def test_triangular_n_has_one_fixed_point_reached_within_k_k_minus_1_moves(k: int) -> None:
    n = k * (k + 1) // 2
    graph = gg.bulgarian(n)
    stats = graph.stats()
    assert stats["cycles"] == 1
    assert stats["fixed_points"] == 1
    staircase = tuple(range(k, 0, -1))
    assert graph.successor[graph.index(staircase)] == graph.index(staircase)
    assert stats["max_transient"] == k * (k - 1)
    if k >= 2:
        tau = (k - 1, k - 1, *range(k - 2, 1, -1), 1, 1) if k >= 3 else (1, 1, 1)
        assert sum(tau) == n
        assert graph.distance[graph.index(tau)] == k * (k - 1)


@pytest.mark.parametrize("n", range(1, 41))
def test_cycle_count_is_the_necklace_count_and_lengths_divide_k(n: int) -> None:
    k, r = _k_and_r(n)
    graph = gg.bulgarian(n)
    stats = graph.stats()
    assert stats["cycles"] == stats["components"] == _necklaces(k, r)
    assert all(k % length == 0 for length in stats["cycle_lengths"])
    assert int(graph.on_cycle.sum()) == comb(k, r)


@pytest.mark.parametrize("n", range(1, 41))
def test_garden_of_eden_iff_largest_part_below_parts_minus_one(n: int) -> None:
    graph = gg.bulgarian(n)
    parts_of = [graph.position(i) for i in range(graph.size)]
    expected = np.array([part[0] < len(part) - 1 for part in parts_of])
    assert np.array_equal(graph.garden_of_eden, expected)


def test_weak_components_are_one_per_cycle() -> None:
    import networkx as nx

    graph = gg.bulgarian(20)
    g = nx.DiGraph()
    g.add_edges_from(enumerate(graph.successor.tolist()))
    assert nx.number_weakly_connected_components(g) == graph.cycle_count
    for comp in nx.weakly_connected_components(g):
        assert len({int(graph.cycle_of[v]) for v in comp}) == 1


def test_b60_has_p60_positions_42_cycles_of_length_11_and_the_spec_garden_of_eden() -> None:
    graph = gg.bulgarian(60)
    assert graph.size == count_partitions(60) == 966_467  # SPEC.md §1
    # 60 = 11·10/2 + 5: C(60) = binom(11, 5)/11 = 42 necklaces, each cycle of length 11
    # (gcd(5, 11) = 1), and the binom(11, 5) = 462 cyclic positions
    assert graph.stats()["cycle_lengths"] == {11: 42}
    assert int(graph.on_cycle.sum()) == comb(11, 5) == 462
    flat, offsets = graph.flat_parts()
    assert offsets[-1] == flat.shape[0]
    for i in (0, 123, 400_000, graph.size - 1):
        assert tuple(flat[offsets[i] : offsets[i + 1]].tolist()) == graph.position(i)
    # BUL-GE over all of B_60: no predecessor iff the largest part is below (parts - 1)
    largest = flat[offsets[:-1]].astype(np.int64)
    assert np.array_equal(graph.garden_of_eden, largest < np.diff(offsets) - 1)


@pytest.mark.parametrize("n", range(1, 23))
def test_analysis_of_b_n_equals_iterating_omega_from_every_partition(n: int) -> None:
    graph = gg.bulgarian(n)
    ref = bulgarian_reference(n)
    pos = [graph.position(i) for i in range(graph.size)]
    assert {p: int(graph.distance[i]) for i, p in enumerate(pos)} == ref.distance
    assert {pos[i] for i in graph.farthest().tolist()} == ref.farthest
    assert {pos[i] for i in np.flatnonzero(graph.garden_of_eden)} == ref.garden_of_eden
    predecessors = Counter(ref.successor.values())
    assert graph.in_degree.tolist() == [predecessors[p] for p in pos]
    assert {frozenset(pos[j] for j in c.tolist()) for c in graph.cycles} == set(ref.cycles)
    for cycle in graph.cycles:  # in move order, from the smallest index
        assert int(cycle[0]) == int(cycle.min())
        assert [omega(pos[int(j)]) for j in cycle] == [pos[int(j)] for j in np.roll(cycle, -1)]
    # a cycle id names the cycle a trajectory ends in; a basin counts the trajectories
    cycle_ids = {frozenset(pos[j] for j in c.tolist()): cid for cid, c in enumerate(graph.cycles)}
    ends_in = {
        p: next(cycle_ids[c] for c in ref.cycles if ref.entry[p] in c) for p in ref.successor
    }
    assert {p: int(graph.cycle_of[i]) for i, p in enumerate(pos)} == ends_in
    assert graph.basin_sizes.tolist() == [
        sum(1 for c in ends_in.values() if c == cid) for cid in range(len(graph.cycles))
    ]
    for i, p in enumerate(pos):
        path = [pos[j] for j in graph.trajectory(i)]
        assert path[0] == p and path[-1] == ref.entry[p] and len(path) == ref.distance[p] + 1
        assert all(omega(a) == b for a, b in pairwise(path))


@pytest.mark.parametrize("k", range(2, 7))
def test_the_farthest_positions_of_triangular_b_n_are_those_k_k_minus_1_moves_away(
    k: int,
) -> None:
    n = k * (k + 1) // 2
    graph = gg.bulgarian(n)
    far = {graph.position(i) for i in graph.farthest().tolist()}
    # BUL-knuth: the longest transient is k(k−1); the farthest set by brute force
    assert far == bulgarian_reference(n).farthest
    assert {int(graph.distance[graph.index(p)]) for p in far} == {k * (k - 1)}
    tau = (k - 1, k - 1, *range(k - 2, 1, -1), 1, 1) if k >= 3 else (1, 1, 1)
    assert tau in far  # BUL-toom


def test_positions_and_sizes_outside_b_n_are_refused() -> None:
    graph = gg.bulgarian(8)
    assert graph.position(0) == (8,) and graph.position(graph.size - 1) == (1,) * 8
    for index in (-1, graph.size):
        with pytest.raises(IndexError, match=r"positions are 0\.\.21"):
            graph.position(index)
    with pytest.raises(ValueError, match=r"no position of this graph: .* add up to 9, not n = 8"):
        graph.index((5, 4))
    with pytest.raises(ValueError, match=">= 1, not 0"):
        gg.bulgarian(0)


@pytest.mark.parametrize("n", [1, 7, 12])
def test_keys_are_the_canonical_keys_in_index_order(n: int) -> None:
    # index order is descending lexicographic, the order partitions() lists them in
    assert gg.bulgarian(n).keys() == [canonical_key(p) for p in partitions(n)]


def test_b_n_past_the_memory_estimate_is_refused_unless_forced_and_past_max_n_always() -> None:
    with pytest.raises(TooLargeError, match="B_255"):
        gg.bulgarian(255)  # p(255) > 10**14 positions
    for force in (False, True):
        with pytest.raises(InputError, match=r"<= 255, not 256"):
            gg.bulgarian(256, force=force)
