"""The contract every registered game keeps (in the manner of OpenSpiel's and Gymnasium's
checkers): a game that registers is covered here the moment it does, without a database.

Its parameters parse and validate, its graph id round-trips, its estimate is instant for
any n, its example builds, answers `stats` with exactly its declared keys and turns into
tables whose every label has a uniqueness constraint in its schema, its Cypher files parse
and name it, its Python API and `stats` command work, and its code imports nothing above
the games layer.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import re
import subprocess
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from cli_support import CliResult

import gamegraph as gg
from gamegraph.db.query_files import named_queries, parse_queries
from gamegraph.errors import GamegraphError, InputError, TooLargeError
from gamegraph.games import Game, all_games, get_game, parse_graph_id
from gamegraph.games.checks import Check
from gamegraph.games.model import GraphTables

GAMES = all_games()
Cli = Callable[..., CliResult]


def _is_defined(game: type[Game]) -> bool:
    """A game defined by its move (gamegraph.define): its Cypher is written, not shipped."""
    return hasattr(game, "definition")


def _query_texts(game: type[Game], *, internal: bool) -> list[tuple[str, str]]:
    """(source, text) of a game's Cypher files, shipped or written."""
    if _is_defined(game):
        return [(src, text) for src, text, inner in game.generated_queries() if inner == internal]
    package = resources.files(game.__module__)
    files = game.internal_query_files if internal else game.query_files
    return [(name, package.joinpath(name).read_text("utf-8")) for name in files]


def _source_prefix(game: type[Game]) -> str:
    return game.name if _is_defined(game) else game.__module__.rsplit(".")[-1]


def _example(game: type[Game]) -> Game:
    assert game.example, f"{game.name} declares no example"
    return game.create(**game.example)


_BUILT: dict[str, Any] = {}


def _built(game: type[Game]) -> Any:
    if game.name not in _BUILT:
        _BUILT[game.name] = _example(game).build()
    return _BUILT[game.name]


