"""Render a query's rows for people (table) and programs (json, csv)."""

from __future__ import annotations

import csv
import io
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamegraph.db.queries import QueryResult

__all__ = ["CELL_WIDTH", "to_csv", "to_json", "to_table"]

CELL_WIDTH = 100
"""Table cells are cut to this many characters (json and csv are never cut)."""


def to_json(result: QueryResult) -> str:
    """The rows as a JSON array of objects, values exactly as Neo4j returned them."""
    return json.dumps(result.rows, indent=2, ensure_ascii=False)


def to_csv(result: QueryResult) -> str:
    """The rows as CSV with a header; lists and maps are JSON text, null is empty."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(result.columns)
    for row in result.rows:
        writer.writerow([_csv_cell(row[c]) for c in result.columns])
    return out.getvalue()


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def to_table(result: QueryResult, width: int = CELL_WIDTH) -> str:
    """An aligned text table for people: lists joined with ' | ', graph elements by key,
    long cells cut (see :data:`CELL_WIDTH`)."""
    if not result.rows:
        return "(no rows)"
    cells = [[_cut(_text(row[c]), width) for c in result.columns] for row in result.rows]
    numeric = [
        all(isinstance(row[c], int | float) or row[c] is None for row in result.rows)
        for c in result.columns
    ]
    widths = [
        max(len(col), *(len(line[i]) for line in cells)) for i, col in enumerate(result.columns)
    ]

    def line(values: list[str]) -> str:
        return "  ".join(
            v.rjust(w) if num else v.ljust(w)
            for v, w, num in zip(values, widths, numeric, strict=True)
        ).rstrip()

    lines = [line(list(result.columns)), line(["-" * w for w in widths])]
    lines += [line(values) for values in cells]
    count = len(result.rows)
    lines.append(f"({count} row{'s' if count != 1 else ''})")
    return "\n".join(lines)


def _text(value: Any, nested: bool = False) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        # a node as the driver returns it: show its position (or id)
        for name in ("key", "id"):
            if name in value:
                return str(value[name])
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        if _is_path(value):
            return "".join(
                _text(v, True) if i % 2 == 0 else f" -{v}-> " for i, v in enumerate(value)
            )
        inner = [_text(v, True) for v in value]
        return f"({' ; '.join(inner)})" if nested else " | ".join(inner)
    return str(value)


def _is_path(value: list[Any]) -> bool:
    """A path or relationship as ``record.data()`` gives it: node, type, node, ..."""
    return (
        len(value) >= 3
        and len(value) % 2 == 1
        and all(isinstance(v, dict) for v in value[::2])
        and all(isinstance(v, str) for v in value[1::2])
    )


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
