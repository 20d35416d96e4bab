"""Run the named queries users see (:mod:`.query_files`): find, convert, check, run.

:func:`run_named` is what `gamegraph query` and the Python API's ``Database.query`` call: it
finds the query, converts the parameters by their declared types (a ``position`` in any
notation becomes the key the graph stores, a ``param`` is checked as the game declares it),
checks that the graph the query ``requires`` is loaded, complete and able to answer it, runs
it through a `QueryRunner` and returns a :class:`QueryResult`.

An ``int`` parameter must fit Cypher's 64-bit integers; one named ``limit`` (the queries'
"at most $limit rows") is a number of rows, 0 to 2^31 - 1.
"""

from __future__ import annotations

import difflib
import json
import logging
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamegraph.db.catalog import (
    GraphRecord,
    GraphState,
    describe_owner,
    get_graph,
    graph_in_slot,
)
from gamegraph.db.query_files import NamedQuery, QueryParam, named_queries
from gamegraph.db.query_files import cypher as _q
from gamegraph.db.runner import QueryRunner
from gamegraph.errors import GraphNotLoadedError, InputError
from gamegraph.games.base import Game
from gamegraph.games.registry import get_game

_LOG = logging.getLogger(__name__)

__all__ = [
    "QueryResult",
    "browser_text",
    "check_graph",
    "convert_params",
    "get_query",
    "parse_param_args",
    "run_named",
    "user_queries",
]


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


def user_queries() -> dict[str, NamedQuery]:
    """The queries users run (`gamegraph query --list`): every shipped query but the
    loader's and `verify`'s."""
    return {name: q for name, q in named_queries().items() if not q.internal}


