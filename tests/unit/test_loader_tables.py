"""The loader's tables, statements and exports, without a database."""

from __future__ import annotations

import csv
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from gamegraph.db.runner import CollectingQueryRunner
from gamegraph.games.bulgarian.engine import build_bulgarian
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.lifting.graph import build_lifting_graph
from gamegraph.games.limits import TooLargeError
from gamegraph.games.partitions import canonical_key, paper_notation
from gamegraph.loader.export import import_arguments, write_csv, write_graphml
from gamegraph.loader.jobs import check_plan, parse_games, parse_range, plan
from gamegraph.loader.tables import (
    GraphTables,
    bulgarian_tables,
    floridian_tables,
    lifting_tables,
)
from gamegraph.loader.writer import ensure_schema, load_tables
from gamegraph.queries.registry import load_queries

QUERIES = load_queries("gamegraph.loader")


def _tables() -> list[GraphTables]:
    return [
        bulgarian_tables(build_bulgarian(12)),
        floridian_tables(build_floridian(16)),
        floridian_tables(build_floridian(24, restricted=True)),
        lifting_tables(build_lifting_graph(34, "band")),
    ]


@pytest.mark.parametrize("tables", _tables(), ids=lambda t: t.spec.id)
def test_create_statements_read_the_columns_in_the_tables_order(tables: GraphTables) -> None:
    for table in tables.nodes:
        cypher = QUERIES[f"create_{table.label.lower()}"].cypher
        assert re.findall(r"(\w+): row\[(\d+)\]", cypher) == [
            (name, str(i)) for i, name in enumerate(table.columns)
        ]
        assert f":{table.label} " in cypher or f":{table.label}{{" in cypher.replace(" {", "{")


@pytest.mark.parametrize("tables", _tables(), ids=lambda t: t.spec.id)
def test_relationships_join_rows_that_exist(tables: GraphTables) -> None:
    sizes = {table.label: len(table) for table in tables.nodes}
    for rel in tables.rels:
        if len(rel):
            assert int(rel.start.min()) >= 0 and int(rel.start.max()) < sizes[rel.source]
            assert int(rel.end.min()) >= 0 and int(rel.end.max()) < sizes[rel.target]


def test_bulgarian_rows_hold_key_parts_notation_and_analysis() -> None:
    graph = build_bulgarian(10)
    table = bulgarian_tables(graph).nodes[0]
    for i, row in enumerate(table.rows()):
        part = graph.position(i)
        *columns, labels = row
        values = dict(zip(table.columns, columns, strict=True))
        assert labels == [name for name, flags in table.flags.items() if flags[i]]
        assert values["key"] == canonical_key(part) and values["parts"] == list(part)
        assert values["notation"] == paper_notation(part)
        assert values["distance"] == graph.distance[i]
    assert sum(table.flags["GardenOfEden"]) == int(graph.garden_of_eden.sum())


def test_every_omega_position_has_its_omega_move_in_full_mode() -> None:
    tables = floridian_tables(build_floridian(18))
    omega = next(r for r in tables.rels if r.type == "OMEGA_MOVE")
    assert len(omega) == len(tables.node_table("Omega"))
    assert np.array_equal(np.sort(omega.start), np.arange(len(omega)))


def test_the_writer_creates_schema_first_and_marks_complete_last() -> None:
    runner = CollectingQueryRunner()
    tables = bulgarian_tables(build_bulgarian(6))
    runner.set_result(QUERIES["create_bulgarian"].cypher, [{"ids": [f"e{i}" for i in range(11)]}])
    runner.set_result(QUERIES["count_bulgarian"].cypher, [{"nodes": 11, "BULGARIAN_MOVE": 11}])
    load_tables(runner, tables)
    texts = [q.query for q in runner.queries]
    schema = [i for i, t in enumerate(texts) if "CREATE CONSTRAINT" in t or "CREATE INDEX" in t]
    create = texts.index(QUERIES["create_bulgarian"].cypher)
    complete = texts.index(QUERIES["graph_complete"].cypher)
    assert schema and max(schema) < create < complete == len(texts) - 1
    assert texts.index(QUERIES["graph_begin"].cypher) < create
    rels = [q for q in runner.queries if q.query == QUERIES["create_relationships_by_end"].cypher]
    rels += [q for q in runner.queries if q.query == QUERIES["create_relationships"].cypher]
    assert sum(len(other) for q in rels for _, other in q.params["rows"]) == 11


