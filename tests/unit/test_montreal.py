"""Montreal solitaire (SPEC-games.md §3): the engine against the definition of M and of I(n)."""

from __future__ import annotations

from itertools import combinations, pairwise
from typing import Any

import numpy as np
import pytest
from functional_definitions import compositions
from functional_reference import assert_matches_networkx

import gamegraph as gg
from gamegraph.errors import InputError
from gamegraph.games.limits import Estimate, TooLargeError
from gamegraph.games.montreal import A007075
from gamegraph.games.montreal import _kernels as mk
from gamegraph.games.montreal.positions import (
    MontrealClosureError,
    MontrealPositionError,
    MontrealPositions,
    _successor_indices,
    decode,
    encode,
    montreal_move,
    parse_member,
    parse_montreal,
)


def build_montreal(n: int, *, space: str = "I") -> Any:
    return gg.montreal(n, space=space)


def estimate_montreal(n: int) -> Estimate:
    return gg.montreal.graph(n).estimate()


Sequence = tuple[int, ...]


def _reference_move(alpha: Sequence) -> Sequence:
    """M block by block: each positive block β becomes (β − 1, len β), each gap loses a zero."""
    out: list[int] = []
    i = 0
    while i < len(alpha):
        j = i
        while j < len(alpha) and alpha[j] > 0:
            j += 1
        out += [a - 1 for a in alpha[i:j]] + [j - i]
        gap = 0
        while j + gap < len(alpha) and alpha[j + gap] == 0:
            gap += 1
        if j + gap < len(alpha):
            out += [0] * (gap - 1)
        i = j + gap
    while out[0] == 0:
        out.pop(0)
    return tuple(out)


def _local_rule(alpha: Sequence) -> Sequence:
    """The equivalent local rule of SPEC-games.md §3 (a 0 appended, then trimmed)."""
    out = []
    run = 0
    for a in (*alpha, 0):
        out.append(a - 1 if a > 0 else run)
        run = run + 1 if a > 0 else 0
    while out[0] == 0:
        out.pop(0)
    return tuple(out)


def _orbit(alpha: Sequence) -> list[Sequence]:
    seen = [alpha]
    current = _reference_move(alpha)
    while current != alpha:
        assert len(seen) < 10_000, f"{alpha} is not periodic within 10 000 moves"
        seen.append(current)
        current = _reference_move(current)
    return seen


def _reducible(alpha: Sequence) -> bool:
    """Some inner zero gap of length r, suffix γ, with r + len(γ) > max_t len(M^t γ)."""
    i = 0
    while i < len(alpha):
        if alpha[i] != 0:
            i += 1
            continue
        r = 0
        while alpha[i + r] == 0:
            r += 1
        gamma = alpha[i + r :]
        if r + len(gamma) > max(len(x) for x in _orbit(gamma)):
            return True
        i += r
    return False


def _sequences(n: int, max_length: int) -> list[Sequence]:
    """Every position of size n (first and last entries positive) up to a length.

    Stars and bars: n − 2 cards and length − 1 bars give the entries, then the first and the
    last entry get one card more.
    """
    result = [(n,)]
    for length in range(2, max_length + 1 if n >= 2 else 2):
        slots = n - 2 + length - 1
        for bars in combinations(range(slots), length - 1):
            edges = (-1, *bars, slots)
            entries = [b - a - 1 for a, b in pairwise(edges)]
            entries[0] += 1
            entries[-1] += 1
            result.append(tuple(entries))
    return result


def test_mon_ex1_m_of_1_0_2_is_1_1_1() -> None:
    # MON-ex1 (001:184): M(1,0,2) = (0,1,1,1) = (1,1,1)
    assert montreal_move((1, 0, 2)) == _reference_move((1, 0, 2)) == (1, 1, 1)
    graph = build_montreal(3)
    assert graph.position(int(graph.successor[graph.index((1, 0, 2))])) == (1, 1, 1)


def test_mon_ex2_m_of_1_2_0_1_0_2() -> None:
    # MON-ex2 (001:188): M(1,2,0,1,0,2) = (1,2,0,1,1,1). The position is reducible (its first
    # gap, r = 1 before γ = (1,0,2) whose orbit is at most 3 long, is never closed), so it is
    # not in I(6); the compiled move is checked on its code directly.
    alpha, image = (1, 2, 0, 1, 0, 2), (1, 2, 0, 1, 1, 1)
    assert montreal_move(alpha) == _reference_move(alpha) == image
    out_codes, out_lengths = np.empty(1, dtype=np.int64), np.empty(1, dtype=np.int64)
    codes, lengths = np.array([encode(alpha)]), np.array([len(alpha)])
    mk.montreal_successors(6, codes, lengths, out_codes, out_lengths)
    assert decode(int(out_codes[0])) == image and out_lengths[0] == len(image)
    assert _reducible(alpha)
    with pytest.raises(MontrealPositionError, match="reducible"):
        build_montreal(6).index(alpha)


