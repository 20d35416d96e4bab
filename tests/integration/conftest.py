"""Integration tests run against a real Neo4j 5, chosen once per session:

1. ``NEO4J_URI`` (with ``NEO4J_USER`` / ``NEO4J_PASSWORD`` / ``NEO4J_DATABASE``) if set;
2. else, with ``GAMEGRAPH_TEST_NEO4J=container`` (what `make test-container` sets), gamegraph's
   own image (``GAMEGRAPH_TEST_CONTAINER_IMAGE``, default ``localhost/gamegraph-neo4j:5.26``,
   built by `make image`) through testcontainers' ``Neo4jContainer`` on the host's network,
   Neo4j on 127.0.0.1 on ports of its own (``GAMEGRAPH_TEST_CONTAINER_BOLT_PORT`` /
   ``..._HTTP_PORT``, default: free ones) with a random password; when it cannot start, the
   session fails with one line, never skips. The container is removed at the end of the
   session whatever the tests did;
3. else testcontainers' ``Neo4jContainer`` (the official image ``neo4j:5`` with APOC, a random
   password) if a Docker daemon answers;
4. else a local Neo4j managed by gamegraph (the same jars and launcher as `gamegraph neo4j
   start`) in a home and on ports of its own, so the tests never touch the graphs a user has
   loaded into the everyday local Neo4j: ``<data home>/gamegraph/neo4j-test``, Bolt 7688 and
   HTTP 7475 (``GAMEGRAPH_TEST_NEO4J_HOME``, ``GAMEGRAPH_TEST_NEO4J_BOLT_PORT``,
   ``GAMEGRAPH_TEST_NEO4J_HTTP_PORT`` choose others). The session exports them as
   ``GAMEGRAPH_NEO4J_*`` so the CLI commands the tests run find it too. Under ``pytest -n N``
   (pytest-xdist; `make test` runs two workers) worker i has a server of its own: the home
   with ``-gw<i>`` appended and the ports plus 100·i (worker 0 keeps the plain ones). It is
   started if needed
   and stopped again at the end of the session if this session started it (set
   ``GAMEGRAPH_TEST_KEEP_NEO4J=1`` to leave it running for the next run). Its JVM, and every
   other JVM the session starts, compiles with C1 only (:data:`C1_ONLY`).

When no Neo4j can be reached the tests are skipped with the reason, except under ``CI=true``
or on the container route, where that is a failure. Every test in this directory gets the
``neo4j`` marker.
"""

from __future__ import annotations

import gc
import os
import socket
import subprocess
import sys
import uuid
import warnings
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest
from neo4j import Driver

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings, connect
from gamegraph.errors import DatabaseError
from gamegraph.server import LocalNeo4j, LocalNeo4jError
from gamegraph.server.install import default_home
from gamegraph.server.password import new_password

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(pytest.mark.neo4j)
    if os.environ.get("GAMEGRAPH_TEST_NEO4J") != "container":
        # the container's own checks run in `make test-container`: deselected elsewhere, so
        # a run against the local Neo4j skips no test
        route = [item for item in items if Path(item.path).name == "test_container_route.py"]
        if route:
            config.hook.pytest_deselected(items=route)
            items[:] = [item for item in items if item not in route]


@dataclass(frozen=True)
class Neo4jTarget:
    """The Neo4j this session tests against, and where it came from."""

    settings: Neo4jSettings
    source: str
    """"NEO4J_URI", "container" (gamegraph's image), "testcontainers" or "local"."""
    local: LocalNeo4j | None = None
    """The gamegraph-managed server, when `source` is "local"."""


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _unreachable(reason: str) -> NoReturn:
    if _in_ci() or _container_route():
        pytest.fail(f"CI=true and no Neo4j for the integration tests: {reason}", pytrace=False)
    pytest.skip(f"no Neo4j for the integration tests: {reason}")


def _container_route() -> bool:
    return os.environ.get("GAMEGRAPH_TEST_NEO4J", "") == "container"


def _start_gamegraph_container(stack: ExitStack) -> Neo4jSettings:
    """gamegraph's image on the host's network (tests/neo4j_container.py); removed at exit."""
    from neo4j_container import DEFAULT_IMAGE, HostNetworkNeo4jContainer, free_port

    image = os.environ.get("GAMEGRAPH_TEST_CONTAINER_IMAGE") or DEFAULT_IMAGE
    password = new_password()
    container = HostNetworkNeo4jContainer(
        image,
        password=password,
        bolt_port=int(os.environ.get("GAMEGRAPH_TEST_CONTAINER_BOLT_PORT") or free_port()),
        http_port=int(os.environ.get("GAMEGRAPH_TEST_CONTAINER_HTTP_PORT") or free_port()),
        heap=os.environ.get("GAMEGRAPH_NEO4J_HEAP") or "1g",
        pagecache=os.environ.get("GAMEGRAPH_NEO4J_PAGECACHE") or "256m",
        startup_timeout=int(os.environ.get("GAMEGRAPH_TEST_CONTAINER_TIMEOUT") or 600),
    )
    container.with_env("JAVA_TOOL_OPTIONS", C1_ONLY)  # as the local test servers' JVMs
    # registered before start: a container that started but never answered is removed too
    stack.callback(_remove_container, container)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        container.start()
    return Neo4jSettings(
        uri=container.get_connection_url(), user="neo4j", password=password, database="neo4j"
    )


