"""The local 4-cycle search (floridian.fourcycles_local) against independent computations.

References: the restricted engine (build_floridian, which builds G_n), a brute force straight
from the scalar definitions (alpha_moves, omega over S(n)), the candidate rules re-checked
directly on S(n), the seed's Q(x, y, z) family and the 16 lifting families of SPEC.md §4.
"""

from __future__ import annotations

import json
import pickle
from collections import Counter
from functools import cache
from itertools import pairwise, product
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamegraph.games.floridian import _candidate_kernels as ck
from gamegraph.games.floridian import _fourcycle_kernels as fk
from gamegraph.games.floridian import _group_kernels as gk
from gamegraph.games.floridian.alpha import AlphaChoice, alpha_moves, apply_alpha
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.floridian.fourcycles_local import (
    MAX_MULT,
    Shard,
    ShardError,
    candidate_count,
    candidates_in_shard,
    four_cycles_in_shard,
    four_cycles_local,
    run_shard,
    shard_memory_bytes,
    shards,
)
from gamegraph.games.floridian.qfamily import q_cycle, q_n
from gamegraph.games.limits import TooLargeError
from gamegraph.games.partitions import (
    Partition,
    in_t,
    omega,
    partitions,
    separated_partitions,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "lifting-families.json"
NO_FOUR_CYCLE = set(range(0, 16)) | {17, 18, 19, 20, 21, 22, 23, 25, 27, 29, 31, 33, 36, 39, 41}
NO_FOUR_CYCLE |= {43, 49, 51, 73}


def by_key(cycles: list[FourCycle]) -> list[FourCycle]:
    return sorted((c.canonical() for c in cycles), key=lambda c: c.key)


@cache
def brute_force(n: int) -> tuple[FourCycle, ...]:
    """Every 4-cycle of G_n: all a ∈ S(n), their legal α-moves x, b = Ω(x), and back."""
    found = set()
    for a in separated_partitions(n):
        for x in alpha_moves(a):
            b = omega(x)
            if b == a:
                continue
            for y in alpha_moves(b):
                if omega(y) == a:
                    found.add(FourCycle(a, x, b, y).canonical())
    return tuple(sorted(found, key=lambda c: c.key))


def meets_candidate_rules(a: Partition) -> bool:
    """The rules of the module docstring, checked size by size on the partition itself."""
    counts = Counter(a)
    if any(m > MAX_MULT for m in counts.values()):
        return False
    for u, m in counts.items():
        if u >= 5 and not any(counts.get(w, 0) >= m for w in range(u - 4, u - 1)):
            return False
    return True


def family_cycles() -> list[FourCycle]:
    """The 16 first cycles of SPEC.md §4 and their lifted cycles (vectors file)."""
    rows = json.loads(DATA.read_text(encoding="utf-8"))["families"]
    cycles = []
    for family in rows:
        for four in [family["cycle"]] + [step["cycle"] for step in family["lifted"]]:
            a, x, b, y = (tuple(part) for part in four)
            cycles.append(FourCycle(a, x, b, y))
    return cycles


# --------------------------------------------------------------------------- 4-cycles


def four_cycles_from_arcs(n: int) -> list[FourCycle]:
    """The 4-cycles of G_n read off the built graph's α-arcs and Ω alone: a → x (α), Ω(x) = b,
    b → y (α), Ω(y) = a, with a and b recurrent and a before b (an independent computation:
    the graph's own 4-cycles come from the local search)."""
    graph = build_floridian(n, restricted=True)
    source, target = graph.alpha_arcs()
    omega = graph.omega_of[target]
    keep = graph.recurrent[source] & graph.recurrent[omega]
    onward: dict[tuple[int, int], list[int]] = {}
    back: dict[tuple[int, int], list[int]] = {}
    arcs = zip(source[keep].tolist(), target[keep].tolist(), omega[keep].tolist(), strict=True)
    for a, x, b in arcs:
        if a < b:
            onward.setdefault((a, b), []).append(x)
        elif b < a:
            back.setdefault((b, a), []).append(x)
    position = graph.positions.position
    return by_key(
        [
            FourCycle(position(a), position(x), position(b), position(y))
            for (a, b), xs in onward.items()
            for x in xs
            for y in back.get((a, b), [])
        ]
    )


@pytest.mark.parametrize("n", range(1, 61))
def test_local_four_cycles_are_the_four_cycles_of_the_built_arcs(n: int) -> None:
    assert four_cycles_local(n) == four_cycles_from_arcs(n)


@pytest.mark.parametrize("n", range(1, 31))
def test_local_four_cycles_are_the_brute_force_four_cycles_of_the_definitions(n: int) -> None:
    assert four_cycles_local(n) == list(brute_force(n))


@pytest.mark.parametrize("n", [24, 34, 50, 76, 100, 125])
def test_every_found_cycle_is_a_canonical_four_cycle_of_g_n(n: int) -> None:
    for cycle in four_cycles_local(n):
        assert cycle.n == n
        assert cycle == cycle.canonical() and cycle.alpha1 > cycle.alpha2
        assert is_four_cycle(cycle)


def test_spec_four_cycle_exceptions_up_to_100_and_over_20_at_100() -> None:
    """SPEC.md §3: no 4-cycle exactly for the listed n <= 100; "over 20" at n = 100."""
    without = {n for n in range(1, 101) if not four_cycles_local(n)}
    assert without == NO_FOUR_CYCLE - {0}
    assert len(four_cycles_local(100)) > 20


def test_q_family_and_lifting_family_cycles_are_found_at_their_n() -> None:
    """Cycles known without any enumeration (Q(x, y, z), the 16 families and their lifts)."""
    known = [q_cycle(x, y, z) for x in range(1, 4) for y in range(3) for z in range(1, 3)]
    known += family_cycles()
    wanted = {c.canonical() for c in known if c.n in {16, 24, 34, 35, 56, 99, 113, 140}}
    assert {16, 24, 34, 35, 56, 99, 113, 140} <= {c.n for c in wanted}
    for n in sorted({c.n for c in wanted}):
        found = set(four_cycles_local(n))
        assert {c for c in wanted if c.n == n} <= found


def test_both_alpha_positions_of_known_cycles_meet_the_candidate_rules() -> None:
    """The lemma behind the candidates, on cycles up to n = 323 (Q(3, 5, 3) is Example 17)."""
    known = [*family_cycles(), q_cycle(3, 5, 3)]
    known += [q_cycle(x, y, z) for x in range(1, 5) for y in range(4) for z in range(1, 4)]
    assert max(c.n for c in known) >= q_n(3, 5, 3) == 323
    for cycle in known:
        assert is_four_cycle(cycle)
        assert meets_candidate_rules(cycle.alpha1) and meets_candidate_rules(cycle.alpha2)


@pytest.mark.parametrize("n", [28, 44, 60])
def test_both_alpha_positions_of_every_engine_cycle_meet_the_candidate_rules(n: int) -> None:
    """Every 4-cycle of G_n, read off the built arcs (not the local search, which starts only
    from candidates and so could not list a cycle breaking the lemma)."""
    every = four_cycles_from_arcs(n)
    assert every
    for cycle in every:
        assert meets_candidate_rules(cycle.alpha1) and meets_candidate_rules(cycle.alpha2)


def groups(partition: Partition, width: int) -> tuple[np.ndarray, np.ndarray, int]:
    """The kernels' form of a partition: distinct sizes (decreasing), their counts, how many."""
    counts = sorted(Counter(partition).items(), reverse=True)
    sizes = np.zeros(width, dtype=np.int64)
    mults = np.zeros(width, dtype=np.int64)
    for i, (size, mult) in enumerate(counts):
        sizes[i], mults[i] = size, mult
    return sizes, mults, len(counts)


@pytest.mark.parametrize("n", range(1, 17))
def test_alpha_arc_test_of_the_search_is_the_alpha_move_of_the_definitions(n: int) -> None:
    """The kernel deciding "y is an α-move of b" (b separated, y ∈ T(n), y != b) agrees with
    the scalar α-moves of SPEC.md §3, for every such pair of n <= 16."""
    width = n + 3
    work_s, work_m = np.zeros(width, dtype=np.int64), np.zeros(width, dtype=np.int64)
    targets = [y for y in partitions(n) if in_t(y)]
    for b in separated_partitions(n):
        moves = set(alpha_moves(b))
        bs, bm, db = groups(b, width)
        for y in targets:
            if y == b:
                continue
            ys, ym, dy = groups(y, width)
            found = gk.is_alpha_arc(bs, bm, db, ys, ym, dy, work_s, work_m)
            assert found == (y in moves), (b, y)


# --------------------------------------------------------------------------- candidates


@pytest.mark.parametrize("n", [1, 2, 5, 10, 17, 24, 33, 40])
def test_candidates_are_the_separated_partitions_meeting_the_rules_in_descending_order(
    n: int,
) -> None:
    expected = [a for a in separated_partitions(n) if meets_candidate_rules(a)]
    (whole,) = shards(n, target=10**9)
    assert candidates_in_shard(whole) == expected
    assert candidate_count(n) == len(expected)


@pytest.mark.parametrize(("n", "target"), [(24, 1), (24, 7), (40, 13), (60, 100), (60, 1227)])
def test_shards_partition_the_candidates_without_overlap_or_gap(n: int, target: int) -> None:
    parts = shards(n, target)
    (whole,) = shards(n, target=10**9)
    assert parts[0].lo == 0 and parts[-1].hi == candidate_count(n)
    assert all(s.hi == t.lo for s, t in pairwise(parts))
    assert all(0 < s.candidates <= target for s in parts)
    listed = [a for s in parts for a in candidates_in_shard(s)]
    assert all(len(candidates_in_shard(s)) == s.candidates for s in parts)
    assert listed == candidates_in_shard(whole)
    assert len(set(listed)) == len(listed)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(min_value=1, max_value=70), target=st.integers(min_value=1, max_value=400))
