"""The graph core's analyses against independent references: networkx on every structural
analysis, a naive fixed point for the outcomes, networkx's topological order for the
Sprague-Grundy values, and, for Smith's loopy values and the sums, the brute force that
defines them: v has value a exactly when v + *a (a nim heap) is a P-position, and value ∞_K
when no such a exists, K being the a for which v + *a is an N-position."""

from __future__ import annotations

import math
from typing import NamedTuple

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from loopy_reference import brute_values, naive_outcomes

from gamegraph.core import graphs as G

SETTINGS = settings(max_examples=150, deadline=None)


class Drawn(NamedTuple):
    """A graph made by the code under test, and the networkx graph of the arcs hypothesis drew
    for it (built from the draw, never from the graph)."""

    graph: G.ArcGraph
    ref: nx.DiGraph


class DrawnFunctional(NamedTuple):
    graph: G.FunctionalGraph
    ref: nx.DiGraph


def _digraph(size: int, arcs: list[tuple[int, int]]) -> nx.DiGraph:
    ref = nx.DiGraph()
    ref.add_nodes_from(range(size))
    ref.add_edges_from(arcs)
    return ref


@st.composite
def arc_graphs(draw: st.DrawFn, max_size: int = 9) -> Drawn:
    """A random directed graph on 1..max_size nodes, loops and cycles allowed."""
    size = draw(st.integers(1, max_size))
    arcs = draw(
        st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)), max_size=3 * size)
    )
    arcs = sorted(set(arcs))
    graph = G.ArcGraph.from_arcs(size, [a for a, _ in arcs], [b for _, b in arcs])
    return Drawn(graph, _digraph(size, arcs))


@st.composite
def functional_graphs(draw: st.DrawFn) -> DrawnFunctional:
    size = draw(st.integers(1, 30))
    successor = draw(st.lists(st.integers(0, size - 1), min_size=size, max_size=size))
    graph = G.FunctionalGraph(np.asarray(successor, dtype=np.int64))
    return DrawnFunctional(graph, _digraph(size, list(enumerate(successor))))


def _csr_arcs(graph: G.ArcGraph) -> list[tuple[int, int]]:
    """A graph's arcs read straight off its CSR arrays, row by row."""
    ptr, idx = graph.indptr.tolist(), graph.indices.tolist()
    return [(v, idx[i]) for v in range(len(ptr) - 1) for i in range(ptr[v], ptr[v + 1])]


def _rows(ref: nx.DiGraph) -> list[list[int]]:
    return [sorted(ref.successors(v)) for v in range(ref.number_of_nodes())]


def _partition(labels: np.ndarray) -> set[frozenset[int]]:
    return {frozenset(np.flatnonzero(labels == c).tolist()) for c in np.unique(labels)}


# --------------------------------------------------------------------------- structure


@SETTINGS
@given(arc_graphs())
def test_degrees_sources_and_reverse_are_networkx_s(drawn: Drawn) -> None:
    g, ref = drawn
    assert G.out_degree(g).tolist() == [ref.out_degree(v) for v in range(g.size)]
    assert G.in_degree(g).tolist() == [ref.in_degree(v) for v in range(g.size)]
    pairs = list(zip(G.arc_sources(g).tolist(), g.indices.tolist(), strict=True))
    assert pairs == sorted(ref.edges)  # the drawn arcs, given sorted, in their order
    back = G.reverse(g)
    assert sorted(_csr_arcs(back)) == sorted(ref.reverse().edges)
    assert all(np.all(np.diff(back.row(v)) >= 0) for v in range(back.size))


@SETTINGS
@given(arc_graphs())
def test_from_arcs_and_to_networkx_keep_the_drawn_arcs(drawn: Drawn) -> None:
    g, ref = drawn
    assert g.size == ref.number_of_nodes()
    assert _csr_arcs(g) == sorted(ref.edges)  # row by row, each row in its given order
    mine = g.to_networkx()
    assert list(mine.nodes) == list(range(g.size))
    assert sorted(mine.edges) == sorted(ref.edges)


