"""The local Neo4j's versions and defaults: constants only, so that reading them (the command
line's help, the connection settings) loads nothing else."""

from __future__ import annotations

__all__ = [
    "APOC_VERSION",
    "BROWSER_VERSION",
    "DEFAULT_BOLT_PORT",
    "DEFAULT_HEAP",
    "DEFAULT_HOST",
    "DEFAULT_HTTP_PORT",
    "DEFAULT_PAGECACHE",
    "DEFAULT_USER",
    "GDS_VERSION",
    "MIN_HEAP",
    "MIN_PAGECACHE",
    "NEO4J_VERSION",
]

NEO4J_VERSION = "5.26.30"
"""org.neo4j:neo4j: newest 5.26 LTS patch on Maven Central (5.26 is the last line on Java 17)."""
APOC_VERSION = "5.26.19"
"""org.neo4j.procedure:apoc-core and apoc-common."""
BROWSER_VERSION = "5.24.0"
"""org.neo4j.client:neo4j-browser."""
GDS_VERSION = "2.13.9"
"""org.neo4j.gds (OpenGDS, GPLv3): the 2.13 line is the one for Neo4j 5.26."""
DEFAULT_USER = "neo4j"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_BOLT_PORT = 7687
DEFAULT_HTTP_PORT = 7474
DEFAULT_HEAP = "2g"
DEFAULT_PAGECACHE = "512m"
MIN_HEAP = "128m"
"""The smallest GAMEGRAPH_NEO4J_HEAP taken (the server, GDS loaded, starts and answers in it)."""
MIN_PAGECACHE = "8m"
"""The smallest GAMEGRAPH_NEO4J_PAGECACHE taken (the server starts and answers with it)."""
