"""What `gamegraph verify` recomputes from the arcs it read (ReadGraph), against the
definitions: networkx's components and shortest paths, the retrograde analysis written out
as sets, and G_20 built from the α-move and Ω alone."""

from __future__ import annotations

from collections import Counter

import networkx as nx
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.floridian.read_graph import ReadGraph, differing_sources, two_move_paths
from gamegraph.games.partitions import omega, separated_partitions

SIZE = 12
pairs = st.lists(st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1)), max_size=40)


def _arcs(alpha: list[tuple[int, int]], om: list[tuple[int, int]], turn: list[tuple[int, int]]):
    columns: dict[str, list[int]] = {}
    for kind, arcs in (("alpha", alpha), ("omega", om), ("turn", turn)):
        columns[f"{kind}_from"] = [a for a, _ in arcs]
        columns[f"{kind}_to"] = [b for _, b in arcs]
    return columns


def _recurrent_by_networkx(nodes: list[int], arcs: list[tuple[int, int]]) -> set[int]:
    h = nx.MultiDiGraph()
    h.add_nodes_from(nodes)
    h.add_edges_from(arcs)
    return {
        v
        for comp in nx.strongly_connected_components(h)
        for v in comp
        if len(comp) > 1 or h.has_edge(v, v)
    }


def _losing_by_sets(
    alpha: set[int], moves: list[tuple[int, int]], omega_moves: list[tuple[int, int]]
) -> set[int]:
    """Immediate losses lose; a position with a turn, all of whose turns end at losing
    positions, loses; repeated until nothing is added."""
    ends = {a: {b for x, b in omega_moves if (a, x) in set(moves)} for a in alpha}
    losing = {a for a in alpha if not any(s == a for s, _ in moves)}
    while True:
        added = {a for a in alpha - losing if ends[a] and ends[a] <= losing}
        if not added:
            return losing
        losing |= added


@settings(max_examples=150, deadline=None)
@given(turns=pairs, alpha_moves_=pairs, omega_moves=pairs, alpha=st.sets(st.integers(0, SIZE - 1)))
def test_recurrence_levels_and_losing_equal_their_definitions(
    turns: list[tuple[int, int]],
    alpha_moves_: list[tuple[int, int]],
    omega_moves: list[tuple[int, int]],
    alpha: set[int],
) -> None:
    turns = [(a, b) for a, b in turns if a in alpha and b in alpha]
    alpha_moves_ = [(a, x) for a, x in alpha_moves_ if a in alpha]
    omega_moves = [(x, b) for x, b in omega_moves if b in alpha]
    read = ReadGraph(SIZE, sorted(alpha), _arcs(alpha_moves_, omega_moves, turns))
    core = _recurrent_by_networkx(sorted(alpha), turns)
    assert set(np.flatnonzero(read.recurrent).tolist()) == core
    assert read.core_arcs() == sum(1 for a, b in turns if a in core and b in core)
    h = nx.MultiDiGraph()
    h.add_nodes_from(range(SIZE))
    h.add_edges_from(turns)
    components = [frozenset(c) for c in nx.strongly_connected_components(h) if c & core]
    inside = [sum(1 for a, b in turns if a in c and b in c) for c in components]
    expected = sorted(zip(components, inside, strict=True), key=lambda c: (-len(c[0]), min(c[0])))
    assert read.core_components() == expected
    levels = read.levels(read.recurrent)
    to_core = {
        v: min((d for t, d in lengths.items() if t in core), default=-1)
        for v, lengths in nx.all_pairs_shortest_path_length(h)
    }
    assert levels.tolist() == [to_core[v] for v in range(SIZE)]
    losing, _ = read.losing()
    assert set(np.flatnonzero(losing).tolist()) == _losing_by_sets(alpha, alpha_moves_, omega_moves)


def test_arcs_with_an_end_outside_the_positions_are_dropped() -> None:
    # -2 reads for a missing idx; 7 is no α-position; 99 is past the last index
    arcs = _arcs([(0, 1), (-2, 1)], [(1, 0), (1, 7)], [(0, 0), (0, -2), (99, 0), (0, 7)])
    read = ReadGraph(8, [0, 1, -2], arcs)
    assert read.turn_from.tolist() == [0] and read.turn_to.tolist() == [0]
    assert read.omega_to.tolist() == [0] and read.alpha_from.tolist() == [0]
    assert read.recurrent.tolist() == [True] + [False] * 7


def test_g20_from_the_definitions_gives_the_engines_analysis() -> None:
    """G_20's arcs built from the α-move and Ω (not the engine's arrays): the core, its
    components, the losing positions and the turns to the core equal the engine's."""
    n = 20
    g = build_floridian(n)
    index = g.positions.index
    alpha = [index(a) for a in separated_partitions(n)]
    moves = [(index(a), index(x)) for a in separated_partitions(n) for x in alpha_moves(a)]
    omegas = sorted({x for _, x in moves})
    om = [(x, index(omega(g.positions.position(x)))) for x in omegas]
    ends = dict(om)
    turns = sorted({(a, ends[x]) for a, x in moves})
    read = ReadGraph(g.positions.size, alpha, _arcs(moves, om, turns))
    assert np.array_equal(read.recurrent, g.recurrent)
    assert read.core_components() == [
        (frozenset(c.nodes.tolist()), c.arcs) for c in g.core_components
    ]
    assert read.core_arcs() == int(g.core_arc_mask.sum())
    assert np.array_equal(read.immediate_loss, g.immediate_loss)
    losing, rounds = read.losing()
    assert np.array_equal(losing, g.losing) and rounds >= 1
    assert np.array_equal(read.levels(read.recurrent), g.turns_to_core)


def _array(values: list[int]) -> np.ndarray:
    return np.asarray(values, dtype=np.int64)


@settings(max_examples=150, deadline=None)
@given(a=pairs, b=pairs, odd=st.sampled_from([-3, 2**40]))
def test_the_sources_whose_targets_differ_as_multisets(
    a: list[tuple[int, int]], b: list[tuple[int, int]], odd: int
) -> None:
    a = [*a, (5, odd)]  # an end no pair packs: its source is always listed
    differ = differing_sources(
        _array([s for s, _ in a]),
        _array([t for _, t in a]),
        _array([s for s, _ in b]),
        _array([t for _, t in b]),
    )
    expected = {
        s
        for s in {s for s, _ in a + b}
        if Counter(t for x, t in a if x == s) != Counter(t for x, t in b if x == s)
    }
    assert differ == expected | {5}


@settings(max_examples=100, deadline=None)
@given(moves=pairs, omega_moves=pairs)
def test_two_move_paths_are_the_distinct_ends_of_a_move_then_a_move(
    moves: list[tuple[int, int]], omega_moves: list[tuple[int, int]]
) -> None:
    start, end = two_move_paths(
        _array([a for a, _ in moves]),
        _array([x for _, x in moves]),
        _array([x for x, _ in omega_moves]),
        _array([b for _, b in omega_moves]),
    )
    pairs_found = list(zip(start.tolist(), end.tolist(), strict=True))
    expected = {(a, b) for a, x in moves for y, b in omega_moves if x == y}
    assert sorted(pairs_found) == sorted(expected)
