"""Partitions: notations, enumeration and the predicates of SPEC.md §1 and §3."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamegraph.core.notation import PositionError, integers
from gamegraph.games.partitions import (
    PartitionError,
    canonical_key,
    conjugate,
    count_partitions,
    count_separated,
    from_key,
    in_t,
    is_separated,
    omega,
    paper_notation,
    parse_partition,
    partitions,
    separated_partitions,
)


@pytest.mark.parametrize(
    "text", ["5,3,3,1", "5 3 3 1", "[5,3,3,1]", "(5, 3, 3, 1)", "1 3^2 5", "3^2 1 5", " 1,3^2,5 "]
)
def test_every_notation_of_spec_parses_to_the_canonical_form(text: str) -> None:
    assert parse_partition(text) == (5, 3, 3, 1)


def test_paper_notation_and_canonical_key_round_trip() -> None:
    part = (12, 9, 9, 6, 6, 6, 2, 2, 2, 2)
    assert paper_notation(part) == "2^4 6^3 9^2 12"
    assert canonical_key(part) == "12,9,9,6,6,6,2,2,2,2"
    assert parse_partition(paper_notation(part)) == part
    assert from_key(canonical_key(part)) == part


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("[]", "empty"),
        ("5,x,1", "bad part 'x'"),
        ("5,-3", "bad part '-3'"),
        ("5,0,1", "part 0"),
        ("2.5,1", "bad part '2.5'"),
        ("3^0", "exponent 0"),
    ],
)
def test_bad_partitions_are_refused_with_the_problem_named(text: str, message: str) -> None:
    with pytest.raises(PartitionError, match=message):
        parse_partition(text)


def test_partition_of_the_wrong_n_is_refused() -> None:
    with pytest.raises(PartitionError, match="partition of 9, not of n = 10"):
        parse_partition("5 3 1", n=10)


def test_p60_and_p100_match_spec() -> None:
    assert count_partitions(60) == 966_467
    assert count_partitions(100) == 190_569_292


@pytest.mark.parametrize("n", range(0, 26))
def test_enumerations_agree_with_the_counts(n: int) -> None:
    every = list(partitions(n))
    assert len(every) == len(set(every)) == count_partitions(n)
    assert every == sorted(every, reverse=True)
    separated = list(separated_partitions(n))
    assert separated == [p for p in every if is_separated(p)]
    assert len(separated) == count_separated(n)


def test_separated_and_t_counts_of_spec() -> None:
    for n, s, t in [(6, 8, 7), (8, 13, 11), (24, 424, 326), (25, 472, 315)]:
        members = list(separated_partitions(n))
        assert len(members) == s
        assert sum(in_t(p) for p in members) == t


def test_worked_bulgarian_trajectory_for_n_10() -> None:
    path = ["433", "3322", "42211", "5311", "442", "3331", "4222", "43111", "532", "4321"]
    parts = [tuple(int(c) for c in word) for word in path]
    for before, after in pairwise(parts):
        assert omega(before) == after


@given(st.lists(st.integers(min_value=1, max_value=30), min_size=1, max_size=25))
def test_omega_preserves_n(parts: list[int]) -> None:
    part = tuple(sorted(parts, reverse=True))
    assert sum(omega(part)) == sum(part)


@given(st.lists(st.integers(min_value=1, max_value=30), min_size=1, max_size=20))
def test_lemma_7_omega_of_separated_is_separated_iff_no_part_p_or_p_plus_2(
    parts: list[int],
) -> None:
    part = tuple(sorted(parts, reverse=True))
    # n = 1 is ruled out by the paper: (1) has the part p = 1, yet Ω((1)) = (1) is separated
    if is_separated(part) and part != (1,):
        assert is_separated(omega(part)) == in_t(part)


def test_rank_table_counts_partitions_into_bounded_parts_for_every_n_up_to_max_n() -> None:
    from gamegraph.games import _kernels as k

    table = k.rank_table(k.MAX_N)  # the largest n the engines accept
    assert [int(table[r, r]) for r in range(k.MAX_N + 1)] == [
        count_partitions(r) for r in range(k.MAX_N + 1)
    ]
    # P[r, c] = partitions of r into parts <= c, counted from the enumeration for small r
    for r in range(13):
        for c in range(13):
            assert table[r, c] == sum(1 for p in partitions(r) if not p or p[0] <= c)
    assert k.rank_table(0).tolist() == [[1]]  # the smallest n: the empty partition of 0
    for bad in (-1, k.MAX_N + 1):
        with pytest.raises(ValueError, match=r"outside 0\.\.255"):
            k.rank_table(bad)


@pytest.mark.parametrize("paper", [False, True])
def test_format_partitions_writes_each_key_and_paper_notation_even_one_row_at_a_time(
    paper: bool,
) -> None:
    import numpy as np

    from gamegraph.games import _kernels as k

    listed = [*partitions(14), (255, 255, 100), (1,) * 40]
    parts = np.asarray([v for p in listed for v in p], dtype=np.uint8)
    offsets = np.cumsum([0, *map(len, listed)]).astype(np.int64)
    write = paper_notation if paper else canonical_key
    everything = np.arange(len(listed), dtype=np.int64)
    text = k.format_partitions(parts, offsets, everything, paper).tobytes().decode()
    assert text.splitlines() == [write(p) for p in listed]
    for row in (0, len(listed) - 2, len(listed) - 1):  # the longest texts alone
        one = k.format_partitions(parts, offsets, np.asarray([row], dtype=np.int64), paper)
        assert one.tobytes().decode() == write(listed[row]) + "\n"


def test_format_partitions_writes_a_whole_table_in_one_call() -> None:
    """Every partition of 40 (p(40) = 37338 rows, as the loader formats a table) at once:
    the buffer is sized from the rows' own lengths, so it stays a few MB."""
    import numpy as np

    from gamegraph.games import _kernels as k

    listed = list(partitions(40))
    assert len(listed) == 37338
    parts = np.asarray([v for p in listed for v in p], dtype=np.uint8)
    offsets = np.cumsum([0, *map(len, listed)]).astype(np.int64)
    rows = np.arange(len(listed), dtype=np.int64)
    text = k.format_partitions(parts, offsets, rows, False).tobytes().decode()
    assert text.splitlines() == [canonical_key(p) for p in listed]


