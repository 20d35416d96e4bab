"""The generic functional-graph analysis against networkx, on arbitrary maps."""

from __future__ import annotations

import numpy as np
import pytest
from functional_reference import assert_matches_networkx
from hypothesis import given, settings
from hypothesis import strategies as st

from gamegraph.core.graphs import GraphArrayError
from gamegraph.games.engine.functional import (
    FunctionalGraph,
    PositionIndexError,
    index_dtype,
)


@st.composite
def maps(draw: st.DrawFn) -> list[int]:
    size = draw(st.integers(min_value=1, max_value=60))
    return draw(st.lists(st.integers(0, size - 1), min_size=size, max_size=size))


@settings(max_examples=150, deadline=None)
@given(maps())
def test_analysis_of_any_map_agrees_with_networkx(successor: list[int]) -> None:
    assert_matches_networkx(FunctionalGraph.from_successor(np.array(successor)))


@settings(max_examples=50, deadline=None)
@given(st.permutations(list(range(40))))
def test_a_permutation_has_no_garden_of_eden_and_no_transient(perm: list[int]) -> None:
    graph = FunctionalGraph.from_successor(np.array(perm, dtype=np.int64))
    assert graph.summary()["garden_of_eden"] == 0
    assert graph.summary()["max_transient"] == 0
    assert sum(len(c) for c in graph.cycles) == 40
    assert_matches_networkx(graph)


def test_a_rho_shaped_map_has_its_tail_as_transient() -> None:
    # 0 -> 1 -> 2 -> 3 -> 4 -> 2: tail 0, 1 then the 3-cycle (2, 3, 4)
    graph = FunctionalGraph.from_successor(np.array([1, 2, 3, 4, 2]))
    assert [c.tolist() for c in graph.cycles] == [[2, 3, 4]]
    assert graph.distance.tolist() == [2, 1, 0, 0, 0]
    assert graph.trajectory(0) == [0, 1, 2]
    assert graph.farthest().tolist() == [0]
    assert graph.garden_of_eden.tolist() == [True, False, False, False, False]


def test_the_empty_map_has_no_cycle() -> None:
    graph = FunctionalGraph.from_successor(np.array([], dtype=np.int64))
    assert graph.cycles == []
    assert graph.summary()["positions"] == 0
    assert graph.summary()["max_transient"] == 0


@pytest.mark.parametrize(
    "bad", [np.array([0, 2]), np.array([-1, 0]), np.array([[0]]), np.array([0.0, 1.0])]
)
def test_an_array_that_is_not_a_map_of_its_indices_is_refused(bad: np.ndarray) -> None:
    with pytest.raises(GraphArrayError):
        FunctionalGraph.from_successor(bad)


@pytest.mark.parametrize("index", [-1, 3, 1.5, True, "0"])
def test_a_bad_position_index_is_a_value_error(index: object) -> None:
    graph = FunctionalGraph.from_successor(np.array([1, 2, 0]))
    with pytest.raises(PositionIndexError):
        graph.trajectory(index)  # type: ignore[arg-type]


def test_index_dtype_is_int32_exactly_while_every_index_and_count_fits_it() -> None:
    # an array over `size` positions holds indices 0..size - 1 and counts up to size
    largest = int(np.iinfo(np.int32).max)
    for size in (0, 1, largest - 1, largest):
        assert index_dtype(size) is np.int32
    for size in (largest + 1, largest + 2, 2**40):
        assert index_dtype(size) is np.int64
