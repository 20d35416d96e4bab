"""The architecture holds: every module imports only from its own layer or the layers below
it (README, "Repository layout"), no layer above the games names a game, and no module is
over 500 lines (issue 28: a module that grows past that does more than one job)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

import gamegraph
from gamegraph.games import all_games

ROOT = Path(gamegraph.__file__).parent

LAYERS: list[tuple[str, ...]] = [
    ("gamegraph.errors", "gamegraph.progress", "gamegraph.lazy", "gamegraph.version"),
    ("gamegraph.core",),
    ("gamegraph.memory",),
    ("gamegraph.cluster",),
    ("gamegraph.games", "gamegraph.server"),
    ("gamegraph.define",),
    ("gamegraph.db",),
    ("gamegraph.loader", "gamegraph.verify"),
    ("gamegraph.reporting",),
    ("gamegraph.api",),
    ("gamegraph.questions",),
    ("gamegraph.cli",),
    ("gamegraph.__main__", "gamegraph"),
]
"""Bottom to top. Rooms of one layer do not import each other (games and server are
independent; so are the loader and verify). define is the public face of the definitions,
which the games' engine checks and builds."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _room(module: str) -> tuple[int, str]:
    best: tuple[int, str] | None = None
    for level, rooms in enumerate(LAYERS):
        for room in rooms:
            inside = module == room or module.startswith(room + ".")
            if inside and (best is None or len(room) > len(best[1])):
                best = (level, room)
    assert best is not None, f"{module} belongs to no layer: add it to LAYERS and the README"
    return best


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names]
    return [name for name in found if name == "gamegraph" or name.startswith("gamegraph.")]


SOURCES = sorted(ROOT.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_a_higher_layer_or_a_sibling_room(path: Path) -> None:
    module = _module_name(path)
    level, room = _room(module)
    for imported in _imports(path):
        if imported == "gamegraph" and module != "gamegraph":
            continue  # `import gamegraph.x` spelled as a package import
        other_level, other_room = _room(imported)
        assert other_level <= level, f"{module} ({room}) imports {imported} ({other_room})"
        if other_level == level and level < len(LAYERS) - 1:
            assert other_room == room, f"{module} ({room}) imports its sibling {imported}"


def _graph() -> nx.DiGraph:
    """Every import between gamegraph's modules, at any level (type checking and inside
    functions too), each to the module it names (a name of a module is its module); a module
    taking a name from its own package's ``__init__`` draws no arrow."""
    modules = {_module_name(path): path for path in SOURCES}
    graph = nx.DiGraph()
    for module, path in modules.items():
        for imported in _imports(path):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != module and not module.startswith(imported + "."):
                graph.add_edge(module, imported)
    return graph


def test_no_module_imports_one_that_imports_it_back() -> None:
    circles = [sorted(c) for c in nx.strongly_connected_components(_graph()) if len(c) > 1]
    assert not circles, f"import circles: {circles}"


def test_no_module_is_over_500_lines() -> None:
    sizes = {str(p.relative_to(ROOT)): len(p.read_text("utf-8").splitlines()) for p in SOURCES}
    assert {name: size for name, size in sizes.items() if size > 500} == {}


def test_the_readme_states_the_layer_order() -> None:
    readme = (ROOT.parent / "README.md").read_text("utf-8")
    for rooms in LAYERS[:-1]:
        for room in rooms:
            assert room.removeprefix("gamegraph.") in readme


GAME_NAMES = "|".join(re.escape(game.name) for game in all_games())
LITERAL = re.compile(rf"[\"']({GAME_NAMES})[\"']")


@pytest.mark.parametrize(
    "path",
    [p for p in SOURCES if "games" not in p.relative_to(ROOT).parts],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_layer_above_the_games_names_a_game_in_a_string_literal(path: Path) -> None:
    text = path.read_text("utf-8")
    assert not LITERAL.search(text), f"{path} names a game: ask the registry instead"


def test_test_modules_have_unique_names_across_unit_and_integration() -> None:
    tests = ROOT.parent / "tests"
    names = [path.name for path in tests.rglob("*.py") if path.name != "conftest.py"]
    repeated = sorted({name for name in names if names.count(name) > 1})
    assert not repeated, f"pytest cannot collect two modules named {repeated}"
