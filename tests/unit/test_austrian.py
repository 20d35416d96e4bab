"""Austrian solitaire (SPEC-games.md §2): the engine against the definition of A."""

from __future__ import annotations

from typing import Any

import pytest
from functional_reference import assert_matches_networkx

import gamegraph as gg
from gamegraph.errors import InputError
from gamegraph.games.austrian import _kernels as ak
from gamegraph.games.austrian import austrian_move
from gamegraph.games.austrian.space import AustrianStateError, AustrianStates, parse_austrian
from gamegraph.games.limits import Estimate, TooLargeError


def build_austrian(n: int, L: int, *, bank_up_to_L: bool = False) -> Any:
    return gg.austrian(n, L=L, bank_up_to_L=bank_up_to_L)


def estimate_austrian(n: int, L: int, *, bank_up_to_L: bool = False) -> Estimate:
    return gg.austrian.graph(n, L=L, bank_up_to_L=bank_up_to_L).estimate()


State = tuple[tuple[int, ...], int]


def _piles(m: int, cap: int) -> list[tuple[int, ...]]:
    """Partitions of m with parts ≤ cap, descending lexicographic order (plain recursion)."""
    if m == 0:
        return [()]
    return [
        (first, *rest) for first in range(min(m, cap), 0, -1) for rest in _piles(m - first, first)
    ]


def _states(n: int, L: int, top_bank: int) -> list[State]:
    return [(mu, b) for b in range(min(n, top_bank) + 1) for mu in _piles(n - b, L)]


def _reference_move(state: State, L: int) -> State:
    """The two steps of the seed, card by card: piles pay the bank, the bank buys piles of L."""
    piles, bank = state
    kept = []
    for pile in piles:
        bank += 1
        if pile - 1 > 0:
            kept.append(pile - 1)
    while bank >= L:
        kept.append(L)
        bank -= L
    return tuple(sorted(kept, reverse=True)), bank


def _count_states(n: int, L: int, top_bank: int) -> int:
    """Σ_b [x^(n−b)] Π_{i ≤ L} 1/(1 − x^i), by polynomial multiplication."""
    coefficients = [1] + [0] * n
    for part in range(1, L + 1):
        for total in range(part, n + 1):
            coefficients[total] += coefficients[total - part]
    return sum(coefficients[n - b] for b in range(min(n, top_bank) + 1))


@pytest.mark.parametrize("bank_up_to_L", [False, True])
@pytest.mark.parametrize("L", range(1, 9))
def test_successor_is_the_move_a_for_every_state(L: int, bank_up_to_L: bool) -> None:
    for n in range(1, 15):
        graph = build_austrian(n, L, bank_up_to_L=bank_up_to_L)
        states = _states(n, L, L if bank_up_to_L else L - 1)
        assert graph.size == len(states)
        for i, state in enumerate(states):
            assert graph.position(i) == state
            assert graph.index(state) == i
            assert graph.position(int(graph.successor[i])) == _reference_move(state, L)
            assert austrian_move(state, L) == _reference_move(state, L)


@pytest.mark.parametrize("L", range(1, 11))
def test_the_state_space_with_bank_below_l_is_closed_under_a(L: int) -> None:
    for n in range(1, 21):
        for mu, b in _states(n, L, L - 1):
            image, bank = _reference_move((mu, b), L)
            assert 0 <= bank < L
            assert all(1 <= part <= L for part in image)
            assert sum(image) + bank == n


@pytest.mark.parametrize("L", range(1, 13))
def test_state_counts_agree_with_the_generating_function(L: int) -> None:
    for n in range(1, 61):
        for up in (False, True):
            expected = _count_states(n, L, L if up else L - 1)
            assert AustrianStates(n, L, bank_up_to_L=up).cardinality() == expected
            assert estimate_austrian(n, L, bank_up_to_L=up).nodes == expected
    assert build_austrian(60, L).size == _count_states(60, L, L - 1)


@pytest.mark.parametrize("L", range(2, 8))
def test_states_with_a_full_bank_are_garden_of_eden_and_change_nothing_else(L: int) -> None:
    for n in range(L, 16):
        small = build_austrian(n, L)
        full = build_austrian(n, L, bank_up_to_L=True)
        extra = [i for i in range(full.size) if full.position(i)[1] == L]
        assert extra and all(full.garden_of_eden[i] for i in extra)
        assert full.cycle_count == small.cycle_count
        assert full.summary()["cycle_lengths"] == small.summary()["cycle_lengths"]
        for i in range(small.size):
            j = full.index(small.position(i))
            assert full.position(int(full.successor[j])) == small.position(int(small.successor[i]))


@pytest.mark.parametrize("bank_up_to_L", [False, True])
@pytest.mark.parametrize("L", range(1, 8))
def test_a_state_is_garden_of_eden_iff_l_plus_one_times_its_l_piles_plus_bank_is_below_its_piles(
    L: int, bank_up_to_L: bool
) -> None:
    # Derived (docs/schema.md, austrian.cypher): the piles of L in A(μ', b') are exactly the
    # q bought ones, so a predecessor of (μ, b) is μ's other piles plus one, with k ≥ 0 piles
    # of 1 that vanish, and the bank b' = q·L + b − (ℓ(μ) − q) − k, which some k puts into
    # 0..L−1 iff (L + 1)·q + b ≥ ℓ(μ). With a bank of L allowed, those states have none too.
    for n in range(1, 15):
        top = L if bank_up_to_L else L - 1
        states = _states(n, L, top)
        images = {_reference_move(state, L) for state in states}
        for mu, b in states:
            q = sum(1 for part in mu if part == L)
            eden = (L + 1) * q + b < len(mu) or b == L
            assert ((mu, b) not in images) == eden, (n, L, mu, b)


