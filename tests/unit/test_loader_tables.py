"""The loader's tables, statements and exports, without a database."""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fake_runner import CollectingQueryRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from gamegraph import bulgarian as build_bulgarian
from gamegraph.db.fingerprints import read_graph, readback_type_statement
from gamegraph.db.query_files import named_queries
from gamegraph.db.runner import WriteCounters
from gamegraph.errors import IncompleteLoadError, InputError, TooLargeError
from gamegraph.games import get_game
from gamegraph.games.fingerprint import FINGERPRINT_PARAMS
from gamegraph.games.model import GRAPH_NODE, GraphTables, LazyColumn, NodeTable
from gamegraph.games.partitions import canonical_key, count_partitions, paper_notation
from gamegraph.loader.bulk import Expected, _links
from gamegraph.loader.export import _cells, _rows, import_arguments, write_csv, write_graphml
from gamegraph.loader.plan import LoadRequest, check_plan, parse_games, parse_ns, parse_values
from gamegraph.loader.readback import read_back_all
from gamegraph.loader.schema import ensure_schema, schema_label, schema_statements
from gamegraph.loader.writer import create_nodes_parameters, create_nodes_statement, load_tables

QUERIES = named_queries()
Bulgarian, Floridian, Lifting = (get_game(name) for name in ("bulgarian", "floridian", "lifting"))


def _tables_of(game: object) -> GraphTables:
    return game.tables(game.build())  # type: ignore[attr-defined,no-any-return]


def _tables() -> list[GraphTables]:
    return [
        _tables_of(Bulgarian.create(n=12)),
        _tables_of(Floridian.create(n=16)),
        _tables_of(Floridian.create(n=24, restricted=True)),
        _tables_of(Lifting.create(n=34, rule="band")),
    ]


@pytest.mark.parametrize("tables", _tables(), ids=lambda t: t.game.id)
def test_create_statements_read_the_columns_in_the_tables_order(tables: GraphTables) -> None:
    for table in tables.nodes:
        cypher = create_nodes_statement(table)
        assert re.findall(r"(\w+): \$columns\[(\d+)\]\[i\]", cypher) == [
            (name, str(i)) for i, name in enumerate(table.columns)
        ]
        assert f"(p:{GRAPH_NODE}:{table.label} {{graph: $graph, " in cypher
        assert ("SET p:$($labels[i])" in cypher) == bool(table.flags)


def _built_tables() -> list[Any]:
    """The graphs of :func:`_tables`, each with its tables."""
    games = [
        Bulgarian.create(n=12),
        Floridian.create(n=16),
        Floridian.create(n=24, restricted=True),
        Lifting.create(n=34, rule="band"),
    ]
    built = [(game.build(), game) for game in games]
    return [pytest.param(g, game.tables(g), id=game.id) for g, game in built]


def _row_by_row(graph: Any, table: NodeTable, i: int) -> tuple[list[Any], list[str]]:
    """Row i of a node table read value by value, never through column_slice, rows() or
    labels(): the plain columns (arrays, lists) and the flags by indexing, the lazy ones
    (texts, part lists, numbers that may be absent) from the engine's graph at the row's
    position, formatted by the scalar canonical_key and paper_notation."""
    values = []
    for name, column in table.columns.items():
        if isinstance(column, LazyColumn):
            values.append(_lazy_value(graph, table, name, i))
        else:
            value = column[i]
            values.append(value.item() if isinstance(value, np.generic) else value)
    labels = [name for name, flags in table.flags.items() if bool(flags[i])]
    return values, labels


def _lazy_value(graph: Any, table: NodeTable, name: str, i: int) -> Any:
    s = int(table.columns["idx"][i])  # the position's index in the graph's space
    if name in ("key", "parts", "notation"):
        position = graph.positions.position(s)
        return {
            "key": canonical_key(position),
            "parts": list(position),
            "notation": paper_notation(position),
        }[name]
    if name == "core_scc" or (name == "turns_to_core" and not graph.restricted):
        value = int(getattr(graph, "core_component_of" if name == "core_scc" else name)[s])
        return None if value < 0 else value
    if name == "turns_to_core":  # restricted G_n: no turn counts at all
        return None
    raise AssertionError(f"{table.label}.{name}: a lazy column this test does not read")


