"""Tchoukaillon solitaire as a gamegraph game: its parameters and graph id, its Neo4j tables
(the move graph T_n and its analysis), positions in queries, the Python API for any n, and
the package's functions for the numbers (Fagan basins, SR-basin1).

Expected values come from the brute force of tests/unit/test_tchoukaillon.py (moves
straight from the rule, a memoised win search) and from plain iterations written here (the
Alist of a number, CF(m)), never from the engine.
"""

from __future__ import annotations

import time
from collections import Counter

import networkx as nx
import pytest
from test_tchoukaillon import bf_moves, bf_winnable

import gamegraph as gg
from gamegraph.errors import InputError, TooLargeError
from gamegraph.games import parse_graph_id
from gamegraph.games import tchoukaillon as tch
from gamegraph.games.tchoukaillon import Tchoukaillon
from gamegraph.games.tchoukaillon import engine as tch_engine
from gamegraph.games.tchoukaillon.boards import Board, board_key

# --------------------------------------------------------------------------- plain iterations


def least_above(factor: int, bound: int) -> int:
    """The least integer z >= 0 with factor·z > bound (bound >= 0), by bisection."""
    low, high = 0, bound + 1
    while low < high:
        middle = (low + high) // 2
        if factor * middle > bound:
            high = middle
        else:
            low = middle + 1
    return low


def sr_by_alist(n: int) -> int:
    """sr(n): from ⟨1, n⟩, ⟨i, y⟩ → ⟨i + 1, least integer > i(y + 1)/(i + 1)⟩ while y > i."""
    i, y = 1, n
    while y > i:
        y = least_above(i + 1, i * (y + 1))
        i += 1
    return i


def cf_by_pairs(m: int) -> int:
    """cf(m): from (2, 2m), (i, a) → (i + 1, least a' with (i + 1)a' > ia, i + 1 + a' even)."""
    i, a = 2, 2 * m
    while a > i:
        z = least_above(i + 1, i * a)
        a = z if (i + 1 + z) % 2 == 0 else z + 1
        i += 1
    return i


def reachable(start: Board, literal: bool) -> dict[Board, list[tuple[int, Board]]]:
    """Every board reachable from ``start`` with its moves, by the brute-force rule."""
    seen = {start: bf_moves(start, literal)}
    todo = [start]
    while todo:
        for _, after in seen[todo.pop()]:
            if after not in seen:
                seen[after] = bf_moves(after, literal)
                todo.append(after)
    return seen


def tchouk_by_search(m: int, boards: set[Board]) -> Board:
    """The one winnable board with m stones among ``boards`` (standard rule)."""
    (found,) = [b for b in boards if sum(b) == m and bf_winnable(b, False)]
    return found


def leftmost_play(board: Board) -> list[int]:
    """Holes played by always playing the leftmost playable hole (standard rule)."""
    holes = []
    while board:
        hole, board = bf_moves(board, False)[0]
        holes.append(hole)
    return holes


# --------------------------------------------------------------------------- the id


@pytest.mark.parametrize(
    ("values", "graph_id"),
    [
        ({"n": 12}, "tchoukaillon:standard:12"),
        ({"n": 8, "rule": "literal"}, "tchoukaillon:literal:8"),
    ],
)
def test_graph_id_names_the_rule_and_round_trips(values: dict[str, object], graph_id: str) -> None:
    game = Tchoukaillon.create(**values)
    assert game.id == graph_id
    assert parse_graph_id(graph_id) == game
    assert Tchoukaillon.from_record(game.record()) == game


# --------------------------------------------------------------------------- positions


@pytest.mark.parametrize(
    ("text", "key"),
    [("0,1,1,3,5", "0,1,1,3,5"), ("0 1 1 3 5", "0,1,1,3,5"), ("[1, 2, 0]", "1,2"), ("0", "0")],
)
def test_boards_in_any_notation_become_keys(text: str, key: str) -> None:
    assert Tchoukaillon.create(n=12).parse_position(text) == key


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("1,-2", "negative hole"),
        ("0,1.5,3", "bad hole"),
        ("1,two", "bad hole"),
        ("1 3^2", "bad hole"),
        ("0,0,0,2,4,7", "more than any board"),
    ],
)
def test_negative_or_non_integer_holes_and_too_many_stones_are_refused_in_one_line(
    text: str, why: str
) -> None:
    with pytest.raises(InputError, match=why) as info:
        Tchoukaillon.create(n=12).parse_position(text)
    assert "\n" not in str(info.value)


