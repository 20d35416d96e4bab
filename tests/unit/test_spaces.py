"""Position spaces (gamegraph.core.spaces): counts against OEIS and an independent brute force,
ranks and unranks, canonical order and forms, notation, ``where=`` narrowing.

The brute forces here are written from the definitions with itertools and recursion, not
from the spaces' code; the OEIS terms are typed from the sequences' definitions.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seed_reference import crim_options, crim_positions

from gamegraph.core import spaces as sp
from gamegraph.core.spaces.base import unpadded
from gamegraph.errors import InputError

# --------------------------------------------------------------------------- brute forces


def brute_partitions(n: int, top: int | None = None) -> Iterator[tuple[int, ...]]:
    """Partitions of n with parts <= top, any order of generation."""
    top = n if top is None else top
    if n == 0:
        yield ()
        return
    for first in range(1, min(n, top) + 1):
        for rest in brute_partitions(n - first, first):
            yield (first, *rest)


def brute_compositions(n: int, length: int, low: int) -> list[tuple[int, ...]]:
    """Sequences of ``length`` parts >= ``low`` adding up to n (first part, then the rest)."""
    if length == 0:
        return [()] if n == 0 else []
    return [
        (first, *rest)
        for first in range(low, n + 1)
        for rest in brute_compositions(n - first, length - 1, low)
    ]


def brute_all_compositions(n: int) -> list[tuple[int, ...]]:
    return [c for length in range(n + 1) for c in brute_compositions(n, length, 1)]


def rotations(c: tuple[int, ...]) -> list[tuple[int, ...]]:
    return [c[i:] + c[:i] for i in range(len(c))] or [()]


def brute_hands(n: int, s: int) -> set[tuple[tuple[int, ...], ...]]:
    found = set()
    for sizes in itertools.product(range(n + 1), repeat=s):
        if sum(sizes) == n:
            for hands in itertools.product(*(list(brute_partitions(m)) for m in sizes)):
                found.add(tuple(tuple(sorted(h, reverse=True)) for h in hands))
    return found


def brute_plane(n: int) -> set[tuple[tuple[int, ...], ...]]:
    """Plane partitions as arrays of rows, by adding rows under the bound of the last."""

    def rows(
        remaining: int, bound: tuple[int, ...] | None
    ) -> Iterator[tuple[tuple[int, ...], ...]]:
        if remaining == 0:
            yield ()
            return
        for size in range(1, remaining + 1):
            for row in brute_partitions(size):
                row = tuple(sorted(row, reverse=True))
                if bound is not None and (
                    len(row) > len(bound) or any(a > b for a, b in zip(row, bound, strict=False))
                ):
                    continue
                for rest in rows(remaining - size, row):
                    yield (row, *rest)

    return set(rows(n, None))


def brute_two_coloured(n: int) -> set[tuple[tuple[int, int], ...]]:
    """Multisets of (red, green) piles: a partition of n, each part of size k coloured in
    one of k + 1 ways."""
    found = set()
    for shape in brute_partitions(n):
        for reds in itertools.product(*(range(k + 1) for k in shape)):
            piles = [(r, k - r) for r, k in zip(reds, shape, strict=True)]
            found.add(tuple(sorted(piles)))
    return found


def check_ids(space: sp.Space) -> list:  # type: ignore[type-arg]
    """rank∘unrank and unrank∘rank are identities; returns the listed positions."""
    listed = space.list()
    assert len(listed) == space.cardinality() == len(space)
    assert len(set(map(repr, listed))) == len(listed)
    for i, position in enumerate(listed):
        assert space.rank(position) == i
        assert space.unrank(i) == position
    ids = np.arange(len(listed), dtype=np.int64)
    assert (space.rank_many(space.unrank_array(ids)) == ids).all()
    flat, offsets = space.unrank_many(ids)
    assert (space.rank_many(flat, offsets) == ids).all()
    return listed


# --------------------------------------------------------------------------- OEIS terms

A000041 = [1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56, 77, 101, 135, 176, 231, 297, 385, 490, 627]
A000009 = [1, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 22, 27, 32, 38, 46, 54, 64]
A000070 = [1, 2, 4, 7, 12, 19, 30, 45, 67, 97, 139]
A008284 = {  # partitions of n into exactly k parts (= with largest part k), rows n = 1..8
    1: [1],
    2: [1, 1],
    3: [1, 1, 1],
    4: [1, 2, 1, 1],
    5: [1, 2, 2, 1, 1],
    6: [1, 3, 3, 2, 1, 1],
    7: [1, 3, 4, 3, 2, 1, 1],
    8: [1, 4, 5, 5, 3, 2, 1, 1],
}
A011782 = [1, 1, 2, 4, 8, 16, 32, 64, 128]
A008965 = [1, 2, 3, 5, 7, 13, 19, 35, 59, 107]  # n = 1..10
A000712 = [1, 2, 5, 10, 20, 36, 65, 110, 185, 300, 481]
A000219 = [1, 1, 3, 6, 13, 24, 48, 86, 160, 282, 500, 859, 1479]
A000716 = [1, 3, 9, 22, 51, 108, 221, 429, 810, 1479]  # partitions into parts of 3 kinds
A005380 = [1, 2, 6, 14, 33, 70, 149, 298, 591, 1132, 2139, 3948]  # Π (1 − x^k)^−(k+1)


def test_partitions_of_n_number_a000041_and_the_brute_force() -> None:
    for n, expected in enumerate(A000041):
        assert sp.Partitions(n).cardinality() == expected
    for n in range(13):
        assert set(sp.Partitions(n)) == {
            tuple(sorted(p, reverse=True)) for p in brute_partitions(n)
        }


def test_partitions_of_255_number_p_255_by_euler_s_pentagonal_recurrence() -> None:
    p = [1]
    for m in range(1, 256):
        total, k = 0, 1
        while k * (3 * k - 1) // 2 <= m:
            sign = 1 if k % 2 else -1
            total += sign * p[m - k * (3 * k - 1) // 2]
            if k * (3 * k + 1) // 2 <= m:
                total += sign * p[m - k * (3 * k + 1) // 2]
            k += 1
        p.append(total)
    assert sp.Partitions(255).cardinality() == p[255]


def test_at_most_k_parts_and_parts_at_most_k_follow_a008284() -> None:
    for n, row in A008284.items():
        for k in range(1, n + 1):
            exactly = (
                sp.Partitions(n, max_parts=k).cardinality()
                - sp.Partitions(n, max_parts=k - 1).cardinality()
            )
            largest = (
                sp.Partitions(n, max_part=k).cardinality()
                - sp.Partitions(n, max_part=k - 1).cardinality()
            )
            assert exactly == largest == row[k - 1]


def test_distinct_parts_number_a000009() -> None:
    for n, expected in enumerate(A000009):
        assert sp.Partitions(n, distinct=True).cardinality() == expected


def test_bounded_partitions_equal_the_brute_force_with_every_bound() -> None:
    for n in range(11):
        every = [tuple(sorted(p, reverse=True)) for p in brute_partitions(n)]
        for k_parts, top, distinct in itertools.product(range(n + 1), range(n + 1), (False, True)):
            space = sp.Partitions(n, max_parts=k_parts, max_part=top, distinct=distinct)
            expected = {
                p
                for p in every
                if len(p) <= k_parts
                and (not p or p[0] <= top)
                and (not distinct or len(set(p)) == len(p))
            }
            listed = check_ids(space)
            assert set(listed) == expected


def test_partitions_up_to_n_number_a000070() -> None:
    for n, expected in enumerate(A000070):
        space = sp.PartitionsUpTo(n)
        assert space.cardinality() == expected == sum(A000041[: n + 1])
        listed = check_ids(space)
        assert [sum(p) for p in listed] == sorted(sum(p) for p in listed)


def test_compositions_number_a011782_and_binomials() -> None:
    for n, expected in enumerate(A011782):
        assert sp.Compositions(n).cardinality() == expected
        assert sorted(check_ids(sp.Compositions(n))) == sorted(brute_all_compositions(n))
    for n in range(8):
        for c in range(0, 5):
            strict = sp.Compositions(n, length=c)
            weak = sp.Compositions(n, length=c, weak=True)
            assert sorted(check_ids(strict)) == sorted(brute_compositions(n, c, 1))
            assert sorted(check_ids(weak)) == sorted(brute_compositions(n, c, 0))
            assert weak.cardinality() == (math.comb(n + c - 1, c - 1) if c else int(n == 0))
            if n and c:
                assert strict.cardinality() == math.comb(n - 1, c - 1)


def test_cyclic_compositions_number_a008965_and_the_brute_force() -> None:
    for n, expected in enumerate(A008965, start=1):
        assert sp.Necklaces(n).cardinality() == expected
        classes = {max(rotations(c)) for c in brute_all_compositions(n)}
        assert set(check_ids(sp.Necklaces(n))) == classes
    for n in range(7):
        for c in range(1, 5):
            for weak in (False, True):
                space = sp.Necklaces(n, length=c, weak=weak)
                classes = {max(rotations(x)) for x in brute_compositions(n, c, 0 if weak else 1)}
                assert space.cardinality() == len(classes)
                assert set(check_ids(space)) == classes


def test_pairs_of_partitions_number_a000712_and_s_tuples_the_brute_force() -> None:
    for n, expected in enumerate(A000712):
        assert sp.PartitionTuples(n, 2).cardinality() == expected
    for n, expected in enumerate(A000716):
        assert sp.PartitionTuples(n, 3).cardinality() == expected
    for n in range(7):
        for s in range(1, 5):
            space = sp.PartitionTuples(n, s)
            assert set(check_ids(space)) == brute_hands(n, s)
    # one player: the partitions of n, in the same order
    assert [h[0] for h in sp.PartitionTuples(9, 1)] == sp.Partitions(9).list()


def test_plane_partitions_number_a000219_and_the_brute_force() -> None:
    for n, expected in enumerate(A000219):
        assert sp.PlanePartitions(n).cardinality() == expected
    for n in range(9):
        assert set(check_ids(sp.PlanePartitions(n))) == brute_plane(n)


def test_the_compiled_plane_listing_is_the_brute_force_in_the_spaces_order() -> None:
    # the order stated by PlanePartitions.order, as a sort key of its own: row by row, the
    # larger row first, then the larger part at the first difference
    def key(p: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
        return tuple((-sum(row), *(-v for v in row)) for row in p)

    for n in range(1, 13):
        space = sp.PlanePartitions(n)
        assert space.list() == sorted(brute_plane(n), key=key)
        assert space.held_bytes() == space.cardinality() * (2 * n - 1)
    space = sp.PlanePartitions(16)  # every row ranked back in one call; a stranger is −1
    rows = space.unrank_array(np.arange(space.cardinality()))
    assert (space.rank_many(rows) == np.arange(space.cardinality())).all()
    strangers = [(16, 1), (15, 0, 0, 1), (0, 16), (8, 0, 9), (17,), (2, 0, 3, *[1] * 11)]
    assert (space.rank_many(*sp.flat_rows(strangers), strict=False) == -1).all()


def test_a_plane_partition_space_counts_itself_once_however_many_ids_it_unranks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # each unrank checks its id against the size: counted each time, B3D_26's 1.07 million
    # positions took 12 minutes to export (the count is n³/6 steps)
    from gamegraph.core.spaces import plane

    calls = Counter[int]()
    counts = plane._multiset_counts

    def counted(n: int, **kinds: Any) -> list[int]:
        calls[n] += 1
        return counts(n, **kinds)

    monkeypatch.setattr(plane, "_multiset_counts", counted)
    space = sp.PlanePartitions(9)
    _, offsets = space.unrank_many(np.arange(space.cardinality()))
    assert offsets.shape[0] == A000219[9] + 1 and calls == Counter({9: 1})


def test_two_coloured_partitions_equal_the_brute_force_and_their_product_formula() -> None:
    # Π_k (1 − x^k)^−(k+1), expanded independently of the space
    series = [1] + [0] * 12
    for k in range(1, 13):
        for _ in range(k + 1):
            for total in range(k, 13):
                series[total] += series[total - k]
    for n in range(13):
        space = sp.TwoColouredPartitions(n)
        assert space.cardinality() == series[n]
        if n <= 7:
            listed = check_ids(space)
            assert {tuple(sorted(p)) for p in listed} == brute_two_coloured(n)
    assert series[:12] == A005380


def test_pointer_and_marked_compositions_equal_the_brute_force() -> None:
    for n in range(7):
        for c in range(1, 5):
            pointer = sp.PointerCompositions(n, c)
            expected = {x for x in brute_compositions(n, c, 0) if x[0] >= 1}
            assert set(check_ids(pointer)) == expected
            assert pointer.cardinality() == (math.comb(n + c - 2, c - 1) if n else 0)
            marked = sp.MarkedCompositions(n, c)
            pairs = {(x, s) for x in brute_compositions(n, c, 0) for s in range(c) if x[s] >= 1}
            assert set(check_ids(marked)) == pairs
            # rotating the mark to seat 1 lands on Janetzko's space, c-to-1 in all
            rotated = Counter(parts[seat:] + parts[:seat] for parts, seat in marked)
            assert set(rotated) == expected


# --------------------------------------------------------------------------- order


def test_partitions_and_compositions_are_in_strictly_descending_lexicographic_order() -> None:
    for space in (
        sp.Partitions(12),
        sp.Partitions(12, max_parts=4, distinct=True),
        sp.Compositions(9),
        sp.Compositions(8, length=4, weak=True),
        sp.Necklaces(10),
        sp.PointerCompositions(6, 4),
    ):
        listed = space.list()
        assert all(a > b for a, b in itertools.pairwise(listed)), space


def test_the_orders_of_the_product_spaces_are_the_stated_ones() -> None:
    hands = sp.PartitionTuples(6, 3).list()
    rank6 = {p: i for i, p in enumerate(sp.Partitions(6).list())}

    def hand_key(h: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        key: list[int] = []
        for hand in h:
            key += [-sum(hand), sp.Partitions(sum(hand)).rank(hand)]
        return tuple(key)

    assert all(hand_key(a) < hand_key(b) for a, b in itertools.pairwise(hands))
    assert hands[0] == ((6,), (), ()) and rank6[(6,)] == 0
    coloured = sp.TwoColouredPartitions(6).list()

    def pile_key(p: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        return tuple((r + g, r) for r, g in p)

    assert all(pile_key(a) > pile_key(b) for a, b in itertools.pairwise(coloured))
    assert coloured[0] == ((6, 0),)
    plane = sp.PlanePartitions(7).list()

    def plane_key(p: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        key: list[int] = []
        for row in p:
            key += [-sum(row), sp.Partitions(sum(row)).rank(row)]
        return tuple(key)

    assert all(plane_key(a) < plane_key(b) for a, b in itertools.pairwise(plane))


def parts_at_most(n: int) -> list[list[int]]:
    """c[r][k] = partitions of r into parts <= k (0 <= r, k <= n), counted by letting in one
    part size at a time (the coin-change recurrence), not by the spaces' table."""
    ways = [[1] + [0] * n]
    for k in range(1, n + 1):
        row = ways[-1][:]
        for r in range(k, n + 1):
            row[r] += row[r - k]
        ways.append(row)
    return [[ways[k][r] for k in range(n + 1)] for r in range(n + 1)]


