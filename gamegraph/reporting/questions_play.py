"""Questions 1-3 of seed 000 §8, on play in the full G_n: the farthest winning position, a
losing position for each n, and strategies that reach the recurrent states."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from gamegraph.reporting.data import ReportData
from gamegraph.reporting.strategies import STRATEGIES
from gamegraph.reporting.wording import notation, ranges, worded

__all__ = ["farthest_answer", "losing_answer", "strategies_answer"]


def farthest_answer(data: ReportData) -> dict[str, Any]:
    """Question 1: is the one-part partition n the unique farthest winning position?"""
    rows: list[list[Any]] = []
    exceptions = []
    ns = [n for n in range(1, data.full_max + 1) if data.has_cycles(n)]
    for n in ns:
        play = data.play(n)
        far = play["farthest"]
        unique = far == [str(n)]
        if not unique:
            exceptions.append(n)
        rows.append(
            [
                n,
                play["max_turns_to_core"],
                play["one_part_turns"],
                len(far),
                ", ".join(notation(k) for k in far[:4]) + (" …" if len(far) > 4 else ""),
                unique,
            ]
        )
    unique_rows = [r for r in rows if r[5]]
    first, last = (unique_rows[0], unique_rows[-1]) if unique_rows else (None, None)
    answer = (
        f"For every n ≤ {data.full_max} with cycles ({len(ns)} values), the one-part partition n "
        f"is the unique farthest winning position except at n = {ranges(exceptions)}"
        + (
            f"; it is {first[2]} turns from the core at n = {first[0]} and {last[2]} at "
            f"n = {last[0]}, the distance rising by about "
            f"{(last[2] - first[2]) / max(last[0] - first[0], 1):.2f} turns per unit of n."
            if first and last
            else "."
        )
    )
    return worded(
        answer,
        [
            "n",
            "max turns",
            "turns from n",
            "farthest positions",
            "farthest (paper notation)",
            "n unique farthest",
        ],
        rows,
        ["farthest-turns.png"],
        {"exceptions": exceptions, "range": [1, data.full_max]},
    )


def losing_answer(data: ReportData) -> dict[str, Any]:
    """Question 2: a losing position for each n > 6 (the open cases 6m, 6m + 2)."""
    rows = []
    none = []
    open_cases = []
    for n in range(7, data.full_max + 1):
        play = data.play(n)
        case = "6m" if n % 6 == 0 else "6m+2" if n % 6 == 2 else ""
        if play["losing"] == 0:
            none.append(n)
        if case:
            open_cases.append(n)
            rows.append(
                [
                    n,
                    case,
                    play["losing"],
                    play["immediate_losses"],
                    notation(play["losing_examples"][0]) if play["losing_examples"] else "—",
                ]
            )
    found = [n for n in open_cases if n not in none]
    answer = (
        f"Every n with 7 ≤ n ≤ {data.full_max} has a losing position"
        + (f" except n = {ranges(none)}" if none else "")
        + f"; in particular all {len(found)} open cases n = 6m, 6m + 2 in that range have one "
        "(the table gives one for each, found by exhausting G_n). Beyond n = "
        f"{data.full_max} the report builds only the restricted G_n, which decides cycles but "
        "not winning and losing."
    )
    return worded(
        answer,
        ["n", "case", "losing positions", "immediate losses", "a losing position"],
        rows,
        ["losing.png"],
        {"without_losing": none, "range": [7, data.full_max]},
    )


def strategies_answer(data: ReportData) -> dict[str, Any]:
    """Question 3: how often each strategy reaches the recurrent states."""
    ns = list(range(24, data.full_max + 1))
    rates = {
        s: [cast(Mapping[str, float], data.play(n)["strategies"])[s] for n in ns]
        for s in STRATEGIES
    }
    rows = [[n, *(round(rates[s][i], 4) for s in STRATEGIES)] for i, n in enumerate(ns)]
    tail = [i for i, n in enumerate(ns) if n >= max(24, data.full_max - 19)]
    mean = {s: sum(rates[s][i] for i in tail) / max(len(tail), 1) for s in STRATEGIES}
    best = max((s for s in STRATEGIES if s != "optimal"), key=lambda s: mean[s])
    worst_rate, worst = min(zip(rates[best], ns, strict=True), default=(0.0, None))
    answer = (
        f"Success rates are exact averages over every separated start (not samples). Over "
        f"{ns[tail[0]] if tail else '-'} ≤ n ≤ {data.full_max}, '{best}' reaches the core from "
        f"{mean[best]:.2%} of the starts on average (best play: {mean['optimal']:.2%}); "
        + ", ".join(f"'{s}' {mean[s]:.2%}" for s in STRATEGIES if s not in (best, "optimal"))
        + f". Its lowest rate for 24 ≤ n ≤ {data.full_max} is {worst_rate:.2%}, at n = {worst}."
    )
    return worded(answer, ["n", *STRATEGIES], rows, ["strategies.png"], {"mean_last_20": mean})