def _remove_container(container: object) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if getattr(container, "_container", None) is not None:
            container.stop()  # type: ignore[attr-defined]


def _docker_answers() -> bool:
    """True if a Docker daemon answers a ping (never on our own machines and CI)."""
    if not os.environ.get("DOCKER_HOST") and not Path("/var/run/docker.sock").exists():
        return False
    with warnings.catch_warnings():
        # the docker client leaks a socket when the daemon is absent; keep its
        # ResourceWarning from failing an unrelated test later
        warnings.simplefilter("ignore")
        try:
            import docker

            # mypy mistakes the repository's docker/ folder for this package
            client = docker.from_env(timeout=3)  # type: ignore[attr-defined]
            try:
                return bool(client.ping())
            finally:
                client.close()
        except Exception:
            return False
        finally:
            gc.collect()


def _start_container(stack: ExitStack) -> Neo4jSettings:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from testcontainers.neo4j import Neo4jContainer

        password = new_password()
        container = Neo4jContainer("neo4j:5", password=password)
        container.with_env("NEO4J_PLUGINS", '["apoc"]')
        container.with_env("NEO4J_dbms_security_procedures_unrestricted", "apoc.*")
        container.start()
    stack.callback(container.stop)
    return Neo4jSettings(
        uri=container.get_connection_url(),
        user="neo4j",
        password=password,
        database="neo4j",
    )


def xdist_worker() -> int:
    """This process's index among pytest-xdist's workers (`gw0`, `gw1`, ...; 0 without xdist)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker[2:]) if worker.startswith("gw") and worker[2:].isdigit() else 0


WORKER_PORT_STRIDE = 100
"""Worker i of `pytest -n` tests against a server of its own: the ports plus 100·i and the home
with `-gw<i>` appended (worker 0 keeps the plain ones), so the tests of two workers never share
a database and a store swap, a kill or a restart in one never touches the other."""


C1_ONLY = "-XX:TieredStopAtLevel=1 -XX:ReservedCodeCacheSize=240m"
"""The JIT of the tests' JVMs (their Neo4j servers, neo4j-admin): C1 only. A server that lives
for one session of small graphs spends more CPU in the C2 compiler than C2's faster code saves
it: a third less CPU for the bulk, torture and Neo4j-dies tests (322 s against 472 s), and
10 s of CPU instead of 17-19 s to start a server with GDS. C1 only also shrinks the JVM's code
cache from 240 MiB to 48 MiB (`java -XX:TieredStopAtLevel=1 -XX:+PrintFlagsFinal`), and the
container's one server, which runs every query of the suite, filled it ("Out of space in
CodeCache for adapters"): the size is set back to the default's."""


@contextmanager
def _test_server_environment() -> Iterator[None]:
    """Point every LocalNeo4j of this process and its subprocesses at the test server, and
    start their JVMs with :data:`C1_ONLY` (through ``JAVA_TOOL_OPTIONS``)."""
    worker = xdist_worker()
    home = Path(
        os.environ.get("GAMEGRAPH_TEST_NEO4J_HOME") or default_home().with_name("neo4j-test")
    )
    if worker:
        home = home.with_name(f"{home.name}-gw{worker}")
    bolt = int(os.environ.get("GAMEGRAPH_TEST_NEO4J_BOLT_PORT") or 7688)
    http = int(os.environ.get("GAMEGRAPH_TEST_NEO4J_HTTP_PORT") or 7475)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("GAMEGRAPH_NEO4J_HOME", str(home))
        env.setenv("GAMEGRAPH_NEO4J_BOLT_PORT", str(bolt + WORKER_PORT_STRIDE * worker))
        env.setenv("GAMEGRAPH_NEO4J_HTTP_PORT", str(http + WORKER_PORT_STRIDE * worker))
        options = os.environ.get("JAVA_TOOL_OPTIONS", "")
        if "TieredStopAtLevel" not in options:
            env.setenv("JAVA_TOOL_OPTIONS", f"{options} {C1_ONLY}".strip())
        yield


