"""The claims of seed 000 §6-§7 (Floridian Solitaire): the 4-cycles of G_n, the cycles
Q(x, y, z), the 16 families of Propositions 4 and 5 and the lifting patterns of Theorems
25-26, against the per-n results and the games' functions.

The paper's values, and the 16 families, are in ``seed000.toml``.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.floridian.qfamily import q_cycle, q_n, q_parameters, q_triples
from gamegraph.games.lifting.patterns import PaperLift, lift_paper, matching_patterns, paper_chain
from gamegraph.games.partitions import from_key, parse_partition
from gamegraph.reporting.claims.common import every_f, f_range, failing
from gamegraph.reporting.claims.evaluators import EvalResult, claims_data, evaluator, span
from gamegraph.reporting.data import ReportData

__all__ = ["ARITHMETIC_LIMIT", "families", "family_chain", "q_values"]

ARITHMETIC_LIMIT = 2000
"""Purely arithmetic claims (Proposition 3: which n have a Q(x, y, z)) are checked to here."""


def families() -> list[dict[str, Any]]:
    """The 16 families of Propositions 4 and 5 with their cycles parsed."""
    rows = []
    for row in claims_data()["family"]:
        cycle = FourCycle(*(parse_partition(p) for p in row["cycle"]))
        rows.append({**row, "four_cycle": cycle})
    return rows


def q_values(limit: int) -> set[int]:
    """Every n(x, y, z) <= limit."""
    return {q_n(*xyz) for xyz in q_triples(limit)}


def family_chain(fam: dict[str, Any], limit: int, m0: int | None = None) -> list[PaperLift]:
    """The paper-rule lifts of the family's cycle C0 from m0 on, while their n <= limit."""
    cycle: FourCycle = fam["four_cycle"]
    m = fam["m0"] if m0 is None else m0
    steps = 0
    while cycle.n + 2 * (steps + 1) * (m + steps + 2) <= limit:  # n_{s+1} <= limit
        steps += 1
    return paper_chain(cycle, m, steps)


def family_chain_ns(fam: dict[str, Any], limit: int, m0: int | None = None) -> list[int]:
    """n of the family's cycles by the paper rule from C0 at m0, while n <= limit."""
    return [fam["four_cycle"].n, *(lift.target_n for lift in family_chain(fam, limit, m0))]


@evaluator("F-remark14")
def _remark14(data: ReportData, row: dict[str, Any]) -> EvalResult:
    listed = set(row["no_four_cycle"])
    return failing(
        lambda n: (data.four_cycle_count(n) == 0) != (n in listed), 1, min(data.n_max, 100)
    )


