"""The QueryRunner helpers and the recording fake, without a database."""

from __future__ import annotations

import pytest
from fake_runner import CollectingQueryRunner
from hypothesis import given
from hypothesis import strategies as st

from gamegraph.db import QueryRunner, WriteCounters, batched

UNWIND = "UNWIND $rows AS row CREATE (:Position {key: row.key, run: $run})"


def test_collecting_runner_records_reads_and_writes_with_their_parameters() -> None:
    runner = CollectingQueryRunner()
    runner.run("RETURN $n AS n", {"n": 3})
    runner.write("CREATE (:X {v: $v})", {"v": [1, 2]})
    assert [(q.kind, q.query, q.params) for q in runner.queries] == [
        ("read", "RETURN $n AS n", {"n": 3}),
        ("write", "CREATE (:X {v: $v})", {"v": [1, 2]}),
    ]
    assert [q.kind for q in runner.reads] == ["read"]
    assert [q.kind for q in runner.writes] == ["write"]


def test_collecting_runner_answers_with_canned_rows_by_query_text() -> None:
    runner = CollectingQueryRunner(database="games")
    runner.set_result("MATCH (p) RETURN count(p) AS n", [{"n": 7}])
    assert runner.run("  MATCH (p) RETURN count(p) AS n\n") == [{"n": 7}]
    assert runner.run("RETURN 1") == []
    assert runner.database == "games"


def test_canned_rows_are_copies_so_callers_cannot_change_them() -> None:
    runner = CollectingQueryRunner()
    runner.set_result("Q", [{"n": 1}])
    runner.run("Q")[0]["n"] = 99
    assert runner.run("Q") == [{"n": 1}]


def test_recorded_parameters_are_a_snapshot() -> None:
    runner = CollectingQueryRunner()
    params = {"n": 1}
    runner.run("RETURN $n", params)
    params["n"] = 2
    assert runner.queries[0].params == {"n": 1}


def test_collecting_runner_satisfies_the_query_runner_protocol() -> None:
    runner: QueryRunner = CollectingQueryRunner()
    assert runner.run("RETURN 1") == []


def test_write_batches_sends_rows_in_unwind_batches_with_extra_params() -> None:
    runner = CollectingQueryRunner(write_result=WriteCounters(nodes_created=2))
    rows = ({"key": k} for k in range(5))
    total = runner.write_batches(UNWIND, rows, batch_size=2, params={"run": "r1"})
    assert [len(q.params["rows"]) for q in runner.writes] == [2, 2, 1]
    assert all(q.params["run"] == "r1" and q.query == UNWIND for q in runner.writes)
    assert [r["key"] for q in runner.writes for r in q.params["rows"]] == [0, 1, 2, 3, 4]
    assert total == WriteCounters(nodes_created=6)


def test_write_batches_of_nothing_sends_no_query() -> None:
    runner = CollectingQueryRunner()
    assert runner.write_batches(UNWIND, [], batch_size=10) == WriteCounters()
    assert runner.queries == []


def test_write_batches_refuses_a_rows_parameter_of_its_own() -> None:
    with pytest.raises(ValueError, match="rows"):
        CollectingQueryRunner().write_batches(UNWIND, [{"key": 1}], params={"rows": []})


def test_batch_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        list(batched([{"a": 1}], 0))


@given(st.integers(min_value=0, max_value=200), st.integers(min_value=1, max_value=50))
def test_batches_keep_every_row_in_order_and_only_the_last_is_short(count: int, size: int) -> None:
    rows = [{"i": i} for i in range(count)]
    batches = list(batched(rows, size))
    assert [row for batch in batches for row in batch] == rows
    assert all(len(batch) == size for batch in batches[:-1])
    assert all(1 <= len(batch) <= size for batch in batches)


def test_write_counters_add_field_by_field() -> None:
    a = WriteCounters(nodes_created=1, properties_set=2)
    b = WriteCounters(nodes_created=3, relationships_created=4)
    assert a + b == WriteCounters(nodes_created=4, properties_set=2, relationships_created=4)
    assert (a + b).contains_updates
    assert not WriteCounters().contains_updates
