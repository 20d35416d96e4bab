"""The torture test (tools/torture.py) in the suite: a seeded one-minute run against the
session's local Neo4j (workers SIGKILLed every few seconds, the server restarted every
half minute or so) breaks no invariant, and the harness does see a broken one (a complete
graph with a relationship deleted by hand). The run is short and its chaos dense: measured
here, as many kills as the two-minute run it replaced (8), two restarts against one, 84
operations against 261, 89 s against 141 s; long runs are the tool's (`--minutes 30`). On a
machine slowed by other work the run goes on past its minute until it has done 40 operations
(`--min-operations`): beside four other jobs (load average 14) one minute held only 27."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import list_graphs
from gamegraph.errors import LoadConflictError
from gamegraph.games import get_game
from gamegraph.loader.plan import LoadRequest
from gamegraph.loader.writer import drop_graph, run_load

TOOL = Path(__file__).parents[2] / "tools" / "torture.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("torture", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["torture"] = module
    spec.loader.exec_module(module)
    return module


def _figure(summary: str, name: str) -> int:
    """A figure of the run's last line (``kills 12``)."""
    match = re.search(rf"{name} (\d+)", summary)
    assert match is not None, summary
    return int(match.group(1))


@pytest.fixture
def local_only(neo4j_settings: Neo4jSettings) -> None:
    if neo4j_settings.uri is not None:
        pytest.fail("the torture test restarts the local Neo4j; this session tests another server")


def test_the_harness_reports_a_complete_graph_with_a_relationship_missing(
    local_only: None, runner: Neo4jQueryRunner
) -> None:
    torture = _tool()
    drop_graph(runner, "bulgarian:10")
    run_load(runner, LoadRequest.parse("10", "bulgarian").plan())
    try:
        runner.write(
            "MATCH (:GraphNode {graph: 'bulgarian:10'})-[r:BULGARIAN_MOVE]->() "
            "WITH r LIMIT 1 DELETE r"
        )
        run = torture.Torture(torture.parse(["--seed", "5", "--workers", "1"]))
        game = get_game("bulgarian").create(n=10)
        run.games = {game.id: game}
        run.expected = {game.id: game.tables(game.build(force=True)).expected_counts()}
        run.checkpoint({game.id: "the hash it had"}, final=True)
        found = "\n".join(run.tally.violations)
        assert "bulgarian:10 listed complete; Neo4j holds" in found
        assert "bulgarian:10 listed complete fails verify" in found
        assert (
            "bulgarian:10 was complete and no failed operation touched it, yet its content changed"
            in found
        )
    finally:
        drop_graph(runner, "bulgarian:10")


def test_a_seeded_one_minute_torture_run_breaks_no_invariant(
    local_only: None, runner: Neo4jQueryRunner
) -> None:
    try:
        _one_minute()
    finally:  # the run leaves its graphs behind: the session's other tests expect none
        for graph in list_graphs(runner):
            for _ in range(60):  # a killed worker's lease runs out within a minute
                try:
                    drop_graph(runner, graph.id)
                    break
                except LoadConflictError:
                    time.sleep(2)


def _one_minute() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(TOOL),
            "--seed",
            "33",
            "--minutes",
            "1",
            "--workers",
            "4",
            "--kill-every",
            "4",
            "--restart-every",
            "30",
            "--check-every",
            "25",
            "--min-operations",
            "40",
        ],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        stdin=subprocess.DEVNULL,
        timeout=1200,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    summary = [line for line in done.stdout.splitlines() if "torture done:" in line][-1]
    kills, restarts = _figure(summary, "kills"), _figure(summary, "server restarts")
    operations = _figure(summary, "operations")
    violations = _figure(summary, "invariant violations")
    assert violations == 0
    assert kills >= 5 and restarts >= 1 and operations >= 40, summary
    assert "replay: python tools/torture.py --seed 33" in done.stdout
