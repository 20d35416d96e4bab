"""The claims of seed 000 (Floridian Solitaire: Meyerowitz, Curran, Locke, Low) §1-§5
against the per-n results of B_n, G_n and H_n and, for single small positions, the games'
functions: Bulgarian solitaire, the sizes, cores and cycles of G_n. The 4-cycles of §6-§7
(Q(x, y, z), the 16 families, the lifting patterns) are in :mod:`.seed000_fourcycles`.

The paper's values are in ``seed000.toml``; each evaluator below computes one claim's value
under the claim's id.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.floridian.qfamily import runs
from gamegraph.games.partitions import (
    Partition,
    canonical_key,
    in_t,
    is_separated,
    omega,
    parse_partition,
    separated_partitions,
)
from gamegraph.reporting.claims.common import (
    cycle_through,
    every_b,
    every_f,
    f_range,
    failing,
    half_square_t,
    keys,
    triangle_split,
)
from gamegraph.reporting.claims.evaluators import EvalResult, evaluator, span
from gamegraph.reporting.data import ReportData
from gamegraph.reporting.records import BulgarianStep

__all__ = ["cycles_predicted", "separated_recurrent_predicted", "two_cycle_pair"]


# ------------------------------------------------------------------------- seed 000 §1, §3


@evaluator("F-bs-fixed")
def _bs_fixed(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(n: int) -> bool:
        k, r = triangle_split(n)
        fixed = [c for c in data.bulgarian[n]["short_cycles"] if len(c) == 1]
        return fixed != ([] if r != k else [[",".join(map(str, range(k, 0, -1)))]])

    return every_b(data, fails)


def _cycle_length_count(b: BulgarianStep, length: int) -> int:
    return int(b["cycle_lengths"].get(str(length), 0))


@evaluator("F-bs-2cycles")
def _bs_2(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return every_b(
        data, lambda n: _cycle_length_count(data.bulgarian[n], 2) != (1 if half_square_t(n) else 0)
    )


@evaluator("F-bs-4cycles")
def _bs_4(data: ReportData, row: dict[str, Any]) -> EvalResult:
    special = {8 * t * t + d * t for t in range(1, 20) for d in (-1, 0, 1)}
    return every_b(
        data, lambda n: _cycle_length_count(data.bulgarian[n], 4) != (1 if n in special else 0)
    )


@evaluator("F-bs-recurrent")
def _bs_recurrent(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return every_b(data, lambda n: data.bulgarian[n]["recurrent"] != math.comb(*triangle_split(n)))


def separated_recurrent_predicted(n: int) -> set[str]:
    """The separated recurrent partitions of B_n listed by Theorem 2 of seed 000."""
    found: set[str] = set()
    for t in range(1, math.isqrt(n) + 2):
        odd2 = (1, 2 * t - 1, 2, 2)  # 1² 3² … (2t−1)²
        if n == 2 * t * t:
            found.add(canonical_key(runs(odd2)))
            found.add(canonical_key(runs((2, 2 * t - 2, 2, 2), (2 * t, 2 * t, 1, 1))))
        if n == 2 * t * t - 1:
            found.add(canonical_key(runs((1, 1, 1, 1), (3, 2 * t - 1, 2, 2))))
        if n == 2 * t * t + 2 * t:
            found.add(
                canonical_key(runs((1, 1, 1, 1), (3, 2 * t - 1, 2, 2), (2 * t + 1,) * 2 + (1, 1)))
            )
            found.add(canonical_key(runs((2, 2 * t, 2, 2))))
        if n == 2 * t * t + 2 * t + 1:
            found.add(canonical_key(runs(odd2, (2 * t + 1, 2 * t + 1, 1, 1))))
    return found


@evaluator("F-bs-separated")
def _bs_separated(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return every_b(
        data,
        lambda n: set(data.bulgarian[n]["separated_recurrent"]) != separated_recurrent_predicted(n),
    )


@evaluator("F-bs-defects")
def _bs_defects(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(n: int) -> bool:
        k, r = triangle_split(n)
        least = data.bulgarian[n]["min_defects"]
        return least is not None and least < abs(r - (k - r)) - 2

    return every_b(data, fails)


def _is_bulgarian_cycle(cycle: list[Partition]) -> bool:
    return all(omega(cycle[i]) == cycle[(i + 1) % len(cycle)] for i in range(len(cycle)))


@evaluator("F-bs-8cycles")
def _bs_8cycles(data: ReportData, row: dict[str, Any]) -> EvalResult:
    values = [_is_bulgarian_cycle([parse_partition(p) for p in c]) for c in row["cycles"]]
    return EvalResult(values, "n = 30, 32, 34")


@evaluator("F-bs-n8")
def _bs_n8(data: ReportData, row: dict[str, Any]) -> EvalResult:
    cycle = cycle_through(data, 8, "4,3,1")
    return EvalResult(len(cycle) if cycle else 0, "n = 8", f"cycle {' → '.join(cycle or [])}")


@evaluator("F-partitions")
def _partitions(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([data.bulgarian[n]["positions"] for n in (6, 8, 24, 25)], "n = 6, 8, 24, 25")


@evaluator("F-lemma7")
def _lemma7(data: ReportData, row: dict[str, Any]) -> EvalResult:
    # the paper plays with n > 1 cards (§1); at n = 1, (1) has the part p = 1 yet Ω(1) = (1)
    top = min(data.n_max, 40)
    bad = [
        canonical_key(p)
        for n in range(2, top + 1)
        for p in separated_partitions(n)
        if in_t(p) != is_separated(omega(p))
    ]
    return EvalResult(bad, f"every separated partition of 2 ≤ n ≤ {top}")


# ------------------------------------------------------------------------- seed 000 §4, §5


@evaluator("F-ex11-moves")
def _ex11_moves(data: ReportData, row: dict[str, Any]) -> EvalResult:
    moves = keys(alpha_moves((1,) * 6))
    turns = {canonical_key(omega(m)) for m in alpha_moves((1,) * 6)}
    return EvalResult([moves, len(turns)], "n = 6")


def _lengths(data: ReportData, n: int) -> list[int]:
    d = data.floridian[n]
    lengths = [2] if d["two_cycles"] else []
    lengths += [int(k) for k, v in d["cycles"]["counts"].items() if v]
    return sorted(lengths)


@evaluator("F-ex11-cycle")
def _ex11_cycle(data: ReportData, row: dict[str, Any]) -> EvalResult:
    samples = data.floridian[6]["cycles"]["samples"]["8"]
    cycle: list[str] = samples[0]["positions"] if samples else []
    if "4,2" in cycle[0::2]:
        i = cycle.index("4,2")
        cycle = cycle[i:] + cycle[:i]
    return EvalResult(
        {"lengths": _lengths(data, 6), "cycle": cycle}, "n = 6, cycles of length ≤ 10"
    )


@evaluator("F-n8")
def _n8(data: ReportData, row: dict[str, Any]) -> EvalResult:
    d, p = data.floridian[8], data.play(8)
    return EvalResult(
        [
            d["separated"],
            d["t_positions"],
            d["omega_t"],
            p["losing_examples"],
            p["immediate_examples"],
        ],
        "n = 8",
    )


@evaluator("F-n8-core")
def _n8_core(data: ReportData, row: dict[str, Any]) -> EvalResult:
    d = data.floridian[8]
    loops = sorted(d["core"]["loops"])
    value = loops if d["recurrent"] == len(loops) else [*loops, f"+{d['recurrent'] - len(loops)}"]
    return EvalResult(value, "n = 8")


def _sizes(data: ReportData, n: int) -> list[int]:
    d = data.floridian[n]
    return [d["separated"], d["t_positions"], d["omega_t"]]


def _scc(data: ReportData, n: int) -> list[list[int]]:
    return [[c["nodes"], c["arcs"]] for c in data.floridian[n]["core"]["scc"]]


def _at_n(claim_id: str, n: int, value: Callable[[ReportData, int], Any]) -> None:
    """Register the evaluator of a claim about the single n: ``value(data, n)``."""
    evaluator(claim_id)(lambda data, row: EvalResult(value(data, n), f"n = {n}"))


_at_n("F-ex11-sizes", 6, lambda data, n: _sizes(data, n)[:2])
_at_n("F-ex11-winning", 6, lambda data, n: [data.play(n)["losing"], data.floridian[n]["recurrent"]])
_at_n("F-n24", 24, _sizes)
_at_n("F-n24-core", 24, _scc)
_at_n("F-n25", 25, _sizes)
_at_n("F-n25-core-nodes", 25, lambda data, n: data.floridian[n]["recurrent"])
_at_n("F-n25-core-arcs", 25, lambda data, n: data.floridian[n]["core_arcs"])
_at_n("F-n33-core", 33, _scc)


@evaluator("F-n18-core")
def _n18_core(data: ReportData, row: dict[str, Any]) -> EvalResult:
    core = data.floridian[18]["core"]
    return EvalResult(
        len(core["scc"]),
        "n = 18",
        f"strongly connected components (nodes, arcs) {_scc(data, 18)}; "
        f"{core['weak_components']} weak components",
    )


def cycles_predicted(n: int) -> bool:
    return n in (2, 6, 8, 11, 14, 16, 18, 21) or n >= 23


@evaluator("F-cycles-exist")
def _cycles_exist(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return every_f(data, lambda n: data.has_cycles(n) != cycles_predicted(n))


@evaluator("F-no-recurrent")
def _no_recurrent(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(
        [data.floridian[n]["recurrent"] for n in (4, 10, 12, 20, 22)], "n = 4, 10, 12, 20, 22"
    )


def two_cycle_pair(t: int) -> tuple[str, str]:
    odd = canonical_key(runs((1, 2 * t - 1, 2, 2)))
    even = canonical_key(runs((2, 2 * t - 2, 2, 2), (2 * t, 2 * t, 1, 1)))
    return odd, even


@evaluator("F-thm13")
def _thm13(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(n: int) -> bool:
        found = sorted(tuple(pair) for pair in data.floridian[n]["two_cycles"])
        t = half_square_t(n)
        return found != ([] if t is None else sorted([two_cycle_pair(t), two_cycle_pair(t)[::-1]]))

    return every_f(data, fails)


@evaluator("F-loops-isolated")
def _loops_isolated(data: ReportData, row: dict[str, Any]) -> EvalResult:
    ns = [n for n in f_range(data) if half_square_t(n)]
    bad = [n for n in ns if not all(data.floridian[n]["core"]["loops_isolated"])]
    return EvalResult(bad, "n = " + ", ".join(map(str, ns)))


@evaluator("F-core-strong")
def _core_strong(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = [
        n
        for n in f_range(data, 34)
        if sum(1 for c in data.floridian[n]["core"]["scc"] if c["nodes"] >= 2) != 1
    ]
    sizes = "; ".join(f"n = {n}: {_scc(data, n)}" for n in bad[:5])
    return EvalResult(bad, span(34, data.n_max), f"components (nodes, arcs) {sizes}" if bad else "")


@evaluator("F-win-rising")
def _win_rising(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.full_max
    rate = {n: data.play(n)["winning"] / data.floridian[n]["separated"] for n in range(29, top + 1)}
    return failing(lambda n: rate[n] < rate[n - 2], 31, top)


@evaluator("F-shortest-8")
def _shortest(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([min(_lengths(data, n), default=0) for n in (6, 14)], "n = 6, 14")
