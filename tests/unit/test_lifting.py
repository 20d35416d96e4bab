"""Lifting 4-cycles (gamegraph.games.lifting): band insertion, the 14 patterns, both rules.

The 16 families of seed 000 (Propositions 4 and 5) come from tests/data/lifting-families.json.
Small 4-cycles are found by brute force from the scalar definitions (alpha_moves, omega).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import four_cycles_by_brute_force, is_band_lift, is_four_cycle_by_listing

from gamegraph.games.floridian.alpha import (
    AlphaChoice,
    alpha_arc_choice,
    alpha_choices,
    alpha_moves,
    apply_alpha,
    is_alpha_arc,
)
from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.floridian.qfamily import q_cycle
from gamegraph.games.lifting.band_rule import band_lifts, band_m_bound
from gamegraph.games.lifting.bands import band_insert, bands_at_level, level, max_level
from gamegraph.games.lifting.patterns import (
    ALPHA_PATTERNS,
    PATTERNS,
    AmbiguousPatternError,
    ArcKind,
    lift_paper,
    match_arc,
    matching_patterns,
    paper_chain,
    paper_lifts,
    paper_m_range,
)
from gamegraph.games.partitions import (
    Partition,
    in_t,
    omega,
    parse_partition,
    separated_partitions,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "lifting-families.json"
FAMILIES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["families"]
FAMILY_IDS = [f"n{f['n0']}-m{f['m0']}" for f in FAMILIES]


def cycle_of(rows: list[list[int]]) -> FourCycle:
    """A FourCycle from the json's four lists of parts."""
    a, x, b, y = (tuple(row) for row in rows)
    return FourCycle(a, x, b, y)


def paper_cycle(text: str) -> FourCycle:
    """A FourCycle from 'α1 · Ω1 · α2 · Ω2' in paper notation."""
    a, x, b, y = (parse_partition(part) for part in text.split("·"))
    return FourCycle(a, x, b, y)


N34 = paper_cycle("2^3 4^3 8^2 · 2^4 4^3 7^2 · 1^4 3^3 6^2 9 · 1 3^3 5^3 9")
N28_STUCK = paper_cycle("1^3 3 5^3 7 · 2 4^3 7^2 · 1 3^3 6^3 · 2^3 4 6^3")


four_cycles = four_cycles_by_brute_force  # every 4-cycle of G_n from the α-moves

SMALL_N = 40


@cache
def small_cycles() -> tuple[FourCycle, ...]:
    """All 4-cycles of G_n for n <= SMALL_N."""
    return tuple(c for n in range(SMALL_N + 1) for c in four_cycles(n))


def family_cycles() -> Iterator[FourCycle]:
    """The 16 first cycles and their 48 lifted cycles from the vectors."""
    for family in FAMILIES:
        yield cycle_of(family["cycle"])
        for step in family["lifted"]:
            yield cycle_of(step["cycle"])


def q_cycles() -> Iterator[FourCycle]:
    """Q(x, y, z) for x <= 4, y <= 3, z <= 3."""
    for x in range(1, 5):
        for y in range(4):
            for z in range(1, 4):
                yield q_cycle(x, y, z)


def all_test_cycles() -> list[FourCycle]:
    return [*small_cycles(), *family_cycles(), *q_cycles()]


def arcs(cycle: FourCycle) -> list[tuple[Partition, Partition, ArcKind]]:
    a, x, b, y = cycle
    return [(a, x, "alpha"), (x, b, "omega"), (b, y, "alpha"), (y, a, "omega")]


# ---------------------------------------------------------------------------------------------
# strategies

partitions_st = st.lists(st.integers(1, 14), min_size=1, max_size=10).map(
    lambda parts: tuple(sorted(parts, reverse=True))
)


@st.composite
def separated_st(draw: st.DrawFn) -> Partition:
    """A separated partition: sizes at gaps >= 2, each repeated 1-4 times."""
    size = draw(st.integers(1, 3))
    runs = draw(st.lists(st.tuples(st.integers(2, 4), st.integers(1, 4)), min_size=0, max_size=6))
    parts = [size] * draw(st.integers(1, 4))
    for gap, times in runs:
        size += gap
        parts += [size] * times
    return tuple(sorted(parts, reverse=True))


