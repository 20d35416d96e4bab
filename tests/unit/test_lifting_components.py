"""Q's weak components as verify recomputes them from the LIFTS_TO relationships it read
(gamegraph/games/lifting/checks.py): the same partition networkx finds, for random lift
graphs, isolated cycles and lifts to a 4-cycle beyond the rows included."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from gamegraph.games.lifting.checks import _weak_components

keys = st.sampled_from([f"c{i}" for i in range(12)])


@settings(max_examples=200)
@given(st.sets(keys, min_size=1), st.lists(st.tuples(keys, keys), max_size=20))
def test_the_components_are_networkx_weak_components(
    nodes: set[str], lifts: list[tuple[str, str]]
) -> None:
    rows = {key: {"lifts": []} for key in nodes}
    graph = nx.DiGraph()
    graph.add_nodes_from(nodes)
    for source, target in lifts:
        if source in rows:  # a lift is read from the row of its source
            rows[source]["lifts"].append({"target": target})
            graph.add_edge(source, target)
    expected = {frozenset(c) for c in nx.weakly_connected_components(graph) if c & nodes}
    found = _weak_components(rows)
    assert set(found) == expected
    assert len(found) == len(expected)  # each once