def test_mon_traj_and_mon_18_the_orbit_of_3_2_2() -> None:
    # MON-traj (001:192) and MON-18 (001:194): M^18(3,2,2) = (3,2,2), least period 18
    graph = build_montreal(7)
    start = graph.index((3, 2, 2))
    path = [start]
    for _ in range(18):
        path.append(int(graph.successor[path[-1]]))
    assert [graph.position(i) for i in path[:6]] == [
        (3, 2, 2),
        (2, 1, 1, 3),
        (1, 0, 0, 2, 4),
        (1, 0, 1, 3, 2),
        (1, 0, 2, 1, 3),
        (1, 1, 0, 2, 3),
    ]
    assert path[18] == start and start not in path[1:18]
    assert len(graph.cycles[graph.cycle_of[start]]) == 18


@pytest.mark.parametrize("n", range(1, 15))
def test_mon_bij_m_permutes_i_n(n: int) -> None:
    # MON-bij (001:194): M injective and every position periodic, on I(n)
    graph = build_montreal(n)
    assert np.array_equal(np.sort(graph.successor), np.arange(graph.size))
    assert graph.in_degree.min() == graph.in_degree.max() == 1
    stats = graph.stats()
    assert stats["garden_of_eden"] == 0
    assert stats["max_transient"] == 0


@pytest.mark.parametrize("n", range(1, 11))
def test_i_n_has_a007075_many_positions(n: int) -> None:
    assert (
        build_montreal(n).size
        == A007075[n - 1]
        == (1, 2, 5, 13, 35, 95, 260, 714, 1965, 5415)[n - 1]
    )


@pytest.mark.parametrize("n", range(1, 9))
def test_i_n_is_exactly_the_irreducible_positions_and_none_is_longer_than_n(n: int) -> None:
    graph = build_montreal(n)
    engine = {graph.position(i) for i in range(graph.size)}
    brute = {alpha for alpha in _sequences(n, n + 2) if not _reducible(alpha)}
    assert engine == brute
    assert max(len(alpha) for alpha in brute) <= n


@pytest.mark.parametrize("n", range(1, 11))
def test_successor_is_the_block_rule_for_every_position(n: int) -> None:
    graph = build_montreal(n)
    for i in range(graph.size):
        alpha = graph.position(i)
        assert graph.index(alpha) == i
        assert graph.position(int(graph.successor[i])) == _reference_move(alpha)
        assert montreal_move(alpha) == _reference_move(alpha)


@pytest.mark.parametrize("n", range(1, 9))
def test_block_rule_and_local_rule_agree_on_every_short_position(n: int) -> None:
    for alpha in _sequences(n, n + 2):
        assert _reference_move(alpha) == _local_rule(alpha)


@pytest.mark.parametrize("n", range(1, 9))
def test_x_n_is_the_union_of_the_orbits_of_the_zero_free_compositions(n: int) -> None:
    orbits: set[Sequence] = set()
    for start in compositions(n):
        if start not in orbits:
            orbits.update(_orbit(start))
    x = build_montreal(n, space="X")
    assert {x.position(i) for i in range(x.size)} == orbits
    i_n = build_montreal(n)
    assert orbits <= {i_n.position(i) for i in range(i_n.size)}
    assert (x.size == i_n.size) == (n <= 5)
    assert x.stats()["garden_of_eden"] == 0


@pytest.mark.parametrize("n", range(1, 9))
def test_parse_member_accepts_exactly_the_members_of_i_n_and_of_x_n(n: int) -> None:
    """Decided from the definitions without the graph, against X(n) = the orbits of the
    zero-free compositions (SPEC-games.md §3), over every position of I(n)."""
    orbits: set[Sequence] = set()
    for start in compositions(n):
        if start not in orbits:
            orbits.update(_orbit(start))
    i_n = build_montreal(n)
    for i in range(i_n.size):
        position = i_n.position(i)
        text = ",".join(map(str, position))
        assert parse_member(text, n) == position
        if position in orbits:
            assert parse_member(text, n, "X") == position
        else:
            with pytest.raises(MontrealPositionError, match="not in X"):
                parse_member(text, n, "X")


@pytest.mark.parametrize("n", [3, 5, 7, 8])
def test_analysis_agrees_with_networkx(n: int) -> None:
    assert_matches_networkx(build_montreal(n))
    assert_matches_networkx(build_montreal(n, space="X"))


def test_keys_and_notation_write_the_entries_in_order() -> None:
    graph = build_montreal(6)
    keys = graph.keys()
    assert keys == [",".join(map(str, graph.position(i))) for i in range(graph.size)]
    assert [graph.index(key) for key in keys] == list(range(graph.size))
    assert graph.position(0) == (6,)
    assert build_montreal(3).notation(build_montreal(3).index("1 0 2")) == "(1,0,2)"