@st.composite
def alpha_arc_st(draw: st.DrawFn) -> tuple[Partition, Partition]:
    """A legal α-arc of some G_n (source separated, target in alpha_moves(source))."""
    source = draw(separated_st().filter(lambda p: bool(alpha_moves(p))))
    return source, draw(st.sampled_from(alpha_moves(source)))


# ---------------------------------------------------------------------------------------------
# band insertion


@given(partitions_st, st.integers(1, 20))
def test_band_insertion_adds_two_times_k_plus_r_to_the_sum(parts: Partition, k: int) -> None:
    r = sum(1 for part in parts if part >= k)
    assert sum(band_insert(parts, k)) == sum(parts) + 2 * (k + r)
    assert level(parts, k) == k + r


@given(partitions_st, st.integers(1, 20))
def test_band_insertion_keeps_small_parts_adds_k_twice_and_shifts_the_rest_by_two(
    parts: Partition, k: int
) -> None:
    lifted = list(band_insert(parts, k))
    lifted.remove(k)
    lifted.remove(k)
    assert sorted(lifted) == sorted(part if part < k else part + 2 for part in parts)


def test_band_insertion_rejects_k_below_one() -> None:
    with pytest.raises(ValueError, match="k must be >= 1"):
        band_insert((3, 1), 0)


@given(partitions_st, st.integers(2, 30))
def test_bands_at_level_lists_exactly_the_k_at_that_level(parts: Partition, target: int) -> None:
    # level(λ, k) >= k, so no k above the target can reach it
    expected = tuple(k for k in range(1, target + 1) if level(parts, k) == target)
    assert bands_at_level(parts, target) == expected


@given(partitions_st, st.integers(1, 10))
def test_above_the_max_level_the_only_band_is_two_new_largest_parts(
    parts: Partition, extra: int
) -> None:
    target = max_level(parts) + extra
    assert bands_at_level(parts, target) == (target,)
    assert target > parts[0]


def test_the_empty_partition_has_max_level_0_and_only_the_new_band_at_any_level() -> None:
    assert max_level(()) == 0
    assert [bands_at_level((), target) for target in (1, 2, 5)] == [(1,), (2,), (5,)]


def test_level_is_not_injective_so_equal_levels_can_give_equal_insertions() -> None:
    # 5^2 7^2: bands at 5 and at 9 both sit on level 9 and give the same partition
    parts = (7, 7, 5, 5)
    assert bands_at_level(parts, 9) == (5, 7, 9)
    assert band_insert(parts, 5) == band_insert(parts, 9) == (9, 9, 7, 7, 5, 5)


# ---------------------------------------------------------------------------------------------
# α-arcs decided directly


@pytest.mark.parametrize("n", range(1, 17))
def test_alpha_arc_choice_agrees_with_enumerated_alpha_moves_for_all_separated_of_n(
    n: int,
) -> None:
    for source in separated_partitions(n):
        moves = set(alpha_moves(source))
        for choice in alpha_choices(source):
            target = apply_alpha(source, choice)
            assert is_alpha_arc(source, target) == (target in moves)
        for target in moves:
            fitting = [c for c in alpha_choices(source) if apply_alpha(source, c) == target]
            assert fitting == [alpha_arc_choice(source, target)]


@given(alpha_arc_st())
def test_a_legal_alpha_arc_has_exactly_one_alpha_choice(arc: tuple[Partition, Partition]) -> None:
    source, target = arc
    fitting = [c for c in alpha_choices(source) if apply_alpha(source, c) == target]
    assert fitting == [alpha_arc_choice(source, target)]


@given(separated_st(), partitions_st)
def test_alpha_arc_choice_rejects_what_alpha_moves_does_not_list(
    source: Partition, other: Partition
) -> None:
    if sum(other) == sum(source):
        assert is_alpha_arc(source, other) == (other in alpha_moves(source))
    else:
        assert not is_alpha_arc(source, other)


def _near_misses(cycle: FourCycle) -> Iterator[FourCycle]:
    a, x, b, y = cycle
    yield FourCycle(b, x, a, y)
    yield FourCycle(a, y, b, x)
    yield FourCycle(x, b, y, a)
    yield FourCycle(a, x, a, y)
    yield FourCycle(a, x, b, x)  # the first arcs are right, the second α-arc is not
    yield FourCycle(a, x, b, band_insert(y, 1))  # the last position is of another n
    yield FourCycle(band_insert(a, 2), x, b, y)
    for k in (1, 2, 3, 5):
        yield FourCycle(*(band_insert(p, k) for p in cycle))


