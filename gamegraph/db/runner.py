"""The one interface through which gamegraph runs Cypher: `QueryRunner`.

- `Neo4jQueryRunner` runs queries against a real Neo4j: reads through `execute_query` with READ
  routing, writes in managed write transactions (`execute_write`, retried by the driver on
  transient errors, so a write's work must be safe to repeat), always naming the database.

Values reach Cypher only as parameters. The loader's batches are ``UNWIND $rows AS row ...``
queries sent through `write` and `write_returning`, several in flight at once
(:mod:`gamegraph.loader.writer`). The recording fake of the unit tests is in the tests
(``tests/fake_runner.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol

from neo4j import Driver, ManagedTransaction, Record, RoutingControl, SummaryCounters
from neo4j.exceptions import (
    AuthError,
    ConstraintError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
)
from neo4j.graph import Node, Path, Relationship

from gamegraph.errors import (
    ConstraintViolation,
    DatabaseAuthError,
    DatabaseError,
    DatabaseUnavailable,
)

Params = Mapping[str, Any]
Row = dict[str, Any]


@dataclass(frozen=True)
class WriteCounters:
    """What a write changed (Neo4j's summary counters); batches add up with ``+``."""

    nodes_created: int = 0
    nodes_deleted: int = 0
    relationships_created: int = 0
    relationships_deleted: int = 0
    properties_set: int = 0
    labels_added: int = 0
    labels_removed: int = 0
    indexes_added: int = 0
    indexes_removed: int = 0
    constraints_added: int = 0
    constraints_removed: int = 0
    system_updates: int = 0

    @classmethod
    def from_summary(cls, counters: SummaryCounters) -> WriteCounters:
        return cls(**{f.name: getattr(counters, f.name) for f in fields(cls)})

    def __add__(self, other: WriteCounters) -> WriteCounters:
        return WriteCounters(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )

    @property
    def contains_updates(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self))


class QueryRunner(Protocol):
    """Runs Cypher against one database and returns plain Python values."""

    @property
    def database(self) -> str:
        """Name of the database every query runs in."""
        ...

    def run(self, query: str, params: Params | None = None) -> list[Row]:
        """Run a read query; each record becomes a dict keyed by the RETURN names."""
        ...

    def write(self, query: str, params: Params | None = None) -> WriteCounters:
        """Run a write query in one managed transaction (possibly retried) and return what
        it changed."""
        ...

    def write_returning(self, query: str, params: Params | None = None) -> list[Row]:
        """Run a write query in one managed transaction and return its records as dicts."""
        ...

    def write_all(self, queries: Sequence[str]) -> WriteCounters:
        """Run several write statements, without parameters, in one managed transaction (the
        schema: indexes created in one transaction are populated in one scan of the store)."""
        ...


_NESTED = (Node, Relationship, Path, dict)
_PLAIN = frozenset({int, float, str, bool, type(None)})


def _row(record: Record, keys: list[str]) -> Row:
    """A record as a dict: its values as they are when they are plain (numbers, text, lists
    of them: most rows, and seven times faster), else ``record.data()``, which turns nodes,
    relationships and paths into dicts and lists."""
    values = record.values()
    for value in values:
        kind = type(value)
        if kind in _PLAIN or (kind is list and (not value or type(value[0]) in _PLAIN)):
            continue  # the common case, decided without isinstance against the ABCs below
        if isinstance(value, _NESTED) or (
            isinstance(value, list) and value and isinstance(value[0], (*_NESTED, list))
        ):
            return record.data()
    return dict(zip(keys, values, strict=True))


def translate(error: Exception) -> DatabaseError:
    """A driver exception as gamegraph's one-line error (the one place this happens)."""
    if isinstance(error, AuthError):
        return DatabaseAuthError(f"Neo4j refused the credentials: {error.message or error}")
    if isinstance(error, ServiceUnavailable | SessionExpired):
        return DatabaseUnavailable(f"lost the connection to Neo4j: {error}")
    if isinstance(error, ConstraintError):
        return ConstraintViolation(
            f"Neo4j refused a write that would break a uniqueness constraint ({error.message}); "
            "another program may be writing the same graph"
        )
    if isinstance(error, Neo4jError):
        message = " ".join((error.message or str(error)).split())
        return DatabaseError(f"Neo4j refused a statement: {error.code}: {message}")
    return DatabaseError(f"the Neo4j driver failed: {' '.join(str(error).split())}")


class Neo4jQueryRunner:
    """`QueryRunner` over a neo4j `Driver`; the caller owns (and closes) the driver.

    The driver's exceptions come out as :class:`gamegraph.errors.DatabaseError` subclasses.
    """

    def __init__(self, driver: Driver, database: str) -> None:
        self._driver = driver
        self.database = database

    @property
    def driver(self) -> Driver:
        return self._driver

    def run(self, query: str, params: Params | None = None) -> list[Row]:
        try:
            records, _, _ = self._driver.execute_query(
                query,
                parameters_=dict(params or {}),
                routing_=RoutingControl.READ,
                database_=self.database,
                # no causal chaining: one server, and a bulk load restarts it on a new store
                # whose transaction ids start again (a bookmark would wait for ever)
                bookmark_manager_=None,
            )
        except (Neo4jError, DriverError) as e:
            raise translate(e) from e
        if not records:
            return []
        keys = records[0].keys()
        return [_row(record, keys) for record in records]

    def write(self, query: str, params: Params | None = None) -> WriteCounters:
        parameters = dict(params or {})

        def work(tx: ManagedTransaction) -> SummaryCounters:
            return tx.run(query, parameters).consume().counters

        try:
            with self._driver.session(database=self.database) as session:
                return WriteCounters.from_summary(session.execute_write(work))
        except (Neo4jError, DriverError) as e:
            raise translate(e) from e

    def write_all(self, queries: Sequence[str]) -> WriteCounters:
        def work(tx: ManagedTransaction) -> WriteCounters:
            total = WriteCounters()
            for query in queries:
                total += WriteCounters.from_summary(tx.run(query).consume().counters)
            return total

        try:
            with self._driver.session(database=self.database) as session:
                return session.execute_write(work)
        except (Neo4jError, DriverError) as e:
            raise translate(e) from e

    def write_returning(self, query: str, params: Params | None = None) -> list[Row]:
        parameters = dict(params or {})

        def work(tx: ManagedTransaction) -> list[Row]:
            return [record.data() for record in tx.run(query, parameters)]

        try:
            with self._driver.session(database=self.database) as session:
                return session.execute_write(work)
        except (Neo4jError, DriverError) as e:
            raise translate(e) from e
