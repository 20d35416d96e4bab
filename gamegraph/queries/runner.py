"""Run the named queries shipped in ``gamegraph/queries/*.cypher`` (see :mod:`.registry`).

:func:`run_named` is what `gamegraph query` calls: it finds the query, converts the
parameters from text by their declared types (a ``partition`` in any notation of SPEC.md §1
becomes the canonical key the graph stores), checks that the graph the query ``requires`` is
loaded and complete, runs it through a `QueryRunner` and returns a :class:`QueryResult`.
:func:`to_table`, :func:`to_csv` and :func:`to_json` render results.
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from gamegraph.db.runner import QueryRunner
from gamegraph.games.lifting_graph import RULES
from gamegraph.games.partitions import (
    Partition,
    PartitionError,
    canonical_key,
    is_separated,
    parse_partition,
)
from gamegraph.loader.writer import GraphRecord, get_graph, list_graphs
from gamegraph.queries.registry import NamedQuery, Param, load_queries

__all__ = [
    "GraphNotLoadedError",
    "QueryInputError",
    "QueryResult",
    "browser_text",
    "check_graph",
    "convert_params",
    "get_query",
    "named_queries",
    "parse_param_args",
    "run_named",
    "to_csv",
    "to_json",
    "to_table",
]


class QueryInputError(ValueError):
    """A request the user can fix: unknown query, missing, unknown or ill-typed parameter,
    a position that is not a (separated) partition of n."""


class GraphNotLoadedError(RuntimeError):
    """The graph a query needs is not loaded, or only partly; ``command`` loads it."""

    def __init__(self, message: str, command: str) -> None:
        super().__init__(f"{message}: run `{command}`")
        self.command = command


@dataclass(frozen=True)
class QueryResult:
    """The rows of one named query, each a dict keyed by the query's RETURN names."""

    query: NamedQuery
    params: dict[str, Any]
    columns: tuple[str, ...]
    rows: list[dict[str, Any]]
    graph: GraphRecord | None = None  #: the graph the query ran on, when it requires one

    def column(self, name: str) -> list[Any]:
        """Every row's value of one column."""
        return [row[name] for row in self.rows]

    def one(self) -> dict[str, Any]:
        """The single row of a one-row answer."""
        if len(self.rows) != 1:
            raise ValueError(f"{self.query.name} returned {len(self.rows)} rows, expected 1")
        return self.rows[0]


@cache
def named_queries() -> dict[str, NamedQuery]:
    """Every shipped named query, by name."""
    return load_queries("gamegraph.queries")