def descending_lex_unrank(index: int, n: int, c: list[list[int]]) -> tuple[int, ...]:
    """The partition of n with this id in descending lexicographic order: the partitions
    whose next part is f come in blocks of c[rest - f][f], largest f first."""
    parts: list[int] = []
    rest, top = n, n
    while rest:
        for first in range(min(rest, top), 0, -1):
            block = c[rest - first][first]
            if index < block:
                break
            index -= block
        parts.append(first)
        rest, top = rest - first, first
    return tuple(parts)


def descending_lex_rank(parts: tuple[int, ...], n: int, c: list[list[int]]) -> int:
    """The id of a partition of n: the blocks before each of its parts, added up."""
    index, rest, top = 0, n, n
    for part in parts:
        index += sum(c[rest - f][f] for f in range(part + 1, min(rest, top) + 1))
        rest, top = rest - part, part
    return index


def test_partition_ids_are_those_of_the_built_in_engines_up_to_n_255() -> None:
    """The space and the engines' unrank give each id the partition a descending
    lexicographic count written here gives: sampled ids up to n = 255, the first two and
    last two ids by name, and every id of n = 7 and 20 against the brute force sorted."""
    from gamegraph.games._kernels import rank_table, unrank

    c = parts_at_most(255)
    for n in (0, 1, 7, 20, 60, 255):
        space = sp.Partitions(n)
        table = rank_table(n)
        size = c[n][n]
        assert space.cardinality() == size
        rng = random.Random(n)
        for index in {0, size - 1, *(rng.randrange(size) for _ in range(50))}:
            expected = descending_lex_unrank(index, n, c)
            assert sum(expected) == n and descending_lex_rank(expected, n, c) == index
            assert space.unrank(index) == expected
            assert unrank(index, n, table) == expected
            assert space.rank(expected) == index
        named = {0: (n,) if n else (), size - 1: (1,) * n}
        if n >= 2:
            named |= {1: (n - 1, 1), size - 2: (2,) + (1,) * (n - 2)}
        for index, partition in named.items():
            assert space.unrank(index) == unrank(index, n, table) == partition
    for n in (7, 20):
        listed = sorted({tuple(sorted(p, reverse=True)) for p in brute_partitions(n)}, reverse=True)
        assert [descending_lex_unrank(i, n, c) for i in range(len(listed))] == listed
        assert [sp.Partitions(n).unrank(i) for i in range(len(listed))] == listed
        assert [unrank(i, n, rank_table(n)) for i in range(len(listed))] == listed


