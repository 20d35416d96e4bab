"""Graph types and their analyses, each written once (networkx's style: one function per
analysis over one of two array types), knowing nothing of Neo4j or of any game.

    >>> from gamegraph.core import graphs as G
    >>> g = G.ArcGraph.from_rows([[1], [0, 2], []])
    >>> G.outcomes(g).tolist()        # 2 is N, 1 is P
    [1, 2, 1]
    >>> G.loopy_values(G.ArcGraph.from_rows([[1], [0]])).labels()
    ['∞', '∞']

Types (:mod:`.types`): :class:`FunctionalGraph` (one move per node) and :class:`ArcGraph`
(CSR). Structure (:mod:`.analysis`): degrees, arc sources, reverse, strongly and weakly
connected components, recurrent nodes, shortest paths, farthest nodes, and a functional
graph's cycles, periods, Garden of Eden, distances and basins. Play (:mod:`.play`):
outcomes, Sprague-Grundy values, Smith's loopy values, disjunctive sums.
"""

from gamegraph.core.graphs.analysis import (
    FunctionalAnalysis,
    arc_sources,
    component_periods,
    distance_to,
    farthest,
    functional_analysis,
    in_degree,
    out_degree,
    recurrent,
    reverse,
    shortest_path_lengths,
    strongly_connected_components,
    weak_components,
)
from gamegraph.core.graphs.play import (
    DRAW,
    INFINITE,
    LOSS,
    WIN,
    LoopyValues,
    disjunctive_sum,
    grundy,
    infinity_label,
    loopy_values,
    outcomes,
    sum_rule,
)
from gamegraph.core.graphs.types import (
    ArcGraph,
    FunctionalGraph,
    GraphArrayError,
    as_arcs,
    index_dtype,
)

__all__ = [
    "DRAW",
    "INFINITE",
    "LOSS",
    "WIN",
    "ArcGraph",
    "FunctionalAnalysis",
    "FunctionalGraph",
    "GraphArrayError",
    "LoopyValues",
    "arc_sources",
    "as_arcs",
    "component_periods",
    "disjunctive_sum",
    "distance_to",
    "farthest",
    "functional_analysis",
    "grundy",
    "in_degree",
    "index_dtype",
    "infinity_label",
    "loopy_values",
    "out_degree",
    "outcomes",
    "recurrent",
    "reverse",
    "shortest_path_lengths",
    "strongly_connected_components",
    "sum_rule",
    "weak_components",
]
