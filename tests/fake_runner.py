"""The recording fake `QueryRunner` of the unit tests (imported as `fake_runner`): no database.

It keeps every query with its parameters and answers reads from canned results, in the
manner of graphdatascience's test fakes (kept with the tests, not in the package).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from gamegraph.db.runner import Params, Row, WriteCounters

__all__ = ["CollectingQueryRunner", "RecordedQuery"]


@dataclass(frozen=True)
class RecordedQuery:
    """One call seen by `CollectingQueryRunner`."""

    kind: Literal["read", "write"]
    query: str
    params: dict[str, Any]


@dataclass
class CollectingQueryRunner:
    """Recording fake `QueryRunner` for unit tests: no database involved.

    Every `run` and `write` is appended to `queries`. `run` returns a copy of the rows given
    in `results` for that query text (leading/trailing whitespace ignored), else ``[]``;
    `write` returns `write_result`.
    """

    database: str = "neo4j"
    results: dict[str, list[Row]] = field(default_factory=dict)
    write_result: WriteCounters = field(default_factory=WriteCounters)
    queries: list[RecordedQuery] = field(default_factory=list)

    def set_result(self, query: str, rows: list[Row]) -> None:
        """Make `run(query)` return `rows`."""
        self.results[query.strip()] = rows

    def run(self, query: str, params: Params | None = None) -> list[Row]:
        self.queries.append(RecordedQuery("read", query, dict(params or {})))
        return [dict(row) for row in self.results.get(query.strip(), [])]

    def write(self, query: str, params: Params | None = None) -> WriteCounters:
        self.queries.append(RecordedQuery("write", query, dict(params or {})))
        return self.write_result

    def write_all(self, queries: Sequence[str]) -> WriteCounters:
        total = WriteCounters()
        for query in queries:
            total += self.write(query)
        return total

    def write_returning(self, query: str, params: Params | None = None) -> list[Row]:
        self.queries.append(RecordedQuery("write", query, dict(params or {})))
        return [dict(row) for row in self.results.get(query.strip(), [])]

    @property
    def reads(self) -> list[RecordedQuery]:
        return [q for q in self.queries if q.kind == "read"]

    @property
    def writes(self) -> list[RecordedQuery]:
        return [q for q in self.queries if q.kind == "write"]
