"""docs/core.md runs and keeps up with the core: its examples are doctests (no database), and
every public name of gamegraph.core.spaces and gamegraph.core.graphs is documented there, so
the page cannot fall behind the packages; the examples in the package's own docstrings run
too."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

import gamegraph
from gamegraph.core import graphs, spaces

ROOT = Path(__file__).parents[2]
CORE_DOC = ROOT / "docs" / "core.md"
PACKAGE = Path(gamegraph.__file__).parent


def test_the_examples_of_docs_core_md_run() -> None:
    failures, tried = doctest.testfile(
        str(CORE_DOC), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert failures == 0
    assert tried >= 50


@pytest.mark.parametrize("module", [spaces, graphs], ids=lambda m: m.__name__)
def test_every_public_name_of_the_core_is_documented(module: object) -> None:
    text = CORE_DOC.read_text()
    names: list[str] = module.__all__  # type: ignore[attr-defined]
    undocumented = [
        name
        for name in names
        if not re.search(r"`[^`\n]*\b" + re.escape(name) + r"\b[^`\n]*`", text)
    ]
    assert undocumented == []


def _modules_with_examples() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "__pycache__" not in path.parts and "\n    >>> " in path.read_text():
            parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def test_the_core_graphs_docstring_has_examples() -> None:
    assert "gamegraph.core.graphs" in _modules_with_examples()


@pytest.mark.parametrize("name", _modules_with_examples())
def test_the_examples_in_a_module_s_docstrings_run(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name), verbose=False)
    assert (failures, tried > 0) == (0, True)