def test_crim_numbers_the_partitions_up_to_n_as_the_space() -> None:
    """By size, then descending lexicographic order within a size, written here: the
    positions the graph names, the space's list and the rows the CRIM sweep kernel wrote
    (each index's options and rank) all follow it."""
    from gamegraph.games.crim.engine import build_crim

    n = 9
    order = crim_positions(n)
    index = {lam: i for i, lam in enumerate(order)}
    graph = build_crim(n)
    assert graph.size == len(order)
    assert [graph.position(i) for i in range(graph.size)] == order
    assert sp.PartitionsUpTo(n).list() == order
    for i, lam in enumerate(order):
        assert graph.row(i).tolist() == sorted(index[o] for o in crim_options(lam)), lam
        assert int(graph.rank[i]) == (lam[0] - len(lam) if lam else 0), lam


# --------------------------------------------------------------------------- canonical forms

compositions_st = st.lists(st.integers(1, 3), min_size=1, max_size=6).map(tuple)


@settings(deadline=None)
@given(compositions_st, st.integers(0, 6))
def test_a_necklace_s_canonical_form_is_invariant_under_rotation(
    parts: tuple[int, ...], shift: int
) -> None:
    space = sp.Necklaces(sum(parts))
    turned = parts[shift % len(parts) :] + parts[: shift % len(parts)]
    assert space.canonical(turned) == space.canonical(parts) == max(rotations(parts))
    assert space.canonical(parts) in space
    assert space.parse(",".join(map(str, turned))) == space.canonical(parts)


@settings(deadline=None)
@given(st.lists(st.integers(1, 6), max_size=8), st.randoms())
def test_a_partition_s_canonical_form_is_invariant_under_reordering(
    parts: list[int], rng: random.Random
) -> None:
    space = sp.Partitions(sum(parts))
    shuffled = parts[:]
    rng.shuffle(shuffled)
    assert space.canonical(shuffled) == space.canonical(parts) == tuple(sorted(parts)[::-1])
    assert space.canonical(parts) in space


@settings(deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=5), st.randoms())
def test_two_coloured_canonical_form_is_invariant_under_reordering_the_piles(
    piles: list[tuple[int, int]], rng: random.Random
) -> None:
    piles = [p for p in piles if sum(p) >= 1]
    space = sp.TwoColouredPartitions(sum(map(sum, piles)))
    shuffled = piles[:]
    rng.shuffle(shuffled)
    assert space.canonical(shuffled) == space.canonical(piles)
    assert space.canonical(piles) in space


@settings(deadline=None)
@given(st.lists(st.lists(st.integers(1, 4), max_size=4), min_size=1, max_size=3), st.randoms())
def test_hands_canonical_form_is_invariant_under_reordering_within_hands(
    hands: list[list[int]], rng: random.Random
) -> None:
    space = sp.PartitionTuples(sum(map(sum, hands)), len(hands))
    shuffled = [rng.sample(h, len(h)) for h in hands]
    assert space.canonical(shuffled) == space.canonical(hands)
    assert space.canonical(hands) in space


