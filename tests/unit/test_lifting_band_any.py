"""Bands of widths 1, 3 and 4 with any legal α-move (issue 20 item 4, question 9): every lift
found is a real 4-cycle of G_{n'}, checked with the listing of α-moves (not the arc
reconstruction the rule uses) and the Ω-move, and its positions are bands of one level."""

from __future__ import annotations

import pytest

from gamegraph.cluster import configure
from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.floridian.fourcycles import FourCycle
from gamegraph.games.lifting.band_any import band_any_lifts
from gamegraph.games.lifting.bands import band_insert, bands_at_level
from gamegraph.games.lifting.graph import cached_four_cycles
from gamegraph.games.partitions import in_t, is_separated, omega


@pytest.fixture(scope="module")
def cycles() -> list[FourCycle]:
    configure(local=True)
    try:
        return cached_four_cycles(1, 34)
    finally:
        configure()


def _is_band_of(lifted: tuple[int, ...], source: tuple[int, ...], level: int, width: int) -> bool:
    return any(band_insert(source, k, width) == lifted for k in bands_at_level(source, level))


@pytest.mark.parametrize("width", [1, 2, 3, 4])
def test_every_band_any_lift_is_a_4_cycle_of_bands_at_one_level(
    cycles: list[FourCycle], width: int
) -> None:
    for cycle in cycles:
        for lift in band_any_lifts(cycle, width):
            a, x, b, y = lift.lifted
            n = sum(a)
            assert all(sum(p) == n for p in lift.lifted) and a != b
            assert x in alpha_moves(a) and y in alpha_moves(b)
            assert in_t(x) and in_t(y) and is_separated(a) and is_separated(b)
            assert omega(x) == b and omega(y) == a
            for lifted, source in zip(lift.lifted, cycle, strict=True):
                assert _is_band_of(lifted, source, lift.m + 2, width)


def test_width_3_lifts_the_n_28_cycle_that_no_width_2_rule_lifts(
    cycles: list[FourCycle],
) -> None:
    key = "28:7,5,5,5,3,1,1,1>7,7,4,4,4,2>6,6,6,3,3,3,1>6,6,6,4,2,2,2"
    (c28,) = [c for c in cycles if c.key == key]
    targets = {(lift.target.key, lift.m) for lift in band_any_lifts(c28, 3)}
    assert (
        "55:10,8,8,8,5,5,5,3,1,1,1>10,10,7,7,7,4,4,4,2>9,9,9,6,6,6,3,3,3,1>9,9,9,6,6,6,4,2,2,2",
        7,
    ) in targets
    assert band_any_lifts(c28, 2) == []


def test_width_2_band_any_contains_every_band_rule_lift(cycles: list[FourCycle]) -> None:
    from gamegraph.games.lifting.band_rule import band_lifts

    for cycle in cycles:
        any2 = {(lift.target.key, lift.m) for lift in band_any_lifts(cycle, 2)}
        assert {(lift.target.key, lift.m) for lift in band_lifts(cycle)} <= any2
