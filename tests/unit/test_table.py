"""`gamegraph table` and `gg.table` (issue 30): rows against independent counts, the OEIS
sequences against their definitions, the on-disk cache (instant second run, resume, a
definition's edit recomputes) and the one-line errors. Everything runs in this process
(configure(local=True)); tests/integration/test_dask.py runs a table on a real cluster."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from functional_definitions import austrian_move, austrian_states
from reference import bulgarian_reference
from survey_reference import figures

import gamegraph as gg
from gamegraph.cluster import configure
from gamegraph.errors import InputError, TooLargeError
from gamegraph.games import get_game
from gamegraph.loader.plan import parse_values
from gamegraph.questions.definitions import (
    a000041,
    a000070,
    a000219,
    a000712,
    a011782,
    a123975,
    a188160,
)
from gamegraph.questions.oeis import known_sequences, match_sequences
from gamegraph.questions.rows import Column
from gamegraph.questions.tables import (
    compute_table,
    grows_exponentially,
    parse_columns,
)

# A123975 as listed on its OEIS page (n = 1..48), read there, not computed here
A123975_LISTED = [
    0, 0, 1, 1, 2, 3, 5, 7, 10, 14, 20, 27, 37, 49, 66, 86, 113, 147, 190, 243, 311, 394, 499,
    627, 786, 980, 1220, 1510, 1865, 2294, 2816, 3443, 4202, 5110, 6203, 7507, 9067, 10923,
    13135, 15755, 18865, 22540, 26885, 32001, 38032, 45112, 53430, 63171,
]  # fmt: skip
# A188160 as listed on its OEIS page (n = 1..61)
A188160_LISTED = [
    0, 1, 2, 4, 5, 6, 7, 8, 10, 12, 12, 12, 13, 18, 20, 20, 17, 18, 21, 28, 30, 30, 24, 24, 25,
    32, 40, 42, 42, 35, 31, 32, 36, 45, 54, 56, 56, 48, 40, 40, 41, 50, 60, 70, 72, 72, 63, 54,
    49, 50, 55, 66, 77, 88, 90, 90, 80, 70, 60, 60, 61,
]  # fmt: skip


@pytest.fixture(autouse=True)
def here() -> Iterator[None]:
    configure(local=True)
    try:
        yield
    finally:
        configure()


def partitions(n: int, largest: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every partition of n (parts <= largest), by brute force."""
    largest = n if largest is None else largest
    if n == 0:
        yield ()
        return
    for first in range(min(n, largest), 0, -1):
        for rest in partitions(n - first, first):
            yield (first, *rest)


def garden_of_eden_count(n: int) -> int:
    """SPEC.md: λ with s parts is a Garden of Eden of B_n iff λ_1 < s − 1."""
    return sum(1 for p in partitions(n) if p[0] < len(p) - 1)


# --------------------------------------------------------------------------- sequences


def test_partition_numbers_equal_a_brute_force_count() -> None:
    assert a000041(26) == [sum(1 for _ in partitions(n)) for n in range(26)]


def test_garden_of_eden_formula_equals_spec_count_and_the_listed_terms() -> None:
    assert a123975(22) == [garden_of_eden_count(n) for n in range(1, 23)]
    assert a123975(48) == A123975_LISTED


def test_a188160_closed_form_is_the_longest_walk_before_a_repeat_in_b_n() -> None:
    assert a188160(61) == A188160_LISTED
    for n in range(1, 31):
        b = gg.bulgarian(n)
        steps = int((b.distance + b.cycle_lengths[b.cycle_of]).max()) - 1
        assert steps == a188160(n)[-1], n


def test_two_kinds_and_plane_partitions_by_brute_force() -> None:
    p = a000041(12)
    assert a000712(12) == [sum(p[i] * p[n - i] for i in range(n + 1)) for n in range(12)]
    # plane partitions of n: 1, 1, 3, 6, 13, 24 (MacMahon), counted as stacks of partitions
    assert a000219(6) == [1, 1, 3, 6, 13, 24]


