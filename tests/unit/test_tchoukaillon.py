"""Tchoukaillon solitaire, strange roots and Fagan's construction: SPEC-games.md §6, facts
TCH-* and SR-* of §9.

Independent computations used here: a brute-force win search over every board (pure Python,
straight from the move rule), the recursion of l.51 against the explicit and move-vector
formulas, direct iteration of Alist_n and CF(m) against the sieve f(k), and a plain
breadth-first search of the boards reachable from Tchouk_n against the engine's graph.
"""

from __future__ import annotations

import time
from collections import Counter
from functools import cache, reduce
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamegraph.games.limits import TooLargeError
from gamegraph.games.tchoukaillon import _kernels as tk
from gamegraph.games.tchoukaillon.boards import (
    Board,
    BoardError,
    NotWinnableError,
    TchoukaillonError,
    board_key,
    is_winnable,
    move_vector,
    move_vector_by_play,
    parse_board,
    play,
    winnable_board,
    winning_play,
)
from gamegraph.games.tchoukaillon.engine import (
    STATS_KEYS,
    PositionError,
    board_keys,
    build_tchoukaillon,
    estimate_tchoukaillon,
)
from gamegraph.games.tchoukaillon.roots import (
    MAX_RANGE,
    alist,
    boards_per_rightmost_hole,
    cf,
    fagan_basin_size,
    fagan_basin_sizes,
    fagan_pairs,
    fagan_roots,
    first_stones_with_hole,
    rightmost_holes,
    roots_per_value,
    strange_root,
    strange_roots,
)
from gamegraph.reporting.claims.seed002 import formula_board, recursion_board

# --------------------------------------------------------------------------- brute force


def _trim(cells: list[int] | tuple[int, ...]) -> Board:
    cells = list(cells)
    while cells and cells[-1] == 0:
        cells.pop()
    return tuple(cells)


def bf_moves(board: Board, literal: bool) -> list[tuple[int, Board]]:
    """Moves straight from the rule: sow the s stones of hole i into holes i−1, …, i−s."""
    out = []
    for hole, stones in enumerate(board, start=1):
        if stones == 0 or stones > hole or (not literal and stones != hole):
            continue
        cells = list(board)
        cells[hole - 1] = 0
        for target in range(hole - 1, hole - 1 - stones, -1):
            if target > 0:
                cells[target - 1] += 1
        out.append((hole, _trim(cells)))
    return out


@cache
def bf_winnable(board: Board, literal: bool) -> bool:
    return not board or any(bf_winnable(after, literal) for _, after in bf_moves(board, literal))


def all_boards(stones: int, length: int) -> list[Board]:
    """Every board with the given stones in holes 1..length (last hole non-empty)."""
    if length == 0:
        return [()] if stones == 0 else []
    return [
        (*head, last)
        for last in range(1, stones + 1)
        for head in _weak_compositions(stones - last, length - 1)
    ]


def _weak_compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 0:
        return [()] if total == 0 else []
    return [
        (first, *rest)
        for first in range(total + 1)
        for rest in _weak_compositions(total - first, parts - 1)
    ]


def winnable_boards(stones: int, literal: bool, max_length: int) -> set[Board]:
    return {
        b
        for length in range(max_length + 1)
        for b in all_boards(stones, length)
        if bf_winnable(b, literal)
    }


# --------------------------------------------------------------------------- boards


@pytest.mark.parametrize("n", range(0, 8))
def test_tch_unique_exactly_one_winnable_board_per_n_by_brute_force(n: int) -> None:
    """Boards longer than n lose: their last hole holds ≤ n < its number of stones and
    nothing ever feeds it, so searching lengths ≤ n covers every board."""
    found = winnable_boards(n, literal=False, max_length=n)
    assert found == {winnable_board(n)}
    assert _by_recursion(n) == winnable_board(n)
    assert formula_board(n)[1] == winnable_board(n)


