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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

import numpy as np

from gamegraph.games._kernels import format_partitions
from gamegraph.games.fingerprint import fingerprint_text, node_sums, relationship_sums

__all__ = [
    "GRAPH_NODE",
    "Column",
    "GraphTables",
    "LazyColumn",
    "NodeTable",
    "RelTable",
    "absent_below_zero",
    "column_slice",
    "identifier",
    "partition_texts",
    "position_columns",
    "row_lists",
]

GRAPH_NODE = "GraphNode"
"""The label every loaded node carries besides its own (indexed on ``graph``)."""

_IDENTIFIER = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def identifier(name: str) -> str:
    """``name`` if it is a valid label, type or property name of the model (ValueError
    otherwise): what may be written into Cypher as a name."""
    if not _IDENTIFIER.match(name):
        raise ValueError(f"{name!r} is not a valid label, type or property name of the model")
    return name


@dataclass(frozen=True)
class LazyColumn:
    """A column computed slice by slice: the texts and lists of millions of positions are
    made a batch at a time, never all at once (a CSV export of B_80 holds one batch)."""

    length: int
    fetch: Callable[[int, int], list[Any]]  #: values of rows start..stop-1
    #: the same rows as CSV cells (arrays joined by the given delimiter), where the column
    #: makes them faster than from its values (the export's fast path; optional)
    cells: Callable[[int, int, str], list[str]] | None = None

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[Any]:
        for start in range(0, self.length, 65_536):
            yield from self.fetch(start, min(self.length, start + 65_536))

    def __getitem__(self, index: int | slice) -> Any:
        """One value, or a slice as a list (the column reads like a sequence)."""
        if isinstance(index, slice):
            start, stop, step = index.indices(self.length)
            return self.fetch(start, stop)[::step] if step != 1 else self.fetch(start, stop)
        if index < 0:
            index += self.length
        if not 0 <= index < self.length:
            raise IndexError(f"row {index} of a column of {self.length}")
        return self.fetch(index, index + 1)[0]


Column: TypeAlias = "list[Any] | np.ndarray | LazyColumn"
"""A column of a table: a list, a numpy array, or a :class:`LazyColumn`."""


def column_slice(column: Column, start: int, stop: int) -> list[Any]:
    """Rows start..stop-1 of a column as Python values."""
    if isinstance(column, LazyColumn):
        return column.fetch(start, min(stop, column.length))
    if isinstance(column, np.ndarray):
        values: list[Any] = column[start:stop].tolist()
        return values
    return column[start:stop]


@dataclass
class NodeTable:
    """Nodes of one label: property columns of equal length and flag labels (label -> one
    bool per node), set in the statement that creates the node."""

    label: str
    columns: Mapping[str, Column]
    flags: Mapping[str, Column] = field(default_factory=dict)

    def __post_init__(self) -> None:
        identifier(self.label)
        for name in [*self.columns, *self.flags]:
            identifier(name)
        lengths = {len(values) for values in [*self.columns.values(), *self.flags.values()]}
        if len(lengths) > 1:
            raise ValueError(f"{self.label}: columns of different lengths {sorted(lengths)}")

    def __len__(self) -> int:
        return len(next(iter(self.columns.values()))) if self.columns else 0

    def column(self, name: str, start: int = 0, stop: int | None = None) -> list[Any]:
        """One column (or a slice of it) as Python values."""
        return column_slice(self.columns[name], start, len(self) if stop is None else stop)

    def flag(self, name: str, start: int = 0, stop: int | None = None) -> list[bool]:
        return [bool(v) for v in column_slice(self.flags[name], start, stop or len(self))]

    def labels(self, start: int = 0, stop: int | None = None) -> list[list[str]]:
        """The flag labels of each node of a slice (possibly none), in the order of
        :attr:`flags`."""
        stop = len(self) if stop is None else min(stop, len(self))
        names = list(self.flags)
        if not names:
            return [[] for _ in range(start, stop)]
        on = zip(*(column_slice(self.flags[name], start, stop) for name in names), strict=True)
        return [[name for name, flag in zip(names, row, strict=True) if flag] for row in on]

    def rows(self, start: int = 0, stop: int | None = None) -> list[list[Any]]:
        """Positional rows ``[column 0, column 1, ..., [flag labels]]`` for a slice of nodes.

        The last element lists the node's flag labels (possibly none)."""
        stop = len(self) if stop is None else min(stop, len(self))
        cols = [column_slice(values, start, stop) for values in self.columns.values()]
        labels = self.labels(start, stop)
        return [[*values, own] for values, own in zip(zip(*cols, strict=True), labels, strict=True)]

    def sample(self, name: str) -> Any:
        """The first value of a column that is not None (None if there is none)."""
        for start in range(0, len(self), 4096):
            for value in self.column(name, start, start + 4096):
                if value is not None:
                    return value
        return None