def test_is_four_cycle_agrees_with_listing_every_alpha_move_on_cycles_and_near_misses() -> None:
    for cycle in [*small_cycles(), *(cycle_of(f["cycle"]) for f in FAMILIES)]:
        assert is_four_cycle(cycle) and is_four_cycle_by_listing(cycle)
        for other in _near_misses(cycle):
            assert is_four_cycle(other) == is_four_cycle_by_listing(other), other


def test_a_two_cycle_traversed_twice_is_no_four_cycle() -> None:
    # SPEC.md §3: a 4-cycle has a != b; G_8 has the 2-cycle 1² 3² ↔ 2² 4 (n = 2t², t = 2)
    a, x = parse_partition("1^2 3^2"), parse_partition("2^2 4")
    assert omega(x) == a and x in alpha_moves(a)
    assert not is_four_cycle(FourCycle(a, x, a, x))
    assert not is_four_cycle_by_listing(FourCycle(a, x, a, x))


# ---------------------------------------------------------------------------------------------
# the pattern table

SPEC_NOTATION = {
    "alpha1": "H _m² → H* (m−1)²",
    "alpha2": "H _m² _(m+j) → H* (m−1)² (m+j−1)",
    "alpha3": "H _(m+j) → H* (m+j−1)",
    "alpha4": "H _(m+j)² → H* (m+j−1)²",
    "alpha5": "H (m+j) → H* (m+j)",
    "alpha6": "H m² (m+j) → H* m² (m+j)",
    "alpha7": "H _m² (m+j) → H* (m−1)² (m+j)",
    "alpha8": "H (m+j)² → H* (m+j)²",
    "alpha9": "H _(m−1)² (m+j)² → H* (m−2)² (m+j)²",
    "omega1": "H (m−1)² → H* (m−2)² (m+2)",
    "omega2": "H m² → H* (m−1)² (m+2)",
    # SPEC prints "(m+2)"; the families 24/m5, 45, 54, 63 need the new part m + 3
    "omega3": "H (m+1)² → H* m² (m+j)",
    "omega4": "H (m+j) → H* (m+j−1)²",
    "omega5": "H m² (m+j) → H* (m−1)² (m+j−1)²",
}
SPEC_BOUND_J_BAND = {  # max(H) <= m + bound, j >= j_min, band k = m + band
    "alpha1": (-2, None, 2),
    "alpha2": (-3, 2, -1),
    "alpha3": (-1, 1, 1),
    "alpha4": (-2, 1, 0),
    "alpha5": (-1, 1, 1),
    "alpha6": (-3, 2, -1),
    "alpha7": (-3, 2, -1),
    "alpha8": (-2, 0, 0),
    "alpha9": (-4, 1, -2),
    "omega1": (-3, None, 2),
    "omega2": (-2, None, 0),
    "omega3": (-2, 2, 0),  # SPEC: j "–"; j >= 2 here is the new part m + j
    "omega4": (-1, 1, 1),
    "omega5": (-3, 2, -1),
}


def test_pattern_table_reads_as_in_spec_with_omega3_new_part_m_plus_j() -> None:
    assert {name: p.notation() for name, p in PATTERNS.items()} == SPEC_NOTATION
    assert {name: (p.bound, p.j_min, p.band) for name, p in PATTERNS.items()} == SPEC_BOUND_J_BAND


def test_alpha_rows_turn_s1_into_s2_by_reducing_exactly_the_marked_parts() -> None:
    for pattern in ALPHA_PATTERNS:
        for m in range(4, 12):
            for j in range(2, 6):
                s1 = [e.value(m, j) - e.reduced for e in pattern.large for _ in range(e.times)]
                assert tuple(sorted(s1, reverse=True)) == pattern.values(m, j)[1]


@pytest.mark.parametrize("name", list(PATTERNS))
def test_every_row_puts_its_band_at_level_m_plus_2_clear_of_h_and_s1_and_h_below_s2(
    name: str,
) -> None:
    pattern = PATTERNS[name]
    j_min = pattern.j_min or 0
    for m in range(5, 15):
        for j in range(j_min, j_min + 4):
            s1, s2 = pattern.values(m, j)
            k = m + pattern.band
            top_of_h = m + pattern.bound
            assert top_of_h < min(s1)  # H is exactly the parts below s1
            assert top_of_h < min(s2)  # so H after the move stays below s2
            assert top_of_h <= k - 2  # the band is separated from H
            assert all(part >= k or part <= k - 2 for part in s1)
            assert level((*s1, top_of_h), k) == m + 2


