"""The database's schema as gamegraph's named queries declare it (the ``schema_*`` queries
of the catalog and of every game): which statements, in what order, and waiting for Neo4j to
populate what they create. Both routes of a load use it (online: :func:`ensure_schema`; bulk:
the catalog's constraints first, then the labels its new store holds)."""

from __future__ import annotations

import re
from collections.abc import Collection

from gamegraph.db.query_files import cypher, named_queries
from gamegraph.db.runner import QueryRunner

__all__ = ["await_indexes", "ensure_schema", "schema_label", "schema_statements"]


def ensure_schema(runner: QueryRunner, *, prefix: str = "schema_", wait: bool = True) -> None:
    """Create every constraint and index of the catalog and of every game (no-op when they
    exist): the ``schema_*`` queries, in one transaction, so that on a database that already
    holds data (after a bulk import) Neo4j populates them all in one scan of the store.
    ``prefix`` picks fewer (``schema_graph_``: the catalog's); with ``wait=False`` it returns
    while Neo4j may still populate indexes (:func:`await_indexes`), though a constraint is
    populated before its transaction ends."""
    runner.write_all(schema_statements(prefix))
    if wait:
        await_indexes(runner)


def schema_statements(
    prefix: str = "schema_",
    *,
    constraints: bool | None = None,
    exclude: str | None = None,
    labels: Collection[str] | None = None,
) -> list[str]:
    """The ``schema_*`` statements whose names start with ``prefix`` (and not with
    ``exclude``): all of them, or only the constraints (``constraints=True``: Neo4j populates
    each inside its transaction, one after the other) or only the indexes (``False``: all of
    one transaction are populated after it commits, together, in the background); with
    ``labels``, only those of nodes with one of these labels."""
    chosen = []
    for name, query in named_queries().items():
        if not name.startswith(prefix) or (exclude is not None and name.startswith(exclude)):
            continue
        if labels is not None and schema_label(query.cypher) not in labels:
            continue
        is_constraint = query.cypher.lstrip().upper().startswith("CREATE CONSTRAINT")
        if constraints is None or constraints == is_constraint:
            chosen.append(query.cypher)
    return chosen


_SCHEMA_LABEL = re.compile(r"\bFOR\s*\(\s*\w*\s*:\s*(\w+)\s*\)", re.IGNORECASE)


def schema_label(statement: str) -> str | None:
    """The label a ``CREATE CONSTRAINT`` or ``CREATE INDEX`` statement is for."""
    match = _SCHEMA_LABEL.search(statement)
    return match.group(1) if match else None


def await_indexes(runner: QueryRunner) -> None:
    """Wait until every index is online (at once when they are)."""
    runner.write(cypher("indexes_await"))