def test_rotations_that_are_not_the_greatest_are_no_members() -> None:
    space = sp.Necklaces(6, length=3)
    assert (1, 2, 3) not in space and (3, 1, 2) in space
    with pytest.raises(sp.PositionError, match="greatest rotation"):
        space.rank((1, 2, 3))


# --------------------------------------------------------------------------- text

ALL_SPACES = [
    sp.Partitions(7),
    sp.Partitions(0),
    sp.Partitions(9, max_parts=3, distinct=True),
    sp.PartitionsUpTo(5),
    sp.Compositions(5),
    sp.Compositions(5, length=3, weak=True),
    sp.Necklaces(6),
    sp.Necklaces(5, length=3, weak=True),
    sp.PartitionTuples(4, 3),
    sp.PlanePartitions(5),
    sp.TwoColouredPartitions(4),
    sp.MarkedCompositions(3, 3),
    sp.PointerCompositions(4, 3),
]


@pytest.mark.parametrize("space", ALL_SPACES, ids=repr)
def test_parse_inverts_format_and_notation_on_every_position(space: sp.Space) -> None:  # type: ignore[type-arg]
    for position in space:
        key = space.format(position)
        assert " " not in key and key
        assert space.parse(key) == position
        assert space.parse(space.notation(position)) == position
        assert space.decode(space.encode(position)) == position


@pytest.mark.parametrize(
    "text", ["5,3,3,1", "5 3 3 1", "[5,3,3,1]", "(5, 3, 3, 1)", "1 3^2 5", "3^2 1 5", " 1,3^2,5 "]
)
def test_partitions_parse_every_notation_the_games_take(text: str) -> None:
    from gamegraph.games.partitions import parse_partition

    assert sp.Partitions(12).parse(text) == (5, 3, 3, 1) == parse_partition(text, 12)


@pytest.mark.parametrize("text", ["0", "[]", "()", "∅", ""])
def test_the_empty_partition_parses_from_crim_s_notations(text: str) -> None:
    from gamegraph.games.crim.positions import parse_position

    assert sp.PartitionsUpTo(4).parse(text) == () == parse_position(text, 4)
    assert sp.PartitionsUpTo(4).format(()) == "0"


@pytest.mark.parametrize(
    ("space", "text", "match"),
    [
        (sp.Partitions(12), "5,3,3", "no member of Partitions"),
        (sp.Partitions(12), "5,x", "bad entry"),
        (sp.Partitions(12), "1^99999999999", "more than n = 12"),
        (sp.Partitions(8, distinct=True), "4,2,2", "no member"),
        (sp.Compositions(5), "2,0,3", "no member"),
        (sp.PartitionTuples(4, 2), "4", "gives 1 hands"),
        (sp.PointerCompositions(3, 3), "0,3,0", "pointer"),
        (sp.TwoColouredPartitions(3), "3", "red\\+green"),
        (sp.PlanePartitions(4), "1/3", "no plane partition"),
        (sp.MarkedCompositions(3, 3), "1,1,1", "starred"),
    ],
)
def test_bad_text_is_refused_in_one_line(space: sp.Space, text: str, match: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InputError, match=match) as error:
        space.parse(text)
    assert "\n" not in str(error.value)


# --------------------------------------------------------------------------- arrays


def test_rank_many_marks_or_refuses_rows_that_are_no_members() -> None:
    space = sp.Partitions(5)
    rows = np.array([[5, 0, 0], [3, 2, 0], [2, 3, 0], [1, 1, 1], [0, 0, 0]])
    assert space.rank_many(rows, strict=False).tolist() == [0, 2, -1, -1, -1]
    with pytest.raises(sp.PositionError, match=r"row 2 \(2,3\).*nonincreasing"):
        space.rank_many(rows)
    weak = sp.Compositions(4, length=3, weak=True)
    assert weak.rank_many(np.array([[4, 0, 0], [0, 0, 4], [0, 4, 1]]), strict=False).tolist() == [
        0,
        14,
        -1,
    ]


def test_unrank_many_keeps_partitions_in_one_byte_per_part() -> None:
    space = sp.Partitions(255)
    ids = np.array([0, 1, space.cardinality() - 1], dtype=np.int64)
    flat, offsets = space.unrank_many(ids)
    assert flat.dtype == np.uint8
    assert offsets.tolist() == [0, 1, 3, 258]
    assert (space.rank_many(flat, offsets) == ids).all()


def test_ids_out_of_range_are_refused() -> None:
    space = sp.Compositions(4)
    for bad in (-1, 8):
        with pytest.raises(sp.PositionError, match=r"outside 0\.\.7"):
            space.unrank(bad)
        with pytest.raises(sp.PositionError, match=r"outside 0\.\.7"):
            space.unrank_many([0, bad])


# --------------------------------------------------------------------------- where=


def test_where_narrows_to_the_positions_where_the_predicate_holds_renumbered() -> None:
    def separated(p: tuple[int, ...]) -> bool:
        return all(b - a != 1 for a, b in itertools.pairwise(sorted(set(p))))

    base = sp.Partitions(14)
    narrowed = sp.partitions(14, where=separated)
    assert narrowed.list() == [p for p in base if separated(p)]
    check_ids(narrowed)
    with pytest.raises(sp.PositionError, match="does not hold"):
        narrowed.rank((7, 6, 1))
    rows = np.array([[7, 6, 1], [14, 0, 0]])
    assert narrowed.rank_many(rows, strict=False).tolist() == [-1, 0]
    with pytest.raises(sp.PositionError, match="does not hold"):
        narrowed.parse("7,6,1")
    even = sp.Compositions(6).where(lambda c: len(c) % 2 == 0, description="an even length")
    assert [len(c) % 2 for c in even] == [0] * even.cardinality()
    assert "an even length" in repr(even)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 40), st.integers(0, 12), st.integers(0, 40), st.booleans())
def test_random_bounded_partition_ids_round_trip(
    n: int, k_parts: int, top: int, distinct: bool
) -> None:
    space = sp.Partitions(n, max_parts=k_parts, max_part=top, distinct=distinct)
    size = space.cardinality()
    if size == 0:
        return
    ids = np.unique(np.random.default_rng(n).integers(0, size, 50))
    flat, offsets = space.unrank_many(ids)
    assert (space.rank_many(flat, offsets) == ids).all()
    rows = [tuple(flat[offsets[i] : offsets[i + 1]].tolist()) for i in range(ids.shape[0])]
    assert rows == sorted(rows, reverse=True)