@pytest.mark.parametrize("n", [1, 2, 6])
def test_flat_entries_and_the_space_codes_list_i_n_in_index_order(n: int) -> None:
    """One offset per position plus the end; the rows are the positions; the sorted codes
    and lengths of the space I(n) are those of the graph's positions."""
    graph = build_montreal(n)
    entries, offsets = graph.flat_parts()
    assert offsets.shape == (graph.size + 1,)
    assert offsets[0] == 0 and offsets[-1] == entries.shape[0]
    rows = [tuple(int(v) for v in entries[lo:hi]) for lo, hi in pairwise(offsets.tolist())]
    assert rows == [graph.position(i) for i in range(graph.size)]
    space = MontrealPositions(n)
    codes, lengths = space.codes, space.lengths
    assert codes.tolist() == sorted(encode(row) for row in rows)
    assert lengths.tolist() == [len(decode(int(code))) for code in codes]


def test_m_ignores_outer_zeros() -> None:
    for alpha in [(1, 0, 2), (3, 2, 2), (2, 0, 0, 1)]:
        assert montreal_move((0, 0, *alpha, 0)) == montreal_move(alpha) == _reference_move(alpha)
    # size 0: zeros alone trim to the empty position, which has no block to move
    assert montreal_move(()) == montreal_move((0,)) == montreal_move((0, 0, 0)) == ()


def test_parse_montreal_drops_outer_zeros_and_reads_exponents() -> None:
    assert parse_montreal("0, 1,0,2, 0", 3) == (1, 0, 2)
    assert parse_montreal("[2^2 0 1]", 5) == (2, 2, 0, 1)


@pytest.mark.parametrize("text", ["1,-1,3", "", "x", "1,0,1", "0,0"])
def test_text_that_is_not_a_position_of_size_n_is_refused(text: str) -> None:
    with pytest.raises(MontrealPositionError):
        parse_montreal(text, 3)


def test_a_reducible_position_has_no_index_and_says_why() -> None:
    with pytest.raises(MontrealPositionError, match="reducible"):
        build_montreal(2).index((1, 0, 1))
    with pytest.raises(MontrealPositionError, match=r"not in X\(6\)"):
        x = build_montreal(6, space="X")
        missing = next(
            a for a in (build_montreal(6).position(i) for i in range(95)) if a not in _x_set(x)
        )
        x.index(missing)


@pytest.mark.parametrize("kept", [(2,), (1, 1)])
def test_a_set_that_m_leaves_is_refused_whichever_way_the_image_sorts(kept: Sequence) -> None:
    """I(2) = {(2), (1,1)} and M swaps them (the block rule); either one alone is not
    M-invariant, its image sorting after it (code 5 > 3) or before it."""
    assert _reference_move((2,)) == (1, 1) and _reference_move((1, 1)) == (2,)
    codes = np.array([encode(kept)], dtype=np.int64)
    lengths = np.array([len(kept)], dtype=np.int64)
    with pytest.raises(MontrealClosureError, match=r"is not in I\(2\)"):
        _successor_indices(2, codes, lengths)


def _x_set(x: object) -> set[Sequence]:
    graph = x  # a MontrealGraph
    return {graph.position(i) for i in range(graph.size)}  # type: ignore[attr-defined]


@pytest.mark.parametrize("n", [0, 32, 3.0, "5", True])
def test_n_out_of_range_is_refused_in_one_line(n: object) -> None:
    with pytest.raises(InputError, match="n must be"):
        build_montreal(n)  # type: ignore[arg-type]


def test_an_unknown_space_is_refused() -> None:
    with pytest.raises(InputError, match="space"):
        build_montreal(4, space="Y")  # type: ignore[arg-type]


def test_a_build_over_the_memory_limit_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "100M")
    with pytest.raises(TooLargeError, match=r"M on I\(22\)"):
        build_montreal(22)


def test_the_estimate_is_exact_to_n_10_and_extrapolated_beyond() -> None:
    """Exact: as many nodes as the built I(n) holds, and as SPEC-games.md §3 lists (typed
    here, not the package's A007075 the estimate is read from)."""
    listed = (1, 2, 5, 13, 35, 95, 260, 714, 1965, 5415)
    estimated = [estimate_montreal(n) for n in range(1, 11)]
    assert [e.nodes for e in estimated] == [build_montreal(n).size for n in range(1, 11)]
    assert [e.nodes for e in estimated] == list(listed)
    assert not any(e.approximate for e in estimated)
    beyond = estimate_montreal(31)
    assert beyond.approximate and beyond.nodes > listed[-1] * 2.7**21
