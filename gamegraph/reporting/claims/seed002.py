"""The claims of seed 002 (Tchoukaillon solitaire, strange roots, Fagan's construction).

Every value comes from the public functions of :mod:`gamegraph.games.tchoukaillon` (the
winnable board, the move vector, the winning play, Alist_n, CF(m), the basins) and the game's
move graph T_n (the Game class Tchoukaillon); each evaluator then applies the claim's own
construction (the recursion of l.51, the formulas of l.53–61, the map of l.13) to those
values. The ranges are :class:`gamegraph.reporting.data.SeedRanges`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from typing import Any

import gamegraph.games.tchoukaillon as tch
from gamegraph.core.spaces import Compositions
from gamegraph.core.spaces.base import unpadded
from gamegraph.games.tchoukaillon import Tchoukaillon
from gamegraph.games.tchoukaillon.boards import is_winnable, move_vector_by_play
from gamegraph.reporting.claims.common import failing
from gamegraph.reporting.claims.evaluators import EvalResult, evaluator, span
from gamegraph.reporting.data import ReportData

__all__ = ["alist_step", "boards_of", "explicit_board", "formula_board", "recursion_board"]

Board = tuple[int, ...]

LITERAL_MAX = 5
"""The literal rule's search branches at every hole: every board of n <= 5 is seconds."""


def boards_of(stones: int, holes: int) -> Iterator[Board]:
    """Every board of ``stones`` stones in holes 1..``holes`` whose last hole is non-empty."""
    if stones == 0:
        yield ()
        return
    for length in range(1, holes + 1):
        for last in range(1, stones + 1):
            for head in sorted(Compositions(stones - last, length=length - 1, weak=True)):
                yield (*head, last)


@cache
def _won(board: Board) -> bool:
    """Whether the game's winning play empties the board (standard rule), remembered: TCH-rec
    and TCH-explicit play the same boards."""
    return is_winnable(board)


def winnable_boards(stones: int, rule: str, holes: int) -> list[Board]:
    """The boards of ``stones`` stones in at most ``holes`` holes that the game's winning play
    empties under ``rule``."""
    return [b for b in boards_of(stones, holes) if is_winnable(b, literal=rule == "literal")]


def recursion_board(previous: Board) -> Board:
    """l.51: fill the leftmost empty hole i of the previous board with i stones and take one
    stone from each of holes 1..i−1."""
    cells = list(previous)
    i = next((h for h, c in enumerate(cells, start=1) if c == 0), len(cells) + 1)
    if i > len(cells):
        cells.append(0)
    cells[i - 1] = i
    for h in range(1, i):
        cells[h - 1] -= 1
    return tuple(cells)


def explicit_board(n: int) -> Board:
    """l.53–55 (reconstructed): c_i = (n − c_1 − … − c_{i−1}) mod (i + 1)."""
    cells: list[int] = []
    used, i = 0, 1
    while used < n:
        c = (n - used) % (i + 1)
        cells.append(c)
        used += c
        i += 1
    return unpadded(cells)


