"""The one place gamegraph talks to Neo4j: settings, connecting, the `QueryRunner`, the named
queries (:mod:`.registry`, :mod:`.queries`) and the catalog of loaded graphs (:mod:`.catalog`).

Typical use::

    from gamegraph.db import Neo4jSettings, open_runner

    with open_runner(Neo4jSettings.resolve()) as runner:
        rows = runner.run("MATCH (p:Position) RETURN count(p) AS n")
"""

from gamegraph.db.connection import connect, local_uri, open_runner
from gamegraph.db.runner import (
    DEFAULT_BATCH_SIZE,
    CollectingQueryRunner,
    Neo4jQueryRunner,
    QueryRunner,
    RecordedQuery,
    WriteCounters,
    batched,
)
from gamegraph.db.settings import DEFAULT_DATABASE, Neo4jSettings

__all__ = [
    "DEFAULT_BATCH_SIZE",
    "DEFAULT_DATABASE",
    "CollectingQueryRunner",
    "Neo4jQueryRunner",
    "Neo4jSettings",
    "QueryRunner",
    "RecordedQuery",
    "WriteCounters",
    "batched",
    "connect",
    "local_uri",
    "open_runner",
]