@pytest.mark.parametrize(("graph", "tables"), _built_tables())
def test_a_batch_of_columns_holds_the_tables_rows(graph: Any, tables: GraphTables) -> None:
    for table in tables.nodes:
        for start, stop in ((0, len(table)), (1, 4), (len(table) - 2, len(table) + 9)):
            params = create_nodes_parameters(table, start, stop)
            expected = [_row_by_row(graph, table, i) for i in range(start, min(stop, len(table)))]
            assert params["count"] == len(expected) == min(stop, len(table)) - start
            assert [list(row) for row in zip(*params["columns"], strict=True)] == [
                values for values, _ in expected
            ]
            assert params.get("labels", [[]] * len(expected)) == [labels for _, labels in expected]
            assert table.rows(start, stop) == [[*values, labels] for values, labels in expected]


@pytest.mark.parametrize("tables", _tables(), ids=lambda t: t.game.id)
def test_relationships_join_rows_that_exist(tables: GraphTables) -> None:
    sizes = {table.label: len(table) for table in tables.nodes}
    for rel in tables.rels:
        if len(rel):
            assert int(rel.start.min()) >= 0 and int(rel.start.max()) < sizes[rel.source]
            assert int(rel.end.min()) >= 0 and int(rel.end.max()) < sizes[rel.target]


def test_bulgarian_rows_hold_key_parts_notation_and_analysis() -> None:
    graph = build_bulgarian(10)
    table = Bulgarian.create(n=10).tables(graph).nodes[0]
    for i, row in enumerate(table.rows()):
        part = graph.position(i)
        *columns, labels = row
        values = dict(zip(table.columns, columns, strict=True))
        assert labels == [name for name, flags in table.flags.items() if flags[i]]
        assert values["key"] == canonical_key(part) and values["parts"] == list(part)
        assert values["notation"] == paper_notation(part)
        assert values["distance"] == graph.distance[i]
    assert sum(table.flag("GardenOfEden")) == int(graph.garden_of_eden.sum())


def test_every_omega_position_has_its_omega_move_in_full_mode() -> None:
    tables = _tables_of(Floridian.create(n=18))
    omega = next(r for r in tables.rels if r.type == "OMEGA_MOVE")
    assert len(omega) == len(next(t for t in tables.nodes if t.label == "Omega"))
    assert np.array_equal(np.sort(omega.start), np.arange(len(omega)))


def _fake_runner(nodes: int, moves: int) -> CollectingQueryRunner:
    runner = CollectingQueryRunner(write_result=WriteCounters(relationships_created=moves))
    create = create_nodes_statement(_tables_of(Bulgarian.create(n=6)).nodes[0])
    runner.set_result(create, [{"ids": [f"e{i}" for i in range(11)]}])
    runner.set_result(QUERIES["graph_claim"].cypher, [{"busy": False, "owner": "me"}])
    runner.set_result(QUERIES["graph_complete"].cypher, [{"id": "bulgarian:6"}])  # lease held
    answer = _read_back_answer(_tables_of(Bulgarian.create(n=6)))
    answer["nodes"] = nodes
    answer["by_type"][0][1] = moves  # the relationships counted (to any node)
    runner.set_result(QUERIES["graph_read_back"].cypher, [answer])
    return runner


def _read_back_answer(tables: GraphTables) -> dict[str, Any]:
    """What graph_read_back answers for a graph stored exactly as ``tables``: its node count
    and, per relationship type, its count and the moments of the ends' idx, computed here in
    plain Python integers from the query's own text (a second computation beside the
    engine's numpy mix, which the fingerprint built from these moments must equal)."""
    m = FINGERPRINT_PARAMS["m"]
    idx = {t.label: [int(v) % m for v in t.column("idx")] for t in tables.nodes}
    every = [i for values in idx.values() for i in values]
    by_type: dict[str, list[int]] = {}
    for rel in tables.rels:
        row = by_type.setdefault(rel.type, [rel.type, 0, 0, 0, 0, 0, 0, 0])
        for a, b in zip(rel.start.tolist(), rel.end.tolist(), strict=True):
            x, y = idx[rel.source][a], idx[rel.target][b]
            for k, v in enumerate((1, 1, x, y, x * x % m, y * y % m, x * y % m), start=1):
                row[k] += v
    return {
        "nodes": len(every),
        "node_sa": sum(every),
        "node_saa": sum(i * i % m for i in every),
        "by_type": [row for row in by_type.values() if row[1]],
    }