@dataclass
class RelTable:
    """Relationships of one type between rows of two node tables (by row number)."""

    type: str
    source: str  #: label of the start table
    target: str  #: label of the end table
    start: np.ndarray
    end: np.ndarray
    properties: Mapping[str, Column] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in [self.type, self.source, self.target, *self.properties]:
            identifier(name)
        self.start = np.asarray(self.start, dtype=np.int64).reshape(-1)
        self.end = np.asarray(self.end, dtype=np.int64).reshape(-1)
        if self.start.shape != self.end.shape:
            raise ValueError(f"{self.type}: {self.start.shape[0]} starts, {self.end.shape[0]} ends")

    def __len__(self) -> int:
        return int(self.start.shape[0])

    def property(self, name: str, start: int = 0, stop: int | None = None) -> list[Any]:
        """One property column (or a slice of it) as Python values."""
        return column_slice(self.properties[name], start, len(self) if stop is None else stop)


class TabulatedGame(Protocol):
    """What the tables need of the game they tabulate (:class:`~gamegraph.games.base.Game`
    has it): its graph id and the graph in the papers' words."""

    @property
    def id(self) -> str: ...

    def describe(self) -> str: ...


@dataclass
class GraphTables:
    """One graph as tables, with the engine's summary (stored on its :Graph record)."""

    game: TabulatedGame
    nodes: list[NodeTable]
    rels: list[RelTable]
    summary: dict[str, Any]

    @property
    def node_count(self) -> int:
        return sum(len(t) for t in self.nodes)

    def expected_counts(self) -> dict[str, int]:
        """Nodes, and relationships by type, as the loader must find them in Neo4j."""
        counts = {"nodes": self.node_count}
        for rel in self.rels:
            counts[rel.type] = counts.get(rel.type, 0) + len(rel)
        return counts

    def fingerprint(self) -> str:
        """The content fingerprint Neo4j must compute from the stored graph
        (:mod:`gamegraph.games.fingerprint`): from every node's ``idx`` and the ``idx`` of
        each relationship's ends."""
        # sums, so each table and each slice of a relationship table is mixed apart (the
        # ends' idx of all of B_100's arcs at once would be 3 GiB)
        idx = {table.label: _idx_column(table) for table in self.nodes}
        node_part = [0, 0]
        for values in idx.values():
            node_part = [x + y for x, y in zip(node_part, node_sums(values), strict=True)]
        by_type: dict[str, list[int]] = {}
        for rel in self.rels:
            for lo in range(0, len(rel), _FINGERPRINT_ROWS):
                hi = lo + _FINGERPRINT_ROWS
                sums = relationship_sums(
                    idx[rel.source][rel.start[lo:hi]], idx[rel.target][rel.end[lo:hi]]
                )
                total = by_type.setdefault(rel.type, [0, 0])
                total[0], total[1] = total[0] + sums[0], total[1] + sums[1]
        return fingerprint_text(self.node_count, node_part, by_type)


_FINGERPRINT_ROWS = 1 << 20
"""Relationships whose ends' ``idx`` are looked up at a time by :meth:`GraphTables.fingerprint`."""


def _idx_column(table: NodeTable) -> np.ndarray:
    """A node table's ``idx`` column as int64 (every game's nodes carry one)."""
    if "idx" not in table.columns:
        raise ValueError(f"{table.label}: no idx column (the content fingerprint needs one)")
    values = table.columns["idx"]
    if isinstance(values, np.ndarray):
        return values.astype(np.int64, copy=False)
    return np.asarray(table.column("idx"), dtype=np.int64)