def test_crim_and_carolina_positions_are_a000070_and_a011782_by_brute_force(
    tmp_path: Path,
) -> None:
    # counted independently: partitions of every size up to n are the sums of p(0..n); a
    # composition of n is a first part k and a composition of n - k
    p = a000041(13)
    assert a000070(13) == [sum(p[: n + 1]) for n in range(13)]

    def compositions(n: int) -> int:
        return 1 if n == 0 else sum(compositions(n - k) for k in range(1, n + 1))

    assert a011782(13) == [compositions(n) for n in range(13)]
    for game, sequence in (("crim", "A000070"), ("carolina", "A011782")):
        table = compute_table(
            get_game(game),
            range(1, 13),
            columns=parse_columns(get_game(game), ["positions"]),
            cache=tmp_path,
        )
        sentences = [m.sentence() for m in table.matches if m.matches]
        assert any(s.startswith(f"positions = {sequence}") for s in sentences), sentences


def test_shipped_bfiles_hold_the_generators_terms_and_say_their_source() -> None:
    shipped = {s.anumber: s for s in known_sequences()}
    for anumber in ("A000041", "A123975", "A188160", "A204539", "A204540", "A185001"):
        assert anumber in shipped and shipped[anumber].source
    assert shipped["A000041"].terms[100] == 190569292
    assert [shipped["A123975"].terms[n] for n in range(1, 49)] == A123975_LISTED
    assert shipped["A204540"].by_n is False
    assert [shipped["A204540"].terms[i] for i in range(1, 8)] == [2, 3, 4, 6, 14, 1760, 39046]


def test_a_column_leaves_a_sequence_at_the_first_n_it_differs() -> None:
    p = dict(enumerate(a000041(30)))
    p[17] += 1
    found = {m.anumber: m for m in match_sequences("x", p)}
    assert found["A000041"].left_at == 17
    assert found["A000041"].expected == a000041(18)[17]
    assert "leaves it at n = 17" in found["A000041"].sentence()


# --------------------------------------------------------------------------- tables


def test_bulgarian_table_garden_of_eden_is_a123975_and_positions_p_n(tmp_path: Path) -> None:
    table = compute_table(
        gg.bulgarian.game,
        range(1, 31),
        columns=parse_columns(gg.bulgarian.game, ["positions", "garden_of_eden", "cycles"]),
        cache=tmp_path,
    )
    assert [r["garden_of_eden"] for r in table.rows] == [
        garden_of_eden_count(n) for n in range(1, 31)
    ]
    assert [r["positions"] for r in table.rows] == a000041(31)[1:]
    sentences = [m.sentence() for m in table.matches if m.matches]
    assert any(s.startswith("garden_of_eden = A123975") and "n = 1..30" in s for s in sentences)
    assert any(s.startswith("positions = A000041") for s in sentences)


def test_second_run_comes_from_the_cache_and_a_longer_range_resumes(tmp_path: Path) -> None:
    columns = parse_columns(gg.bulgarian.game, ["cycles"])
    first = compute_table(gg.bulgarian.game, range(1, 16), columns=columns, cache=tmp_path)
    again = compute_table(gg.bulgarian.game, range(1, 16), columns=columns, cache=tmp_path)
    longer = compute_table(gg.bulgarian.game, range(1, 21), columns=columns, cache=tmp_path)
    assert (first.computed, again.computed, longer.computed) == (15, 0, 5)
    assert again.rows == first.rows and longer.rows[:15] == first.rows


def test_editing_a_defined_games_move_recomputes_its_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "mine.py"
    text = textwrap.dedent(
        """
        import gamegraph as gg

        @gg.solitaire(name="table-test-bulgarian", space="partitions")
        def move(position, n):
            return tuple(sorted([len(position), *(p - 1 for p in position if p > 1)], reverse=True))
        """
    )
    source.write_text(text)
    from gamegraph.games.sources import load_file

    load_file(source)
    game = gg.registered_games()["table_test_bulgarian"].game
    cache = tmp_path / "cache"
    first = compute_table(game, range(1, 13), cache=cache)
    assert first.computed == 12
    assert [r["garden_of_eden"] for r in first.rows] == a123975(12)
    assert compute_table(game, range(1, 13), cache=cache).computed == 0
    # another definition version (what an edit of the file gives) keys other rows
    version = game.engine_version()
    assert "-def-" in version  # the definition's source hash is part of it
    monkeypatch.setattr(game, "engine_version", classmethod(lambda cls: version + "-edited"))
    assert compute_table(game, range(1, 13), cache=cache).computed == 12


