"""The lifting rules added for the report: paper-free (Ω1-Ω3 with their new part free),
wide bands and double bands; every lift checked against the scalar definitions of G_n
(alpha_moves and omega, not the α-choice reconstruction the rules use)."""

from __future__ import annotations

from functools import cache

import pytest
from reference import band_lifts_by_search, is_band_lift, is_four_cycle_by_listing

from gamegraph.games.floridian.alpha import alpha_arc_choice, alpha_moves
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.floridian.fourcycles import FourCycle
from gamegraph.games.lifting import Lifting
from gamegraph.games.lifting.band_rule import (
    band_lifts,
    band_m_bound,
    double_band_lifts,
    wide_band_lifts,
)
from gamegraph.games.lifting.bands import band_insert, bands_at_level, level, lift_alpha_choice
from gamegraph.games.lifting.graph import RULES, build_lifting_graph, lifts_of
from gamegraph.games.lifting.patterns import (
    FREE_NEW_PART,
    lift_paper,
    match_arc,
    matching_patterns,
    paper_lifts,
)
from gamegraph.games.partitions import Partition, omega, parse_partition, partitions

N_MAX = 44


@cache
def cycles() -> tuple[FourCycle, ...]:
    return tuple(
        c for n in range(1, N_MAX + 1) for c in build_floridian(n, restricted=True).four_cycles()
    )


def test_paper_free_is_a_rule_of_the_lifting_game_and_of_q() -> None:
    assert "paper-free" in RULES and Lifting.param("rule").choices == RULES
    game = Lifting.create(n=30, rule="paper-free")
    assert game.id == "lifting:paper-free:30"
    assert build_lifting_graph(30, "paper-free", cycles=list(cycles())).rule == "paper-free"


def test_every_paper_free_lift_is_a_4_cycle_of_g_n_plus_2m_plus_4() -> None:
    found = 0
    for cycle in cycles():
        for lift in paper_lifts(cycle, free=True):
            found += 1
            assert is_four_cycle_by_listing(lift.lifted)
            assert lift.target_n == cycle.n + 2 * lift.m + 4
            # each position is lifted by the band at its own k
            assert all(
                band_insert(p, k) == q
                for p, k, q in zip(lift.source, lift.bands, lift.lifted, strict=True)
            )
    assert found > 0


def test_paper_lifts_are_paper_free_lifts_and_paper_free_lifts_are_band_lifts() -> None:
    more = 0
    for cycle in cycles():
        paper = {(x.m, x.target) for x in paper_lifts(cycle)}
        free = {(x.m, x.target) for x in paper_lifts(cycle, free=True)}
        band = {(x.m, x.target) for x in band_lifts(cycle)}
        assert paper <= free <= band
        more += len(free - paper)
    assert more > 0  # the paper-free rule adds lifts


def test_free_rows_match_any_new_part_but_keep_the_large_parts_and_the_bound() -> None:
    # Ω2 at m = 4: λ1 = H 4², max(H) <= 2; its new part is its number of parts, 5, not m + 2
    source = parse_partition("1^3 4^2")
    assert match_arc(source, omega(source), "omega", 4) is None
    free = match_arc(source, omega(source), "omega", 4, free=True)
    assert free is not None and free.name == "omega2" and free.k == 4
    assert max(free.large_after) == len(source) == 5
    # Ω3 at m = 4: λ1 = H 5², max(H) <= 2; new part 4 (the paper rule needs m + j, j >= 2)
    source = parse_partition("1^2 5^2")
    assert match_arc(source, omega(source), "omega", 4) is None
    free = match_arc(source, omega(source), "omega", 4, free=True)
    assert free is not None and free.name == "omega3" and free.j is None
    # ... but H must stay below the bound: 3 > m - 2
    source = parse_partition("1 3 5^2")
    assert match_arc(source, omega(source), "omega", 4, free=True) is None


def test_free_rows_are_exactly_omega_1_2_3_and_never_match_two_patterns() -> None:
    assert frozenset({"omega1", "omega2", "omega3"}) == FREE_NEW_PART
    for cycle in cycles():
        a, x, b, y = cycle
        for source, target in ((x, b), (y, a)):
            for m in range(1, source[0] + 2):
                match_arc(source, target, "omega", m, free=True)  # raises if two match


def test_lifts_of_under_paper_free_carry_pattern_names() -> None:
    lifts = [lift for c in cycles() for lift in lifts_of(c, "paper-free")]
    assert lifts and all(lift.patterns and len(lift.patterns) == 4 for lift in lifts)


@pytest.mark.parametrize(
    "parts, k, width", [((5, 3, 3, 1), 3, 1), ((5, 3, 3, 1), 2, 3), ((4, 1), 6, 4)]
)
def test_a_band_of_width_w_adds_w_times_its_level(parts: Partition, k: int, width: int) -> None:
    lifted = band_insert(parts, k, width)
    assert sum(lifted) == sum(parts) + width * level(parts, k)
    assert lifted.count(k) == parts.count(k - width) * 0 + width + sum(
        1 for p in parts if p + width == k and p >= k
    )


def test_band_m_bound_is_the_last_m_before_an_omega_arc_has_only_its_top_bands() -> None:
    """The bound's argument: at level m + 2 past it, both ends of some Ω-arc have no band but
    the two new largest parts (k = m + 2), so that arc cannot close; at the bound, neither."""

    def some_arc_only_top(cycle: FourCycle, m: int) -> bool:
        a, x, b, y = cycle
        lev = m + 2
        return any(all(bands_at_level(p, lev) == (lev,) for p in arc) for arc in ((x, b), (y, a)))

    for cycle in cycles():
        bound = band_m_bound(cycle)
        assert some_arc_only_top(cycle, bound + 1)
        assert not some_arc_only_top(cycle, bound)