@evaluator("F-thm28")
def _thm28(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return every_f(data, lambda n: data.four_cycle_count(n) == 0, start=74)


@evaluator("F-thm29-count")
def _thm29_count(data: ReportData, row: dict[str, Any]) -> EvalResult:
    missing = [n for n in f_range(data, 16) if data.four_cycle_count(n) == 0]
    return EvalResult([len(missing), max(missing, default=0)], span(16, data.n_max), f"{missing}")


@evaluator("F-thm29-list")
def _thm29_list(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([n for n in range(16, 73) if data.four_cycle_count(n)], span(16, 72))


@evaluator("F-over20")
def _over20(data: ReportData, row: dict[str, Any]) -> EvalResult:
    count = data.four_cycle_count(100)
    return EvalResult(count > 20, "n = 100", f"{count} 4-cycles")


@evaluator("F-2t2plus1")
def _2t2plus1(data: ReportData, row: dict[str, Any]) -> EvalResult:
    ns = (3, 9, 19, 33, 51, 73)
    return EvalResult([data.four_cycle_count(n) for n in ns], "n = 3, 9, 19, 33, 51, 73")


@evaluator("F-ex16-n16")
def _ex16(data: ReportData, row: dict[str, Any]) -> EvalResult:
    pairs = sorted(
        sorted([c["positions"][0], c["positions"][2]]) for c in data.floridian[16]["four_cycles"]
    )
    return EvalResult(pairs, "n = 16")


@evaluator("F-q-prop1")
def _q_prop1(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    count = 0
    for n in f_range(data):
        present = {c["key"] for c in data.floridian[n]["four_cycles"]}
        for xyz in q_parameters(n):
            count += 1
            if q_cycle(*xyz).canonical().key not in present:
                bad.append(list(xyz))
    return EvalResult(bad, f"{count} triples (x, y, z) with n ≤ {data.n_max}")


def _q_example(x: int, y: int, z: int) -> list[Any]:
    cycle = q_cycle(x, y, z)
    return [sum(cycle.alpha1), is_four_cycle(cycle)]


@evaluator("F-q-ex15")
def _q_ex15(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([_q_example(1, 0, z) for z in (1, 2, 3, 11)], "z = 1, 2, 3, 11")


@evaluator("F-q-ex17")
def _q_ex17(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(_q_example(3, 5, 3), "(x, y, z) = (3, 5, 3)")


@evaluator("F-q-prop2")
def _q_prop2(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(sorted(v for v in q_values(72)), "n < 73")


def standard_forms(limit: int) -> set[int]:
    found: set[int] = set()
    for t in range(0, math.isqrt(limit) + 2):
        a, b = 2 * t * t + 2 * t, 2 * t * t
        for c in (0, 2, 1, 3, 5, 2 * t - 1, 2 * t + 1):
            if 0 <= c <= 2 * t + 1:
                found.add(a + c)
        if t >= 1:
            for c in (1, 3, 2 * t - 1, 0, 2, 4, 6, 2 * t - 4, 2 * t - 2):
                if 0 <= c <= 2 * t - 1:
                    found.add(b + c)
    return {n for n in found if n <= limit}


def alternate_forms(limit: int) -> set[int]:
    found: set[int] = set()
    for t in range(0, math.isqrt(limit) + 2):
        for c in (-4, -2, 0, 2, -1, 1, 3, 5):
            found.add(2 * t * t + 2 * t + c)
        for c in (-3, -1, 1, 3, 0, 2, 4, 6):
            found.add(2 * t * t + c)
    return {n for n in found if 0 <= n <= limit}


def exceptional(limit: int) -> set[int]:
    return set(range(0, limit + 1)) - q_values(limit)


@evaluator("F-q-prop3")
def _q_prop3(data: ReportData, row: dict[str, Any]) -> EvalResult:
    diff = sorted(exceptional(ARITHMETIC_LIMIT) ^ standard_forms(ARITHMETIC_LIMIT))
    return EvalResult(diff, span(0, ARITHMETIC_LIMIT))


@evaluator("F-q-prop3-alt")
def _q_prop3_alt(data: ReportData, row: dict[str, Any]) -> EvalResult:
    diff = sorted(exceptional(ARITHMETIC_LIMIT) ^ alternate_forms(ARITHMETIC_LIMIT))
    return EvalResult(diff, span(0, ARITHMETIC_LIMIT))


@evaluator("F-q-prob")
def _q_prob(data: ReportData, row: dict[str, Any]) -> EvalResult:
    ex = sorted(exceptional(ARITHMETIC_LIMIT) - {0})
    bad = [big for big in range(60, ARITHMETIC_LIMIT + 1) if sum(1 for n in ex if n <= big) >= 128]
    return EvalResult(bad, span(60, ARITHMETIC_LIMIT, "N"))


@evaluator("F-q-prob-sqrt")
def _q_prob_sqrt(data: ReportData, row: dict[str, Any]) -> EvalResult:
    ex = sorted(exceptional(ARITHMETIC_LIMIT) - {0})
    bad = [
        big
        for big in range(60, ARITHMETIC_LIMIT + 1)
        if sum(1 for n in ex if n <= big) >= 8 * math.sqrt(2 * big)
    ]
    return EvalResult(bad, span(60, ARITHMETIC_LIMIT, "N"))


def _family_label(fam: dict[str, Any]) -> str:
    return f"n0={fam['n0']}/m0={fam['m0']}"


@evaluator("F-fam16")
def _fam16(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    for fam in families():
        cycle = fam["four_cycle"]
        lift = lift_paper(cycle, fam["m0"]) if is_four_cycle(cycle) else None
        if lift is None or list(lift.patterns) != fam["patterns"]:
            bad.append(_family_label(fam))
    return EvalResult(bad, "the 16 families")


@evaluator("F-fam16-cover")
def _fam16_cover(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    for fam in families():
        ns = family_chain_ns(fam, data.n_max)
        m0, n0 = fam["m0"], fam["n0"]
        expected = [n0 + 2 * s * (m0 + s + 1) for s in range(len(ns) + 2)]
        expected = [v for v in expected if v <= data.n_max] or [n0]
        if ns != expected:
            bad.append(_family_label(fam))
    return EvalResult(bad, f"n ≤ {data.n_max}")


@evaluator("F-omega3")
def _omega3(data: ReportData, row: dict[str, Any]) -> EvalResult:
    values = []
    for fam in families():
        cycle = fam["four_cycle"]
        _, x, _, y = cycle
        for index, source in ((1, x), (3, y)):
            if fam["patterns"][index] == "omega3":
                values.append(len(source) - fam["m0"])
    return EvalResult(values, "the Ω3 arcs of the 16 families", "new part − m per Ω3 arc")


def _prop_list(prop: int) -> list[int]:
    ns: set[int] = set()
    for fam in families():
        if fam["proposition"] == prop:
            ns.update(v for v in family_chain_ns(fam, 72) if v <= 72)
    return sorted(ns)


@evaluator("F-prop4-list")
def _prop4(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(_prop_list(4), "n < 73")


@evaluator("F-prop5-list")
def _prop5(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(_prop_list(5), "n < 73")


@evaluator("F-thm29-dups")
def _thm29_dups(data: ReportData, row: dict[str, Any]) -> EvalResult:
    listed = Counter([*sorted(q_values(72)), *_prop_list(4), *_prop_list(5)])
    return EvalResult(
        [len(listed), sorted(v for v, c in listed.items() if c > 1)], "the lists below 73"
    )


@evaluator("F-24-m6")
def _24_m6(data: ReportData, row: dict[str, Any]) -> EvalResult:
    fam = next(f for f in families() if f["n0"] == 24 and f["m0"] == 6)
    return EvalResult(family_chain_ns(fam, 60, m0=6), "n ≤ 60")


@evaluator("F-ex21")
def _ex21(data: ReportData, row: dict[str, Any]) -> EvalResult:
    values = [is_four_cycle(FourCycle(*(parse_partition(p) for p in c))) for c in row["cycles"]]
    return EvalResult(values, "n = 34, 52, 74")


@evaluator("F-8cycle-family")
def _8cycle_family(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def eights(n: int) -> int:
        return int(data.floridian[n]["cycles"]["counts"]["8"])

    form = [2 * t * t + 2 * t + 6 for t in range(0, 20)]
    missing = [n for n in form if n <= data.n_max and eights(n) == 0]
    return EvalResult([eights(6), eights(14), missing], span(6, data.n_max))


@evaluator("F-thm26-unique")
def _thm26_unique(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    arcs = 0
    for c in data.all_four_cycles():
        a, x, b, y = (from_key(k) for k in c["positions"])
        for source, target, kind in (
            (a, x, "alpha"),
            (x, b, "omega"),
            (b, y, "alpha"),
            (y, a, "omega"),
        ):
            arcs += 1
            for m in range(1, source[0] + 2):
                if len(matching_patterns(source, target, kind, m)) > 1:  # type: ignore[arg-type]
                    bad.append(c["key"])
    return EvalResult(
        sorted(set(bad)), f"{arcs} arcs of the 4-cycles with n ≤ {data.n_max}, every m"
    )