@cache
def small_graph_arcs() -> tuple[tuple[Partition, Partition, ArcKind], ...]:
    """Every arc of G_n for n <= 18 (α-arcs from S(n), Ω-arcs from T(n))."""
    found: list[tuple[Partition, Partition, ArcKind]] = []
    for n in range(1, 19):
        for source in separated_partitions(n):
            found += [(source, target, "alpha") for target in alpha_moves(source)]
            if in_t(source):
                found.append((source, omega(source), "omega"))
    return tuple(found)


def test_no_arc_of_g_n_up_to_18_matches_two_patterns_at_one_m() -> None:
    matched = 0
    for source, target, kind in small_graph_arcs():
        for m in range(1, source[0] + 6):
            found = matching_patterns(source, target, kind, m)
            assert len(found) <= 1, (source, target, m, [f.name for f in found])
            # a match is liftable: its band position and the parts it names are >= 1
            for match in found:
                assert match.k >= 1 and min(match.large) >= 1 and min(match.large_after) >= 1
            matched += len(found)
    assert matched > 1000


def test_no_arc_of_a_known_cycle_matches_two_patterns_at_one_m() -> None:
    for cycle in all_test_cycles():
        for source, target, kind in arcs(cycle):
            for m in range(1, source[0] + 6):
                assert len(matching_patterns(source, target, kind, m)) <= 1


@settings(max_examples=60)
@given(alpha_arc_st())
def test_random_alpha_arcs_match_at_most_one_pattern_and_none_above_max_plus_one(
    arc: tuple[Partition, Partition],
) -> None:
    source, target = arc
    for m in range(1, source[0] + 6):
        found = matching_patterns(source, target, "alpha", m)
        assert len(found) <= 1
        assert not found or m <= source[0] + 1


def test_no_arc_matches_a_pattern_at_m_above_its_largest_part_plus_one() -> None:
    for source, target, kind in small_graph_arcs():
        for m in range(source[0] + 2, source[0] + 8):
            assert not matching_patterns(source, target, kind, m)


def test_the_34_cycle_arcs_match_alpha4_omega2_alpha5_omega4_at_m7() -> None:
    matches = [match_arc(source, target, kind, 7) for source, target, kind in arcs(N34)]
    assert [m.name if m else None for m in matches] == ["alpha4", "omega2", "alpha5", "omega4"]
    first, _, third, _ = matches
    assert first is not None and first.choice == AlphaChoice((8,), 0)
    assert third is not None and third.choice == AlphaChoice((6,), 3)  # _1_3^4 _6^2
    assert [m.k for m in matches if m] == [7, 7, 8, 8]


def test_an_arc_matching_two_patterns_at_one_m_is_an_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gamegraph.games.lifting import patterns

    source, target, kind = arcs(N34)[0]
    [match] = matching_patterns(source, target, kind, 7)
    monkeypatch.setattr(patterns, "matching_patterns", lambda *args, **kwargs: [match, match])
    with pytest.raises(AmbiguousPatternError, match="matches alpha4, alpha4 at m = 7"):
        match_arc(source, target, kind, 7)


def test_omega3_arc_of_family_45_has_new_part_m_plus_3() -> None:
    source, target = parse_partition("1^3 3^4 6^2 9^2"), parse_partition("2^4 5^2 8^2 11")
    match = match_arc(source, target, "omega", 8)
    assert match is not None and match.name == "omega3" and match.j == 3


def test_alpha7_arc_of_family_35_may_create_a_part_equal_to_min_s2() -> None:
    source, target = parse_partition("3^4 7^2 9"), parse_partition("2^4 6^3 9")
    match = match_arc(source, target, "alpha", 7)
    assert match is not None and match.name == "alpha7"
    assert match.large_after == (9, 6, 6) and match.choice is not None
    assert match.choice.count(source) == 6


# ---------------------------------------------------------------------------------------------
# the 16 families


