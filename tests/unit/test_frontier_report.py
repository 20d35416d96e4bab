"""`gamegraph frontier` and its records (issue 20 item 7): small budgets computed, cached,
written as frontier.json / frontier.md / figures, read back, and shown by the report beside
them; bad budgets are one error line."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import CliResult

from gamegraph.cli import run
from gamegraph.cluster import configure
from gamegraph.reporting.frontier import FrontierBudgets, compute_frontier, load_frontier
from gamegraph.reporting.frontier_output import render_frontier_markdown, write_frontier
from gamegraph.reporting.markdown import render_markdown, renew_report

DOCS = Path(__file__).resolve().parents[2] / "docs" / "report"

SMALL = FrontierBudgets(
    basins_n=5000,
    losses_n=60,
    crim_target=22,
    crim_seconds=60.0,
    crim_grundy_n=12,
    lifting_n=30,
    full_n=50,
    full_from=24,
    full_seconds=0.0,
)


def test_small_frontier_is_computed_cached_written_and_read_back(tmp_path: Path) -> None:
    configure(local=True)
    try:
        records = compute_frontier(SMALL, cache=tmp_path / "cache")
        again = compute_frontier(SMALL, cache=tmp_path / "cache")  # from the cache
    finally:
        configure()
    assert [r.key for r in records] == [r.key for r in again]
    by_key = {r.key: r for r in records}
    assert by_key["fagan-basins"].data["basin_one"] == [2, 3, 4, 6, 14, 1760]
    assert by_key["floridian-q2"].data["missing"] == []
    assert by_key["crim-even-rank"].data["reached"] == 22
    assert by_key["crim-even-rank"].data["holds"] is True
    assert by_key["lifting-q9"].data["unlifted_after"] == []
    (g24,) = by_key["floridian-q1-q3"].data["built"]  # the budget of 0 s stops after n = 24
    assert g24["n"] == 24 and g24["turns"] > 0 and g24["farthest"]
    assert g24["one_part_farthest"] == ([24] in g24["farthest"])
    path = write_frontier(records, tmp_path / "out", command="gamegraph frontier", seconds=1.0)
    text = path.read_text("utf-8")
    for r in records:
        assert r.title in text
    data = json.loads((tmp_path / "out" / "frontier.json").read_text("utf-8"))
    assert data["generated"]["command"] == "gamegraph frontier"
    assert (tmp_path / "out" / "frontier-fagan-basins.png").exists()
    assert [r.key for r in load_frontier(tmp_path / "out")] == [r.key for r in records]
    # a report in the folder is written again with the new frontier, the rest of it unchanged
    assert renew_report(tmp_path / "out") is None  # no report there yet
    shutil.copy(DOCS / "report.json", tmp_path / "out" / "report.json")
    md = renew_report(tmp_path / "out")
    assert md == tmp_path / "out" / "report.md"
    report = json.loads((tmp_path / "out" / "report.json").read_text("utf-8"))
    assert report["frontier"] == [r.as_dict() for r in load_frontier(tmp_path / "out")]
    committed = json.loads((DOCS / "report.json").read_text("utf-8"))
    assert {k: v for k, v in report.items() if k != "frontier"} == {
        k: v for k, v in committed.items() if k != "frontier"
    }
    assert md.read_text("utf-8") == (
        render_markdown(report).rstrip("\n") + "\n\n" + render_frontier_markdown(records)
    )


def test_the_committed_report_shows_the_committed_frontier() -> None:
    """docs/report/report.md is its report.json rendered, with frontier.json's records as its
    last section (`gamegraph frontier --out docs/report` writes both again)."""
    report = json.loads((DOCS / "report.json").read_text("utf-8"))
    records = load_frontier(DOCS)
    assert report["frontier"] == [r.as_dict() for r in records]
    assert (DOCS / "report.md").read_text("utf-8") == (
        render_markdown(report).rstrip("\n") + "\n\n" + render_frontier_markdown(records)
    )


def test_frontier_budgets_out_of_range_are_one_error_line() -> None:
    for args in (["--basins-n", "1"], ["--crim-target", "500"], ["--losses-n", "3"]):
        assert run(["frontier", *args]) == 2


def test_the_frontier_command_offers_every_budget_with_its_default() -> None:
    from dataclasses import fields

    from gamegraph.cli.frontier import BUDGETS

    expected = [(f.name, f.type, f.default) for f in fields(FrontierBudgets)]
    assert [(name, kind.__name__, default) for name, kind, default, _ in BUDGETS] == expected


def test_an_out_that_is_a_file_is_refused_before_the_frontier_is_computed(
    gamegraph: Callable[..., CliResult], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, the frontier was computed first and its write then failed."""
    monkeypatch.setenv("GAMEGRAPH_FRONTIER_CACHE", str(tmp_path / "cache"))
    (tmp_path / "afile").write_text("kept\n")
    result = gamegraph(
        "frontier", "--out", str(tmp_path / "afile"), "--only", "fagan-basins", "--basins-n", "10"
    )
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0] == f"error: --out: '{tmp_path / 'afile'}' is a file, not a directory"
    assert not (tmp_path / "cache").exists()  # nothing computed
    assert (tmp_path / "afile").read_text() == "kept\n"
