"""Where the per-seed claim modules register their evaluators, and what an evaluator returns.

An evaluator is ``fn(data, row) -> EvalResult``: ``data`` the report's per-n results with the
ranges the other seeds are checked over (:class:`gamegraph.reporting.data.ReportData`), ``row``
the claim's table from its seed's TOML file. Each seed module (``seed000`` ... ``seed003``)
decorates its evaluators with :func:`evaluator` under the claim's id.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from gamegraph.reporting.data import ReportData

__all__ = ["EVALUATORS", "SEEDS", "EvalResult", "Evaluator", "claims_data", "evaluator", "span"]

SEEDS = {
    "000": "Floridian Solitaire: A New Variant of Bulgarian Solitaire",
    "001": "The Bulgarian solitaire and the mathematics around it",
    "002": "Tchoukaillon solitaire, strange roots and Fagan's construction",
    "003": "CRIM: delete a row or a column of a Young diagram",
}
"""The four seeds, by number: each has ``seed<number>.toml`` and ``seed<number>.py`` here."""


@dataclass(frozen=True)
class EvalResult:
    """The computed value of a claim, the range it was computed over, and a detail line."""

    value: Any
    range: str
    detail: str = ""


Evaluator = Callable[[ReportData, dict[str, Any]], EvalResult]
EVALUATORS: dict[str, Evaluator] = {}


def evaluator(claim_id: str) -> Callable[[Evaluator], Evaluator]:
    """Register the decorated function as the evaluator of ``claim_id`` (once)."""

    def register(fn: Evaluator) -> Evaluator:
        if claim_id in EVALUATORS:
            raise RuntimeError(f"two evaluators for the claim {claim_id}")
        EVALUATORS[claim_id] = fn
        return fn

    return register


def span(lo: int, hi: int, what: str = "n") -> str:
    """``lo ≤ n ≤ hi`` (or ``n = lo``), the range column's wording."""
    return f"{what} = {lo}" if lo == hi else f"{lo} ≤ {what} ≤ {hi}"


@cache
def claims_data() -> dict[str, Any]:
    """Every seed's TOML file, parsed and joined: ``claim`` (each row with its ``seed``, in
    seed order), ``family`` (the 16 families of seed 000) and ``survey`` (the games of the
    report's survey section, seed 001)."""
    joined: dict[str, list[dict[str, Any]]] = {"claim": [], "family": [], "survey": []}
    folder = resources.files("gamegraph.reporting.claims")
    for seed in SEEDS:
        table = tomllib.loads(folder.joinpath(f"seed{seed}.toml").read_text("utf-8"))
        joined["claim"] += [{**row, "seed": seed} for row in table.get("claim", [])]
        joined["family"] += table.get("family", [])
        joined["survey"] += table.get("survey", [])
    return joined
