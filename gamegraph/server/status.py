"""What :class:`~gamegraph.server.local.LocalNeo4j` reports: its status, the result of a
start or a stop, and the Neo4j Browser address that logs in to it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from gamegraph.server.defaults import DEFAULT_USER

__all__ = [
    "HomeFiles",
    "ServerStatus",
    "StartResult",
    "StopResult",
    "browser_url",
    "has_databases",
]


class HomeFiles:
    """Where the local Neo4j in ``home`` keeps its files: written once for
    :class:`~gamegraph.server.local.LocalNeo4j` and the :class:`ServerStatus` it reports."""

    home: Path

    @property
    def data_dir(self) -> Path:
        return self.home / "data"

    @property
    def log_file(self) -> Path:
        """Where the launcher writes its output."""
        return self.home / "logs" / "launcher.log"

    @property
    def debug_log(self) -> Path:
        return self.home / "logs" / "debug.log"

    @property
    def run_dir(self) -> Path:
        return self.home / "run"

    @property
    def pid_file(self) -> Path:
        return self.run_dir / "neo4j.pid"

    @property
    def ready_file(self) -> Path:
        return self.run_dir / "ready.json"


@dataclass(frozen=True)
class ServerStatus(HomeFiles):
    """What `LocalNeo4j.status()` found."""

    running: bool
    """A Neo4j JVM started by gamegraph for this home is alive."""
    ready: bool
    """It has finished starting (its readiness file names its pid)."""
    pid: int | None
    version: str | None
    """Neo4j version reported by the running server (None when not running)."""
    bolt_uri: str
    http_uri: str
    home: Path
    rss_bytes: int | None = None
    """Resident memory of the JVM, when the OS tells (Linux)."""
    gds_version: str | None = None
    """What ``gds.version()`` answered when the server started (None: GDS not loaded)."""

    @property
    def browser_url(self) -> str:
        return browser_url(self.http_uri, self.bolt_uri)


@dataclass(frozen=True)
class StartResult:
    status: ServerStatus
    already_running: bool
    seconds: float


@dataclass(frozen=True)
class StopResult:
    was_running: bool
    pid: int | None
    killed: bool
    """True when SIGTERM was not enough and SIGKILL was sent."""
    seconds: float


def has_databases(home: Path) -> bool:
    """Neo4j has started in ``home`` at least once: its system database exists (a home
    without it is new, its default database empty)."""
    return (home / "data" / "databases" / "system").is_dir()


def browser_url(http_uri: str, bolt_uri: str, user: str = DEFAULT_USER) -> str:
    """Neo4j Browser URL that preselects the Bolt server, password login and the user name.

    Browser reads the user from the ``dbms`` URI (``bolt://neo4j@host:port``); only the
    password is left to type.
    """
    scheme, _, address = bolt_uri.partition("://")
    query = urlencode(
        {"dbms": f"{scheme}://{user}@{address}", "preselectAuthMethod": "NATIVE"}, safe=":/@"
    )
    return f"{http_uri}/browser/?{query}"