def test_the_writer_creates_schema_first_claims_and_marks_complete_last() -> None:
    runner = _fake_runner(11, 11)
    tables = _tables_of(Bulgarian.create(n=6))
    load_tables(runner, tables)
    texts = [q.query for q in runner.queries]
    schema = [i for i, t in enumerate(texts) if "CREATE CONSTRAINT" in t or "CREATE INDEX" in t]
    create = texts.index(create_nodes_statement(tables.nodes[0]))
    complete = texts.index(QUERIES["graph_complete"].cypher)
    assert schema and max(schema) < texts.index(QUERIES["graph_claim"].cypher) < create
    assert create < complete == len(texts) - 1
    claim = next(q for q in runner.queries if q.query == QUERIES["graph_claim"].cypher)
    assert claim.params["id"] == "bulgarian:6" and claim.params["props"]["game"] == "bulgarian"
    assert claim.params["props"]["engine"] == Bulgarian.engine_version()
    rels = [q for q in runner.queries if q.query == QUERIES["create_relationships_by_end"].cypher]
    rels += [q for q in runner.queries if q.query == QUERIES["create_relationships"].cypher]
    assert sum(len(other) for q in rels for other in q.params["others"]) == 11


def test_a_mismatch_read_back_keeps_the_graph_incomplete() -> None:
    runner = _fake_runner(10, 11)
    with pytest.raises(IncompleteLoadError, match="Neo4j holds"):
        load_tables(runner, _tables_of(Bulgarian.create(n=6)))
    texts = [q.query for q in runner.queries]
    assert QUERIES["graph_complete"].cypher not in texts
    assert QUERIES["graph_release"].cypher in texts  # the next load repairs it at once


def test_counts_that_agree_with_other_content_keep_the_graph_incomplete() -> None:
    """A store with the right counts but one relationship end moved: its fingerprint is not
    the engine's, so the load never marks the graph complete, and says why."""
    tables = _tables_of(Bulgarian.create(n=6))
    moved = _tables_of(Bulgarian.create(n=6))
    moved.rels[0].end[0] = (moved.rels[0].end[0] + 1) % len(moved.nodes[0])
    runner = _fake_runner(11, 11)
    runner.set_result(QUERIES["graph_read_back"].cypher, [_read_back_answer(moved)])
    with pytest.raises(IncompleteLoadError, match="not the same ones"):
        load_tables(runner, tables)
    assert QUERIES["graph_complete"].cypher not in [q.query for q in runner.queries]


def test_the_engine_fingerprint_is_what_the_read_back_moments_give() -> None:
    """GraphTables.fingerprint (numpy's mix) equals the fingerprint made from the moments
    graph_read_back sums (computed here in plain integers), for a graph of each kind of
    table (two labels, properties on relationships), and differs when two arcs exchange
    their ends."""
    for game in (Bulgarian.create(n=9), get_game("floridian").create(n=9)):
        tables = game.tables(game.build(force=True))
        runner = CollectingQueryRunner()
        runner.set_result(QUERIES["graph_read_back"].cypher, [_read_back_answer(tables)])
        found = read_graph(runner, game.id).fingerprint
        assert found == tables.fingerprint()
        rel = next(r for r in tables.rels if len(set(r.end.tolist())) > 1)
        i = int(np.flatnonzero(rel.end != rel.end[0])[0])
        rel.end[[0, i]] = rel.end[[i, 0]]  # the same counts, the same in-degrees
        assert tables.fingerprint() != found


def test_schema_statements_are_all_idempotent() -> None:
    runner = CollectingQueryRunner()
    ensure_schema(runner)
    statements = [q.query for q in runner.queries if "CREATE" in q.query]
    assert len(statements) >= 5 and all("IF NOT EXISTS" in s for s in statements)


