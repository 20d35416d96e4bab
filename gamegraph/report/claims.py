"""The claims of seeds 000 and 001 against the computed values.

What the papers say is data (``claims.toml``: id, source, claim, paper value, the smallest N
that reaches it); what gamegraph computes comes from the evaluator registered here under the
same id, reading the per-n results (:class:`.data.ReportData`) or, for single small
positions, the engine's scalar functions. The verdict follows from the values alone:

* ``agrees``: a finite statement and the computed value equals the paper's;
* ``extends``: a statement for every n, and no counterexample in the range checked (its
  paper value is the empty list of counterexamples);
* ``disagrees``: the values differ; the row's note says why, and which definition the code
  follows.
"""

from __future__ import annotations

import math
import tomllib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.floridian.qfamily import q_cycle, q_n
from gamegraph.games.lifting.patterns import lift_paper, matching_patterns, paper_chain
from gamegraph.games.partitions import (
    Partition,
    canonical_key,
    from_key,
    in_t,
    is_separated,
    omega,
    parse_partition,
    separated_partitions,
)
from gamegraph.report.data import ReportData
from gamegraph.report.steps import q_parameters

__all__ = [
    "VERDICTS",
    "Claim",
    "EvalResult",
    "claims_data",
    "evaluate_claims",
    "families",
    "verdict_of",
]

VERDICTS = ("agrees", "disagrees", "extends")
MAX_LISTED = 12
"""Counterexample lists longer than this are cut (the detail gives the total)."""
ARITHMETIC_LIMIT = 2000
"""Purely arithmetic claims (Proposition 3: which n have a Q(x, y, z)) are checked to here."""


@dataclass(frozen=True)
class EvalResult:
    value: Any
    range: str
    detail: str = ""


@dataclass(frozen=True)
class Claim:
    """One row of report.json's ``claims``."""

    id: str
    source: str
    claim: str
    paper_value: Any
    computed_value: Any
    verdict: str
    range: str
    reproduce: str
    general: bool
    note: str
    detail: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "source": self.source,
            "claim": self.claim,
            "paper_value": self.paper_value,
            "computed_value": self.computed_value,
            "verdict": self.verdict,
            "range": self.range,
            "reproduce": self.reproduce,
            "general": self.general,
            "note": self.note,
            "detail": self.detail,
        }


@cache
def claims_data() -> dict[str, Any]:
    """claims.toml, parsed."""
    text = resources.files("gamegraph.report").joinpath("claims.toml").read_text("utf-8")
    return tomllib.loads(text)


def families() -> list[dict[str, Any]]:
    """The 16 families of Propositions 4 and 5 with their cycles parsed."""
    rows = []
    for row in claims_data()["family"]:
        cycle = FourCycle(*(parse_partition(p) for p in row["cycle"]))
        rows.append({**row, "four_cycle": cycle})
    return rows


def verdict_of(paper: Any, computed: Any, general: bool) -> str:
    """The verdict the values imply (module docstring)."""
    if paper != computed:
        return "disagrees"
    return "extends" if general else "agrees"


Evaluator = Callable[[ReportData, dict[str, Any]], EvalResult]
EVALUATORS: dict[str, Evaluator] = {}


def evaluator(claim_id: str) -> Callable[[Evaluator], Evaluator]:
    def register(fn: Evaluator) -> Evaluator:
        EVALUATORS[claim_id] = fn
        return fn

    return register


def evaluate_claims(data: ReportData) -> tuple[list[Claim], list[dict[str, Any]]]:
    """(claims checked, claims beyond the range with the N they need)."""
    done: list[Claim] = []
    beyond: list[dict[str, Any]] = []
    for row in claims_data()["claim"]:
        needs = int(row.get("needs", 1))
        if needs > data.n_max:
            beyond.append({"id": row["id"], "claim": row["claim"], "needs_n_max": needs})
            continue
        result = EVALUATORS[row["id"]](data, row)
        general = bool(row["general"])
        if general and isinstance(result.value, list) and len(result.value) > MAX_LISTED:
            detail = f"{len(result.value)} counterexamples; the first {MAX_LISTED} are listed"
            result = EvalResult(result.value[:MAX_LISTED], result.range, detail)
        verdict = verdict_of(row["paper_value"], result.value, general)
        note = row.get("note", "") if verdict == "disagrees" else ""
        done.append(
            Claim(
                row["id"],
                row["source"],
                row["claim"],
                row["paper_value"],
                result.value,
                verdict,
                result.range,
                row["reproduce"],
                general,
                note,
                result.detail,
            )
        )
    return done, beyond


# ------------------------------------------------------------------------- helpers


def keys(parts: list[Partition]) -> list[str]:
    return [canonical_key(p) for p in parts]


