"""Which way an ``auto`` load goes (gamegraph/loader/route.py), against a recording fake that
answers the catalog and the count store: the importer for a large first load, and for a
load that would delete and write most of a database of gamegraph's graphs alone; online for
a small load, for one that leaves most of the database alone, and whenever the database
holds anything a rebuild would not make again."""

from __future__ import annotations

from typing import Any

import pytest
from fake_runner import CollectingQueryRunner

from gamegraph.db.query_files import cypher
from gamegraph.games import get_game
from gamegraph.games.limits import Estimate
from gamegraph.loader.claim import record_props
from gamegraph.loader.plan import AUTO_BULK_ROWS, PlannedGraph
from gamegraph.loader.route import REBUILD_SHARE, importer_note

Bulgarian, Floridian = get_game("bulgarian"), get_game("floridian")


def _planned(game: Any, rows: int) -> PlannedGraph:
    return PlannedGraph(game, Estimate(nodes=rows // 2, arcs=rows - rows // 2, bytes=0))


def _record(game: Any, rows: int, **extra: Any) -> dict[str, Any]:
    """A :Graph record as graphs_all returns it: complete, by this engine version."""
    props = {**record_props(game), "id": game.id, "slot": game.slot, "status": "complete"}
    props |= {"nodes": rows // 2, "relationships": rows - rows // 2, **extra}
    return {"graph": props}


def _database(
    records: list[dict[str, Any]], *, empty: bool = False, others: int = 0
) -> CollectingQueryRunner:
    runner = CollectingQueryRunner()
    runner.set_result(cypher("database_is_empty"), [{"empty": empty}])
    runner.set_result(cypher("graphs_all"), records)
    ours = sum(r["graph"].get("nodes", 0) for r in records) + len(records)
    runner.set_result(cypher("node_kinds"), [{"all": ours + others, "ours": ours}])
    return runner


BIG = 2 * AUTO_BULK_ROWS
b60, g60, b40 = Bulgarian.create(n=60), Floridian.create(n=60), Bulgarian.create(n=40)


def test_a_large_first_load_takes_the_importer_and_a_small_one_does_not() -> None:
    runner = _database([], empty=True)
    note = importer_note(runner, [_planned(b60, BIG)], replace=False)
    assert note is not None and "empty" in note
    assert importer_note(runner, [_planned(b40, AUTO_BULK_ROWS - 1)], replace=False) is None


def test_a_large_load_into_a_new_home_takes_the_importer_without_asking_the_database() -> None:
    note = importer_note(None, [_planned(b60, BIG)], replace=False)
    assert note is not None and "new" in note and f"~{BIG:,} rows" in note
    assert importer_note(None, [_planned(b40, AUTO_BULK_ROWS - 1)], replace=False) is None


def test_replacing_most_of_a_database_of_graphs_rebuilds_it_through_the_importer() -> None:
    records = [_record(b60, BIG), _record(g60, BIG), _record(b40, 1_000)]
    runner = _database(records)
    note = importer_note(runner, [_planned(b60, BIG), _planned(g60, BIG)], replace=True)
    assert note is not None and "rebuilt" in note
    # the same load without --replace keeps both graphs: nothing to write online
    assert importer_note(runner, [_planned(b60, BIG), _planned(g60, BIG)], replace=False) is None


def test_a_load_that_leaves_most_of_the_database_alone_goes_online() -> None:
    records = [_record(b60, 10 * BIG), _record(b40, 1_000)]
    runner = _database(records)
    rows = int(REBUILD_SHARE * 10 * BIG) // 2
    assert importer_note(runner, [_planned(g60, rows)], replace=False) is None


@pytest.mark.parametrize(
    "why",
    ["a node of the user's", "a graph of a game not known now", "a load under way"],
)
def test_a_database_a_rebuild_would_not_make_again_goes_online(why: str) -> None:
    records = [_record(b60, BIG)]
    others = 0
    if why == "a node of the user's":
        others = 1
    elif why == "a graph of a game not known now":
        records.append({"graph": {"id": "mine:3", "game": "mine", "n": 3, "status": "complete"}})
    else:
        records[0]["graph"] |= {"status": "loading", "lease_running": True}
        records[0]["graph"]["lease_owner"] = "elsewhere:1:x"
    runner = _database(records, others=others)
    assert importer_note(runner, [_planned(b60, BIG)], replace=True) is None
