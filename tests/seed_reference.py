"""Second computations of the claims of seeds 001 (Carolina, Montreal, Dual, Austrian, random
Bulgarian), 002 (Tchoukaillon, strange roots, Fagan) and 003 (CRIM), straight from the
definitions of SPEC-games.md §1-7: brute-force searches and plain iteration in pure Python,
no engine, no game class. :func:`independent` gives, for a claim id and the report's
:class:`~gamegraph.reporting.data.SeedRanges`, the value its evaluator must compute.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from itertools import pairwise, product
from typing import Any

import networkx as nx
import survey_reference as ref

from gamegraph.reporting.data import SeedRanges

__all__ = ["SEED_CLAIMS", "crim_options", "crim_positions", "crim_sg", "independent", "parts_of"]

Board = tuple[int, ...]
Part = tuple[int, ...]


def _trim(cells: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    cells = list(cells)
    while cells and cells[-1] == 0:
        cells.pop()
    return tuple(cells)


def _key(entries: tuple[int, ...]) -> str:
    return ",".join(map(str, entries))


# ------------------------------------------------------------------------- seed 002


def tch_moves(board: Board, literal: bool) -> list[tuple[int, Board]]:
    """Sow the s stones of hole i into holes i−1, …, i−s and the pit (s = i, or s ≤ i)."""
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
def tch_wins(board: Board, literal: bool) -> bool:
    return not board or any(tch_wins(after, literal) for _, after in tch_moves(board, literal))


def every_board(stones: int, holes: int) -> Iterator[Board]:
    for length in range(holes + 1):
        for cells in product(range(stones + 1), repeat=length):
            if sum(cells) == stones and (not cells or cells[-1] > 0):
                yield cells


def tch_winners(stones: int, literal: bool, holes: int) -> set[Board]:
    return {b for b in every_board(stones, holes) if tch_wins(b, literal)}


@cache
def tchouk(n: int) -> Board:
    """Tchouk_n by l.51's recursion, each board checked winnable by the search."""
    if n == 0:
        return ()
    cells = [*tchouk(n - 1), 0]
    i = cells.index(0) + 1
    cells[i - 1] = i
    for h in range(1, i):
        cells[h - 1] -= 1
    return _trim(cells)


def leftmost_play(board: Board) -> Board:
    """How often each hole is played when the leftmost playable hole is played each time."""
    counts: Counter[int] = Counter()
    while board:
        hole, board = tch_moves(board, False)[0]
        counts[hole] += 1
    return tuple(counts[h] for h in range(1, max(counts, default=0) + 1))


def sr_alist(n: int) -> list[tuple[int, int]]:
    pairs = [(1, n)]
    while pairs[-1][1] > pairs[-1][0]:
        i, y = pairs[-1]
        y2 = i * (y + 1) // (i + 1) + 1  # least integer > i(y+1)/(i+1)
        pairs.append((i + 1, y2))
    return pairs


def cf_pairs(m: int) -> list[tuple[int, int]]:
    """(2, 2m), then (i+1, a′) with a′ least such that (i+1)a′ > i·a and i+1+a′ even."""
    pairs = [(2, 2 * m)]
    while pairs[-1][1] > pairs[-1][0]:
        i, a = pairs[-1]
        b = i * a // (i + 1) + 1
        if (i + 1 + b) % 2:
            b += 1
        pairs.append((i + 1, b))
    return pairs


def cf(m: int) -> int:
    return cf_pairs(m)[-1][0]


def _basin1() -> list[Any]:
    """Single-member basins among m <= 10^4 by iteration (cf is nondecreasing in m), and the
    two far ones of the seed checked with their neighbours."""
    values = [cf(m) for m in range(1, 10_002)]
    singles = [
        [m, values[m - 1]]
        for m in range(1, 10_001)
        if values[m - 1] not in ((values[m - 2] if m > 1 else None), values[m])
    ]
    far = 242650650
    cf_far = cf(far)
    alone = cf(far - 1) != cf_far != cf(far + 1)
    mid = 493080
    assert cf(mid - 1) != cf(mid) == 1760 != cf(mid + 1)
    return [[*singles, [mid, 1760]], [far, cf_far, 1 if alone else 0]]


