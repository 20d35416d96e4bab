"""CRIM (SPEC-games.md §7): the engine against a brute force from the definition, and the
CRIM-* facts of §9, each over every member of its family up to a stated size.

The families (hooks, staircases, rectairs, melds, OAE/EAO, ...) are generated here from their
definitions in §7, independently of the engine; the brute force computes options and
Sprague-Grundy values straight from the move rule.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import accumulate

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seed_reference import crim_positions

from gamegraph.errors import InputError
from gamegraph.games.crim.engine import (
    CrimGraph,
    CrimInputError,
    build_crim,
    column_lengths,
    estimate_crim,
    parse_position,
    sweep_crim,
)
from gamegraph.games.limits import TooLargeError
from gamegraph.games.partitions import (
    Partition,
    canonical_key,
    count_partitions,
    paper_notation,
    partitions,
)

N_FAMILIES = 50  # the families of §9 are checked over every member of size <= 50
N_ALL = 40  # facts about every partition (OAE, EAO, two/three rows): all sizes <= 40
N_BRUTE = 20  # the engine equals the brute force on every partition of size <= 20


@pytest.fixture(scope="module")
def graph() -> CrimGraph:
    return build_crim(N_FAMILIES)


@pytest.fixture(scope="module")
def small() -> CrimGraph:
    return build_crim(N_BRUTE)


Catalogue = list[tuple[Partition, Partition, bool]]


@pytest.fixture(scope="module")
def catalogue(graph: CrimGraph) -> list[tuple[Partition, Partition, bool]]:
    """Every partition of size <= N_ALL with its conjugate and its P status (looked up by
    the engine's index)."""
    return [(lam, conjugate(lam), is_p(graph, lam)) for lam in all_partitions(N_ALL)]


def is_p(graph: CrimGraph, position: Partition) -> bool:
    return bool(graph.p_position[graph.index(position)])


def all_partitions(up_to: int) -> Iterator[Partition]:
    yield from crim_positions(up_to)


# --------------------------------------------------------------------------- brute force


def conjugate(lam: Partition) -> Partition:
    """λ'_j = #{i : λ_i >= j}: count the rows ending at each column, then sum from the right."""
    if not lam:
        return ()
    ends = [0] * lam[0]
    for part in lam:
        ends[part - 1] += 1
    return tuple(accumulate(reversed(ends)))[::-1]


def row_deletions(lam: Partition) -> set[Partition]:
    """Delete row i (any i), as the rule says."""
    return {lam[:i] + lam[i + 1 :] for i in range(len(lam))}


def column_deletions(lam: Partition) -> set[Partition]:
    """Delete column j (any j): every part >= j loses one cell; empty rows vanish."""
    result = set()
    for j in range(1, (lam[0] if lam else 0) + 1):
        shortened = (part - 1 if part >= j else part for part in lam)
        result.add(tuple(part for part in shortened if part > 0))
    return result


def brute_options(lam: Partition) -> set[Partition]:
    return row_deletions(lam) | column_deletions(lam)


@cache
def brute_sg(lam: Partition) -> int:
    values = {brute_sg(option) for option in brute_options(lam)}
    mex = 0
    while mex in values:
        mex += 1
    return mex


# --------------------------------------------------------------------------- families (§7)


def staircase(n: int) -> Partition:
    """S_n = (n, n-1, ..., 1)."""
    return tuple(range(n, 0, -1))


def padded_staircase(n: int) -> Partition:
    """PS_n = (n, n, n-1, ..., 1): the first row doubled."""
    return (n, *staircase(n))


def doubly_padded_staircase(n: int) -> Partition:
    """DPS_n = (n, n, n-1, ..., 2) = PS_n without its last row (n >= 2)."""
    return padded_staircase(n)[:-1]


def hook(c: int, r: int) -> Partition:
    """H(c, r) = (c, 1^(r-1))."""
    return (c,) + (1,) * (r - 1)


def near_hook(c: int, r: int) -> Partition:
    """[c, 2, 1^(r-2)]."""
    return (c, 2) + (1,) * (r - 2)


def rectangle(r: int, c: int) -> Partition:
    """R_{r,c} = (c^r)."""
    return (c,) * r


def rectair(k: int, r: int, c: int) -> Partition:
    """R^k_{r,c} = (c^(r-k), c-1, ..., c-k): the rectangle minus S_k at its lower right."""
    return (c,) * (r - k) + tuple(range(c - 1, c - k - 1, -1))


def rectair_parameters(up_to: int) -> Iterator[tuple[int, int, int]]:
    """Every (k, r, c) with 0 <= k <= min(r, c) - 1 and |R^k_{r,c}| <= up_to."""
    for r in range(1, up_to + 1):
        for c in range(1, up_to + 1):
            for k in range(min(r, c)):
                if r * c - k * (k + 1) // 2 <= up_to:
                    yield k, r, c


def balanced(k: int, r: int, c: int) -> bool:
    """min(r,c) >= 2, r ≡ c (mod 2), and r, c both even when k = min(r,c) - 1."""
    low = min(r, c)
    return low >= 2 and (r - c) % 2 == 0 and (k != low - 1 or r % 2 == c % 2 == 0)


def quadrated(mu: Partition) -> Partition:
    """Q(μ): each cell a 2×2 block."""
    return tuple(part for size in mu for part in (2 * size, 2 * size))


def meld(bottom: Partition, top: Partition) -> Partition:
    """μ ◇ ν = (ν_1 + μ_1, ..., ν_s + μ_1, μ_1, ..., μ_r) with μ the bottom factor."""
    return tuple(part + bottom[0] for part in top) + bottom


def all_melds(factors: list[Partition], up_to: int) -> set[Partition]:
    """Every meld of one or more factors (repeats allowed) of size <= up_to.

    A meld grows with every factor put on top, and ◇ is associative, so melding one more
    factor on top of the melds found so far reaches them all.
    """
    found = {f for f in factors if sum(f) <= up_to}
    frontier = set(found)
    while frontier:
        grown = {meld(m, f) for m in frontier for f in factors}
        frontier = {m for m in grown if sum(m) <= up_to} - found
        found |= frontier
    return found


def is_oae(lam: Partition, cols: Partition) -> bool:
    """Every odd-indexed row and every odd-indexed column has even length (cols = λ')."""
    return all(p % 2 == 0 for p in lam[0::2]) and all(p % 2 == 0 for p in cols[0::2])


def is_eao(lam: Partition, cols: Partition) -> bool:
    """Every even-indexed row and every even-indexed column has odd length (cols = λ')."""
    return all(p % 2 == 1 for p in lam[1::2]) and all(p % 2 == 1 for p in cols[1::2])


def rank(lam: Partition) -> int:
    return lam[0] - len(lam) if lam else 0


# --------------------------------------------------------------------------- the engine


def test_positions_are_every_partition_of_size_0_to_n_numbered_crim_positions(
    small: CrimGraph,
) -> None:
    expected = list(all_partitions(N_BRUTE))
    assert small.size == len(expected) == sum(count_partitions(m) for m in range(N_BRUTE + 1))
    for i, lam in enumerate(expected):
        assert small.position(i) == lam
        assert small.index(lam) == i


def test_options_are_the_distinct_row_and_column_deletions(small: CrimGraph) -> None:
    for i, lam in enumerate(all_partitions(N_BRUTE)):
        options = small.option_indices(i)
        assert np.all(np.diff(options) > 0)  # sorted, each option once
        assert {small.position(int(j)) for j in options} == brute_options(lam)


def test_grundy_values_equal_the_brute_force_mex_from_the_definition(small: CrimGraph) -> None:
    for i, lam in enumerate(all_partitions(N_BRUTE)):
        assert small.grundy[i] == brute_sg(lam), lam
        assert small.p_position[i] == (brute_sg(lam) == 0)
        assert small.rank[i] == rank(lam)


def _fitting(parts: list[int]) -> Partition:
    """The partition of the longest prefix of ``parts`` whose sum is at most N_FAMILIES."""
    kept = [p for p, total in zip(parts, accumulate(parts), strict=True) if total <= N_FAMILIES]
    return tuple(sorted(kept, reverse=True))


@settings(max_examples=200, deadline=None)
@given(lam=st.lists(st.integers(1, 20), min_size=1, max_size=20).map(_fitting))
def test_options_of_larger_partitions_are_the_brute_force_deletions(
    graph: CrimGraph, lam: Partition
) -> None:
    """Random partitions of size <= N_FAMILIES: options as the rule says, and λ, λ' have the
    same Grundy value (CRIM is symmetric under conjugation)."""
    assert set(graph.options(lam)) == brute_options(lam)
    assert graph.grundy[graph.index(lam)] == graph.grundy[graph.index(conjugate(lam))]


def test_grundy_is_the_mex_of_the_options_everywhere(graph: CrimGraph) -> None:
    sources = np.repeat(np.arange(graph.size), graph.out_degree)
    option_values = graph.grundy[graph.indices]
    # no option shares the position's value ...
    assert not np.any(option_values == graph.grundy[sources])
    # ... and every smaller value is some option's value
    for value in range(1, int(graph.grundy.max()) + 1):
        has_value = np.zeros(graph.size, dtype=bool)
        has_value[sources[option_values == value - 1]] = True
        assert np.all(has_value[graph.grundy >= value])


def test_arcs_and_in_degrees_match_a_networkx_graph_of_the_brute_force_moves() -> None:
    n = 12
    small = build_crim(n)
    brute = nx.DiGraph()
    for lam in all_partitions(n):
        brute.add_node(lam)
        brute.add_edges_from((lam, option) for option in brute_options(lam))
    engine = nx.DiGraph()
    engine.add_nodes_from(small.position(i) for i in range(small.size))
    for i in range(small.size):
        engine.add_edges_from((small.position(i), option) for option in small.options(i))
    assert nx.utils.graphs_equal(engine, brute)
    assert nx.is_directed_acyclic_graph(engine)
    for lam in all_partitions(n):
        assert small.in_degree[small.index(lam)] == brute.in_degree(lam)
        assert small.out_degree[small.index(lam)] == brute.out_degree(lam)


def test_a_row_and_a_column_deletion_coincide_only_on_staircases_once_each(
    graph: CrimGraph,
) -> None:
    """Out-degree = 2·(distinct parts), one less exactly on S_1, S_2, ...: so the arc bound
    the build allocates is tight (checked on every partition of size <= 30)."""
    for lam in all_partitions(30):
        fewer = 2 * len(set(lam)) - int(graph.out_degree[graph.index(lam)])
        assert fewer == (1 if lam and lam == staircase(lam[0]) else 0), lam


def test_every_option_is_smaller_and_the_empty_diagram_is_the_only_terminal(
    graph: CrimGraph,
) -> None:
    sources = np.repeat(np.arange(graph.size), graph.out_degree)
    assert np.all(graph.sizes[graph.indices] < graph.sizes[sources])
    assert np.flatnonzero(graph.out_degree == 0).tolist() == [0]
    assert graph.position(0) == ()
    assert graph.p_position[0]


def test_conjugate_partitions_have_the_same_grundy_value(graph: CrimGraph) -> None:
    for lam in all_partitions(30):
        assert graph.grundy[graph.index(lam)] == graph.grundy[graph.index(conjugate(lam))]


def test_winning_moves_are_the_options_in_p_and_exist_exactly_at_n_positions() -> None:
    small = build_crim(14)
    for lam in all_partitions(14):
        expected = {o for o in brute_options(lam) if brute_sg(o) == 0}
        moves = small.winning_moves(lam)
        assert set(moves) == expected
        assert (not moves) == (brute_sg(lam) == 0)


def test_stats_has_exactly_the_listed_keys_and_counts_the_partitions_of_n() -> None:
    n = 16
    stats = build_crim(n).stats()
    assert list(stats) == ["n", "positions", "p_positions", "grundy", "max_grundy"]
    values = Counter(brute_sg(lam) for lam in partitions(n))
    assert stats["n"] == n
    assert stats["positions"] == sum(count_partitions(m) for m in range(n + 1))
    assert stats["p_positions"] == values[0]
    assert stats["grundy"] == dict(sorted(values.items()))
    assert list(stats["grundy"]) == sorted(values)
    assert stats["max_grundy"] == max(values)


def test_the_empty_diagram_is_the_one_terminal_position_a_p_position() -> None:
    g = build_crim(1)
    assert g.stats() == {  # over the partitions of n = 1: [1], an N-position
        "n": 1,
        "positions": 2,
        "p_positions": 0,
        "grundy": {1: 1},
        "max_grundy": 1,
    }
    assert g.options(()) == [] and g.keys() == ["0", "1"] and g.notation(0) == "∅"
    assert g.options((1,)) == [()]
    assert [int(v) for v in g.grundy] == [0, 1]


def test_the_engine_and_the_parameter_accept_the_same_n() -> None:
    """One truth: n = 0 is refused by the game's parameter and by the engine alike."""
    from gamegraph.games.crim import MAX_N, MIN_N, Crim

    param = Crim.param("n")
    assert (param.minimum, param.maximum) == (MIN_N, MAX_N) == (1, 255)
    for n in (MIN_N - 1, MAX_N + 1):
        with pytest.raises(InputError):
            build_crim(n)
        with pytest.raises(InputError):
            Crim.create(n=n)


def test_keys_and_notations_list_every_position_in_index_order() -> None:
    small = build_crim(12)
    expected = list(all_partitions(12))
    assert small.keys() == [canonical_key(lam) or "0" for lam in expected]
    assert small.notations() == ["∅"] + [paper_notation(lam) for lam in expected[1:]]
    assert small.notation((5, 3, 3, 1)) == "1 3^2 5"
    assert small.notation(0) == "∅"


def test_sweep_without_arcs_gives_the_same_grundy_values_and_counts(graph: CrimGraph) -> None:
    sweep = sweep_crim(N_FAMILIES)
    assert np.array_equal(sweep.grundy, graph.grundy)
    for m in range(N_FAMILIES + 1):
        block = slice(graph.offsets[m], graph.offsets[m + 1])
        p = graph.p_position[block]
        assert sweep.p_count[m] == np.count_nonzero(p)
        assert sweep.odd_rank_p[m] == np.count_nonzero(p & (graph.rank[block] % 2 != 0))
    # one entry per size 0..n, and a first odd-rank P-position exactly where one is counted
    assert sweep.p_count.shape == sweep.odd_rank_p.shape == (N_FAMILIES + 1,)
    assert np.array_equal(sweep.first_odd_p >= 0, sweep.odd_rank_p > 0)


# --------------------------------------------------------------------------- inputs


def test_positions_are_parsed_from_every_notation_including_the_empty_diagram() -> None:
    assert parse_position("5,3,3,1") == parse_position("1 3^2 5") == (5, 3, 3, 1)
    assert parse_position("[5, 3, 3, 1]", 12) == (5, 3, 3, 1)
    for empty in ("", "[]", "()", " ∅ "):
        assert parse_position(empty, 0) == ()
    small = build_crim(12)
    assert small.index("[]") == 0
    assert small.index("2 1") == small.index((2, 1)) == 5


@pytest.mark.parametrize("bad", ["3,0", "a,b", "3,-1", "2^0"])
def test_bad_position_text_raises_a_value_error(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_position(bad, 10)


def test_bad_positions_and_indices_raise_crim_input_errors() -> None:
    small = build_crim(8)
    with pytest.raises(CrimInputError, match="nonincreasing"):
        small.index((1, 2))  # a composition, not a partition
    with pytest.raises(CrimInputError, match="positive"):
        small.index((2, 0))
    with pytest.raises(CrimInputError, match="size 9"):
        small.index((5, 4))
    with pytest.raises(CrimInputError, match="size 60"):
        small.index((60,))
    with pytest.raises(CrimInputError, match="size 9"):
        parse_position("5,4", 8)
    for index in (-1, small.size):
        with pytest.raises(CrimInputError, match="out of range"):
            small.position(index)
        with pytest.raises(CrimInputError, match="out of range"):
            small.options(index)
    with pytest.raises(CrimInputError, match="out of range"):
        small.winning_moves(True)
    assert small.options(np.int64(5)) == small.options((2, 1)) == [(1,), (2,), (1, 1)]


def test_parts_may_be_numpy_integers_but_not_bools_or_floats() -> None:
    small = build_crim(8)
    assert small.index(tuple(np.array([3, 1, 1]))) == small.index((3, 1, 1))
    for bad in ((True,), (3, True), (2.0, 1), (2.5,)):
        with pytest.raises(CrimInputError, match="parts must be integers"):
            small.index(bad)


@pytest.mark.parametrize("n", [-1, 256, 10**6])
def test_n_out_of_range_raises_crim_input_error_at_once(n: int) -> None:
    started = time.perf_counter()
    with pytest.raises(CrimInputError, match="out of range"):
        build_crim(n)
    with pytest.raises(CrimInputError, match="out of range"):
        estimate_crim(n)
    assert time.perf_counter() - started < 1


@pytest.mark.parametrize("n", [2.5, "10", True])
def test_n_that_is_not_an_integer_raises_crim_input_error(n: object) -> None:
    with pytest.raises(CrimInputError, match="integer"):
        build_crim(n)  # type: ignore[arg-type]


def test_too_large_a_request_is_refused_from_the_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started = time.perf_counter()
    estimate = estimate_crim(255)
    assert time.perf_counter() - started < 1
    assert estimate.nodes == sum(count_partitions(m) for m in range(256))
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "64M")
    with pytest.raises(TooLargeError, match="CRIM"):
        build_crim(60)
    with pytest.raises(TooLargeError, match="CRIM"):
        sweep_crim(90)


def test_estimate_counts_positions_and_bounds_the_arcs(graph: CrimGraph) -> None:
    estimate = estimate_crim(N_FAMILIES)
    assert estimate.nodes == graph.size
    assert graph.indices.shape[0] <= estimate.arcs
    # the bound: each distinct part gives one row and one column deletion
    distinct = sum(2 * len(set(lam)) for lam in all_partitions(20))
    assert estimate_crim(20).arcs == distinct


# --------------------------------------------------------------------------- §9 facts


def test_crim_21_22_the_partitions_2_1_and_2_2_are_p_positions(graph: CrimGraph) -> None:
    assert is_p(graph, (2, 1))
    assert is_p(graph, (2, 2))


def test_crim_2row_two_rows_a_b_is_p_iff_a_is_even(
    catalogue: Catalogue,
) -> None:
    """Prop 10, over every two-row partition of size <= N_ALL."""
    checked = 0
    for lam, _, p in catalogue:
        if len(lam) == 2:
            assert p == (lam[0] % 2 == 0), lam
            checked += 1
    assert checked == sum(m // 2 for m in range(N_ALL + 1))


def test_crim_3row_three_rows_p_iff_a_b_odd_and_hook_or_c_above_1_except_1_1_1(
    graph: CrimGraph, catalogue: Catalogue
) -> None:
    """Thm 11 over every three-row partition of size <= N_ALL.

    FAILS as stated for [1,1,1]: a = b = 1 are odd and it is a hook, yet it is N (deleting
    the first column leaves []). It is the only exception (Prop 7 needs c >= 2).
    """
    exceptions = []
    for lam, _, p in catalogue:
        if len(lam) == 3:
            a, b, c = lam
            stated = a % 2 == 1 and b % 2 == 1 and (b == 1 or c > 1)
            if p != stated:
                exceptions.append(lam)
    assert exceptions == [(1, 1, 1)]
    assert not is_p(graph, (1, 1, 1))


def test_crim_hook_hook_c_r_with_c_r_at_least_2_is_p_iff_c_r_same_parity(
    graph: CrimGraph,
) -> None:
    """Prop 7 (reconstructed), every hook H(c, r), c, r >= 2, of size <= N_FAMILIES."""
    for c in range(2, N_FAMILIES):
        for r in range(2, N_FAMILIES + 2 - c):
            assert is_p(graph, hook(c, r)) == ((c - r) % 2 == 0), (c, r)


def test_crim_nearhook_c_2_1s_is_p_iff_c_and_r_even(graph: CrimGraph) -> None:
    """[c, 2, 1^(r-2)], c, r >= 2, every one of size <= N_FAMILIES."""
    for c in range(2, N_FAMILIES):
        for r in range(2, N_FAMILIES + 1 - c):
            assert is_p(graph, near_hook(c, r)) == (c % 2 == 0 and r % 2 == 0), (c, r)


def test_crim_oae_every_odds_are_even_partition_is_p(
    catalogue: Catalogue,
) -> None:
    """Thm 1 over every partition of size <= N_ALL."""
    oae = [(lam, p) for lam, cols, p in catalogue if is_oae(lam, cols)]
    assert len(oae) > 100
    assert all(p for _, p in oae)


def test_crim_eaoeven_eao_of_even_rank_is_p_except_a_single_row_or_column(
    catalogue: Catalogue,
) -> None:
    """Thm 2 over every partition of size <= N_ALL.

    FAILS as stated for a single row (c) or a single column 1^c with c odd: EAO holds
    vacuously or by its length-1 columns (rows), the rank c - 1 is even, yet deleting the
    whole row (column) leaves [], so it is N. Smallest counterexample: [1]. The proof's
    induction starts at r = 2 rows; with at least two rows and two columns the claim holds.
    """
    failures = []
    for lam, cols, p in catalogue:
        if rank(lam) % 2 == 0 and not p and is_eao(lam, cols):
            failures.append(lam)
    assert sum(1 for lam, cols, _ in catalogue if rank(lam) % 2 == 0 and is_eao(lam, cols)) > 100
    assert failures[0] == (1,)
    single_odd_lines = {line for c in range(1, N_ALL + 1, 2) for line in [(c,), (1,) * c]}
    assert set(failures) == single_odd_lines


def test_crim_eaoodd_every_eao_partition_of_odd_rank_is_n(
    catalogue: Catalogue,
) -> None:
    """Thm 2 (odd part) over every partition of size <= N_ALL."""
    eao_odd = [(lam, p) for lam, cols, p in catalogue if rank(lam) % 2 == 1 and is_eao(lam, cols)]
    assert len(eao_odd) > 100
    assert not any(p for _, p in eao_odd)


def test_crim_stair_staircase_s_n_is_p_iff_n_even(graph: CrimGraph) -> None:
    """Prop 15, S_0 .. S_9 (size <= 45)."""
    for n in range(10):
        assert is_p(graph, staircase(n)) == (n % 2 == 0), n


def test_crim_dps_doubly_padded_staircases_are_p(graph: CrimGraph) -> None:
    """DPS_n ∈ P for 2 <= n <= 8 (size n(n+3)/2 - 1 <= 43)."""
    for n in range(2, 9):
        assert sum(doubly_padded_staircase(n)) == n * (n + 3) // 2 - 1
        assert is_p(graph, doubly_padded_staircase(n)), n


@pytest.mark.parametrize("n", [4, 6, 8, 10])
def test_crim_dps_even_perpendicular_reply_leads_to_dps_n_minus_1(n: int) -> None:
    """Whatever the first player does on DPS_n (n even), the perpendicular response (a
    column after a row, a row after a column) can reach DPS_{n-1}; n = 2 has no DPS_1."""
    target = doubly_padded_staircase(n - 1)
    start = doubly_padded_staircase(n)
    for after_row in row_deletions(start):
        assert target in column_deletions(after_row)
    for after_column in column_deletions(start):
        assert target in row_deletions(after_column)


def test_crim_ps_padded_staircases_are_n_with_the_stated_winning_moves(graph: CrimGraph) -> None:
    """PS_n ∈ N for 1 <= n <= 8 (size <= 44); PS_n → S_n (n even), PS_n → DPS_n (n odd > 1)."""
    for n in range(1, 9):
        ps = padded_staircase(n)
        assert not is_p(graph, ps), n
        moves = graph.winning_moves(ps)
        if n % 2 == 0:
            assert staircase(n) in moves
        elif n > 1:
            assert doubly_padded_staircase(n) in moves
        else:
            assert moves == [()]  # PS_1 = [1,1] → [] by deleting its column


def test_crim_quad_quadrated_partitions_are_p(graph: CrimGraph) -> None:
    """Q(μ) for every μ with |Q(μ)| = 4|μ| <= N_FAMILIES."""
    for mu in all_partitions(N_FAMILIES // 4):
        assert is_p(graph, quadrated(mu)), mu


def test_crim_rect_rectangle_is_p_iff_both_sides_at_least_2_and_same_parity(
    graph: CrimGraph,
) -> None:
    """Prop 6 (reconstructed), every rectangle R_{r,c} with rc <= N_FAMILIES."""
    for r in range(1, N_FAMILIES + 1):
        for c in range(1, N_FAMILIES // r + 1):
            expected = r >= 2 and c >= 2 and (r - c) % 2 == 0
            assert is_p(graph, rectangle(r, c)) == expected, (r, c)


def test_crim_meldrect_melds_of_rectangles_with_even_perimeter_are_p(graph: CrimGraph) -> None:
    """Every meld of rectangles R_{r,c}, r + c even, r, c >= 2, of size <= N_FAMILIES."""
    factors = [
        rectangle(r, c)
        for r in range(2, N_FAMILIES)
        for c in range(2, N_FAMILIES)
        if (r + c) % 2 == 0 and r * c <= N_FAMILIES
    ]
    melds = all_melds(factors, N_FAMILIES)
    assert len(melds) > 300
    assert any(len(set(m)) >= 3 for m in melds)  # melds of three rectangles are in
    for lam in melds:
        assert is_p(graph, lam), lam


def test_crim_meldrectair_melds_of_balanced_rectairs_are_p(graph: CrimGraph) -> None:
    """Every meld of balanced rectairs of size <= N_FAMILIES."""
    factors = [rectair(k, r, c) for k, r, c in rectair_parameters(N_FAMILIES) if balanced(k, r, c)]
    melds = all_melds(factors, N_FAMILIES)
    assert len(melds) > 2000
    for lam in melds:
        assert is_p(graph, lam), lam


def test_crim_rectair_rectair_is_p_iff_balanced(graph: CrimGraph) -> None:
    """Every rectair R^k_{r,c} (0 <= k <= min(r,c) - 1) of size <= N_FAMILIES."""
    count = 0
    for k, r, c in rectair_parameters(N_FAMILIES):
        lam = rectair(k, r, c)
        assert is_p(graph, lam) == balanced(k, r, c), (k, r, c)
        count += 1
    assert count > 400


def test_rectair_family_contains_the_staircases_and_the_rectangles() -> None:
    assert rectair(3, 4, 4) == staircase(4)
    assert rectair(0, 3, 5) == rectangle(3, 5)
    assert rectair(2, 4, 5) == (5, 5, 4, 3)


def test_every_partition_is_the_meld_of_the_rectangles_of_its_part_sizes() -> None:
    for lam in all_partitions(16):
        if not lam:
            continue
        sizes = sorted(set(lam))
        widths = [b - a for a, b in zip([0, *sizes], sizes, strict=False)]
        built = rectangle(lam.count(sizes[0]), widths[0])
        for size, width in zip(sizes[1:], widths[1:], strict=True):
            built = meld(built, rectangle(lam.count(size), width))
        assert built == lam


def test_conjecture_every_p_position_has_even_rank_up_to_size_50(graph: CrimGraph) -> None:
    """The paper's conjecture, over every partition of size <= N_FAMILIES (the benchmark
    script checks it further)."""
    assert graph.odd_rank_p_positions().size == 0
    assert np.all(graph.rank[graph.p_position] % 2 == 0)


@pytest.mark.parametrize("paper", [False, True])
def test_the_shared_formatter_writes_crim_parts_of_one_two_and_three_digits(paper: bool) -> None:
    """The shared text kernel CRIM uses, on parts up to 255 (uint8 storage), against
    canonical_key and paper_notation; the empty diagram is an empty line."""
    from gamegraph.games import _kernels as k

    listed: list[Partition] = [(), (255, 255, 100), (100,), (99, 10, 9, 1), (1,) * 40, (5, 3, 3, 1)]
    parts = np.asarray([v for p in listed for v in p], dtype=np.uint8)
    starts = np.asarray(list(accumulate(map(len, listed), initial=0)), dtype=np.int64)
    rows = np.arange(len(listed), dtype=np.int64)
    text = k.format_partitions(parts, starts, rows, paper).tobytes().decode()
    write = paper_notation if paper else canonical_key
    assert text.split("\n") == [write(p) if p else "" for p in listed] + [""]


def test_column_lengths_is_the_conjugate_of_the_ferrers_diagram() -> None:
    """λ' from the cells of the diagram transposed; an involution that keeps the size."""
    assert column_lengths(()) == ()
    assert column_lengths((5, 3, 3, 1)) == (4, 3, 3, 1, 1)
    for n in range(1, 13):
        for position in partitions(n):
            cells = {(j, i) for i, part in enumerate(position) for j in range(part)}
            rows = Counter(i for i, _ in cells)
            expected = tuple(sorted(rows.values(), reverse=True))
            assert column_lengths(position) == expected
            assert column_lengths(expected) == position


def test_index_zero_is_the_empty_partition_and_every_index_round_trips() -> None:
    order = crim_positions(6)
    small = build_crim(6)
    assert small.position(0) == ()
    assert int(small.offsets[-1]) == small.size == len(order)
    for index, lam in enumerate(order):
        assert small.position(index) == lam
        assert small.index(lam) == index
    with pytest.raises(CrimInputError):
        small.position(int(small.offsets[-1]))
    with pytest.raises(CrimInputError):
        small.position(-1)
    # the sweep numbers the positions the same way: its own values say so (up to size 12,
    # where a misnumbered option first shows in them at size 9)
    order = crim_positions(12)
    sweep = sweep_crim(12)
    assert [sweep.position(index) for index in range(len(order))] == order
    assert sweep.grundy.tolist() == [brute_sg(lam) for lam in order]
    for outside in (-1, len(order)):
        with pytest.raises(CrimInputError):
            sweep.position(outside)