def test_the_store_read_back_checks_each_graph_as_its_own_read_does() -> None:
    """read_back_all reads every graph at once (the nodes, then each relationship type of
    the store); each graph's counts and fingerprint are held to its own expected ones:
    equal, a type missing, or a type no table had."""
    b6, b7 = Bulgarian.create(n=6), Bulgarian.create(n=7)
    answers = {b.id: _read_back_answer(_tables_of(b)) for b in (b6, b7)}
    wanted = [(b, _tables_of(b).expected_counts(), _tables_of(b).fingerprint()) for b in (b6, b7)]

    def store(types: dict[str, list[list[Any]]]) -> CollectingQueryRunner:
        runner = CollectingQueryRunner()
        nodes = [[g, a["nodes"], a["node_sa"], a["node_saa"]] for g, a in answers.items()]
        runner.set_result(QUERIES["graph_read_back_nodes_all"].cypher, [{"nodes": nodes}])
        runner.set_result(QUERIES["relationship_types"].cypher, [{"type": t} for t in types])
        for kind, rows in types.items():
            for inside_only in (False, True):
                statement = readback_type_statement(kind, inside_only=inside_only)
                runner.set_result(statement, [{"by_graph": rows}])
        return runner

    moves = [[g, *a["by_type"][0][1:]] for g, a in answers.items()]
    runner = store({"BULGARIAN_MOVE": moves})
    assert read_back_all(runner, wanted) == [(w[1], w[2]) for w in wanted]
    assert read_back_all(runner, wanted, fresh_store=True) == [(w[1], w[2]) for w in wanted]
    with pytest.raises(IncompleteLoadError, match="B_7"):
        read_back_all(runner, [(b7, {"nodes": 15, "BULGARIAN_MOVE": 16}, wanted[1][2])])
    runner = store({"BULGARIAN_MOVE": moves, "STRAY": [[b6.id, 1, 1, 0, 0, 0, 0, 0]]})
    with pytest.raises(IncompleteLoadError, match="STRAY"):
        read_back_all(runner, wanted[:1])
    runner = store({"BULGARIAN_MOVE": moves})
    runner.set_result(QUERIES["graph_read_back_nodes_all"].cypher, [{"nodes": []}])
    with pytest.raises(IncompleteLoadError, match="B_6"):  # a graph the import never wrote
        read_back_all(runner, wanted[:1])
    # a store of B_6's files alone: its one type is read whole, not grouped by graph
    runner = store({"BULGARIAN_MOVE": moves[:1]})
    whole = readback_type_statement("BULGARIAN_MOVE", inside_only=True, graph=b6.id)
    runner.set_result(whole, [{"by_graph": moves[:1]}])
    assert read_back_all(runner, wanted[:1], fresh_store=True) == [wanted[0][1:]]
    assert [q.params["graph"] for q in runner.queries if q.query == whole] == [b6.id]
    runner.set_result(whole, [{"by_graph": [[b6.id, *moves[0][1:3], 1, *moves[0][4:]]]}])
    with pytest.raises(IncompleteLoadError, match="not the same ones"):
        read_back_all(runner, wanted[:1], fresh_store=True)


def test_the_catalog_schema_alone_is_its_three_statements() -> None:
    assert schema_statements("schema_graph_") == [
        QUERIES[name].cypher
        for name in ("schema_graph_id", "schema_graph_node", "schema_graph_slot")
    ]


def test_the_schema_splits_into_its_constraints_and_its_indexes() -> None:
    queries = named_queries()  # now: a test may have defined games since the import
    schema = {q.cypher: name for name, q in queries.items() if name.startswith("schema_")}
    constraints = schema_statements(constraints=True)
    indexes = schema_statements(constraints=False)
    assert sorted(constraints + indexes) == sorted(schema)  # each statement once
    assert all(re.match(r"CREATE CONSTRAINT \w+ IF NOT EXISTS", c) for c in constraints)
    assert all(re.match(r"CREATE INDEX \w+ IF NOT EXISTS", i) for i in indexes)
    assert [schema[c] for c in schema_statements("schema_graph_", constraints=True)] == [
        "schema_graph_id",
        "schema_graph_slot",
    ]
    games = schema_statements(constraints=True, exclude="schema_graph_")
    assert QUERIES["schema_bulgarian_key"].cypher in games
    assert set(games) == set(constraints) - {
        QUERIES["schema_graph_id"].cypher,
        QUERIES["schema_graph_slot"].cypher,
    }


