"""Every claim the report expects to disagree carries the command that shows its
counterexample: the command runs (without Neo4j) and prints the counterexample text."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gamegraph.reporting.claims import claims_data

BIN = Path(sys.executable).parent
DISAGREEING = [row for row in claims_data()["claim"] if "note" in row]


def test_every_row_with_a_note_names_its_counterexample_and_a_command_for_it() -> None:
    assert len(DISAGREEING) >= 15
    for row in DISAGREEING:
        assert row.get("counterexample"), row["id"]
        assert row["reproduce"].startswith(("gamegraph ", "python ")), row["id"]
        assert "&&" not in row["reproduce"] and "|" not in row["reproduce"], row["id"]
    # the rows without a note are not expected to disagree and show no counterexample
    assert all("counterexample" not in r for r in claims_data()["claim"] if "note" not in r)


def command(text: str) -> list[str]:
    """The reproduce command with this environment's gamegraph and python."""
    words = shlex.split(text)
    if words[0] == "gamegraph":
        words[0] = str(BIN / "gamegraph")
    elif words[0] == "python":
        words[0] = sys.executable
    return words


@pytest.mark.slow
@pytest.mark.parametrize("row", DISAGREEING, ids=[r["id"] for r in DISAGREEING])
def test_the_reproduce_command_prints_the_counterexample(row: dict[str, Any]) -> None:
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    done = subprocess.run(
        command(row["reproduce"]), capture_output=True, text=True, timeout=600, env=env
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert row["counterexample"] in done.stdout, done.stdout[-2000:]
