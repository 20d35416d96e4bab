"""Random Bulgarian solitaire (Popov) and the card-wise chain: SPEC-games.md §5, facts RBS-*.

The transition probabilities are checked against a brute force straight from the definition
(every subset of piles, or of cards, is picked with its probability), and π against a plain
Gaussian elimination in Fractions written here, independent of the engine's GTH.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from fractions import Fraction
from itertools import combinations, product
from math import comb, isqrt

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from gamegraph import bulgarian as build_bulgarian
from gamegraph.games.limits import TooLargeError
from gamegraph.games.partitions import Partition, canonical_key, omega, partitions
from gamegraph.games.random_bulgarian import _kernels as rk
from gamegraph.games.random_bulgarian import stationary
from gamegraph.games.random_bulgarian.engine import (
    EXACT_MAX_N,
    STATS_KEYS,
    PositionError,
    ProbabilityError,
    RandomBulgarianError,
    RandomBulgarianGraph,
    build_random_bulgarian,
    estimate_random_bulgarian,
    parse_probability,
)

Matrix = dict[Partition, dict[Partition, Fraction]]


# --------------------------------------------------------------------------- brute force


def _after(piles: list[int], losses: list[int]) -> Partition:
    """Piles after losing the given numbers of cards, plus the new pile of the lost cards."""
    kept = [a - j for a, j in zip(piles, losses, strict=True) if a - j > 0]
    picked = sum(losses)
    return tuple(sorted([*kept, picked] if picked else kept, reverse=True))


def popov_row(lam: Partition, p: Fraction) -> dict[Partition, Fraction]:
    """Every subset of piles loses one card, with probability p^|S| (1 − p)^(ℓ − |S|)."""
    row: dict[Partition, Fraction] = defaultdict(Fraction)
    for chosen in product((0, 1), repeat=len(lam)):
        k = sum(chosen)
        row[_after(list(lam), list(chosen))] += p**k * (1 - p) ** (len(lam) - k)
    return dict(row)


def cardwise_row(lam: Partition, p: Fraction) -> dict[Partition, Fraction]:
    """Every subset of the n cards is picked, with probability p^|S| (1 − p)^(n − |S|)."""
    cards = [pile for pile, size in enumerate(lam) for _ in range(size)]
    n = len(cards)
    row: dict[Partition, Fraction] = defaultdict(Fraction)
    for k in range(n + 1):
        weight = p**k * (1 - p) ** (n - k)
        for subset in combinations(range(n), k):
            losses = [0] * len(lam)
            for card in subset:
                losses[cards[card]] += 1
            row[_after(list(lam), losses)] += weight
    return dict(row)


def brute_matrix(n: int, p: Fraction, cardwise: bool) -> Matrix:
    row = cardwise_row if cardwise else popov_row
    return {lam: {mu: v for mu, v in row(lam, p).items() if v} for lam in partitions(n)}


def gauss_stationary(matrix: Matrix) -> dict[Partition, Fraction]:
    """Solve π(P − I) = 0, Σπ = 1 by Gaussian elimination in Fractions (one equation of
    the singular system replaced by the normalisation)."""
    states = list(matrix)
    at = {s: i for i, s in enumerate(states)}
    size = len(states)
    # rows of the system: equation j is Σ_i π_i (P[i, j] − [i = j]) = 0
    system = [[Fraction(0)] * (size + 1) for _ in range(size)]
    for i, s in enumerate(states):
        for t, v in matrix[s].items():
            system[at[t]][i] += v
        system[i][i] -= 1
    system[-1] = [Fraction(1)] * size + [Fraction(1)]
    for col in range(size):
        pivot = next(r for r in range(col, size) if system[r][col] != 0)
        system[col], system[pivot] = system[pivot], system[col]
        lead = system[col][col]
        system[col] = [v / lead for v in system[col]]
        for r in range(size):
            if r != col and system[r][col] != 0:
                factor = system[r][col]
                system[r] = [a - factor * b for a, b in zip(system[r], system[col], strict=True)]
    return {s: system[i][size] for i, s in enumerate(states)}


def engine_matrix(graph: RandomBulgarianGraph) -> Matrix:
    assert graph.probability_exact is not None
    out: Matrix = {}
    for i in range(graph.size):
        lo, hi = int(graph.indptr[i]), int(graph.indptr[i + 1])
        out[graph.position(i)] = {
            graph.position(int(graph.indices[e])): graph.probability_exact[e] for e in range(lo, hi)
        }
    return out


# --------------------------------------------------------------------------- transitions


@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(1, 3), Fraction(3, 4), Fraction(1)])
@pytest.mark.parametrize("n", range(1, 10))
def test_popov_transitions_equal_the_subset_brute_force(n: int, p: Fraction) -> None:
    graph = build_random_bulgarian(n, p, exact=True)
    assert engine_matrix(graph) == brute_matrix(n, p, cardwise=False)


@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(2, 5), Fraction(1)])
@pytest.mark.parametrize("n", range(1, 8))
def test_cardwise_transitions_equal_the_card_subset_brute_force(n: int, p: Fraction) -> None:
    graph = build_random_bulgarian(n, p, cardwise=True, exact=True)
    assert engine_matrix(graph) == brute_matrix(n, p, cardwise=True)


def cardwise_counts(lam: Partition) -> dict[tuple[Partition, int], int]:
    """(target, K) -> card subsets, pile by pile: a pile of a keeps a − j in C(a, j) ways."""
    rests: dict[Partition, int] = {(): 1}
    for a in lam:
        grown: dict[Partition, int] = defaultdict(int)
        for rest, ways in rests.items():
            for j in range(a + 1):
                kept = (*rest, a - j) if a > j else rest
                grown[tuple(sorted(kept, reverse=True))] += ways * comb(a, j)
        rests = grown
    counts = {}
    for rest, ways in rests.items():
        k = sum(lam) - sum(rest)
        counts[tuple(sorted((*rest, k) if k else rest, reverse=True)), k] = ways
    return counts


@pytest.mark.slow
def test_cardwise_rows_wider_than_the_first_buffers_count_every_card_subset() -> None:
    """n = 26: some rows have more than 1024 terms, past the kernel's first buffers (so they
    grow). Every row counts the 2^n subsets of the cards, each card picked in half of them,
    and the widest rows equal the pile-by-pile count written here."""
    n = 26
    graph = build_random_bulgarian(n, "1/2", cardwise=True, exact=False)
    terms = graph.terms
    starts = terms.row_ptr[:-1]
    assert np.all(np.add.reduceat(terms.count, starts) == 2**n)
    assert np.all(np.add.reduceat(terms.picked * terms.count, starts) == n * 2 ** (n - 1))
    widths = np.diff(terms.row_ptr)
    wide = np.flatnonzero(widths > 1024)
    assert wide.size > 0
    for i in wide:
        lo, hi = int(terms.row_ptr[i]), int(terms.row_ptr[i + 1])
        mine = {
            (graph.position(int(terms.target[e])), int(terms.picked[e])): int(terms.count[e])
            for e in range(lo, hi)
        }
        assert mine == cardwise_counts(graph.position(int(i)))


@pytest.mark.parametrize("cardwise", [False, True])
@pytest.mark.parametrize("p", ["1/2", "1/7", "0.9", "1"])
def test_rows_sum_to_one_exactly(p: str, cardwise: bool) -> None:
    for n in (1, 5, 8, 10):
        graph = build_random_bulgarian(n, p, cardwise=cardwise, exact=True)
        assert graph.probability_exact is not None
        for i in range(graph.size):
            lo, hi = int(graph.indptr[i]), int(graph.indptr[i + 1])
            assert sum(graph.probability_exact[lo:hi], Fraction(0)) == 1
            assert all(v > 0 for v in graph.probability_exact[lo:hi])


@pytest.mark.parametrize("cardwise", [False, True])
def test_float_rows_sum_to_one_and_match_exact_probabilities(cardwise: bool) -> None:
    exact = build_random_bulgarian(11, "2/7", cardwise=cardwise, exact=True)
    floats = build_random_bulgarian(11, "2/7", cardwise=cardwise, exact=False)
    assert floats.probability_exact is None and floats.stationary_exact is None
    assert np.array_equal(exact.indptr, floats.indptr)
    assert np.array_equal(exact.indices, floats.indices)
    assert np.allclose(exact.probability, floats.probability, rtol=1e-13, atol=0)
    assert np.allclose(np.add.reduceat(floats.probability, floats.indptr[:-1]), 1.0, atol=1e-13)


@pytest.mark.parametrize("cardwise", [False, True])
@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(1, 5)])
def test_k0_term_is_the_self_loop_mass_of_no_card_picked(cardwise: bool, p: Fraction) -> None:
    """K = 0 (nothing picked) keeps λ with mass Π(1 − p): over the piles (Popov) or over the
    cards (card-wise); other choices may add to the loop (e.g. 2,1 → 2,1 by taking the 1)."""
    n = 8
    graph = build_random_bulgarian(n, p, cardwise=cardwise, exact=True)
    terms = graph.terms
    source = terms.source()
    for i in range(graph.size):
        lam = graph.position(i)
        k0 = np.flatnonzero((source == i) & (terms.picked == 0))
        assert k0.shape[0] == 1
        e = int(k0[0])
        assert int(terms.target[e]) == i and int(terms.count[e]) == 1
        mass = (1 - p) ** (n if cardwise else len(lam))
        assert (1 - p) ** int(terms.exponent[i]) == mass
        loop = graph.transition(i, i)
        assert isinstance(loop, Fraction) and loop >= mass
    # the loop of 2,1,... under Popov also contains "take the 1": strictly more than K = 0
    if not cardwise:
        i = graph.index((7, 1))
        assert graph.transition(i, i) == (1 - p) ** 2 + p * (1 - p)


# --------------------------------------------------------------------------- RBS-p1


@pytest.mark.parametrize("n", range(1, 21))
def test_rbs_p1_popov_with_p_1_is_the_deterministic_bulgarian_move(n: int) -> None:
    graph = build_random_bulgarian(n, 1)
    assert np.array_equal(np.diff(graph.indptr), np.ones(graph.size))
    for i, lam in enumerate(partitions(n)):
        assert graph.position(int(graph.indices[i])) == omega(lam)
        assert graph.transition(i, int(graph.indices[i])) == 1


def test_rbs_p1_cesaro_limit_for_triangular_n_is_the_staircase() -> None:
    graph = build_random_bulgarian(10, 1)
    assert not graph.irreducible and graph.aperiodic
    assert graph.stats()["stationary_mode"] == "4,3,2,1"
    assert graph.stationary_mode_probability_exact == 1


def test_rbs_p1_n7_single_4_cycle_is_periodic_with_uniform_limit() -> None:
    """B_7 has one component whose cycle 421 → 331 → 322 → 3211 has length 4 (BUL-n7)."""
    graph = build_random_bulgarian(7, 1)
    assert graph.period == 4 and not graph.aperiodic
    assert graph.stationary_exact is not None
    support = {graph.position(i) for i, v in enumerate(graph.stationary_exact) if v}
    assert support == {(4, 2, 1), (3, 3, 1), (3, 2, 2), (3, 2, 1, 1)}
    assert set(graph.stationary_exact) == {Fraction(0), Fraction(1, 4)}


def test_cardwise_with_p_1_sends_everything_to_one_pile() -> None:
    graph = build_random_bulgarian(6, 1, cardwise=True)
    assert set(graph.indices.tolist()) == {graph.index((6,))}
    assert graph.stats()["stationary_mode"] == "6"


# --------------------------------------------------------------------------- RBS-irr


@pytest.mark.parametrize("cardwise", [False, True])
@pytest.mark.parametrize("p", ["1/2", "1/10", "9/10"])
def test_rbs_irr_chain_is_irreducible_and_aperiodic_for_0_lt_p_lt_1(p: str, cardwise: bool) -> None:
    for n in range(1, 13):
        graph = build_random_bulgarian(n, p, cardwise=cardwise, exact=False)
        assert graph.irreducible and graph.aperiodic and graph.period == 1
        support = nx.DiGraph()
        support.add_nodes_from(range(graph.size))
        for i in range(graph.size):
            for e in range(int(graph.indptr[i]), int(graph.indptr[i + 1])):
                support.add_edge(i, int(graph.indices[e]))
        assert nx.is_strongly_connected(support)
        assert nx.is_aperiodic(support)


@pytest.mark.parametrize("cardwise", [False, True])
def test_transition_of_every_pair_is_the_brute_force_probability(cardwise: bool) -> None:
    """Every (source, target), arcs and non-arcs alike (0 where the rule gives none), as
    exact fractions and as floats."""
    p = Fraction(1, 3)
    brute = brute_matrix(6, p, cardwise)
    exact = build_random_bulgarian(6, p, cardwise=cardwise, exact=True)
    floats = build_random_bulgarian(6, p, cardwise=cardwise, exact=False)
    for i in range(exact.size):
        row = brute[exact.position(i)]
        for j in range(exact.size):
            expected = row.get(exact.position(j), Fraction(0))
            assert exact.transition(i, j) == expected
            assert floats.transition(i, j) == pytest.approx(float(expected), abs=1e-15)


# --------------------------------------------------------------------------- π


@pytest.mark.parametrize("cardwise", [False, True])
@pytest.mark.parametrize("p", [Fraction(1, 2), Fraction(1, 3)])
def test_stationary_distribution_equals_gaussian_elimination(p: Fraction, cardwise: bool) -> None:
    for n in range(1, 8):
        graph = build_random_bulgarian(n, p, cardwise=cardwise, exact=True)
        expected = gauss_stationary(brute_matrix(n, p, cardwise))
        assert graph.stationary_exact is not None
        got = {graph.position(i): v for i, v in enumerate(graph.stationary_exact)}
        assert got == expected


@pytest.mark.parametrize("cardwise", [False, True])
def test_exact_stationary_satisfies_pi_p_equals_pi_and_sums_to_one(cardwise: bool) -> None:
    graph = build_random_bulgarian(12, "1/3", cardwise=cardwise)
    assert graph.exact and graph.stationary_exact is not None
    pi = graph.stationary_exact
    assert sum(pi, Fraction(0)) == 1
    assert all(v > 0 for v in pi)
    assert graph.probability_exact is not None
    flow = [Fraction(0)] * graph.size
    for i in range(graph.size):
        for e in range(int(graph.indptr[i]), int(graph.indptr[i + 1])):
            flow[int(graph.indices[e])] += pi[i] * graph.probability_exact[e]
    assert flow == list(pi)
    best = max(pi)
    assert graph.mode == pi.index(best)
    assert graph.stationary_mode_probability_exact == best
    assert graph.stats()["stationary_mode_probability"] == float(best)


def test_float_stationary_matches_exact_and_dense_power_iteration() -> None:
    exact = build_random_bulgarian(12, "1/2", exact=True)
    floats = build_random_bulgarian(12, "1/2", exact=False)
    assert exact.stationary_exact is not None
    assert np.allclose(floats.stationary, [float(v) for v in exact.stationary_exact], atol=1e-14)
    assert floats.mode == exact.mode
    # n = 20 against numpy power iteration on the dense matrix
    big = build_random_bulgarian(20, "1/2")
    dense = np.zeros((big.size, big.size))
    for i in range(big.size):
        for e in range(int(big.indptr[i]), int(big.indptr[i + 1])):
            dense[i, int(big.indices[e])] = big.probability[e]
    x = np.full(big.size, 1.0 / big.size)
    for _ in range(2000):
        x = x @ dense
    assert np.allclose(big.stationary, x, atol=1e-13)
    assert big.stationary_residual < 1e-12
    assert abs(big.stationary.sum() - 1) < 1e-12


def test_a_chain_that_mixes_in_one_step_is_solved_by_power_iteration_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every row equal to π: one step from the uniform start lands on π, the next changes
    nothing, so the power iteration converges within its budget and GMRES is not called."""
    pi = np.array([0.5, 0.25, 0.125, 0.125])
    matrix = sp.csr_matrix(np.tile(pi, (4, 1)))

    def no_gmres(transposed: sp.csr_matrix, start: np.ndarray) -> np.ndarray:
        raise AssertionError("GMRES called on a chain that mixes in one step")

    monkeypatch.setattr(stationary, "_gmres_stationary", no_gmres)
    x, residual = stationary.float_stationary(matrix)
    assert np.allclose(x, pi, rtol=0, atol=1e-15) and residual < stationary.TOLERANCE


