"""Generic analysis of a functional graph: a deterministic map i -> successor[i] on 0..N-1.

Every position of Bulgarian-type solitaires (Carolina, Austrian, Montreal, Dual) has exactly
one move, so their game graphs are functional graphs and share one analysis (SPEC-games.md
§0): in-degrees, the cycles (one per weakly connected component), the cycle every position
ends in and its distance to it, the Garden of Eden (no predecessor), basins, the longest
transients. It is linear in N: the graph core's :func:`gamegraph.core.graphs.functional_analysis`.

Semantics: cycle ids are numbered by their first member in index order; ``distance`` is 0 on
a cycle; a cycle is listed in move order starting from its smallest index. A game's graph
(:class:`~gamegraph.games.engine.graphs.FunctionalGameGraph`) adds its positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Self

import numpy as np

from gamegraph.core import graphs as core
from gamegraph.core.graphs import index_dtype
from gamegraph.errors import InputError
from gamegraph.games.limits import TooLargeError

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "NETWORKX_LIMIT",
    "FunctionalGraph",
    "PositionIndexError",
    "analysis_bytes_per_position",
    "index_dtype",
]


NETWORKX_LIMIT = 200_000
"""Most positions :meth:`FunctionalGraph.to_networkx` turns into a networkx graph (a Python
object per node and arc: about 1 KiB each)."""


class PositionIndexError(InputError, IndexError):
    """A position index outside 0..size-1."""


def analysis_bytes_per_position(size: int) -> int:
    """Peak bytes per position of :meth:`FunctionalGraph.from_successor`.

    Successor, in-degree, cycle id and distance (4 bytes each when indices fit int32), plus
    the kernel's scratch while it runs: remaining in-degrees (a copy) and the peeling order
    (int64).
    """
    width = np.dtype(index_dtype(size)).itemsize
    return 3 * width + 4 + width + 8


@dataclass(frozen=True, eq=False)
class FunctionalGraph(core.FunctionalGraph):
    """A functional graph (the core's type) with its analysis; every array is indexed by
    position index."""

    in_degree: np.ndarray  #: number of predecessors
    cycle_of: np.ndarray  #: id of the cycle the trajectory ends in (ids by first member)
    distance: np.ndarray  #: moves to reach that cycle (0 on it)
    cycle_count: int

    @classmethod
    def from_successor(cls, successor: Any, *, narrow: bool = True, **fields: Any) -> Self:
        """Analyse the map ``successor`` (checked by the core's type to map 0..N-1 into
        itself: :class:`~gamegraph.core.graphs.GraphArrayError`), narrowed to
        :func:`index_dtype` unless ``narrow`` is false (an engine's own array, already so).

        ``fields`` are the extra dataclass fields of a subclass (n, parameters, tables).
        """
        graph = core.FunctionalGraph(successor)
        if narrow:
            graph = core.FunctionalGraph(
                graph.successor.astype(index_dtype(graph.size), copy=False)
            )
        analysis = core.functional_analysis(graph)
        return cls(
            successor=graph.successor,
            in_degree=analysis.in_degree,
            cycle_of=analysis.cycle_of,
            distance=analysis.distance,
            cycle_count=analysis.cycle_count,
            **fields,
        )

    @cached_property
    def analysis(self) -> core.FunctionalAnalysis:
        """The analysis as the graph core's type (cycles, periods, Eden, basins)."""
        return core.FunctionalAnalysis(
            self.in_degree, self.cycle_of, self.distance, self.cycle_count
        )

    def check_index(self, index: int) -> int:
        """``index`` as an int, or PositionIndexError when it is not a position index."""
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise PositionIndexError(f"a position index is an integer, not {index!r}")
        if not 0 <= index < self.size:
            raise PositionIndexError(
                f"position index {index} is out of range: the positions are 0..{self.size - 1}"
            )
        return int(index)

    # ----------------------------------------------------------------- analysis

    @cached_property
    def on_cycle(self) -> np.ndarray:
        """Positions on a cycle (recurrent)."""
        return self.analysis.on_cycle

    @cached_property
    def garden_of_eden(self) -> np.ndarray:
        """Positions with no predecessor."""
        return self.analysis.garden_of_eden

    @cached_property
    def cycle_lengths(self) -> np.ndarray:
        """Length of each cycle (its period), by cycle id."""
        return self.analysis.periods

    @cached_property
    def cycles(self) -> list[np.ndarray]:
        """Members of each cycle (by id) in move order, starting from its smallest index."""
        return self.analysis.cycles(self)

    @cached_property
    def basin_sizes(self) -> np.ndarray:
        """Positions whose trajectory ends in each cycle (members included), by cycle id."""
        return self.analysis.basin_sizes

    @property
    def max_transient(self) -> int:
        """The longest distance to a cycle (the longest transient)."""
        return int(self.distance.max()) if self.size else 0

    @property
    def fixed_points(self) -> int:
        """Number of positions mapped to themselves."""
        return int(np.count_nonzero(self.successor == np.arange(self.size)))

    def farthest(self) -> np.ndarray:
        """Positions of maximum distance to their cycle."""
        return np.flatnonzero(self.distance == self.max_transient)

    def trajectory(self, index: int) -> list[int]:
        """Indices from a position to its cycle entry (the first cyclic position), inclusive."""
        path = [self.check_index(index)]
        for _ in range(int(self.distance[path[0]])):
            path.append(int(self.successor[path[-1]]))
        return path

    def keys(self) -> list[str]:
        """The key of every position in index order (a game's graph writes its positions;
        a bare map has only its indices)."""
        return [str(i) for i in range(self.size)]

    def to_networkx(self) -> nx.DiGraph:
        """The graph as a networkx DiGraph for small graphs: nodes are the positions' keys,
        with ``idx``, ``cycle``, ``distance``, ``recurrent`` and ``garden_of_eden``; one arc
        per move. TooLargeError (an InputError) over :data:`NETWORKX_LIMIT` positions."""
        import networkx as nx

        if self.size > NETWORKX_LIMIT:
            raise TooLargeError(
                f"{self.size:,} positions are too many for networkx (at most "
                f"{NETWORKX_LIMIT:,}): use the arrays, or load the graph into Neo4j"
            )
        keys = self.keys()
        graph = nx.DiGraph()
        columns = zip(
            keys,
            self.cycle_of.tolist(),
            self.distance.tolist(),
            self.on_cycle.tolist(),
            self.garden_of_eden.tolist(),
            strict=True,
        )
        graph.add_nodes_from(
            (key, {"idx": i, "cycle": c, "distance": d, "recurrent": r, "garden_of_eden": e})
            for i, (key, c, d, r, e) in enumerate(columns)
        )
        graph.add_edges_from(zip(keys, (keys[j] for j in self.successor.tolist()), strict=True))
        return graph

    def summary(self) -> dict[str, Any]:
        """The analysis in numbers (JSON-ready), keys
        :data:`~gamegraph.games.engine.game.FUNCTIONAL_STATS` in that order."""
        lengths, counts = np.unique(self.cycle_lengths, return_counts=True)
        return {
            "positions": self.size,
            "cycles": self.cycle_count,
            "cycle_lengths": {int(a): int(b) for a, b in zip(lengths, counts, strict=True)},
            # each weak component of a functional graph holds exactly one cycle
            "components": self.cycle_count,
            "garden_of_eden": int(np.count_nonzero(self.garden_of_eden)),
            "fixed_points": self.fixed_points,
            "max_transient": self.max_transient,
        }
