"""Named Cypher queries kept in ``.cypher`` files, in the manner of aiosql.

A file holds blocks; each starts with a header of ``//`` comment lines::

    // name: core_components
    // The strongly connected components of the core of H_n, largest first.
    // params: n:int
    // requires: floridian
    // example: :param n => 24
    MATCH ...

``name`` is mandatory and unique across all files; the other comment lines are the docstring.
``params`` declares the parameters with a type (int, float, bool, str, partition, rule, and
list/map for the loader's batches);
``requires`` names the game whose graph for ``$n`` must be loaded (bulgarian, floridian,
lifting); ``example`` lines are Neo4j Browser ``:param`` commands. The body is the Cypher
text, which runs unchanged in Browser after the ``:param`` lines. Every ``$parameter`` in the
body must be declared, and every declared parameter used.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources

__all__ = ["PARAM_TYPES", "NamedQuery", "Param", "QueryFileError", "load_queries", "parse_queries"]

PARAM_TYPES = ("int", "float", "bool", "str", "partition", "rule", "list", "map")
GAMES = ("bulgarian", "floridian", "lifting")

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_PARAM_USE = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_HEADER = re.compile(r"^//\s*(name|params|requires|example|scan)\s*:\s*(.*)$")


class QueryFileError(ValueError):
    """A .cypher file is malformed (duplicate or bad name, undeclared parameter, ...)."""


@dataclass(frozen=True)
class Param:
    name: str
    type: str


@dataclass(frozen=True)
class NamedQuery:
    """One named query: its Cypher and what its header says about it."""

    name: str
    cypher: str
    description: str
    params: tuple[Param, ...] = ()
    requires: str | None = None
    examples: tuple[str, ...] = ()
    scan: str | None = None  #: set for whole-graph scans, saying why
    source: str = ""

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
    params: list[Param] = []
    requires = scan = None
    examples: list[str] = []
    for entry in block.header:
        match = _HEADER.match("//" + entry)
        if match is None:
            description.append(entry)
            continue
        key, value = match.group(1), match.group(2).strip()
        if key == "params":
            params.extend(_parse_params(value, where))
        elif key == "requires":
            if value not in GAMES:
                raise QueryFileError(f"{where}: requires {value!r}, expected one of {GAMES}")
            requires = value
        elif key == "example":
            examples.append(value)
        elif key == "scan":
            scan = value
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
    )


def _parse_params(value: str, where: str) -> list[Param]:
    params = []
    for item in filter(None, (part.strip() for part in value.split(","))):
        name, _, kind = item.partition(":")
        name, kind = name.strip(), kind.strip() or "str"
        if not _NAME.match(name) and not re.match(r"^[a-z][A-Za-z0-9_]*$", name):
            raise QueryFileError(f"{where}: bad parameter name {name!r}")
        if kind not in PARAM_TYPES:
            raise QueryFileError(f"{where}: parameter {name!r} has unknown type {kind!r}")
        params.append(Param(name, kind))
    return params


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


def load_queries(package: str = "gamegraph.queries") -> dict[str, NamedQuery]:
    """Every named query in the ``.cypher`` files of a package, by name (duplicates rejected)."""
    queries: list[NamedQuery] = []
    for entry in sorted(resources.files(package).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".cypher"):
            queries.extend(parse_queries(entry.read_text(encoding="utf-8"), entry.name))
    _reject_duplicates(queries)
    return {query.name: query for query in queries}
