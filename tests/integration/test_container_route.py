"""The container route of the integration tests (`make test-container`): gamegraph's own image
through testcontainers, on 127.0.0.1 only, with a random password, and removed at the end of
a run even when a test of that run fails. Skipped on the other routes."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import uuid
import warnings
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from neo4j import GraphDatabase
from neo4j.exceptions import AuthError

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.server import APOC_VERSION, GDS_VERSION, NEO4J_VERSION

HERE = Path(__file__).parent


@pytest.fixture
def container_route(neo4j_target: Any) -> None:
    if neo4j_target.source != "container":
        pytest.skip(f"this session uses {neo4j_target.source}, not gamegraph's image")


def _containers(label_value: str) -> list[Any]:
    """Containers (running or not) that carry io.gamegraph.test-run=`label_value`."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import docker

        client = docker.from_env()  # type: ignore[attr-defined]
        try:
            return list(
                client.containers.list(
                    all=True, filters={"label": f"io.gamegraph.test-run={label_value}"}
                )
            )
        finally:
            client.close()


@pytest.mark.usefixtures("container_route")
def test_the_image_serves_neo4j_apoc_and_gds_on_loopback_with_a_random_password(
    neo4j_settings: Neo4jSettings, runner: Neo4jQueryRunner
) -> None:
    assert neo4j_settings.uri is not None
    address = urlparse(neo4j_settings.uri)
    assert address.hostname == "127.0.0.1"
    row = runner.run(
        "CALL dbms.components() YIELD versions, edition "
        "RETURN versions[0] AS neo4j, edition, apoc.version() AS apoc, gds.version() AS gds"
    )[0]
    assert row == {
        "neo4j": NEO4J_VERSION,
        "edition": "community",
        "apoc": APOC_VERSION,
        "gds": GDS_VERSION,
    }
    assert neo4j_settings.password is not None and len(neo4j_settings.password) == 32
    with (
        pytest.raises(AuthError),
        GraphDatabase.driver(neo4j_settings.uri, auth=("neo4j", "gamegraph")) as driver,
    ):
        driver.verify_connectivity()
    # Bolt listens on loopback only: the host's network, no port mapping
    # this session's container among the run's (one per pytest-xdist worker): the one whose
    # Bolt listens on this session's port
    [container] = [
        c
        for c in _containers(os.environ.get("GAMEGRAPH_TEST_RUN_ID") or "adhoc")
        if f"NEO4J_server_bolt_listen__address=127.0.0.1:{address.port}"
        in (c.attrs["Config"]["Env"] or [])
    ]
    assert container.attrs["HostConfig"]["NetworkMode"] == "host"
    assert "org.testcontainers" in container.labels


@pytest.mark.usefixtures("container_route")
def test_a_run_whose_test_fails_still_removes_its_container(tmp_path: Path) -> None:
    inner = uuid.uuid4().hex
    seen = tmp_path / "seen.txt"
    (tmp_path / "test_fails_on_purpose.py").write_text(
        textwrap.dedent(
            f"""
            from pathlib import Path

            from test_container_route import _containers


            def test_fails_on_purpose(neo4j_settings):
                Path({str(seen)!r}).write_text(str(len(_containers({inner!r}))))
                assert neo4j_settings.uri.startswith("bolt://127.0.0.1:")
                raise AssertionError("failing on purpose")
            """
        )
    )
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    env = dict(
        os.environ,
        GAMEGRAPH_TEST_RUN_ID=inner,
        PYTHONPATH=os.pathsep.join([str(HERE), str(HERE.parent), os.environ.get("PYTHONPATH", "")]),
    )
    for name in ("GAMEGRAPH_TEST_CONTAINER_BOLT_PORT", "GAMEGRAPH_TEST_CONTAINER_HTTP_PORT"):
        env.pop(name, None)  # ports of its own, not this session's
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "conftest", "-p", "no:randomly", "-q"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed" in done.stdout
    assert "failing on purpose" in done.stdout
    assert seen.read_text() == "1"  # its container ran while the test did
    assert _containers(inner) == []  # and was removed after it failed