def test_walking_a_range_of_ids_gives_what_unranking_each_id_gives() -> None:
    for space in (sp.Partitions(40), sp.PartitionsUpTo(25)):
        size = space.cardinality()
        for lo, hi in ((0, 1), (0, 500), (size // 3, size // 3 + 777), (size - 300, size)):
            walked = space.unrank_range(lo, hi)
            each = [space.unrank(i) for i in range(lo, hi)]
            flat, offsets = walked
            rows = [tuple(flat[offsets[i] : offsets[i + 1]].tolist()) for i in range(hi - lo)]
            assert rows == each


def test_hands_rank_many_refuses_rows_with_too_many_hands_or_cards() -> None:
    space = sp.PartitionTuples(5, 2)
    flat = np.array([5, 3, 2, 0, 0, 5, 0, 0, 4, 0, 1, 2, 3], dtype=np.int64)
    offsets = np.array([0, 1, 3, 4, 6, 8, 10, 13], dtype=np.int64)
    # (5), (3,2), (0): 2 empty hands, (0,5), (0,4): 4 cards, (0,1), (2,3): not ordered
    ids = space.rank_many(flat, offsets, strict=False).tolist()
    assert ids == [0, 2, -1, space.rank(((), (5,))), -1, -1, -1]
    with pytest.raises(sp.PositionError, match=r"row 2 \(0\).*n = 5 cards"):
        space.rank_many(flat, offsets)
    with pytest.raises(sp.PositionError, match="more than 2 hands"):
        space.rank_many(np.array([1, 0, 2, 0, 2]), np.array([0, 5]))
    large = sp.PartitionTuples(20, 3)
    ids = np.arange(0, large.cardinality(), 997, dtype=np.int64)
    flat, offsets = large.unrank_many(ids)
    assert (large.rank_many(flat, offsets) == ids).all()
    assert [large.unrank(int(i)) for i in ids[:40]] == [
        large.decode(tuple(flat[offsets[j] : offsets[j + 1]].tolist())) for j in range(40)
    ]


@given(st.sets(st.tuples(*[st.integers(0, 4)] * 3), min_size=1, max_size=30))
def test_a_listed_space_orders_its_positions_from_the_largest_and_ranks_them_back(
    found: set[tuple[int, int, int]],
) -> None:
    from gamegraph.core.spaces import Listed, flat_rows

    space = Listed(found)
    assert space.list() == sorted(found, reverse=True)
    for i, position in enumerate(space):
        assert space.rank(position) == i and space.unrank(i) == position
        assert space.parse(space.format(position)) == position
    outside = (5, 5, 5)  # entries of at most 4 were listed
    ids = space.rank_many(*flat_rows([*space, outside]), strict=False)
    assert ids.tolist() == [*range(len(found)), -1]
    with pytest.raises(sp.PositionError):
        space.rank(outside)


@given(st.sets(st.integers(0, 50)), st.lists(st.integers(-1, 60), max_size=40))
def test_members_finds_each_base_id_among_a_subsets_sorted_ids(
    kept: set[int], asked: list[int]
) -> None:
    from gamegraph.core.spaces.base import members

    ids = np.asarray(sorted(kept), dtype=np.int64)
    found = members(ids, np.asarray(asked, dtype=np.int64)).tolist()
    assert found == [sorted(kept).index(a) if a in kept else -1 for a in asked]


def test_one_position_refused_by_a_rank_kernel_is_named_without_a_row_number() -> None:
    with pytest.raises(sp.PositionError, match=r"^4,3 is no member of Partitions\(6\): .*7"):
        sp.Partitions(6).rank((4, 3))
    with pytest.raises(sp.PositionError, match=r"^0,4 is no member of Compositions\(4\)"):
        sp.Compositions(4).rank((0, 4))
    with pytest.raises(sp.PositionError, match=r"^row 1 \(4,3\): no member"):
        sp.Partitions(6).rank_many(np.array([[6, 0], [4, 3]]))


@pytest.mark.parametrize(
    "space", [sp.Partitions(5), sp.Compositions(5), sp.PartitionsUpTo(5)], ids=repr
)
def test_decode_cuts_only_trailing_zeros_so_a_zero_before_a_part_is_no_member(
    space: sp.Space[Any],
) -> None:
    assert space.decode((3, 2, 0, 0)) == (3, 2)
    assert space.decode((0, 3, 2)) == (0, 3, 2)
    assert (0, 3, 2) not in space
    # the compiled ranking, given the padded rows, agrees with rank(decode(row))
    rows = np.array([[3, 2, 0], [0, 3, 2], [3, 0, 2]])
    assert space.rank_many(rows, strict=False).tolist() == [space.rank((3, 2)), -1, -1]


def test_rows_of_fractions_or_offsets_that_do_not_fit_are_refused_in_one_line() -> None:
    space = sp.Partitions(6)
    with pytest.raises(sp.PositionError, match=r"must hold integers, not 3\.5"):
        space.rank_many(np.array([[3.5, 2.5]]))
    with pytest.raises(sp.PositionError, match=r"must hold integers, not 1\.5"):
        space.unrank_many([1.5])
    assert space.rank_many(np.array([[3.0, 2.0, 1.0]])).tolist() == [space.rank((3, 2, 1))]
    flat = np.array([3, 2, 1, 6])
    for offsets in ([0, 3, 1], [-1, 3], [0, 5]):
        with pytest.raises(sp.PositionError, match="offsets do not fit"):
            space.rank_many(flat, np.array(offsets))
    assert space.rank_many(flat, np.array([3, 4])).tolist() == [0]  # a row may start anywhere


def test_every_space_names_a_single_refused_position_as_given() -> None:
    cases = [
        (sp.Necklaces(4), (1, 3), "it is not its greatest rotation"),
        (sp.PointerCompositions(3, 2), (0, 3), "seat 1"),
        (sp.Partitions(5).where(lambda p: len(p) == 2, description="two parts"), (5,), "two"),
    ]
    for space, position, why in cases:
        with pytest.raises(sp.PositionError, match=why) as refused:
            space.rank_many(np.array([position]))
        assert str(refused.value).startswith(",".join(map(str, position)) + " is no member")
        with pytest.raises(sp.PositionError, match=r"^row 1 \("):
            space.rank_many(*sp.flat_rows([space.first(), position]))


def test_listed_positions_of_one_length_are_read_whole_from_a_2d_array() -> None:
    boards = sp.Listed([(3, 0), (2, 1), (1, 2)])
    assert boards.fixed_width
    assert boards.rank_many(np.array([[3, 0], [1, 2]])).tolist() == [0, 2]
    assert boards.unrank_array([0]).tolist() == [[3, 0]]
    mixed = sp.Listed([(3,), (2, 1)])
    assert not mixed.fixed_width
    assert mixed.rank_many(np.array([[3, 0], [2, 1]])).tolist() == [0, 1]


def _every_kind_of_space(n: int) -> list[sp.Space[Any]]:
    spaces: list[sp.Space[Any]] = [
        sp.Partitions(n),
        sp.Partitions(n, max_parts=2),
        sp.Partitions(n, max_part=3),
        sp.Partitions(n, distinct=True),
        sp.PartitionsUpTo(n),
        sp.Compositions(n),
        sp.Compositions(n, length=3),
        sp.Compositions(n, length=3, weak=True),
        sp.Necklaces(n),
        sp.PartitionTuples(n, 3),
        sp.PlanePartitions(n),
        sp.TwoColouredPartitions(n),
        sp.Listed([(n, 0), (0, n), (1, 1)]),
    ]
    if n:
        spaces += [sp.MarkedCompositions(n, 3), sp.PointerCompositions(n, 3)]
    return spaces


@pytest.mark.parametrize("n", range(7))
def test_every_position_of_every_kind_of_space_reads_back_from_its_key_and_notation(
    n: int,
) -> None:
    # n = 0 included: the empty two-coloured position's key '0' and notation '{}' did not parse
    for space in _every_kind_of_space(n):
        for i, position in enumerate(space):
            for text in (space.format(position), space.notation(position)):
                assert space.parse(text) == position, (space, text)
            assert space.rank(position) == i
            assert space.canonical(position) == position
            assert space.decode(space.encode(position)) == position


# ------------------------------------------------- edges a mutation sample of the core found


@pytest.mark.parametrize(
    "space",
    [*ALL_SPACES, sp.Partitions(6).where(lambda p: len(p) == 2), sp.Listed([(2, 0), (0, 2)])],
    ids=repr,
)
def test_the_last_id_unranks_and_the_one_after_it_is_refused(space: sp.Space) -> None:  # type: ignore[type-arg]
    size = space.cardinality()
    assert space.unrank(size - 1) == list(space)[-1]
    with pytest.raises(sp.PositionError, match=rf"id {size} is outside 0\.\.{size - 1} of"):
        space.unrank(size)


@pytest.mark.parametrize(
    "offsets",
    [np.array([[0], [1]]), np.array([], dtype=np.int64)],
    ids=["two-dimensional", "empty"],
)
def test_offsets_of_another_shape_than_one_row_start_each_are_refused(
    offsets: np.ndarray,
) -> None:
    with pytest.raises(sp.PositionError, match="offsets do not fit"):
        sp.Partitions(5).rank_many(np.array([5]), offsets)


def test_a_text_whose_entries_add_up_to_more_than_the_limit_is_refused_before_it_is_read() -> None:
    from gamegraph.core.notation import integers

    assert integers("2^3", limit=6) == (2, 2, 2)
    for text in ("3,3", "2^3", "1 2 3"):
        with pytest.raises(sp.PositionError, match="add up to more than n = 5"):
            integers(text, limit=5)


def test_a_partition_of_a_smaller_size_is_refused_saying_its_size() -> None:
    with pytest.raises(
        sp.PositionError, match=r"no member of Partitions\(5\): its parts add up to 3"
    ):
        sp.Partitions(5).parse("2,1")


@pytest.mark.parametrize(
    "space",
    [sp.PlanePartitions(0), sp.PartitionTuples(0, 2), sp.Necklaces(0), sp.Partitions(0)],
    ids=repr,
)
def test_a_space_of_the_empty_position_alone_holds_no_entry(space: sp.Space) -> None:  # type: ignore[type-arg]
    assert list(space) == [space.decode(())]
    assert space.max_entry() == 0
    assert space.dtype is np.uint8


def test_a_marked_composition_given_as_no_pair_is_refused_in_one_line() -> None:
    space = sp.MarkedCompositions(3, 2)
    for position in (7, "ab", ((2, 1),), ((2, 1), "0")):
        with pytest.raises(sp.PositionError, match="is no marked composition: give"):
            space.rank(position)  # type: ignore[arg-type]


def test_the_empty_pointer_space_refuses_every_row_and_takes_no_rows() -> None:
    space = sp.PointerCompositions(0, 2)
    assert space.cardinality() == 0
    with pytest.raises(sp.PositionError, match="is empty: no row is a member"):
        space.rank_many(np.array([[1]]))
    assert space.rank_many(np.array([[1]]), strict=False).tolist() == [-1]
    assert space.rank_many(np.zeros((0, 1), dtype=np.int64)).tolist() == []


@pytest.mark.parametrize("n", range(5))
def test_a_two_coloured_row_cut_of_its_trailing_zeros_decodes_to_the_same_position(
    n: int,
) -> None:
    # a last pile with no green cards ends its row in a 0, which a flat row may leave out
    space = sp.TwoColouredPartitions(n)
    odd = 0
    for position in space:
        row = unpadded(space.encode(position))
        odd += len(row) % 2
        assert space.decode(row) == position
    assert odd > 0 or n == 0


def test_compositions_hold_up_to_the_largest_int64_count_of_ids() -> None:
    largest = 2**63 - 1  # ids 0..2^63 - 2 are int64
    assert sp.Compositions(largest - 1, length=2, weak=True).cardinality() == largest
    with pytest.raises(sp.PositionError, match=r"more than 2\^63 positions"):
        sp.Compositions(largest, length=2, weak=True)


@pytest.mark.parametrize(
    ("space", "bad", "why"),
    [
        (sp.Compositions(5), (6,), "no member of "),
        (sp.Compositions(5, length=3), (4, 2, 1), "no member of "),
        (sp.Compositions(5, length=3, weak=True), (6, 0, 0), "no member of "),
        (sp.Partitions(5), (6,), "no member of "),
        (sp.PartitionsUpTo(5), (6,), "no member of "),
        (sp.Partitions(5, max_parts=2), (3, 1, 1), "no member of "),
        (sp.Necklaces(5), (1, 4), "no member of "),
        (sp.PartitionTuples(3, 2), (4, 0, 0), "no member of "),
        (sp.PointerCompositions(3, 2), (0, 3), "no member of "),
        (sp.Listed([(1, 2), (2, 1)]), (3, 3), "no member of "),
        (sp.PlanePartitions(3), (4,), "no member of "),
        # the spaces ranking row by row (Space.rank_many) say why in their own words
        (
            sp.MarkedCompositions(3, 2),
            (0, 4, 0),
            r"\(\(4, 0\), 0\) is no member of MarkedCompositions\(3, players=2\): "
            r"its parts add up to 4, not n = 3",
        ),
        (sp.TwoColouredPartitions(2), (3, 0), r"pile \(3, 0\) holds more than n = 2 cards"),
    ],
    ids=repr,
)
def test_a_refused_row_after_two_members_is_named_row_2_or_marked_minus_one(
    space: sp.Space,  # type: ignore[type-arg]
    bad: tuple[int, ...],
    why: str,
) -> None:
    flat, offsets = sp.flat_rows([*(space.encode(p) for p in list(space)[:2]), bad])
    text = ",".join(map(str, bad))
    with pytest.raises(sp.PositionError, match=rf"^row 2 \({text}\): {why}"):  # strict by default
        space.rank_many(flat, offsets)
    assert space.rank_many(flat, offsets, strict=False).tolist() == [0, 1, -1]


def test_no_rows_rank_to_no_ids_and_a_flat_row_without_offsets_is_refused() -> None:
    space = sp.Partitions(5)
    assert space.rank_many([]).tolist() == []
    assert space.rank_many(np.array([])).tolist() == []
    with pytest.raises(sp.PositionError, match="rows must be a 2-D array"):
        space.rank_many(np.array([5]))


def test_a_random_element_of_a_one_position_space_is_it_and_an_empty_space_has_none() -> None:
    assert sp.Partitions(1).random_element() == (1,)
    assert sp.Partitions(0).random_element() == ()
    with pytest.raises(sp.PositionError, match="is empty: it has no position to draw"):
        sp.PointerCompositions(0, 2).random_element()


@pytest.mark.parametrize("text", ["1+2+0", "(1,2,0)", "1+x", "(1)"])
def test_a_two_coloured_pile_of_other_than_two_counts_is_refused(text: str) -> None:
    with pytest.raises(sp.PositionError, match="write each pile as red"):
        sp.TwoColouredPartitions(3).parse(text)


def test_bounded_partitions_up_to_n_are_each_size_s_bounded_partitions_in_turn() -> None:
    for n in range(7):
        for k_parts, top, distinct in itertools.product(range(n + 1), range(n + 1), (False, True)):
            bounds: dict[str, Any] = {"max_parts": k_parts, "max_part": top, "distinct": distinct}
            expected = [
                p
                for size in range(n + 1)
                for p in sorted(
                    (tuple(sorted(q, reverse=True)) for q in brute_partitions(size)),
                    reverse=True,
                )
                if len(p) <= k_parts
                and (not p or p[0] <= top)
                and (not distinct or len(set(p)) == len(p))
            ]
            assert check_ids(sp.PartitionsUpTo(n, **bounds)) == expected, bounds


@pytest.mark.parametrize(
    ("space", "text", "why"),
    [
        (sp.Partitions(5), "2,1", "its parts add up to 3"),
        (sp.Partitions(5, max_parts=2), "3,1,1", "it has 3 parts"),
        (sp.PartitionsUpTo(5, max_parts=2), "3,1,1", "it has 3 parts"),
        (sp.PartitionsUpTo(5, max_parts=2), "1,1,1", "it has 3 parts"),
        (sp.PartitionsUpTo(5, max_part=2), "3,2", "its largest part is 3"),
        (sp.PartitionsUpTo(5, distinct=True), "2,2", "its parts repeat"),
    ],
)
def test_a_partition_outside_the_bounds_is_refused_saying_which_bound(
    space: sp.Space,  # type: ignore[type-arg]
    text: str,
    why: str,
) -> None:
    with pytest.raises(sp.PositionError, match=f"is no member of .*: {why}$"):
        space.parse(text)


@pytest.mark.parametrize(
    ("space", "row", "total"),
    [
        (sp.Compositions(5, length=3), (1, 1, 1), 3),
        (sp.Compositions(5, length=3, weak=True), (1, 1, 0), 2),
        (sp.Partitions(5, max_parts=3), (2, 1), 3),
        (sp.Partitions(5, max_part=3, distinct=True), (3, 1), 4),
    ],
    ids=repr,
)
def test_a_row_of_a_bounded_length_or_part_adding_up_to_less_than_n_is_refused(
    space: sp.Space,  # type: ignore[type-arg]
    row: tuple[int, ...],
    total: int,
) -> None:
    with pytest.raises(sp.PositionError, match=f"its entries add up to {total}, not n = 5"):
        space.rank(row)


@pytest.mark.parametrize("seat", [2, -1])
def test_a_seat_outside_the_table_is_refused(seat: int) -> None:
    with pytest.raises(sp.PositionError, match=rf"seat {seat} is outside 0\.\.1"):
        sp.MarkedCompositions(3, 2).rank(((1, 2), seat))


@pytest.mark.parametrize("weak", [False, True])
def test_necklaces_of_no_beads_hold_the_empty_one_for_n_0_and_none_for_n_above(
    weak: bool,
) -> None:
    assert sp.Necklaces(0, length=0, weak=weak).list() == [()]
    for n in (1, 3):
        space = sp.Necklaces(n, length=0, weak=weak)
        assert space.cardinality() == 0
        assert space.list() == []


def test_a_pointer_space_refuses_a_row_of_no_parts_among_others_or_marks_it() -> None:
    space = sp.PointerCompositions(3, 2)
    flat, offsets = sp.flat_rows([(3, 0), (), (2, 1)])
    assert space.rank_many(flat, offsets, strict=False).tolist() == [0, -1, 1]
    with pytest.raises(sp.PositionError, match=r"^row 1 .*: no member of PointerCompositions"):
        space.rank_many(flat, offsets)
    assert space.rank_many(np.zeros((1, 0), dtype=np.int64), strict=False).tolist() == [-1]
    with pytest.raises(sp.PositionError, match="it has 0 parts, not 2"):
        space.rank_many(np.zeros((1, 0), dtype=np.int64))


@pytest.mark.parametrize(
    ("space", "text", "why"),
    [
        (sp.Compositions(5, length=2), "1,1", "its parts add up to 2, not n = 5"),
        (sp.Compositions(5, length=2, weak=True), "0,0", "its parts add up to 0, not n = 5"),
        (sp.Compositions(5, length=2), "0,5", "it has a part below 1"),
        (sp.Compositions(5, length=2), "5", "it has 1 parts, not 2"),
    ],
)
def test_a_composition_is_refused_for_the_first_rule_it_breaks(
    space: sp.Space,  # type: ignore[type-arg]
    text: str,
    why: str,
) -> None:
    with pytest.raises(sp.PositionError, match=f"is no member of .*: {why}$"):
        space.parse(text)


@pytest.mark.parametrize("pile", [(-1, 2), (2, -1), (0, 0)])
def test_a_two_coloured_pile_of_a_negative_count_or_no_card_is_refused(
    pile: tuple[int, int],
) -> None:
    with pytest.raises(sp.PositionError, match="counts are nonnegative, a pile non-empty"):
        sp.TwoColouredPartitions(1).rank((pile, (1, 0)))


def test_a_marked_composition_s_row_cut_of_its_trailing_zeros_decodes_to_the_same_one() -> None:
    space = sp.MarkedCompositions(3, 3)
    for position in space:
        assert space.decode(unpadded(space.encode(position))) == position  # 3 cards: never empty
    assert space.decode((0, 3)) == ((3, 0, 0), 0)


def test_a_long_refused_row_is_quoted_in_its_first_39_characters_and_an_ellipsis() -> None:
    shown = ("1," * 20)[:39] + "…"
    with pytest.raises(sp.PositionError, match=f"^{shown} is no member of Partitions"):
        sp.Partitions(100).rank((1,) * 60)


def test_a_random_element_is_drawn_with_the_random_generator_given() -> None:
    space = sp.Partitions(30)
    drawn = [space.random_element(random.Random(seed)) for seed in range(5)]
    assert drawn == [space.unrank(random.Random(seed).randrange(len(space))) for seed in range(5)]


@pytest.mark.parametrize("n", range(7))
def test_a_space_s_row_width_holds_its_longest_row_and_a_plane_partition_s_is_the_column(
    n: int,
) -> None:
    for space in _every_kind_of_space(n):
        assert max((len(space.encode(p)) for p in space), default=0) <= space.row_width()
    plane = sp.PlanePartitions(n)  # the column of n single cards: 1, 0, 1, ..., 0, 1
    assert max(len(plane.encode(p)) for p in plane) == plane.row_width() == max(2 * n - 1, 0)


def test_a_two_coloured_pile_of_more_cards_than_n_is_refused() -> None:
    for pile in ((2, 1), (3, 0), (0, 3)):
        with pytest.raises(sp.PositionError, match=r"holds more than n = 2 cards"):
            sp.TwoColouredPartitions(2).rank((pile,))


class _Heaps(sp.Space[tuple[int]]):
    """A space of one's own: the heaps (k,) for k < n, written 'k'; the empty heap's row is
    empty, as the empty partition's is."""

    def __init__(self, n: int) -> None:
        self.n = n

    def cardinality(self) -> int:
        return self.n

    def rank(self, position: tuple[int]) -> int:
        return position[0]

    def unrank(self, index: int) -> tuple[int]:
        return (self._index(index),)

    def encode(self, position: tuple[int]) -> tuple[int, ...]:
        return position if position[0] else ()

    def decode(self, row: Any) -> tuple[int]:
        return (int(row[0]) if len(row) else 0,)

    def canonical(self, position: Any) -> tuple[int]:
        return (int(position[0]),)

    def parse(self, text: str) -> tuple[int]:
        return (int(text),)

    def format(self, position: tuple[int]) -> str:
        return str(position[0])

    def notation(self, position: tuple[int]) -> str:
        return f"*{position[0]}"


@pytest.mark.parametrize(
    ("n", "width", "largest"), [(0, 0, 0), (1, 0, 0), (2, 1, 1), (300, 1, 299)]
)
def test_a_space_of_one_s_own_takes_its_row_width_entries_and_dtype_from_its_positions(
    n: int, width: int, largest: int
) -> None:
    space = _Heaps(n)
    assert list(space) == [(k,) for k in range(n)]
    assert all(space.decode(space.encode(p)) == p for p in space)
    assert space.row_width() == width
    assert space.max_entry() == largest
    assert space.dtype is (np.uint8 if largest <= 255 else np.int64)


@pytest.mark.parametrize(
    ("position", "why"),
    [
        (((4, 0), 0), "its parts add up to 4, not n = 3"),
        (((2, 0, 1), 0), "it has 3 parts, not 2"),
        (((3, -1), 0), "it has a part below 0"),
    ],
)
def test_a_marked_composition_is_refused_for_its_own_parts_not_the_inner_space_s(
    position: tuple[tuple[int, ...], int], why: str
) -> None:
    with pytest.raises(sp.PositionError, match=rf"is no member of MarkedCompositions.*: {why}$"):
        sp.MarkedCompositions(3, 2).rank(position)


def test_a_part_0_in_a_partition_s_text_is_refused_as_such() -> None:
    with pytest.raises(sp.PositionError, match=r"^part 0 in '3,0,2': parts must be positive$"):
        sp.Partitions(5).parse("3,0,2")
    with pytest.raises(sp.PositionError, match=r"^part 0 in '2,0': parts must be positive$"):
        sp.PlanePartitions(4).parse("2,0/1,1")


def test_rows_of_width_0_are_empty_positions_and_an_empty_listed_space_holds_no_entry() -> None:
    rows = np.zeros((3, 0), dtype=np.int64)
    assert sp.Partitions(0).rank_many(rows).tolist() == [0, 0, 0]
    assert sp.Partitions(2).rank_many(rows, strict=False).tolist() == [-1, -1, -1]
    empty = sp.Listed([])
    assert (empty.cardinality(), empty.max_entry(), empty.row_width()) == (0, 0, 0)
    nothing = sp.Listed([()])  # the empty position alone
    assert (nothing.cardinality(), nothing.max_entry(), nothing.row_width()) == (1, 0, 0)


@pytest.mark.parametrize(
    ("space", "row", "why"),
    [
        (sp.PartitionsUpTo(3), (5,), r"its parts add up to more than n = 3$"),
        (sp.PartitionsUpTo(7), (1, 5), r"its parts are not in nonincreasing order$"),
        (sp.Partitions(3, max_parts=2), (5,), r"\(parts are at least 1 and at most 3\)$"),
        (sp.Partitions(6, max_part=3), (4, 2), r"\(parts are at least 1 and at most 3\)$"),
    ],
    ids=repr,
)
def test_a_part_above_n_is_refused_as_too_big_not_as_out_of_order(
    space: sp.Space,  # type: ignore[type-arg]
    row: tuple[int, ...],
    why: str,
) -> None:
    # before: (5,) in PartitionsUpTo(3) was 'not in nonincreasing order', and a part of 5 in
    # Partitions(3, max_parts=2) out of range with 'parts are at least 1'
    with pytest.raises(sp.PositionError, match=why):
        space.rank(row)


def test_a_space_parameter_that_is_no_integer_is_refused_in_one_line() -> None:
    for length in ("3", True, 2.0, -1):
        with pytest.raises(sp.PositionError, match=r"length = .*: give an integer of at least 0"):
            sp.Compositions(5, length=length)  # type: ignore[arg-type]


def test_a_text_of_more_than_a_million_entries_is_refused_before_it_is_written_out() -> None:
    from gamegraph.core.notation import MAX_ENTRIES, integers

    assert len(integers(f"0^{MAX_ENTRIES}", positive=False)) == MAX_ENTRIES
    with pytest.raises(sp.PositionError, match="add up to more than 1,000,000"):
        integers(f"0^{MAX_ENTRIES + 1}", positive=False)


def test_a_range_of_ids_unranks_as_its_ids_do_and_a_range_outside_is_refused() -> None:
    space = sp.Partitions(6)
    size = space.cardinality()
    for lo, hi in ((0, size), (0, 1), (3, 7), (size, size)):
        flat, offsets = space.unrank_range(lo, hi)
        many, many_offsets = space.unrank_many(np.arange(lo, hi))
        assert flat.tolist() == many.tolist() and offsets.tolist() == many_offsets.tolist()
    for lo, hi in ((-1, 3), (3, size + 1), (4, 3)):
        with pytest.raises(sp.PositionError, match=r"are outside 0\.\.10 of Partitions"):
            space.unrank_range(lo, hi)


def test_marked_compositions_are_weak_unless_said() -> None:
    from gamegraph.core.spaces.seats import marked_compositions

    assert marked_compositions(3, 2).list() == sp.MarkedCompositions(3, 2, weak=True).list()
    assert sp.MarkedCompositions(3, 2).list() == sp.MarkedCompositions(3, 2, weak=True).list()


def test_a_position_that_is_no_tuple_is_refused_in_one_line() -> None:
    for position in (5, "5", None):
        with pytest.raises(sp.PositionError, match="is no composition: give a tuple of integers"):
            sp.Compositions(5).rank(position)  # type: ignore[arg-type]


def test_one_row_ranked_row_by_row_is_refused_without_a_row_number() -> None:
    space = sp.TwoColouredPartitions(2)
    with pytest.raises(sp.PositionError, match=r"^pile \(3, 0\) holds more than n = 2"):
        space.rank_many(np.array([[3, 0]]))
    with pytest.raises(sp.PositionError, match=r"^row 1 \(3,0\): pile \(3, 0\) holds more"):
        space.rank_many(np.array([[2, 0], [3, 0]]))
