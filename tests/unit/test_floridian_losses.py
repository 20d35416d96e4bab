"""Immediate losses of Floridian solitaire for every 7 <= n <= 10,000 (issue 20 item 4, open
question 2), each re-checked from the definition of a legal α-move.

Every witness is re-checked with the reference α-move of :mod:`gamegraph.games.floridian.alpha`
(the family's witnesses are built by the theorem, not by that code). The witnesses of n <= 1500
are also re-checked without the all-or-none shortcut: every sub-multiset of parts (every count
0..m_v of each size v) is applied (reduce each chosen part by 1, drop zeros, add a part of the
number chosen) and λ2 != λ1, λ2 separated and λ2 ∈ T(n) are tested literally (no part equal to
the number of parts or that number plus 2).
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.floridian.losses import (
    FAMILY_FROM,
    family_covers,
    immediate_loss_witnesses,
    is_immediate_loss,
    progression_loss,
)
from gamegraph.games.partitions import separated_partitions


def _legal_moves_from_definition(partition: tuple[int, ...]) -> list[tuple[int, ...]]:
    counts = Counter(partition)
    sizes = sorted(counts)
    legal = []
    for taken in product(*(range(counts[v] + 1) for v in sizes)):
        s = sum(taken)
        if s == 0:
            continue
        parts: list[int] = []
        for v, k in zip(sizes, taken, strict=True):
            parts += [v - 1] * k + [v] * (counts[v] - k)
        parts = [p for p in parts if p > 0] + [s]
        result = tuple(sorted(parts, reverse=True))
        present = set(result)
        separated = not any(p + 1 in present for p in present)
        p = len(result)
        moved = result != tuple(sorted(partition, reverse=True))
        if moved and separated and p not in present and p + 2 not in present:
            legal.append(result)
    return legal


def _separated(partition: tuple[int, ...]) -> bool:
    present = set(partition)
    return not any(p + 1 in present for p in present)


@pytest.mark.slow
def test_every_n_from_7_to_10000_has_an_immediate_loss_rechecked_by_the_alpha_move() -> None:
    witnesses = immediate_loss_witnesses(7, 10_000)
    for n, w in zip(range(7, 10_001), witnesses, strict=True):
        assert w is not None, n
        assert w.n == n and sum(w.partition) == n
        assert _separated(w.partition), w
        assert alpha_moves(w.partition) == [], w


def test_witnesses_up_to_1500_have_no_legal_move_over_every_sub_multiset() -> None:
    for n, w in zip(range(7, 1501), immediate_loss_witnesses(7, 1500), strict=True):
        assert w is not None and _legal_moves_from_definition(w.partition) == [], n


def test_the_progression_family_covers_every_n_from_47_to_10_5_and_misses_46() -> None:
    assert FAMILY_FROM == 47
    assert all(family_covers(n) for n in range(47, 10**5))
    assert not family_covers(46)
    missed = [n for n in range(7, 47) if not family_covers(n)]
    assert missed == [7, 9, 11, 13, 16, 18, 20, 22, 29, 31, 33, 46]


def test_progression_members_are_immediate_losses_by_the_definition() -> None:
    for n in range(47, 400):
        found = progression_loss(n)
        assert found is not None, n
        partition, b, m = found
        assert len(partition) == m and min(partition) == b and m in (b - 2, b - 4)
        assert _legal_moves_from_definition(partition) == []


def test_immediate_losses_of_small_n_match_a_full_scan_of_s_n() -> None:
    # n = 2 and n = 6 have none (the paper: G_6 has no losing position); n = 8 only 4^2
    for n in range(1, 30):
        scan = [p for p in separated_partitions(n) if not _legal_moves_from_definition(p)]
        assert [p for p in separated_partitions(n) if is_immediate_loss(p)] == scan
        if n in (2, 6):
            assert scan == []
    assert [p for p in separated_partitions(8) if is_immediate_loss(p)] == [(4, 4)]
