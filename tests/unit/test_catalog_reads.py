"""The catalog's reads of :Graph records, on a recording fake runner (no database)."""

from __future__ import annotations

from fake_runner import CollectingQueryRunner

from gamegraph.db.catalog import get_graph, list_graphs
from gamegraph.db.query_files import cypher

WHOLE = {"id": "bulgarian:10", "game": "bulgarian", "n": 10, "status": "complete"}


def test_a_record_deleted_while_it_was_read_counts_as_gone() -> None:
    """Neo4j returns a node that a concurrent drop deleted without its properties: the
    torture test met it as a KeyError 'id' in `drop` and `query`."""
    runner = CollectingQueryRunner()
    runner.set_result(cypher("graph_get"), [{"graph": {"lease_running": False}}])
    assert get_graph(runner, "bulgarian:10") is None
    runner.set_result(cypher("graphs_all"), [{"graph": {"lease_running": False}}, {"graph": WHOLE}])
    assert [record.id for record in list_graphs(runner)] == ["bulgarian:10"]
    runner.set_result(cypher("graph_get"), [{"graph": WHOLE}])
    record = get_graph(runner, "bulgarian:10")
    assert record is not None and record.complete and record.n == 10
