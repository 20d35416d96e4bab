"""The recording fake QueryRunner and the write counters, without a database."""

from __future__ import annotations

from fake_runner import CollectingQueryRunner

from gamegraph.db import QueryRunner, WriteCounters


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


def test_write_counters_add_field_by_field() -> None:
    a = WriteCounters(nodes_created=1, properties_set=2)
    b = WriteCounters(nodes_created=3, relationships_created=4)
    assert a + b == WriteCounters(nodes_created=4, properties_set=2, relationships_created=4)