def austrian_by_definition(n: int, L: int) -> dict[str, int]:
    """A_n(L) from SPEC-games.md §2 by brute force (tests/functional_definitions.py's states
    and move, card by card; tests/survey_reference.py walks each state until it repeats)."""
    found = figures(austrian_states(n, L), lambda state: austrian_move(state, L))
    return {k: found[k] for k in ("positions", "cycles", "garden_of_eden", "max_transient")}


def test_a_parameter_range_gives_one_row_per_value(tmp_path: Path) -> None:
    names = ["positions", "cycles", "garden_of_eden", "max_transient"]
    columns = parse_columns(gg.austrian.game, names)
    table = compute_table(
        gg.austrian.game, range(1, 9), {"L": range(1, 5)}, columns, cache=tmp_path
    )
    assert len(table.rows) == 32 and table.keys == ["n", "L"]
    assert sorted((row["n"], row["L"]) for row in table.rows) == [
        (n, L) for n in range(1, 9) for L in range(1, 5)
    ]
    for row in table.rows:
        expected = austrian_by_definition(row["n"], row["L"])
        assert {name: row[name] for name in names} == expected, (row["n"], row["L"])
    # the rows differ with L, so a table that ignored it could not pass: A_8(L), L = 1..4
    eight = sorted((row["L"], row["positions"]) for row in table.rows if row["n"] == 8)
    assert eight == [(1, 1), (2, 9), (3, 25), (4, 41)]
    assert {tuple(p.items()) for p, _ in table.groups()} == {(("L", v),) for v in range(1, 5)}


def test_user_column_from_a_file_and_one_that_raises(tmp_path: Path) -> None:
    module = tmp_path / "cols.py"
    module.write_text(
        "def cycle_members(graph):\n    return int(graph.on_cycle.sum())\n\n"
        "def broken(graph, n):\n    if n == 7:\n        raise ValueError('no')\n    return n\n"
    )
    columns = parse_columns(gg.bulgarian.game, ["cycles"], [f"{module}:cycle_members"])
    table = compute_table(gg.bulgarian.game, range(1, 11), columns=columns, cache=tmp_path)
    # the positions on a cycle of B_n, from the scalar Ω iterated (tests/reference.py)
    assert [r["cycle_members"] for r in table.rows] == [
        sum(len(cycle) for cycle in bulgarian_reference(n).cycles) for n in range(1, 11)
    ]
    bad = parse_columns(gg.bulgarian.game, [], [f"{module}:broken"])
    with pytest.raises(InputError, match=r"column broken .* raised ValueError at bulgarian n=7"):
        compute_table(gg.bulgarian.game, range(1, 11), columns=bad, cache=None)


def test_unknown_column_and_bad_ranges_are_input_errors() -> None:
    with pytest.raises(InputError, match="unknown column 'cyclez' for bulgarian"):
        parse_columns(gg.bulgarian.game, ["cyclez"])
    with pytest.raises(InputError, match=r"bad --n '1..x': give a number like 60"):
        parse_values("1..x", "--n")
    assert parse_values("1..4,10", "--n") == (1, 2, 3, 4, 10)


def test_a_range_over_the_memory_limit_names_the_n(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "50M")
    with pytest.raises(TooLargeError, match=r"bulgarian n=\d+ would need"):
        compute_table(gg.bulgarian.game, range(1, 90), columns=[Column("cycles")], cache=None)


def test_gg_table_returns_a_dataframe_with_the_matches(tmp_path: Path) -> None:
    frame = gg.table(gg.bulgarian, n=range(1, 21), columns=["garden_of_eden"], cache=tmp_path)
    assert list(frame["garden_of_eden"]) == a123975(20)
    assert any("A123975" in s for s in frame.attrs["sequences"])
    rows = gg.table("bulgarian", n=[6, 8], columns=["cycles"], cache=tmp_path, dataframe=False)
    assert rows == [{"n": 6, "cycles": 1}, {"n": 8, "cycles": 2}]  # B_8: a 2- and a 4-cycle


