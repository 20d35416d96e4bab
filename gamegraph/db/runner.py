"""The one interface through which gamegraph runs Cypher: `QueryRunner`.

- `Neo4jQueryRunner` runs queries against a real Neo4j: reads through `execute_query` with READ
  routing, writes in managed write transactions (`execute_write`), always naming the database.
  It retries on its own (so a write's work must be safe to repeat): a transient error (two
  writers deadlocked) quietly, for up to 30 s; a lost connection (Neo4j stopped or
  restarting) saying so at once on the ``gamegraph`` logger, every second, for up to
  :data:`RECONNECT_SECONDS`, then gives up with one `DatabaseUnavailable` (later calls then
  try once, without waiting). The driver itself is made not to retry
  (:data:`DRIVER_CONFIG`), or it would wait silently for 30 s per statement.

Values reach Cypher only as parameters. The loader's batches are ``UNWIND`` queries sent
through `write` and `write_returning`, several in flight at once
(:mod:`gamegraph.loader.writer`). The recording fake of the unit tests is in the tests
(``tests/fake_runner.py``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Protocol, TypeVar

from neo4j import Driver, ManagedTransaction, Record, RoutingControl, SummaryCounters
from neo4j.exceptions import (
    AuthError,
    ConstraintError,
    DriverError,
    IncompleteCommit,
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

RECONNECT_SECONDS = 20.0
"""How long a runner keeps trying after Neo4j stops answering, before it gives up."""
RECONNECT_POLL = 1.0
"""Seconds between two tries while Neo4j does not answer."""
TRANSIENT_SECONDS = 30.0
"""How long a transient error (a deadlock between two writers) is retried, as the driver did."""
DRIVER_CONFIG: dict[str, Any] = {"max_transaction_retry_time": 0.0}
"""Driver settings the runner's own retries need: none of the driver's (see the docstring)."""

log = logging.getLogger("gamegraph.db")
_T = TypeVar("_T")


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
        return DatabaseError(
            f"Neo4j refused a statement: {error.code}: {one_line(error.message or error)}"
        )
    return DatabaseError(f"the Neo4j driver failed: {one_line(error)}")


def _connection_lost(error: Exception) -> bool:
    """Whether `error` says Neo4j cannot be reached (rather than refusing a statement). A
    commit whose outcome is unknown is not retried: the write might be done twice."""
    return isinstance(error, ServiceUnavailable | SessionExpired) and not isinstance(
        error, IncompleteCommit
    )


@dataclass
class _Outage:
    """A runner's view of Neo4j's reachability, shared by its threads (the lease renewal
    writes beside the loader): when the connection was lost, and whether the runner gave up."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    since: float | None = None
    gave_up: bool = False

    def lost(self, error: Exception) -> float:
        """Note a failed try; returns the seconds left to retry (0: give up now)."""
        with self.lock:
            now = time.monotonic()
            if self.gave_up:
                return 0.0
            if self.since is None:
                self.since = now
                log.warning(
                    "lost the connection to Neo4j (%s); retrying for up to %.0f s",
                    one_line(error),
                    RECONNECT_SECONDS,
                )
            left = self.since + RECONNECT_SECONDS - now
            if left <= 0:
                self.gave_up = True
            return max(left, 0.0)

    def answered(self) -> None:
        """Note a call that worked (says so if Neo4j was unreachable before)."""
        if self.since is None and not self.gave_up:
            return  # the common case, decided without the lock
        with self.lock:
            if self.since is not None:
                seconds = time.monotonic() - self.since
                log.warning("Neo4j answers again after %.0f s; going on", seconds)
            self.since, self.gave_up = None, False


def one_line(error: object) -> str:
    """An error's text on one line (the driver's messages may run over several)."""
    return " ".join(str(error).split())


def _counters(tx: ManagedTransaction, query: str, params: dict[str, Any]) -> WriteCounters:
    return WriteCounters.from_summary(tx.run(query, params).consume().counters)


class Neo4jQueryRunner:
    """`QueryRunner` over a neo4j `Driver`; the caller owns (and closes) the driver.

    The driver's exceptions come out as :class:`gamegraph.errors.DatabaseError` subclasses,
    after the retries the module docstring describes.
    """

    def __init__(self, driver: Driver, database: str) -> None:
        self._driver = driver
        self.database = database
        self._outage = _Outage()

    @property
    def driver(self) -> Driver:
        return self._driver

    def _retrying(self, work: Callable[[], _T]) -> _T:
        """`work()`, tried again while Neo4j is unreachable or the error is transient."""
        transient_until: float | None = None
        delay = 0.5
        while True:
            try:
                result = work()
            except (Neo4jError, DriverError) as e:
                if _connection_lost(e):
                    left = self._outage.lost(e)
                    if left <= 0:
                        raise DatabaseUnavailable(
                            f"lost the connection to Neo4j ({one_line(e)}) and it did not "
                            f"answer again within {RECONNECT_SECONDS:.0f} s: check that it "
                            "runs (`gamegraph neo4j status`), then run the command again (a "
                            "load repairs what an interrupted one left)"
                        ) from e
                    time.sleep(min(RECONNECT_POLL, left))
                    continue
                if not e.is_retryable():
                    raise translate(e) from e
                now = time.monotonic()
                transient_until = transient_until or now + TRANSIENT_SECONDS
                if now >= transient_until:
                    raise translate(e) from e
                time.sleep(delay)
                delay = min(delay * 2, 5.0)
                continue
            self._outage.answered()
            return result

    def run(self, query: str, params: Params | None = None) -> list[Row]:
        records, _, _ = self._retrying(
            lambda: self._driver.execute_query(
                query,
                parameters_=dict(params or {}),
                routing_=RoutingControl.READ,
                database_=self.database,
                # no causal chaining: one server, and a bulk load restarts it on a new store
                # whose transaction ids start again (a bookmark would wait for ever)
                bookmark_manager_=None,
            )
        )
        if not records:
            return []
        keys = records[0].keys()
        return [_row(record, keys) for record in records]

    def write(self, query: str, params: Params | None = None) -> WriteCounters:
        parameters = dict(params or {})
        return self._write(lambda tx: _counters(tx, query, parameters))

    def write_all(self, queries: Sequence[str]) -> WriteCounters:
        return self._write(
            lambda tx: sum((_counters(tx, query, {}) for query in queries), WriteCounters())
        )

    def write_returning(self, query: str, params: Params | None = None) -> list[Row]:
        parameters = dict(params or {})
        return self._write(lambda tx: [record.data() for record in tx.run(query, parameters)])

    def _write(self, work: Callable[[ManagedTransaction], _T]) -> _T:
        def attempt() -> _T:
            with self._driver.session(database=self.database) as session:
                return session.execute_write(work)

        return self._retrying(attempt)
