"""The parameters a named query's header gives as examples: its ``// example: :param name =>
value`` lines, the Neo4j Browser commands a user pastes before the query."""

from __future__ import annotations

import re
from typing import Any

from gamegraph.db.query_files import NamedQuery

__all__ = ["example_params"]

_EXAMPLE = re.compile(r"^:param\s+(\w+)\s*=>\s*(.+)$")


def _literal(text: str) -> Any:
    text = text.strip().rstrip(";")
    if text[:1] in "'\"":
        return text[1:-1]
    if text in ("true", "false"):
        return text == "true"
    if text.startswith("["):
        return [_literal(part) for part in text[1:-1].split(",")] if text != "[]" else []
    return float(text) if "." in text else int(text)


def example_params(query: NamedQuery) -> dict[str, Any]:
    """The example's values by parameter name (Cypher literals read as Python values)."""
    params = {}
    for example in query.examples:
        match = _EXAMPLE.match(example)
        assert match, example
        params[match.group(1)] = _literal(match.group(2))
    return params