def get_query(name: str) -> NamedQuery:
    queries = named_queries()
    if name in queries:
        return queries[name]
    close = difflib.get_close_matches(name, queries, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise QueryInputError(f"unknown query {name!r}{hint} (`gamegraph query --list` shows them all)")


def parse_param_args(items: Sequence[str]) -> dict[str, str]:
    """``["n=24", "position=1 3^2 5"]`` → ``{"n": "24", "position": "1 3^2 5"}``."""
    params: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise QueryInputError(f"bad --param {item!r}: write it as key=value, e.g. n=24")
        if key in params:
            raise QueryInputError(f"parameter {key!r} given twice")
        params[key] = value.strip()
    return params


# --------------------------------------------------------------------------- parameters

_TRUE = ("true", "yes", "1", "on")
_FALSE = ("false", "no", "0", "off")
_GAME_NAMES = {"bulgarian": "B_n", "floridian": "G_n", "lifting": "Q"}


def convert_params(query: NamedQuery, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Check and convert parameters (text from the command line, or Python values) to what
    the query's Cypher expects, by the types its header declares."""
    declared = {p.name: p for p in query.params}
    unknown = sorted(set(raw) - set(declared))
    if unknown:
        raise QueryInputError(
            f"{query.name} has no parameter {', '.join(map(repr, unknown))}; "
            f"it takes {_signature(query)}"
        )
    missing = [name for name in declared if name not in raw]
    if missing:
        raise QueryInputError(
            f"{query.name} needs {', '.join(f'--param {m}=...' for m in missing)} "
            f"(parameters: {_signature(query)})"
        )
    converted: dict[str, Any] = {}
    # n first: partitions are checked against it
    for param in sorted(query.params, key=lambda p: p.type == "partition"):
        value = raw[param.name]
        if param.type == "partition":
            n = converted.get("n")
            converted[param.name] = _partition(param, value, n, query.requires)
        else:
            converted[param.name] = _scalar(param, value)
    return {p.name: converted[p.name] for p in query.params}


def _signature(query: NamedQuery) -> str:
    return ", ".join(f"{p.name}:{p.type}" for p in query.params) or "no parameters"


def _bad(param: Param, value: Any, expected: str) -> QueryInputError:
    return QueryInputError(f"parameter {param.name}={value!r} is not {expected}")


def _scalar(param: Param, value: Any) -> Any:
    kind = param.type
    if kind == "int":
        if isinstance(value, bool):
            raise _bad(param, value, "an integer")
        if isinstance(value, int):
            return value
        if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d+\s*", value):
            return int(value)
        raise _bad(param, value, "an integer")
    if kind == "float":
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise _bad(param, value, "a number") from None
        if isinstance(value, bool) or not math.isfinite(number):
            raise _bad(param, value, "a finite number")
        return number
    if kind == "bool":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise _bad(param, value, "true or false")
    if kind == "rule":
        if value not in RULES:
            raise _bad(param, value, f"a lifting rule ({', '.join(RULES)})")
        return value
    if kind in ("list", "map"):
        parsed = value
        if isinstance(value, str):
            try:
                parsed = json.loads(value)
            except json.JSONDecodeError:
                raise _bad(param, value, f"a JSON {kind}") from None
        if not isinstance(parsed, list if kind == "list" else dict):
            raise _bad(param, value, f"a JSON {kind}")
        return parsed
    if not isinstance(value, str):
        raise _bad(param, value, "a string")
    return value


def _partition(param: Param, value: Any, n: int | None, game: str | None) -> str:
    """Canonical key of a position given in any notation (or as a tuple of parts)."""
    if isinstance(value, str):
        try:
            parts: Partition = parse_partition(value, n)
        except PartitionError as e:
            raise QueryInputError(f"parameter {param.name}: {e}") from None
    elif isinstance(value, Sequence) and all(
        isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value
    ):
        parts = tuple(sorted(value, reverse=True))
        if not parts or (n is not None and sum(parts) != n):
            raise _bad(param, value, f"a partition of n = {n}")
    else:
        raise _bad(param, value, "a partition such as '5,3,3,1' or '1 3^2 5'")
    if game in ("floridian", "lifting") and not is_separated(parts):
        raise QueryInputError(
            f"parameter {param.name}: {canonical_key(parts)} is not separated (two parts "
            f"differ by 1), so it is no position of G_{sum(parts)}"
        )
    return canonical_key(parts)


# --------------------------------------------------------------------------- the graph

# queries reading the win/loss analysis, which restricted G_n does not store
_FULL_ANALYSIS = re.compile(r":\s*(Losing|ImmediateLoss)\b|\bturns_to_core\b")


def check_graph(
    runner: QueryRunner, query: NamedQuery, params: Mapping[str, Any]
) -> GraphRecord | None:
    """The :Graph record the query runs on; raises GraphNotLoadedError, naming the load
    command, if it is missing, incomplete or (for the win/loss analysis) restricted."""
    game = query.requires
    if game is None:
        return None
    if game == "lifting":
        return _check_lifting(runner, params)
    n = params.get("n")
    if not isinstance(n, int):
        raise QueryInputError(f"{query.name} requires {game} but declares no n:int parameter")
    command = f"gamegraph load --n {n} --games {game}"
    name = f"B_{n}" if game == "bulgarian" else f"G_{n}"
    record = get_graph(runner, f"{game}:{n}")
    if record is None:
        raise GraphNotLoadedError(f"{name} is not loaded", command)
    if not record.complete:
        raise GraphNotLoadedError(
            f"{name} is only partly loaded (status {record.status!r}, an interrupted load)",
            command,
        )
    if record.mode == "restricted" and _FULL_ANALYSIS.search(query.cypher):
        raise GraphNotLoadedError(
            f"{query.name} reads the win/loss analysis, which the restricted G_{n} loaded "
            "does not have; load the full graph",
            command,
        )
    return record


def _check_lifting(runner: QueryRunner, params: Mapping[str, Any]) -> GraphRecord:
    rule = params.get("rule")
    n = params.get("n")
    records = [g for g in list_graphs(runner) if g.game == "lifting" and g.rule == rule]
    wanted = n if isinstance(n, int) else (records[0].n if records else 60)
    command = f"gamegraph load --n {wanted} --games lifting --rules {rule}"
    if not records:
        raise GraphNotLoadedError(f"Q for the {rule} rule is not loaded", command)
    record = records[0]
    if not record.complete:
        raise GraphNotLoadedError(
            f"Q for the {rule} rule is only partly loaded (status {record.status!r})",
            command,
        )
    if isinstance(n, int) and n > record.n:
        raise GraphNotLoadedError(
            f"Q for the {rule} rule is loaded for n <= {record.n}, not n = {n}", command
        )
    return record


# --------------------------------------------------------------------------- running


def run_named(
    runner: QueryRunner, name: str, params: Mapping[str, Any] | None = None
) -> QueryResult:
    """Convert the parameters, check the graph, run the query: the one call behind
    `gamegraph query`."""
    query = get_query(name)
    converted = convert_params(query, params or {})
    graph = check_graph(runner, query, converted)
    rows = [_plain_row(row) for row in runner.run(query.cypher, converted)]
    columns = tuple(rows[0]) if rows else ()
    return QueryResult(query, converted, columns, rows, graph)


def _plain_row(row: Mapping[str, Any]) -> dict[str, Any]:
    return {key: _plain(value) for key, value in row.items()}


def _plain(value: Any) -> Any:
    """Driver values to JSON-ready Python: temporal values become ISO text, tuples lists."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "iso_format"):
        return str(value.iso_format())
    return value


# --------------------------------------------------------------------------- rendering


def browser_text(query: NamedQuery, params: Mapping[str, Any] | None = None) -> str:
    """What to paste into Neo4j Browser: ``:param`` lines (the given, converted parameters,
    else the header's examples), then the query's name as a comment and its Cypher."""
    if params:
        lines = [f":param {k} => {_cypher_literal(v)}" for k, v in params.items()]
    else:
        lines = list(query.examples)
    # Browser runs a paste of several commands one by one when each ends with ';'
    return "\n".join([*(f"{line};" for line in lines), f"// {query.name}", f"{query.cypher};"])


def _cypher_literal(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_cypher_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"`{k}`: {_cypher_literal(v)}" for k, v in value.items()) + "}"
    text = str(value).replace("\\", "\\\\").replace("'", "\\'")
    return f"'{text}'"


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
