"""testcontainers' `Neo4jContainer` on the host's network, for the container route of the
integration tests (`make test-container`, docker/README.md).

All test traffic stays on 127.0.0.1: the container shares the host's network and Neo4j listens
on 127.0.0.1 on ports chosen for the run, so there are no port mappings and testcontainers'
mapped-port lookup does not apply; the connection URL names the configured port. Every
container carries testcontainers' label ``org.testcontainers=true`` and ``io.gamegraph.test-run``
with the run's id, by which `make test-container` removes whatever a killed run left behind.
"""

from __future__ import annotations

import os
import socket
import warnings
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from testcontainers.community.neo4j import Neo4jContainer
    from testcontainers.core.wait_strategies import LogMessageWaitStrategy

__all__ = ["RUN_LABEL", "HostNetworkNeo4jContainer", "free_port", "run_id"]

RUN_LABEL = "io.gamegraph.test-run"
DEFAULT_IMAGE = "localhost/gamegraph-neo4j:5.26"


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def run_id() -> str:
    """The id `make test-container` gives this run (GAMEGRAPH_TEST_RUN_ID), else "adhoc"."""
    return os.environ.get("GAMEGRAPH_TEST_RUN_ID") or "adhoc"


class HostNetworkNeo4jContainer(Neo4jContainer):  # type: ignore[misc]
    """A `Neo4jContainer` whose Neo4j listens on 127.0.0.1:`bolt_port` (HTTP `http_port`) of
    the host's own network; it waits, as its parent does, for Neo4j's "Remote interface
    available" line and then for Bolt to answer."""

    def __init__(
        self,
        image: str,
        *,
        password: str,
        bolt_port: int,
        http_port: int,
        heap: str = "1g",
        pagecache: str = "256m",
        startup_timeout: int = 600,
        **kwargs: Any,
    ) -> None:
        super().__init__(image, port=bolt_port, password=password, **kwargs)
        self.startup_timeout = startup_timeout
        self.ports = {}  # host networking: nothing to map
        self.bolt_port = bolt_port
        self.http_port = http_port
        self.with_kwargs(network_mode="host", labels={RUN_LABEL: run_id()})
        for name, value in {
            "server.default_listen_address": "127.0.0.1",
            "server.bolt.listen_address": f"127.0.0.1:{bolt_port}",
            "server.bolt.advertised_address": f"127.0.0.1:{bolt_port}",
            "server.http.listen_address": f"127.0.0.1:{http_port}",
            "server.http.advertised_address": f"127.0.0.1:{http_port}",
            "server.memory.heap.max_size": heap,
            "server.memory.pagecache.size": pagecache,
            "db.memory.transaction.max": "1g",
        }.items():
            self.with_env("NEO4J_" + name.replace("_", "__").replace(".", "_"), value)

    def _connect(self) -> None:
        """Wait for Neo4j's readiness line, then for Bolt, up to `startup_timeout` seconds
        (testcontainers' default of 120 s is short for a 2-core machine shared by builds)."""
        strategy = LogMessageWaitStrategy("Remote interface available at")
        strategy.with_startup_timeout(self.startup_timeout)
        strategy.wait_until_ready(self)
        with self.get_driver() as driver:
            driver.verify_connectivity()

    def get_connection_url(self) -> str:
        """Bolt on the configured port of 127.0.0.1 (no mapped-port lookup)."""
        return f"bolt://127.0.0.1:{self.bolt_port}"
