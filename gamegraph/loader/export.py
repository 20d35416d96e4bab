"""Write the games' tables as neo4j-admin import CSV files and as GraphML.

CSV (``neo4j-admin database import full``): one node file per (graph, label) with a header
row ``:ID(space),graph:string,prop:type,...,:LABEL`` and one relationship file per (graph,
type) with ``:START_ID(space),:END_ID(space),...,:TYPE``. ID spaces are per graph and label,
so several graphs import together. Nodes carry :GraphNode and their graph id as the online
loader writes them, so a graph imported and a graph loaded online hold the same nodes,
labels, properties and relationships (the :Graph records excepted). Rows are written a batch
at a time (:data:`CHUNK`), from the tables' columns as they are made: an export of B_80
never holds its 15.8 million keys at once. :func:`import_arguments` gives the arguments that
import a directory written here.

GraphML: one file per graph, nodes carry their labels in ``labels`` (as Neo4j's APOC export
does) and every property as a typed key.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from gamegraph.errors import InputError, OutputError
from gamegraph.games.base import Progress
from gamegraph.games.model import (
    GRAPH_NODE,
    Column,
    GraphTables,
    LazyColumn,
    NodeTable,
    RelTable,
    column_slice,
)
from gamegraph.loader._csv_kernels import csv_rows, format_booleans, format_integers
from gamegraph.loader.plan import PlannedGraph

__all__ = [
    "ARRAY_DELIMITER",
    "CHUNK",
    "IMPORT_OPTIONS",
    "check_out_dir",
    "export_graphs",
    "file_stem",
    "import_arguments",
    "import_files",
    "writable_directory",
    "write_csv",
    "write_graphml",
]

ARRAY_DELIMITER = ";"
IMPORT_OPTIONS = (f"--array-delimiter={ARRAY_DELIMITER}", "--id-type=INTEGER")
"""The importer's options for the files written here: their ids are integers within each
graph's ID spaces, which the importer maps faster than strings (B_60, G_60/H_60 and Q: the
relationship import 3.6 s against 7.7 s, the whole import 24-28 s against 27-31 s)."""
CHUNK = 100_000
"""Rows formatted and written at a time."""


def writable_directory(out: Path) -> Path:
    """``out``, created if needed; OutputError (one line) if it cannot be written to."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".gamegraph-write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as e:
        raise OutputError(f"cannot write to {out}: {e.strerror or e}") from None
    return out


def check_out_dir(folder: Path, option: str = "--out") -> None:
    """InputError (the user's input, exit 2) unless ``folder`` is a directory that ``option``'s
    files can be written into (made now when missing): checked before any work of `table`,
    `frontier`, `report` and `export`, not after."""
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{option}: {str(folder)!r} is a file, not a directory")
    try:
        writable_directory(folder)
    except OutputError as e:
        raise InputError(f"{option}: {e}") from None


def export_graphs(
    planned: list[PlannedGraph],
    out: Path,
    *,
    csv: bool = True,
    graphml: bool = False,
    progress: Progress | None = None,
) -> list[Path]:
    """Build and write every planned graph, one at a time; returns the files written."""
    writable_directory(out)
    written: list[Path] = []
    for graph in planned:
        tables = graph.game.tables(graph.build(progress))
        try:
            if csv:
                written.extend(write_csv(tables, out, progress))
            if graphml:
                written.append(write_graphml(tables, out))
        except OSError as e:
            raise OutputError(f"cannot write {graph.game.id} to {out}: {e.strerror or e}") from None
    return written


def file_stem(graph_id: str) -> str:
    """A file-name stem from a graph id (``lifting-paper-60``; ``/`` of a fraction → ``over``)."""
    return re.sub(r"[^A-Za-z0-9=._-]", "_", graph_id.replace(":", "-").replace("/", "over"))


def _space(tables: GraphTables, label: str) -> str:
    return f"{file_stem(tables.game.id)}-{label}"


def _kind(sample: Any) -> str:
    """neo4j-admin type of a column, from its first non-null value."""
    if isinstance(sample, bool):
        return "boolean"
    if isinstance(sample, int):
        return "long"
    if isinstance(sample, float):
        return "double"
    if isinstance(sample, list):
        inner = next((x for x in sample), "")
        if isinstance(inner, bool):
            return "boolean[]"
        if isinstance(inner, int):
            return "long[]"
        return "double[]" if isinstance(inner, float) else "string[]"
    return "string"


def _kinds(table: NodeTable | RelTable) -> dict[str, str]:
    """The neo4j-admin type of each property column of a table (:func:`_kind`)."""
    if isinstance(table, NodeTable):
        return {name: _kind(table.sample(name)) for name in table.columns}
    return {
        name: _kind(next((v for v in table.property(name) if v is not None), None))
        for name in table.properties
    }


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ARRAY_DELIMITER.join(_cell(v) for v in value)
    return str(value)