def test_tch_literal_fails_two_winnable_boards_with_one_stone() -> None:
    """TCH-literal ("same under the literal rule of l.45") FAILS as stated. Smallest
    counterexample: n = 1, where (1) and (0,1) both win under the literal rule (hole 2 sows
    its one stone into hole 1, then hole 1 into the pit). In fact (0,…,0,1) wins for every
    length, so no n ≥ 1 has a unique literal winnable board."""
    assert winnable_boards(1, literal=True, max_length=3) == {(1,), (0, 1), (0, 0, 1)}
    assert winning_play((0, 1), literal=True) == [(2, (1,)), (1, ())]
    for n in range(1, 6):
        literal_winners = winnable_boards(n, literal=True, max_length=n + 1)
        assert len(literal_winners) > 1 and winnable_board(n) in literal_winners


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 7), max_size=7))
def test_tch_unique_any_board_is_winnable_iff_it_is_tchouk_of_its_stones(cells: list[int]) -> None:
    board = _trim(cells)
    assert is_winnable(board) == (board == winnable_board(sum(board)))
    assert is_winnable(board) == bf_winnable(board, False)


def _by_recursion(n: int) -> Board:
    """Tchouk_n by the recursion of l.51 from the empty board."""
    return reduce(lambda board, _: recursion_board(board), range(n), ())


def test_tch_rec_and_tch_explicit_give_the_same_boards_up_to_1000() -> None:
    board: Board = ()
    for n in range(1000):
        assert board == winnable_board(n)
        board = recursion_board(board)


def test_tch_mvformula_closed_form_matches_the_played_win_up_to_300() -> None:
    for n in range(300):
        board = winnable_board(n)
        assert move_vector(n) == move_vector_by_play(board)
        assert sum(move_vector(n)) == n
        assert formula_board(n) == (move_vector(n), board)


def test_seed_boards_tchouk_10_11_12() -> None:
    assert winnable_board(10) == (0, 1, 1, 3, 5)
    assert winnable_board(11) == (1, 1, 1, 3, 5)
    assert winnable_board(12) == (0, 0, 0, 2, 4, 6)
    assert winnable_board(3) == (1, 2)


def test_tch_mv3_move_vector_of_1_2_is_2_1() -> None:
    assert move_vector(3) == (2, 1)
    assert move_vector_by_play((1, 2)) == (2, 1)
    assert winning_play((1, 2)) == [(1, (0, 2)), (2, (1,)), (1, ())]


def test_tch_order_playing_hole_2_of_1_2_first_is_stuck() -> None:
    stuck = play((1, 2), 2)
    assert stuck == (2,)
    assert bf_moves(stuck, False) == []
    with pytest.raises(NotWinnableError):
        winning_play(stuck)


def test_winning_play_moves_are_legal_and_end_empty() -> None:
    for n in (1, 10, 57, 200):
        board = winnable_board(n)
        for hole, after in winning_play(board):
            assert after == play(board, hole)
            board = after
        assert board == ()


def test_tch_hole5_exactly_n_10_and_11_have_rightmost_hole_5() -> None:
    holes = rightmost_holes(2000)
    assert np.all(np.diff(holes) >= 0)  # the rightmost hole never moves left
    assert np.flatnonzero(holes == 5).tolist() == [10, 11]
    assert [len(winnable_board(n)) for n in range(2001)] == holes.tolist()


# --------------------------------------------------------------------------- strange roots


def test_sr_6_strange_root_is_6_exactly_for_11_and_12() -> None:
    assert [n for n in range(1, 3000) if strange_root(n) == 6] == [11, 12]


def test_sieve_strange_roots_equal_direct_alist_iteration() -> None:
    top = 10**5
    last_i, last_y = tk.strange_roots_direct(top)
    assert np.array_equal(strange_roots(top)[1:], last_i[1:])
    # SR-lemma23: every Alist ends in an equal pair
    assert np.array_equal(last_i[1:], last_y[1:])
    # SR-monotone
    assert np.all(np.diff(last_i[1:]) >= 0)
    assert [strange_root(n) for n in range(1, 500)] == last_i[1:500].tolist()


