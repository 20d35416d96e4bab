"""The family Q(x, y, z) of 4-cycles (gamegraph.games.floridian.qfamily) and its lifts."""

from __future__ import annotations

import pytest

from gamegraph.games.floridian.alpha import AlphaChoice, apply_alpha
from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.floridian.qfamily import q_cycle, q_n, q_parameters, q_triples
from gamegraph.games.lifting.band_rule import band_lifts
from gamegraph.games.lifting.patterns import paper_lifts
from gamegraph.games.partitions import omega, paper_notation, parse_partition

SMALL = [(x, y, z) for x in range(1, 5) for y in range(4) for z in range(1, 4)]


@pytest.mark.parametrize(("x", "y", "z"), SMALL)
def test_q_cycle_is_a_four_cycle_of_g_n_with_n_from_the_formula(x: int, y: int, z: int) -> None:
    cycle = q_cycle(x, y, z)
    assert cycle.n == q_n(x, y, z)
    assert is_four_cycle(cycle)


@pytest.mark.parametrize(("x", "y", "z"), SMALL)
def test_q_cycle_positions_follow_from_its_two_alpha_moves_and_two_omega_moves(
    x: int, y: int, z: int
) -> None:
    a, first, b, second = q_cycle(x, y, z)
    # first α-move: the two parts 3x+2y+2 are reduced, a fourth 2-part appears
    assert apply_alpha(a, AlphaChoice((3 * x + 2 * y + 2,), 0)) == first
    assert omega(first) == b
    # second α-move: three 1s removed and the parts 4, 7, ..., 3x-2 reduced: a new part 3x
    choice = AlphaChoice(tuple(range(4, 3 * x - 1, 3)), 3)
    assert choice.count(b) == 3 * x
    assert apply_alpha(b, choice) == second
    assert omega(second) == a


def test_q_1_0_1_is_the_n16_cycle() -> None:
    assert [paper_notation(p) for p in q_cycle(1, 0, 1)] == [
        "2^3 5^2",
        "2^4 4^2",
        "1^4 3^2 6",
        "1 3^3 6",
    ]
    assert q_n(1, 0, 1) == 16


def test_q_1_0_z_are_the_cycles_q_z_in_g_of_2_times_z_plus_2_squared_minus_2() -> None:
    for z in range(1, 12):
        assert q_n(1, 0, z) == 2 * (z + 2) ** 2 - 2
    assert q_n(1, 0, 11) == 336


def test_q_3_5_3_is_example_17_and_lies_in_g_323_not_the_printed_g_324() -> None:
    cycle = q_cycle(3, 5, 3)
    expected = FourCycle(
        parse_partition("2^3 5^3 8^3 10^2 12^2 14^2 16^2 18^2 21^2 23^2 25^2"),
        parse_partition("2^4 5^3 8^3 10^2 12^2 14^2 16^2 18^2 20^2 23^2 25^2"),
        parse_partition("1^4 4^3 7^3 9^2 11^2 13^2 15^2 17^2 19^2 22^2 24^2 26"),
        parse_partition("1 3^3 6^3 9^3 11^2 13^2 15^2 17^2 19^2 22^2 24^2 26"),
    )
    assert cycle == expected
    assert q_n(3, 5, 3) == cycle.n == sum(expected.alpha1) == 323
    assert is_four_cycle(cycle)


def test_q_n_of_x_plus_4_equals_q_n_with_y_plus_3_and_z_plus_3() -> None:
    for x, y, z in SMALL:
        assert q_n(x + 4, y, z) == q_n(x, y + 3, z + 3)


@pytest.mark.parametrize(("x", "y", "z"), [(0, 0, 1), (1, -1, 1), (1, 0, 0)])
def test_q_rejects_parameters_outside_x_ge_1_y_ge_0_z_ge_1(x: int, y: int, z: int) -> None:
    with pytest.raises(ValueError, match="x >= 1"):
        q_cycle(x, y, z)
    with pytest.raises(ValueError, match="x >= 1"):
        q_n(x, y, z)


def test_q_cycles_with_z_1_or_2_paper_lift_and_every_paper_lift_is_a_band_lift() -> None:
    for x, y, z in SMALL:
        cycle = q_cycle(x, y, z)
        paper = paper_lifts(cycle)
        band = {(lift.m, lift.target) for lift in band_lifts(cycle)}
        assert {(lift.m, lift.target) for lift in paper} <= band
        if z == 1:
            assert [lift.patterns for lift in paper] == [("alpha4", "omega2", "alpha5", "omega4")]
        if z == 2:
            assert [lift.patterns for lift in paper] == [("alpha9", "omega3", "alpha6", "omega5")]
        assert band, (x, y, z)


def test_q_triples_are_every_triple_of_n_at_most_the_limit_found_by_brute_force() -> None:
    """n(x, y, z) >= (3x + 2y + 2z)² / 2, so x, y, z <= 20 holds every triple of n <= 200."""
    brute = [
        (x, y, z)
        for x in range(1, 21)
        for y in range(21)
        for z in range(1, 21)
        if q_n(x, y, z) <= 200
    ]
    assert sorted(q_triples(200)) == sorted(brute) and len(brute) > 20
    for n in range(1, 201):
        assert q_parameters(n) == sorted(t for t in brute if q_n(*t) == n)
    assert q_parameters(16) == [(1, 0, 1)] and q_parameters(323)[0] == (3, 5, 3)
