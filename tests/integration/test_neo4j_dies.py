"""Neo4j dies in the middle of a load (issue 22): the load says within seconds that the
connection is lost and that it retries, and gives up with one `error:` line well under a
minute later when the server does not come back.

The server killed is the test's own: a second gamegraph-managed Neo4j in a temporary home on
two free ports of 127.0.0.1, started for this module and killed with SIGKILL while
`gamegraph load` (a subprocess, as a user runs it) writes B_55's nodes.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings, connect
from gamegraph.db.runner import RECONNECT_SECONDS
from gamegraph.server import LocalNeo4j, LocalNeo4jError

N = 55  # B_55: 451,276 positions, some seconds of writing on a shared 2-core machine
GRAPH = f"bulgarian:{N}"
SERVER = (
    "GAMEGRAPH_NEO4J_HOME",
    "GAMEGRAPH_NEO4J_BOLT_PORT",
    "GAMEGRAPH_NEO4J_HTTP_PORT",
    "GAMEGRAPH_NEO4J_HEAP",
    "GAMEGRAPH_NEO4J_PAGECACHE",
)
ELSEWHERE = ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def _pointed_at(env: dict[str, str]) -> Iterator[None]:
    """This process's LocalNeo4j and settings on the doomed server, as the subprocess's."""
    with pytest.MonkeyPatch.context() as patch:
        for name in SERVER:
            patch.setenv(name, env[name])
        for name in ELSEWHERE:
            patch.delenv(name, raising=False)
        yield


@pytest.fixture(scope="module")
def doomed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The environment of a Neo4j of this module's own, started (and stopped at the end)."""
    env = {
        **{k: v for k, v in os.environ.items() if k not in ELSEWHERE},
        "GAMEGRAPH_NEO4J_HOME": str(tmp_path_factory.mktemp("neo4j-doomed")),
        "GAMEGRAPH_NEO4J_BOLT_PORT": str(_free_port()),
        "GAMEGRAPH_NEO4J_HTTP_PORT": str(_free_port()),
        "GAMEGRAPH_NEO4J_HEAP": "512m",
        "GAMEGRAPH_NEO4J_PAGECACHE": "64m",
    }
    with _pointed_at(env):
        try:
            LocalNeo4j().start(timeout=300)
        except LocalNeo4jError as e:
            pytest.skip(f"a second local Neo4j could not start here: {e}")
    try:
        yield env
    finally:
        with _pointed_at(env):
            LocalNeo4j().stop(timeout=30)


def _nodes_written(runner: Neo4jQueryRunner) -> int:
    rows = runner.run("MATCH (p:GraphNode {graph: $g}) RETURN count(p) AS n", {"g": GRAPH})
    return int(rows[0]["n"])


def test_a_load_whose_neo4j_dies_says_so_at_once_and_gives_up_well_under_a_minute(
    doomed: dict[str, str],
) -> None:
    with _pointed_at(doomed):
        pid = LocalNeo4j().status().pid
        settings = Neo4jSettings.resolve()
        driver = connect(settings, start_local=False)
    assert pid is not None
    lines: list[tuple[float, str]] = []
    load = subprocess.Popen(
        [sys.executable, "-m", "gamegraph", "load", "--n", str(N), "--games", "bulgarian"],
        env=doomed,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )

    def read() -> None:
        assert load.stderr is not None
        for line in load.stderr:
            lines.append((time.monotonic(), line.rstrip("\n")))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        runner = Neo4jQueryRunner(driver, settings.database)
        deadline = time.monotonic() + 240
        while _nodes_written(runner) == 0:
            assert load.poll() is None, lines
            assert time.monotonic() < deadline, "the load wrote nothing in 4 minutes"
            time.sleep(0.2)
        os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        code = load.wait(timeout=120)
        ended = time.monotonic()
    finally:
        driver.close()
        if load.poll() is None:
            load.kill()
    reader.join(timeout=5)
    assert load.stderr is not None
    load.stderr.close()
    said = [(at - killed, line) for at, line in lines if at >= killed]
    lost = [(at, line) for at, line in said if line.startswith("warning: lost the connection")]
    assert lost, lines
    assert lost[0][0] < 5, said  # said within seconds of the kill
    assert "retrying for up to" in lost[0][1]
    assert code == 1, said
    assert ended - killed < RECONNECT_SECONDS + 20 < 60, said  # gave up well under a minute
    errors = [line for _, line in said if line.startswith("error:")]
    assert len(errors) == 1 and said[-1][1] == errors[0], said
    assert "did not answer again within" in errors[0] and "neo4j status" in errors[0]
