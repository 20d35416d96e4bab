"""The claims of the four seeds against the computed values, one module per seed (two for seed 000).

What the papers say is data (``seed000.toml`` ... ``seed003.toml``: id, source, claim, paper
value, the smallest N that reaches it); what gamegraph computes comes from the evaluator
registered under the same id in ``seed000.py`` ... ``seed003.py`` (seed 000's 4-cycles in
``seed000_fourcycles.py``), reading the per-n results
(:class:`gamegraph.reporting.data.ReportData`) or the games, built by their Game classes
(the Game type every layer uses). The verdict follows from the values alone:

* ``agrees``: a finite statement and the computed value equals the paper's;
* ``extends``: a statement for every n, and no counterexample in the range checked (its
  paper value is the empty list of counterexamples);
* ``disagrees``: the values differ; the row's note says why, and which definition the code
  follows, and its ``counterexample`` is what its ``reproduce`` command prints.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

# the seeds' modules, imported for the evaluators they register
from gamegraph.reporting.claims import (  # noqa: F401
    seed000,
    seed000_fourcycles,
    seed001,
    seed002,
    seed003,
    survey,
)
from gamegraph.reporting.claims.evaluators import (
    EVALUATORS,
    SEEDS,
    EvalResult,
    claims_data,
)
from gamegraph.reporting.claims.seed000_fourcycles import families
from gamegraph.reporting.data import ReportData

__all__ = [
    "SEEDS",
    "VERDICTS",
    "Claim",
    "EvalResult",
    "claims_data",
    "evaluate_claim",
    "evaluate_claims",
    "families",
    "verdict_of",
]

VERDICTS = ("agrees", "disagrees", "extends")
MAX_LISTED = 12
"""Counterexample lists longer than this are cut (the detail gives the total)."""


@dataclass(frozen=True)
class Claim:
    """One row of report.json's ``claims``."""

    id: str
    seed: str
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
    counterexample: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def verdict_of(paper: Any, computed: Any, general: bool) -> str:
    """The verdict the values imply (module docstring)."""
    if paper != computed:
        return "disagrees"
    return "extends" if general else "agrees"


def evaluate_claim(data: ReportData, row: dict[str, Any]) -> Claim:
    """One claim's row: its evaluator's value beside the paper's, and the verdict."""
    result = EVALUATORS[row["id"]](data, row)
    general = bool(row["general"])
    if general and isinstance(result.value, list) and len(result.value) > MAX_LISTED:
        detail = f"{len(result.value)} counterexamples; the first {MAX_LISTED} are listed"
        detail += f"; {result.detail}" if result.detail else ""
        result = EvalResult(result.value[:MAX_LISTED], result.range, detail)
    verdict = verdict_of(row["paper_value"], result.value, general)
    disagrees = verdict == "disagrees"
    return Claim(
        row["id"],
        row["seed"],
        row["source"],
        row["claim"],
        row["paper_value"],
        result.value,
        verdict,
        result.range,
        row["reproduce"],
        general,
        row.get("note", "") if disagrees else "",
        result.detail,
        row.get("counterexample", "") if disagrees else "",
    )


def evaluate_claims(data: ReportData) -> tuple[list[Claim], list[dict[str, Any]]]:
    """(claims checked, claims beyond the range with the N they need)."""
    done: list[Claim] = []
    beyond: list[dict[str, Any]] = []
    for row in claims_data()["claim"]:
        needs = int(row.get("needs", 1))
        if needs > data.n_max:
            beyond.append({"id": row["id"], "claim": row["claim"], "needs_n_max": needs})
        else:
            done.append(evaluate_claim(data, row))
    return done, beyond
