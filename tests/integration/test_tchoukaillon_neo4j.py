"""T_n loaded into a real Neo4j: `gamegraph verify` agrees (and catches a missing move), and
every query of tchoukaillon.cypher answers what a brute force written here computes from
the rules (moves sown stone by stone, a memoised win search, the Alist of each number), not
what the engine stored."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from typing import Any

import pytest
from neo4j import Driver
from neo4j_support import graphs_loaded

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.queries import run_named
from gamegraph.errors import InputError
from gamegraph.games.tchoukaillon import Tchoukaillon
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.verify import verify

Board = tuple[int, ...]

STANDARD_12 = Tchoukaillon.create(n=12)
LITERAL_7 = Tchoukaillon.create(n=7, rule="literal")
GRAPHS = (STANDARD_12, LITERAL_7)


# --------------------------------------------------------------------------- brute force


def moves(board: Board, literal: bool) -> list[tuple[int, Board]]:
    """(hole, board after) for every legal move: the s stones of hole i go one each to holes
    i − 1, i − 2, …; the one reaching hole 0 goes to the pit."""
    out = []
    for hole, stones in enumerate(board, start=1):
        if stones == hole or (literal and 1 <= stones < hole):
            cells = list(board)
            cells[hole - 1] = 0
            for target in range(hole - 1, hole - 1 - stones, -1):
                if target > 0:
                    cells[target - 1] += 1
            while cells and cells[-1] == 0:
                cells.pop()
            out.append((hole, tuple(cells)))
    return out


@cache
def winnable(board: Board, literal: bool) -> bool:
    return not board or any(winnable(after, literal) for _, after in moves(board, literal))


def reachable(start: Board, literal: bool) -> set[Board]:
    seen, todo = {start}, [start]
    while todo:
        for _, after in moves(todo.pop(), literal):
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


def tchouk(m: int) -> Board:
    """The winnable board of m stones by the recursion of seed 002 l.51."""
    cells: list[int] = []
    for _ in range(m):
        i = next((j for j, v in enumerate(cells, start=1) if v == 0), len(cells) + 1)
        if i > len(cells):
            cells.append(0)
        cells[i - 1] = i
        for j in range(i - 1):
            cells[j] -= 1
    return tuple(cells)


def sr(n: int) -> int:
    """sr(n) by the Alist: ⟨i, y⟩ → ⟨i + 1, least integer > i(y + 1)/(i + 1)⟩ while y > i."""
    i, y = 1, n
    while y > i:
        y = next(z for z in range(y + 2) if (i + 1) * z > i * (y + 1))
        i += 1
    return i


def key(board: Board) -> str:
    return ",".join(map(str, board)) if board else "0"


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
    """T_12 and the literal T_7 loaded for the module (dropped afterwards unless there)."""
    with graphs_loaded(neo4j_driver, neo4j_settings, GRAPHS) as runner:
        yield runner


def _rows(
    runner: Neo4jQueryRunner, name: str, game: Tchoukaillon, **params: object
) -> list[dict[str, Any]]:
    values: dict[str, object] = {"n": game.n, "rule": game.rule}
    return run_named(runner, name, values | params).rows


# --------------------------------------------------------------------------- verify


def test_verify_recomputes_both_graphs_from_their_relationships(runner: Neo4jQueryRunner) -> None:
    report = verify(runner, graphs=list(GRAPHS))
    assert report.ok, [(c.graph, c.name, c.problems) for c in report.failures]
    assert report.graphs == [game.id for game in GRAPHS]
    names = {c.name for c in report.checks}
    assert {
        "moves of every board",
        "winnable boards and moves to win",
        "the winnable boards Tchouk_m",
        "move vectors of Tchouk_m",
        "strange roots sr(stones)",
        "Proposition 3.6 on the loaded boards",
        "summary on the :Graph node",
    } <= names
    counts = next(c for c in report.checks if c.graph == "T_12" and c.name == "boards and moves")
    boards = reachable(tchouk(12), False)
    arcs = sum(len(moves(b, False)) for b in boards)
    assert counts.detail == f"{len(boards):,} boards, {arcs:,} moves"


def test_verify_catches_a_missing_move(runner: Neo4jQueryRunner) -> None:
    game = Tchoukaillon.create(n=6)
    run_load(runner, [PlannedGraph(game, game.estimate())])
    try:
        runner.write(
            "MATCH (:Tchoukaillon {rule: 'standard', n: 6, key: '1,2'})"
            "-[m:TCHOUKAILLON_MOVE {hole: 1}]->() DELETE m"
        )
        report = verify(runner, graphs=[game])
        failed = {c.name for c in report.failures}
        assert {"boards and moves", "moves of every board", "winnable boards and moves to win"} <= (
            failed
        )
    finally:
        drop_graph(runner, game.id)


def test_verify_catches_a_move_vector_on_a_board_that_is_no_tchouk(
    runner: Neo4jQueryRunner,
) -> None:
    game = Tchoukaillon.create(n=6)
    run_load(runner, [PlannedGraph(game, game.estimate())])
    try:
        runner.write(  # (2,2), reached from Tchouk_6 = (0,0,2,4), is no Tchouk_m (that is (0,1,3))
            "MATCH (b:Tchoukaillon {rule: 'standard', n: 6, key: '2,2'}) SET b.move_vector = [1]"
        )
        failed = {c.name: c.problems for c in verify(runner, graphs=[game]).failures}
        assert list(failed) == ["move vectors of Tchouk_m"]
        assert failed["move vectors of Tchouk_m"] == ("2,2: a move vector, but it is no Tchouk_m",)
    finally:
        drop_graph(runner, game.id)


# --------------------------------------------------------------------------- queries


def test_winning_play_of_tchouk_12_is_the_leftmost_play(runner: Neo4jQueryRunner) -> None:
    rows = _rows(runner, "tchoukaillon_winning_play", STANDARD_12, position="0 0 0 2 4 6")
    board = tchouk(12)
    expected: list[tuple[int | None, Board]] = [(None, board)]
    while board:
        hole, board = moves(board, False)[0]  # the leftmost playable hole
        expected.append((hole, board))
    assert [(row["hole"], row["board"]) for row in rows] == [(h, key(b)) for h, b in expected]
    assert [row["step"] for row in rows] == list(range(13))
    assert [row["stones"] for row in rows] == list(range(12, -1, -1))
    assert all(row["winnable"] for row in rows)


def test_winning_play_of_a_lost_board_is_one_row_saying_so(runner: Neo4jQueryRunner) -> None:
    lost = next(b for b in sorted(reachable(tchouk(12), False)) if b and not winnable(b, False))
    rows = _rows(runner, "tchoukaillon_winning_play", STANDARD_12, position=key(lost))
    nothing = dict.fromkeys(("step", "hole", "board", "stones"))
    assert rows == [{"start": key(lost), "winnable": False, **nothing}]


def test_literal_winning_play_of_tchouk_7_takes_seven_moves(runner: Neo4jQueryRunner) -> None:
    rows = _rows(runner, "tchoukaillon_winning_play", LITERAL_7, position=key(tchouk(7)))
    assert len(rows) == 8 and rows[-1]["board"] == "0"
    for before, after in pairwise(rows):
        board = tuple(int(v) for v in before["board"].split(",")) if before["board"] != "0" else ()
        assert (after["hole"], after["board"]) in [(h, key(b)) for h, b in moves(board, True)]


def test_moves_of_1_2_show_that_hole_2_first_is_stuck(runner: Neo4jQueryRunner) -> None:
    """TCH-order (seed 002 l.49): from 1,2 playing hole 2 first leaves 2, which is stuck."""
    rows = _rows(runner, "tchoukaillon_moves", STANDARD_12, position="[1, 2]")
    assert [(r["hole"], r["after"], r["after_winnable"], r["after_stuck"]) for r in rows] == [
        (1, "0,2", True, False),
        (2, "2", False, True),
    ]
    assert all(r["board"] == "1,2" and r["winnable"] for r in rows)


def test_boards_query_lists_tchouk_m_with_move_vector_and_strange_root(
    runner: Neo4jQueryRunner,
) -> None:
    rows = _rows(runner, "tchoukaillon_boards", STANDARD_12)
    assert [row["stones"] for row in rows] == list(range(13))
    for m, row in enumerate(rows):
        board = tchouk(m)
        assert row["board"] == key(board) and row["rightmost_hole"] == len(board)
        played, current = Counter[int](), board
        while current:
            hole, current = moves(current, False)[0]
            played[hole] += 1
        assert row["move_vector"] == [played[h] for h in range(1, len(board) + 1)]
        assert row["moves_to_win"] == m
        assert row["strange_root"] == (sr(m) if m else None)


def test_prop36_counts_boards_per_rightmost_hole_and_numbers_per_root(
    runner: Neo4jQueryRunner,
) -> None:
    """SR-prop36 on the loaded range: #boards with rightmost hole k − 1 = #{m : sr(m) = k}."""
    holes = Counter(len(tchouk(m)) for m in range(13))
    roots = Counter(sr(m) for m in range(1, 13))
    rows = _rows(runner, "tchoukaillon_prop36", STANDARD_12)
    assert [row["strange_root"] for row in rows] == list(range(1, len(tchouk(12)) + 2))
    for row in rows:
        k = row["strange_root"]
        assert (row["boards"], row["numbers"]) == (holes[k - 1], roots[k])
        assert row["complete"] == (k - 1 < len(tchouk(12)) and k < sr(12))
        if row["complete"]:
            assert row["equal"]
    assert sum(row["complete"] for row in rows) >= 4


def test_dead_ends_are_the_stuck_reachable_boards(runner: Neo4jQueryRunner) -> None:
    stuck = [b for b in reachable(tchouk(12), False) if b and not moves(b, False)]
    rows = _rows(runner, "tchoukaillon_dead_ends", STANDARD_12, limit=5)
    assert {row["total"] for row in rows} == {len(stuck)}
    assert [row["stones"] for row in rows] == sorted((sum(b) for b in stuck), reverse=True)[:5]
    assert {row["board"] for row in rows} <= {key(b) for b in stuck}


@pytest.mark.parametrize(
    ("position", "why"),
    [("1,-2", "negative hole"), ("0,1.5", "bad hole"), ("0,0,0,2,4,7", "more than any board")],
)
def test_bad_boards_are_refused_in_one_line(
    runner: Neo4jQueryRunner, position: str, why: str
) -> None:
    with pytest.raises(InputError, match=why) as info:
        _rows(runner, "tchoukaillon_moves", STANDARD_12, position=position)
    assert "\n" not in str(info.value)
