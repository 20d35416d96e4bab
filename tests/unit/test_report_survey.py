"""The report's section on the survey's five games (seed 001 §3.5): its table against the
brute force of tests/survey_reference.py, its claims against tests/seed_reference.py, and
:func:`gamegraph.reporting.survey.refresh`, which adds the section to a written report and
changes nothing else of it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import survey_reference as ref
from seed_reference import survey

from gamegraph.games.survey import GAMES
from gamegraph.reporting.claims import claims_data
from gamegraph.reporting.data import SeedRanges
from gamegraph.reporting.survey import REFRESHED, cases, refresh, survey_section

RANGES = SeedRanges(survey=6, survey_players=3)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "report"


def _brute(name: str, n: int, params: dict[str, object]) -> dict[str, object]:
    players = int(params.get("players", 0))  # type: ignore[call-overload]
    if name == "multiplayer-bulgarian":
        return ref.figures(ref.multiplayer_positions(n, players), ref.multiplayer_move)
    if name == "servedio-yeh":
        return ref.figures(ref.servedio_yeh_positions(n, players), ref.servedio_yeh_move)
    if name == "janetzko":
        return ref.figures(ref.janetzko_positions(n, players), ref.janetzko_move)
    if name == "bulgarian-3d":
        move = str(params["layer_move"])
        return ref.figures(ref.plane_partitions(n), lambda s: ref.layer_move(s, move))
    return ref.figures(ref.red_green_positions(n), ref.red_green_move)


def test_the_table_equals_the_brute_force() -> None:
    assert {name for name, _ in cases()} == set(GAMES)
    section = survey_section(RANGES)
    assert len(section["rows"]) == len(cases()) * RANGES.survey
    at = iter(section["rows"])
    for name, params in cases():
        for n in range(1, RANGES.survey + 1):
            row = next(at)
            figures = _brute(name, n, params)
            lengths = ", ".join(f"{k}: {v}" for k, v in figures["cycle_lengths"].items())  # type: ignore[attr-defined]
            assert row[0] == name and row[2] == n
            assert row[3:] == [
                figures["positions"],
                figures["cycles"],
                lengths,
                figures["garden_of_eden"],
                figures["max_transient"],
            ]


def test_the_survey_claims_equal_the_brute_force_and_hold() -> None:
    from gamegraph.reporting.claims import evaluate_claim
    from gamegraph.reporting.data import ReportData

    expected = survey(RANGES)
    rows = [r for r in claims_data()["claim"] if r["id"].startswith("SUR-")]
    assert sorted(r["id"] for r in rows) == sorted(expected)
    for row in rows:
        claim = evaluate_claim(ReportData(30, {}, {}, RANGES), row)
        assert claim.computed_value == expected[row["id"]]() == []
        assert claim.verdict == "extends" and claim.seed == "001"


def test_refresh_adds_the_section_and_changes_nothing_else(tmp_path: Path) -> None:
    for name in ("report.json", "frontier.json", "frontier.md"):
        if (DOCS / name).exists():
            shutil.copy(DOCS / name, tmp_path / name)
    before = json.loads((tmp_path / "report.json").read_text("utf-8"))
    refresh(tmp_path, RANGES)
    after = json.loads((tmp_path / "report.json").read_text("utf-8"))
    old = [c for c in before["claims"] if not c["id"].startswith("SUR-")]
    assert [c for c in after["claims"] if not c["id"].startswith("SUR-")] == old
    assert [c["id"] for c in after["claims"] if c["id"].startswith("SUR-")] == [
        r["id"] for r in claims_data()["claim"] if r["id"].startswith("SUR-")
    ]
    assert after["survey"] == survey_section(RANGES)
    assert {k: v for k, v in after.items() if k not in ("claims", "survey", "generated")} == {
        k: v for k, v in before.items() if k not in ("claims", "survey", "generated")
    }
    assert after["generated"]["note"].endswith(REFRESHED)
    refresh(tmp_path, RANGES)  # again: the same report, the note not repeated
    assert json.loads((tmp_path / "report.json").read_text("utf-8")) == after
    markdown = (tmp_path / "report.md").read_text("utf-8")
    assert "## The survey's five games (seed 001, §3.5)" in markdown
    assert "Locke" in markdown and all(f"| {c} |" in markdown for c in ("SUR-jan-periodic",))
