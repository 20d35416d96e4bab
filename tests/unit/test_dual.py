"""Dual Bulgarian solitaire (SPEC-games.md §4): the engine against D and against B_n."""

from __future__ import annotations

from itertools import pairwise
from math import comb, gcd

import numpy as np
import pytest
from functional_reference import assert_matches_networkx

from gamegraph import bulgarian as build_bulgarian
from gamegraph import dual as build_dual
from gamegraph.errors import InputError
from gamegraph.games.dual import dual_move
from gamegraph.games.limits import TooLargeError
from gamegraph.games.partitions import count_partitions, omega, partitions

Partition = tuple[int, ...]


def _reference_move(partition: Partition) -> Partition:
    """Remove the largest pile, deal its cards one by one to the others from the largest down,
    the cards left over forming piles of one card."""
    cards, piles = partition[0], list(partition[1:])
    for i in range(len(piles)):
        if cards == 0:
            break
        piles[i] += 1
        cards -= 1
    piles += [1] * cards
    return tuple(sorted(piles, reverse=True))


def _conjugate(partition: Partition) -> Partition:
    return tuple(sum(1 for part in partition if part > j) for j in range(partition[0]))


def _necklaces(k: int, r: int) -> int:
    """Binary necklaces of length k with r black beads."""
    g = gcd(r, k)
    phi = [sum(1 for i in range(1, d + 1) if gcd(i, d) == 1) for d in range(g + 1)]
    return sum(phi[d] * comb(k // d, r // d) for d in range(1, g + 1) if g % d == 0) // k


def _k_and_r(n: int) -> tuple[int, int]:
    """n = k(k−1)/2 + r with 0 < r ≤ k."""
    k = 1
    while k * (k + 1) // 2 < n:
        k += 1
    return k, n - k * (k - 1) // 2


def test_dual_ex_the_two_worked_moves() -> None:
    # DUAL-ex (001:204)
    assert dual_move((4, 4, 3, 2, 2, 1, 1)) == (5, 4, 3, 3, 1, 1)
    assert dual_move((6, 6, 3, 2, 1)) == (7, 4, 3, 2, 1, 1)
    for n, start, image in [
        (17, (4, 4, 3, 2, 2, 1, 1), (5, 4, 3, 3, 1, 1)),
        (18, (6, 6, 3, 2, 1), (7, 4, 3, 2, 1, 1)),
    ]:
        graph = build_dual(n)
        assert graph.position(int(graph.successor[graph.index(start)])) == image


@pytest.mark.parametrize("n", range(1, 26))
def test_successor_is_the_move_d_for_every_partition(n: int) -> None:
    graph = build_dual(n)
    for i, part in enumerate(partitions(n)):
        assert graph.position(i) == part
        assert graph.index(part) == i
        assert graph.position(int(graph.successor[i])) == _reference_move(part)
        assert dual_move(part) == _reference_move(part)


@pytest.mark.parametrize("n", range(1, 31))
def test_dual_iso_d_is_conjugate_b_conjugate_and_conjugation_maps_b_n_onto_the_d_graph(
    n: int,
) -> None:
    # DUAL-iso (001:204): D = conj ∘ B ∘ conj, so conj is an isomorphism B_n → D-graph
    dual, bul = build_dual(n), build_bulgarian(n)
    phi = np.array([dual.index(_conjugate(bul.position(i))) for i in range(bul.size)])
    for part in partitions(n):
        assert _reference_move(part) == _conjugate(omega(_conjugate(part)))
    assert np.array_equal(dual.successor[phi], phi[bul.successor])


@pytest.mark.parametrize("n", range(1, 41))
def test_dual_graph_has_the_bulgarian_cycles_ge_count_and_longest_transient(n: int) -> None:
    k, r = _k_and_r(n)
    dual, bul = build_dual(n).stats(), build_bulgarian(n).stats()
    assert dual["cycles"] == dual["components"] == bul["cycles"] == _necklaces(k, r)
    assert dual["cycle_lengths"] == bul["cycle_lengths"]
    assert dual["garden_of_eden"] == bul["garden_of_eden"]
    assert dual["max_transient"] == bul["max_transient"]
    assert dual["fixed_points"] == bul["fixed_points"]


@pytest.mark.parametrize("n", range(1, 41))
def test_a_partition_is_d_garden_of_eden_iff_fewer_parts_than_largest_minus_one(n: int) -> None:
    graph = build_dual(n)
    expected = [len(part) < part[0] - 1 for part in partitions(n)]
    assert graph.garden_of_eden.tolist() == expected


@pytest.mark.parametrize("n", [4, 7, 10, 13])
def test_analysis_agrees_with_networkx(n: int) -> None:
    assert_matches_networkx(build_dual(n))


def test_keys_and_notations_of_every_partition() -> None:
    graph = build_dual(8)
    keys = graph.keys()
    assert keys == [",".join(map(str, p)) for p in partitions(8)]
    assert (
        graph.notations()[graph.index("5,1,1,1")]
        == "1^3 5"
        == graph.notation(graph.index((5, 1, 1, 1)))
    )
    assert [graph.index(key) for key in keys] == list(range(graph.size))
    assert list(graph.stats()) == [
        "n",
        "positions",
        "cycles",
        "cycle_lengths",
        "components",
        "garden_of_eden",
        "fixed_points",
        "max_transient",
    ]


@pytest.mark.parametrize("position", [(1, 3), (4, 0), (), (2, 1), "3,0", "x", (2.0, 2)])
def test_index_of_a_non_partition_of_n_is_refused_in_one_line(position: object) -> None:
    with pytest.raises(InputError):
        build_dual(4).index(position)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [0, 256, 4.0, "4", False])
def test_n_out_of_range_is_refused_in_one_line(n: object) -> None:
    with pytest.raises(InputError, match="n must be"):
        build_dual(n)  # type: ignore[arg-type]


def test_a_build_over_the_memory_limit_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "100M")
    with pytest.raises(TooLargeError, match="D_90"):
        build_dual(90)


def test_the_estimate_counts_partitions_without_building() -> None:
    assert build_dual.graph(80).estimate().nodes == count_partitions(80) == 15_796_476


@pytest.mark.parametrize("n", [1, 2, 7, 12])
def test_flat_parts_hold_every_partition_once_in_index_order(n: int) -> None:
    """One offset per position plus the end: the rows are the partitions of n in descending
    lexicographic order, each at its own index."""
    graph = build_dual(n)
    parts, offsets = graph.flat_parts()
    assert offsets.shape == (graph.size + 1,)
    assert offsets[0] == 0 and offsets[-1] == parts.shape[0]
    rows = [tuple(int(v) for v in parts[lo:hi]) for lo, hi in pairwise(offsets.tolist())]
    assert rows == list(partitions(n))
    assert [graph.index(row) for row in rows] == list(range(graph.size))