def test_union_over_shards_does_not_depend_on_the_shard_size(n: int, target: int) -> None:
    pieces = [four_cycles_in_shard(s) for s in shards(n, target)]
    union = [c for piece in pieces for c in piece]
    assert len(set(union)) == len(union)
    assert sorted(union, key=lambda c: c.key) == four_cycles_local(n)


def test_every_cycle_comes_from_the_shard_holding_its_first_position() -> None:
    for shard in shards(76, target=40):
        held = set(candidates_in_shard(shard))
        assert all(cycle.alpha1 in held for cycle in four_cycles_in_shard(shard))


def test_shard_is_small_picklable_and_reports_its_work() -> None:
    (shard,) = shards(50)
    assert pickle.loads(pickle.dumps(shard)) == shard
    result = run_shard(shard)
    assert list(result.cycles) == four_cycles_from_arcs(50)
    assert result.choices >= result.legal_moves >= len(result.cycles)
    assert shard.memory_bytes == shard_memory_bytes(50) < 2**22


def test_an_empty_shard_holds_no_candidate_and_no_cycle() -> None:
    empty = Shard(34, 7, 7, 0, shard_memory_bytes(34))
    assert four_cycles_in_shard(empty) == [] and candidates_in_shard(empty) == []


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("n", [0, -3, 256, 10**6])
def test_n_outside_1_to_255_is_refused_with_a_value_error(n: int) -> None:
    with pytest.raises(ShardError, match=r"n must be an integer in 1\.\.255"):
        shards(n)
    with pytest.raises(ValueError, match=r"1\.\.255"):
        four_cycles_local(n)