@pytest.mark.parametrize("family", FAMILIES, ids=FAMILY_IDS)
def test_family_lifts_under_the_paper_rule_at_m0_with_its_stated_patterns(
    family: dict[str, Any],
) -> None:
    cycle = cycle_of(family["cycle"])
    assert is_four_cycle(cycle) and cycle.n == family["n0"]
    lift = lift_paper(cycle, family["m0"])
    assert lift is not None
    assert list(lift.patterns) == family["patterns"]
    first = family["lifted"][0]
    assert lift.lifted == cycle_of(first["cycle"])
    assert lift.target == lift.lifted.canonical()
    assert lift.target_n == first["n"] == family["n0"] + 2 * family["m0"] + 4
    assert lift in paper_lifts(cycle)


@pytest.mark.parametrize("family", FAMILIES, ids=FAMILY_IDS)
def test_family_keeps_lifting_as_in_the_vectors_and_one_step_beyond(
    family: dict[str, Any],
) -> None:
    chain = paper_chain(cycle_of(family["cycle"]), family["m0"], 4)
    assert len(chain) == 4
    for lift, step in zip(chain, family["lifted"], strict=False):
        assert lift.m == step["m_used"]
        assert lift.target_n == step["n"]
        assert lift.lifted == cycle_of(step["cycle"])
        assert lift.next_patterns is not None
        assert list(lift.next_patterns) == step["patterns_at_next_m"]
    for before, after in pairwise(chain):
        assert after.patterns == before.next_patterns
        assert after.m == before.m + 2
        assert after.target_n == before.target_n + 2 * after.m + 4


@pytest.mark.parametrize("n0", [59, 32])
def test_59_and_32_families_switch_from_alpha1_omega1_to_alpha8_omega2(n0: int) -> None:
    family = next(f for f in FAMILIES if f["n0"] == n0)
    chain = paper_chain(cycle_of(family["cycle"]), family["m0"], 3)
    assert [lift.patterns for lift in chain] == [
        ("alpha1", "omega1", "alpha3", "omega4"),
        ("alpha8", "omega2", "alpha3", "omega4"),
        ("alpha8", "omega2", "alpha3", "omega4"),
    ]


def test_family_34_lifts_with_alpha4_omega2_alpha5_omega4_at_m7_to_n52_then_n74() -> None:
    lift = lift_paper(N34, 7)
    assert lift is not None and lift.target_n == 52
    assert lift.patterns == ("alpha4", "omega2", "alpha5", "omega4")
    assert lift.lifted == paper_cycle(
        "2^3 4^3 7^2 10^2 · 2^4 4^3 7^2 9^2 · 1^4 3^3 6^2 8^2 11 · 1 3^3 5^3 8^2 11"
    )
    assert lift.bands == (7, 7, 8, 8)
    chain = paper_chain(N34, 7, 2)
    assert [step.target_n for step in chain] == [52, 74]


def test_family_34_band_lifts_with_m_6_7_8_to_n_50_52_54() -> None:
    assert [(lift.m, lift.target_n) for lift in band_lifts(N34)] == [(6, 50), (7, 52), (8, 54)]


def test_family_34_paper_lifts_at_m6_too_because_its_omega_arc_is_omega3_with_j3() -> None:
    # the same shape as the n0 = 63 family's α7 Ω4 α4 Ω3, rotated by two
    assert [(lift.m, lift.patterns) for lift in paper_lifts(N34)] == [
        (6, ("alpha4", "omega3", "alpha7", "omega4")),
        (7, ("alpha4", "omega2", "alpha5", "omega4")),
    ]


def test_the_n24_cycle_starts_two_families_with_m5_and_m6() -> None:
    cycle = paper_cycle("2^3 5^2 8 · 2^4 4^2 8 · 1^4 3^2 7^2 · 1^3 3^3 6^2")
    assert [(lift.m, lift.target_n) for lift in paper_lifts(cycle)] == [(5, 38), (6, 40)]


# ---------------------------------------------------------------------------------------------
# the rules against each other and against the definitions


def test_small_four_cycle_search_finds_the_n_with_four_cycles_of_spec() -> None:
    with_cycles = {n for n in range(SMALL_N + 1) if four_cycles(n)}
    assert with_cycles == {16, 24, 26, 28, 30, 32, 34, 35, 37, 38, 40}
    assert len(four_cycles(16)) == 2


