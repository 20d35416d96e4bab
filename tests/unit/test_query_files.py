"""The named queries shipped with the games and the catalog, the registry that parses them,
and `gamegraph query`'s parameter handling and output, all without a database."""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import typer
from cli_support import CliResult
from fake_runner import CollectingQueryRunner
from typer.testing import CliRunner

import gamegraph as gg
from gamegraph.api import Database
from gamegraph.cli import app
from gamegraph.cli import options as cli_options
from gamegraph.cli.render import to_csv, to_json, to_table
from gamegraph.db.catalog import GraphRecord, GraphState
from gamegraph.db.queries import (
    QueryResult,
    browser_text,
    convert_params,
    get_query,
    parse_param_args,
    run_named,
    user_queries,
)
from gamegraph.db.query_files import (
    PARAM_TYPES,
    NamedQuery,
    QueryFileError,
    load_queries,
    named_queries,
    parse_queries,
)
from gamegraph.db.settings import Neo4jSettings
from gamegraph.errors import DatabaseError, GraphNotLoadedError, InputError
from gamegraph.games import Game, all_games, get_game

cli = CliRunner()
Cli = Callable[..., CliResult]
QUERY_FILES = sorted(
    (game.__module__, name)
    for game in all_games()
    for name in (*game.query_files, *game.internal_query_files)
)
QUERIES = user_queries()
ALL_QUERIES = named_queries()
_EXAMPLE = re.compile(r"^:param\s+([A-Za-z_][A-Za-z0-9_]*)\s*=>\s*(.+)$")


# --------------------------------------------------------------------------- shipped files


def test_every_game_ships_its_queries_schema_and_verify_files() -> None:
    for game in all_games():
        if game.generated_queries():  # a defined game: its files are written, not shipped
            sources = {source for source, _, _ in game.generated_queries()}
            assert {f"{game.name} (schema)", f"{game.name} (verify)"} <= sources
            assert f"{game.name} (queries)" in sources
            continue
        assert game.query_files, f"{game.name} has no queries for users"
        assert "schema.cypher" in game.internal_query_files
        assert "verify.cypher" in game.internal_query_files


@pytest.mark.parametrize(("package", "filename"), QUERY_FILES)
def test_every_shipped_file_parses(package: str, filename: str) -> None:
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    assert parse_queries(text, filename)


def test_query_names_are_unique_across_files_and_internal_ones_are_hidden() -> None:
    names: list[str] = []
    for package, filename in QUERY_FILES:
        text = resources.files(package).joinpath(filename).read_text("utf-8")
        names += [q.name for q in parse_queries(text, filename)]
    assert len(names) == len(set(names))
    assert set(names) <= set(ALL_QUERIES)
    hidden = {name for name, q in ALL_QUERIES.items() if q.internal}
    assert {"verify_floridian_counts", "graph_claim", "schema_alpha_key"} <= hidden
    assert not hidden & set(QUERIES)


def test_the_questions_of_issue_6_each_have_a_query() -> None:
    assert {
        "bulgarian_trajectory",
        "bulgarian_reaches",
        "bulgarian_cycles",
        "bulgarian_garden_of_eden",
        "bulgarian_farthest",
        "floridian_turn_path_g",
        "floridian_turn_path_h",
        "floridian_reachable",
        "floridian_reaches_core",
        "floridian_losing",
        "floridian_immediate_losses",
        "floridian_winning",
        "floridian_core_components",
        "floridian_four_cycles",
        "floridian_two_cycles",
        "floridian_turns_to_core",
        "floridian_farthest_winning",
        "lifting_components",
        "lifting_non_lifting",
        "lifting_chain",
        "lifting_lifts",
        "graphs_loaded",
    } <= set(QUERIES)


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_every_query_has_a_description_and_typed_params(name: str) -> None:
    query = QUERIES[name]
    assert len(query.description) > 20
    assert all(p.type in PARAM_TYPES for p in query.params)
    used = set(re.findall(r"\$([A-Za-z_]\w*)", query.cypher))
    assert used == set(query.param_names)


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_every_query_has_browser_param_lines_for_all_its_params(name: str) -> None:
    query = QUERIES[name]
    given = [_EXAMPLE.match(example) for example in query.examples]
    assert all(given), query.examples
    assert {m.group(1) for m in given if m} == set(query.param_names)


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_every_graph_query_addresses_its_graph_by_parameter(name: str) -> None:
    query = QUERIES[name]
    if query.requires in ("bulgarian", "floridian"):
        assert ("n", "int") in [(p.name, p.type) for p in query.params]
        assert "{n: $n" in query.cypher, "look positions up through the (n, key) index"
    elif query.requires == "lifting":
        assert ("rule", "param") in [(p.name, p.type) for p in query.params]
        assert "{rule: $rule" in query.cypher


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_position_parameters_are_looked_up_by_key(name: str) -> None:
    query = QUERIES[name]
    for param in query.params:
        if param.type == "position" and query.requires != "lifting":
            assert f"key: ${param.name}" in query.cypher


