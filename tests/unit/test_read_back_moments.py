"""The content fingerprint made from the moments Cypher sums (gamegraph/db/fingerprints.py)
is the engine's: for any ends, the two sums of the mix follow from count, Σa, Σb, Σa², Σb²,
Σab mod M exactly (the mix is a quadratic form), checked against the engine's numpy mix."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gamegraph.db.fingerprints import StoredGraph, _sums
from gamegraph.games.fingerprint import (
    FINGERPRINT_PARAMS,
    fingerprint_text,
    node_sums,
    relationship_sums,
)

M = FINGERPRINT_PARAMS["m"]
ends = st.lists(st.tuples(st.integers(0, 10**7), st.integers(0, 10**7)), max_size=60)


def _moments(pairs: list[tuple[int, int]]) -> tuple[int, ...]:
    """count, Σa, Σb, Σa² mod M, Σb² mod M, Σab mod M, as graph_read_back sums them."""
    a = [x % M for x, _ in pairs]
    b = [y % M for _, y in pairs]
    return (
        len(pairs),
        sum(a),
        sum(b),
        sum(x * x % M for x in a),
        sum(y * y % M for y in b),
        sum(x * y % M for x, y in zip(a, b, strict=True)),
    )


@settings(max_examples=200)
@given(ends)
def test_a_relationship_types_sums_follow_from_its_moments(pairs: list[tuple[int, int]]) -> None:
    start = np.asarray([a for a, _ in pairs], dtype=np.int64)
    end = np.asarray([b for _, b in pairs], dtype=np.int64)
    assert _sums(*_moments(pairs)) == relationship_sums(start, end)


@settings(max_examples=100)
@given(st.lists(st.integers(0, 10**7), max_size=60))
def test_the_nodes_sums_follow_from_their_moments(idx: list[int]) -> None:
    count, sa, _, saa, _, _ = _moments([(i, 0) for i in idx])
    assert _sums(count, sa, 0, saa) == node_sums(np.asarray(idx, dtype=np.int64))


def test_a_stored_graph_gives_the_engines_fingerprint_and_sums_its_parts() -> None:
    """Two answers for one type (a graph read in two passes) add up; a type whose every
    relationship leaves the graph is no part of the fingerprint, but is counted."""
    idx = [0, 1, 2, 3]
    arcs = [(0, 1), (1, 2), (2, 3), (3, 0)]
    count, sa, _, saa, _, _ = _moments([(i, 0) for i in idx])
    stored = StoredGraph(4, node_moments=(count, sa, saa))
    for half in (arcs[:2], arcs[2:]):
        stored.add_type("MOVE", [len(half), *_moments(half)])
    stored.add_type("LINK", [3, 0, None, None, None, None, None])
    engine = fingerprint_text(
        4,
        node_sums(np.asarray(idx)),
        {"MOVE": relationship_sums(np.asarray([0, 1, 2, 3]), np.asarray([1, 2, 3, 0]))},
    )
    assert stored.fingerprint == engine
    assert stored.relationships == {"MOVE": 4, "LINK": 3}