def test_every_paper_lift_is_a_band_lift_with_the_same_m_and_target() -> None:
    paper_count = 0
    for cycle in all_test_cycles():
        band = {(lift.m, lift.target) for lift in band_lifts(cycle)}
        for lift in paper_lifts(cycle):
            assert (lift.m, lift.target) in band, (cycle, lift.m)
            paper_count += 1
    assert paper_count > 100


def _band_by_definition(partition: Partition, k: int) -> Partition:
    """L_k(λ) of SPEC.md §4 written out: the parts < k, two parts k, the parts >= k plus 2."""
    small = [part for part in partition if part < k]
    return tuple(sorted([*small, k, k, *(part + 2 for part in partition if part >= k)])[::-1])


def test_every_lift_is_a_four_cycle_of_g_n_plus_2m_plus_4_with_bands_at_level_m_plus_2() -> None:
    """Against the definitions, not the rules' own checks: the lifted positions form a 4-cycle
    by listing every α-move, each is L_k of its source position with k + #{parts >= k} =
    m + 2, and the reference's band-rule check (tests/reference.py, α-arcs reducing the
    original parts) admits the pair."""
    checked = 0
    for cycle in [*small_cycles(), *(cycle_of(f["cycle"]) for f in FAMILIES)]:
        for lift in band_lifts(cycle):
            assert is_four_cycle_by_listing(lift.lifted)
            assert sum(lift.lifted[0]) == lift.target_n == cycle.n + 2 * lift.m + 4
            assert is_band_lift(cycle, lift.lifted, lift.m)
            assert lift.bands
            for ks in lift.bands:
                for position, lifted, k in zip(cycle, lift.lifted, ks, strict=True):
                    assert _band_by_definition(position, k) == lifted
                    assert k + sum(1 for part in position if part >= k) == lift.m + 2
            checked += 1
        for paper in paper_lifts(cycle):
            assert is_four_cycle_by_listing(paper.lifted)
            assert sum(paper.lifted[0]) == paper.target_n == cycle.n + 2 * paper.m + 4
            assert is_band_lift(cycle, paper.lifted, paper.m)
            for position, lifted, k in zip(cycle, paper.lifted, paper.bands, strict=True):
                assert _band_by_definition(position, k) == lifted
                assert k + sum(1 for part in position if part >= k) == paper.m + 2
    assert checked > 50


def test_band_m_bound_cuts_no_lift_found_over_a_three_times_wider_m_range() -> None:
    for cycle in [*small_cycles(), *(cycle_of(f["cycle"]) for f in FAMILIES)]:
        bound = band_m_bound(cycle)
        wide = band_lifts(cycle, m_max=3 * bound + 20)
        assert wide == band_lifts(cycle)
        assert all(lift.m <= bound for lift in wide)


def test_paper_m_range_cuts_no_lift() -> None:
    for cycle in [*small_cycles(), *(cycle_of(f["cycle"]) for f in FAMILIES)]:
        inside = paper_m_range(cycle)
        for m in range(-2, 3 * inside.stop + 10):
            if m not in inside:
                assert lift_paper(cycle, m) is None


def test_lifting_a_rotated_cycle_gives_the_same_targets_and_canonical_pattern_order() -> None:
    for cycle in [*small_cycles(), *(cycle_of(f["cycle"]) for f in FAMILIES)]:
        a, x, b, y = cycle
        rotated = FourCycle(b, y, a, x)
        for lift, other in zip(paper_lifts(cycle), paper_lifts(rotated), strict=True):
            assert (lift.m, lift.target) == (other.m, other.target)
            assert lift.patterns_canonical == other.patterns_canonical
            assert lift.next_patterns_canonical == other.next_patterns_canonical
            assert other.patterns == lift.patterns[2:] + lift.patterns[:2]
        assert [(lift.m, lift.target) for lift in band_lifts(cycle)] == [
            (lift.m, lift.target) for lift in band_lifts(rotated)
        ]


def test_the_n28_cycle_1_3_3_5_7_lifts_under_neither_rule() -> None:
    assert N28_STUCK.canonical() in four_cycles(28)
    assert paper_lifts(N28_STUCK) == []
    assert band_lifts(N28_STUCK) == []
    assert paper_chain(N28_STUCK, 7, 3) == []


def test_lifts_of_a_non_cycle_are_empty() -> None:
    a, x, b, y = N34
    broken = FourCycle(a, y, b, x)
    assert paper_lifts(broken) == []
    assert band_lifts(broken) == []
