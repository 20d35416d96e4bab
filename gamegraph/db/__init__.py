"""The one place gamegraph talks to Neo4j: settings, connecting, the `QueryRunner`, the named
queries (:mod:`.query_files`, :mod:`.queries`) and the catalog of loaded graphs (:mod:`.catalog`).

Typical use::

    from gamegraph.db import Neo4jSettings, open_runner

    with open_runner(Neo4jSettings.resolve()) as runner:
        rows = runner.run("MATCH (p:Position) RETURN count(p) AS n")

The names below load on first use: importing :mod:`gamegraph.db.settings` does not import the
Neo4j driver (the command line starts faster for it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamegraph.lazy import lazy_names

if TYPE_CHECKING:
    from gamegraph.db.connection import connect, local_uri, open_runner
    from gamegraph.db.runner import (
        Neo4jQueryRunner,
        QueryRunner,
        WriteCounters,
    )
    from gamegraph.db.settings import DEFAULT_DATABASE, Neo4jSettings

_WHERE = {
    "connect": "connection",
    "local_uri": "connection",
    "open_runner": "connection",
    "Neo4jQueryRunner": "runner",
    "QueryRunner": "runner",
    "WriteCounters": "runner",
    "DEFAULT_DATABASE": "settings",
    "Neo4jSettings": "settings",
}

__all__ = [
    "DEFAULT_DATABASE",
    "Neo4jQueryRunner",
    "Neo4jSettings",
    "QueryRunner",
    "WriteCounters",
    "connect",
    "local_uri",
    "open_runner",
]


__getattr__ = lazy_names(__name__, _WHERE)
