"""A local Neo4j 5 for machines without Docker, run from Maven Central jars.

`LocalNeo4j` starts, stops and reports on it; `bulk_import` fills it offline from CSV files.
Nothing here knows about gamegraph's games or its CLI. The names below load on first use
(:mod:`.defaults` alone holds the versions and defaults, for readers that need only them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamegraph.lazy import lazy_names

if TYPE_CHECKING:
    from gamegraph.server.bulk_import import (
        ImportResult,
        bulk_import,
    )
    from gamegraph.server.defaults import (
        APOC_VERSION,
        BROWSER_VERSION,
        DEFAULT_USER,
        GDS_VERSION,
        NEO4J_VERSION,
    )
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
        Installation,
        ensure_installed,
    )
    from gamegraph.server.local import LocalNeo4j
    from gamegraph.server.status import ServerStatus, StartResult, StopResult, browser_url

_WHERE = {
    "ImportResult": "bulk_import",
    "bulk_import": "bulk_import",
    "BulkImportError": "errors",
    "InstallError": "errors",
    "LocalNeo4jError": "errors",
    "PortInUseError": "errors",
    "ServerExitedError": "errors",
    "ServerRunningError": "errors",
    "StartTimeoutError": "errors",
    "ToolNotFoundError": "errors",
    "APOC_VERSION": "defaults",
    "BROWSER_VERSION": "defaults",
    "DEFAULT_USER": "defaults",
    "GDS_VERSION": "defaults",
    "NEO4J_VERSION": "defaults",
    "Installation": "install",
    "ensure_installed": "install",
    "LocalNeo4j": "local",
    "ServerStatus": "status",
    "StartResult": "status",
    "StopResult": "status",
    "browser_url": "status",
}

__all__ = [
    "APOC_VERSION",
    "BROWSER_VERSION",
    "DEFAULT_USER",
    "GDS_VERSION",
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


__getattr__ = lazy_names(__name__, _WHERE)
