"""The report's engines: short cycles of G_n against networkx, the new part of every α-arc
against the scalar α-move, strategies against a pure-Python simulation, and band lifts of
cycles of any even length against the definitions."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import networkx as nx
import pytest
from reference import band, is_band_lift, is_four_cycle_by_listing

from gamegraph.games.floridian.alpha import alpha_arc_choice, alpha_moves
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.floridian.fourcycles import FourCycle
from gamegraph.games.lifting.band_rule import band_lifts
from gamegraph.games.partitions import Partition, omega, separated_partitions
from gamegraph.reporting.cycles import (
    band_lifts_of_cycle,
    core_multigraph,
    cycle_counts,
    g_cycles,
    is_g_cycle,
)
from gamegraph.reporting.strategies import alpha_new_part_array, strategy_success


@cache
def g_n(n: int) -> nx.DiGraph:
    """G_n from the scalar definitions: ('a', λ) → ('o', λ2) → ('a', Ω(λ2))."""
    g = nx.DiGraph()
    for p in separated_partitions(n):
        g.add_node(("a", p))
        for x in alpha_moves(p):
            g.add_edge(("a", p), ("o", x))
            g.add_edge(("o", x), ("a", omega(x)))
    return g


@cache
def recurrent(n: int) -> frozenset[Partition]:
    g = g_n(n)
    on_cycle = {v for c in nx.strongly_connected_components(g) if len(c) > 1 for v in c}
    return frozenset(p for kind, p in on_cycle if kind == "a")


@pytest.mark.parametrize("n", [6, 8, 11, 14, 16, 18, 21, 23, 24, 26])
def test_cycle_counts_by_length_equal_networkx_simple_cycles(n: int) -> None:
    expected = Counter(len(c) for c in nx.simple_cycles(g_n(n), length_bound=10))
    counts = cycle_counts(core_multigraph(build_floridian(n, restricted=True)), 5)
    assert {k: v for k, v in counts.items() if v} == {k: v for k, v in expected.items() if k > 2}


def rotation_at_least_alpha(cycle: list[Partition]) -> tuple[Partition, ...]:
    """A cycle (a1, x1, a2, x2, ...) in one form: its least rotation starting at an α-position."""
    return min(tuple(cycle[q:] + cycle[:q]) for q in range(0, len(cycle), 2))


def networkx_cycles(n: int, length: int) -> set[tuple[Partition, ...]]:
    """The simple cycles of that length of G_n from the definitions (g_n), by networkx."""
    found = set()
    for c in nx.simple_cycles(g_n(n), length_bound=length):
        if len(c) == length:
            start = next(q for q, (kind, _) in enumerate(c) if kind == "a")
            found.add(rotation_at_least_alpha([p for _, p in c[start:] + c[:start]]))
    return found


@pytest.mark.parametrize("n", [14, 16, 21, 24])
def test_listed_cycles_are_cycles_of_g_n_and_all_of_them(n: int) -> None:
    """The rows g_cycles lists are the simple cycles of length 2k of G_n that networkx finds
    on the graph of the definitions, each once."""
    graph = build_floridian(n, restricted=True)
    core = core_multigraph(graph)
    for k in (3, 4):
        found = g_cycles(graph, core, k, 1000)
        expected = networkx_cycles(n, 2 * k)
        assert len(expected) < 1000  # the limit cuts nothing
        assert {rotation_at_least_alpha(c) for c in found} == expected
        assert len(found) == len(expected)
        assert all(is_g_cycle(c) and len(c) == 2 * k for c in found)


@pytest.mark.parametrize("n", [8, 16, 21, 24, 30])
def test_new_part_of_every_alpha_arc_is_the_number_of_parts_its_choice_reduces(n: int) -> None:
    graph = build_floridian(n)
    src, dst = graph.alpha_arcs()
    pos = graph.positions.position
    parts = alpha_new_part_array(graph)
    for a, x, s in zip(src.tolist(), dst.tolist(), parts.tolist(), strict=True):
        choice = alpha_arc_choice(pos(a), pos(x))
        assert choice is not None and choice.count(pos(a)) == s


def _play(n: int, pick: str) -> Fraction:
    """Share of starts from which the deterministic strategy reaches a recurrent state."""
    rec = recurrent(n)
    starts = list(separated_partitions(n))
    wins = 0
    for start in starts:
        p, seen = start, set()
        while p not in rec and p not in seen:
            seen.add(p)
            moves = alpha_moves(p)  # descending: ties go to the first
            if not moves:
                break
            if pick == "largest_new_part":
                key = [alpha_arc_choice(p, x).count(p) for x in moves]  # type: ignore[union-attr]
            elif pick == "smallest_new_part":
                key = [-alpha_arc_choice(p, x).count(p) for x in moves]  # type: ignore[union-attr]
            else:
                key = [len(alpha_moves(omega(x))) for x in moves]
            p = omega(moves[key.index(max(key))])
        wins += p in rec
    return Fraction(wins, len(starts))


def _random(n: int) -> Fraction:
    rec = recurrent(n)

    @cache
    def prob(p: Partition) -> Fraction:
        if p in rec:
            return Fraction(1)
        moves = alpha_moves(p)
        return (
            sum((prob(omega(x)) for x in moves), Fraction(0)) / len(moves) if moves else Fraction(0)
        )

    starts = list(separated_partitions(n))
    return sum((prob(p) for p in starts), Fraction(0)) / len(starts)


@pytest.mark.parametrize("n", [8, 14, 16, 21, 24])
def test_strategy_rates_equal_a_python_simulation_and_never_beat_best_play(n: int) -> None:
    rates = strategy_success(build_floridian(n))
    for name in ("largest_new_part", "smallest_new_part", "most_options"):
        assert rates[name] == pytest.approx(float(_play(n, name)), abs=1e-12)
        assert rates[name] <= rates["optimal"] + 1e-12
    assert rates["uniform_random"] == pytest.approx(float(_random(n)), abs=1e-12)
    back = g_n(n).reverse()
    reach = {("a", r) for r in recurrent(n)}
    for r in list(reach):
        reach |= nx.descendants(back, r)
    starts = list(separated_partitions(n))
    winning = sum(1 for p in starts if ("a", p) in reach)
    assert rates["optimal"] == pytest.approx(winning / len(starts))


def band_rule_lifts_by_search(cycle: FourCycle) -> set[tuple[int, tuple[Partition, ...]]]:
    """(m, C') for every choice of a band at level m + 2 (k + #{parts >= k} = m + 2) in each
    position whose result is a 4-cycle by listing the α-moves and a band lift by
    tests/reference.py's is_band_lift. Levels up to n + 4: past n + 1 (the largest level a
    partition of n has) every position's only band is two new largest parts, where an Ω-arc
    cannot close (band_rule.band_m_bound), so the search runs three such levels only."""
    found = set()
    for lev in range(2, cycle.n + 5):
        options = [
            [band(p, k) for k in range(1, lev + 1) if k + sum(1 for part in p if part >= k) == lev]
            for p in cycle
        ]
        for a, x, b, y in product(*options):
            lifted = FourCycle(a, x, b, y)
            if is_four_cycle_by_listing(lifted) and is_band_lift(cycle, lifted, lev - 2):
                found.add((lev - 2, (a, x, b, y)))
    return found


@pytest.mark.parametrize("n", [16, 24, 28, 32, 34])
def test_band_lifts_of_4_cycles_as_lists_are_the_band_rule_lifts(n: int) -> None:
    """band_lifts_of_cycle on each 4-cycle against a search over every band choice checked by
    the definitions (and band_rule.band_lifts agrees with both)."""
    lifted = 0
    for cycle in build_floridian(n, restricted=True).four_cycles():
        expected = band_rule_lifts_by_search(cycle)
        mine = {(m, tuple(c)) for m, c in band_lifts_of_cycle(list(cycle))}
        rule = {(lift.m, tuple(lift.lifted)) for lift in band_lifts(cycle)}
        assert mine == expected
        assert rule == expected
        lifted += len(expected)
    assert lifted > 0


def test_the_8_cycle_of_g14_lifts_with_any_alpha_moves_to_g26_and_is_a_cycle_there() -> None:
    graph = build_floridian(14, restricted=True)
    (cycle,) = g_cycles(graph, core_multigraph(graph), 4, 10)
    lifts = band_lifts_of_cycle(cycle, same_choice=False)
    assert lifts and all(sum(c[0]) == 14 + 2 * m + 4 for m, c in lifts)
    for _, lifted in lifts:
        alphas = lifted[0::2]
        assert len(set(alphas)) == 4
        for q in range(0, 8, 2):
            assert lifted[q + 1] in alpha_moves(lifted[q])
            assert omega(lifted[q + 1]) == lifted[(q + 2) % 8]