def test_a_bulk_load_creates_the_indexes_before_the_games_constraints() -> None:
    """On a just imported store: the catalog's constraints (the claims need them), every
    index in one transaction (populated together after it commits), then the games'
    constraints, in a transaction that touches neither :Graph nor :GraphSlot; of the games,
    only the schema of the labels the store holds (here B_n's)."""
    from concurrent.futures import ThreadPoolExecutor

    from gamegraph.loader.bulk import _schema_after_import

    runner = CollectingQueryRunner()
    held = [{"label": "GraphNode"}, {"label": "Bulgarian"}]
    runner.set_result(QUERIES["labels_held"].cypher, held)
    with ThreadPoolExecutor(max_workers=1) as pool:
        ready = _schema_after_import(runner, pool)
        ready()
    texts = [q.query for q in runner.queries]
    catalog = schema_statements("schema_graph_", constraints=True)
    indexes = schema_statements("schema_graph_", constraints=False) + [
        QUERIES[name].cypher for name in ("schema_bulgarian_n", "schema_bulgarian_idx")
    ]
    games = [QUERIES["schema_bulgarian_key"].cypher]
    assert texts == [
        QUERIES["labels_held"].cypher,
        *catalog,
        *indexes,
        *games,
        QUERIES["indexes_await"].cypher,
    ]
    assert not any(":Graph)" in t or ":GraphSlot)" in t for t in games)


def test_every_schema_statement_names_its_label() -> None:
    """The bulk route picks a game's schema by the label of each statement: every one has a
    label, and those of B_n are for :Bulgarian."""
    assert all(schema_label(statement) for statement in schema_statements())
    assert {schema_label(QUERIES[f"schema_bulgarian_{k}"].cypher) for k in ("key", "n")} == {
        "Bulgarian"
    }
    assert schema_statements(labels=set()) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("60", range(60, 61)),
        ("20..40", range(20, 41)),
        ("7-9", range(7, 10)),
        ("1..4,10", [1, 2, 3, 4, 10]),
        ("20, 40,", [20, 40]),
    ],
)
def test_ranges_parse(text: str, expected: range) -> None:
    assert parse_values(text) == tuple(expected)


@pytest.mark.parametrize(
    ("text", "message"),
    [("40..20", "reversed"), ("x", "bad n"), ("0", "at least 1"), ("", "bad n")],
)
def test_bad_ranges_are_refused(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_values(text)


@pytest.mark.parametrize("n", [5.0, None, object()])
def test_an_n_that_is_no_integer_text_or_list_is_an_input_error(n: object) -> None:
    """Before, ``db.load("bulgarian", n=5.0)`` ended in a bare "TypeError: 'float' object is
    not iterable" (parse_ns iterated it)."""
    with pytest.raises(InputError, match=rf"^n must be an integer, .*, not {re.escape(repr(n))}$"):
        parse_ns(n)  # type: ignore[arg-type]
    assert parse_ns(5) == (5,) and parse_ns("5..7") == (5, 6, 7) and parse_ns([7, 5]) == (5, 7)


def test_games_parse_in_registry_order_and_unknown_games_are_refused() -> None:
    assert parse_games("floridian, bulgarian") == (Bulgarian, Floridian)
    assert set(parse_games("all")) >= {Bulgarian, Floridian, Lifting}
    assert parse_games(None) == (Bulgarian, Floridian, Lifting)
    with pytest.raises(InputError, match="unknown game"):
        parse_games("chess")


def test_a_request_plans_one_graph_per_n_and_q_once_per_rule_over_the_range() -> None:
    planned = LoadRequest.parse("20..22", None, {"rule": None, "restricted": False}).plan()
    ids = [p.game.id for p in planned]
    assert ids == [
        "bulgarian:20",
        "bulgarian:21",
        "bulgarian:22",
        "floridian:20",
        "floridian:21",
        "floridian:22",
        "lifting:paper:22",
        "lifting:band:22",
        "lifting:paper-free:22",
    ]
    assert planned[0].estimate.nodes == count_partitions(20)
    only_band = LoadRequest.parse("30", "lifting", {"rule": "band"}).plan()
    assert [p.game.id for p in only_band] == ["lifting:band:30"]


def test_plans_too_large_for_an_online_load_are_refused_with_an_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "64G")  # B_90's load fits: the online limit
    planned = LoadRequest.parse("90", "bulgarian", route="bulk").plan()
    with pytest.raises(TooLargeError, match=f"{count_partitions(90):,} nodes.*online limit"):
        check_plan(planned)
    with pytest.raises(TooLargeError, match=r"online limit.*Load it with --bulk \(the local"):
        LoadRequest.parse("90", "bulgarian")  # the request's one size check, when it is made
    forced = LoadRequest.parse("90", "bulgarian", force=True).plan()
    assert [(p.game, p.estimate, p.forced) for p in forced] == [
        (p.game, p.estimate, True) for p in planned
    ]
    check_plan(planned, force=True)
    check_plan(planned, online=False)
    assert count_partitions(90) == 56_634_173


