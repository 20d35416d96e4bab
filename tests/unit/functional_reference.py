"""A second, independent analysis of functional graphs (networkx), shared by the game tests.

The engines analyse their graphs with one compiled kernel; this module recomputes cycles,
distances, Garden of Eden, components and basins with networkx and checks every field and
the summary of a :class:`gamegraph.games.engine.FunctionalGraph` against them.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import networkx as nx
import numpy as np

from gamegraph.games.engine.functional import FunctionalGraph
from gamegraph.games.engine.game import FUNCTIONAL_STATS as SUMMARY_KEYS


def assert_matches_networkx(graph: FunctionalGraph) -> None:
    """Every analysis array and summary value of ``graph`` agrees with networkx."""
    successor = [int(v) for v in graph.successor]
    size = len(successor)
    g = nx.DiGraph()
    g.add_nodes_from(range(size))
    g.add_edges_from(enumerate(successor))
    cycles = [
        frozenset(comp)
        for comp in nx.strongly_connected_components(g)
        if len(comp) > 1 or g.has_edge(next(iter(comp)), next(iter(comp)))
    ]
    cyclic = set().union(*cycles)
    distance = nx.multi_source_dijkstra_path_length(g.reverse(copy=False), cyclic)
    components = list(nx.weakly_connected_components(g))

    assert graph.size == size
    assert graph.cycle_count == len(cycles) == len(components)
    assert {frozenset(c.tolist()) for c in graph.cycles} == set(cycles)
    firsts = [int(c[0]) for c in graph.cycles]
    assert firsts == sorted(firsts), "cycle ids are numbered by first member in index order"
    for cycle in graph.cycles:
        members = cycle.tolist()
        assert members[0] == min(members)
        assert [successor[v] for v in members] == [*members[1:], members[0]]
    for cycle_id, cycle in enumerate(graph.cycles):
        component = next(comp for comp in components if int(cycle[0]) in comp)
        assert graph.basin_sizes[cycle_id] == len(component)
        assert all(graph.cycle_of[v] == cycle_id for v in component)
    assert [int(graph.distance[v]) for v in range(size)] == [distance[v] for v in range(size)]
    assert graph.in_degree.tolist() == [g.in_degree(v) for v in range(size)]
    assert graph.garden_of_eden.tolist() == [g.in_degree(v) == 0 for v in range(size)]
    assert graph.on_cycle.tolist() == [v in cyclic for v in range(size)]
    longest = max(distance.values())
    assert set(graph.farthest().tolist()) == {v for v in range(size) if distance[v] == longest}
    for v in range(0, size, max(1, size // 50)):
        path = graph.trajectory(v)
        assert len(path) == distance[v] + 1
        assert path[-1] in cyclic and all(p not in cyclic for p in path[:-1])
        assert all(successor[a] == b for a, b in pairwise(path))

    summary = graph.summary()
    assert tuple(summary) == SUMMARY_KEYS
    lengths = Counter(len(c) for c in cycles)
    assert summary == {
        "positions": size,
        "cycles": len(cycles),
        "cycle_lengths": dict(sorted(lengths.items())),
        "components": len(components),
        "garden_of_eden": sum(1 for v in range(size) if g.in_degree(v) == 0),
        "fixed_points": sum(1 for v in range(size) if successor[v] == v),
        "max_transient": longest,
    }
    assert np.array_equal(graph.cycle_lengths, [len(c) for c in graph.cycles])
