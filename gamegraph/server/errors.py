"""Errors of the gamegraph-managed local Neo4j, each saying what went wrong and what to do."""

from __future__ import annotations

from gamegraph.errors import GamegraphError


class LocalNeo4jError(GamegraphError, RuntimeError):
    """Base class: the local Neo4j could not be installed, started, stopped or imported into."""


class ToolNotFoundError(LocalNeo4jError):
    """A program the local Neo4j needs (java, javac, mvn) is missing or too old."""


class InstallError(LocalNeo4jError):
    """Maven could not resolve or download the Neo4j jars."""


class PortInUseError(LocalNeo4jError):
    """A port the local Neo4j wants is already taken by another program."""


class ServerExitedError(LocalNeo4jError):
    """The Neo4j JVM exited while it was starting."""


class StartTimeoutError(LocalNeo4jError):
    """The Neo4j JVM did not become ready in time (it may still be starting)."""


class ServerRunningError(LocalNeo4jError):
    """The operation needs the local Neo4j stopped (e.g. the offline bulk importer)."""


class BulkImportError(LocalNeo4jError):
    """`neo4j-admin database import full` failed."""


def tail(text: str, lines: int = 40) -> str:
    """The last `lines` lines of `text`, indented for an error message."""
    kept = text.rstrip().splitlines()[-lines:]
    return "\n".join("    " + line for line in kept) if kept else "    (empty)"