@pytest.mark.parametrize("n", [2.5, "30", True, None])
def test_n_that_is_not_an_integer_is_refused(n: object) -> None:
    with pytest.raises(ShardError, match="n must be an integer"):
        shards(n)  # type: ignore[arg-type]


@pytest.mark.parametrize("target", [0, -1])
def test_target_below_one_is_refused(target: int) -> None:
    with pytest.raises(ShardError, match="target must be a positive number"):
        shards(30, target)


def test_shard_bounds_must_be_ordered_consistent_and_within_the_candidates() -> None:
    memory = shard_memory_bytes(30)
    with pytest.raises(ShardError, match="0 <= lo <= hi"):
        Shard(30, 5, 2, -3, memory)
    with pytest.raises(ShardError, match="has 3 candidates"):
        Shard(30, 0, 3, 4, memory)
    beyond = Shard(30, 0, candidate_count(30) + 1, candidate_count(30) + 1, memory)
    with pytest.raises(ShardError, match="exceed the"):
        four_cycles_in_shard(beyond)


def test_a_shard_over_the_memory_limit_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (shard,) = shards(40)
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "64K")
    with pytest.raises(TooLargeError, match="over the limit"):
        four_cycles_in_shard(shard)


def test_memory_estimate_is_closed_form_and_grows_with_n_squared() -> None:
    assert shard_memory_bytes(255) < 16 * 2**20
    assert shard_memory_bytes(200) - shard_memory_bytes(100) == 8 * 25 * (201**2 - 101**2)


def test_memory_estimate_is_the_counting_table_the_kernel_allocates_plus_a_fixed_margin() -> None:
    """Shard.memory_bytes is what the kernel allocates: the table C[rem, u, m, pend] with
    rem, u in 0..n and m, pend in 0..MAX_MULT (int64), and a margin for the O(n) scratch."""
    margins = set()
    for n in (1, 30, 125):
        table = ck.candidate_table(n)
        assert table.shape == (n + 1, n + 1, MAX_MULT + 1, MAX_MULT + 1)
        assert table.dtype == np.int64
        margins.add(shard_memory_bytes(n) - table.nbytes)
    assert len(margins) == 1 and 0 < margins.pop() <= 2**20


@pytest.mark.parametrize("n", [24, 30, 40])
def test_preimages_count_the_y_in_t_whose_omega_is_a_candidate(n: int) -> None:
    """The work counter ``preimages``: pairs (a, y), a a candidate, y ∈ T(n), Ω(y) = a, i.e.
    one per y of T(n) (each has one Ω) whose Ω meets the candidate rules, by S(n)."""
    expected = sum(
        1 for y in separated_partitions(n) if in_t(y) and meets_candidate_rules(omega(y))
    )
    (whole,) = shards(n, target=10**9)
    assert run_shard(whole).preimages == expected > 0