def test_the_part_rows_grow_exactly_like_the_vectors_beside_them() -> None:
    """chain_terms checks only nxt_w's capacity before writing row nw of nxt_parts, so
    _grow must give the part rows (n + 1 columns) the capacity it gives the vectors, at every
    size, or a level wider than the rows' capacity would be written past them."""
    for rows, columns, needed in [(1024, 29, 1025), (1024, 3, 1025), (7, 40, 8), (5, 2, 23)]:
        parts = np.arange(rows * columns, dtype=np.uint8).reshape(rows, columns)
        vector = np.arange(rows, dtype=np.int64)
        grown_parts = rk._grow(parts, needed)
        grown = rk._grow(vector, needed)
        assert grown.shape[0] >= needed and grown_parts.shape == (grown.shape[0], columns)
        assert np.array_equal(grown_parts[:rows], parts) and np.array_equal(grown[:rows], vector)
    assert np.shares_memory(rk._grow(vector, 3), vector)  # room enough: the same arrays
    assert np.shares_memory(rk._grow(parts, 5), parts)


def test_slow_mixing_chain_float_solution_matches_the_exact_one() -> None:
    """p = 1/200 mixes too slowly for the power iteration's budget: GMRES finishes it.
    Floats carry absolute, not relative, accuracy: states of mass ~p^17 may round to 0."""
    exact = build_random_bulgarian(10, "1/200", exact=True)
    floats = build_random_bulgarian(10, "1/200", exact=False)
    assert exact.stationary_exact is not None
    assert np.allclose(floats.stationary, [float(v) for v in exact.stationary_exact], atol=1e-13)
    assert floats.stationary_residual < 1e-12 and floats.stationary.min() >= 0
    big = build_random_bulgarian(18, "1/200")
    assert big.stationary_residual < 1e-12 and abs(big.stationary.sum() - 1) < 1e-12


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(1, 7),
    num=st.integers(1, 12),
    den=st.integers(1, 12),
    cardwise=st.booleans(),
)
def test_any_rational_p_gives_exactly_stochastic_rows_and_invariant_pi(
    n: int, num: int, den: int, cardwise: bool
) -> None:
    p = Fraction(min(num, den), max(num, den))
    graph = build_random_bulgarian(n, p, cardwise=cardwise, exact=True)
    assert graph.probability_exact is not None and graph.stationary_exact is not None
    pi = graph.stationary_exact
    flow = [Fraction(0)] * graph.size
    for i in range(graph.size):
        lo, hi = int(graph.indptr[i]), int(graph.indptr[i + 1])
        assert sum(graph.probability_exact[lo:hi], Fraction(0)) == 1
        for e in range(lo, hi):
            flow[int(graph.indices[e])] += pi[i] * graph.probability_exact[e]
    assert flow == list(pi) and sum(pi, Fraction(0)) == 1