# --------------------------------------------------------------------------- the tables


@pytest.mark.parametrize(("n", "rule"), [(12, "standard"), (20, "standard"), (7, "literal")])
def test_tables_are_the_boards_reachable_from_tchouk_n_with_their_moves(n: int, rule: str) -> None:
    literal = rule == "literal"
    game = Tchoukaillon.create(n=n, rule=rule)
    tables = game.tables(game.build())
    (nodes,) = tables.nodes
    (moves,) = tables.rels
    keys = nodes.columns["key"]
    expected = reachable(tch.winnable_board(n), literal)
    assert sorted(keys) == sorted(board_key(b) for b in expected)
    assert keys[0] == board_key(tch.winnable_board(n)) and keys[-1] == "0"
    found: dict[str, list[tuple[int, str]]] = {key: [] for key in keys}
    for start, end, hole, sown in zip(
        moves.start.tolist(),
        moves.end.tolist(),
        moves.properties["hole"],
        moves.properties["sown"],
        strict=True,
    ):
        found[keys[start]].append((hole, keys[end]))
        assert sown == nodes.columns["holes"][start][hole - 1]  # the stones the hole held
    for board, board_moves in expected.items():
        assert sorted(found[board_key(board)]) == sorted((h, board_key(a)) for h, a in board_moves)
    for i, key in enumerate(keys):
        board = tuple(nodes.columns["holes"][i])
        assert board_key(board) == key and nodes.columns["stones"][i] == sum(board)
        winnable = bf_winnable(board, literal)
        assert nodes.flags["Winnable"][i] == winnable
        assert nodes.flags["DeadEnd"][i] == (bool(board) and not expected[board])
        assert (nodes.columns["distance"][i] is not None) == winnable
        m = sum(board)
        assert nodes.columns["strange_root"][i] == (sr_by_alist(m) if m else None)


@pytest.mark.parametrize("n", [12, 25])
def test_tchouk_boards_are_the_winnable_ones_with_their_play_and_move_vector(n: int) -> None:
    """TCH-unique inside T_n: one winnable board per m = 0..n (the brute-force search), at
    distance m, labelled :Tchouk, with the move vector of its leftmost play (TCH-mv3)."""
    game = Tchoukaillon.create(n=n)
    (nodes,) = game.tables(game.build()).nodes
    boards = {tuple(h) for h in nodes.columns["holes"]}
    rows = {key: i for i, key in enumerate(nodes.columns["key"])}
    tchouk = [
        k for k, flag in zip(nodes.columns["key"], nodes.flags["Tchouk"], strict=True) if flag
    ]
    assert len(tchouk) == n + 1
    for m in range(n + 1):
        board = tchouk_by_search(m, boards)
        i = rows[board_key(board)]
        assert nodes.flags["Tchouk"][i] and nodes.flags["Winnable"][i]
        assert nodes.columns["distance"][i] == m
        counts = Counter(leftmost_play(board))
        assert nodes.columns["move_vector"][i] == [counts[h] for h in range(1, len(board) + 1)]
    assert sum(nodes.flags["Winnable"]) == n + 1


def test_summary_holds_the_stats_of_n_and_the_size_of_t_n() -> None:
    game = Tchoukaillon.create(n=10)
    summary = game.summary(game.build())
    assert summary["winnable_board"] == [0, 1, 1, 3, 5]  # seed 002: Tchouk_10
    assert summary["rightmost_hole"] == 5 and summary["strange_root"] == sr_by_alist(10)
    assert summary["boards"] == len(reachable((0, 1, 1, 3, 5), False))
    assert summary["winnable_boards"] == 11 and summary["rule"] == "standard"


# --------------------------------------------------------------------------- the API


