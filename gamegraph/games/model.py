"""The graph model as tables: what a loaded graph puts into Neo4j, computed without Neo4j.

Each game turns its analysis into :class:`GraphTables` (:meth:`gamegraph.games.base.Game.tables`);
the online loader (:mod:`gamegraph.loader.writer`) and the export to neo4j-admin CSV and
GraphML (:mod:`gamegraph.loader.export`) both consume them, so the two routes cannot drift.
docs/schema.md describes every game's labels, properties and relationship types.

Every node a load creates also carries the label :data:`GRAPH_NODE` and the property
``graph`` (the graph id): that is how the loader counts, checks and deletes the nodes of any
game's graph with the same few statements.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.games._kernels import format_partitions

if TYPE_CHECKING:
    from gamegraph.games.base import Game

__all__ = [
    "GRAPH_NODE",
    "GraphTables",
    "NodeTable",
    "RelTable",
    "iter_batches",
    "partition_texts",
    "position_columns",
]

GRAPH_NODE = "GraphNode"
"""The label every loaded node carries besides its own (indexed on ``graph``)."""

_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def _identifier(name: str) -> str:
    if not _IDENTIFIER.match(name):
        raise ValueError(f"{name!r} is not a valid label, type or property name of the model")
    return name


@dataclass
class NodeTable:
    """Nodes of one label: property columns of equal length and flag labels (label -> one
    bool per node), set in the statement that creates the node."""

    label: str
    columns: dict[str, list[Any]]
    flags: dict[str, list[bool]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _identifier(self.label)
        for name in [*self.columns, *self.flags]:
            _identifier(name)
        lengths = {len(values) for values in [*self.columns.values(), *self.flags.values()]}
        if len(lengths) > 1:
            raise ValueError(f"{self.label}: columns of different lengths {sorted(lengths)}")

    def __len__(self) -> int:
        return len(next(iter(self.columns.values()))) if self.columns else 0

    def rows(self, start: int = 0, stop: int | None = None) -> list[list[Any]]:
        """Positional rows ``[column 0, column 1, ..., [flag labels]]`` for a slice of nodes.

        The last element lists the node's flag labels (possibly none)."""
        cols = [values[start:stop] for values in self.columns.values()]
        names = list(self.flags)
        flag_cols = [flags[start:stop] for flags in self.flags.values()]
        if not names:
            return [[*values, []] for values in zip(*cols, strict=True)]
        return [
            [*values, [name for name, flag in zip(names, flags, strict=True) if flag]]
            for values, flags in zip(
                zip(*cols, strict=True), zip(*flag_cols, strict=True), strict=True
            )
        ]

    def labels_of(self, row: int) -> list[str]:
        return [self.label, *(label for label, flags in self.flags.items() if flags[row])]


@dataclass
class RelTable:
    """Relationships of one type between rows of two node tables (by row number)."""

    type: str
    source: str  #: label of the start table
    target: str  #: label of the end table
    start: np.ndarray
    end: np.ndarray
    properties: dict[str, list[Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in [self.type, self.source, self.target, *self.properties]:
            _identifier(name)
        self.start = np.asarray(self.start, dtype=np.int64).reshape(-1)
        self.end = np.asarray(self.end, dtype=np.int64).reshape(-1)
        if self.start.shape != self.end.shape:
            raise ValueError(f"{self.type}: {self.start.shape[0]} starts, {self.end.shape[0]} ends")

    def __len__(self) -> int:
        return int(self.start.shape[0])


@dataclass
class GraphTables:
    """One graph as tables, with the engine's summary (stored on its :Graph record)."""

    game: Game
    nodes: list[NodeTable]
    rels: list[RelTable]
    summary: dict[str, Any]

    def node_table(self, label: str) -> NodeTable:
        return next(table for table in self.nodes if table.label == label)

    @property
    def node_count(self) -> int:
        return sum(len(t) for t in self.nodes)

    @property
    def rel_count(self) -> int:
        return sum(len(t) for t in self.rels)

    def expected_counts(self) -> dict[str, int]:
        """Nodes, and relationships by type, as the loader must find them in Neo4j."""
        counts = {"nodes": self.node_count}
        for rel in self.rels:
            counts[rel.type] = counts.get(rel.type, 0) + len(rel)
        return counts


def partition_texts(
    parts: np.ndarray, offsets: np.ndarray, rows: np.ndarray, paper: bool
) -> list[str]:
    """Canonical keys (or paper notation) of many partitions, formatted by a compiled kernel.

    ``parts``/``offsets`` hold partitions as flat parts; ``rows`` picks which, in order."""
    if rows.shape[0] == 0:
        return []
    text = format_partitions(parts, offsets, rows.astype(np.int64), paper).tobytes().decode()
    return text.split("\n")[:-1]


def position_columns(
    n: int, parts: np.ndarray, offsets: np.ndarray, rows: np.ndarray
) -> dict[str, list[Any]]:
    """n, idx, key, parts, notation, num_parts, largest for partitions given as flat parts."""
    flat = parts.tolist()
    bounds = offsets.tolist()
    lists = [flat[bounds[i] : bounds[i + 1]] for i in rows.tolist()]
    return {
        "n": [n] * len(lists),
        "idx": rows.tolist(),
        "key": partition_texts(parts, offsets, rows, paper=False),
        "parts": lists,
        "notation": partition_texts(parts, offsets, rows, paper=True),
        "num_parts": [len(part) for part in lists],
        "largest": [part[0] if part else 0 for part in lists],
    }


def iter_batches(length: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, length, size):
        yield start, min(length, start + size)