@SETTINGS
@given(arc_graphs())
def test_strong_components_are_networkx_s_in_reverse_topological_order(drawn: Drawn) -> None:
    g, ref = drawn
    scc = G.strongly_connected_components(g)
    assert _partition(scc) == {frozenset(c) for c in nx.strongly_connected_components(ref)}
    for u, v in ref.edges:
        assert scc[u] >= scc[v]  # a component completes after those it reaches


@SETTINGS
@given(arc_graphs(max_size=7))
def test_component_periods_are_the_gcd_of_networkx_s_cycle_lengths(drawn: Drawn) -> None:
    g, ref = drawn
    scc = G.strongly_connected_components(g)
    closed, period = G.component_periods(g, scc)
    for c in range(int(scc.max()) + 1):
        members = set(np.flatnonzero(scc == c).tolist())
        inside = ref.subgraph(members)
        expected = 0
        for cycle in nx.simple_cycles(inside):
            expected = math.gcd(expected, len(cycle))
        assert int(period[c]) == expected
        if expected:
            assert (expected == 1) == nx.is_aperiodic(inside)
        leaves = any(w not in members for v in members for w in ref.successors(v))
        assert bool(closed[c]) == (not leaves)


@SETTINGS
@given(arc_graphs())
def test_weak_components_are_networkx_s_numbered_by_first_member(drawn: Drawn) -> None:
    g, ref = drawn
    weak = G.weak_components(g)
    assert _partition(weak) == {frozenset(c) for c in nx.weakly_connected_components(ref)}
    firsts = [int(np.flatnonzero(weak == c)[0]) for c in range(int(weak.max()) + 1)]
    assert firsts == sorted(firsts)


@SETTINGS
@given(arc_graphs())
def test_recurrent_nodes_are_those_a_successor_leads_back_from(drawn: Drawn) -> None:
    g, ref = drawn
    expected = [any(nx.has_path(ref, s, v) for s in ref.successors(v)) for v in range(g.size)]
    assert G.recurrent(g).tolist() == expected


@SETTINGS
@given(arc_graphs(), st.data())
def test_shortest_paths_distances_and_farthest_are_networkx_s(
    drawn: Drawn, data: st.DataObject
) -> None:
    g, ref = drawn
    source = data.draw(st.integers(0, g.size - 1))
    lengths = nx.single_source_shortest_path_length(ref, source)
    got = G.shortest_path_lengths(g, source)
    assert got.tolist() == [lengths.get(v, -1) for v in range(g.size)]
    most, nodes = G.farthest(g, source)
    assert most == max(lengths.values())
    assert nodes.tolist() == sorted(v for v, d in lengths.items() if d == most)
    targets = np.zeros(g.size, dtype=bool)
    targets[data.draw(st.lists(st.integers(0, g.size - 1), min_size=1))] = True
    back = nx.multi_source_dijkstra_path_length(ref.reverse(), set(np.flatnonzero(targets)))
    assert G.distance_to(g, targets).tolist() == [back.get(v, -1) for v in range(g.size)]


@SETTINGS
@given(functional_graphs())
def test_functional_analysis_cycles_eden_distances_basins_are_networkx_s(
    drawn: DrawnFunctional,
) -> None:
    f, ref = drawn
    assert _csr_arcs(G.as_arcs(f)) == sorted(ref.edges)
    a = G.functional_analysis(f)
    cycles = a.cycles(f)
    expected = sorted(sorted(c) for c in nx.simple_cycles(ref))
    assert sorted(sorted(c.tolist()) for c in cycles) == expected
    for c in cycles:  # in move order from the smallest member
        assert int(c[0]) == int(c.min())
        assert [int(f.successor[v]) for v in c] == [*c[1:].tolist(), int(c[0])]
    assert a.periods.tolist() == [len(c) for c in cycles]
    assert np.flatnonzero(a.garden_of_eden).tolist() == [
        v for v in range(f.size) if ref.in_degree(v) == 0
    ]
    on_cycle = {v for c in cycles for v in c.tolist()}
    to_cycle = nx.multi_source_dijkstra_path_length(ref.reverse(), on_cycle)
    assert a.distance.tolist() == [to_cycle[v] for v in range(f.size)]
    weak = sorted(len(c) for c in nx.weakly_connected_components(ref))
    assert sorted(a.basin_sizes.tolist()) == weak
    for v in range(f.size):  # the cycle a node ends in is the one its basin holds
        assert int(a.cycle_of[v]) == int(a.cycle_of[int(f.successor[v])])
    assert a.in_degree.tolist() == [ref.in_degree(v) for v in range(f.size)]
    assert a.cycle_count == nx.number_weakly_connected_components(ref)
    assert G.weak_components(f).max() + 1 == a.cycle_count