def test_every_route_of_a_load_is_held_to_the_build_with_its_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    estimate = Bulgarian.create(n=60).estimate()
    assert estimate.with_tables().bytes > 2 * estimate.bytes  # B_n's tables outweigh its build
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", str(estimate.with_tables().bytes - 1))
    for route in ("bulk", "export", "online", "auto"):
        with pytest.raises(TooLargeError, match=r"^B_60 with its tables would need .*(GiB|MiB)"):
            LoadRequest.parse("60", "bulgarian", route=route)
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", str(estimate.with_tables().bytes))
    assert LoadRequest.parse("60", "bulgarian", route="bulk").plan()[0].estimate == estimate
    with pytest.raises(TooLargeError, match="B_60 with its tables"):  # online holds more
        LoadRequest.parse("60", "bulgarian", route="online")


def test_the_fingerprint_mixed_a_slice_at_a_time_is_the_whole_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gamegraph.games.fingerprint as fingerprint
    import gamegraph.games.model as model

    tables = [_tables_of(Bulgarian.create(n=14)), _tables_of(Floridian.create(n=12))]
    whole = [t.fingerprint() for t in tables]
    monkeypatch.setattr(fingerprint, "_ROWS", 7)
    monkeypatch.setattr(model, "_FINGERPRINT_ROWS", 5)
    assert [t.fingerprint() for t in tables] == whole


def test_csv_export_is_neo4j_admin_input(tmp_path: Path) -> None:
    tables = _tables_of(Floridian.create(n=16))
    files = write_csv(tables, tmp_path)
    alpha = next(f for f in files if f.name.endswith("nodes.Alpha.csv"))
    with alpha.open() as handle:
        header, *rows = list(csv.reader(handle))
    assert header[:2] == [":ID(floridian-16-Alpha)", "graph:string"] and header[-1] == ":LABEL"
    assert all(row[1] == "floridian:16" and row[-1].startswith("GraphNode;Alpha") for row in rows)
    assert "parts:long[]" in header and "key:string" in header
    assert len(rows) == len(next(t for t in tables.nodes if t.label == "Alpha"))
    turn = next(f for f in files if f.name.endswith("rels.TURN.csv"))
    with turn.open() as handle:
        header, *rows = list(csv.reader(handle))
    assert header == [":START_ID(floridian-16-Alpha)", ":END_ID(floridian-16-Alpha)", ":TYPE"]
    assert len(rows) == len(next(r for r in tables.rels if r.type == "TURN"))
    args = import_arguments(files)
    assert sum(a.startswith("--nodes=") for a in args) == 2
    assert "--array-delimiter=;" in args and "--id-type=INTEGER" in args


_CELLS = st.one_of(
    st.lists(st.integers(-(2**63), 2**63 - 1), min_size=1, max_size=30).map(
        lambda v: np.array(v, dtype=np.int64)
    ),
    st.lists(st.booleans(), min_size=1, max_size=30).map(lambda v: np.array(v, dtype=np.bool_)),
    st.lists(st.text(max_size=8), min_size=1, max_size=30),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_CELLS, min_size=2, max_size=5))
@example(
    [np.array([-(2**63), 2**63 - 1, 0, -1, -10], dtype=np.int64), ["", "a,b", '"', "\r", "é"]]
)  # a row of the export has 2 cells or more
def test_csv_rows_read_back_as_the_cells_they_were_made_of(columns: list[Any]) -> None:
    """The compiled CSV writer against the csv module's reader: numbers as str() writes them,
    booleans as true/false, text (commas, quotes, line breaks, any character) quoted where it
    must be, so that every cell reads back as it was."""
    rows = min(len(column) for column in columns)
    kinds = [
        "string" if not isinstance(c, np.ndarray) else "long" if c.dtype == np.int64 else "boolean"
        for c in columns
    ]
    cells = [
        _cells(column[:rows], kind, 0, rows) for column, kind in zip(columns, kinds, strict=True)
    ]
    written = _rows(cells).decode()
    values = [c.tolist() if isinstance(c, np.ndarray) else c for c in columns]
    expected = [
        ["true" if v is True else "false" if v is False else str(v) for v in row]
        for row in zip(*(list(column[:rows]) for column in values), strict=True)
    ]
    assert list(csv.reader(io.StringIO(written, newline=""))) == expected
    assert written.count("\n") >= rows and written.endswith("\n")


