"""A defined loopy impartial game gets Smith's loopy values (docs/games.md, "A loopy impartial
game"), checked against the brute force of sums with nim heaps; and ``gg.sum(g, h)`` gets the
values the sum rule gives, checked against the same brute force on the sum's own graph."""

from __future__ import annotations

from pathlib import Path

import pytest
from loopy_reference import brute_values, naive_outcomes, rows

import gamegraph as gg
from gamegraph.core import graphs as G
from gamegraph.games.engine.sums import SumError


@gg.impartial(
    name="test-subtract-or-climb",
    space=gg.reachable(start=lambda n: [(k,) for k in range(n + 1)]),
)
def climb(position: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    """Take 2 or 3 counters; or, from a heap of 1, 4, 7, ... (1 mod 3), put 2 back, the heap
    staying at most n (the docs' example)."""
    (heap,) = position
    out = [(heap - t,) for t in (2, 3) if heap >= t]
    if heap % 3 == 1 and heap + 2 <= n:
        out.append((heap + 2,))
    return out


DOCS_VALUES_14 = [
    "0",
    "0",
    "1",
    "1",
    "2",
    "0",
    "0",
    "∞{0,2}",
    "1",
    "∞{0}",
    "∞{1}",
    "0",
    "∞",
    "1",
    "∞{0}",
]
"""The loopy values of heaps 0..14 at n = 14, as docs/games.md shows them."""


def _by_heap(graph: object) -> list[str]:
    labels = graph.loopy.labels()  # type: ignore[attr-defined]
    return [labels[graph.index((k,))] for k in range(len(labels))]  # type: ignore[attr-defined]


def _as_labels(values: list[tuple[int, frozenset[int]]]) -> list[str]:
    return [G.infinity_label(k) if v == G.INFINITE else str(v) for v, k in values]


@pytest.mark.parametrize("n", [5, 9, 14, 20])
def test_the_loopy_values_of_a_defined_game_are_the_brute_force_s(n: int) -> None:
    graph = climb(n)
    assert graph.size == n + 1
    assert _as_labels(brute_values(rows(graph))) == graph.loopy.labels()
    assert graph.loopy.outcome().tolist() == naive_outcomes(rows(graph))
    assert graph.outcome.tolist() == naive_outcomes(rows(graph))


def test_heaps_0_to_14_have_the_values_the_docs_show() -> None:
    graph = climb(14)
    assert _by_heap(graph) == DOCS_VALUES_14
    assert graph.loopy_value((8,)) == "1"  # 8 -> 10 -> 12 -> 10: a cycle, yet a finite value
    assert int(graph.grundy[graph.index((8,))]) == -1  # Grundy's recursion gives it nothing
    stats = graph.stats()
    counts = {"0": 5, "1": 4, "2": 1, "∞": 1, "∞{0}": 2, "∞{1}": 1, "∞{0,2}": 1}
    assert stats["loopy_values"] == counts
    assert stats["draws"] == 2  # ∞ and ∞{1}: the values without 0 in K


def test_the_sum_of_two_heaps_obeys_the_sum_rule_and_the_brute_force() -> None:
    g, h = climb(14), climb(5)
    total = gg.sum(g, h)
    assert total.size == g.size * h.size
    assert total.check_sum_rule() == total.size
    assert _as_labels(brute_values(rows(total))) == total.loopy.labels()
    assert total.position(total.index(((7,), (4,)))) == ((7,), (4,))
    assert total.loopy_value(((7,), (4,))) == "∞{0,2}"  # ∞{0,2} + 2 = ∞{2,0}
    assert total.loopy_value(((9,), (2,))) == "∞{1}"  # ∞{0} + 1
    assert total.loopy_value(((12,), (4,))) == "∞"  # ∞ + 2 = ∞{} shifted: still ∞
    assert total.loopy_value(((3,), (4,))) == "3"  # 1 ⊕ 2
    both = gg.sum(climb(14), climb(14))
    assert both.loopy_value(((9,), (14,))) == "∞"  # ∞{0} + ∞{0}: no finite option


def test_a_sum_of_something_else_is_refused_in_one_line() -> None:
    with pytest.raises(SumError, match="impartial game graphs"):
        gg.sum(climb(3), gg.bulgarian(4))


@gg.impartial(
    name="test-subtract-two-or-three",
    space=gg.reachable(start=lambda n: [(k,) for k in range(n + 1)]),
)
def subtract(position: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    """Take 2 or 3 counters: play is finite."""
    return [(position[0] - t,) for t in (2, 3) if position[0] >= t]


def test_where_play_is_finite_the_loopy_values_are_the_grundy_values() -> None:
    graph = subtract(12)
    # the subtraction game {2, 3} has period 5: 0 0 1 1 2
    assert _by_heap(graph) == [str([0, 0, 1, 1, 2][k % 5]) for k in range(13)]
    assert graph.loopy.value.tolist() == graph.grundy.tolist()
    assert "loopy_values" not in graph.stats()


def test_the_docs_show_these_values() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "games.md").read_text("utf-8")
    assert f"# {DOCS_VALUES_14!r}" in docs
    assert "loopy values         0: 5, 1: 4, 2: 1, ∞: 1, ∞{0}: 2, ∞{1}: 1, ∞{0,2}: 1" in docs
