"""A user's graph is never lost nor silently wrong (issue 33, item 5).

A graph whose game is not known now (a game defined in a notebook or in a file the command
line was not given) is never lost: it is listed, kept, and dropped only by an explicit
`drop ID` (issue 33, item 5). Each command runs in its own process, as a user runs them, so
a game defined with --games-from in one is unknown in the next. A graph whose game's move
was edited since it was loaded is stale: a query says so in one warning line, and verify
says why it checks nothing; editing only a docstring or a comment leaves it current."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from interrupting import interrupt_once_started

from gamegraph.db.catalog import get_graph, hold_slots, new_owner, release_slots
from gamegraph.db.runner import Neo4jQueryRunner
from gamegraph.db.settings import Neo4jSettings

MOVE = """\
import gamegraph as gg


@gg.solitaire(name="kept-two-card", space="partitions", title="Two-card Bulgarian solitaire")
def move(position, n):
    taken = sum(min(2, p) for p in position)
    return tuple(sorted([*(p - 2 for p in position if p > 2), taken], reverse=True))
"""
GRAPH = "kept-two-card:8"
LABEL = "KeptTwoCard"


@pytest.fixture
def env(neo4j_settings: Neo4jSettings) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if k != "GAMEGRAPH_GAMES_FROM"}
    for name, value in (
        ("NEO4J_URI", neo4j_settings.uri),
        ("NEO4J_USER", neo4j_settings.user),
        ("NEO4J_PASSWORD", neo4j_settings.password),
        ("NEO4J_DATABASE", neo4j_settings.database),
    ):
        if value:
            environ[name] = value
    environ["NO_COLOR"] = "1"
    return environ


def _gamegraph(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gamegraph", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _nodes(runner: Neo4jQueryRunner, label: str) -> int:
    [row] = runner.run(f"MATCH (p:{label}) RETURN count(p) AS nodes")  # a test's fixed label
    return int(row["nodes"])


def _slots(runner: Neo4jQueryRunner, slot: str) -> int:
    [row] = runner.run("MATCH (s:GraphSlot {slot: $slot}) RETURN count(s) AS slots", {"slot": slot})
    return int(row["slots"])


def test_a_graph_of_a_game_not_known_now_is_listed_and_dropped_by_its_id(
    env: dict[str, str], runner: Neo4jQueryRunner, tmp_path: Path
) -> None:
    mine = tmp_path / "kept.py"
    mine.write_text(MOVE, "utf-8")
    try:
        loaded = _gamegraph(
            env, "load", "--games", "kept-two-card", "--n", "8", "--games-from", str(mine)
        )
        assert loaded.returncode == 0, loaded.stderr
        record = get_graph(runner, GRAPH)
        assert record is not None and record.nodes == 22  # p(8) = 22 partitions of 8
        listed = _gamegraph(env, "graphs")  # no --games-from: the game is unknown here
        assert listed.returncode == 0, listed.stderr
        (line,) = [x for x in listed.stdout.splitlines() if x.startswith(f"{GRAPH} ")]
        assert line.split()[1:5] == ["stale", "(game", "not", "known"], line  # was: "stale"
        assert "known with --games-from FILE.py" in listed.stderr
        unverified = _gamegraph(env, "verify", "--n", "8")  # before: "built by another engine"
        assert (  # skipped, whatever other graph of n = 8 the server holds
            f"{GRAPH}: its game 'kept-two-card' is not known here (one defined in a file: "
            "name the file with --games-from)" in unverified.stdout + unverified.stderr
        ), unverified
        dropped = _gamegraph(env, "drop", GRAPH)
        assert dropped.returncode == 0, dropped.stderr
        assert dropped.stdout == f"{GRAPH}: dropped\n"
        assert get_graph(runner, GRAPH) is None
        assert _nodes(runner, LABEL) == 0
        assert _slots(runner, GRAPH) == 0  # no bookkeeping node is left behind
    finally:
        _gamegraph(env, "drop", GRAPH, "--games-from", str(mine))


def test_a_drop_of_a_graph_of_a_game_not_known_now_takes_the_slots_lease(
    env: dict[str, str], runner: Neo4jQueryRunner, tmp_path: Path
) -> None:
    """`drop ID` of a graph whose game is not known here holds the graph's slot as a load
    does: while another process holds it (here a bulk load's hold, as before its swap) the
    drop refuses in one line naming that process and deletes nothing; once it is free the
    drop removes the graph, its record and its slot (it used to delete without any lease)."""
    mine = tmp_path / "kept.py"
    mine.write_text(MOVE, "utf-8")
    owner = new_owner()
    try:
        loaded = _gamegraph(
            env, "load", "--games", "kept-two-card", "--n", "8", "--games-from", str(mine)
        )
        assert loaded.returncode == 0, loaded.stderr
        assert hold_slots(runner, [GRAPH], owner, 120) == []
        refused = _gamegraph(env, "drop", GRAPH)  # no --games-from: the game is unknown here
        assert refused.returncode != 0, refused.stdout
        [line] = refused.stderr.splitlines()
        assert line.startswith(f"error: {GRAPH} is being loaded by process {os.getpid()} on ")
        assert _nodes(runner, LABEL) == 22
        record = get_graph(runner, GRAPH)
        assert record is not None and (record.status, record.nodes) == ("complete", 22)
        release_slots(runner, owner)
        dropped = _gamegraph(env, "drop", GRAPH)
        assert dropped.returncode == 0, dropped.stderr
        assert dropped.stdout == f"{GRAPH}: dropped\n"
        assert get_graph(runner, GRAPH) is None
        assert _nodes(runner, LABEL) == 0
        assert _slots(runner, GRAPH) == 0
    finally:
        release_slots(runner, owner)
        _gamegraph(env, "drop", GRAPH, "--games-from", str(mine))


def _frozen(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def _content(runner: Neo4jQueryRunner, graph: str) -> tuple[list[object], list[object]]:
    """A graph's nodes (labels, properties) and relationships (ends, type, properties), sorted:
    what Neo4j holds of it, whatever its element ids."""
    nodes = runner.run(
        "MATCH (p:GraphNode {graph: $g}) RETURN labels(p) AS labels, properties(p) AS props",
        {"g": graph},
    )
    rels = runner.run(
        "MATCH (a:GraphNode {graph: $g})-[r]->(b) "
        "RETURN properties(a) AS a, type(r) AS type, properties(r) AS r, properties(b) AS b",
        {"g": graph},
    )

    def props(p: dict[str, object]) -> tuple[tuple[str, object], ...]:
        return tuple(sorted((k, _frozen(v)) for k, v in p.items()))

    return (
        sorted((tuple(sorted(row["labels"])), props(row["props"])) for row in nodes),
        sorted((props(row["a"]), row["type"], props(row["r"]), props(row["b"])) for row in rels),
    )


def _record(runner: Neo4jQueryRunner, graph: str) -> dict[str, object]:
    record = get_graph(runner, graph)
    assert record is not None
    return {k: v for k, v in record.properties.items() if not k.startswith("lease_")}


def test_a_bulk_load_that_cannot_see_a_game_carries_its_graph_over(
    env: dict[str, str], runner: Neo4jQueryRunner, tmp_path: Path
) -> None:
    """`load --bulk` rebuilds the whole database: a graph whose game it cannot see (defined
    with --games-from in another command) is carried over as it was, its nodes,
    relationships and record copied from the old store (it used to be dropped: "dropped
    (games no longer known)"), and verify with the file accepts it."""
    mine = tmp_path / "kept.py"
    mine.write_text(MOVE, "utf-8")
    try:
        loaded = _gamegraph(
            env, "load", "--games", "kept-two-card", "--n", "8", "--games-from", str(mine)
        )
        assert loaded.returncode == 0, loaded.stderr
        record = _record(runner, GRAPH)
        # p(8) = 22 positions, and a solitaire has one move from each
        assert (record["status"], record["nodes"], record["relationships"]) == ("complete", 22, 22)
        content = _content(runner, GRAPH)
        assert (len(content[0]), len(content[1])) == (22, 22)
        bulk = _gamegraph(env, "load", "--bulk", "--games", "bulgarian", "--n", "6")
        assert bulk.returncode == 0, bulk.stdout + bulk.stderr
        assert f"kept (games not known here, carried over): {GRAPH}\n" in bulk.stdout
        assert "B_6 [bulgarian:6]: loaded" in bulk.stdout
        assert _record(runner, GRAPH) == record  # status, counts, engine, summary, times
        assert _content(runner, GRAPH) == content
        assert _nodes(runner, LABEL) == 22
        listed = _gamegraph(env, "graphs", "--json", "--games-from", str(mine))
        assert listed.returncode == 0, listed.stderr
        [row] = [r for r in json.loads(listed.stdout) if r["id"] == GRAPH]
        assert (row["state"], row["nodes"], row["relationships"]) == ("current", 22, 22)
        checked = _gamegraph(env, "verify", GRAPH, "--games-from", str(mine))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        # a second bulk load carries it again (the carried record is a record like any other)
        again = _gamegraph(env, "load", "--bulk", "--games", "bulgarian", "--n", "6")
        assert again.returncode == 0, again.stdout + again.stderr
        assert _content(runner, GRAPH) == content
    finally:
        _gamegraph(env, "drop", GRAPH, "bulgarian:6", "--games-from", str(mine))


HANGS = """\
import time

import gamegraph as gg


@gg.solitaire(name="hung-two-card", space="partitions")
def move(position, n):
    if position == (4, 4):
        time.sleep(3600)
    taken = sum(min(2, p) for p in position)
    return tuple(sorted([*(p - 2 for p in position if p > 2), taken], reverse=True))
"""


def test_a_load_whose_move_does_not_return_in_time_stops_with_one_line(
    env: dict[str, str], runner: Neo4jQueryRunner, tmp_path: Path
) -> None:
    """`load --move-timeout` of a defined game whose move hangs: one error line naming the
    game and the position, and nothing of the graph is left in Neo4j (no record, no node)."""
    mine = tmp_path / "hung.py"
    mine.write_text(HANGS, "utf-8")
    args = ("--games", "hung-two-card", "--n", "8", "--games-from", str(mine))
    try:
        hung = _gamegraph(env, "load", *args, "--move-timeout", "1")
        assert hung.returncode == 2, hung.stdout + hung.stderr
        assert hung.stderr.splitlines() == [
            "error: move of hung-two-card on (4, 4) took longer than 1 s"
        ]
        assert get_graph(runner, "hung-two-card:8") is None
        assert _nodes(runner, "HungTwoCard") == 0
    finally:
        _gamegraph(env, "drop", "hung-two-card:8", "--games-from", str(mine))


def test_ctrl_c_during_a_load_whose_move_hangs_prints_one_line_and_leaves_nothing(
    env: dict[str, str], runner: Neo4jQueryRunner, tmp_path: Path
) -> None:
    """Ctrl-C while a load waits on a move that never returns: exit 130 with the one line
    ``error: interrupted (Ctrl-C)``, no traceback, and no record or node of the graph left
    (the load had claimed it but written nothing: its claim is put back)."""
    marker = tmp_path / "started"
    mine = tmp_path / "hung.py"
    mine.write_text(
        HANGS.replace(
            "        time.sleep(3600)",
            f"        open({str(marker)!r}, 'w').close()\n        time.sleep(3600)",
        ),
        "utf-8",
    )
    args = ["load", "--games", "hung-two-card", "--n", "8", "--games-from", str(mine)]
    try:
        code, out, err = interrupt_once_started(
            args, marker, env=env, start_within=300, end_within=120
        )
        assert code == 130, out + err
        assert err.splitlines() == ["error: interrupted (Ctrl-C)"], err
        assert "Traceback" not in out + err
        assert get_graph(runner, "hung-two-card:8") is None
        assert _nodes(runner, "HungTwoCard") == 0
    finally:
        _gamegraph(env, "drop", "hung-two-card:8", "--games-from", str(mine))


def test_an_unknown_graph_id_is_still_refused(env: dict[str, str]) -> None:
    refused = _gamegraph(env, "drop", "never-defined-game:8")
    assert refused.returncode == 2
    assert refused.stderr.startswith("error: unknown game 'never-defined-game'")
    assert refused.stderr.count("\n") == 1


def _states(env: dict[str, str], mine: Path) -> dict[str, str]:
    listed = _gamegraph(env, "graphs", "--json", "--games-from", str(mine))
    assert listed.returncode == 0, listed.stderr
    return {row["id"]: row["state"] for row in json.loads(listed.stdout)}


def test_a_stale_graph_says_so_and_a_docstring_edit_does_not_make_it_stale(
    env: dict[str, str], tmp_path: Path
) -> None:
    mine = tmp_path / "kept.py"
    mine.write_text(MOVE, "utf-8")
    args = ("--games-from", str(mine))
    query = ("query", "kept_two_card_cycles", "-p", "n=8", "-p", "limit=5", *args)
    try:
        loaded = _gamegraph(env, "load", "--games", "kept-two-card", "--n", "8", *args)
        assert loaded.returncode == 0, loaded.stderr
        assert _states(env, mine)[GRAPH] == "current"
        # a docstring and comments: the same code, the graph stays current
        mine.write_text(
            MOVE.replace(
                "def move(position, n):\n",
                'def move(position, n):\n    """Two cards from each pile."""  # a note\n'
                "    # the cards taken make the new pile\n",
            ),
            "utf-8",
        )
        assert _states(env, mine)[GRAPH] == "current"
        answered = _gamegraph(env, *query)
        assert answered.returncode == 0 and answered.stderr == "", answered.stderr
        # the move edited: the stored graph is stale, and the query's answer says so
        mine.write_text(MOVE.replace("min(2, p)", "min(3, p)").replace("p - 2", "p - 3"), "utf-8")
        assert _states(env, mine)[GRAPH] == "stale"
        stale = _gamegraph(env, *query)
        assert stale.returncode == 0, stale.stderr
        warnings = stale.stderr.splitlines()
        assert len(warnings) == 1 and warnings[0].startswith(f"warning: {GRAPH} is stale"), warnings
        assert "'kept-two-card'" in warnings[0]
        assert f"gamegraph load --games kept-two-card --n 8 --games-from {mine}" in warnings[0]
        checked = _gamegraph(env, "verify", GRAPH, *args)
        assert checked.returncode != 0
        [line] = checked.stderr.splitlines()
        assert line.startswith(f"error: no complete graph to verify for {GRAPH} ({GRAPH}: stale")
        assert "--games-from" in line
    finally:
        _gamegraph(env, "drop", GRAPH, *args)