def _chunks(length: int) -> Iterator[tuple[int, int]]:
    for start in range(0, length, CHUNK):
        yield start, min(length, start + CHUNK)


Cells = tuple[tuple[np.ndarray, np.ndarray], bool]
"""A column's cells as UTF-8 bytes and bounds (:mod:`._csv_kernels`), and whether they are
text, quoted where the CSV needs it."""
Batch = Callable[[int, int], list[Cells]]
"""The columns of rows start..stop-1 of a CSV file."""


def write_csv(tables: GraphTables, out: Path, progress: Progress | None = None) -> list[Path]:
    """Node and relationship CSV files for neo4j-admin; returns their paths."""
    paths = [_write_node_csv(tables, table, out, progress) for table in tables.nodes]
    return paths + [_write_rel_csv(tables, rel, out, progress) for rel in tables.rels]


def _write_node_csv(
    tables: GraphTables, table: NodeTable, out: Path, progress: Progress | None
) -> Path:
    kinds = _kinds(table)
    base = ARRAY_DELIMITER.join([GRAPH_NODE, table.label])

    def batch(start: int, stop: int) -> list[Cells]:
        labels = [base] * (stop - start)
        for flag in table.flags:
            suffix = ARRAY_DELIMITER + flag
            labels = [
                label + suffix if on else label
                for label, on in zip(labels, table.flag(flag, start, stop), strict=True)
            ]
        return [
            (format_integers(np.arange(start, stop, dtype=np.int64)), False),
            (_text_cells([tables.game.id] * (stop - start)), True),
            *(_cells(table.columns[name], kind, start, stop) for name, kind in kinds.items()),
            (_text_cells(labels), False),
        ]

    ids = [f":ID({_space(tables, table.label)})", "graph:string"]
    header = [*ids, *(f"{name}:{kind}" for name, kind in kinds.items()), ":LABEL"]
    path = out / f"{file_stem(tables.game.id)}.nodes.{table.label}.csv"
    stage = f"{tables.game.describe()}: {table.label} CSV"
    return _write_batches(path, header, len(table), batch, stage, progress)


def _write_rel_csv(
    tables: GraphTables, rel: RelTable, out: Path, progress: Progress | None
) -> Path:
    kinds = _kinds(rel)

    def batch(start: int, stop: int) -> list[Cells]:
        return [
            (format_integers(rel.start[start:stop]), False),
            (format_integers(rel.end[start:stop]), False),
            *(_cells(rel.properties[name], kind, start, stop) for name, kind in kinds.items()),
            (_text_cells([rel.type] * (stop - start)), False),
        ]

    ids = [f":START_ID({_space(tables, rel.source)})", f":END_ID({_space(tables, rel.target)})"]
    header = [*ids, *(f"{name}:{kind}" for name, kind in kinds.items()), ":TYPE"]
    path = out / f"{file_stem(tables.game.id)}.rels.{rel.type}.csv"
    stage = f"{tables.game.describe()}: {rel.type} CSV"
    return _write_batches(path, header, len(rel), batch, stage, progress)


def _write_batches(
    path: Path, header: list[str], rows: int, batch: Batch, stage: str, progress: Progress | None
) -> Path:
    """A CSV file: its ``header``, then rows 0..rows-1 as ``batch(start, stop)`` gives their
    columns, :data:`CHUNK` rows at a time."""
    with path.open("wb") as handle:
        handle.write((",".join(header) + "\n").encode())
        for start, stop in _chunks(rows):
            handle.write(_rows(batch(start, stop)))
            if progress:
                progress(stage, stop, rows)
    return path


def _rows(columns: list[Cells]) -> bytes:
    """The CSV rows of a batch of columns (each ended by a newline), joined by a kernel."""
    rows = columns[0][0][1].shape[0] - 1
    if rows == 0:
        return b""
    data = np.concatenate([cells[0] for (cells, _) in columns])
    shifts = np.cumsum([0] + [cells[0].shape[0] for (cells, _) in columns[:-1]])
    bounds = np.stack([cells[1] + shift for (cells, _), shift in zip(columns, shifts, strict=True)])
    quote = np.array([text for (_, text) in columns], dtype=np.bool_)
    return bytes(csv_rows(data, bounds, quote))


