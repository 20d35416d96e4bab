"""The two graph types every game graph is one of, as compact arrays.

- :class:`FunctionalGraph`: one move from every node, ``successor[i]`` (the solitaires:
  Bulgarian, Carolina, Austrian, Montreal, Dual, a defined functional solitaire);
- :class:`ArcGraph`: any number of moves, CSR ``indptr`` and ``indices`` (choice solitaires,
  impartial and two-player games).

Nodes are the integers 0..N-1 (a game's positions by index). The analyses are module-level
functions over these types (:mod:`.analysis`, :mod:`.play`), as networkx's are over its graphs;
a game's graph class may subclass a type to add its positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.core.graphs import _kernels as k
from gamegraph.errors import InputError

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["ArcGraph", "FunctionalGraph", "GraphArrayError", "as_arcs", "index_dtype"]


class GraphArrayError(InputError):
    """Arrays that are not a graph on 0..N-1 (a target out of range, a bad CSR): refused when
    a graph is made, since the compiled analyses would read past the arrays' ends."""


def _integers(name: str, values: Any) -> np.ndarray:
    """``values`` as a one-dimensional integer array (an empty one of any type as int64)."""
    array = np.asarray(values)
    if array.ndim == 1 and array.shape[0] == 0 and array.dtype.kind not in "iu":
        array = array.astype(np.int64)
    if array.ndim != 1 or array.dtype.kind not in "iu":
        raise GraphArrayError(
            f"{name} must be a one-dimensional array of integers, not {array.dtype} of "
            f"shape {array.shape}"
        )
    return array


def _check_targets(targets: np.ndarray, size: int) -> None:
    if targets.shape[0] and (int(targets.min()) < 0 or int(targets.max()) >= size):
        raise GraphArrayError(
            f"a move leads outside 0..{size - 1}: the targets run "
            f"{int(targets.min())}..{int(targets.max())}"
        )


def index_dtype(size: int) -> type[np.signedinteger[Any]]:
    """int32 for indices below 2**31 (half the memory), else int64."""
    return np.int32 if size < 2**31 else np.int64


@dataclass(frozen=True, eq=False)
class FunctionalGraph:
    """A functional graph: node i moves to ``successor[i]``, and nowhere else."""

    successor: np.ndarray  #: the one move from each node (an index)

    def __post_init__(self) -> None:
        """The successor array as given (any integer type; a list becomes an array), checked
        to map 0..N-1 into itself: :class:`GraphArrayError` otherwise."""
        successor = _integers("a successor array", self.successor)
        _check_targets(successor, successor.shape[0])
        object.__setattr__(self, "successor", successor)

    @property
    def size(self) -> int:
        """Number of nodes."""
        return int(self.successor.shape[0])

    @cached_property
    def arc_graph(self) -> ArcGraph:
        """The same graph as an arc graph (one arc per node)."""
        return ArcGraph(np.arange(self.size + 1, dtype=np.int64), self.successor)


@dataclass(frozen=True, eq=False)
class ArcGraph:
    """A directed graph in CSR form: the moves of node v are
    ``indices[indptr[v]:indptr[v + 1]]`` (int64 offsets, N + 1 of them)."""

    indptr: np.ndarray  #: row offsets, length N + 1
    indices: np.ndarray  #: the targets, row by row

    def __post_init__(self) -> None:
        """The arrays checked to be a CSR graph on 0..N-1 (offsets from 0 to the number of
        arcs, never decreasing; every target a node): :class:`GraphArrayError` otherwise.
        ``indptr`` becomes int64; ``indices`` keeps its integer type."""
        indptr = _integers("indptr", self.indptr).astype(np.int64, copy=False)
        indices = _integers("indices", self.indices)
        if (
            indptr.shape[0] == 0
            or indptr[0] != 0
            or indptr[-1] != indices.shape[0]
            or bool((indptr[1:] < indptr[:-1]).any())
        ):
            raise GraphArrayError(
                f"indptr must run from 0 to the number of arcs ({indices.shape[0]}) without "
                "decreasing"
            )
        _check_targets(indices, indptr.shape[0] - 1)
        object.__setattr__(self, "indptr", indptr)
        object.__setattr__(self, "indices", indices)

    @classmethod
    def from_arcs(cls, size: int, sources: Any, targets: Any) -> ArcGraph:
        """The graph on 0..size-1 with arcs sources[i] -> targets[i] (rows keep their
        given order; parallel arcs are kept)."""
        src = np.asarray(sources, dtype=np.int64).reshape(-1)
        dst = np.asarray(targets, dtype=np.int64).reshape(-1)
        if src.shape != dst.shape:
            raise GraphArrayError(f"{src.shape[0]} sources for {dst.shape[0]} targets")
        if src.shape[0] and (int(src.min()) < 0 or int(src.max()) >= size):
            raise GraphArrayError(f"an arc's source is outside 0..{size - 1}")
        order = np.argsort(src, kind="stable")
        indptr = np.zeros(size + 1, dtype=np.int64)
        np.cumsum(np.bincount(src, minlength=size), out=indptr[1:])
        return cls(indptr, dst[order])

    @classmethod
    def from_rows(cls, rows: Any) -> ArcGraph:
        """The graph whose node v moves to the nodes of ``rows[v]`` (an iterable of
        iterables of ints, such as a list of lists)."""
        lists = [list(map(int, row)) for row in rows]
        indptr = np.zeros(len(lists) + 1, dtype=np.int64)
        np.cumsum([len(row) for row in lists], out=indptr[1:])
        flat = np.fromiter((t for row in lists for t in row), dtype=np.int64, count=indptr[-1])
        return cls(indptr, flat)

    @property
    def size(self) -> int:
        """Number of nodes."""
        return int(self.indptr.shape[0] - 1)

    @property
    def arc_count(self) -> int:
        """Number of arcs."""
        return int(self.indices.shape[0])

    @cached_property
    def out_degree(self) -> np.ndarray:
        """Number of moves from each node (computed once)."""
        return np.diff(self.indptr)

    @cached_property
    def in_degree(self) -> np.ndarray:
        """Number of arcs into each node (computed once)."""
        return np.bincount(self.indices, minlength=self.size)

    @cached_property
    def sources(self) -> np.ndarray:
        """The source of every arc, in arc order (the COO companion of ``indices``)."""
        return np.repeat(np.arange(self.size), self.out_degree)

    def row(self, v: int) -> np.ndarray:
        """The moves of node v."""
        return np.asarray(self.indices[self.indptr[v] : self.indptr[v + 1]])

    @cached_property
    def transpose(self) -> ArcGraph:
        """Every arc reversed (sources sorted within each row); computed once."""
        return ArcGraph(*k.reverse_csr(self.indptr, self.indices, self.size))

    def to_networkx(self) -> nx.DiGraph:
        """A networkx DiGraph on 0..N-1 (for small graphs and for the tests)."""
        import networkx as nx

        graph = nx.DiGraph()
        graph.add_nodes_from(range(self.size))
        graph.add_edges_from(zip(self.sources.tolist(), self.indices.tolist(), strict=True))
        return graph


def as_arcs(graph: FunctionalGraph | ArcGraph) -> ArcGraph:
    """Either graph type as an arc graph (a functional graph's one arc per node)."""
    return graph.arc_graph if isinstance(graph, FunctionalGraph) else graph
