"""Carolina solitaire (SPEC-games.md §1): the engine against the definition of C."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest
from functional_reference import assert_matches_networkx
from hypothesis import given
from hypothesis import strategies as st

from gamegraph import carolina as build_carolina
from gamegraph.core.spaces import Compositions
from gamegraph.errors import InputError
from gamegraph.games.carolina import carolina_move
from gamegraph.games.engine.functional import PositionIndexError
from gamegraph.games.limits import TooLargeError

Composition = tuple[int, ...]


def _compositions(n: int) -> list[Composition]:
    """All compositions of n, from every set of cut points (independent of the engine)."""
    result = []
    for c in range(n):
        for cuts in combinations(range(1, n), c):
            bounds = (0, *cuts, n)
            result.append(tuple(b - a for a, b in pairwise(bounds)))
    return result


def _reference_move(alpha: Composition) -> Composition:
    """C(α) = (c, α_1 − 1, …, α_c − 1), zero entries deleted."""
    image = [len(alpha)] + [a - 1 for a in alpha]
    return tuple(a for a in image if a != 0)


@pytest.mark.parametrize("n", range(1, 13))
def test_successor_is_the_move_c_for_every_composition(n: int) -> None:
    graph = build_carolina(n)
    comps = _compositions(n)
    assert graph.size == len(comps) == 2 ** (n - 1)
    for alpha in comps:
        i = graph.index(alpha)
        assert graph.position(i) == alpha
        assert graph.position(int(graph.successor[i])) == _reference_move(alpha)
        assert carolina_move(alpha) == _reference_move(alpha)


@pytest.mark.parametrize("n", range(1, 11))
def test_index_order_is_descending_lexicographic_order(n: int) -> None:
    graph = build_carolina(n)
    assert [graph.position(i) for i in range(graph.size)] == sorted(_compositions(n))[::-1]


@pytest.mark.parametrize("n", range(1, 12))
def test_analysis_agrees_with_networkx(n: int) -> None:
    assert_matches_networkx(build_carolina(n))


@pytest.mark.parametrize("k", range(1, 6))
def test_car_tri_triangular_n_every_composition_reaches_the_staircase(k: int) -> None:
    # CAR-tri (001:166): n = k(k+1)/2, every composition reaches (k, k−1, …, 1)
    n = k * (k + 1) // 2
    graph = build_carolina(n)
    staircase = graph.index(tuple(range(k, 0, -1)))
    assert graph.successor[staircase] == staircase
    assert graph.cycle_count == 1
    assert graph.basin_sizes[graph.cycle_of[staircase]] == 2 ** (n - 1)
    assert graph.stats()["fixed_points"] == 1


@pytest.mark.parametrize("n", range(1, 15))
def test_car_ge_a_composition_is_garden_of_eden_iff_first_part_below_parts_minus_one(
    n: int,
) -> None:
    # the GE criterion of SPEC-games.md §1, against preimages found by brute force
    comps = _compositions(n)
    images = {_reference_move(alpha) for alpha in comps}
    graph = build_carolina(n)
    for alpha in comps:
        is_ge = alpha not in images
        assert is_ge == (alpha[0] < len(alpha) - 1)
        assert bool(graph.garden_of_eden[graph.index(alpha)]) == is_ge


def test_stats_have_exactly_the_engine_keys_in_order() -> None:
    stats = build_carolina(9).stats()
    assert list(stats) == [
        "n",
        "positions",
        "cycles",
        "cycle_lengths",
        "components",
        "garden_of_eden",
        "fixed_points",
        "max_transient",
    ]
    assert stats["n"] == 9 and stats["positions"] == 256


@pytest.mark.parametrize("n", [1, 2, 5, 9])
def test_keys_and_notation_write_the_parts_in_order(n: int) -> None:
    graph = build_carolina(n)
    keys = graph.keys()
    assert keys == [",".join(map(str, graph.position(i))) for i in range(graph.size)]
    assert graph.notation(graph.size - 1) == "(" + ",".join(["1"] * n) + ")"
    assert [graph.index(key) for key in keys] == list(range(graph.size))


@given(st.lists(st.integers(1, 6), min_size=1, max_size=10))
def test_index_is_a_bijection_onto_the_bit_sets_of_cuts(alpha: list[int]) -> None:
    n = sum(alpha)
    index = Compositions(n).rank(tuple(alpha))
    cuts = [sum(alpha[: j + 1]) for j in range(len(alpha) - 1)]
    assert index == sum(2 ** (n - 1 - cut) for cut in cuts)
    assert Compositions(n).unrank(index) == tuple(alpha)


def test_parse_composition_keeps_order_and_reads_exponents() -> None:
    assert build_carolina(6).index("[1, 3,2]") == Compositions(6).rank((1, 3, 2))
    assert build_carolina(5).index("2^2 1") == Compositions(5).rank((2, 2, 1))


@pytest.mark.parametrize("text", ["3,0,1", "3,-1,2", "", "a,b", "2,3", "[5]x"])
def test_text_that_is_not_a_composition_of_n_is_refused(text: str) -> None:
    with pytest.raises(InputError):
        build_carolina.graph(4).parse_position(text)


@pytest.mark.parametrize("position", [(2, 1), (4, 0), (), (1.0, 3), "x"])
def test_index_of_a_non_composition_is_refused_in_one_line(position: object) -> None:
    graph = build_carolina(4)
    with pytest.raises(InputError):
        graph.index(position)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [0, -1, 64, 2.5, "6", True])
def test_n_out_of_range_is_refused_in_one_line(n: object) -> None:
    with pytest.raises(InputError, match="n must be"):
        build_carolina(n)  # type: ignore[arg-type]


def test_position_index_out_of_range_is_a_value_error() -> None:
    with pytest.raises(PositionIndexError):
        build_carolina(3).position(4)


def test_a_build_over_the_memory_limit_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "100M")
    with pytest.raises(TooLargeError, match="C_40"):
        build_carolina(40)


def test_the_estimate_is_exact_in_positions_without_building() -> None:
    assert build_carolina.graph(26).estimate().nodes == 2**25
    assert build_carolina.graph(63).estimate().nodes == 2**62