def test_width_2_is_the_band_rule_and_every_wide_lift_is_a_cycle() -> None:
    """Width 2 against the band rule as tests/reference.py states it: every width-2 lift is a
    pair its is_band_lift admits, and between the 4-cycles of n <= N_MAX they are exactly the
    pairs its search over all pairs (band_lifts_by_search) finds."""
    width_2 = set()
    for cycle in cycles():
        for lift in wide_band_lifts(cycle, 2):
            assert is_band_lift(cycle, lift.lifted, lift.m)
            if lift.target_n <= N_MAX:
                width_2.add((cycle.key, lift.target.key, lift.m))
    assert width_2 == band_lifts_by_search(list(cycles()))
    assert len(width_2) >= 5
    for cycle in cycles():
        for width in (1, 3):
            for lift in wide_band_lifts(cycle, width):
                assert is_four_cycle_by_listing(lift.lifted)
                assert lift.target_n == cycle.n + width * (lift.m + 2)


def test_double_band_lifts_are_cycles_with_n_growing_by_twice_both_levels() -> None:
    found = 0
    for cycle in cycles():
        for lift in double_band_lifts(cycle):
            found += 1
            l1, l2 = lift.levels
            assert lift.target_n == cycle.n + 2 * l1 + 2 * l2
            assert is_four_cycle_by_listing(lift.lifted)
    assert found > 0


def test_a_double_lift_through_a_band_lift_is_marked_so() -> None:
    for cycle in cycles():
        for lift in double_band_lifts(cycle):
            l1, l2 = lift.levels
            through = any(
                second.target == lift.target
                for first in band_lifts(cycle)
                if first.m == l1 - 2
                for second in band_lifts(first.lifted)
                if second.m == l2 - 2
            )
            assert lift.middle_is_cycle == through


def test_the_paper_free_rule_lifts_the_n30_cycle_the_paper_rule_does_not() -> None:
    # an Ω2-arc whose new part is not m + 2 blocks the paper rule only
    blocked = [c for c in cycles() if not paper_lifts(c) and paper_lifts(c, free=True)]
    assert blocked
    for cycle in blocked:
        lift = paper_lifts(cycle, free=True)[0]
        assert lift_paper(cycle, lift.m) is None
        assert lift_paper(cycle, lift.m, free=True) is not None
        # and so does the lifting graph's rule of that name
        assert lifts_of(cycle, "paper") == []
        assert (lift.m, lift.target) in {(x.m, x.target) for x in lifts_of(cycle, "paper-free")}
        # the blocking arc: matched by a free row only, not by the paper's table (the default)
        a, x, b, y = cycle
        blocking = [
            arc
            for arc in ((x, b), (y, a))
            if not matching_patterns(*arc, "omega", lift.m)
            and matching_patterns(*arc, "omega", lift.m, free=True)
        ]
        assert blocking


def test_level_max_bounds_the_levels_of_wide_band_lifts_and_drops_nothing_below() -> None:
    """With ``level_max`` L, exactly the lifts of the unbounded search at levels <= L."""
    checked = 0
    for cycle in cycles():
        for width in (1, 2, 3):
            full = wide_band_lifts(cycle, width)
            for level_max in sorted({lift.m + 2 for lift in full} | {lift.m + 1 for lift in full}):
                bounded = wide_band_lifts(cycle, width, level_max=level_max)
                assert bounded == [lift for lift in full if lift.m + 2 <= level_max]
                checked += 1
    assert checked > 0


def test_a_cycle_with_one_arc_broken_has_no_band_lift_of_any_width() -> None:
    """The four arcs a → x (α), x → b (Ω), b → y (α), y → a (Ω) each on their own: one
    position of a 4-cycle replaced so that exactly that arc fails, by the listing of G_n."""
    broken_arcs = set()
    for cycle in (c for c in cycles() if c.n <= 24):
        for a, x, b, y in (cycle, FourCycle(cycle[2], cycle[3], cycle[0], cycle[1])):
            for q in partitions(cycle.n):
                variants = {
                    "a → x": FourCycle(a, q, b, y) if omega(q) == b else None,
                    "b → y": FourCycle(a, x, b, q) if omega(q) == a else None,
                    "x → b": FourCycle(a, x, q, y) if q != a and y in alpha_moves(q) else None,
                    "y → a": FourCycle(q, x, b, y) if q != b and x in alpha_moves(q) else None,
                }
                for arc, broken in variants.items():
                    if broken is None or is_four_cycle_by_listing(broken):
                        continue
                    broken_arcs.add(arc)
                    assert band_lifts(broken) == []
                    for width in (1, 2, 3):
                        assert wide_band_lifts(broken, width) == []
    assert broken_arcs == {"a → x", "b → y", "x → b", "y → a"}


def test_the_lift_of_an_alpha_arc_through_one_band_of_the_double_lift_is_the_band_lift() -> None:
    """The double-band lift reduces the original parts through every band as the single-band
    lift does through one: with one band k the two agree, for each α-arc of every 4-cycle
    of G_n (n <= 44) and every k up to two past its largest part (the 1s reduced one each,
    a part reduced to 0 gone, a part of 1 kept)."""
    compared = with_ones = 0
    for a, x, b, y in cycles():
        for source, target in ((a, x), (b, y)):
            choice = alpha_arc_choice(source, target)
            assert choice is not None
            for k in range(1, source[0] + 3):
                lifted = lift_alpha_choice(source, k, choice)
                assert lift_alpha_choice(source, (k,), choice) == lifted, (source, k)
                compared += 1
                with_ones += 1 in lifted and choice.ones > 0
    assert compared > 400 and with_ones > 100