@pytest.mark.parametrize("text", ["5,3]", "[5,3", "(5,3", "5,3)", "5 3]"])
def test_a_bracket_on_one_side_only_is_refused(text: str) -> None:
    # Only a pair of brackets around the parts is notation; one alone is a malformed part.
    with pytest.raises(PartitionError):
        parse_partition(text)


def test_a_huge_exponent_is_refused_before_its_parts_are_written_out() -> None:
    with pytest.raises(PartitionError, match="add up to more than n = 60"):
        parse_partition("1^99999999999", 60)
    with pytest.raises(PartitionError, match="add up to more than 1,000,000"):
        parse_partition("5 1^99999999999")
    with pytest.raises(PartitionError, match="bad part"):
        parse_partition("1^" + "9" * 5000)  # past Python's int-from-text limit
    assert parse_partition("1^1000000") == (1,) * 10**6


@given(
    st.lists(st.tuples(st.integers(0, 12), st.integers(0, 3)), max_size=8),
    st.sampled_from([",", " ", ", "]),
    st.sampled_from(["{}", "[{}]", "({})"]),
)
def test_a_partition_text_reads_as_the_notation_module_reads_any_position(
    tokens: list[tuple[int, int]], sep: str, frame: str
) -> None:
    """Position text is read in one place (gamegraph.core.notation): a partition's parts are
    the integers it writes, sorted, and a text it refuses is refused as a partition too."""
    text = frame.format(sep.join(f"{v}^{e}" if e != 1 else str(v) for v, e in tokens))
    try:
        values = integers(text, positive=True)
    except PositionError:
        with pytest.raises(PartitionError):
            parse_partition(text)
        return
    assert parse_partition(text) == tuple(sorted(values, reverse=True))
    assert parse_partition(text, sum(values)) == parse_partition(text)


@pytest.mark.parametrize("length", [39, 40, 41, 80])
def test_a_long_text_is_quoted_in_its_message_cut_to_40_characters(length: int) -> None:
    """A message stays one line: the bad text is quoted whole up to 40 characters, above that
    as its first 39 and an ellipsis, 40 in all."""
    text = "x" * length
    shown = text if length <= 40 else text[:39] + "…"
    with pytest.raises(PartitionError) as error:
        parse_partition(text)
    assert str(error.value).startswith(f"bad part {shown!r} in {shown!r}:")


@pytest.mark.parametrize("n", range(13))
def test_conjugate_transposes_the_ferrers_diagram(n: int) -> None:
    """λ' from the cells of the diagram (i, j), j < λ_i, read by columns; an involution on
    the partitions of n, fixing exactly the self-conjugate ones (A000700: as many as the
    partitions of n into distinct odd parts)."""
    fixed = 0
    for lam in partitions(n):
        cells = {(i, j) for i, part in enumerate(lam) for j in range(part)}
        columns = tuple(sum(1 for i, j in cells if j == col) for col in range(lam[0] if lam else 0))
        assert conjugate(lam) == columns
        assert conjugate(conjugate(lam)) == lam
        fixed += conjugate(lam) == lam
    distinct_odd = sum(
        1 for lam in partitions(n) if len(set(lam)) == len(lam) and all(p % 2 for p in lam)
    )
    assert fixed == distinct_odd
