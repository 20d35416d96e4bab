"""Structural analyses of the two graph types, each one function (networkx's style).

Degrees, arc sources, the reverse graph; strongly and weakly connected components and the
components' periods; the recurrent nodes (on a cycle); shortest-path lengths and the
farthest nodes; and, for a functional graph, its cycles and periods, Garden of Eden, distance
to the cycles and basins (:func:`functional_analysis`, one linear pass). Each is written once
here and checked against networkx in ``tests/unit/test_core_graphs.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gamegraph.core.graphs import _kernels as k
from gamegraph.core.graphs.types import ArcGraph, FunctionalGraph, GraphArrayError, as_arcs

__all__ = [
    "FunctionalAnalysis",
    "arc_sources",
    "component_periods",
    "distance_to",
    "farthest",
    "functional_analysis",
    "in_degree",
    "out_degree",
    "recurrent",
    "reverse",
    "shortest_path_lengths",
    "strongly_connected_components",
    "weak_components",
]

Graph = FunctionalGraph | ArcGraph


def out_degree(graph: Graph) -> np.ndarray:
    """Number of moves from each node."""
    return as_arcs(graph).out_degree


def in_degree(graph: Graph) -> np.ndarray:
    """Number of arcs into each node."""
    return as_arcs(graph).in_degree


def arc_sources(graph: Graph) -> np.ndarray:
    """The source of every arc, in arc order (the COO companion of ``indices``)."""
    return as_arcs(graph).sources


def reverse(graph: Graph) -> ArcGraph:
    """The graph with every arc reversed (each row's sources sorted)."""
    return as_arcs(graph).transpose


def strongly_connected_components(graph: Graph) -> np.ndarray:
    """Strongly connected component id of every node (Tarjan, iterative). Ids are in order of
    completion: a component's id is larger than those of the components it can reach."""
    arcs = as_arcs(graph)
    return np.asarray(k.strongly_connected_components(arcs.indptr, arcs.indices))


def _per_node(arcs: ArcGraph, values: np.ndarray | None, what: str) -> np.ndarray | None:
    """``values`` (one per node) checked to be as many as the graph's nodes."""
    if values is None:
        return None
    array = np.asarray(values)
    if array.shape != (arcs.size,):
        raise GraphArrayError(
            f"{what} must hold one value for each of the {arcs.size} nodes, not shape {array.shape}"
        )
    return array


def _node(arcs: ArcGraph, v: int) -> int:
    if not isinstance(v, int | np.integer) or not 0 <= v < arcs.size:
        raise GraphArrayError(f"node {v!r} is outside 0..{arcs.size - 1}")
    return int(v)


def component_periods(graph: Graph, scc: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """For each strongly connected component (by id of ``scc``, computed when not given):
    whether it is closed (no arc leaves it) and its period, the gcd of its cycles' lengths
    (0 for a single node without a loop). A Markov chain's class periods, a functional
    graph's cycle lengths."""
    arcs = as_arcs(graph)
    scc = _per_node(arcs, scc, "scc")
    if scc is None:
        scc = strongly_connected_components(arcs)
    comps = int(scc.max()) + 1 if scc.shape[0] else 0
    closed, period = k.component_periods(arcs.indptr, arcs.indices, scc, comps)
    return np.asarray(closed), np.asarray(period)


def weak_components(graph: Graph) -> np.ndarray:
    """Weakly connected component id of every node, ids numbered by first member."""
    arcs = as_arcs(graph)
    return np.asarray(k.weak_components(arcs.indptr, arcs.indices))


def recurrent(graph: Graph, scc: np.ndarray | None = None) -> np.ndarray:
    """Nodes on a cycle: in a strongly connected component of two or more nodes, or with a
    loop (``scc``: :func:`strongly_connected_components`, when already at hand)."""
    arcs = as_arcs(graph)
    scc = _per_node(arcs, scc, "scc")
    if scc is None:
        scc = strongly_connected_components(arcs)
    sizes = np.bincount(scc)
    loops = np.zeros(arcs.size, dtype=bool)
    sources = arc_sources(arcs)
    loops[sources[sources == arcs.indices]] = True
    return np.asarray((sizes[scc] >= 2) | loops)


def distance_to(graph: Graph, targets: np.ndarray) -> np.ndarray:
    """Least number of moves from each node to the ``targets`` (a boolean mask), -1 where
    none can be reached (a breadth-first search on the reverse graph)."""
    mask = _per_node(as_arcs(graph), targets, "targets (a mask)")
    back = reverse(graph)
    return np.asarray(k.reverse_bfs(back.indptr, back.indices, np.asarray(mask, dtype=bool)))


def shortest_path_lengths(graph: Graph, source: int) -> np.ndarray:
    """Least number of moves from ``source`` to each node, -1 where it cannot be reached."""
    arcs = as_arcs(graph)
    seeds = np.zeros(arcs.size, dtype=bool)
    seeds[_node(arcs, source)] = True
    return np.asarray(k.reverse_bfs(arcs.indptr, arcs.indices, seeds))


def farthest(graph: Graph, source: int) -> tuple[int, np.ndarray]:
    """The eccentricity of ``source`` (the most moves a shortest path from it takes) and the
    nodes that far, in index order."""
    lengths = shortest_path_lengths(graph, source)
    most = int(lengths.max())
    return most, np.flatnonzero(lengths == most)


@dataclass(frozen=True)
class FunctionalAnalysis:
    """A functional graph's analysis, every array indexed by node."""

    in_degree: np.ndarray  #: number of predecessors (0: the Garden of Eden)
    cycle_of: np.ndarray  #: id of the cycle the trajectory ends in (ids by first member)
    distance: np.ndarray  #: moves to reach that cycle (0 on it)
    cycle_count: int

    @property
    def garden_of_eden(self) -> np.ndarray:
        """Nodes with no predecessor."""
        return np.asarray(self.in_degree == 0)

    @property
    def on_cycle(self) -> np.ndarray:
        """Nodes on a cycle."""
        return np.asarray(self.distance == 0)

    @property
    def periods(self) -> np.ndarray:
        """The length of each cycle, by cycle id."""
        return np.bincount(self.cycle_of[self.on_cycle], minlength=self.cycle_count)

    @property
    def basin_sizes(self) -> np.ndarray:
        """Nodes whose trajectory ends in each cycle (its members included), by cycle id;
        each basin is one weak component."""
        return np.bincount(self.cycle_of, minlength=self.cycle_count)

    def cycles(self, graph: FunctionalGraph) -> list[np.ndarray]:
        """The members of each cycle (by id), in move order from its smallest node."""
        if self.cycle_count == 0:
            return []
        members = k.cycle_members(graph.successor, self.cycle_of, self.distance, self.cycle_count)
        return list(np.split(members, np.cumsum(self.periods)[:-1]))


def functional_analysis(graph: FunctionalGraph) -> FunctionalAnalysis:
    """In-degrees, cycles, distance to the cycles and basins of a functional graph, in one
    linear pass (peeling the nodes of in-degree 0, Kahn's way: what is left is the cycles).
    The in-degree and cycle arrays take the successor array's integer type."""
    successor = graph.successor
    size = graph.size
    in_deg = np.zeros(size, dtype=successor.dtype)
    cycle_of = np.empty(size, dtype=successor.dtype)
    distance = np.empty(size, dtype=np.int32)
    count = int(k.functional_graph_analysis(successor, in_deg, cycle_of, distance))
    return FunctionalAnalysis(in_deg, cycle_of, distance, count)