def partition_texts(
    parts: np.ndarray, offsets: np.ndarray, rows: np.ndarray, paper: bool
) -> list[str]:
    """Canonical keys (or paper notation) of many partitions, formatted by a compiled kernel.

    ``parts``/``offsets`` hold partitions as flat parts; ``rows`` picks which, in order."""
    if rows.shape[0] == 0:
        return []
    text = format_partitions(parts, offsets, rows.astype(np.int64), paper).tobytes().decode()
    return text.split("\n")[:-1]


def absent_below_zero(values: np.ndarray) -> LazyColumn:
    """A column of integers where a negative value means "none" (Neo4j stores no null)."""

    def fetch(a: int, b: int) -> list[Any]:
        return [None if v < 0 else v for v in values[a:b].tolist()]

    return LazyColumn(int(values.shape[0]), fetch)


def row_lists(
    values: np.ndarray,
    offsets: np.ndarray,
    rows: np.ndarray | None = None,
    *,
    empty_as_none: bool = False,
    cells: Callable[[int, int, str], list[str]] | None = None,
) -> LazyColumn:
    """Each row of ``values`` cut at ``offsets`` (``rows`` picks which, in order; default
    all) as a Python list, made a batch at a time (an empty row as ``None`` if asked: what
    neo4j-admin reads an empty list as); ``cells`` is the column's CSV fast path, if any."""
    picked = np.arange(len(offsets) - 1, dtype=np.int64) if rows is None else rows

    def fetch(a: int, b: int) -> list[Any]:
        chosen = picked[a:b]
        if chosen.shape[0] == 0:
            return []
        if np.all(np.diff(chosen) == 1):  # contiguous: one slice, split by the offsets
            lo, hi = int(offsets[chosen[0]]), int(offsets[chosen[-1] + 1])
            flat = values[lo:hi].tolist()
            cuts = (offsets[chosen[0] : chosen[-1] + 2] - lo).tolist()
            lists = [flat[cuts[i] : cuts[i + 1]] for i in range(len(cuts) - 1)]
        else:
            lists = [values[offsets[i] : offsets[i + 1]].tolist() for i in chosen.tolist()]
        return [row or None for row in lists] if empty_as_none else lists

    return LazyColumn(int(picked.shape[0]), fetch, cells)


def position_columns(
    n: int, parts: np.ndarray, offsets: np.ndarray, rows: np.ndarray
) -> dict[str, Column]:
    """n, idx, key, parts, notation, num_parts, largest for partitions given as flat parts
    (``rows`` picks which, in order); the texts and part lists are made a batch at a time."""
    rows = np.asarray(rows, dtype=np.int64)
    # counts and parts in the parts' own width, n one value seen as a column: int64 columns
    # of them held 24 bytes a position more than the graph's build (B_100's tables: 4.3 GiB)
    small = np.promote_types(parts.dtype, np.min_scalar_type(n))
    lengths = np.subtract(
        offsets[1:], offsets[:-1], out=np.empty(len(offsets) - 1, small), casting="unsafe"
    )
    firsts = np.zeros(len(lengths), small)
    some = np.flatnonzero(lengths)
    firsts[some] = parts[offsets[some]]

    def texts(paper: bool) -> LazyColumn:
        return LazyColumn(
            len(rows), lambda a, b: partition_texts(parts, offsets, rows[a:b], paper=paper)
        )

    def part_cells(a: int, b: int, delimiter: str) -> list[str]:
        keys = partition_texts(parts, offsets, rows[a:b], paper=False)
        return keys if delimiter == "," else [key.replace(",", delimiter) for key in keys]

    return {
        "n": np.broadcast_to(np.int64(n), rows.shape),
        "idx": rows,
        "key": texts(paper=False),
        "parts": row_lists(parts, offsets, rows, cells=part_cells),
        "notation": texts(paper=True),
        "num_parts": lengths[rows],
        "largest": firsts[rows],
    }