@pytest.mark.parametrize(("n", "L"), [(n, L) for n in range(1, 9) for L in range(n + 1, n + 4)])
def test_with_fewer_cards_than_l_everything_ends_in_the_bank(n: int, L: int) -> None:
    # no pile can be bought, piles only shrink: the one cycle is the fixed point (∅, n),
    # and the slowest state is a single pile of n cards with an empty bank
    graph = build_austrian(n, L)
    fixed = graph.index(((), n))
    assert graph.successor[fixed] == fixed
    assert graph.cycle_count == 1
    assert graph.max_transient == n
    assert graph.index(((n,), 0)) in graph.farthest().tolist()


def test_l_one_has_a_single_state_fixed() -> None:
    graph = build_austrian(7, 1)
    assert graph.size == 1 and graph.position(0) == ((1,) * 7, 0)
    assert graph.stats()["fixed_points"] == 1


@pytest.mark.parametrize(("n", "L"), [(5, 2), (9, 3), (12, 4), (14, 5), (13, 13)])
def test_analysis_agrees_with_networkx(n: int, L: int) -> None:
    assert_matches_networkx(build_austrian(n, L))
    assert_matches_networkx(build_austrian(n, L, bank_up_to_L=True))


def test_stats_put_l_right_after_n() -> None:
    stats = build_austrian(10, 3).stats()
    assert list(stats) == [
        "n",
        "L",
        "positions",
        "cycles",
        "cycle_lengths",
        "components",
        "garden_of_eden",
        "fixed_points",
        "max_transient",
    ]
    assert (stats["n"], stats["L"]) == (10, 3)


def test_keys_and_notation_write_piles_then_bank() -> None:
    graph = build_austrian(9, 4)
    keys = graph.keys()
    expected = [
        ",".join(map(str, mu)) + f"|{b}" for mu, b in (graph.position(i) for i in range(graph.size))
    ]
    assert keys == expected
    assert [graph.index(key) for key in keys] == list(range(graph.size))
    assert graph.notation(graph.index(((3, 3, 1), 2))) == "1 3^2 | 2"
    assert build_austrian(3, 5).notation(build_austrian(3, 5).index(((), 3))) == "| 3"


def test_parse_austrian_reads_any_partition_notation() -> None:
    assert parse_austrian("1 3^2 | 2", 9, 4) == ((3, 3, 1), 2)
    assert parse_austrian("[3,3,1]|2", 9, 4) == ((3, 3, 1), 2)
    assert parse_austrian(" | 3", 3, 5) == ((), 3)
    assert parse_austrian("4,1|4", 9, 4, bank_up_to_L=True) == ((4, 1), 4)


@pytest.mark.parametrize(
    "text", ["3,3,1", "3,3,1|2|0", "5,2|2", "3,2|4", "3,3,1|x", "3,0|6", "3,3,1|-2", "3,3|1"]
)
def test_text_that_is_not_a_state_is_refused(text: str) -> None:
    with pytest.raises(AustrianStateError):
        parse_austrian(text, 9, 4)


@pytest.mark.parametrize(
    "state", [((1, 3), 5), ((3, 3), 3.0), ([9], 0), "x", ((3, 3, 1),), (7, 2), (None, 2)]
)
def test_index_of_a_non_state_is_refused_in_one_line(state: object) -> None:
    with pytest.raises(InputError):
        build_austrian(9, 4).index(state)  # type: ignore[arg-type]


@pytest.mark.parametrize(("n", "L"), [(0, 3), (5, 0), (5, -1), (5.0, 3), (5, "3"), (True, 2)])
def test_parameters_out_of_range_are_refused_in_one_line(n: object, L: object) -> None:
    with pytest.raises(InputError, match="must be"):
        build_austrian(n, L)  # type: ignore[arg-type]


def test_a_build_over_the_memory_limit_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "100M")
    with pytest.raises(TooLargeError, match=r"A_400 \(L = 30\)"):
        build_austrian(400, 30)


def test_the_estimate_is_tight_for_huge_n_and_a_bound_past_what_can_be_indexed() -> None:
    huge = estimate_austrian(10**6, 10**6)
    two = estimate_austrian(10**6, 2)
    assert huge.nodes > 2**62 and huge.approximate
    with pytest.raises(TooLargeError, match="too many to index"):
        gg.austrian(10**6, L=10**6, force=True)
    # partitions of m into parts ≤ 2 number m // 2 + 1; banks 0 and 1
    assert two.nodes == (10**6 // 2 + 1) + ((10**6 - 1) // 2 + 1)


@pytest.mark.parametrize(("n", "L"), [(8, 3), (12, 5)])
def test_bank_is_the_bank_of_every_state_and_the_piles_hold_the_rest(n: int, L: int) -> None:
    graph = build_austrian(n, L)
    states = [graph.position(i) for i in range(graph.size)]
    assert graph.positions.space.bank.tolist() == [bank for _, bank in states]
    assert graph.positions.space.piles()[2].tolist() == [bank for _, bank in states]
    assert all(sum(piles) + bank == n for piles, bank in states)


def _restricted(r: int, k: int) -> int:
    """Partitions of r into parts <= k, straight from the definition (largest part first)."""
    return 1 if r == 0 else sum(_restricted(r - part, part) for part in range(1, min(r, k) + 1))


@pytest.mark.parametrize(("n", "cap"), [(0, 0), (1, 1), (4, 0), (7, 3), (10, 10), (12, 5)])
def test_restricted_table_is_p_r_k_for_exactly_r_le_n_and_k_le_cap(n: int, cap: int) -> None:
    table = ak.restricted_table(n, cap)
    expected = [[_restricted(r, k) for k in range(cap + 1)] for r in range(n + 1)]
    assert table.shape == (n + 1, cap + 1) and table.tolist() == expected
