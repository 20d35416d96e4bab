"""The mutation tool's tables (tools/mutation.py) point at code that exists.

TARGETS names modules and the unit tests that cover them; EQUIVALENT names mutants judged
equivalent by (module, line, mutation) and the line's text. Edits above a line move it, so the
tool matches an entry by its text wherever that text is the module's only line of it, and by
line too where the text repeats. These tests keep both tables true to the sources: a stale
entry would let a known-equivalent mutant count as a survivor again, or (worse) never fire.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).parents[2]
TOOL = ROOT / "tools" / "mutation.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutation"] = module  # the dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


mutation = _tool()
PACKAGE = ROOT / "gamegraph"


def _lines(module: str) -> list[str]:
    return [line.strip() for line in (PACKAGE / module).read_text(encoding="utf-8").splitlines()]


def _kind(what: str) -> tuple[str, int | None]:
    """("2 -> 3", 33) of an entry's "2 -> 3 @33"; (what, None) without a column."""
    kind, _, column = what.partition(" @")
    return kind, int(column) if column else None


def _entries() -> list[tuple[str, int, str, str, str]]:
    return [
        (module, line, what, text, reason)
        for (module, line, what), (text, reason) in mutation.EQUIVALENT.items()
    ]


def test_every_target_module_and_its_tests_exist() -> None:
    for module, tests in mutation.TARGETS.items():
        assert (PACKAGE / module).is_file(), module
        assert tests, module
        for test in tests:
            assert (ROOT / "tests" / "unit" / test).is_file(), (module, test)


def test_every_equivalent_entry_names_a_line_of_its_module() -> None:
    for module, line, what, text, _ in _entries():
        assert module in mutation.TARGETS, module
        lines = _lines(module)
        at = [i for i, candidate in enumerate(lines, 1) if candidate == text]
        assert at, f"{module}:{line} {what}: {text!r} is no line of the module"
        if len(at) > 1:
            assert line in at, f"{module}:{line} {what}: {text!r} is on lines {at} only"


def _judged(module: str, line: int, what: str, text: str, column: int | None) -> str | None:
    """What the tool says of a mutant ``what`` of ``text`` at this line and column."""
    mutant = mutation.Mutant(module, line, 0, 0, "", what, text, column or 0)
    reason: str | None = mutant.equivalent()
    return reason


def test_a_unique_text_matches_at_any_line_a_repeated_one_at_its_own() -> None:
    repeated = 0
    for module, line, what, text, reason in _entries():
        kind, column = _kind(what)
        lines = _lines(module)
        elsewhere = len(lines) + 1000  # a line no entry uses, as if the text had moved there
        assert _judged(module, line, kind, text, column) is not None, (module, line, what)
        moved = _judged(module, elsewhere, kind, text, column)
        if lines.count(text) == 1:
            assert moved == reason, (module, line, what)
        else:
            repeated += 1
            assert moved is None, (module, line, what)
        if column is not None:  # the column is part of the mutation: another one is not it
            assert _judged(module, line, kind, text, column + 1) is None, (module, line, what)
        # another mutation of the same text is not equivalent by this entry
        assert _judged(module, line, "0 -> 0", text, column) is None, (module, line, what)
    assert repeated, "no entry on a repeated text: the line-bound branch went untested"


def test_every_equivalent_entry_is_one_the_finder_produces() -> None:
    modules = sorted({module for (module, _, _) in mutation.EQUIVALENT})
    found = {module: mutation.mutants_of(module) for module in modules}
    for module, line, what, text, _ in _entries():
        kind, column = _kind(what)
        hits = [
            m
            for m in found[module]
            if m.text == text
            and m.what == kind
            and (column is None or m.column == column)
            and (m.line == line or _lines(module).count(text) == 1)
        ]
        assert hits, f"no mutant {what} of {module}:{line} {text!r}: the entry never fires"
        assert all(m.equivalent() is not None for m in hits), (module, line, what)
