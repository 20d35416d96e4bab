"""How `Neo4jQueryRunner` meets a Neo4j that stops answering: it says so at once, retries,
says when Neo4j answers again, and gives up with one `DatabaseUnavailable` after
`RECONNECT_SECONDS` (later calls then try once, without waiting). A transient error is
retried quietly; a commit of unknown outcome is not retried.

The driver here is a stand-in that fails on a schedule: what is tested is the runner's retry
policy, not Neo4j (tests/integration/test_neo4j_dies.py kills a real server during a load).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

import pytest
from neo4j import Driver
from neo4j.exceptions import IncompleteCommit, ServiceUnavailable, SessionExpired, TransientError

from gamegraph.db import runner as runner_module
from gamegraph.db.runner import Neo4jQueryRunner
from gamegraph.errors import DatabaseError, DatabaseUnavailable


class FailingDriver:
    """Answers every query with no rows, except that the first `failures` tries raise."""

    def __init__(self, failures: int = 0, error: Exception | None = None) -> None:
        self.failures = failures
        self.error = error or ServiceUnavailable("Couldn't connect to 127.0.0.1:7 (refused)")
        self.tries = 0

    def _try(self) -> Any:
        self.tries += 1
        if self.tries <= self.failures:
            raise self.error
        return [], None, None

    def execute_query(self, *args: Any, **kwargs: Any) -> Any:
        return self._try()

    @contextmanager
    def session(self, **kwargs: Any) -> Iterator[FailingDriver]:
        yield self

    def execute_write(self, work: Any) -> Any:
        return self._try()[0]


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seconds become tenths, so the schedule below plays out in a moment."""
    monkeypatch.setattr(runner_module, "RECONNECT_SECONDS", 0.6)
    monkeypatch.setattr(runner_module, "RECONNECT_POLL", 0.05)
    monkeypatch.setattr(runner_module, "TRANSIENT_SECONDS", 0.6)


def _runner(driver: FailingDriver) -> Neo4jQueryRunner:
    return Neo4jQueryRunner(cast(Driver, driver), "neo4j")


class _Said(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def said() -> Iterator[list[str]]:
    """The warnings the runner logs (on its own logger: the command line may have stopped
    gamegraph's records from reaching the root logger, where caplog listens)."""
    handler = _Said()
    logger = logging.getLogger("gamegraph.db")
    logger.addHandler(handler)
    try:
        yield handler.lines
    finally:
        logger.removeHandler(handler)


def test_a_lost_connection_is_said_at_once_retried_and_its_return_said(
    said: list[str],
) -> None:
    driver = FailingDriver(
        failures=4, error=SessionExpired("Failed to read from defunct connection")
    )
    assert _runner(driver).run("RETURN 1") == []
    assert driver.tries == 5
    assert len(said) == 2, said
    assert said[0].startswith("lost the connection to Neo4j (Failed to read from defunct")
    assert said[0].endswith("retrying for up to 1 s")
    assert said[1].startswith("Neo4j answers again after 0 s")


def test_a_server_that_does_not_come_back_is_given_up_after_reconnect_seconds(
    said: list[str],
) -> None:
    driver = FailingDriver(failures=10**6)
    runner = _runner(driver)
    began = time.monotonic()
    with pytest.raises(DatabaseUnavailable) as gave_up:
        runner.write_returning("CREATE (:X)")
    assert 0.6 <= time.monotonic() - began < 1.5
    assert "did not answer again within 1 s" in str(gave_up.value)
    assert "`gamegraph neo4j status`" in str(gave_up.value)
    assert len(said) == 1  # one warning for the whole outage
    # the next call (a lease released after the failure) tries once and fails at once
    tries, began = driver.tries, time.monotonic()
    with pytest.raises(DatabaseUnavailable):
        runner.run("RETURN 1")
    assert driver.tries == tries + 1 and time.monotonic() - began < 0.3


def test_a_runner_that_gave_up_works_again_when_neo4j_is_back() -> None:
    driver = FailingDriver(failures=10**6)
    runner = _runner(driver)
    with pytest.raises(DatabaseUnavailable):
        runner.run("RETURN 1")
    driver.failures = driver.tries  # Neo4j is back
    assert runner.run("RETURN 1") == []


def test_a_transient_error_is_retried_quietly(said: list[str]) -> None:
    deadlock = TransientError._hydrate_neo4j(
        code="Neo.TransientError.Transaction.DeadlockDetected", message="deadlock"
    )
    driver = FailingDriver(failures=1, error=deadlock)
    assert _runner(driver).write_returning("MERGE (:X)") == []
    assert driver.tries == 2 and said == []


def test_a_commit_of_unknown_outcome_is_not_retried() -> None:
    driver = FailingDriver(failures=1, error=IncompleteCommit("connection lost during commit"))
    with pytest.raises(DatabaseError, match="connection lost during commit"):
        _runner(driver).write_returning("CREATE (:X)")
    assert driver.tries == 1