def test_graphml_export_holds_every_node_and_edge(tmp_path: Path) -> None:
    tables = _tables_of(Lifting.create(n=40, rule="paper"))
    path = write_graphml(tables, tmp_path)
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    root = ET.parse(path).getroot()
    assert len(root.findall(".//g:node", ns)) == tables.node_count
    assert len(root.findall(".//g:edge", ns)) == sum(map(len, tables.rels))


def test_a_list_of_n_plans_exactly_those_graphs_and_a_range_every_n() -> None:
    """``[20, 40]`` is two graphs, not the 21 of 20..40; the API and the command line's
    texts mean the same (the load path plans once, from this request)."""
    from gamegraph.api import request_of
    from gamegraph.loader.plan import LoadRequest

    assert [p.game.id for p in LoadRequest.of([Bulgarian], [40, 20]).plan()] == [
        "bulgarian:20",
        "bulgarian:40",
    ]
    assert request_of("bulgarian", [20, 40]).ns == (20, 40)
    assert LoadRequest.parse("20,40", "bulgarian").ns == (20, 40)
    assert LoadRequest.of([Bulgarian], range(20, 41)).ns == tuple(range(20, 41))
    assert LoadRequest.parse("20..40", "bulgarian").ns == tuple(range(20, 41))
    assert len(request_of("bulgarian", "20..40").plan()) == 21


def test_a_parameter_name_the_games_do_not_have_is_refused_not_ignored(tmp_path: Path) -> None:
    """gg.export('austrian', n=6, L=2, bank_up_to_l=True) wrote A_6(L = 2) without the flag:
    a misspelt name is refused before anything is written, naming the parameters the game
    has; a value shared by several games of one request (the command line's --L) still goes
    to those that have it."""
    import gamegraph as gg
    from gamegraph.api import request_of

    out = tmp_path / "out"
    for params in ({"bank_up_to_l": True}, {"players": 3}):
        with pytest.raises(
            InputError,
            match=rf"^austrian has no parameter '{next(iter(params))}'; "
            r"it takes n, L, bank_up_to_L$",
        ):
            gg.export("austrian", n=6, out=out, L=2, **params)
    assert not out.exists()
    with pytest.raises(InputError, match=r"^bulgarian has no parameter 'L'; it takes n$"):
        request_of("bulgarian", 5, L=3)
    with pytest.raises(InputError, match=r"^no game of the request \(bulgarian, austrian\)"):
        LoadRequest.of([Bulgarian, get_game("austrian")], 6, bank_up_to_l=True)
    files = gg.export("austrian", n=6, out=out, L=2, bank_up_to_L=True)
    nodes = next(f for f in files if ".nodes." in f.name).read_text().count("\n") - 1
    Austrian = get_game("austrian")
    assert nodes == _tables_of(Austrian.create(n=6, L=2, bank_up_to_L=True)).node_count
    assert nodes > _tables_of(Austrian.create(n=6, L=2)).node_count  # the flag was taken
    shared = LoadRequest.parse("6", "bulgarian,austrian", {"L": "2"}).plan()
    assert [p.game.id for p in shared] == ["bulgarian:6", "austrian:L=2:6"]


def test_a_bulk_load_runs_each_after_load_link_once() -> None:
    """Q's three rules each ask for the link of their 4-cycles of every n to G_n, one query
    that links all of them: the bulk route runs each distinct link once, every one asked for."""
    planned = LoadRequest.parse("60", "bulgarian,floridian,lifting").plan()
    asked = [link for p in planned for link in p.game.after_load()]
    links = _links([Expected(p.game, {}, {}, "") for p in planned])
    assert sorted(map(repr, links)) == sorted(set(map(repr, asked)))
    assert len(links) == len(set(map(repr, links))) < len(asked)