def test_outputs_csv_json_markdown_bfiles_and_plot(tmp_path: Path) -> None:
    columns = parse_columns(gg.bulgarian.game, ["garden_of_eden", "cycle_lengths"])
    table = compute_table(gg.bulgarian.game, range(1, 26), columns=columns, cache=None)
    written = {p.name for p in table.write(tmp_path)}
    assert {
        "bulgarian.csv",
        "bulgarian.json",
        "bulgarian.md",
        "b_bulgarian_garden_of_eden.txt",
    } <= written
    assert "b_bulgarian_cycle_lengths.txt" not in written  # not an integer column
    bfile = (tmp_path / "b_bulgarian_garden_of_eden.txt").read_text().splitlines()
    assert [line for line in bfile if not line.startswith("#")][:6] == [
        "1 0", "2 0", "3 1", "4 1", "5 2", "6 3",
    ]  # fmt: skip
    plot = table.plot(tmp_path / "b.png")
    assert plot.read_bytes()[:4] == b"\x89PNG"


def test_log_scale_for_the_columns_that_grow_exponentially_only() -> None:
    # B_n for n = 1..60: Garden of Eden counts (0 at n = 1 and 2, then like p(n)) and the
    # positions p(n) grow exponentially; the cycle counts swing between 1 and a growing peak
    # and the longest transient grows linearly, so neither gets a log scale
    columns = parse_columns(
        gg.bulgarian.game, ["positions", "garden_of_eden", "cycles", "max_transient"]
    )
    table = compute_table(gg.bulgarian.game, range(1, 61), columns=columns, cache=None)
    scaled = {
        column: grows_exponentially([(r["n"], r[column]) for r in table.rows])
        for column in ("positions", "garden_of_eden", "cycles", "max_transient")
    }
    assert scaled == {
        "positions": True,
        "garden_of_eden": True,
        "cycles": False,
        "max_transient": False,
    }
    assert not grows_exponentially([(n, -(2**n)) for n in range(1, 30)])  # negative
    assert grows_exponentially([(n, 3**n) for n in range(1, 30)])


def test_gg_table_takes_a_text_n_as_load_does_and_one_column_as_one_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, ``n="1..5"`` was split into its characters ("n must be an integer, not '.'"),
    and ``columns="cycles"`` too ("unknown column 'c'")."""
    rows = gg.table(gg.bulgarian, n="6..8", columns="cycles", cache=tmp_path, dataframe=False)
    assert rows == [{"n": 6, "cycles": 1}, {"n": 7, "cycles": 1}, {"n": 8, "cycles": 2}]
    rows = gg.table(gg.bulgarian, n="6,8", columns="cycles", cache=tmp_path, dataframe=False)
    assert [r["n"] for r in rows] == [6, 8]
    assert gg.table("bulgarian", n=8, columns="cycles", cache=tmp_path, dataframe=False) == [
        {"n": 8, "cycles": 2}
    ]
    (tmp_path / "one_column.py").write_text("def members(graph):\n    return graph.size\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from one_column import members  # type: ignore[import-not-found]

    rows = gg.table(gg.bulgarian, n=[5, 6], columns=members, cache=None, dataframe=False)
    assert [(r["n"], r["members"]) for r in rows] == [(5, 7), (6, 11)]  # p(5), p(6)


@pytest.mark.parametrize("n", [5.0, None])
def test_gg_table_refuses_an_n_that_is_no_integer_text_or_list(n: object) -> None:
    with pytest.raises(InputError, match=rf"^n must be an integer, .*, not {n}$"):
        gg.table(gg.bulgarian, n=n, columns="cycles", cache=None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5..3", "the --n range '5..3' is reversed: write 3..5"),
        ("1..2,9..7", "the --n range '9..7' is reversed: write 7..9"),
        ("1..300000", "--n '1..300000': more than 100,000 values"),
    ],
)
def test_a_reversed_or_too_long_range_is_named_as_such(text: str, message: str) -> None:
    """Before, both were reported as "is not an integer or a range such as 1..200": the
    InputError (a ValueError) was caught by the handler meant for int()."""
    with pytest.raises(InputError, match=f"^{re.escape(message)}$"):
        parse_values(text, "--n")