# --------------------------------------------------------------------------- play


def _values(values: G.LoopyValues) -> list[tuple[int, frozenset[int]]]:
    return [(int(values.value[v]), values.options(v)) for v in range(values.value.shape[0])]


@SETTINGS
@given(arc_graphs())
def test_outcomes_are_the_naive_fixed_point_s(drawn: Drawn) -> None:
    g, ref = drawn
    assert G.outcomes(g).tolist() == naive_outcomes(_rows(ref))


@SETTINGS
@given(arc_graphs())
def test_grundy_values_follow_networkx_s_topological_order(drawn: Drawn) -> None:
    g, ref = drawn
    cyclic = G.recurrent(g)
    reaches_cycle = {v for v in range(g.size) if cyclic[[v, *nx.descendants(ref, v)]].any()}
    finite = ref.subgraph(set(range(g.size)) - reaches_cycle)
    expected = dict.fromkeys(range(g.size), -1)
    for v in reversed(list(nx.topological_sort(finite))):
        options = {expected[w] for w in ref.successors(v)}
        expected[v] = min(set(range(len(options) + 1)) - options)
    assert G.grundy(g).tolist() == [expected[v] for v in range(g.size)]


@SETTINGS
@given(arc_graphs())
def test_loopy_values_are_the_brute_force_s(drawn: Drawn) -> None:
    g, ref = drawn
    values = G.loopy_values(g)
    assert _values(values) == brute_values(_rows(ref))
    assert values.outcome().tolist() == G.outcomes(g).tolist()
    finite = G.grundy(g)
    assert values.value[finite >= 0].tolist() == finite[finite >= 0].tolist()


@settings(max_examples=80, deadline=None)
@given(arc_graphs(max_size=5), arc_graphs(max_size=5))
def test_sum_values_obey_the_sum_rule_and_the_brute_force(first: Drawn, second: Drawn) -> None:
    (g, g_ref), (h, h_ref) = first, second
    total = G.disjunctive_sum(g, h)
    product = nx.cartesian_product(g_ref, h_ref)
    relabelled = {(a * h.size + b, c * h.size + d) for (a, b), (c, d) in product.edges}
    assert set(_csr_arcs(total)) == relabelled
    moves = [(a * h.size + b, c * h.size + b) for a, c in g_ref.edges for b in range(h.size)]
    moves += [(a * h.size + b, a * h.size + d) for a in range(g.size) for b, d in h_ref.edges]
    assert sorted(_csr_arcs(total)) == sorted(moves)  # one arc per move, loops' twins kept
    vg, vh, vs = G.loopy_values(g), G.loopy_values(h), G.loopy_values(total)
    for a in range(g.size):
        for b in range(h.size):
            rule = G.sum_rule(int(vg.value[a]), vg.options(a), int(vh.value[b]), vh.options(b))
            v = a * h.size + b
            assert (int(vs.value[v]), vs.options(v)) == rule
    assert _values(vs) == brute_values(_rows(_digraph(g.size * h.size, moves)))


def test_a_two_cycle_is_infinity_and_an_exit_gives_its_k() -> None:
    # 0 <-> 1, 1 -> 2 (no move from 2): 2 is 0; 0's one option, 1, reverses out through 2,
    # so 0 is 0 (a P-position) and 1 = mex{0, 0} = 1
    values = G.loopy_values(G.ArcGraph.from_rows([[1], [0, 2], []]))
    assert values.labels() == ["0", "1", "0"]
    loop = G.loopy_values(G.ArcGraph.from_rows([[1, 2], [0, 2], [3], []]))
    assert loop.labels() == ["∞{1}", "∞{1}", "1", "0"]
    assert G.outcomes(G.ArcGraph.from_rows([[1, 2], [0, 2], [3], []])).tolist() == [
        G.DRAW,
        G.DRAW,
        G.WIN,
        G.LOSS,
    ]