def _prop41(top: int) -> list[list[int]]:
    bad = []
    for j in range(2, top + 1):
        i = j - 1
        for y2 in range(j, top // 2 + 1):
            pre = [y for y in range(i + 1, 2 * y2 + 2) if i * (y + 1) // (i + 1) + 1 == y2]
            if len(pre) > 2 or (len(pre) == 2 and (y2 - 1) % i):
                bad.append([j, y2])
    return bad


def seed002(r: SeedRanges) -> dict[str, Callable[[], Any]]:
    b, bb, roots = r.boards, r.brute_boards, r.roots
    srs = [len(sr_alist(n)) for n in range(1, max(roots, b + 1) + 1)]  # sr(n) = last i
    return {
        "TCH-unique": lambda: [n for n in range(1, bb + 1) if len(tch_winners(n, False, n)) != 1],
        "TCH-literal": lambda: [
            n for n in range(1, min(bb, 5) + 1) if len(tch_winners(n, True, n + 1)) != 1
        ],
        "TCH-rec": lambda: [n for n in range(1, b + 1) if not tch_wins(tchouk(n), False)],
        "TCH-explicit": lambda: [n for n in range(b + 1) if explicit(n) != tchouk(n)],
        "TCH-order": lambda: [
            _key(dict(tch_moves((1, 2), False))[2]),
            [h for h, _ in tch_moves(dict(tch_moves((1, 2), False))[2], False)],
        ],
        "TCH-mv3": lambda: list(leftmost_play((1, 2))),
        "TCH-mvformula": lambda: [
            n
            for n in range(1, min(b, 300) + 1)
            if formula(n) != (leftmost_play(tchouk(n)), tchouk(n))
        ],
        "TCH-hole5": lambda: [n for n in range(b + 1) if len(tchouk(n)) == 5],
        "TCH-seed-boards": lambda: [_key(tchouk(n)) for n in (10, 11, 12)],
        "SR-6": lambda: [n for n in range(1, roots + 1) if srs[n - 1] == 6],
        "SR-prop36": lambda: [
            k
            for k in range(1, srs[b])
            if Counter(len(tchouk(n)) for n in range(b + 1))[k - 1] != srs[: b + 1].count(k)
        ],
        "SR-lemma23": lambda: [
            n
            for n in range(1, b + 1)
            if sr_alist(n)[-1][0] != sr_alist(n)[-1][1] or cf_pairs(n)[-1][0] != cf_pairs(n)[-1][1]
        ],
        "SR-cf4": lambda: [list(p) for p in cf_pairs(4)],
        "SR-transform": lambda: [
            m
            for m in range(1, b + 1)
            if [(x, 2 * y - x) for x, y in sr_alist(2 * m)[1:]] != cf_pairs(m)
            or srs[2 * m - 1] != cf(m)
        ],
        "SR-noeq": lambda: [
            m
            for m in range(1, b + 1)
            if any(j * c == i * a for (i, a), (j, c) in pairwise(cf_pairs(m)))
        ],
        "SR-monotone": lambda: [n for n in range(2, roots + 1) if srs[n - 1] < srs[n - 2]],
        "SR-link": lambda: [n for n in range(1, b + 1) if srs[n - 1] != 1 + len(tchouk(n - 1))],
        "SR-basin1": _basin1,
        "SR-prop41": lambda: _prop41(b),
    }


def explicit(n: int) -> Board:
    cells: list[int] = []
    while sum(cells) < n:
        cells.append((n - sum(cells)) % (len(cells) + 2))
    return _trim(cells)


def formula(n: int) -> tuple[Board, Board]:
    big = [n]
    while big[-1]:
        i = len(big)
        big.append(i * big[-1] // (i + 1))
    m = [big[i] - big[i + 1] for i in range(len(big) - 1)]
    c = [(i + 1) * big[i] - (i + 2) * big[i + 1] for i in range(len(big) - 1)]
    return _trim(m), _trim(c)


# ------------------------------------------------------------------------- seed 003


def parts_of(size: int) -> Iterator[Part]:
    """Every partition of ``size``, nonincreasing parts."""

    def rec(left: int, top: int) -> Iterator[Part]:
        if left == 0:
            yield ()
            return
        for first in range(min(left, top), 0, -1):
            for rest in rec(left - first, first):
                yield (first, *rest)

    yield from rec(size, size)


def conj(lam: Part) -> Part:
    return tuple(sum(1 for p in lam if p > j) for j in range(lam[0])) if lam else ()


def crim_positions(size: int) -> list[Part]:
    """Every partition of size <= ``size``, by size, each size's in descending lexicographic
    order (sorted here): CRIM's numbering of its positions."""
    return [lam for m in range(size + 1) for lam in sorted(parts_of(m), reverse=True)]


def crim_options(lam: Part) -> set[Part]:
    rows = {lam[:i] + lam[i + 1 :] for i in range(len(lam))}
    cols = {conj(c) for c in (conj(lam)[:j] + conj(lam)[j + 1 :] for j in range(len(conj(lam))))}
    return rows | cols


@cache
def crim_sg(lam: Part) -> int:
    seen = {crim_sg(o) for o in crim_options(lam)}
    return next(v for v in range(len(seen) + 1) if v not in seen)


def seed003(r: SeedRanges) -> dict[str, Callable[[], Any]]:
    size = r.crim
    every = [lam for m in range(size + 1) for lam in parts_of(m)]
    p = {lam: crim_sg(lam) == 0 for lam in every}

    def listed(bad: list[Part]) -> list[str]:
        return [_key(lam) for lam in bad]

    def rank(lam: Part) -> int:
        return lam[0] - len(lam) if lam else 0

    def oae(lam: Part) -> bool:
        return all(x % 2 == 0 for x in lam[0::2] + conj(lam)[0::2])

    def eao(lam: Part) -> bool:
        return all(x % 2 == 1 for x in lam[1::2] + conj(lam)[1::2])

    stair = [tuple(range(n, 0, -1)) for n in range(size) if n * (n + 1) // 2 <= size]
    rects = [(c,) * rr for rr in range(1, size + 1) for c in range(1, size // rr + 1)]
    rectairs = [
        ((k, rr, c), (c,) * (rr - k) + tuple(range(c - 1, c - k - 1, -1)))
        for rr in range(1, size + 1)
        for c in range(1, 2 * size + 1)
        for k in range(min(rr, c))
        if rr * c - k * (k + 1) // 2 <= size
    ]

    def bal(k: int, rr: int, c: int) -> bool:
        lo = min(rr, c)
        return lo >= 2 and (rr - c) % 2 == 0 and (k != lo - 1 or (rr % 2 == 0 and c % 2 == 0))

    def melds(factors: list[Part]) -> list[Part]:
        found = {f for f in factors if sum(f) <= size}
        while True:
            more = {tuple(x + m[0] for x in f) + m for m in found for f in factors} - found
            more = {m for m in more if sum(m) <= size}
            if not more:
                return sorted(found)
            found |= more

    ps = [(n, (n, *range(n, 0, -1))) for n in range(1, size) if n * (n + 3) // 2 <= size]
    dps = [(n, (n, *range(n, 1, -1))) for n in range(2, size) if n * (n + 3) // 2 - 1 <= size]

    def ps_ok(n: int, lam: Part) -> bool:
        reply = tuple(range(n, 0, -1)) if n % 2 == 0 else (n, *range(n, 1, -1)) if n > 1 else ()
        return not p[lam] and reply in crim_options(lam) and p[reply]

    def rows_of(lam: Part) -> set[Part]:
        return {lam[:i] + lam[i + 1 :] for i in range(len(lam))}

    def cols_of(lam: Part) -> set[Part]:
        return {conj(c[:j] + c[j + 1 :]) for c in [conj(lam)] for j in range(len(c))}

    def dps_ok(n: int, lam: Part) -> bool:
        if not p[lam]:
            return False
        if n % 2 or n == 2:
            return True
        target = (n - 1, *range(n - 1, 1, -1))
        return all(target in cols_of(a) for a in rows_of(lam)) and all(
            target in rows_of(a) for a in cols_of(lam)
        )

    return {
        "CRIM-21-22": lambda: [p[(2, 1)], p[(2, 2)]],
        "CRIM-2row": lambda: listed(
            [lam for lam in every if len(lam) == 2 and p[lam] != (lam[0] % 2 == 0)]
        ),
        "CRIM-3row": lambda: listed(
            [
                lam
                for lam in every
                if len(lam) == 3
                and p[lam] != (lam[0] % 2 == 1 and lam[1] % 2 == 1 and (lam[1] == 1 or lam[2] > 1))
            ]
        ),
        "CRIM-hook": lambda: [
            _key(h)
            for c in range(2, size)
            for rr in range(2, size + 2 - c)
            for h in [(c,) + (1,) * (rr - 1)]
            if p[h] != ((c - rr) % 2 == 0)
        ],
        "CRIM-nearhook": lambda: [
            _key(h)
            for c in range(2, size)
            for rr in range(2, size + 1 - c)
            for h in [(c, 2) + (1,) * (rr - 2)]
            if p[h] != (c % 2 == 0 and rr % 2 == 0)
        ],
        "CRIM-OAE": lambda: listed([lam for lam in every if oae(lam) and not p[lam]]),
        "CRIM-EAOeven": lambda: listed(
            [lam for lam in every if lam and rank(lam) % 2 == 0 and eao(lam) and not p[lam]]
        ),
        "CRIM-EAOodd": lambda: listed(
            [lam for lam in every if lam and rank(lam) % 2 == 1 and eao(lam) and p[lam]]
        ),
        "CRIM-stair": lambda: listed([s for s in stair if p[s] != (len(s) % 2 == 0)]),
        "CRIM-DPS": lambda: listed([lam for n, lam in dps if not dps_ok(n, lam)]),
        "CRIM-PS": lambda: listed([lam for n, lam in ps if not ps_ok(n, lam)]),
        "CRIM-quad": lambda: listed(
            [
                q
                for m in range(size // 4 + 1)
                for mu in parts_of(m)
                for q in [tuple(x for s in mu for x in (2 * s, 2 * s))]
                if not p[q]
            ]
        ),
        "CRIM-rect": lambda: listed(
            [
                lam
                for lam in rects
                if p[lam] != (len(lam) >= 2 and lam[0] >= 2 and (len(lam) - lam[0]) % 2 == 0)
            ]
        ),
        "CRIM-meldrect": lambda: listed(
            [
                m
                for m in melds(
                    [
                        lam
                        for lam in rects
                        if len(lam) >= 2 and lam[0] >= 2 and (len(lam) + lam[0]) % 2 == 0
                    ]
                )
                if not p[m]
            ]
        ),
        "CRIM-meldrectair": lambda: listed(
            [m for m in melds([lam for t, lam in rectairs if bal(*t)]) if not p[m]]
        ),
        "CRIM-rectair": lambda: listed([lam for t, lam in rectairs if p[lam] != bal(*t)]),
        "CRIM-evenrank": lambda: listed([lam for lam in every if p[lam] and rank(lam) % 2]),
    }


# ------------------------------------------------------------------------- seed 001


def compositions(n: int) -> Iterator[tuple[int, ...]]:
    if n == 0:
        yield ()
        return
    for first in range(1, n + 1):
        for rest in compositions(n - first):
            yield (first, *rest)


def carolina(alpha: tuple[int, ...]) -> tuple[int, ...]:
    return (len(alpha), *(a - 1 for a in alpha if a > 1))


def montreal(alpha: tuple[int, ...]) -> tuple[int, ...]:
    """The local rule of SPEC-games.md §3: with a trailing 0 appended, a positive entry loses
    one, a zero becomes the length of the positive run ending just before it; then trim."""
    cells = [*alpha, 0]
    out = []
    run = 0
    for a in cells:
        if a > 0:
            out.append(a - 1)
            run += 1
        else:
            out.append(run)
            run = 0
    while out and out[0] == 0:
        out.pop(0)
    return _trim(out)


def _longest_orbit(gamma: tuple[int, ...]) -> int:
    """max len(M^t γ), t >= 0 (trimmed: the orbit is periodic)."""
    seen: set[tuple[int, ...]] = set()
    while gamma not in seen:
        seen.add(gamma)
        gamma = montreal(gamma)
    return max(map(len, seen))


def reducible(alpha: tuple[int, ...]) -> bool:
    i = 0
    while i < len(alpha):
        if alpha[i] == 0:
            j = i
            while alpha[j] == 0:
                j += 1
            gamma = alpha[j:]
            if (j - i) + len(gamma) > _longest_orbit(gamma):
                return True
            i = j
        else:
            i += 1
    return False


def irreducible(n: int) -> list[tuple[int, ...]]:
    """I(n): every sequence of sum n with positive ends that is not reducible."""

    def rec(left: int) -> Iterator[tuple[int, ...]]:
        # sequences of sum ``left`` ending in a positive entry (zeros allowed before it)
        for last in range(1, left + 1):
            if last == left:
                yield (last,)
            for head in rec(left - last):
                for zeros in range(n - len(head)):
                    yield (*head, *([0] * zeros), last)

    return sorted({a for a in rec(n) if len(a) <= n and not reducible(a)})


def dual(lam: Part) -> Part:
    big, rest = lam[0], list(lam[1:])
    out = [x + 1 if i < big else x for i, x in enumerate(rest)]
    out += [1] * max(0, big - len(rest))
    return tuple(sorted(out, reverse=True))


def bulgarian(lam: Part) -> Part:
    return tuple(sorted([*(x - 1 for x in lam if x > 1), len(lam)], reverse=True))


def popov(lam: Part, p: Fraction) -> dict[Part, Fraction]:
    """Each pile loses a card with probability p; the removed cards form a new pile."""
    out: dict[Part, Fraction] = {}
    for picks in product((0, 1), repeat=len(lam)):
        k = sum(picks)
        weight = p**k * (1 - p) ** (len(lam) - k)
        parts = [x - d for x, d in zip(lam, picks, strict=True) if x - d > 0] + ([k] if k else [])
        target = tuple(sorted(parts, reverse=True))
        out[target] = out.get(target, Fraction(0)) + weight
    return {t: w for t, w in out.items() if w}


def austrian(state: tuple[Part, int], cap: int) -> tuple[Part, int]:
    piles, bank = state
    bank += len(piles)
    kept = [x - 1 for x in piles if x > 1]
    while bank >= cap:
        kept.append(cap)
        bank -= cap
    return tuple(sorted(kept, reverse=True)), bank


def austrian_states(n: int, cap: int) -> list[tuple[Part, int]]:
    return [
        (lam, n - m)
        for m in range(max(0, n - cap), n + 1)
        for lam in parts_of(m)
        if not lam or lam[0] <= cap
    ]


def seed001(r: SeedRanges) -> dict[str, Callable[[], Any]]:
    def orbit(step: Callable[[Any], Any], start: Any, count: int) -> list[Any]:
        path = [start]
        for _ in range(count):
            path.append(step(path[-1]))
        return path

    def car_tri() -> list[int]:
        bad = []
        for k in range(1, r.carolina):
            n = k * (k + 1) // 2
            if n > r.carolina:
                break
            stair = tuple(range(k, 0, -1))
            if any(orbit(carolina, a, 2 * n * n)[-1] != stair for a in compositions(n)):
                bad.append(n)
        return bad

    def car_ge() -> list[int]:
        bad = []
        for n in range(1, r.carolina + 1):
            every = list(compositions(n))
            images = {carolina(a) for a in every}
            if any((a not in images) != (a[0] < len(a) - 1) for a in every):
                bad.append(n)
        return bad

    def mon_bij() -> list[int]:
        bad = []
        for n in range(1, r.montreal + 1):
            space = set(irreducible(n))
            images = {montreal(a) for a in space}
            if images != space:
                bad.append(n)
        return bad

    def dual_iso() -> list[int]:
        return [
            n
            for n in range(1, r.dual + 1)
            if any(dual(lam) != conj(bulgarian(conj(lam))) for lam in parts_of(n))
        ]

    def rbs_irr() -> list[list[Any]]:
        bad = []
        for n in range(1, r.random + 1):
            for p in (Fraction(1, 10), Fraction(1, 2), Fraction(9, 10)):
                graph = nx.DiGraph()
                graph.add_nodes_from(parts_of(n))
                graph.add_edges_from((lam, t) for lam in parts_of(n) for t in popov(lam, p))
                if not (nx.is_strongly_connected(graph) and nx.is_aperiodic(graph)):
                    bad.append([n, str(p)])
        return bad

    def aus_closed() -> list[list[int]]:
        bad = []
        for n in range(1, r.austrian + 1):
            for cap in range(1, r.austrian_L + 1):
                states = austrian_states(n, cap)
                images = {austrian(s, cap) for s in states}
                if any(b >= cap for _, b in images):
                    bad.append([n, cap])
        return bad

    return {
        "CAR-tri": car_tri,
        "CAR-GE": car_ge,
        "MON-ex1": lambda: _key(montreal((1, 0, 2))),
        "MON-ex2": lambda: [_key(montreal((1, 2, 0, 1, 0, 2))), not reducible((1, 2, 0, 1, 0, 2))],
        "MON-traj": lambda: [_key(a) for a in orbit(montreal, (3, 2, 2), 5)],
        "MON-18": lambda: orbit(montreal, (3, 2, 2), 40)[1:].index((3, 2, 2)) + 1,
        "MON-bij": mon_bij,
        "MON-A007075": lambda: [len(irreducible(n)) for n in range(1, 11)],
        "DUAL-ex": lambda: [_key(dual((4, 4, 3, 2, 2, 1, 1))), _key(dual((6, 6, 3, 2, 1)))],
        "DUAL-iso": dual_iso,
        "RBS-p1": lambda: [
            n
            for n in range(1, r.random + 1)
            if any(popov(lam, Fraction(1)) != {bulgarian(lam): 1} for lam in parts_of(n))
        ],
        "RBS-irr": rbs_irr,
        "AUS-closed": aus_closed,
    }


SEED_CLAIMS = ("001", "002", "003")


A000219 = [1, 3, 6, 13, 24, 48, 86, 160, 282, 500, 859, 1479]
"""Plane partitions of n = 1..12 (OEIS)."""


def survey(r: SeedRanges) -> dict[str, Callable[[], Any]]:
    """The claims of seed 001 §3.5 on the survey's five games, by the brute force of
    tests/survey_reference.py (positions in their own shapes, moves card by card)."""
    ns = range(1, r.survey + 1)
    seats = range(1, r.survey_players + 1)

    def sy_rotation() -> list[list[int]]:
        bad = []
        for n, c in product(ns, seats):
            tables = [a for a in product(range(n + 1), repeat=c) if sum(a) == n]
            for a in tables:
                images = {ref.servedio_yeh_move(a[t:] + a[:t]) for t in range(c)}
                if len(images) != 1:
                    bad.append([n, c])
                    break
        return bad

    def jan_periodic() -> list[list[int]]:
        bad = []
        for n, c in product(ns, seats):
            figures = ref.figures(ref.janetzko_positions(n, c), ref.janetzko_move)
            count = math.comb(n + c - 2, c - 1)
            if (
                figures["positions"] != count
                or figures["garden_of_eden"]
                or figures["max_transient"]
            ):
                bad.append([n, c])
        return bad

    def plane() -> list[list[Any]]:
        bad: list[list[Any]] = []
        for n in ns:
            solids = ref.plane_partitions(n)
            known = set(solids)
            for move in ("zx", "zy", "xy", "xz", "yx", "yz"):
                images = {ref.layer_move(s, move) for s in solids}
                if len(solids) != A000219[n - 1] or not images <= known:
                    bad.append([n, move])
        return bad

    return {
        "SUR-multi-one": lambda: [
            n
            for n in ns
            if any(ref.multiplayer_move((lam,)) != (ref.bulgarian(lam),) for lam in parts_of(n))
        ],
        "SUR-sy-rotation": sy_rotation,
        "SUR-jan-periodic": jan_periodic,
        "SUR-3d-plane": plane,
    }


def independent(ranges: SeedRanges) -> dict[str, Callable[[], Any]]:
    """{claim id: the brute-force value} for every claim of seeds 002 and 003 and the claims of
    seed 001 on the games besides B_n (the survey's five included)."""
    return {**seed001(ranges), **seed002(ranges), **seed003(ranges), **survey(ranges)}