@pytest.mark.parametrize("name", sorted(QUERIES))
def test_queries_are_read_only(name: str) -> None:
    body = QUERIES[name].cypher.upper()
    for clause in ("CREATE ", "MERGE ", "DELETE ", " SET ", "REMOVE "):
        assert clause not in body


def test_whole_graph_scans_say_so() -> None:
    scans = {name for name, q in QUERIES.items() if q.scan}
    assert {
        "bulgarian_cycles",
        "bulgarian_garden_of_eden",
        "floridian_four_cycles",
        "floridian_losing",
        "floridian_winning",
    } <= scans
    # per-position questions are index seeks, not scans
    assert not {"bulgarian_trajectory", "floridian_turn_path_g", "floridian_moves"} & scans


# --------------------------------------------------------------------------- the registry

GOOD = """\
// name: a_query
// What it answers.
// params: n:int, position:position
// requires: floridian
// example: :param n => 24
MATCH (a:Alpha {n: $n, key: $position}) RETURN a
"""


def test_registry_reads_name_description_params_requires_and_examples() -> None:
    [query] = parse_queries(GOOD)
    assert query.name == "a_query"
    assert query.description == "What it answers."
    assert query.param_names == ("n", "position")
    assert query.requires == "floridian"
    assert query.examples == (":param n => 24",)
    assert query.cypher == "MATCH (a:Alpha {n: $n, key: $position}) RETURN a"
    assert query.expect == ()


def test_registry_reads_the_figures_a_query_expects_as_pairs_in_order() -> None:
    text = GOOD.replace(
        "// example:", "// expect: nodes = positions,sizes=core_scc_sizes\n// example:"
    )
    [query] = parse_queries(text)
    assert query.expect == (("nodes", "positions"), ("sizes", "core_scc_sizes"))
    assert query.description == "What it answers."


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD + "\n" + GOOD, "duplicate query name 'a_query'"),
        (GOOD.replace("a_query", "A-Query"), "bad query name"),
        (GOOD.replace("// What it answers.\n", ""), "no description"),
        (GOOD.replace(", position:position", ""), "undeclared parameters ['position']"),
        (GOOD.replace("n:int", "n:int, m:int"), "declares unused parameters ['m']"),
        (GOOD.replace("n:int", "n:integer"), "unknown type 'integer'"),
        (
            GOOD.replace("requires: floridian", "requires: chess"),
            "requires 'chess', which is no game",
        ),
        ("MATCH (n) RETURN n\n" + GOOD, "Cypher before the first '// name:'"),
        ("// name: empty\n// Nothing here.\n", "has no Cypher"),
        (GOOD.replace("// example:", "// expect: nodes\n// example:"), "bad expect 'nodes'"),
        (GOOD.replace("// example:", "// expect: nodes = \n// example:"), "bad expect 'nodes ='"),
    ],
)
def test_registry_rejects_malformed_blocks(text: str, message: str) -> None:
    with pytest.raises(QueryFileError, match=re.escape(message)):
        parse_queries(text)


def test_registry_rejects_a_name_repeated_in_another_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "dup_queries_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "one.cypher").write_text(GOOD)
    (package / "two.cypher").write_text(GOOD)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(QueryFileError, match=r"duplicate query name .a_query. in \S*two\.cypher"):
        load_queries("dup_queries_pkg", ["one.cypher", "two.cypher"])
    assert set(load_queries("dup_queries_pkg", ["one.cypher"])) == {"a_query"}


