"""Tchoukaillon boards and moves (SPEC-games.md §6, seed 002 l.43–61).

A board is a tuple ``(c_1, …, c_k)`` of stones in holes 1..k with c_k > 0 (trailing empty
holes are dropped, so the empty board is ``()``); the pit (hole 0) is not part of it. Its
text key is ``"0,1,1,3,5"``, and ``"0"`` for the empty board.

Rules:

* standard (the default, the rule under which the seed's uniqueness claims hold): hole i may
  be played when it holds exactly i stones; they go one each to holes i − 1, …, 1 and the pit.
* literal (seed l.45, ``literal=True``): hole i may be played when it holds s stones with
  1 ≤ s ≤ i; they go one each to holes i − 1, …, i − s (the pit being hole 0). More stones
  than holes to the left loses at once, so such a hole is never a move.

The winnable board of n stones, Tchouk_n, is the explicit formula
c_i = (n − c_1 − … − c_{i−1}) mod (i + 1) (:func:`winnable_board`); the tests hold it to a
brute-force search, the recursion of l.51 and the move-vector formula (the report's
constructions, :mod:`gamegraph.reporting.claims.seed002`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from numbers import Integral

from gamegraph.errors import InputError

__all__ = [
    "Board",
    "BoardError",
    "NotWinnableError",
    "TchoukaillonError",
    "board_key",
    "check_stones",
    "checked_board",
    "is_winnable",
    "move_vector",
    "move_vector_by_play",
    "parse_board",
    "play",
    "playable_holes",
    "trim",
    "winnable_board",
    "winning_play",
]

Board = tuple[int, ...]


class TchoukaillonError(InputError):
    """Bad input to the Tchoukaillon engine."""


class BoardError(TchoukaillonError):
    """Text or values that are not a board (negative or non-integer holes, wrong n)."""


class NotWinnableError(TchoukaillonError):
    """A winning play was asked for a board that cannot be won."""


_INTEGER = re.compile(r"^[+-]?\d+$")


def check_stones(n: object, name: str = "n") -> int:
    """n as a nonnegative int, or a one-line error."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TchoukaillonError(f"{name} = {n!r} is not an integer: give a whole number >= 0")
    if n < 0:
        raise TchoukaillonError(f"{name} = {n} is negative: give a whole number >= 0")
    return n


def trim(values: Sequence[int]) -> Board:
    """The board with its trailing empty holes dropped."""
    end = len(values)
    while end and values[end - 1] == 0:
        end -= 1
    return tuple(int(v) for v in values[:end])


def parse_board(text: str, n: int | None = None) -> Board:
    """A board from text: ``0,1,1,3,5``, ``0 1 1 3 5``, ``[0,1,1,3,5]``, ``(0, 1, 1, 3, 5)``.

    Holes are listed in order from hole 1; trailing zeros are dropped; ``0``, ``""`` and
    ``[]`` are the empty board. When n is given the stones must add up to it.
    """
    body = text.strip()
    if body[:1] in "[(" and body[-1:] in "])":
        body = body[1:-1]
    values: list[int] = []
    for token in (t for t in re.split(r"[\s,]+", body.strip()) if t):
        if not _INTEGER.match(token):
            raise BoardError(
                f"bad hole {token!r} in {text!r}: holes hold whole numbers of stones, "
                "listed from hole 1, e.g. '0,1,1,3,5'"
            )
        value = int(token)
        if value < 0:
            raise BoardError(f"negative hole {token!r} in {text!r}: holes hold 0 or more stones")
        values.append(value)
    board = trim(values)
    if n is not None and sum(board) != n:
        raise BoardError(f"{board_key(board)} holds {sum(board)} stones, not n = {n}")
    return board