def test_strange_root_is_one_more_than_the_rightmost_hole_of_the_previous_board() -> None:
    top = 10**5
    roots = tk.strange_roots_direct(top)[0]
    holes = rightmost_holes(top)
    assert np.array_equal(roots[1:], 1 + holes[:-1])


def test_alist_pairs_are_i_plus_m_i_of_the_previous_board() -> None:
    for n in range(2, 1500):
        moves = move_vector(n - 1)
        big_m = [sum(moves[i:]) for i in range(len(moves))]
        for i, y in alist(n):
            assert y == i + (big_m[i - 1] if i - 1 < len(big_m) else 0)


def test_sieve_f_is_the_least_n_whose_board_uses_hole_k() -> None:
    holes = rightmost_holes(20000)
    top_k = int(holes[-1])
    f = tk.first_stones_with_hole(top_k)
    for k in range(top_k + 1):
        assert f[k] == int(np.argmax(holes >= k)) == first_stones_with_hole(k)


def test_sr_prop36_boards_per_rightmost_hole_equal_numbers_per_strange_root() -> None:
    top = 10**5
    boards = boards_per_rightmost_hole(top)
    roots = tk.strange_roots_direct(top + 1)[0]
    per_root = np.bincount(roots[1:])
    complete = int(rightmost_holes(top)[-1])  # the last hole's count may continue past top
    for k in range(2, complete + 1):
        assert boards[k - 1] == per_root[k]
    assert np.array_equal(roots_per_value(top)[1:], np.bincount(roots[1 : top + 1])[1:])


def test_sr_cf4_fagan_pairs_of_4() -> None:
    assert fagan_pairs(4) == [(2, 8), (3, 7), (4, 6), (5, 5)]
    assert cf(4) == 5


def test_sr_transform_maps_alist_2m_onto_cf_m() -> None:
    for m in range(1, 3000):
        pairs = alist(2 * m)
        assert (pairs[0][0], 2 * pairs[0][1] - pairs[0][0]) == (1, 4 * m - 1)
        assert pairs[1] == (2, m + 1)
        assert [(x, 2 * y - x) for x, y in pairs[1:]] == fagan_pairs(m)
        assert strange_root(2 * m) == cf(m)


def test_sr_noeq_fagan_steps_never_meet_the_bound_with_equality() -> None:
    for m in range(1, 3000):
        pairs = fagan_pairs(m)
        for (i, a), (j, b) in pairwise(pairs):
            assert j == i + 1 and j * b > i * a and (j + b) % 2 == 0
            assert j * b != i * a
        assert pairs[-1][0] == pairs[-1][1]  # SR-lemma23 for CF


def test_sr_lemma23_every_cf_ends_in_an_equal_pair_up_to_100000() -> None:
    last_i, last_a = tk.fagan_roots_direct(10**5)
    assert np.array_equal(last_i[1:], last_a[1:])
    assert np.array_equal(fagan_roots(10**5)[1:], last_i[1:])


def test_sr_basin1_prefix_basin_size_one_exactly_for_m_1_2_3_6_30() -> None:
    """SR-basin1 on m ≤ 10^5 (the benchmark runs m ≤ 636881 and m = 242650650): basins
    counted from direct CF iteration, continued past 10^5 until cf grows."""
    top = 10**5
    roots = tk.fagan_roots_direct(top + 2000)[0][1:]
    assert roots[-1] > roots[top - 1]  # the basin of cf(top) is complete
    sizes = Counter(roots.tolist())
    singles = [m for m in range(1, top + 1) if sizes[int(roots[m - 1])] == 1]
    assert singles == [1, 2, 3, 6, 30]
    assert [int(roots[m - 1]) for m in singles] == [2, 3, 4, 6, 14]


