"""The catalog's reads of :Graph records and of the lease on a slot, on a recording fake
runner (no database)."""

from __future__ import annotations

import os
import socket
from typing import Any

import pytest
from fake_runner import CollectingQueryRunner

from gamegraph.db.catalog import Lease, get_graph, list_graphs
from gamegraph.db.query_files import cypher
from gamegraph.errors import LoadConflictError
from gamegraph.games import get_game

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


Q_56 = get_game("lifting").create(n=56, rule="paper")  # Q of every n shares one slot
HERE = f"{socket.gethostname()}:{os.getpid()}:cafe"  # a live process holds the lease
HOLDER = f"process {os.getpid()} on {socket.gethostname()}"


def _waited(graph: str | None, status: str | None) -> tuple[list[str], str]:
    """What a load of Q_56 says while the lease on its slot, held for ``graph``, runs (and
    the error of the wait, given up at once)."""
    runner = CollectingQueryRunner()
    lease: dict[str, Any] = {"owner": HERE, "running": True, "graph": graph, "status": status}
    runner.set_result(cypher("slot_lease"), [lease])
    said: list[str] = []
    with pytest.raises(LoadConflictError) as caught:
        Lease(runner, Q_56).wait_while_busy(said.append, timeout=0, poll=0)
    assert {q.params["slot"] for q in runner.reads} == {"lifting:paper"}
    return said, str(caught.value)


def test_a_load_waiting_for_another_graph_of_its_slot_names_that_graph_and_its_own() -> None:
    said, error = _waited("lifting:paper:50", "loading")
    assert said == [
        f"lifting:paper:50 is being loaded by {HOLDER}: waiting for it to finish before "
        "loading Q (paper rule, n <= 56) [lifting:paper:56] (graphs of one slot replace each "
        "other)"
    ]
    assert error == f"lifting:paper:56: {HOLDER} still holds its slot after 0 s"


def test_a_waiting_load_says_whether_a_graph_is_loaded_or_dropped_or_held_by_a_bulk_load() -> None:
    said, _ = _waited("lifting:paper:56", "loading")
    assert said == [
        f"Q (paper rule, n <= 56) [lifting:paper:56] is being loaded by {HOLDER}: waiting for "
        "it to finish"
    ]
    said, _ = _waited("lifting:paper:50", "dropping")
    assert said[0].startswith(f"lifting:paper:50 is being dropped by {HOLDER}: waiting")
    said, _ = _waited("lifting:paper:50", "complete")  # a bulk load holds every slot
    assert said == [
        f"Q (paper rule, n <= 56) [lifting:paper:56]: a bulk load by {HOLDER} holds every "
        "graph while it rebuilds the store: waiting for it"
    ]