@pytest.fixture(scope="session")
def neo4j_target() -> Iterator[Neo4jTarget]:
    """Pick, and if needed start, the Neo4j for this session (see the module docstring)."""
    with ExitStack() as stack:
        env_settings = Neo4jSettings.resolve()
        if env_settings.uri is not None:
            if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 1) > 1:
                pytest.exit(
                    "error: NEO4J_URI names one database, which the workers of `pytest -n` would "
                    "share (one worker's drops and store swaps under another's loads); run the "
                    "tests on it with -n 0 (`make test JOBS=0`)",
                    returncode=4,
                )
            target = Neo4jTarget(env_settings, "NEO4J_URI")
        elif _container_route():
            try:
                target = Neo4jTarget(_start_gamegraph_container(stack), "container")
            except Exception as e:
                reason = " ".join(str(e).split())[:300] or type(e).__name__
                pytest.fail(
                    "GAMEGRAPH_TEST_NEO4J=container but testcontainers could not start "
                    f"gamegraph's Neo4j image ({type(e).__name__}: {reason}); `make "
                    "test-container` starts podman's socket and builds the image",
                    pytrace=False,
                )
        elif _docker_answers():
            try:
                target = Neo4jTarget(_start_container(stack), "testcontainers")
            except Exception as e:
                _unreachable(f"Docker answers but the neo4j:5 container did not start: {e}")
        else:
            stack.enter_context(_test_server_environment())
            local = LocalNeo4j()
            try:
                result = local.start()
            except LocalNeo4jError as e:
                _unreachable(f"the local Neo4j could not start: {e}")
            if not result.already_running and not os.environ.get("GAMEGRAPH_TEST_KEEP_NEO4J"):
                stack.callback(local.stop)
            target = Neo4jTarget(
                Neo4jSettings(
                    None,
                    env_settings.user,
                    # NEO4J_PASSWORD overrides the server's own password file
                    env_settings.password or local.password,
                    env_settings.database,
                ),
                "local",
                local,
            )
        try:
            connect(target.settings, start_local=False).close()
        except DatabaseError as e:
            _unreachable(f"{target.source}: {e}")
        yield target


@pytest.fixture(scope="session")
def neo4j_settings(neo4j_target: Neo4jTarget) -> Neo4jSettings:
    """Settings of the session's Neo4j."""
    return neo4j_target.settings


@pytest.fixture(scope="session")
def neo4j_driver(neo4j_settings: Neo4jSettings) -> Iterator[Driver]:
    """One driver for the session."""
    driver = connect(neo4j_settings, start_local=False)
    try:
        yield driver
    finally:
        driver.close()


@pytest.fixture
def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Neo4jQueryRunner:
    """A `QueryRunner` on the session's Neo4j and database."""
    return Neo4jQueryRunner(neo4j_driver, neo4j_settings.database)


@pytest.fixture
def test_tag() -> str:
    """A value no other test uses: tag test nodes with it (``{test_tag: $tag}``) so a test
    deletes exactly its own data in ``finally``."""
    return uuid.uuid4().hex


@pytest.fixture
def local_neo4j(neo4j_target: Neo4jTarget) -> LocalNeo4j:
    """The gamegraph-managed server, for tests of that server itself."""
    if neo4j_target.local is None:
        pytest.skip(f"this session uses {neo4j_target.source}, not the local Neo4j")
    return neo4j_target.local


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def fresh_home(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The environment of `gamegraph` commands on a new, empty local Neo4j of their own (its
    home in the test's tmp_path, free ports, no GDS), stopped at the end of the test."""
    home = tmp_path / "fresh"
    env = dict(
        os.environ,
        GAMEGRAPH_NEO4J_HOME=str(home),
        GAMEGRAPH_NEO4J_BOLT_PORT=str(free_port()),
        GAMEGRAPH_NEO4J_HTTP_PORT=str(free_port()),
        GAMEGRAPH_NEO4J_GDS="false",
    )
    for name in ("NEO4J_URI", "NEO4J_PASSWORD"):
        env.pop(name, None)
    yield env
    LocalNeo4j(
        home=home,
        bolt_port=int(env["GAMEGRAPH_NEO4J_BOLT_PORT"]),
        http_port=int(env["GAMEGRAPH_NEO4J_HTTP_PORT"]),
    ).stop()


def run_gamegraph(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """``gamegraph ARGS`` as a process of its own in ``env``, no terminal, output captured."""
    return subprocess.run(
        [sys.executable, "-m", "gamegraph", *args],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=900,
    )


@pytest.fixture
def gamegraph_process() -> Callable[..., subprocess.CompletedProcess[str]]:
    """:func:`run_gamegraph`: ``gamegraph_process(env, "load", "--n", "12")``."""
    return run_gamegraph