def test_a204539_basin_sizes_from_the_sieve_equal_direct_counts() -> None:
    top = 10**5
    roots = tk.fagan_roots_direct(top)[0][1:]
    direct = np.bincount(roots)
    complete = int(roots[-1])  # the basin of cf(top) may continue past top
    bulk = fagan_basin_sizes(top)
    assert np.array_equal(bulk[:complete], direct[:complete])
    for n in range(complete):
        assert fagan_basin_size(n) == direct[n]


def test_range_functions_refuse_bad_ranges() -> None:
    for bad in (-1, MAX_RANGE + 1):
        with pytest.raises(TchoukaillonError):
            strange_roots(bad)
    with pytest.raises(TchoukaillonError):
        strange_root(0)
    with pytest.raises(TchoukaillonError):
        cf(-2)
    # Fagan's roots up to m are strange roots up to 2m: refused past MAX_RANGE / 2, before
    # a sieve of MAX_RANGE + 2 values is made
    with pytest.raises(TchoukaillonError, match=f"up to {MAX_RANGE}"):
        fagan_roots(MAX_RANGE // 2 + 1)


def test_counts_per_value_are_as_long_as_the_largest_value_and_empty_for_top_0() -> None:
    """out[k] for k = 0..the largest value in range: the last entry counts that value, so it
    is positive; top = 0 has no n ≥ 1 (no root, no basin) and the single board Tchouk_0."""
    for top in (1, 2, 7, 1000):
        holes = rightmost_holes(top)
        assert boards_per_rightmost_hole(top).tolist() == np.bincount(holes).tolist()
        per_root = roots_per_value(top)
        assert per_root.shape == (int(strange_roots(top).max()) + 1,) and per_root[-1] > 0
        basins = fagan_basin_sizes(top)
        assert basins.shape == (int(fagan_roots(top).max()) + 1,) and basins[-1] > 0
    assert roots_per_value(0).tolist() == [0]
    assert fagan_basin_sizes(0).tolist() == [0]
    assert boards_per_rightmost_hole(0).tolist() == [1]


@pytest.mark.parametrize("value", [1, 9, 10, 11, 99, 100, 120, 999, 1000, 32767])
def test_board_keys_writes_numbers_of_every_width_as_python_does(value: int) -> None:
    """Holes of one to five digits (the graphs built here hold at most two), every cell of a
    table as wide as its largest, and the empty board."""
    for cells in ([[value] * 3, [value, 0, 0], [0, 0, 0]], [[value, 1, value]], [[0]]):
        rows = np.array(cells, dtype=np.int16)
        lengths = np.array([len(_trim(row)) for row in cells], dtype=np.int64)
        assert board_keys(rows, lengths) == [board_key(_trim(row)) for row in cells]
    assert board_keys(np.zeros((0, 3), dtype=np.int16), np.zeros(0, dtype=np.int64)) == []


def test_range_kernels_answer_exactly_the_indices_0_to_top() -> None:
    """out[n] for 0 <= n <= top (f[k] for 0 <= k <= top_k): top + 1 entries, no more."""
    for top in (0, 1, 5, 300):
        assert tk.rightmost_holes(top).shape == (top + 1,)
        assert tk.strange_roots_sieve(top).shape == (top + 1,)
        assert tk.first_stones_with_hole(top).shape == (top + 1,)
        assert all(a.shape == (top + 1,) for a in tk.strange_roots_direct(top))
        assert all(a.shape == (top + 1,) for a in tk.fagan_roots_direct(top))


def test_range_functions_accept_up_to_max_range_itself() -> None:
    """The bound is inclusive ("accept up to MAX_RANGE"); checked on the guard alone, since
    a range of 10^8 values would take seconds and 0.8 GB."""
    from gamegraph.games.tchoukaillon.roots import _check_range

    assert _check_range(MAX_RANGE) == MAX_RANGE
    with pytest.raises(TchoukaillonError):
        _check_range(MAX_RANGE + 1)


# --------------------------------------------------------------------------- the graph


def bf_reachable(start: Board, literal: bool) -> dict[Board, list[tuple[int, Board]]]:
    seen = {start: bf_moves(start, literal)}
    todo = [start]
    while todo:
        for _, after in seen[todo.pop()]:
            if after not in seen:
                seen[after] = bf_moves(after, literal)
                todo.append(after)
    return seen


def bf_distance(board: Board, graph: dict[Board, list[tuple[int, Board]]]) -> int:
    """Fewest moves to the empty board (−1 if none), by plain BFS."""
    frontier, seen, steps = {board}, {board}, 0
    while frontier:
        if () in frontier:
            return steps
        frontier = {a for b in frontier for _, a in graph[b]} - seen
        seen |= frontier
        steps += 1
    return -1


@pytest.mark.parametrize(
    ("n", "literal"), [*((n, False) for n in range(0, 26)), (7, True), (11, True)]
)
def test_graph_is_the_set_of_boards_reachable_from_tchouk_n(n: int, literal: bool) -> None:
    graph = build_tchoukaillon(n, literal=literal)
    expected = bf_reachable(winnable_board(n), literal)
    boards = [graph.position(i) for i in range(graph.size)]
    assert set(boards) == set(expected) and len(boards) == len(expected)
    assert graph.position(0) == winnable_board(n) and graph.position(graph.size - 1) == ()
    for i, board in enumerate(boards):
        assert graph.index(board) == i
        got = [(hole, boards[target]) for hole, target in graph.successors(i)]
        assert got == expected[board]
        assert all(target > i for _, target in graph.successors(i))  # topological order
        assert graph.distance[i] == bf_distance(board, expected)
    assert graph.keys() == [board_key(b) for b in boards]
    # moves only sow leftwards, so no board is longer than Tchouk_n: the rows are that wide
    assert graph.rows.shape[1] == max(len(winnable_board(n)), 1)


@pytest.mark.parametrize("n", [10, 40])
def test_standard_graph_winnable_nodes_are_tchouk_m_for_m_le_n_at_distance_m(n: int) -> None:
    graph = build_tchoukaillon(n)
    winners = {graph.position(int(i)) for i in np.flatnonzero(graph.winnable)}
    assert winners == {winnable_board(m) for m in range(n + 1)}
    assert np.array_equal(graph.distance[graph.winnable], graph.stones[graph.winnable])
    # observed, not a seed claim (checked against the BFS above for n ≤ 25): a tree
    assert graph.arcs == graph.size - 1
    for i in np.flatnonzero(graph.dead_end):
        assert graph.position(int(i)) != () and not graph.successors(int(i))


def test_graph_winning_play_from_a_node() -> None:
    graph = build_tchoukaillon(10)
    play_ = graph.winning_play(0)
    assert len(play_) == 10 and play_[-1][1] == ()
    dead = int(np.flatnonzero(graph.dead_end)[0])
    with pytest.raises(NotWinnableError):
        graph.winning_play(dead)


def test_graph_index_refuses_boards_not_in_it() -> None:
    graph = build_tchoukaillon(10)
    for bad in ((5, 5), (0, 0, 0, 0, 0, 0, 1), "1,1,1,1"):
        with pytest.raises(PositionError):
            graph.index(bad)
    with pytest.raises(BoardError):
        graph.index((1, -1))
    with pytest.raises(PositionError):
        graph.position(graph.size)


def test_stats_of_one_n_has_exactly_the_listed_keys() -> None:
    stats = build_tchoukaillon(10).stats()
    assert tuple(stats) == STATS_KEYS
    assert stats == {
        "n": 10,
        "winnable_board": [0, 1, 1, 3, 5],
        "move_vector": list(move_vector(10)),
        "rightmost_hole": 5,
        "strange_root": strange_root(10),
    }


def test_too_large_graphs_are_refused_from_the_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    started = time.perf_counter()
    estimate_tchoukaillon(10**6)
    estimate_tchoukaillon(10**6, literal=True)
    assert time.perf_counter() - started < 1
    with pytest.raises(TooLargeError):
        build_tchoukaillon(10**6)
    with pytest.raises(TooLargeError):
        build_tchoukaillon(60, literal=True)
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "1K")
    with pytest.raises(TooLargeError, match="GAMEGRAPH_MEMORY_LIMIT"):
        build_tchoukaillon(5)