def checked_board(board: Sequence[int]) -> Board:
    """A board given as a sequence of whole numbers, validated and trimmed."""
    cells: list[int] = []
    for value in board:
        if isinstance(value, bool) or not isinstance(value, Integral):
            raise BoardError(f"{tuple(board)} is not a board: holes hold whole numbers")
        if value < 0:
            raise BoardError(f"{tuple(board)} is not a board: holes hold 0 or more stones")
        cells.append(int(value))
    return trim(cells)


def board_key(board: Board) -> str:
    """``"0,1,1,3,5"``; ``"0"`` for the empty board."""
    return ",".join(str(v) for v in board) if board else "0"


def playable_holes(board: Board, *, literal: bool = False) -> list[int]:
    """The holes that may be played, left to right."""
    if literal:
        return [i for i, s in enumerate(board, start=1) if 1 <= s <= i]
    return [i for i, s in enumerate(board, start=1) if s == i]


def play(board: Board, hole: int, *, literal: bool = False) -> Board:
    """The board after playing ``hole`` (a BoardError if that hole may not be played)."""
    if hole not in playable_holes(board, literal=literal):
        rule = "literal" if literal else "standard"
        raise BoardError(f"hole {hole} of {board_key(board)} cannot be played ({rule} rule)")
    cells = list(board)
    stones = cells[hole - 1]
    cells[hole - 1] = 0
    for j in range(hole - 1, hole - 1 - stones, -1):
        if j >= 1:
            cells[j - 1] += 1
    return trim(cells)


def _moves(board: Board, literal: bool) -> Iterator[tuple[int, Board]]:
    for hole in playable_holes(board, literal=literal):
        yield hole, play(board, hole, literal=literal)


def winning_play(board: Sequence[int], *, literal: bool = False) -> list[tuple[int, Board]]:
    """A win, move by move: ``[(hole, board after), …]`` ending with the empty board.

    Depth-first search trying the leftmost playable hole first, remembering boards that
    lose; under the standard rule this is the seed's winning strategy. Raises
    NotWinnableError when no play empties the board.
    """
    start = checked_board(board)
    path: list[tuple[int, Board]] = []
    stack: list[tuple[Board, Iterator[tuple[int, Board]]]] = [(start, _moves(start, literal))]
    losing: set[Board] = set()
    while stack:
        current, options = stack[-1]
        if not current:
            return path
        for hole, after in options:
            if after not in losing:
                path.append((hole, after))
                stack.append((after, _moves(after, literal)))
                break
        else:
            losing.add(current)
            stack.pop()
            if path:
                path.pop()
    rule = "literal" if literal else "standard"
    raise NotWinnableError(f"{board_key(start)} cannot be won under the {rule} rule")


def is_winnable(board: Sequence[int], *, literal: bool = False) -> bool:
    """Whether some play empties the board."""
    try:
        winning_play(board, literal=literal)
    except NotWinnableError:
        return False
    return True


def winnable_board(n: int) -> Board:
    """Tchouk_n by the explicit formula c_i = (n − c_1 − … − c_{i−1}) mod (i + 1)."""
    check_stones(n)
    cells: list[int] = []
    placed = 0
    i = 1
    while placed < n:
        value = (n - placed) % (i + 1)
        cells.append(value)
        placed += value
        i += 1
    return tuple(cells)


def move_vector(n: int) -> tuple[int, ...]:
    """m(Tchouk_n) by the closed form: m_i = M_i − M_{i+1} (times hole i is played), with
    M_1 = n, M_{i+1} = ⌊i·M_i/(i + 1)⌋ up to the first 0."""
    check_stones(n)
    big = [n]
    while big[-1] > 0:
        big.append(len(big) * big[-1] // (len(big) + 1))
    return trim([big[i] - big[i + 1] for i in range(len(big) - 1)])


def move_vector_by_play(board: Sequence[int], *, literal: bool = False) -> tuple[int, ...]:
    """How many times each hole is played in :func:`winning_play` of the board."""
    start = checked_board(board)
    counts = [0] * len(start)
    for hole, _ in winning_play(start, literal=literal):
        counts[hole - 1] += 1
    return tuple(counts)
