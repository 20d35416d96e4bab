"""The import files a bulk load writes for a graph it carries over (gamegraph/loader/carry.py;
no database: the recording fake answers the two named reads). What Neo4j then holds is
checked against the old store by tests/integration/test_unknown_games.py."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
from fake_runner import CollectingQueryRunner

from gamegraph.db.catalog import GraphRecord
from gamegraph.db.query_files import cypher
from gamegraph.errors import InputError
from gamegraph.loader.carry import export_carried
from gamegraph.loader.export import import_files

GRAPH = "mine:3"


def _record(status: str = "complete", nodes: int = 3, relationships: int = 2) -> GraphRecord:
    return GraphRecord.from_node(
        {
            "id": GRAPH,
            "game": "mine",
            "n": 3,
            "status": status,
            "nodes": nodes,
            "relationships": relationships,
            "lease_owner": "someone",
            "lease_running": False,
        }
    )


def _node(element: str, key: list[int], **props: Any) -> dict[str, Any]:
    return {
        "id": element,
        "labels": ["Mine", "GraphNode"],
        "props": {"graph": GRAPH, "key": key, **props},
    }


def _runner(nodes: list[dict[str, Any]], rels: list[dict[str, Any]]) -> CollectingQueryRunner:
    runner = CollectingQueryRunner()
    runner.set_result(cypher("carry_nodes"), nodes)
    runner.set_result(cypher("carry_relationships"), rels)
    return runner


NODES = [
    _node("e:1", [3], name='say "3", ok', terminal=False, weight=0.5),
    _node("e:2", [2, 1], name="", terminal=False, weight=1.0),
    _node("e:3", [1, 1, 1], name="a;b", terminal=True, weight=-2.25),
]
RELS = [
    {"start": "e:1", "end": "e:2", "type": "MINE_MOVE", "props": {}},
    {"start": "e:3", "end": "e:3", "type": "MINE_MOVE", "props": {}},
]


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def test_a_carried_graph_becomes_one_id_space_with_typed_columns(tmp_path: Path) -> None:
    runner = _runner(NODES, RELS)
    [carried], files = export_carried(runner, [_record()], tmp_path)
    assert carried.counts == {"nodes": 3, "MINE_MOVE": 2}
    assert "lease_owner" not in carried.props and carried.props["status"] == "complete"
    assert {q.params["graph"] for q in runner.reads} == {GRAPH}
    [nodes], [rels] = import_files(files)
    header, *rows = _rows(nodes)
    assert header == [
        ":ID(carried-mine-3)",
        "graph:string",
        "key:long[]",
        "name:string",
        "terminal:boolean",
        "weight:double",
        ":LABEL",
    ]
    assert rows == [
        ["0", GRAPH, "3", 'say "3", ok', "false", "0.5", "GraphNode;Mine"],
        ["1", GRAPH, "2;1", "", "false", "1.0", "GraphNode;Mine"],
        ["2", GRAPH, "1;1;1", "a;b", "true", "-2.25", "GraphNode;Mine"],
    ]
    assert _rows(rels) == [
        [":START_ID(carried-mine-3)", ":END_ID(carried-mine-3)", ":TYPE"],
        ["0", "1", "MINE_MOVE"],
        ["2", "2", "MINE_MOVE"],
    ]


def test_nodes_of_different_properties_go_to_files_of_their_own(tmp_path: Path) -> None:
    nodes = [_node("e:1", [2]), _node("e:2", [1, 1], depth=4)]
    [carried], files = export_carried(
        _runner(nodes, []), [_record(nodes=2, relationships=0)], tmp_path
    )
    assert carried.counts == {"nodes": 2}
    headers = sorted(_rows(path)[0] for path in files)
    assert headers == [
        [":ID(carried-mine-3)", "depth:long", "graph:string", "key:long[]", ":LABEL"],
        [":ID(carried-mine-3)", "graph:string", "key:long[]", ":LABEL"],
    ]


def test_a_complete_graph_whose_data_differs_from_its_record_is_not_carried(
    tmp_path: Path,
) -> None:
    with pytest.raises(InputError) as refused:
        export_carried(_runner(NODES, RELS[:1]), [_record()], tmp_path)
    assert "recorded with 3 nodes and 2 relationships" in str(refused.value)
    assert "1 MINE_MOVE relationships" in str(refused.value)
    assert "nothing was changed" in str(refused.value)


def test_an_incomplete_graph_is_carried_as_it_is(tmp_path: Path) -> None:
    [carried], _ = export_carried(_runner(NODES, RELS[:1]), [_record("loading")], tmp_path)
    assert carried.counts == {"nodes": 3, "MINE_MOVE": 1}
    assert carried.props["status"] == "loading"


@pytest.mark.parametrize(
    ("value", "what"),
    [
        ([], "an empty list"),
        ("two\nlines", "a line break"),
        (["a;b"], "holding ';' in a list"),
        ({"a": 1}, "a value of type dict"),
    ],
)
def test_a_property_the_files_cannot_hold_is_refused_in_one_line(
    tmp_path: Path, value: Any, what: str
) -> None:
    nodes = [_node("e:1", [3], odd=value)]
    with pytest.raises(InputError) as refused:
        export_carried(_runner(nodes, []), [_record("loading")], tmp_path)
    message = str(refused.value)
    assert what in message and "'odd'" in message and "\n" not in message
    assert f"gamegraph drop {GRAPH}" in message and "--games-from FILE.py" in message
