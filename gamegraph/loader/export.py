"""Write the loader's tables as neo4j-admin import CSV files and as GraphML.

CSV (``neo4j-admin database import full``): one node file per (graph, label) with a header
row ``:ID(space),prop:type,...,:LABEL`` and one relationship file per (graph, type) with
``:START_ID(space),:END_ID(space),...,:TYPE``. ID spaces are per graph and label, so several
graphs import together. The same graphs loaded online and imported hold the same nodes,
labels, properties and relationships (the :Graph records excepted). ``import_command`` gives
the arguments that import a directory written here.

GraphML: one file per graph, nodes carry their label in ``labels`` (as Neo4j's APOC export
does) and every property as a typed key.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from gamegraph.errors import OutputError
from gamegraph.games.model import GRAPH_NODE, GraphTables, NodeTable, RelTable
from gamegraph.loader.plan import PlannedGraph

__all__ = ["export_graphs", "import_arguments", "write_csv", "write_graphml"]

ARRAY_DELIMITER = ";"


def export_graphs(
    planned: list[PlannedGraph],
    out: Path,
    *,
    csv: bool = True,
    graphml: bool = False,
    progress: Callable[[str, int, int], None] | None = None,
) -> list[Path]:
    """Build and write every planned graph; returns the files written.

    The directory is created if needed; a path that cannot be written is an OutputError."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".gamegraph-write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as e:
        raise OutputError(f"cannot write to {out}: {e.strerror or e}") from None
    written: list[Path] = []
    for graph in planned:
        tables = graph.game.tables(graph.game.build(force=True, progress=progress))
        try:
            if csv:
                written.extend(write_csv(tables, out))
            if graphml:
                written.append(write_graphml(tables, out))
        except OSError as e:
            raise OutputError(f"cannot write {graph.game.id} to {out}: {e.strerror or e}") from None
    return written


def _stem(tables: GraphTables) -> str:
    """A file-name stem from the graph id (``lifting-paper-60``; ``/`` of a fraction → ``over``)."""
    return re.sub(r"[^A-Za-z0-9=._-]", "_", tables.game.id.replace(":", "-").replace("/", "over"))


def _space(tables: GraphTables, label: str) -> str:
    return f"{_stem(tables)}-{label}"


def _kind(values: list[Any]) -> str:
    """neo4j-admin type of a column (from its first non-null value)."""
    sample = next((v for v in values if v is not None), "")
    if isinstance(sample, bool):
        return "boolean"
    if isinstance(sample, int):
        return "long"
    if isinstance(sample, float):
        return "double"
    if isinstance(sample, list):
        inner = next((x for x in sample), "")
        return "long[]" if isinstance(inner, int) else "string[]"
    return "string"


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ARRAY_DELIMITER.join(str(v) for v in value)
    return str(value)


def _labels(table: NodeTable, row: int) -> str:
    return ARRAY_DELIMITER.join([GRAPH_NODE, *table.labels_of(row)])


def write_csv(tables: GraphTables, out: Path) -> list[Path]:
    """Node and relationship CSV files for neo4j-admin; returns their paths."""
    paths: list[Path] = []
    for table in tables.nodes:
        path = out / f"{_stem(tables)}.nodes.{table.label}.csv"
        names = list(table.columns)
        header = [f":ID({_space(tables, table.label)})", "graph:string"]
        header += [f"{name}:{_kind(table.columns[name])}" for name in names]
        header.append(":LABEL")
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(header)
            columns = [table.columns[name] for name in names]
            for i in range(len(table)):
                writer.writerow(
                    [i, tables.game.id, *(_cell(col[i]) for col in columns), _labels(table, i)]
                )
        paths.append(path)
    for rel in tables.rels:
        paths.append(_write_rel_csv(tables, rel, out))
    return paths


def _write_rel_csv(tables: GraphTables, rel: RelTable, out: Path) -> Path:
    path = out / f"{_stem(tables)}.rels.{rel.type}.csv"
    names = list(rel.properties)
    header = [
        f":START_ID({_space(tables, rel.source)})",
        f":END_ID({_space(tables, rel.target)})",
        *(f"{name}:{_kind(rel.properties[name])}" for name in names),
        ":TYPE",
    ]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        starts, ends = rel.start.tolist(), rel.end.tolist()
        props = [rel.properties[name] for name in names]
        for i in range(len(rel)):
            writer.writerow([starts[i], ends[i], *(_cell(p[i]) for p in props), rel.type])
    return path


def import_arguments(files: Iterable[Path]) -> list[str]:
    """``--nodes=`` / ``--relationships=`` arguments for the CSV files written here."""
    args = []
    for path in sorted(files):
        if ".nodes." in path.name:
            args.append(f"--nodes={path}")
        elif ".rels." in path.name:
            args.append(f"--relationships={path}")
    return [*args, f"--array-delimiter={ARRAY_DELIMITER}"]


_GRAPHML_TYPES = {"boolean": "boolean", "long": "long", "double": "double", "string": "string"}


def write_graphml(tables: GraphTables, out: Path) -> Path:
    """One GraphML file holding the graph's nodes and relationships."""
    path = out / f"{_stem(tables)}.graphml"
    node_keys: dict[str, str] = {"labels": "string", "graph": "string"}
    for table in tables.nodes:
        for name, values in table.columns.items():
            kind = _kind(values)
            node_keys.setdefault(name, _GRAPHML_TYPES.get(kind, "string"))
    edge_keys: dict[str, str] = {"label": "string"}
    for rel in tables.rels:
        for name, values in rel.properties.items():
            edge_keys.setdefault(name, _GRAPHML_TYPES.get(_kind(values), "string"))
    with path.open("w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write('<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n')
        for name, kind in node_keys.items():
            f.write(f'<key id="n_{name}" for="node" attr.name="{name}" attr.type="{kind}"/>\n')
        for name, kind in edge_keys.items():
            f.write(f'<key id="e_{name}" for="edge" attr.name="{name}" attr.type="{kind}"/>\n')
        f.write(f'<graph id={quoteattr(tables.game.id)} edgedefault="directed">\n')
        for table in tables.nodes:
            names = list(table.columns)
            for i in range(len(table)):
                f.write(f'<node id="{table.label}{i}">')
                f.write(f'<data key="n_labels">:{_labels(table, i).replace(";", ":")}</data>')
                f.write(f'<data key="n_graph">{escape(tables.game.id)}</data>')
                for name in names:
                    value = table.columns[name][i]
                    if value is not None:
                        f.write(f'<data key="n_{name}">{escape(_graphml_value(value))}</data>')
                f.write("</node>\n")
        for rel in tables.rels:
            starts, ends = rel.start.tolist(), rel.end.tolist()
            for i in range(len(rel)):
                f.write(
                    f'<edge source="{rel.source}{starts[i]}" target="{rel.target}{ends[i]}">'
                    f'<data key="e_label">{rel.type}</data>'
                )
                for name, values in rel.properties.items():
                    if values[i] is not None:
                        f.write(f'<data key="e_{name}">{escape(_graphml_value(values[i]))}</data>')
                f.write("</edge>\n")
        f.write("</graph>\n</graphml>\n")
    return path


def _graphml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return json.dumps(value)
    return str(value)