# --------------------------------------------------------------------------- staircase distance


def _cradles(n: int) -> list[Partition]:
    """The C(k, r) cradle shapes of n = k(k−1)/2 + r, 0 < r ≤ k, straight from the definition."""
    k = (1 + isqrt(8 * n - 7)) // 2
    while k * (k - 1) // 2 >= n:
        k -= 1
    r = n - k * (k - 1) // 2
    shapes = []
    for ones in combinations(range(k), r):
        mu = [k - 1 - i + (1 if i in ones else 0) for i in range(k)]
        shapes.append(tuple(v for v in mu if v > 0))
    return shapes


def _cells_outside(lam: Partition, mu: Partition) -> int:
    width = max(len(lam), len(mu))
    a = list(lam) + [0] * (width - len(lam))
    b = list(mu) + [0] * (width - len(mu))
    return sum(max(x - y, 0) for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("n", range(1, 16))
def test_staircase_distance_is_the_fewest_cells_outside_a_cradle_shape(n: int) -> None:
    graph = build_random_bulgarian(n, "1/2", exact=False)
    shapes = _cradles(n)
    for i, lam in enumerate(partitions(n)):
        assert graph.staircase_distance[i] == min(_cells_outside(lam, mu) for mu in shapes)


def test_staircase_distance_examples() -> None:
    graph = build_random_bulgarian(10, "1/2")
    assert graph.staircase_distance[graph.index("4 3 2 1")] == 0
    assert graph.staircase_distance[graph.index("4 3 3")] == 1
    assert graph.staircase_distance[graph.index("10")] == 6
    assert graph.staircase_distance[graph.index("1^10")] == 6
    seven = build_random_bulgarian(7, "1/2")
    zero = {seven.position(int(i)) for i in np.flatnonzero(seven.staircase_distance == 0)}
    assert zero == {(4, 2, 1), (3, 3, 1), (3, 2, 2), (3, 2, 1, 1)}


@pytest.mark.parametrize("n", [20, 27, 30])
def test_staircase_distance_zero_exactly_on_the_cycles_of_b_n(n: int) -> None:
    """BUL-cradle: the cyclic partitions of B_n are the cradle shapes."""
    graph = build_random_bulgarian(n, "1/2")
    bulgarian = build_bulgarian(n)
    assert np.array_equal(graph.staircase_distance == 0, bulgarian.on_cycle)


# --------------------------------------------------------------------------- input and output


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1/2", Fraction(1, 2)),
        (" 0.25 ", Fraction(1, 4)),
        ("1", Fraction(1)),
        ("2/4", Fraction(1, 2)),
        ("1e-3", Fraction(1, 1000)),
        (Fraction(1, 3), Fraction(1, 3)),
        (0.1, Fraction(1, 10)),
        (1, Fraction(1)),
    ],
)
def test_parse_probability_accepts_fractions_decimals_and_one(
    text: str | Fraction | float, value: Fraction
) -> None:
    assert parse_probability(text) == value