# --------------------------------------------------------------------------- work counters


def pruned_choices(a: Partition, y: Partition) -> list[AlphaChoice]:
    """The α-choices of a the search builds for the preimage y, by the pruning rules of the
    module docs, stated on the partitions: a size u >= 4 of a with m parts sits in y at
    u - 1 - δ1 - δ2 (δ1 = 1 iff the choice reduces u, δ2 ∈ {0, 1}), which must be a size
    of y with at least m parts; a choice reducing u but not a size u - 2 >= 2 of a leaves
    u - 1 beside u - 2 in x (not separated) and is not built; at least one part is reduced."""
    in_a, in_y = Counter(a), Counter(y)
    sizes = sorted((u for u in in_a if u > 1), reverse=True)
    built = []
    for chosen in product((False, True), repeat=len(sizes)):
        reduced = {u for u, c in zip(sizes, chosen, strict=True) if c}
        if any(u - 2 in in_a and u - 2 > 1 and u - 2 not in reduced for u in reduced):
            continue
        fits = all(
            any(in_y[u - 1 - (u in reduced) - d2] >= in_a[u] for d2 in (0, 1))
            for u in sizes
            if u >= 4
        )
        if not fits:
            continue
        for ones in range(in_a[1] + 1):
            if reduced or ones:
                built.append(AlphaChoice(tuple(sorted(reduced, reverse=True)), ones))
    return built


@pytest.mark.parametrize("n", [24, 34, 40, 48])
def test_choices_and_legal_moves_count_the_pruned_alpha_choices_of_each_preimage(n: int) -> None:
    """The work counters ``choices`` and ``legal_moves`` against the pruning of the module docs
    applied by the scalar α-move (alpha.apply_alpha) to every candidate a and every y ∈ T(n)
    with Ω(y) = a: built choices, and those whose x is in T(n) and differs from a."""
    preimages: dict[Partition, list[Partition]] = {}
    for y in separated_partitions(n):
        if in_t(y):
            preimages.setdefault(omega(y), []).append(y)
    (whole,) = shards(n, target=10**9)
    choices = legal = 0
    for a in candidates_in_shard(whole):
        for y in preimages.get(a, []):
            for choice in pruned_choices(a, y):
                choices += 1
                x = apply_alpha(a, choice)
                legal += in_t(x) and x != a
    result = run_shard(whole)
    assert (result.choices, result.legal_moves) == (choices, legal)
    assert legal > 0


@pytest.mark.parametrize(("n", "target"), [(34, 5), (60, 97)])
def test_kernel_counts_every_candidate_visited_and_every_cycle_emitted(n: int, target: int) -> None:
    """The kernel's own counters: one candidate per rank of the shard, and one emitted cycle
    per 4-cycle of G_n (each is emitted once, from its canonical first position), the
    4-cycles read off the built graph's arcs."""
    table = ck.candidate_table(n)
    visited = emitted = 0
    for shard in shards(n, target):
        _, stats = fk.four_cycles_in_range(n, table, shard.lo, shard.hi)
        assert stats[fk.STAT_CANDIDATES] == shard.candidates
        visited += stats[fk.STAT_CANDIDATES]
        emitted += stats[fk.STAT_CYCLES]
    assert visited == candidate_count(n)
    assert emitted == len(four_cycles_from_arcs(n)) > 0


@pytest.mark.parametrize("n", [1, 24, 60])
def test_an_empty_range_of_ranks_gives_no_cycle_and_no_work(n: int) -> None:
    """An empty range of ranks, at the start or past the last candidate, gives no cycle
    and the work is zero."""
    table = ck.candidate_table(n)
    for rank in (0, candidate_count(n)):
        buf, stats = fk.four_cycles_in_range(n, table, rank, rank)
        assert buf.shape == (0,) and not stats.any()


@pytest.mark.parametrize("n", [1, 6, 11])
def test_lex_order_of_the_search_is_the_order_of_partitions_as_tuples(n: int) -> None:
    """The kernel comparing b = Ω(x) with a (canonical rotation) agrees with Python's order
    of nonincreasing tuples, for every pair of partitions of n <= 11."""
    width = n + 3
    shapes = [(p, *groups(p, width)) for p in partitions(n)]
    for p1, s1, m1, d1 in shapes:
        for p2, s2, m2, d2 in shapes:
            assert gk.lex_less(s1, m1, d1, s2, m2, d2) == (p1 < p2), (p1, p2)