def test_a_mismatch_read_back_keeps_the_graph_incomplete() -> None:
    from gamegraph.loader.writer import IncompleteLoadError

    runner = CollectingQueryRunner()
    runner.set_result(QUERIES["create_bulgarian"].cypher, [{"ids": [f"e{i}" for i in range(11)]}])
    runner.set_result(QUERIES["count_bulgarian"].cypher, [{"nodes": 10, "BULGARIAN_MOVE": 11}])
    with pytest.raises(IncompleteLoadError, match="Neo4j holds"):
        load_tables(runner, bulgarian_tables(build_bulgarian(6)))
    assert QUERIES["graph_complete"].cypher not in [q.query for q in runner.queries]


def test_schema_statements_are_all_idempotent() -> None:
    runner = CollectingQueryRunner()
    ensure_schema(runner)
    statements = [q.query for q in runner.queries if "CREATE" in q.query]
    assert len(statements) >= 5 and all("IF NOT EXISTS" in s for s in statements)


@pytest.mark.parametrize(
    ("text", "expected"), [("60", range(60, 61)), ("20..40", range(20, 41)), ("7-9", range(7, 10))]
)
def test_ranges_parse(text: str, expected: range) -> None:
    assert parse_range(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [("40..20", "reversed"), ("x", "bad n"), ("0", "at least 1"), ("", "bad n")],
)
def test_bad_ranges_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_range(text)


def test_games_parse_and_unknown_games_are_refused() -> None:
    assert parse_games("floridian, bulgarian") == ("bulgarian", "floridian")
    assert parse_games("all") == ("bulgarian", "floridian", "lifting")
    with pytest.raises(ValueError, match="unknown game"):
        parse_games("chess")


def test_plans_too_large_for_an_online_load_are_refused_with_an_estimate() -> None:
    planned = plan(range(90, 91), ("bulgarian",))
    with pytest.raises(TooLargeError, match=r"56,634,173 nodes.*online limit"):
        check_plan(planned)
    check_plan(planned, force=True)
    check_plan(planned, online=False)


def test_csv_export_is_neo4j_admin_input(tmp_path: Path) -> None:
    tables = floridian_tables(build_floridian(16))
    files = write_csv(tables, tmp_path)
    alpha = next(f for f in files if f.name.endswith("nodes.Alpha.csv"))
    with alpha.open() as handle:
        header, *rows = list(csv.reader(handle))
    assert header[0] == ":ID(floridian-16-Alpha)" and header[-1] == ":LABEL"
    assert "parts:long[]" in header and "key:string" in header
    assert len(rows) == len(tables.node_table("Alpha"))
    turn = next(f for f in files if f.name.endswith("rels.TURN.csv"))
    with turn.open() as handle:
        header, *rows = list(csv.reader(handle))
    assert header == [":START_ID(floridian-16-Alpha)", ":END_ID(floridian-16-Alpha)", ":TYPE"]
    assert len(rows) == len(next(r for r in tables.rels if r.type == "TURN"))
    args = import_arguments(files)
    assert sum(a.startswith("--nodes=") for a in args) == 2
    assert "--array-delimiter=;" in args


def test_graphml_export_holds_every_node_and_edge(tmp_path: Path) -> None:
    tables = lifting_tables(build_lifting_graph(40, "paper"))
    path = write_graphml(tables, tmp_path)
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    root = ET.parse(path).getroot()
    assert len(root.findall(".//g:node", ns)) == tables.node_count
    assert len(root.findall(".//g:edge", ns)) == tables.rel_count