def formula_board(n: int) -> tuple[Board, Board]:
    """l.61 (reconstructed): (m, c) from M_1 = n, M_{i+1} = ⌊i·M_i/(i+1)⌋."""
    big = [n]
    while big[-1] > 0:
        i = len(big)
        big.append(i * big[-1] // (i + 1))
    m = [big[i] - big[i + 1] for i in range(len(big) - 1)]
    c = [(i + 1) * big[i] - (i + 2) * big[i + 1] for i in range(len(big) - 1)]
    return unpadded(m), unpadded(c)


def alist_step(i: int, y: int) -> tuple[int, int]:
    """⟨i, y⟩ → ⟨i + 1, y′⟩, y′ = ⌊i(y + 1)/(i + 1)⌋ + 1 (Definition 2.1, rebuilt)."""
    return i + 1, i * (y + 1) // (i + 1) + 1


@cache
def _strange_roots(top: int) -> tuple[int, ...]:
    return tuple(tch.strange_root(n) for n in range(1, top + 1))


# ------------------------------------------------------------------------- boards


@evaluator("TCH-unique")
def _unique(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.brute_boards
    # a board longer than n loses (its last hole holds at most n stones and nothing feeds it)
    bad = [
        n for n in range(1, top + 1) if winnable_boards(n, "standard", n) != [tch.winnable_board(n)]
    ]
    return EvalResult(bad, span(1, top) + ", every board of n stones")


@evaluator("TCH-literal")
def _literal(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = min(data.ranges.brute_boards, LITERAL_MAX)
    found = {n: winnable_boards(n, "literal", n + 1) for n in range(1, top + 1)}
    bad = [n for n, boards in found.items() if len(boards) != 1]
    one = ", ".join(f"({','.join(map(str, b))})" for b in winnable_boards(1, "literal", 3))
    return EvalResult(
        bad,
        span(1, top) + ", every board of n stones in at most n + 1 holes",
        f"n = 1: {one} all win under the literal rule",
    )


@evaluator("TCH-rec")
def _rec(data: ReportData, row: dict[str, Any]) -> EvalResult:
    # the recursion alone from the empty board, each board won by the game's winning play
    top = data.ranges.boards
    bad = []
    board: Board = ()
    for n in range(1, top + 1):
        board = recursion_board(board)
        if not _won(board):
            bad.append(n)
    return EvalResult(bad, span(1, top) + ", each board won by the game's winning play")


@evaluator("TCH-explicit")
def _explicit(data: ReportData, row: dict[str, Any]) -> EvalResult:
    # against the game's winning play, not tch.winnable_board: that computes this formula
    top = data.ranges.boards
    bad = [n for n in range(top + 1) if not _won(explicit_board(n))]
    return EvalResult(bad, span(0, top) + ", each board won by the game's winning play")


@evaluator("TCH-order")
def _order(data: ReportData, row: dict[str, Any]) -> EvalResult:
    graph = Tchoukaillon.create(n=3).build().graph
    start = graph.index((1, 2))
    after = dict(graph.successors(start))[2]
    stuck = [hole for hole, _ in graph.successors(after)]
    board = ",".join(map(str, graph.position(after)))
    return EvalResult([board, stuck], "T_3, the boards reachable from (1,2)")


@evaluator("TCH-mv3")
def _mv3(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(list(move_vector_by_play((1, 2))), "n = 3, the game's winning play")


@evaluator("TCH-mvformula")
def _mvformula(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = min(data.ranges.boards, 300)  # the win of n stones has n moves: O(n²) in all
    bad = []
    for n in range(1, top + 1):
        board = tch.winnable_board(n)
        m, c = formula_board(n)
        if c != board or m != move_vector_by_play(board):
            bad.append(n)
    return EvalResult(bad, span(1, top) + ", against the played win")


@evaluator("TCH-hole5")
def _hole5(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.boards
    found = [n for n in range(top + 1) if len(tch.winnable_board(n)) == 5]
    return EvalResult(found, span(0, top))


@evaluator("TCH-seed-boards")
def _seed_boards(data: ReportData, row: dict[str, Any]) -> EvalResult:
    boards = [",".join(map(str, tch.winnable_board(n))) for n in (10, 11, 12)]
    return EvalResult(boards, "n = 10, 11, 12")


# ------------------------------------------------------------------------- strange roots


@evaluator("SR-6")
def _sr6(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.roots
    roots = _strange_roots(top)
    return EvalResult([n for n, s in enumerate(roots, start=1) if s == 6], span(1, top))


@evaluator("SR-prop36")
def _prop36(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.boards
    roots = _strange_roots(top + 1)
    per_root = Counter(roots)
    per_hole = Counter(len(tch.winnable_board(n)) for n in range(top + 1))
    complete = range(1, roots[-1])  # every n with sr(n) < sr(top + 1) is <= top + 1
    bad = [k for k in complete if per_hole[k - 1] != per_root[k]]
    return EvalResult(bad, f"k ≤ {complete[-1]} (boards of n ≤ {top}, sr(n) for n ≤ {top + 1})")


@evaluator("SR-lemma23")
def _lemma23(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.boards
    bad = [n for n in range(1, top + 1) if len(set(tch.alist(n)[-1])) != 1]
    bad += [m for m in range(1, top + 1) if len(set(tch.fagan_pairs(m)[-1])) != 1]
    return EvalResult(sorted(set(bad)), f"Alist_n and CF(m), {span(1, top, 'n, m')}")


@evaluator("SR-cf4")
def _cf4(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([list(p) for p in tch.fagan_pairs(4)], "m = 4")


@evaluator("SR-transform")
def _transform(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(m: int) -> bool:
        pairs = tch.alist(2 * m)
        mapped = [(x, 2 * y - x) for x, y in pairs[1:]]
        fagan = tch.fagan_pairs(m)
        return pairs[0] != (1, 2 * m) or mapped != fagan or tch.strange_root(2 * m) != tch.cf(m)

    return failing(fails, 1, data.ranges.boards, "m")


def geq_step(i: int, a: int) -> int:
    """l.35-37: the least a′ with (i + 1)·a′ ≥ i·a and i + 1 + a′ even."""
    step = -(-i * a // (i + 1))
    return step + (i + 1 + step) % 2


@evaluator("SR-noeq")
def _noeq(data: ReportData, row: dict[str, Any]) -> EvalResult:
    # Equality is ruled out by parity for any two pairs with i + a and i + 1 + a′ even (l.39's
    # argument), so "≠" alone cannot fail on any data. What can: that l.35's ≥ rule gives every
    # step of Alist_2m mapped by ⟨x, y⟩ ↦ (x, 2y − x) (l.31), the steps l.39 speaks of.
    top = data.ranges.boards
    steps = 0
    bad = []
    for m in range(1, top + 1):
        mapped = [(x, 2 * y - x) for x, y in tch.alist(2 * m)[1:]]
        for (i, a), (j, b) in pairwise(mapped):
            steps += 1
            if b != geq_step(i, a) or j * b == i * a:
                bad.append(m)
    detail = f"{steps} steps of Alist_2m mapped as in l.31, each l.35's ≥ step, none an equality"
    return EvalResult(sorted(set(bad)), span(1, top, "m"), detail)


@evaluator("SR-monotone")
def _monotone(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.roots
    roots = _strange_roots(top)
    return failing(lambda n: n > 1 and roots[n - 1] < roots[n - 2], 1, top)


@evaluator("SR-link")
def _link(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.boards
    roots = _strange_roots(top)
    return failing(lambda n: roots[n - 1] != 1 + len(tch.winnable_board(n - 1)), 1, top)


@evaluator("SR-basin1")
def _basin1(data: ReportData, row: dict[str, Any]) -> EvalResult:
    seed = tch.check_seed_single_basins()
    found = [list(p) for p in seed["found"]]  # type: ignore[attr-defined]
    far = [seed["far_m"], seed["far_cf"], seed["far_basin_size"]]
    return EvalResult([found, far], f"m ≤ {seed['bound']}, and m = {seed['far_m']}")


@evaluator("SR-prop41")
def _prop41(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.boards
    preimages: Counter[tuple[int, int]] = Counter(
        alist_step(i, y) for i in range(1, top + 1) for y in range(i + 1, top + 1)
    )
    # a pre-image ⟨i, y⟩ of ⟨i + 1, y′⟩ has y < (i + 1)·y′/i <= 2·y′: complete for 2·y′ <= top
    bad = [
        [j, y2]
        for (j, y2), count in sorted(preimages.items())
        if 2 * y2 <= top and (count > 2 or (count == 2 and (y2 - 1) % (j - 1)))
    ]
    checked = sum(1 for _, y2 in preimages if 2 * y2 <= top)
    return EvalResult(bad, f"every pair ⟨i, y⟩, y ≤ {top}", f"{checked} pairs with pre-images")