def test_the_registry_holds_the_games_of_the_mission() -> None:
    names = {game.name for game in GAMES}
    assert {"bulgarian", "floridian", "lifting"} <= names
    assert len(names) == len(GAMES)
    assert [g.name for g in GAMES if g.loaded_by_default] == ["bulgarian", "floridian", "lifting"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_declarations_are_complete(game: type[Game]) -> None:
    assert re.fullmatch(r"[a-z][a-z0-9-]*", game.name)
    assert game.title and len(game.description) > 20
    names = [p.name for p in game.params]
    assert "n" in names and len(names) == len(set(names))
    fields = tuple(field.name for field in dataclasses.fields(game))
    assert fields == tuple(names), "fields must be the params, in order"
    for param in game.params:
        assert param.help.endswith("."), f"{game.name} {param.name}: help is a sentence"
        if param.kind == "choice":
            assert param.choices and (param.required or param.default in param.choices)
    assert game.stats_keys and len(set(game.stats_keys)) == len(game.stats_keys)
    assert _query_texts(game, internal=False)
    internal = " ".join(text for _, text in _query_texts(game, internal=True))
    assert "// name: schema_" in internal and "// name: verify_" in internal
    assert get_game(game.name) is game


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_graph_id_is_formatted_and_parsed_in_one_place_each(game: type[Game]) -> None:
    example = _example(game)
    assert parse_graph_id(example.id) == example
    assert example.id.startswith(f"{game.name}:") and example.id.endswith(f":{example.n}")
    for bad in (f"{game.name}:", f"{game.name}:x", f"{game.name}:1:2:3:4:5"):
        with pytest.raises(InputError):
            parse_graph_id(bad)
    assert game.from_record(example.record()) == example


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_parameters_are_validated_once_at_the_edge(game: type[Game]) -> None:
    for bad_n in (0, -5):
        with pytest.raises(InputError):
            game.create(**(game.example | {"n": bad_n}))
    with pytest.raises(InputError):
        game.create(**(game.example | {"n": "ten"}))
    with pytest.raises(InputError):
        game.create(**game.example, no_such_parameter=1)
    for param in game.params:
        if param.kind == "choice":
            with pytest.raises(InputError, match="unknown"):
                game.create(**(game.example | {param.name: "no-such-choice"}))
    texts = {
        p.name: p.format(v)
        for p, v in zip(game.params, _example(game).values().values(), strict=True)
    }
    assert game.from_text(texts) == _example(game)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("n", [500, 10_000, 10**6])
def test_a_huge_n_is_estimated_without_building_and_refused(game: type[Game], n: int) -> None:
    try:
        huge = game.create(**(game.example | {"n": n}))
    except InputError:
        return  # refused by its parameters' range, which is a fine answer too
    estimate = huge.estimate()  # benchmarks/cli_start.py times it; here only its answer
    assert estimate.nodes >= 0 and estimate.bytes > 0
    if estimate.bytes > 2**36:
        with pytest.raises(TooLargeError, match="would need"):
            huge.check_size()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_example_answers_stats_with_exactly_its_declared_keys(game: type[Game]) -> None:
    stats = _example(game).stats(_built(game))
    assert list(stats) == [key for key in game.stats_keys if key in stats]
    json.dumps(stats)  # JSON-ready
    summary = _example(game).summary(_built(game))
    assert set(stats) <= set(summary)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_example_becomes_tables_whose_labels_the_schema_constrains(game: type[Game]) -> None:
    tables: GraphTables = _example(game).tables(_built(game))
    assert tables.game == _example(game)
    schema = " ".join(
        q.cypher
        for q in named_queries().values()
        if q.name.startswith("schema_") and q.source.startswith(_source_prefix(game))
    )
    sizes = {table.label: len(table) for table in tables.nodes}
    for table in tables.nodes:
        assert {"n", "key"} <= set(table.columns), f"{table.label} needs n and key columns"
        assert re.search(rf"FOR \(\w+:{table.label}\) REQUIRE \([^)]*key[^)]*\) IS UNIQUE", schema)
        keys = table.column("key")
        assert len(set(keys)) == len(keys), f"{table.label} keys repeat"
    for rel in tables.rels:
        assert rel.source in sizes and rel.target in sizes
        if len(rel):
            assert int(rel.start.min()) >= 0 and int(rel.start.max()) < sizes[rel.source]
            assert int(rel.end.min()) >= 0 and int(rel.end.max()) < sizes[rel.target]
        for values in rel.properties.values():
            assert len(values) == len(rel)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_query_files_parse_and_require_this_game(game: type[Game]) -> None:
    queries = [
        query
        for filename, text in _query_texts(game, internal=False)
        for query in parse_queries(text, filename)
    ]
    assert len(queries) >= 3, f"{game.name}: at least three named queries for users"
    for query in queries:
        if query.params:
            assert query.examples, f"{query.name} has no :param examples"
            assert query.requires == game.name, f"{query.name} must require {game.name}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_verify_of_a_graph_that_reads_nothing_reports_problems(game: type[Game]) -> None:
    """A verify that finds no positions in Neo4j must say so (no check may pass vacuously)."""

    def empty_reader(name: str, params: object) -> list[dict[str, Any]]:
        assert name in named_queries(), f"{game.name} verify runs unknown query {name}"
        return []

    try:
        checks = _example(game).verify(_built(game), empty_reader, {}, lambda message: None)
    except GamegraphError as e:  # an aggregate that answered nothing: one clear line
        assert "\n" not in str(e)
        return
    assert checks and all(isinstance(c, Check) for c in checks)
    assert not all(c.ok for c in checks)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_python_api_builds_the_example(game: type[Game]) -> None:
    factory = getattr(gg, game.name.replace("-", "_"))
    assert factory.game is game
    built = factory(**game.example)
    assert _example(game).stats(built) == _example(game).stats(_built(game))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_stats_command_prints_the_example_as_json(game: type[Game], gamegraph: Cli) -> None:
    example = _example(game)
    args = ["stats", game.name]
    for param, value in zip(game.params, example.values().values(), strict=True):
        if param.kind == "flag":
            if value:
                args.append(param.cli_option)
        else:
            args += [param.cli_option, param.format(value)]
    result = gamegraph(*args, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(json.dumps(example.stats(_built(game))))


GAMES_DIR = Path(gg.__file__).parent / "games"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_game_module_is_light_and_imports_nothing_above_the_games_layer(
    game: type[Game],
) -> None:
    if _is_defined(game):  # its definition's module, and the definition API it uses
        definition = game.definition  # type: ignore[attr-defined]
        module = sys.modules[definition.fn.__module__]
        for path in [Path(module.__file__ or ""), *(GAMES_DIR.parent / "define").glob("*.py")]:
            _imports_nothing_above_the_games_layer(path)
        return
    folder = GAMES_DIR / game.__module__.rsplit(".")[-1]
    for path in folder.rglob("*.py"):
        _imports_nothing_above_the_games_layer(path)
    init = ast.parse((folder / "__init__.py").read_text("utf-8"))
    top = [n for n in init.body if isinstance(n, ast.Import | ast.ImportFrom)]
    heavy = ("numpy", "numba", "scipy", "networkx")
    for node in top:
        module_name = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
        assert not (module_name or "").startswith(heavy), (
            f"{folder}/__init__.py imports {module_name}"
        )
        assert not (module_name or "").endswith("._kernels"), module_name
    # and nothing it imports loads numpy either (the engine's modules do, on first build)
    code = f"import sys, {game.__module__}; print('numpy' in sys.modules)"
    light = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert light.stdout.strip() == "False", light.stderr


def _imports_nothing_above_the_games_layer(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.startswith(
                ("gamegraph.db", "gamegraph.loader", "gamegraph.cli", "gamegraph.verify")
            ), f"{path} imports {node.module}"
            assert not node.module.startswith(("neo4j", "typer"))
