"""The database's schema as gamegraph's named queries declare it (the ``schema_*`` queries
of the catalog and of every game): which statements, in what order, and waiting for Neo4j to
populate what they create. Both routes of a load use it (online: :func:`ensure_schema`; bulk:
the catalog's constraints first, then the labels its new store holds)."""

from __future__ import annotations

import re
import time
from collections.abc import Collection, Sequence

from gamegraph.db.query_files import cypher, named_queries
from gamegraph.db.runner import QueryRunner
from gamegraph.errors import DatabaseError

__all__ = ["await_indexes", "ensure_schema", "schema_label", "schema_statements", "write_schema"]


def ensure_schema(runner: QueryRunner) -> None:
    """Create every constraint and index of the catalog and of every game (no-op when they
    exist): the ``schema_*`` queries, in one transaction, so that on a database that already
    holds data (after a bulk import) Neo4j populates them all in one scan of the store; then
    wait until every index is online."""
    write_schema(runner, schema_statements())
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


_INDEX_IN_THE_WAY = ("IndexWithNameAlreadyExists", "EquivalentSchemaRuleAlreadyExists")
"""Neo4j's refusals of a constraint whose name or schema an index holds: a backing index
(Neo4j keeps it unique: the name is taken) or a plain one on the same properties."""

_CONSTRAINT_NAME = re.compile(r"\s*CREATE\s+CONSTRAINT\s+(\w+)", re.IGNORECASE)


def write_schema(runner: QueryRunner, statements: Sequence[str], *, settle: float = 2.0) -> None:
    """Run schema statements in one transaction, repairing what a server stopped during a
    ``CREATE CONSTRAINT`` leaves: the constraint's backing index without its constraint, on
    which every later creation of that name fails (IndexWithNameAlreadyExists). Such an index
    (named as one of these constraints and owned by none, still so after ``settle`` seconds,
    in case another load is creating it now) is dropped, and the statements run again."""
    try:
        runner.write_all(statements)
        return
    except DatabaseError as e:
        if not any(code in str(e) for code in _INDEX_IN_THE_WAY):
            raise
    names = [m.group(1) for s in statements if (m := _CONSTRAINT_NAME.match(s))]
    time.sleep(settle)
    orphans = [str(row["name"]) for row in runner.run(cypher("indexes_orphaned"), {"names": names})]
    if not orphans:
        runner.write_all(statements)  # another load created them meanwhile
        return
    for name in orphans:
        runner.write(f"DROP INDEX `{name}` IF EXISTS")
    runner.write_all(statements)


_SCHEMA_LABEL = re.compile(r"\bFOR\s*\(\s*\w*\s*:\s*(\w+)\s*\)", re.IGNORECASE)


def schema_label(statement: str) -> str | None:
    """The label a ``CREATE CONSTRAINT`` or ``CREATE INDEX`` statement is for."""
    match = _SCHEMA_LABEL.search(statement)
    return match.group(1) if match else None


def await_indexes(runner: QueryRunner) -> None:
    """Wait until every index is online (at once when they are)."""
    runner.write(cypher("indexes_await"))