def triangle_split(n: int) -> tuple[int, int]:
    """(k, r) with n = k(k−1)/2 + r, 1 <= r <= k."""
    k = 1
    while k * (k + 1) // 2 < n:
        k += 1
    return k, n - k * (k - 1) // 2


def triangular_k(n: int) -> int | None:
    k, r = triangle_split(n)
    return k if r == k else None


def necklaces(n: int) -> int:
    """C(n) of seed 001 Theorem 2."""
    k, r = triangle_split(n)
    g = math.gcd(r, k)
    total = sum(_phi(d) * math.comb(k // d, r // d) for d in range(1, g + 1) if g % d == 0)
    return total // k


def _phi(d: int) -> int:
    return sum(1 for i in range(1, d + 1) if math.gcd(i, d) == 1)


def conjugate(part: Partition) -> Partition:
    return tuple(sum(1 for p in part if p > i) for i in range(part[0])) if part else ()


def runs(*groups: tuple[int, int, int, int]) -> Partition:
    """Parts from (first, last, step, times) runs, nonincreasing."""
    out = [v for a, b, step, times in groups for v in range(a, b + 1, step) for _ in range(times)]
    return tuple(sorted(out, reverse=True))


def half_square_t(n: int) -> int | None:
    t = math.isqrt(n // 2)
    return t if 2 * t * t == n and t >= 1 else None


def b_range(data: ReportData) -> range:
    return range(1, data.b_max + 1)


def f_range(data: ReportData, start: int = 1, stop: int | None = None) -> range:
    return range(start, min(data.n_max, stop or data.n_max) + 1)


def _r(lo: int, hi: int, what: str = "n") -> str:
    return f"{what} = {lo}" if lo == hi else f"{lo} ≤ {what} ≤ {hi}"


def q_values(limit: int) -> set[int]:
    """Every n(x, y, z) <= limit."""
    found: set[int] = set()
    x = 1
    while q_n(x, 0, 1) <= limit:
        y = 0
        while q_n(x, y, 1) <= limit:
            z = 1
            while (v := q_n(x, y, z)) <= limit:
                found.add(v)
                z += 1
            y += 1
        x += 1
    return found


def family_chain_ns(fam: dict[str, Any], limit: int, m0: int | None = None) -> list[int]:
    """n of the family's cycles by the paper rule from C0 at m0, while n <= limit."""
    cycle: FourCycle = fam["four_cycle"]
    m = fam["m0"] if m0 is None else m0
    steps = 0
    while cycle.n + 2 * (steps + 1) * (m + steps + 2) <= limit:  # n_{s+1} <= limit
        steps += 1
    return [cycle.n, *(lift.target_n for lift in paper_chain(cycle, m, steps))]


# ------------------------------------------------------------------------- seed 000 §1, §3


@evaluator("F-bs-fixed")
def _bs_fixed(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    for n in b_range(data):
        b = data.bulgarian[n]
        k = triangular_k(n)
        fixed = [c for c in b["short_cycles"] if len(c) == 1]
        ok = (not fixed) if k is None else (fixed == [[",".join(map(str, range(k, 0, -1)))]])
        if not ok:
            bad.append(n)
    return EvalResult(bad, _r(1, data.b_max))


def _cycle_length_count(b: dict[str, Any], length: int) -> int:
    return int(b["cycle_lengths"].get(str(length), 0))


@evaluator("F-bs-2cycles")
def _bs_2(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = [
        n
        for n in b_range(data)
        if _cycle_length_count(data.bulgarian[n], 2) != (1 if half_square_t(n) else 0)
    ]
    return EvalResult(bad, _r(1, data.b_max))


@evaluator("F-bs-4cycles")
def _bs_4(data: ReportData, row: dict[str, Any]) -> EvalResult:
    special = {8 * t * t + d * t for t in range(1, 20) for d in (-1, 0, 1)}
    bad = [
        n
        for n in b_range(data)
        if _cycle_length_count(data.bulgarian[n], 4) != (1 if n in special else 0)
    ]
    return EvalResult(bad, _r(1, data.b_max))


@evaluator("F-bs-recurrent")
def _bs_recurrent(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    for n in b_range(data):
        k, r = triangle_split(n)
        if data.bulgarian[n]["recurrent"] != math.comb(k, r):
            bad.append(n)
    return EvalResult(bad, _r(1, data.b_max))


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
    bad = [
        n
        for n in b_range(data)
        if set(data.bulgarian[n]["separated_recurrent"]) != separated_recurrent_predicted(n)
    ]
    return EvalResult(bad, _r(1, data.b_max))


@evaluator("F-bs-defects")
def _bs_defects(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    for n in b_range(data):
        k, r = triangle_split(n)
        u = abs(r - (k - r))
        if data.bulgarian[n]["min_defects"] < u - 2:
            bad.append(n)
    return EvalResult(bad, _r(1, data.b_max))


def _is_bulgarian_cycle(cycle: list[Partition]) -> bool:
    return all(omega(cycle[i]) == cycle[(i + 1) % len(cycle)] for i in range(len(cycle)))


@evaluator("F-bs-8cycles")
def _bs_8cycles(data: ReportData, row: dict[str, Any]) -> EvalResult:
    values = [_is_bulgarian_cycle([parse_partition(p) for p in c]) for c in row["cycles"]]
    return EvalResult(values, "n = 30, 32, 34")


def _cycle_through(data: ReportData, n: int, key: str) -> list[str] | None:
    for cycle in data.bulgarian[n]["short_cycles"]:
        if key in cycle:
            start = cycle.index(key)
            return list(cycle[start:] + cycle[:start])
    return None


@evaluator("F-bs-n8")
def _bs_n8(data: ReportData, row: dict[str, Any]) -> EvalResult:
    cycle = _cycle_through(data, 8, "4,3,1")
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


@evaluator("F-ex11-sizes")
def _ex11_sizes(data: ReportData, row: dict[str, Any]) -> EvalResult:
    d = data.floridian[6]
    return EvalResult([d["separated"], d["t_positions"]], "n = 6")


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


@evaluator("F-ex11-winning")
def _ex11_winning(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([data.play(6)["losing"], data.floridian[6]["recurrent"]], "n = 6")


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


@evaluator("F-n24")
def _n24(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(_sizes(data, 24), "n = 24")


@evaluator("F-n24-core")
def _n24_core(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(_scc(data, 24), "n = 24")


@evaluator("F-n25")
def _n25(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(_sizes(data, 25), "n = 25")


@evaluator("F-n25-core-nodes")
def _n25_nodes(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(data.floridian[25]["recurrent"], "n = 25")


@evaluator("F-n25-core-arcs")
def _n25_arcs(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(data.floridian[25]["core_arcs"], "n = 25")


@evaluator("F-n33-core")
def _n33_core(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(_scc(data, 33), "n = 33")


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
    bad = [n for n in f_range(data) if data.has_cycles(n) != cycles_predicted(n)]
    return EvalResult(bad, _r(1, data.n_max))


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
    bad = []
    for n in f_range(data):
        found = sorted(tuple(pair) for pair in data.floridian[n]["two_cycles"])
        t = half_square_t(n)
        expected = [] if t is None else sorted([two_cycle_pair(t), two_cycle_pair(t)[::-1]])
        if found != expected:
            bad.append(n)
    return EvalResult(bad, _r(1, data.n_max))


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
    return EvalResult(bad, _r(34, data.n_max), f"components (nodes, arcs) {sizes}" if bad else "")


@evaluator("F-win-rising")
def _win_rising(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.full_max
    rate = {n: data.play(n)["winning"] / data.floridian[n]["separated"] for n in range(29, top + 1)}
    bad = [n for n in range(31, top + 1) if rate[n] < rate[n - 2]]
    return EvalResult(bad, _r(31, top))


# ------------------------------------------------------------------------- seed 000 §6, §7


@evaluator("F-remark14")
def _remark14(data: ReportData, row: dict[str, Any]) -> EvalResult:
    listed = set(row["no_four_cycle"])
    top = min(data.n_max, 100)
    bad = [n for n in range(1, top + 1) if (data.four_cycle_count(n) == 0) != (n in listed)]
    return EvalResult(bad, _r(1, top))


@evaluator("F-thm28")
def _thm28(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = [n for n in f_range(data, 74) if data.four_cycle_count(n) == 0]
    return EvalResult(bad, _r(74, data.n_max))


@evaluator("F-thm29-count")
def _thm29_count(data: ReportData, row: dict[str, Any]) -> EvalResult:
    missing = [n for n in f_range(data, 16) if data.four_cycle_count(n) == 0]
    return EvalResult([len(missing), max(missing, default=0)], _r(16, data.n_max), f"{missing}")


@evaluator("F-thm29-list")
def _thm29_list(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([n for n in range(16, 73) if data.four_cycle_count(n)], _r(16, 72))


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


@evaluator("F-shortest-8")
def _shortest(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([min(_lengths(data, n), default=0) for n in (6, 14)], "n = 6, 14")


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
    return EvalResult(diff, _r(0, ARITHMETIC_LIMIT))


@evaluator("F-q-prop3-alt")
def _q_prop3_alt(data: ReportData, row: dict[str, Any]) -> EvalResult:
    diff = sorted(exceptional(ARITHMETIC_LIMIT) ^ alternate_forms(ARITHMETIC_LIMIT))
    return EvalResult(diff, _r(0, ARITHMETIC_LIMIT))


@evaluator("F-q-prob")
def _q_prob(data: ReportData, row: dict[str, Any]) -> EvalResult:
    ex = sorted(exceptional(ARITHMETIC_LIMIT) - {0})
    bad = [big for big in range(60, ARITHMETIC_LIMIT + 1) if sum(1 for n in ex if n <= big) >= 128]
    return EvalResult(bad, _r(60, ARITHMETIC_LIMIT, "N"))


@evaluator("F-q-prob-sqrt")
def _q_prob_sqrt(data: ReportData, row: dict[str, Any]) -> EvalResult:
    ex = sorted(exceptional(ARITHMETIC_LIMIT) - {0})
    bad = [
        big
        for big in range(60, ARITHMETIC_LIMIT + 1)
        if sum(1 for n in ex if n <= big) >= 8 * math.sqrt(2 * big)
    ]
    return EvalResult(bad, _r(60, ARITHMETIC_LIMIT, "N"))


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
    return EvalResult([eights(6), eights(14), missing], _r(6, data.n_max))


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


# ------------------------------------------------------------------------- seed 001


def trajectory(start: Partition, steps: int) -> list[Partition]:
    path = [start]
    for _ in range(steps):
        path.append(omega(path[-1]))
    return path


@evaluator("B-trajectory")
def _b_traj(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(keys(trajectory((4, 3, 3), 10)), "n = 10")


@evaluator("B-moves")
def _b_moves(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([canonical_key(omega((4, 3, 3))), canonical_key(omega((6, 3, 1)))], "n = 10")


@evaluator("B-n7")
def _b_n7(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([data.bulgarian[7]["cycles"], _cycle_through(data, 7, "4,2,1")], "n = 7")


@evaluator("B-thm1")
def _b_thm1(data: ReportData, row: dict[str, Any]) -> EvalResult:
    ns = [n for n in b_range(data) if triangular_k(n)]
    bad = []
    for n in ns:
        k = triangular_k(n)
        assert k is not None
        b = data.bulgarian[n]
        if b["cycles"] != 1 or b["short_cycles"] != [[",".join(map(str, range(k, 0, -1)))]]:
            bad.append(n)
    return EvalResult(bad, "n = " + ", ".join(map(str, ns)))


@evaluator("B-thm2")
def _b_thm2(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = [n for n in b_range(data) if data.bulgarian[n]["cycles"] != necklaces(n)]
    return EvalResult(bad, _r(1, data.b_max))


@evaluator("B-cradle")
def _b_cradle(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    for n in b_range(data):
        k, _ = triangle_split(n)
        if any(k % int(length) for length in data.bulgarian[n]["cycle_lengths"]):
            bad.append(n)
    return EvalResult(bad, _r(1, data.b_max))


def _taus(data: ReportData) -> list[tuple[int, Partition]]:
    out = []
    k = 2
    while k * (k + 1) // 2 <= data.b_max:
        tau = tuple(sorted([k - 1, *range(k - 1, 1, -1), 1, 1], reverse=True))
        out.append((k, tau))
        k += 1
    return out


@evaluator("B-toom")
def _b_toom(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    for k, tau in _taus(data):
        stair = tuple(range(k, 0, -1))
        path = trajectory(tau, k * (k - 1))
        if path[-1] != stair or stair in path[:-1]:
            bad.append(k)
    top = _taus(data)[-1][0] if _taus(data) else 0
    return EvalResult(bad, _r(2, top, "k"))


@evaluator("B-knuth")
def _b_knuth(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    for n in b_range(data):
        k = triangular_k(n)
        if k is not None and data.bulgarian[n]["max_transient"] != k * (k - 1):
            bad.append(n)
    return EvalResult(bad, _r(1, data.b_max) + " (triangular)")


@evaluator("B-bentz")
def _b_bentz(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = []
    for k, tau in _taus(data):
        steps = k * (k - 1)
        path = trajectory(tau, steps)
        if any(conjugate(path[i]) != path[steps - i - 1] for i in range(steps)):
            bad.append(k)
    top = _taus(data)[-1][0] if _taus(data) else 0
    return EvalResult(bad, _r(2, top, "k"))


@evaluator("B-ge")
def _b_ge(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = [n for n in b_range(data) if data.bulgarian[n]["ge_criterion_mismatches"]]
    return EvalResult(bad, f"every partition of n ≤ {data.b_max}")


@evaluator("B-ge-reach")
def _b_ge_reach(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = [n for n in b_range(data) if data.bulgarian[n]["components_without_ge"]]
    return EvalResult(bad, _r(1, data.b_max))


@evaluator("B-fig10")
def _b_fig10(data: ReportData, row: dict[str, Any]) -> EvalResult:
    cycle = _cycle_through(data, 12, "5,3,3,1")
    return EvalResult(len(cycle) if cycle else 0, "n = 12", " → ".join(cycle or []))