def get_query(name: str) -> NamedQuery:
    """A query users may run, by name (the loader's and `verify`'s are not among them)."""
    queries = user_queries()
    if name in queries:
        return queries[name]
    close = difflib.get_close_matches(name, queries, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise InputError(f"unknown query {name!r}{hint} (`gamegraph query --list` shows them all)")


def parse_param_args(items: Sequence[str], example: str = "n=24") -> dict[str, str]:
    """``["n=24", "position=1 3^2 5"]`` → ``{"n": "24", "position": "1 3^2 5"}`` (a bad item's
    error shows ``example``)."""
    params: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InputError(f"bad --param {item!r}: write it as key=value, e.g. {example}")
        if key in params:
            raise InputError(f"parameter {key!r} given twice")
        params[key] = value.strip()
    return params


# --------------------------------------------------------------------------- parameters

CYPHER_INT_MIN, CYPHER_INT_MAX = -(2**63), 2**63 - 1
"""Cypher's integers are 64-bit: a larger parameter cannot reach Neo4j."""
LIMIT_MAX = 2**31 - 1
"""The largest ``limit`` (at most that many rows): Cypher slices lists by 32-bit indexes."""

_TRUE = ("true", "yes", "1", "on")
_FALSE = ("false", "no", "0", "off")


def convert_params(query: NamedQuery, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Check and convert parameters (text from the command line, or Python values) to what
    the query's Cypher expects, by the types its header declares."""
    declared = {p.name: p for p in query.params}
    unknown = sorted(set(raw) - set(declared))
    if unknown:
        raise InputError(
            f"{query.name} has no parameter {', '.join(map(repr, unknown))}; "
            f"it takes {_signature(query)}"
        )
    missing = [name for name in declared if name not in raw]
    if missing:
        raise InputError(
            f"{query.name} needs {', '.join(f'--param {m}=...' for m in missing)} "
            f"(parameters: {_signature(query)})"
        )
    game = get_game(query.requires) if query.requires else None
    converted: dict[str, Any] = {}
    # positions last: they are positions of the graph the other parameters name
    for param in sorted(query.params, key=lambda p: p.type == "position"):
        value = raw[param.name]
        if param.type not in ("position", "param"):
            converted[param.name] = _scalar(param, value)
        elif game is None:
            raise InputError(f"{query.name}: parameter {param.name} needs a `requires:` game")
        elif param.type == "position":
            converted[param.name] = _position(param, value, game, converted)
        else:
            converted[param.name] = _game_param(param, value, game)
    if game is not None:
        game.for_query(converted)  # the graph the parameters name exists (n in range, ...)
    return {p.name: converted[p.name] for p in query.params}


def _signature(query: NamedQuery) -> str:
    return ", ".join(f"{p.name}:{p.type}" for p in query.params) or "no parameters"


def _bad(param: QueryParam, value: Any, expected: str) -> InputError:
    return InputError(f"parameter {param.name}={value!r} is not {expected}")


def _integer(param: QueryParam, value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,30}\s*", value):
        return int(value)
    raise _bad(param, value, "an integer")


def _scalar(param: QueryParam, value: Any) -> Any:
    kind = param.type
    if kind == "int":
        integer = _integer(param, value)
        if param.name == "limit" and not 0 <= integer <= LIMIT_MAX:
            raise _bad(param, value, f"a number of rows from 0 to {LIMIT_MAX}")
        if not CYPHER_INT_MIN <= integer <= CYPHER_INT_MAX:
            raise _bad(param, value, "an integer Cypher can hold (-2^63 .. 2^63-1)")
        return integer
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


def _game_param(param: QueryParam, value: Any, game: type[Game[Any]]) -> Any:
    declared = game.param(param.name)
    try:
        checked = declared.parse(value) if isinstance(value, str) else declared.check(value)
    except InputError as e:
        raise InputError(f"parameter {param.name}: {e}") from None
    return declared.stored(checked)


def _position(
    param: QueryParam, value: Any, game: type[Game[Any]], others: Mapping[str, Any]
) -> str:
    """The key of a position given in any notation (or as a sequence of parts)."""
    if not isinstance(value, str):
        if isinstance(value, Sequence) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            value = ",".join(str(v) for v in value)
        else:
            raise _bad(param, value, "a position such as '5,3,3,1' or '1 3^2 5'")
    graph = game.for_query(others)  # an error of n (or L, ...) is not the position's
    try:
        return graph.parse_position(value)
    except InputError as e:
        raise InputError(f"parameter {param.name}: {e}") from None


# --------------------------------------------------------------------------- the graph


def check_graph(
    runner: QueryRunner, query: NamedQuery, params: Mapping[str, Any]
) -> GraphRecord | None:
    """The :Graph record the query runs on; raises GraphNotLoadedError, naming the load
    command, if it is missing, incomplete or unable to answer (see Game.serves)."""
    if query.requires is None:
        return None
    wanted = get_game(query.requires).for_query(params)
    command = wanted.load_command()
    record = graph_in_slot(runner, wanted.slot)
    if record is None:
        raise GraphNotLoadedError(f"{wanted.describe()} is not loaded", command)
    state, owner = record.state(), describe_owner(record.lease_owner)
    unready = {  # what a query cannot read yet, or not whole
        GraphState.LOADING: (
            f"is still being loaded by {owner} (a second load waits for it to finish)"
        ),
        GraphState.DROPPING: f"is being dropped by {owner}",
        GraphState.INCOMPLETE: (
            f"is {record.describe_state()}, only partly stored (`gamegraph graphs` lists it so)"
        ),
    }
    if state in unready:
        raise GraphNotLoadedError(f"{wanted.describe()} {unready[state]}", command)
    loaded = record.loaded_game()
    if loaded is None:
        raise GraphNotLoadedError(f"the loaded {record.id} is from another gamegraph", command)
    if state is GraphState.STALE:  # the answer is still the stored graph's: say so, once
        _LOG.warning(
            "%s is stale: it was built by another version of the code of game %r (its move "
            "or engine was edited since it was loaded), and this answer comes from it; `%s` "
            "rebuilds it",
            record.id,
            loaded.name,
            loaded.load_command(),
        )
    reason = loaded.serves(wanted, query.cypher)
    if reason is not None:
        raise GraphNotLoadedError(reason, command)
    return record


# --------------------------------------------------------------------------- running


def run_named(
    runner: QueryRunner, name: str, params: Mapping[str, Any] | None = None
) -> QueryResult:
    """Convert the parameters, check the graph, run the query: the one call behind
    `gamegraph query` and ``Database.query``."""
    query = get_query(name)
    converted = convert_params(query, params or {})
    graph = check_graph(runner, query, converted)
    if "gds." in query.cypher:  # the games' GDS queries: one line when the server has no GDS
        from gamegraph.db.gds import require_gds

        require_gds(runner, f"{query.name} needs GDS, and this Neo4j")
    rows = [_plain(row) for row in runner.run(query.cypher, converted)]
    if graph is not None:
        _check_unchanged(runner, graph)
        if not rows:
            _check_positions_held(runner, query, converted, graph)
    columns = tuple(rows[0]) if rows else ()
    return QueryResult(query, converted, columns, rows, graph)


def _check_positions_held(
    runner: QueryRunner, query: NamedQuery, params: Mapping[str, Any], graph: GraphRecord
) -> None:
    """An empty answer about a position the graph does not hold is an error naming it. A
    built-in game refuses such a position as it parses it (its space is its graph), and so
    does a defined game with a declared space; a space found by search from a start
    (``gg.reachable``) holds what the search reached, which only the graph can tell."""
    definition = getattr(graph.loaded_game(), "definition", None)
    if definition is None or definition.space.kind != "reachable":
        return
    for param in query.params:
        key = params.get(param.name)
        if param.type != "position" or key is None:
            continue
        if not runner.run(_q("graph_has_key"), {"graph": graph.id, "key": key}):
            raise InputError(
                f"parameter {param.name}: {key} is no position of {graph.id}: the search from "
                "its start did not reach it"
            )


def _check_unchanged(runner: QueryRunner, graph: GraphRecord) -> None:
    """The answer is the graph's only if its record is still the one checked before the
    query ran (the same completion): a load, replace or drop that took the graph over while
    the query read it makes the answer one of a graph in flux (one record read)."""
    now = get_graph(runner, graph.id)
    if (
        now is not None
        and now.complete
        and (now.started_at, now.completed_at) == (graph.started_at, graph.completed_at)
    ):
        return
    game = graph.loaded_game()
    raise GraphNotLoadedError(
        f"{graph.id} changed while the query read it (a load, replace or drop of it ran "
        "meanwhile): ask again once it is loaded",
        game.load_command() if game is not None else "gamegraph graphs",
    )


def _plain(value: Any) -> Any:
    """Driver values to JSON-ready Python: temporal values become ISO text, tuples lists."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "iso_format"):
        return str(value.iso_format())
    return value


def browser_text(query: NamedQuery, params: Mapping[str, Any] | None = None) -> str:
    """What to paste into Neo4j Browser: ``:param`` lines (the given, converted parameters,
    else the header's examples), then the query's name as a comment and its Cypher."""
    lines = param_lines(params) if params else list(query.examples)
    # Browser runs a paste of several commands one by one when each ends with ';'
    return "\n".join([*(f"{line};" for line in lines), f"// {query.name}", f"{query.cypher};"])


def param_lines(params: Mapping[str, Any]) -> list[str]:
    """Browser's ``:param name => value`` lines for these values (Cypher literals, quoted)."""
    return [f":param {k} => {_cypher_literal(v)}" for k, v in params.items()]


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