def test_a_graph_with_an_arc_out_of_range_is_refused() -> None:
    with pytest.raises(G.GraphArrayError, match="outside"):
        G.ArcGraph.from_arcs(2, [0], [2])
    for source in (2, -1):
        with pytest.raises(G.GraphArrayError, match=r"source is outside 0\.\.1"):
            G.ArcGraph.from_arcs(2, [source], [0])
    with pytest.raises(G.GraphArrayError, match="outside"):
        G.ArcGraph.from_rows([[1], [5]])


@pytest.mark.parametrize(
    "successor",
    [[0, 2], [-1, 0], [[0]], [0.0, 1.0], np.array([1, 0], dtype=bool)],
    ids=["past the end", "negative", "2-D", "floats", "booleans"],
)
def test_a_successor_array_that_maps_no_node_into_the_graph_is_refused(successor: object) -> None:
    with pytest.raises(G.GraphArrayError):
        G.FunctionalGraph(successor)  # type: ignore[arg-type]


def test_a_successor_list_becomes_the_array_of_a_functional_graph() -> None:
    graph = G.FunctionalGraph([1, 0, 0])  # type: ignore[arg-type]
    assert graph.successor.tolist() == [1, 0, 0]
    assert G.functional_analysis(graph).cycle_count == 1
    assert G.FunctionalGraph(np.array([], dtype=np.float64)).size == 0


@pytest.mark.parametrize(
    ("indptr", "indices", "why"),
    [
        ([], [], "indptr must run"),
        ([1, 1], [], "indptr must run"),
        ([0, 2, 1], [0, 1], "indptr must run"),
        ([0, 1, 1], [0, 1], "indptr must run"),
        ([0, 1, 2], [0, 2], r"outside 0\.\.1"),
        ([0, 1, 2], [-1, 0], r"outside 0\.\.1"),
        ([0, 1], [[0]], "one-dimensional"),
    ],
)
def test_csr_arrays_that_are_no_graph_are_refused_when_the_graph_is_made(
    indptr: list[int], indices: list[int], why: str
) -> None:
    # the compiled analyses trust these arrays: a target past the end was read out of bounds
    with pytest.raises(G.GraphArrayError, match=why):
        G.ArcGraph(np.array(indptr), np.array(indices))


def test_an_arc_graph_keeps_its_targets_type_and_takes_its_offsets_as_int64() -> None:
    graph = G.ArcGraph(np.array([0, 1, 2], dtype=np.int32), np.array([1, 0], dtype=np.uint8))
    assert graph.indptr.dtype == np.int64 and graph.indices.dtype == np.uint8
    assert G.strongly_connected_components(graph).tolist() == [0, 0]


def test_a_node_or_a_mask_that_does_not_fit_the_graph_is_refused() -> None:
    graph = G.ArcGraph.from_rows([[1], [2], []])
    with pytest.raises(G.GraphArrayError, match="one value for each of the 3 nodes"):
        G.distance_to(graph, np.array([False, True]))
    with pytest.raises(G.GraphArrayError, match="one value for each of the 3 nodes"):
        G.recurrent(graph, np.zeros(5, dtype=np.int64))
    with pytest.raises(G.GraphArrayError, match="one value for each of the 3 nodes"):
        G.component_periods(graph, np.zeros(2, dtype=np.int64))
    for source in (-1, 3, 1.0):
        with pytest.raises(G.GraphArrayError, match=r"outside 0\.\.2"):
            G.farthest(graph, source)  # type: ignore[arg-type]
    assert G.distance_to(graph, [False, False, True]).tolist() == [2, 1, 0]
    most, nodes = G.farthest(graph, 0)
    assert (most, nodes.tolist()) == (2, [2])


def test_an_index_dtype_holds_every_index_of_its_size_in_half_the_memory_where_it_can() -> None:
    for size in (0, 1, 2**20, 2**31 - 1, 2**31, 2**31 + 1, 2**40):
        assert np.iinfo(G.index_dtype(size)).max >= size - 1, size
    assert G.index_dtype(2**31 - 1) is np.int32
    assert G.index_dtype(2**31 + 1) is np.int64
