"""Named Cypher queries kept in ``.cypher`` files, in the manner of aiosql.

A file holds blocks; each starts with a header of ``//`` comment lines::

    // name: core_components
    // The strongly connected components of the core of H_n, largest first.
    // params: n:int
    // requires: floridian
    // example: :param n => 24
    MATCH ...

``name`` is mandatory and unique across all files; the other comment lines are the docstring.
``params`` declares the parameters with a type: int, float, bool, str, list and map;
``position``, a position of the required game's graph in any notation it accepts (checked
and converted to the key the graph stores by the game, see
:meth:`~gamegraph.games.base.Game.parse_position`); ``param``, a parameter of the required
game (its rule, L, p, ...), checked as the game declares it. ``requires`` names the game
whose graph the query reads (a registered game's name); the graph it needs is the one the
query's parameters name (:meth:`~gamegraph.games.base.Game.for_query`). ``example`` lines are
Neo4j Browser ``:param`` commands. ``expect``, on a GDS query `verify` runs
(:mod:`gamegraph.verify.gds`), names the figures of the graph's summary its answer must
equal: ``expect: nodes = positions, components = components``. The body is the Cypher
text, which runs unchanged in Browser after the ``:param`` lines. Every ``$parameter`` in
the body must be declared, and every declared parameter used.

Where queries come from: :func:`named_queries` collects this package's ``graphs.cypher``,
``catalog.cypher`` and ``write.cypher`` (the loader's statements) and every registered game's
files (its ``query_files`` for users, its ``internal_query_files`` for the loader and
`verify`, marked ``internal``); :func:`cypher` is the text of one of them by name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources

from gamegraph.errors import InputError
from gamegraph.games.registry import all_games, generation, get_game

__all__ = [
    "PARAM_TYPES",
    "NamedQuery",
    "QueryFileError",
    "QueryParam",
    "cypher",
    "load_queries",
    "named_queries",
    "parse_queries",
]

PARAM_TYPES = ("int", "float", "bool", "str", "position", "param", "list", "map")

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_PARAM_USE = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_HEADER = re.compile(r"^//\s*(name|params|requires|example|scan|expect)\s*:\s*(.*)$")


class QueryFileError(ValueError):
    """A .cypher file is malformed (duplicate or bad name, undeclared parameter, ...)."""


@dataclass(frozen=True)
class QueryParam:
    name: str
    type: str


@dataclass(frozen=True)
class NamedQuery:
    """One named query: its Cypher and what its header says about it."""

    name: str
    cypher: str
    description: str
    params: tuple[QueryParam, ...] = ()
    requires: str | None = None
    examples: tuple[str, ...] = ()
    scan: str | None = None  #: set for whole-graph scans, saying why
    source: str = ""
    internal: bool = False  #: run by the loader or `verify`, not listed for users
    expect: tuple[tuple[str, str], ...] = ()  #: (figure of the answer, summary key) pairs

    @property
    def param_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.params)


@dataclass
class _Block:
    name: str
    line: int
    header: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)


def parse_queries(text: str, source: str = "<string>") -> list[NamedQuery]:
    """Parse the blocks of one file (see the module docstring)."""
    blocks: list[_Block] = []
    in_header = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        match = _HEADER.match(line.strip())
        if match and match.group(1) == "name":
            blocks.append(_Block(match.group(2).strip(), number))
            in_header = True
            continue
        if not blocks:
            if line.strip() and not line.strip().startswith("//"):
                raise QueryFileError(f"{source}:{number}: Cypher before the first '// name:'")
            continue
        if in_header and line.strip().startswith("//"):
            blocks[-1].header.append(line.strip()[2:].strip())
        else:
            in_header = False
            blocks[-1].body.append(line)
    queries = [_build(block, source) for block in blocks]
    _reject_duplicates(queries)
    return queries


def _build(block: _Block, source: str) -> NamedQuery:
    where = f"{source}:{block.line}"
    if not _NAME.match(block.name):
        raise QueryFileError(f"{where}: bad query name {block.name!r} (use lower_snake_case)")
    description: list[str] = []
    params: list[QueryParam] = []
    requires = scan = None
    examples: list[str] = []
    expect: list[tuple[str, str]] = []
    for entry in block.header:
        match = _HEADER.match("//" + entry)
        if match is None:
            description.append(entry)
            continue
        key, value = match.group(1), match.group(2).strip()
        if key == "params":
            params.extend(_parse_params(value, where))
        elif key == "requires":
            try:
                get_game(value)
            except InputError:
                raise QueryFileError(f"{where}: requires {value!r}, which is no game") from None
            requires = value
        elif key == "example":
            examples.append(value)
        elif key == "scan":
            scan = value
        elif key == "expect":
            expect.extend(_parse_expect(value, where))
    cypher = "\n".join(block.body).strip().rstrip(";").strip()
    if not cypher:
        raise QueryFileError(f"{where}: query {block.name!r} has no Cypher")
    if not description:
        raise QueryFileError(f"{where}: query {block.name!r} has no description comment")
    used = set(_PARAM_USE.findall(_strip_comments(cypher)))
    declared = {p.name for p in params}
    if used - declared:
        raise QueryFileError(
            f"{where}: query {block.name!r} uses undeclared parameters {sorted(used - declared)}"
        )
    if declared - used:
        raise QueryFileError(
            f"{where}: query {block.name!r} declares unused parameters {sorted(declared - used)}"
        )
    return NamedQuery(
        block.name,
        cypher,
        " ".join(description),
        tuple(params),
        requires,
        tuple(examples),
        scan,
        source,
        expect=tuple(expect),
    )


def _parse_params(value: str, where: str) -> list[QueryParam]:
    params = []
    for item in filter(None, (part.strip() for part in value.split(","))):
        name, _, kind = item.partition(":")
        name, kind = name.strip(), kind.strip() or "str"
        if not re.match(r"^[A-Za-z][A-Za-z0-9_]*$", name):
            raise QueryFileError(f"{where}: bad parameter name {name!r}")
        if kind not in PARAM_TYPES:
            raise QueryFileError(f"{where}: parameter {name!r} has unknown type {kind!r}")
        params.append(QueryParam(name, kind))
    return params


def _parse_expect(value: str, where: str) -> list[tuple[str, str]]:
    pairs = []
    for item in filter(None, (part.strip() for part in value.split(","))):
        figure, equals, key = (part.strip() for part in item.partition("="))
        if not (equals and _NAME.match(figure) and _NAME.match(key)):
            raise QueryFileError(f"{where}: bad expect {item!r} (figure = summary key)")
        pairs.append((figure, key))
    return pairs


def _strip_comments(cypher: str) -> str:
    return "\n".join(line.split("//", 1)[0] for line in cypher.splitlines())


def _reject_duplicates(queries: Iterable[NamedQuery]) -> None:
    seen: dict[str, str] = {}
    for query in queries:
        if query.name in seen:
            raise QueryFileError(
                f"duplicate query name {query.name!r} in {query.source} "
                f"(first in {seen[query.name]})"
            )
        seen[query.name] = query.source


def load_queries(
    package: str, files: Iterable[str], *, internal: bool = False
) -> dict[str, NamedQuery]:
    """The named queries of some ``.cypher`` files of a package, by name, duplicates
    rejected."""
    queries: list[NamedQuery] = []
    root = resources.files(package)
    for name in files:
        entry = root.joinpath(name)
        source = f"{package.rsplit('.', 1)[-1]}/{name}"
        for query in parse_queries(entry.read_text(encoding="utf-8"), source):
            queries.append(replace(query, internal=internal))
    _reject_duplicates(queries)
    return {query.name: query for query in queries}


def cypher(name: str) -> str:
    """The Cypher text of a named query (KeyError for an unknown name): how the catalog, the
    loader and `verify` find the statements they run."""
    return named_queries()[name].cypher


def named_queries() -> dict[str, NamedQuery]:
    """Every named query, users' and internal, by name (unique across all files): the
    shipped files and the Cypher defined games write (recomputed when a game registers)."""
    return _named_queries(generation())


@cache
def _named_queries(_generation: int) -> dict[str, NamedQuery]:
    queries = list(load_queries(__package__ or "gamegraph.db", ["graphs.cypher"]).values())
    queries += load_queries(
        __package__ or "gamegraph.db",
        ["catalog.cypher", "write.cypher", "housekeeping.cypher"],
        internal=True,
    ).values()
    for game in all_games():
        package = game.__module__
        if game.query_files:
            queries += load_queries(package, game.query_files).values()
        if game.internal_query_files:
            queries += load_queries(package, game.internal_query_files, internal=True).values()
        for source, text, internal in game.generated_queries():
            queries += [replace(q, internal=internal) for q in parse_queries(text, source)]
    _reject_duplicates(queries)
    return {query.name: query for query in queries}
