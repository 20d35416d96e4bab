"""The report's section on the survey's five games (seed 001 §3.5, "Other discrete
generalizations"): their figures for small n, the quantities the survey says are studied
("the type and the number of cycles, the Garden of Eden positions"), beside the claims of
seed 001 that :mod:`.claims.survey` checks; and :func:`refresh`, which adds the section to a
report already written without computing its per-n steps again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gamegraph.reporting.claims.common import built
from gamegraph.reporting.claims.evaluators import claims_data
from gamegraph.reporting.data import SeedRanges

__all__ = ["REFRESHED", "cases", "refresh", "survey_section"]


def cases() -> list[tuple[str, dict[str, Any]]]:
    """The games and parameters of the section's table: the ``[[survey]]`` rows of
    ``claims/seed001.toml`` (the names are data: this layer sits below the survey's games)."""
    return [(row["game"], dict(row["params"])) for row in claims_data()["survey"]]


COLUMNS = [
    "game",
    "parameters",
    "n",
    "positions",
    "cycles",
    "cycle lengths (length: count)",
    "Garden of Eden",
    "longest transient",
]

TEXT = (
    "The survey (seed 001, §3.5) lists five further games and says that, as for Bulgarian "
    'solitaire, "the problems studied concern the type and the number of cycles, the Garden '
    'of Eden positions" (l.198): those figures are tabled here for small n, from the graphs '
    "`gamegraph stats GAME --n N --json` builds, and the survey's statements about the games "
    "are claims of seed 001 (ids SUR-…). Not checked: Locke's red-green Bulgarian solitaire, "
    'whose rule the seed does not give (l.200: the moves "depend on the existence of green '
    'cards in each pile") and which could not be found, so `red-green-bulgarian` is a '
    "labelled reconstruction and its row is the reconstruction's; Grensjö's six 3D moves are "
    "a reconstruction from his abstract (docs/games.md), and his results are not checked."
)


REFRESHED = (
    "The survey's section (seed 001 §3.5) and its claims were added to this run by "
    "`gamegraph.reporting.survey.refresh`, which computes no per-n step."
)
"""The sentence :func:`refresh` adds to the header's note."""


def survey_section(ranges: SeedRanges) -> dict[str, Any]:
    """The section as data: its text, columns and rows (n = 1 … ``ranges.survey``)."""
    rows = []
    for name, params in cases():
        for n in range(1, ranges.survey + 1):
            summary = built(name, n=n, **params).summary()
            lengths = summary["cycle_lengths"]
            rows.append(
                [
                    name,
                    ", ".join(f"{k}={v}" for k, v in params.items()) or "—",
                    n,
                    summary["positions"],
                    summary["cycles"],
                    ", ".join(f"{k}: {v}" for k, v in sorted(lengths.items())),
                    summary["garden_of_eden"],
                    summary["max_transient"],
                ]
            )
    return {"text": TEXT, "columns": COLUMNS, "rows": rows}


def refresh(folder: str | Path, ranges: SeedRanges | None = None) -> None:
    """Add (or renew) the survey section and its claims in the report written in ``folder``,
    from its report.json, without its per-n steps: the claims of :mod:`.claims.survey` read
    none. report.md is rendered again from the data, as :func:`generate_report` renders it."""
    from gamegraph.reporting.claims import evaluate_claim
    from gamegraph.reporting.data import ReportData
    from gamegraph.reporting.markdown import read_report, write_report

    folder = Path(folder)
    ranges = ranges or SeedRanges()
    report = read_report(folder)
    data = ReportData(report["generated"]["n_max"], {}, {}, ranges)
    fresh = {
        row["id"]: evaluate_claim(data, row).as_dict()
        for row in claims_data()["claim"]
        if row["id"].startswith("SUR-")
    }
    claims = [c for c in report["claims"] if c["id"] not in fresh]
    at = max((i + 1 for i, c in enumerate(claims) if c["seed"] == "001"), default=len(claims))
    report["claims"] = claims[:at] + list(fresh.values()) + claims[at:]
    report["survey"] = survey_section(ranges)
    note = report["generated"].get("note", "")
    if REFRESHED not in note:
        report["generated"]["note"] = f"{note} {REFRESHED}".strip()
    write_report(folder, report)
