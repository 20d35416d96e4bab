"""A local Neo4j 5 for machines without Docker, run from Maven Central jars.

`LocalNeo4j` starts, stops and reports on it; `bulk_import` fills it offline from CSV files.
Nothing here knows about gamegraph's games or its CLI.
"""

from gamegraph.server.bulk_import import ImportResult, bulk_import
from gamegraph.server.errors import (
    BulkImportError,
    InstallError,
    LocalNeo4jError,
    PortInUseError,
    ServerExitedError,
    ServerRunningError,
    StartTimeoutError,
    ToolNotFoundError,
)
from gamegraph.server.install import (
    APOC_VERSION,
    BROWSER_VERSION,
    DEFAULT_PASSWORD,
    NEO4J_VERSION,
    Installation,
    ensure_installed,
)
from gamegraph.server.local import (
    DEFAULT_USER,
    LocalNeo4j,
    ServerStatus,
    StartResult,
    StopResult,
    browser_url,
)

__all__ = [
    "APOC_VERSION",
    "BROWSER_VERSION",
    "DEFAULT_PASSWORD",
    "DEFAULT_USER",
    "NEO4J_VERSION",
    "BulkImportError",
    "ImportResult",
    "InstallError",
    "Installation",
    "LocalNeo4j",
    "LocalNeo4jError",
    "PortInUseError",
    "ServerExitedError",
    "ServerRunningError",
    "ServerStatus",
    "StartResult",
    "StartTimeoutError",
    "StopResult",
    "ToolNotFoundError",
    "browser_url",
    "bulk_import",
    "ensure_installed",
]