def test_a_build_whose_estimate_equals_the_limit_is_allowed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only an estimate over the limit is refused; one byte less of limit refuses it."""
    need = estimate_tchoukaillon(5).bytes
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", str(need))
    assert build_tchoukaillon(5).size > 0
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", str(need - 1))
    with pytest.raises(TooLargeError):
        build_tchoukaillon(5)


@pytest.mark.parametrize("n", [-1, 2.0, "3", True])
def test_bad_n_is_refused(n: object) -> None:
    with pytest.raises(TchoukaillonError):
        build_tchoukaillon(n)  # type: ignore[arg-type]
    with pytest.raises(TchoukaillonError):
        winnable_board(n)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("text", "board"),
    [
        ("0,1,1,3,5", (0, 1, 1, 3, 5)),
        ("0 1 1 3 5", (0, 1, 1, 3, 5)),
        ("[0, 1, 1, 3, 5]", (0, 1, 1, 3, 5)),
        ("(1,2,0,0)", (1, 2)),
        ("0", ()),
        ("", ()),
        ("[]", ()),
    ],
)
def test_parse_board_accepts_lists_of_holes(text: str, board: Board) -> None:
    assert parse_board(text) == board


@pytest.mark.parametrize("text", ["-1,2", "1,-2", "1.5,2", "a", "3^2", "1;2"])
def test_parse_board_refuses_negative_and_non_integer_holes(text: str) -> None:
    with pytest.raises(BoardError) as info:
        parse_board(text)
    assert "\n" not in str(info.value)


def test_parse_board_checks_the_number_of_stones() -> None:
    assert parse_board("1,2", 3) == (1, 2)
    with pytest.raises(BoardError, match="not n = 4"):
        parse_board("1,2", 4)


def test_playing_a_hole_that_cannot_be_played_is_refused() -> None:
    with pytest.raises(BoardError):
        play((1, 1), 2)
    assert play((1, 1), 2, literal=True) == (2,)


@pytest.mark.parametrize("radix", [7, 2**40])  # one int64 key per row, and rows too wide for it
def test_unique_rows_is_numpys_unique_with_its_inverse(radix: int) -> None:
    from gamegraph.games.tchoukaillon.engine import _unique_rows

    rows = np.random.default_rng(5).integers(0, 7, size=(300, 3))
    bucket, inverse = _unique_rows(rows, radix)
    expected, expected_inverse = np.unique(rows, axis=0, return_inverse=True)
    assert np.array_equal(bucket, expected)
    assert np.array_equal(inverse, expected_inverse.reshape(-1))
    assert np.array_equal(bucket[inverse], rows)


@pytest.mark.parametrize("part", ["list", "far"])
def test_seed_single_basins_do_not_hold_when_either_part_of_the_claim_is_changed(
    part: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gamegraph.games.tchoukaillon import roots

    assert roots.check_seed_single_basins()["holds"]
    if part == "list":
        monkeypatch.setattr(roots, "SEED_SINGLE_BASINS", roots.SEED_SINGLE_BASINS[:-1])
    else:
        m, root = roots.SEED_FAR_SINGLE_BASIN
        monkeypatch.setattr(roots, "SEED_FAR_SINGLE_BASIN", (m, root + 1))
    assert not roots.check_seed_single_basins()["holds"]