def _cells(column: Column, kind: str, start: int, stop: int) -> Cells:
    """Rows start..stop-1 of a column as CSV cells: numbers, booleans and arrays in
    neo4j-admin's syntax (arrays joined by :data:`ARRAY_DELIMITER`), absent values empty,
    and text quoted where the CSV needs it (as the csv module's minimal quoting does)."""
    text = kind not in ("long", "double", "boolean", "long[]")
    if isinstance(column, np.ndarray) and kind == "long" and _fits_int64(column):
        return format_integers(np.ascontiguousarray(column[start:stop], dtype=np.int64)), False
    if isinstance(column, np.ndarray) and kind == "boolean":
        return format_booleans(column[start:stop].astype(np.bool_, copy=False)), False
    if isinstance(column, np.ndarray) and kind in ("long", "double"):
        return _text_cells(list(map(str, column[start:stop].tolist()))), False
    if isinstance(column, LazyColumn) and column.cells is not None:
        cells = column.cells(start, stop, ARRAY_DELIMITER)
    elif kind in ("long", "double", "string"):  # scalars: str() of each, absent ones empty
        cells = ["" if v is None else str(v) for v in column_slice(column, start, stop)]
    else:
        cells = [_cell(v) for v in column_slice(column, start, stop)]
    return _text_cells(cells), text


def _text_cells(cells: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Python strings as one UTF-8 byte array and the bounds of each."""
    joined = "".join(cells)
    if joined.isascii():  # one byte a character: the lengths are the strings'
        data, lengths = joined.encode("ascii"), map(len, cells)
    else:
        encoded = [cell.encode() for cell in cells]
        data, lengths = b"".join(encoded), map(len, encoded)
    bounds = np.zeros(len(cells) + 1, np.int64)
    np.cumsum(np.fromiter(lengths, np.int64, count=len(cells)), out=bounds[1:])
    return np.frombuffer(data, np.uint8), bounds


def import_files(files: Iterable[Path]) -> tuple[list[Path], list[Path]]:
    """The node files and the relationship files among CSV files written here, sorted."""
    chosen = sorted(files)
    return (
        [path for path in chosen if ".nodes." in path.name],
        [path for path in chosen if ".rels." in path.name],
    )


def import_arguments(files: Iterable[Path]) -> list[str]:
    """``--nodes=`` / ``--relationships=`` arguments for the CSV files written here, and
    :data:`IMPORT_OPTIONS`."""
    nodes, rels = import_files(files)
    return [
        *(f"--nodes={path}" for path in nodes),
        *(f"--relationships={path}" for path in rels),
        *IMPORT_OPTIONS,
    ]


def write_graphml(tables: GraphTables, out: Path) -> Path:
    """One GraphML file holding the graph's nodes and relationships."""
    path = out / f"{file_stem(tables.game.id)}.graphml"
    node_keys: dict[str, str] = {"labels": "string", "graph": "string"}
    edge_keys: dict[str, str] = {"label": "string"}
    for keys, tables_of in ((node_keys, tables.nodes), (edge_keys, tables.rels)):
        for table in tables_of:
            for name, kind in _kinds(table).items():
                keys.setdefault(name, "string" if kind.endswith("[]") else kind)  # no arrays
    with path.open("w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write('<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n')
        for name, kind in node_keys.items():
            f.write(f'<key id="n_{name}" for="node" attr.name="{name}" attr.type="{kind}"/>\n')
        for name, kind in edge_keys.items():
            f.write(f'<key id="e_{name}" for="edge" attr.name="{name}" attr.type="{kind}"/>\n')
        f.write(f'<graph id={quoteattr(tables.game.id)} edgedefault="directed">\n')
        graph_id = escape(tables.game.id)
        for table in tables.nodes:
            names = list(table.columns)
            for start, stop in _chunks(len(table)):
                for i, row in enumerate(table.rows(start, stop), start=start):
                    *values, flags = row
                    labels = ":".join([GRAPH_NODE, table.label, *flags])
                    f.write(f'<node id="{table.label}{i}"><data key="n_labels">:{labels}</data>')
                    f.write(f'<data key="n_graph">{graph_id}</data>')
                    for name, value in zip(names, values, strict=True):
                        if value is not None:
                            f.write(f'<data key="n_{name}">{escape(_graphml_value(value))}</data>')
                    f.write("</node>\n")
        for rel in tables.rels:
            names = list(rel.properties)
            for start, stop in _chunks(len(rel)):
                starts, ends = rel.start[start:stop].tolist(), rel.end[start:stop].tolist()
                props = [rel.property(name, start, stop) for name in names]
                for j in range(stop - start):
                    f.write(
                        f'<edge source="{rel.source}{starts[j]}" target="{rel.target}{ends[j]}">'
                        f'<data key="e_label">{rel.type}</data>'
                    )
                    for name, values in zip(names, props, strict=True):
                        if values[j] is not None:
                            f.write(
                                f'<data key="e_{name}">{escape(_graphml_value(values[j]))}</data>'
                            )
                    f.write("</edge>\n")
        f.write("</graph>\n</graphml>\n")
    return path


def _graphml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return json.dumps(value)
    return str(value)


def _fits_int64(column: np.ndarray) -> bool:
    return column.dtype.kind == "i" or (column.dtype.kind == "u" and column.dtype.itemsize < 8)
