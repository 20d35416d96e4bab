"""The claims of seed 003 (CRIM: delete a whole row or a whole column of a Young diagram).

The P/N status and the winning moves come from the game's graph of every partition of size
<= :attr:`SeedRanges.crim <gamegraph.reporting.data.SeedRanges.crim>`, built once by the
Game class Crim; the families the claims speak of (hooks, staircases, padded staircases,
rectangles, rectairs, quadrated partitions, melds, OAE and EAO partitions) are generated here
from their definitions in SPEC-games.md §7.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any

from gamegraph.games.crim import Crim
from gamegraph.games.partitions import Partition, canonical_key, conjugate, partitions
from gamegraph.reporting.claims.common import built
from gamegraph.reporting.claims.evaluators import EvalResult, evaluator
from gamegraph.reporting.data import ReportData

__all__ = [
    "all_melds",
    "balanced",
    "column_deletions",
    "is_eao",
    "is_oae",
    "meld",
    "rectair",
    "rectair_parameters",
    "row_deletions",
]


# ------------------------------------------------------------------------- the families


def staircase(n: int) -> Partition:
    """S_n = (n, n − 1, …, 1)."""
    return tuple(range(n, 0, -1))


def padded_staircase(n: int) -> Partition:
    """PS_n = (n, n, n − 1, …, 1)."""
    return (n, *staircase(n))


def doubly_padded_staircase(n: int) -> Partition:
    """DPS_n = (n, n, n − 1, …, 2), n >= 2."""
    return padded_staircase(n)[:-1]


def hook(c: int, r: int) -> Partition:
    """H(c, r) = (c, 1^(r − 1))."""
    return (c,) + (1,) * (r - 1)


def near_hook(c: int, r: int) -> Partition:
    """[c, 2, 1^(r − 2)]."""
    return (c, 2) + (1,) * (r - 2)


def rectangle(r: int, c: int) -> Partition:
    """R_{r,c} = (c^r)."""
    return (c,) * r


def rectair(k: int, r: int, c: int) -> Partition:
    """R^k_{r,c} = (c^(r − k), c − 1, …, c − k): the rectangle minus S_k at its lower right."""
    return (c,) * (r - k) + tuple(range(c - 1, c - k - 1, -1))


def rectair_parameters(size: int) -> Iterator[tuple[int, int, int]]:
    """Every (k, r, c), 0 <= k <= min(r, c) − 1, with |R^k_{r,c}| <= size."""
    for r in range(1, size + 1):
        for c in range(1, size // r + 1 + r):
            for k in range(min(r, c)):
                if r * c - k * (k + 1) // 2 <= size:
                    yield k, r, c


def balanced(k: int, r: int, c: int) -> bool:
    """min(r, c) >= 2, r ≡ c (mod 2), and r, c both even when k = min(r, c) − 1."""
    low = min(r, c)
    return low >= 2 and (r - c) % 2 == 0 and (k != low - 1 or r % 2 == c % 2 == 0)


def quadrated(mu: Partition) -> Partition:
    """Q(μ): every cell a 2×2 block."""
    return tuple(part for size in mu for part in (2 * size, 2 * size))


def meld(bottom: Partition, top: Partition) -> Partition:
    """μ ◇ ν = (ν_1 + μ_1, …, ν_s + μ_1, μ_1, …, μ_r), μ the bottom factor."""
    return tuple(part + bottom[0] for part in top) + bottom


def all_melds(factors: list[Partition], size: int) -> set[Partition]:
    """Every meld of one or more factors (repeats allowed) of size <= ``size``: ◇ is
    associative and a meld grows with each factor, so melding one more factor on top of the
    melds found reaches them all."""
    found = {f for f in factors if sum(f) <= size}
    frontier = set(found)
    while frontier:
        grown = {meld(m, f) for m in frontier for f in factors}
        frontier = {m for m in grown if sum(m) <= size} - found
        found |= frontier
    return found


def is_oae(lam: Partition) -> bool:
    """Odds are even: every odd-indexed row and column has even length."""
    cols = conjugate(lam)
    return all(p % 2 == 0 for p in lam[0::2]) and all(p % 2 == 0 for p in cols[0::2])


def is_eao(lam: Partition) -> bool:
    """Evens are odd: every even-indexed row and column has odd length."""
    cols = conjugate(lam)
    return all(p % 2 == 1 for p in lam[1::2]) and all(p % 2 == 1 for p in cols[1::2])


def rank(lam: Partition) -> int:
    """λ_1 − ℓ(λ)."""
    return lam[0] - len(lam) if lam else 0


def row_deletions(lam: Partition) -> set[Partition]:
    return {lam[:i] + lam[i + 1 :] for i in range(len(lam))}


def column_deletions(lam: Partition) -> set[Partition]:
    out = set()
    for j in range(1, (lam[0] if lam else 0) + 1):
        out.add(tuple(p - 1 if p >= j else p for p in lam if p - (p >= j) > 0))
    return out


# ------------------------------------------------------------------------- the graph


@cache
def _p_positions(size: int) -> dict[Partition, bool]:
    """{λ: λ is a P-position} for every partition of size <= ``size``, from the game."""
    graph = built(Crim, n=size)
    return {graph.position(i): bool(graph.p_position[i]) for i in range(graph.size)}


def _status(data: ReportData) -> tuple[int, dict[Partition, bool]]:
    size = data.ranges.crim
    return size, _p_positions(size)


def _within(size: int) -> str:
    return f"every partition of size ≤ {size}"


def _listed(bad: Sequence[Partition]) -> list[str]:
    return [canonical_key(lam) if lam else "∅" for lam in bad]


# ------------------------------------------------------------------------- the claims


@evaluator("CRIM-21-22")
def _21_22(data: ReportData, row: dict[str, Any]) -> EvalResult:
    _, p = _status(data)
    return EvalResult([p[(2, 1)], p[(2, 2)]], "[2,1] and [2,2]")


@evaluator("CRIM-2row")
def _2row(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    bad = [lam for lam, is_p in p.items() if len(lam) == 2 and is_p != (lam[0] % 2 == 0)]
    return EvalResult(_listed(bad), f"two rows, {_within(size)}")


@evaluator("CRIM-3row")
def _3row(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    bad: list[Partition] = []
    for lam, is_p in p.items():
        if len(lam) == 3:
            a, b, c = lam
            if is_p != (a % 2 == 1 and b % 2 == 1 and (b == 1 or c > 1)):
                bad.append(lam)
    return EvalResult(_listed(bad), f"three rows, {_within(size)}")


def _shapes(
    data: ReportData,
    shape: Callable[[int, int], Partition],
    is_p: Callable[[int, int], bool],
    named: str,
) -> EvalResult:
    """The claim that ``shape(c, r)`` (c, r ≥ 2, of at most the size's cells) is a P-position
    exactly when ``is_p(c, r)``."""
    size, p = _status(data)
    bad = [
        shape(c, r)
        for c in range(2, size)
        for r in range(2, size)
        if sum(shape(c, r)) <= size and p[shape(c, r)] != is_p(c, r)
    ]
    return EvalResult(_listed(bad), f"{named}, c, r ≥ 2, size ≤ {size}")


@evaluator("CRIM-hook")
def _hook(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return _shapes(data, hook, lambda c, r: (c - r) % 2 == 0, "H(c, r)")


@evaluator("CRIM-nearhook")
def _nearhook(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return _shapes(data, near_hook, lambda c, r: c % 2 == 0 and r % 2 == 0, "[c, 2, 1^(r−2)]")


@evaluator("CRIM-OAE")
def _oae(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    family = [lam for lam in p if is_oae(lam)]
    bad = [lam for lam in family if not p[lam]]
    return EvalResult(_listed(bad), _within(size), f"{len(family)} OAE partitions")


@evaluator("CRIM-EAOeven")
def _eao_even(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    family = [lam for lam in p if lam and rank(lam) % 2 == 0 and is_eao(lam)]
    bad = [lam for lam in family if not p[lam]]
    lines = {lam for c in range(1, size + 1, 2) for lam in ((c,), (1,) * c)}
    exact = "exactly the single rows and columns of odd length" if set(bad) == lines else ""
    return EvalResult(
        _listed(bad), _within(size), f"{len(family)} EAO partitions of even rank; {exact}"
    )


@evaluator("CRIM-EAOodd")
def _eao_odd(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    family = [lam for lam in p if lam and rank(lam) % 2 == 1 and is_eao(lam)]
    bad = [lam for lam in family if p[lam]]
    return EvalResult(_listed(bad), _within(size), f"{len(family)} EAO partitions of odd rank")


def _largest(size: int, total: Any) -> int:
    n = 0
    while total(n + 1) <= size:
        n += 1
    return n


@evaluator("CRIM-stair")
def _stair(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    top = _largest(size, lambda n: n * (n + 1) // 2)
    bad = [staircase(n) for n in range(top + 1) if p[staircase(n)] != (n % 2 == 0)]
    return EvalResult(_listed(bad), f"S_0 … S_{top}")


@evaluator("CRIM-DPS")
def _dps(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    top = _largest(size, lambda n: n * (n + 3) // 2 - 1)
    bad = []
    for n in range(2, top + 1):
        start = doubly_padded_staircase(n)
        ok = p[start]
        if n % 2 == 0 and n > 2:  # the perpendicular reply reaches DPS_{n−1}
            target = doubly_padded_staircase(n - 1)
            ok = ok and all(target in column_deletions(a) for a in row_deletions(start))
            ok = ok and all(target in row_deletions(a) for a in column_deletions(start))
        if not ok:
            bad.append(start)
    return EvalResult(_listed(bad), f"DPS_2 … DPS_{top}")


@evaluator("CRIM-PS")
def _ps(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    top = _largest(size, lambda n: n * (n + 3) // 2)
    bad = []
    for n in range(1, top + 1):
        ps = padded_staircase(n)
        moves = list(built(Crim, n=size).winning_moves(ps))
        reply = staircase(n) if n % 2 == 0 else doubly_padded_staircase(n) if n > 1 else ()
        if p[ps] or reply not in moves:
            bad.append(ps)
    return EvalResult(_listed(bad), f"PS_1 … PS_{top}, the game's winning moves")


@evaluator("CRIM-quad")
def _quad(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    family = [quadrated(mu) for m in range(size // 4 + 1) for mu in partitions(m)]
    bad = [lam for lam in family if not p[lam]]
    return EvalResult(_listed(bad), f"Q(μ), |Q(μ)| ≤ {size}", f"{len(family)} partitions")


@evaluator("CRIM-rect")
def _rect(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    bad = [
        rectangle(r, c)
        for r in range(1, size + 1)
        for c in range(1, size // r + 1)
        if p[rectangle(r, c)] != (r >= 2 and c >= 2 and (r - c) % 2 == 0)
    ]
    return EvalResult(_listed(bad), f"R_(r,c), rc ≤ {size}")


@evaluator("CRIM-meldrect")
def _meldrect(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    factors = [
        rectangle(r, c)
        for r in range(2, size)
        for c in range(2, size)
        if (r + c) % 2 == 0 and r * c <= size
    ]
    return _melds(factors, size, p)


@evaluator("CRIM-meldrectair")
def _meldrectair(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    factors = [rectair(k, r, c) for k, r, c in rectair_parameters(size) if balanced(k, r, c)]
    return _melds(factors, size, p)


def _melds(factors: list[Partition], size: int, p: dict[Partition, bool]) -> EvalResult:
    """The claim that every meld of the ``factors`` of size ≤ ``size`` is a P-position."""
    melds = all_melds(factors, size)
    bad = sorted(lam for lam in melds if not p[lam])
    return EvalResult(_listed(bad), f"melds of size ≤ {size}", f"{len(melds)} melds")


@evaluator("CRIM-rectair")
def _rectair(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    params = list(rectair_parameters(size))
    bad = [rectair(*t) for t in params if p[rectair(*t)] != balanced(*t)]
    return EvalResult(_listed(bad), f"R^k_(r,c) of size ≤ {size}", f"{len(params)} rectairs")


@evaluator("CRIM-evenrank")
def _even_rank(data: ReportData, row: dict[str, Any]) -> EvalResult:
    size, p = _status(data)
    bad = [lam for lam, is_p in p.items() if is_p and rank(lam) % 2]
    return EvalResult(_listed(bad), _within(size), f"{sum(p.values())} P-positions")
