"""Graphs a bulk load carries over: those of games not known now (issue 33, item 5).

A bulk load rebuilds every graph of the database from its game (:mod:`.bulk`), but the game
of a graph defined in a notebook, or in a file that the command line does not name, is not
known to it. Such a graph is never dropped without an explicit `gamegraph drop`: the bulk
load copies it from the old store into the new one as it is, its nodes (labels and
properties), its relationships and its :Graph record.

:func:`export_carried` reads each one from the running server before the import (one
graph at a time) and writes it as neo4j-admin import files beside the rebuilt graphs' (an
ID space of its own, a node file per property layout, a relationship file per type and
layout); it checks that a complete graph's data is what its record counts, so a graph
already wrong is never carried over as complete. :func:`record_carried`, once the new store
is in place, checks that it holds exactly the nodes and relationships read from the old one
and writes each record back as it was, under the slot's lease as a load writes (claim,
then complete). The reads go through named queries of ``catalog.cypher``; no Cypher is
made from the graph's text.

A carried graph's relationships are those between its own nodes: links that an after-load
step made from it to another graph are no part of its counts, and are not carried over.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamegraph.db.catalog import GraphRecord, Lease
from gamegraph.db.query_files import cypher
from gamegraph.db.runner import QueryRunner
from gamegraph.errors import IncompleteLoadError, InputError
from gamegraph.loader.claim import LEASE_FIELDS
from gamegraph.loader.export import ARRAY_DELIMITER, file_stem

__all__ = ["Carried", "export_carried", "record_carried"]


@dataclass(frozen=True)
class Carried:
    """One graph carried over: its record as read, and what its data counted in the old
    store (``nodes`` and one count per relationship type)."""

    record: GraphRecord
    counts: dict[str, int]

    @property
    def props(self) -> dict[str, Any]:
        """The :Graph node's properties, as they are written back."""
        return {k: v for k, v in self.record.properties.items() if k not in LEASE_FIELDS}


def export_carried(
    runner: QueryRunner, records: Sequence[GraphRecord], out: Path
) -> tuple[list[Carried], list[Path]]:
    """Write every graph of ``records`` as import files in ``out``; the graphs and the files.
    InputError (one line; nothing changed) for a graph that cannot be carried over: a
    complete one whose data differs from its record, or a property the import files cannot
    hold."""
    carried: list[Carried] = []
    files: list[Path] = []
    for record in records:
        item, written = _export_one(runner, record, out)
        carried.append(item)
        files += written
    return carried, files


def record_carried(runner: QueryRunner, carried: Sequence[Carried]) -> None:
    """In the new store: check each carried graph's counts against the old store's, then
    write its record back as it was (under its slot's lease). IncompleteLoadError names the
    first graph that differs."""
    if not carried:
        return
    found = _all_counts(runner)
    for item in carried:
        counts = found.get(item.record.id, {"nodes": 0})
        if counts != item.counts:
            raise IncompleteLoadError(
                f"{item.record.id} (a graph of {item.record.game!r}, carried over): the new "
                f"store holds {_describe(counts)}, the old one held {_describe(item.counts)}"
            )
    for item in carried:
        lease = Lease(runner, item.record)
        holder = lease.try_claim(item.props)
        if holder is not None:
            raise IncompleteLoadError(f"{item.record.id} is being loaded by another process")
        try:
            done = runner.write_returning(
                cypher("graph_carry_done"),
                {"id": item.record.id, "props": item.props, "owner": lease.owner},
            )
        except BaseException:
            lease.release()
            raise
        lease.stop_renewing()
        if not done:
            raise IncompleteLoadError(
                f"{item.record.id}: the bulk load lost its claim on the carried graph"
            )


# --------------------------------------------------------------------------- internals