@pytest.mark.parametrize(
    "text", ["0", "-1/2", "3/2", "1.0001", "abc", "nan", "inf", "1/0", "", "1/2/3", True, 0.0]
)
def test_parse_probability_refuses_out_of_range_and_non_numbers(
    text: str | bool | float,
) -> None:
    with pytest.raises(ProbabilityError) as info:
        parse_probability(text)
    assert "\n" not in str(info.value) and "(0, 1]" in str(info.value)


@pytest.mark.parametrize("n", [0, -3, 2.5, "7", True])
def test_bad_n_is_refused_with_a_value_error(n: object) -> None:
    with pytest.raises(RandomBulgarianError, match="positive integer"):
        build_random_bulgarian(n, "1/2")  # type: ignore[arg-type]


def test_exact_arithmetic_is_refused_above_its_limit() -> None:
    with pytest.raises(RandomBulgarianError, match="exact=False"):
        build_random_bulgarian(EXACT_MAX_N + 1, "1/2", exact=True)


def test_too_large_requests_are_refused_from_the_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started = time.perf_counter()
    huge = estimate_random_bulgarian(10**6)
    assert time.perf_counter() - started < 2
    assert huge.nodes > 10**18
    with pytest.raises(TooLargeError):
        build_random_bulgarian(10**6, "1/2")
    with pytest.raises(TooLargeError):
        build_random_bulgarian(60, "1/2", cardwise=True)
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "1M")
    with pytest.raises(TooLargeError, match="GAMEGRAPH_MEMORY_LIMIT"):
        build_random_bulgarian(5, "1/2")


