"""Bulgarian solitaire B_n: the facts of SPEC.md §2, from the compiled engine."""

from __future__ import annotations

from math import comb, gcd

import numpy as np
import pytest

from gamegraph.games.bulgarian.engine import build_bulgarian
from gamegraph.games.partitions import count_partitions, omega, partitions


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
    graph = build_bulgarian(n)
    for i, part in enumerate(partitions(n)):
        assert graph.position(i) == part
        assert graph.index(part) == i
        assert graph.position(int(graph.successor[i])) == omega(part)


def test_worked_trajectory_n_10_reaches_the_fixed_point_4321() -> None:
    graph = build_bulgarian(10)
    path = [graph.position(i) for i in graph.trajectory(graph.index("4 3 3"))]
    assert path[-1] == (4, 3, 2, 1)
    assert len(path) == 10
    assert path[1] == (3, 3, 2, 2)


@pytest.mark.parametrize("k", range(1, 9))
def test_triangular_n_has_one_fixed_point_reached_within_k_k_minus_1_moves(k: int) -> None:
    n = k * (k + 1) // 2
    graph = build_bulgarian(n)
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
    graph = build_bulgarian(n)
    stats = graph.stats()
    assert stats["cycles"] == stats["components"] == _necklaces(k, r)
    assert all(k % length == 0 for length in stats["cycle_lengths"])
    assert int(graph.on_cycle.sum()) == comb(k, r)


@pytest.mark.parametrize("n", range(1, 41))
def test_garden_of_eden_iff_largest_part_below_parts_minus_one(n: int) -> None:
    graph = build_bulgarian(n)
    parts_of = [graph.position(i) for i in range(graph.size)]
    expected = np.array([part[0] < len(part) - 1 for part in parts_of])
    assert np.array_equal(graph.garden_of_eden, expected)


def test_weak_components_are_one_per_cycle() -> None:
    import networkx as nx

    graph = build_bulgarian(20)
    g = nx.DiGraph()
    g.add_edges_from(enumerate(graph.successor.tolist()))
    assert nx.number_weakly_connected_components(g) == graph.cycle_count
    for comp in nx.weakly_connected_components(g):
        assert len({int(graph.cycle_of[v]) for v in comp}) == 1


def test_b60_has_p60_positions_and_basins_cover_them() -> None:
    graph = build_bulgarian(60)
    assert graph.size == count_partitions(60) == 966_467
    assert int(graph.basin_sizes.sum()) == graph.size
    assert int(graph.in_degree.sum()) == graph.size
    flat, offsets = graph.flat_parts()
    assert offsets[-1] == flat.shape[0]
    assert tuple(flat[offsets[123] : offsets[124]].tolist()) == graph.position(123)


def test_the_farthest_positions_of_triangular_b_n_include_tau() -> None:
    k = 6
    graph = build_bulgarian(k * (k + 1) // 2)
    tau = (k - 1, k - 1, *range(k - 2, 1, -1), 1, 1)
    assert graph.index(tau) in graph.farthest().tolist()