def _export_one(runner: QueryRunner, record: GraphRecord, out: Path) -> tuple[Carried, list[Path]]:
    graph = record.id
    space = f"carried-{file_stem(graph)}"
    ids: dict[str, int] = {}
    # the rows of each file: one per kind of file, type and header (the properties' layout)
    tables: dict[tuple[str, str, tuple[str, ...]], list[list[str]]] = {}
    for row in runner.run(cypher("carry_nodes"), {"graph": graph}):
        ids[str(row["id"])] = len(ids)
        header, cells = _properties(record, row["props"])
        labels = _quoted(ARRAY_DELIMITER.join(sorted(row["labels"])))
        key = ("nodes", "", (f":ID({space})", *header, ":LABEL"))
        tables.setdefault(key, []).append([str(ids[str(row["id"])]), *cells, labels])
    by_type: dict[str, int] = {}
    for row in runner.run(cypher("carry_relationships"), {"graph": graph}):
        kind = str(row["type"])
        by_type[kind] = by_type.get(kind, 0) + 1
        header, cells = _properties(record, row["props"])
        ends = [str(ids[str(row["start"])]), str(ids[str(row["end"])])]
        key = ("rels", kind, (f":START_ID({space})", f":END_ID({space})", *header, ":TYPE"))
        tables.setdefault(key, []).append([*ends, *cells, _quoted(kind)])
    counts = {"nodes": len(ids), **by_type}
    if record.complete:
        recorded = (record.nodes, record.relationships)
        if recorded != (len(ids), sum(by_type.values())):
            raise InputError(
                f"{graph} (a graph of {record.game!r}, whose game is not known here) is "
                f"recorded with {record.nodes} nodes and {record.relationships} relationships "
                f"but Neo4j holds {_describe(counts)}: a bulk load does not carry it over as "
                f"complete; name the file that defines {record.game!r} with --games-from "
                f"FILE.py, or drop it (`gamegraph drop {graph}`); nothing was changed"
            )
    files = [
        _write(out / f"{space}.{part}.{i}.csv", header, rows)
        for i, ((part, _, header), rows) in enumerate(tables.items())
    ]
    return Carried(record, counts), files


def _write(path: Path, header: tuple[str, ...], rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        handle.write(",".join(header) + "\n")
        for cells in rows:
            handle.write(",".join(cells) + "\n")
    return path


def _properties(record: GraphRecord, props: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The header columns (``name:type``, sorted by name) and the cells of some properties."""
    layout = [(name, _kind(record, name, props[name])) for name in sorted(props)]
    header = [f"{name}:{kind}" for name, kind in layout]
    return header, [_cell(record, name, kind, props[name]) for name, kind in layout]


def _kind(record: GraphRecord, name: str, value: Any) -> str:
    if isinstance(value, list):
        if not value:
            raise _cannot(record, name, "an empty list")
        inner = {_kind(record, name, v) for v in value}
        if len(inner) != 1 or "[]" in next(iter(inner)):
            raise _cannot(record, name, "a list of mixed values")
        return next(iter(inner)) + "[]"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "long"
    if isinstance(value, float):
        return "double"
    if isinstance(value, str):
        if "\n" in value or "\r" in value:
            raise _cannot(record, name, "a text with a line break")
        return "string"
    raise _cannot(record, name, f"a value of type {type(value).__name__}")


def _cell(record: GraphRecord, name: str, kind: str, value: Any) -> str:
    if isinstance(value, list):
        parts = [_scalar(v) for v in value]
        if kind == "string[]" and any(ARRAY_DELIMITER in p for p in parts):
            raise _cannot(record, name, f"a text holding {ARRAY_DELIMITER!r} in a list")
        joined = ARRAY_DELIMITER.join(parts)
        return _quoted(joined) if kind == "string[]" else joined
    text = _scalar(value)
    return _quoted(text) if kind == "string" else text


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)
    return str(value)


def _quoted(text: str) -> str:
    """A text cell, always quoted (so an empty text stays a text)."""
    return '"' + text.replace('"', '""') + '"'


def _cannot(record: GraphRecord, name: str, what: str) -> InputError:
    return InputError(
        f"{record.id} (a graph of {record.game!r}, whose game is not known here) has {what} "
        f"in its property {name!r}, which a bulk load cannot carry over: name the file that "
        f"defines {record.game!r} with --games-from FILE.py, or drop it (`gamegraph drop "
        f"{record.id}`), or load online (without --bulk); nothing was changed"
    )


def _all_counts(runner: QueryRunner) -> dict[str, dict[str, int]]:
    row = runner.run(cypher("graph_count_all"))[0]
    found: dict[str, dict[str, int]] = {str(g): {"nodes": int(c)} for g, c in row["nodes"]}
    for graph, kind, count in row["by_type"]:
        found.setdefault(str(graph), {"nodes": 0})[str(kind)] = int(count)
    return found


def _describe(counts: dict[str, int]) -> str:
    rels = ", ".join(f"{v:,} {k}" for k, v in sorted(counts.items()) if k != "nodes")
    return f"{counts.get('nodes', 0):,} nodes" + (f" and {rels} relationships" if rels else "")
