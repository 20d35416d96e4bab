"""No Cypher is built by pasting user text (issue 33, item 6; STYLE.md rule 3).

Values reach Cypher only as ``$parameters``. Two places write Cypher from names: the loader's
node statement (the model's labels and columns, each checked as an identifier when the model
is made) and a defined game's files (its label, move type, query prefix and parameter names,
from a name the definition checks). The scan below finds every Cypher text of the package
that is formatted, concatenated or filled in, and allows exactly those two; the tests after it
show that what they paste is an identifier, and that a title (free text, written into a
comment) cannot start a statement of its own.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import gamegraph as gg
from gamegraph.db.fingerprints import readback_type_statement
from gamegraph.errors import InputError
from gamegraph.games import all_games, get_game
from gamegraph.games.base import label_of, move_of
from gamegraph.games.engine.cypher import prefix_of, texts
from gamegraph.games.model import NodeTable

ROOT = Path(gg.__file__).parent
CLAUSE = re.compile(r"\b(MATCH|MERGE|CREATE|UNWIND|DETACH DELETE|REMOVE|LOAD CSV)\b")
"""A text that holds one of these clauses, and brackets or a $parameter, is Cypher."""

ALLOWED = {
    ("loader/writer.py", "create_nodes_statement"): "the model's checked identifiers",
    ("db/fingerprints.py", "readback_type_statement"): "a checked relationship type",
}
"""Functions that format Cypher, each with what it pastes (shown below to be identifiers)."""


def _is_cypher(text: str) -> bool:
    return bool(CLAUSE.search(text)) and bool(re.search(r"[()$]", text))


def _literal_parts(node: ast.AST) -> str:
    return " ".join(
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    )


def _formatted(node: ast.AST) -> bool:
    """A string made at run time: an f-string, ``+`` or ``%`` of strings, ``.format``."""
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.FormattedValue) for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return True
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in {"format", "replace", "join", "format_map"}
    )


def _built_cypher() -> list[tuple[str, str, int]]:
    """``(module, function, line)`` of every Cypher text formatted in the package."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for function in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            for node in ast.walk(function):
                if _formatted(node) and _is_cypher(_literal_parts(node)):
                    found.append((str(path.relative_to(ROOT)), function.name, node.lineno))
    return sorted(set(found))


def test_the_scan_finds_a_pasted_query() -> None:
    """The scan itself: it flags an f-string query and a formatted argument of run()."""
    source = (
        "def bad(runner, name):\n"
        "    runner.run(f'MATCH (p {{name: \"{name}\"}}) RETURN p')\n"
        "def also_bad(tx, label):\n"
        "    tx.run('MATCH (p:' + label + ') RETURN p')\n"
    )
    tree = ast.parse(source)
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    flagged = {
        f.name
        for f in functions
        for node in ast.walk(f)
        if _formatted(node) and _is_cypher(_literal_parts(node))
    }
    assert flagged == {"bad", "also_bad"}


def test_cypher_is_formatted_only_where_it_pastes_identifiers() -> None:
    places = _built_cypher()
    unexpected = [p for p in places if (p[0], p[1]) not in ALLOWED]
    assert unexpected == [], "Cypher built from text: pass values as $parameters"
    assert {(m, f) for m, f, _ in places} == set(ALLOWED)  # the allowance is still needed


IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def test_the_model_refuses_a_label_or_column_that_is_no_identifier() -> None:
    for bad in ("Bad Label", "x`) DETACH DELETE (n", "a-b", ""):
        with pytest.raises(ValueError, match="not a valid label"):
            NodeTable(label=bad, columns={"n": [1]})
        with pytest.raises(ValueError, match="not a valid"):
            NodeTable(label="Good", columns={bad: [1]})


def test_a_read_back_of_a_type_pastes_only_a_type_name() -> None:
    for inside_only in (False, True):
        text = readback_type_statement("BULGARIAN_MOVE", inside_only=inside_only)
        assert text.startswith("MATCH (p)-[r:BULGARIAN_MOVE]->(q)\n")
        assert text.count("BULGARIAN_MOVE") == 1
    for bad in ("TURN]->() DETACH DELETE (n", "A B", "a-b", ""):
        with pytest.raises(ValueError, match="not a valid"):
            readback_type_statement(bad, inside_only=True)


@pytest.mark.parametrize("game", [g for g in all_games() if hasattr(g, "definition")])
def test_what_a_defined_games_cypher_pastes_is_an_identifier(game: type) -> None:
    for pasted in (label_of(game.name), move_of(game.name), prefix_of(game.name)):
        assert IDENTIFIER.match(pasted), pasted
    for param in game.params:
        assert IDENTIFIER.match(param.name), param.name


def test_defined_names_that_are_no_identifiers_are_refused() -> None:
    def move(position: tuple[int, ...], n: int) -> tuple[int, ...]:
        return position

    for name in ("Bad", "a b", "x`)-[:R]->(y", "a--b", "é"):
        with pytest.raises(InputError, match="name"):
            gg.solitaire(name=name)(move)


def test_a_title_cannot_start_a_statement() -> None:
    """A title is free text; it lands in comment lines only, on one line."""

    def move(position: tuple[int, ...], n: int) -> tuple[int, ...]:
        return position

    title = "Mine\nMATCH (x) DETACH DELETE x\n// "
    gg.solitaire(name="test-cypher-title", title=title)(move)
    game = get_game("test-cypher-title")
    for _, text, _ in texts(game):  # type: ignore[arg-type]
        for line in text.splitlines():
            assert not line.startswith("MATCH (x) DETACH DELETE x"), line
