"""The online writer's element ids: held compactly, every id comes back exactly as Neo4j
gave it, in any order, whatever its shape."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from gamegraph.loader.element_ids import ElementIds

DATABASE = "4:c0a8b2a1-1111-2222-3333-444455556666:"

neo4j_ids = st.integers(0, 2**63 - 1).map(lambda number: f"{DATABASE}{number}")
any_ids = st.one_of(
    neo4j_ids,
    st.text(max_size=12),
    st.from_regex(r"\A[0-9]:[a-z]{1,3}:0[0-9]{1,4}\Z"),  # leading zeros: not as an integer
    st.from_regex(r"\A[a-z]{0,3}:[0-9]{1,25}\Z"),  # longer than an int64
)


def _held(batches: list[list[str]]) -> ElementIds:
    ids = ElementIds(sum(map(len, batches)))
    for batch in batches:
        ids.extend(batch)
    return ids


@given(st.lists(st.lists(any_ids, max_size=8), max_size=6), st.randoms())
def test_every_id_comes_back_as_given(batches: list[list[str]], random) -> None:
    flat = [element_id for batch in batches for element_id in batch]
    ids = _held(batches)
    assert len(ids) == len(flat)
    rows = np.arange(len(flat))
    random.shuffle(rows)
    assert ids.take(rows) == [flat[row] for row in rows.tolist()]
    assert ids.take(rows[:0]) == []


@given(st.lists(st.lists(neo4j_ids, min_size=1, max_size=8), min_size=1, max_size=6))
def test_neo4j_ids_are_held_as_integers(batches: list[list[str]]) -> None:
    ids = _held(batches)
    assert ids._text is None
    assert ids._prefix == DATABASE


def test_a_batch_of_another_shape_keeps_the_ones_before() -> None:
    ids = _held([[f"{DATABASE}7", f"{DATABASE}0"], ["5:other:12"], ["not an id"], [f"{DATABASE}3"]])
    assert ids._text is not None
    assert ids.take(np.array([4, 3, 2, 1, 0])) == [
        f"{DATABASE}3",
        "not an id",
        "5:other:12",
        f"{DATABASE}0",
        f"{DATABASE}7",
    ]


def test_more_ids_than_the_table_has_rows_are_held_as_text() -> None:
    ids = ElementIds(2)
    ids.extend([f"{DATABASE}1", f"{DATABASE}2"])
    ids.extend([f"{DATABASE}3"])
    assert ids.take(np.array([2, 0, 1])) == [f"{DATABASE}3", f"{DATABASE}1", f"{DATABASE}2"]