def test_stats_of_a_huge_n_answer_at_once_without_the_graph() -> None:
    started = time.perf_counter()
    analysis = gg.tchoukaillon(10**7)
    stats = analysis.stats()
    assert time.perf_counter() - started < 5
    assert stats["strange_root"] == sr_by_alist(10**7)
    assert stats["rightmost_hole"] == len(stats["winnable_board"])
    assert sum(stats["winnable_board"]) == 10**7 and sum(stats["move_vector"]) == 10**7
    with pytest.raises(TooLargeError, match="would need"):
        analysis.graph  # noqa: B018 (the graph is built on first use)


def test_to_networkx_is_the_reachable_boards_and_refuses_big_graphs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    graph = gg.tchoukaillon(12).to_networkx()
    expected = reachable(tch.winnable_board(12), False)
    assert set(graph.nodes) == {board_key(b) for b in expected}
    assert graph.number_of_edges() == sum(len(v) for v in expected.values())
    assert nx.is_directed_acyclic_graph(graph)
    assert nx.shortest_path_length(graph, "0,0,0,2,4,6", "0") == 12
    monkeypatch.setattr(tch_engine, "NETWORKX_LIMIT", 10)
    with pytest.raises(InputError, match="to_networkx"):
        gg.tchoukaillon(12).to_networkx()


def test_winning_play_of_the_api_is_the_leftmost_play() -> None:
    analysis = gg.tchoukaillon(12)
    holes = [hole for hole, _ in analysis.winning_play()]
    assert holes == leftmost_play(tch.winnable_board(12))
    assert analysis.winning_play("1,2")[-1] == (1, ())


def test_package_functions_answer_the_numbers() -> None:
    assert tch.winnable_board(11) == (1, 1, 1, 3, 5)
    assert tch.move_vector(3) == (2, 1)  # TCH-mv3
    assert tch.fagan_pairs(4) == [(2, 8), (3, 7), (4, 6), (5, 5)]  # SR-cf4
    assert [tch.strange_root(n) for n in range(1, 200)] == [sr_by_alist(n) for n in range(1, 200)]
    assert [tch.cf(m) for m in range(1, 200)] == [cf_by_pairs(m) for m in range(1, 200)]
    assert tch.alist(11)[-1] == (6, 6)  # SR-6


def test_fagan_basins_a204539_equal_counts_of_cf_by_the_pairs() -> None:
    m_max = 3000
    direct = Counter(cf_by_pairs(m) for m in range(1, m_max + 200))
    basins = tch.fagan_basins(m_max)
    assert basins and max(basins) < cf_by_pairs(m_max + 1)
    assert basins == {n: direct[n] for n in basins}
    assert list(basins) == list(range(2, max(basins) + 1))
    assert all(tch.fagan_basin_size(n) == size for n, size in basins.items())


def test_sr_basin1_single_member_basins_are_the_seeds_list() -> None:
    """SR-basin1 (seed 002 l.9): among m <= 636881 exactly m = 1, 2, 3, 6, 30, 493080 are
    alone in their basin (n = cf(m) = 2, 3, 4, 6, 14, 1760); also m = 242650650 (n = 39046)."""
    direct = Counter(cf_by_pairs(m) for m in range(1, 2000))
    singles = tch.single_member_basins(1500)
    assert singles == [(m, cf_by_pairs(m)) for m in range(1, 1501) if direct[cf_by_pairs(m)] == 1]
    report = tch.check_seed_single_basins()
    assert report["holds"] is True
    assert report["found"] == [(1, 2), (2, 3), (3, 4), (6, 6), (30, 14), (493080, 1760)]
    assert report["far_cf"] == 39046 and report["far_basin_size"] == 1


@pytest.mark.parametrize("bad", [0, -3, 2.5, "7"])
def test_package_functions_refuse_bad_numbers_in_one_line(bad: object) -> None:
    for function in (tch.strange_root, tch.fagan_basins, tch.single_member_basins):
        with pytest.raises(InputError) as info:
            function(bad)  # type: ignore[arg-type]
        assert "\n" not in str(info.value)