def test_parameters_in_comments_need_no_declaration() -> None:
    text = GOOD.replace("RETURN a", "RETURN a // not $this one")
    assert parse_queries(text)[0].param_names == ("n", "position")


# --------------------------------------------------------------------------- parameters


def test_param_args_split_at_the_first_equals_sign() -> None:
    assert parse_param_args(["n=24", "position=1 3^2 5", "x=a=b"]) == {
        "n": "24",
        "position": "1 3^2 5",
        "x": "a=b",
    }


@pytest.mark.parametrize(
    ("items", "message"),
    [(["n"], "write it as key=value"), (["=3"], "key=value"), (["n=1", "n=2"], "given twice")],
)
def test_bad_param_args_are_refused(items: list[str], message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_param_args(items)


@pytest.mark.parametrize(
    "text", ["2^3 5^2 8", "8,5,5,2,2,2", "[8, 5, 5, 2, 2, 2]", "2 2 2 5 5 8", "(8,5,5,2,2,2)"]
)
def test_a_position_in_any_notation_becomes_its_canonical_key(text: str) -> None:
    params = convert_params(get_query("floridian_moves"), {"n": "24", "position": text})
    assert params == {"n": 24, "position": "8,5,5,2,2,2"}


def test_python_values_are_accepted_as_they_are() -> None:
    query = get_query("floridian_turn_path_h")
    params = convert_params(query, {"n": 24, "position": (2, 22), "target": "24"})
    assert params == {"n": 24, "position": "22,2", "target": "24"}


@pytest.mark.parametrize(
    ("name", "raw", "message"),
    [
        ("floridian_moves", {"n": "24"}, "needs --param position=..."),
        ("floridian_moves", {"n": "24", "position": "24", "x": "1"}, "has no parameter 'x'"),
        ("floridian_moves", {"n": "twenty", "position": "24"}, "n='twenty' is not an integer"),
        ("floridian_moves", {"n": "2.5", "position": "24"}, "is not an integer"),
        ("floridian_moves", {"n": True, "position": "24"}, "is not an integer"),
        ("floridian_moves", {"n": "24", "position": "5,3"}, "partition of 8, not of n = 24"),
        ("floridian_moves", {"n": "24", "position": "5,x"}, "bad part 'x'"),
        ("floridian_moves", {"n": "24", "position": ""}, "empty partition"),
        ("floridian_moves", {"n": "24", "position": "21,2,1"}, "is not separated"),
        ("floridian_moves", {"n": "24", "position": 24}, "a position such as"),
        ("floridian_moves", {"n": "0", "position": "24"}, "n must be >= 1, not 0"),
        ("bulgarian_farthest", {"n": "12", "limit": "-1"}, "limit='-1' is not a number of rows"),
        ("bulgarian_farthest", {"n": "12", "limit": 2**31}, "not a number of rows from 0 to"),
        ("bulgarian_farthest", {"n": 2**63, "limit": 5}, "not an integer Cypher can hold"),
        ("bulgarian_farthest", {"n": "-" + "9" * 19, "limit": 5}, "Cypher can hold"),
        ("bulgarian_farthest", {"n": "9" * 400, "limit": 5}, "is not an integer"),
        ("bulgarian_trajectory", {"n": "60", "position": "1^99999999999"}, "more than n = 60"),
        ("lifting_summary", {"rule": "fancy"}, "unknown rule 'fancy': choose from paper, band"),
        ("verify_bulgarian_cycles", {"n": "3", "starts": "[1,"}, "a JSON list"),
        ("verify_bulgarian_cycles", {"n": "3", "starts": "{}"}, "a JSON list"),
    ],
)
def test_ill_typed_or_missing_params_are_refused_with_the_reason(
    name: str, raw: dict[str, Any], message: str
) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        convert_params(ALL_QUERIES[name], raw)


def test_bulgarian_positions_need_not_be_separated() -> None:
    params = convert_params(get_query("bulgarian_trajectory"), {"n": "10", "position": "4 3 2 1"})
    assert params["position"] == "4,3,2,1"


def test_an_unknown_query_name_suggests_close_ones() -> None:
    with pytest.raises(InputError, match="did you mean floridian_turns_to_core"):
        get_query("floridian_turns_to_cor")


# --------------------------------------------------------------------------- the graph check


@dataclass
class GraphsFake(CollectingQueryRunner):
    """The recording fake, answering the catalog's :Graph look-ups from `graphs` (by id)."""

    graphs: dict[str, dict[str, Any]] = field(default_factory=dict)

    def run(self, query: str, params: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        rows = super().run(query, params)
        if query.strip() == ALL_QUERIES["graph_get"].cypher:
            found = self.graphs.get((params or {})["id"])
            return [{"graph": found}] if found else []
        if query.strip() == ALL_QUERIES["graphs_all"].cypher:
            return [{"graph": graph} for graph in self.graphs.values()]
        return rows


def _record(game: Game, status: str = "complete") -> dict[str, Any]:
    """A :Graph record as the loader writes it."""
    return game.record() | {"id": game.id, "status": status, "engine": game.engine_version()}


def _fake(*records: dict[str, Any]) -> GraphsFake:
    return GraphsFake(graphs={record["id"]: record for record in records})


Floridian, Bulgarian, Lifting = (get_game(n) for n in ("floridian", "bulgarian", "lifting"))
FLORIDIAN_24 = _record(Floridian.create(n=24))


def test_a_query_runs_with_the_converted_params_once_its_graph_is_complete() -> None:
    fake = _fake(FLORIDIAN_24)
    query = get_query("floridian_moves")
    fake.set_result(query.cypher, [{"omega_position": "8,4,4,2,2,2,2", "next_position": "x"}])
    result = run_named(fake, "floridian_moves", {"n": "24", "position": "2^3 5^2 8"})
    assert fake.reads[-2].query == query.cypher
    assert fake.reads[-2].params == {"n": 24, "position": "8,5,5,2,2,2"}
    # then the graph's record once more: the answer is the graph's only if it did not change
    assert fake.reads[-1].query.strip() == ALL_QUERIES["graph_get"].cypher
    assert result.columns == ("omega_position", "next_position")
    assert result.rows == [{"omega_position": "8,4,4,2,2,2,2", "next_position": "x"}]


def test_a_query_on_a_graph_not_loaded_names_the_load_command() -> None:
    fake = _fake()
    with pytest.raises(GraphNotLoadedError) as caught:
        run_named(fake, "floridian_outcomes", {"n": "25"})
    assert caught.value.command == "gamegraph load --games floridian --n 25"
    assert "G_25, H_25 is not loaded" in str(caught.value)
    assert all(q.query.strip() != get_query("floridian_outcomes").cypher for q in fake.reads)


def test_a_partly_loaded_graph_is_refused() -> None:
    fake = _fake(_record(Bulgarian.create(n=10), status="loading"))
    with pytest.raises(
        GraphNotLoadedError,
        match=r"is incomplete \(an interrupted load\), only partly stored.*--games bulgarian",
    ):
        run_named(fake, "bulgarian_cycles", {"n": "10"})


def test_a_drop_whose_process_was_killed_is_called_an_interrupted_drop() -> None:
    gone = f"{socket.gethostname()}:{_dead_pid()}:cafe"  # `drop` killed (SIGKILL) mid-way
    dropping = _record(Bulgarian.create(n=10), status="dropping")
    record = GraphRecord.from_node(dropping | {"lease_owner": gone, "lease_running": True})
    assert record.state() is GraphState.INCOMPLETE
    assert record.describe_state() == "incomplete (an interrupted drop)"
    fake = _fake(dropping | {"lease_owner": gone, "lease_running": True})
    with pytest.raises(
        GraphNotLoadedError, match=r"is incomplete \(an interrupted drop\), only partly stored"
    ):
        run_named(fake, "bulgarian_cycles", {"n": "10"})


def _dead_pid() -> int:
    pid = 2**22 - 1  # above Linux's default pid_max, so no process has it
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        pid -= 1


def test_a_load_in_progress_and_an_interrupted_load_are_told_apart() -> None:
    here = f"{socket.gethostname()}:{os.getpid()}:cafe"
    gone = f"{socket.gethostname()}:{_dead_pid()}:cafe"
    loading = _record(Bulgarian.create(n=10), status="loading")
    live = GraphRecord.from_node(loading | {"lease_owner": here, "lease_running": True})
    died = GraphRecord.from_node(loading | {"lease_owner": gone, "lease_running": True})
    expired = GraphRecord.from_node(loading | {"lease_owner": here, "lease_running": False})
    assert live.state() is GraphState.LOADING
    assert died.state() is GraphState.INCOMPLETE  # its process died holding the lease
    assert expired.state() is GraphState.INCOMPLETE
    fake = _fake(loading | {"lease_owner": here, "lease_running": True})
    with pytest.raises(GraphNotLoadedError, match=rf"still being loaded by process {os.getpid()}"):
        run_named(fake, "bulgarian_cycles", {"n": "10"})


def test_win_loss_queries_refuse_a_restricted_load_but_core_queries_run() -> None:
    fake = _fake(_record(Floridian.create(n=24, restricted=True)))
    with pytest.raises(GraphNotLoadedError, match="restricted"):
        run_named(fake, "floridian_losing", {"n": "24"})
    assert all(q.query.strip() != get_query("floridian_losing").cypher for q in fake.reads)
    result = run_named(fake, "floridian_core_components", {"n": "24"})
    assert (fake.reads[-2].query, fake.reads[-2].params) == (
        get_query("floridian_core_components").cypher,
        {"n": 24},
    )
    assert result.graph is not None and result.graph.id == "floridian:24"


def test_lifting_queries_need_q_of_the_rule_covering_n() -> None:
    fake = _fake(_record(Lifting.create(n=40, rule="paper")))
    result = run_named(fake, "lifting_cycles", {"rule": "paper", "n": "24"})
    assert (fake.reads[-2].query, fake.reads[-2].params) == (
        get_query("lifting_cycles").cypher,
        {"rule": "paper", "n": 24},
    )
    assert result.graph is not None and result.graph.n == 40
    with pytest.raises(
        GraphNotLoadedError, match=r"not n = 44: run `gamegraph load --games lifting --n 60`"
    ):
        run_named(fake, "lifting_cycles", {"rule": "paper", "n": "44"})
    with pytest.raises(GraphNotLoadedError, match=r"--games lifting --n 60 --rule band"):
        run_named(fake, "lifting_summary", {"rule": "band"})


def test_a_graph_built_by_another_engine_version_is_stale_but_still_answers() -> None:
    old = FLORIDIAN_24 | {"engine": "0.0.1+old"}
    fake = _fake(old)
    result = run_named(fake, "floridian_core_components", {"n": "24"})
    assert fake.reads[-2].query == get_query("floridian_core_components").cypher
    assert result.graph is not None and result.graph.state() is GraphState.STALE


def test_what_is_loaded_needs_no_graph() -> None:
    fake = _fake()
    run_named(fake, "graphs_loaded")
    assert fake.reads[-1].query == get_query("graphs_loaded").cypher


# --------------------------------------------------------------------------- output

RESULT = QueryResult(
    get_query("floridian_turn_path_h"),
    {},
    ("position", "turns", "positions", "reached"),
    [
        {"position": "24", "turns": 2, "positions": ["24", "22,2", "21,3"], "reached": True},
        {"position": "1 2", "turns": None, "positions": [], "reached": False},
    ],
)


def test_json_output_is_the_rows_exactly() -> None:
    assert json.loads(to_json(RESULT)) == RESULT.rows


def test_csv_output_has_a_header_and_lists_as_json() -> None:
    assert to_csv(RESULT).splitlines() == [
        "position,turns,positions,reached",
        '24,2,"[""24"", ""22,2"", ""21,3""]",true',
        "1 2,,[],false",
    ]


def test_table_output_aligns_columns_and_counts_rows() -> None:
    lines = to_table(RESULT).splitlines()
    assert lines[0].split() == ["position", "turns", "positions", "reached"]
    assert lines[2].split() == ["24", "2", "24", "|", "22,2", "|", "21,3", "true"]
    assert lines[3].split() == ["1", "2", "-", "false"]
    assert lines[-1] == "(2 rows)"


def test_table_output_shows_graph_elements_by_key_and_cuts_long_cells() -> None:
    node_a, node_b = {"key": "8,5,5,2,2,2", "n": 24}, {"key": "7,7,4,4,2", "n": 24}
    result = QueryResult(
        get_query("floridian_core_graph"),
        {},
        ("core", "long"),
        [{"core": [node_a, "TURN", node_b], "long": ["x" * 80, "y" * 80]}],
    )
    line = to_table(result, width=60).splitlines()[2]
    assert line.startswith("8,5,5,2,2,2 -TURN-> 7,7,4,4,2")
    assert line.endswith("…")


# --------------------------------------------------------------------------- the CLI


def test_query_and_verify_are_commands_with_help() -> None:
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    assert commands["query"].help and commands["verify"].help


def test_query_list_shows_every_query_with_its_params() -> None:
    result = cli.invoke(app, ["query", "--list"])
    assert result.exit_code == 0
    for query in QUERIES.values():
        assert query.name in result.output
    assert "floridian_turn_path_g(n:int, position:position, target:position)" in result.output
    assert "verify_" not in result.output


def test_query_list_as_json_has_names_descriptions_and_params() -> None:
    result = cli.invoke(app, ["query", "--list", "--format", "json"])
    listed = {entry["name"]: entry for entry in json.loads(result.output)}
    assert set(listed) == set(user_queries())  # now: other tests may have defined games
    assert listed["bulgarian_reaches"]["params"] == "n:int, position:position, target:position"
    assert listed["bulgarian_cycles"]["scan"]


@pytest.fixture
def no_database(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line may not open a database: what it is asked needs none."""

    def refuse(*_: Any, **__: Any) -> None:
        raise AssertionError("connected to Neo4j where no database was needed")

    monkeypatch.setattr(cli_options, "open_database", refuse)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no_such_query"], "unknown query 'no_such_query'"),
        (["floridian_moves", "--param", "n=24"], "needs --param position=..."),
        (["floridian_moves", "-p", "n=x", "-p", "position=24"], "is not an integer"),
        (["floridian_moves", "-p", "n=24", "-p", "position=3,2,1"], "not of n = 24"),
        (["floridian_moves", "-p", "n=24", "-p", "position=21,2,1"], "not separated"),
        (["floridian_moves", "-p", "n=24", "-p", "position"], "key=value"),
        (["graphs_loaded", "--format", "xml"], "unknown format 'xml'"),
        ([], "name a query"),
    ],
)
@pytest.mark.usefixtures("no_database")
def test_bad_query_requests_exit_2_before_connecting(
    args: list[str], message: str, gamegraph: Cli
) -> None:
    result = gamegraph("query", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and message in result.stderr


def _patch_runner(monkeypatch: pytest.MonkeyPatch, fake: GraphsFake) -> None:
    @contextlib.contextmanager
    def open_fake(*_: Any, **__: Any) -> Iterator[Database]:
        yield Database(fake, Neo4jSettings(None))  # type: ignore[arg-type]

    monkeypatch.setattr(cli_options, "open_database", open_fake)


def test_query_prints_the_rows_as_table_json_or_csv(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _fake(FLORIDIAN_24)
    rows = [{"position": "24", "turns": 7, "path": ["24", "22,2"]}]
    fake.set_result(get_query("floridian_turns_to_core").cypher, rows)
    _patch_runner(monkeypatch, fake)
    args = ["query", "floridian_turns_to_core", "-p", "n=24", "-p", "position=24"]
    table = cli.invoke(app, args)
    assert table.exit_code == 0
    assert table.output.splitlines()[2].split() == ["24", "7", "24", "|", "22,2"]
    as_json = cli.invoke(app, [*args, "--format", "json"])
    assert json.loads(as_json.output) == rows
    as_csv = cli.invoke(app, [*args, "--format", "csv"])
    assert as_csv.output == 'position,turns,path\n24,7,"[""24"", ""22,2""]"\n'


def test_query_on_a_missing_graph_exits_1_naming_the_load_command(
    monkeypatch: pytest.MonkeyPatch, gamegraph: Cli
) -> None:
    _patch_runner(monkeypatch, _fake())
    result = gamegraph("query", "bulgarian_cycles", "--param", "n=12")
    assert result.exit_code == 1
    assert (
        result.stderr
        == "error: B_12 is not loaded: run `gamegraph load --games bulgarian --n 12`\n"
    )


def test_named_query_objects_are_the_registry_type() -> None:
    assert all(isinstance(q, NamedQuery) for q in QUERIES.values())


def test_browser_text_sets_the_given_params_then_runs_the_query() -> None:
    query = get_query("floridian_turns_to_core")
    params = convert_params(query, {"n": "24", "position": "1 23"})
    lines = browser_text(query, params).splitlines()
    assert lines[:3] == [
        ":param n => 24;",
        ":param position => '23,1';",
        "// floridian_turns_to_core",
    ]
    assert "\n".join(lines[3:]) == query.cypher + ";"


def test_browser_text_without_params_uses_the_header_examples() -> None:
    query = get_query("floridian_core_components")
    assert browser_text(query).splitlines()[0] == ":param n => 33;"


@pytest.mark.usefixtures("no_database")
def test_query_cypher_prints_browser_text_without_connecting() -> None:
    args = ["query", "bulgarian_reaches", "-p", "n=10", "-p", "position=3^2 4"]
    result = cli.invoke(app, [*args, "-p", "target=[4,4,2]", "--cypher"])
    assert result.exit_code == 0
    assert result.output.startswith(
        ":param n => 10;\n:param position => '4,3,3';\n:param target => '4,4,2';\n"
    )


@pytest.mark.usefixtures("no_database")
def test_query_takes_n_as_every_command_does(gamegraph: Cli) -> None:
    # `gamegraph query floridian_losing --n 24` said "No such option: --n"
    args = ["query", "bulgarian_reaches", "-p", "position=3^2 4", "-p", "target=[4,4,2]"]
    by_option = cli.invoke(app, [*args, "--n", "10", "--cypher"])
    by_param = cli.invoke(app, [*args, "-p", "n=10", "--cypher"])
    assert by_option.exit_code == by_param.exit_code == 0
    assert by_option.output == by_param.output
    assert by_option.output.startswith(":param n => 10;\n:param position => '4,3,3';")
    for extra, error in (
        (["-p", "n=10", "--n", "10"], "parameter 'n' given twice"),
        (["--n", "ten"], "parameter n='ten' is not an integer"),
    ):
        result = gamegraph(*args, *extra, "--cypher")
        assert result.exit_code == 2 and result.stderr.strip() == f"error: {error}", result.output
    result = gamegraph("query", "graphs_loaded", "--n", "5", "--cypher")
    no_n = "error: graphs_loaded has no parameter 'n'; it takes no parameters"
    assert result.exit_code == 2 and result.stderr.strip() == no_n


def test_a_game_registered_later_rebuilds_the_command_line_but_keeps_cli_options_as_set(
    monkeypatch: pytest.MonkeyPatch, gamegraph: Cli
) -> None:
    """The command line is rebuilt when a game is registered (its options come from the
    games), but cli.options is not reloaded: a reload put back the real open_database under a
    test's patch, and that test started the default home's Neo4j."""
    from gamegraph.games.engine.declare import loading_from
    from gamegraph.games.registry import forget

    def grow(position: tuple[int, ...], n: int) -> tuple[int, ...]:
        return position

    gamegraph("games")  # the command line is up to date with the registry now
    monkeypatch.setattr(cli_options, "open_database", _refuse_to_connect)
    with loading_from("file later.py"):
        gg.solitaire(name="test-registered-later")(grow)
    try:
        result = gamegraph("query", "bulgarian_cycles", "--param", "n=12")
        assert "test-registered-later" in gamegraph("load", "--help").stdout
    finally:
        forget("file later.py")
    assert result.exit_code == 1 and result.stderr == "error: the test refused to connect\n"


def _refuse_to_connect(*_: Any, **__: Any) -> None:
    raise DatabaseError("the test refused to connect")


def test_query_list_names_each_file_by_its_package_or_its_game_never_a_path() -> None:
    """Before, Janetzko's own file was listed by the path it was imported from (absolute on
    a clone installed so), first of all."""
    from gamegraph.db.queries import user_queries

    sources = {q.source for q in user_queries().values()}
    assert "janetzko (janetzko.cypher)" in sources
    for source in sources:
        assert re.fullmatch(r"[a-z_]+/[a-z_]+\.cypher|[a-z0-9-]+ \([a-z_.]+\)", source), source


def test_a_bad_n_beside_a_position_is_not_blamed_on_the_position() -> None:
    """Before: "parameter position: n must be >= 1, not -3"."""
    with pytest.raises(InputError) as error:
        convert_params(ALL_QUERIES["bulgarian_trajectory"], {"n": "-3", "position": "1,1"})
    assert str(error.value) == "n must be >= 1, not -3"