def test_popov_estimate_bounds_the_transitions() -> None:
    for n in (5, 12, 20):
        graph = build_random_bulgarian(n, "1/2", exact=False)
        estimate = estimate_random_bulgarian(n)
        assert estimate.nodes == graph.size
        assert graph.terms.target.shape[0] == estimate.arcs >= graph.transitions


def test_positions_round_trip_and_keys_are_canonical() -> None:
    graph = build_random_bulgarian(9, "1/2")
    keys = graph.keys()
    notation = graph.notation()
    assert isinstance(notation, list)
    for i, lam in enumerate(partitions(9)):
        assert graph.position(i) == lam
        assert graph.index(lam) == i
        assert graph.index(canonical_key(lam)) == i
        assert keys[i] == canonical_key(lam)
        assert graph.notation(i) == notation[i]
    assert graph.index("1 2^2 4") == graph.index((4, 2, 2, 1))


@pytest.mark.parametrize("bad", [(1, 2, 3, 3), (3, 3, 2), (5, 4, 0), (9, -1, 1), "4,4"])
def test_index_refuses_compositions_and_partitions_of_another_n(
    bad: tuple[int, ...] | str,
) -> None:
    graph = build_random_bulgarian(9, "1/2")
    with pytest.raises(ValueError) as info:
        graph.index(bad)
    assert "\n" not in str(info.value)


def test_position_out_of_range_is_a_value_error() -> None:
    graph = build_random_bulgarian(5, "1/2")
    for bad in (-1, graph.size):
        with pytest.raises(PositionError):
            graph.position(bad)


def test_stats_has_exactly_the_listed_keys_and_is_json_ready() -> None:
    graph = build_random_bulgarian(6, "0.5")
    stats = graph.stats()
    assert tuple(stats) == STATS_KEYS
    assert stats["p"] == "1/2" and stats["n"] == 6 and stats["positions"] == 11
    assert stats["transitions"] == graph.indices.shape[0]
    assert json.loads(json.dumps(stats)) == stats
    assert build_random_bulgarian(6, "1").stats()["p"] == "1"
