"""`@gg.conjecture` and `gamegraph check` (issue 30 item 4): the seeds' questions of
examples/conjectures/conjectures.py, verdicts against facts known independently (Brandt's
necklace count of the cycles of B_n, the first non-triangular n with one cycle), the
reproducing command and Cypher of a counterexample, and the one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from cli_support import CliResult

from gamegraph.cluster import configure
from gamegraph.questions.conjectures import check_file, conjectures_in, verdicts_markdown

EXAMPLE = Path(__file__).parents[2] / "examples" / "conjectures" / "conjectures.py"


@pytest.fixture(autouse=True)
def here() -> Iterator[None]:
    configure(local=True)
    try:
        yield
    finally:
        configure()


def test_the_example_file_declares_the_seeds_questions() -> None:
    names = {c.name: c for c in conjectures_in(EXAMPLE)}
    assert {
        "losing_position_for_6m_and_6m_plus_2",
        "cycles_are_necklaces",
        "every_p_position_has_even_rank",
        "one_cycle_only_for_triangular_n",
    } == set(names)
    assert names["losing_position_for_6m_and_6m_plus_2"].ns[:3] == (8, 12, 14)
    assert all(n % 6 in (0, 2) for n in names["losing_position_for_6m_and_6m_plus_2"].ns)


def test_brandts_count_holds_and_the_naive_one_fails_at_b_2() -> None:
    verdicts = {
        v.name: v
        for v in check_file(
            EXAMPLE, range(1, 41), only=["cycles_are_necklaces", "one_cycle_only_for_triangular_n"]
        )
    }
    held = verdicts["cycles_are_necklaces"]
    assert held.held and held.checked == list(range(1, 41))
    failed = verdicts["one_cycle_only_for_triangular_n"]
    # B_2 = {(2), (1,1)} is one 2-cycle and 2 is not triangular: the first counterexample
    assert (failed.held, failed.n, failed.counterexample) == (False, 2, "position 2")
    assert failed.command.endswith("--n 2 --only one_cycle_only_for_triangular_n")
    assert ":param graph => 'bulgarian:2'" in failed.cypher and "$key" in failed.cypher
    assert failed.load == "gamegraph load --games bulgarian --n 2"
    text = verdicts_markdown(list(verdicts.values()), "conjectures.py")
    assert "fails at n = 2" in text and "```cypher" in text


def test_crims_odd_rank_conjecture_holds_to_size_24() -> None:
    (verdict,) = check_file(EXAMPLE, range(1, 25), only=["every_p_position_has_even_rank"])
    assert verdict.held and verdict.checked[-1] == 24


def test_a_conjecture_returning_none_is_an_error_naming_it_and_n(tmp_path: Path) -> None:
    source = tmp_path / "bad.py"
    source.write_text(
        "import gamegraph as gg\n\n"
        "@gg.conjecture(game='bulgarian', n=range(1, 8))\n"
        "def vague(graph, n):\n    return True if n < 5 else None\n"
    )
    (verdict,) = check_file(source)
    assert not verdict.held and verdict.n == 5
    assert verdict.error.startswith("conjecture vague returned NoneType None at n=5")


RAISING = """\
import gamegraph as gg

@gg.conjecture(game='bulgarian', n=range(1, 7))
def has_positions(graph):
    return graph.stats()['positions'] >= 1

@gg.conjecture(game='bulgarian', n=range(1, 7))
def divides(graph, n):
    return 1 / (n - 3) != 0

@gg.conjecture(game='bulgarian', n=range(1, 7))
def missing_column(graph):
    return graph.stats()['no such column'] > 0

@gg.conjecture(game='bulgarian', n=range(1, 7))
def one_cycle_only_for_n_1(graph, n):
    return n == 1 or graph.stats()['cycles'] > 1 or n
"""


def test_a_conjecture_that_raises_is_its_own_error_and_the_others_are_checked(
    gamegraph: Callable[..., CliResult], tmp_path: Path
) -> None:
    """Before: the first conjecture that raised stopped the whole check (one error line,
    and no verdict for the others)."""
    source = tmp_path / "ten.py"
    source.write_text(RAISING)
    verdicts = {v.name: v for v in check_file(source)}
    held = verdicts["has_positions"]
    assert held.held and held.checked == [1, 2, 3, 4, 5, 6]
    divides = verdicts["divides"]
    assert (divides.held, divides.n) == (False, 3)
    assert divides.error == "conjecture divides raised ZeroDivisionError at n=3: division by zero"
    assert verdicts["missing_column"].error == (
        "conjecture missing_column raised KeyError at n=1: 'no such column'"
    )
    # B_2 = {(2), (1,1)} is one 2-cycle: a counterexample, not an error
    failed = verdicts["one_cycle_only_for_n_1"]
    assert (failed.held, failed.n, failed.error) == (False, 2, "")

    result = gamegraph("check", str(source))
    assert result.exit_code == 2, result.output
    assert "has_positions: held for every n in 1..6" in result.stdout
    assert "one_cycle_only_for_n_1: fails at n = 2" in result.stdout
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert errors == [
        "error: conjecture divides raised ZeroDivisionError at n=3: division by zero",
        "error: conjecture missing_column raised KeyError at n=1: 'no such column'",
    ], result.output
    assert "1 held, 1 failed, 2 raised" in result.stderr
    assert "Traceback" not in result.output
    as_json = gamegraph("check", str(source), "--json")
    assert as_json.exit_code == 2 and as_json.stderr.splitlines()[:2] == errors, as_json.output
    assert [v["error"] for v in json.loads(as_json.stdout)] == [
        "",
        divides.error,
        verdicts["missing_column"].error,
        "",
    ]


def test_report_checks_its_conjectures_first_and_one_that_raises_stops_it(
    gamegraph: Callable[..., CliResult], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: `report --conjectures` computed the whole report, then wrote a conjecture that
    raised into it as a verdict, and exited 0. The conjectures are checked first: each that
    raised is the error line `check` prints, the exit code is 2, and nothing was computed or
    written (no report, no per-n cache). A file whose conjecture names no n is refused as
    well, since `report` has no --n."""
    monkeypatch.setenv("GAMEGRAPH_REPORT_CACHE", str(tmp_path / "cache"))
    source = tmp_path / "ten.py"
    source.write_text(RAISING)
    out = tmp_path / "out"
    result = gamegraph("report", "--n-max", "6", "--out", str(out), "--conjectures", str(source))
    assert result.exit_code == 2, result.output
    assert [line for line in result.stderr.splitlines() if line.startswith("error: ")] == [
        "error: conjecture divides raised ZeroDivisionError at n=3: division by zero",
        "error: conjecture missing_column raised KeyError at n=1: 'no such column'",
    ], result.output
    assert result.stdout == "" and "Traceback" not in result.output
    assert not (out / "report.md").exists() and not (tmp_path / "cache").exists()

    no_n = tmp_path / "no_n.py"
    no_n.write_text(
        "import gamegraph as gg\n\n@gg.conjecture(game='bulgarian')\n"
        "def vague(graph):\n    return True\n"
    )
    result = gamegraph("report", "--n-max", "6", "--out", str(out), "--conjectures", str(no_n))
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0] == (
        "error: conjecture vague names no n: give it n=... in @gg.conjecture, or give `check` "
        "--n (e.g. --n 1..80)"
    )
    assert not (out / "report.md").exists() and not (tmp_path / "cache").exists()


def test_check_prints_verdicts_and_exits_1_on_a_failure(
    gamegraph: Callable[..., CliResult],
) -> None:
    result = gamegraph(
        "check", str(EXAMPLE), "--n", "1..12",
        "--only", "cycles_are_necklaces,one_cycle_only_for_triangular_n",
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    assert "cycles_are_necklaces: held for every n in 1..12" in result.stdout
    assert "one_cycle_only_for_triangular_n: fails at n = 2" in result.stdout
    assert "Traceback" not in result.output


def test_check_errors_are_one_line(gamegraph: Callable[..., CliResult], tmp_path: Path) -> None:
    raising = tmp_path / "raising.py"
    raising.write_text(
        "import gamegraph as gg\n\n@gg.conjecture(game='bulgarian', n=5)\n"
        "def boom(graph):\n    raise ZeroDivisionError('x')\n"
    )
    result = gamegraph("check", str(raising))
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert lines[0] == "error: conjecture boom raised ZeroDivisionError at n=1: x", lines
    for args, wanted in [
        (["check", str(EXAMPLE), "--only", "nope"], "has no conjecture nope"),
        (["check", str(tmp_path / "missing.py")], "no such file"),
        (  # before: "held for every n in nothing (0 n)"
            ["check", str(EXAMPLE), "--only", "every_p_position_has_even_rank", "--n", "500"],
            "conjecture every_p_position_has_even_rank covers n = 1..40: --n 500 leaves no n",
        ),
    ]:
        result = gamegraph(*args)
        lines = result.stderr.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1 and wanted in lines[0], result.output


def test_a_conjecture_takes_its_n_as_text_as_load_does(tmp_path: Path) -> None:
    """n="1..5" crashed with TypeError: the text was taken as the set of its characters."""
    source = tmp_path / "texts.py"
    source.write_text(
        "import gamegraph as gg\n\n"
        "@gg.conjecture(game='bulgarian', n='1..5')\n"
        "def spanned(graph):\n    return graph.stats()['cycles'] >= 1\n\n"
        "@gg.conjecture(game='bulgarian', n='2,4')\n"
        "def listed(graph, n):\n    return graph.stats()['positions'] == {2: 2, 4: 5}[n]\n"
    )
    assert [c.ns for c in conjectures_in(source)] == [(1, 2, 3, 4, 5), (2, 4)]
    verdicts = check_file(source)
    assert [(v.held, v.checked) for v in verdicts] == [(True, [1, 2, 3, 4, 5]), (True, [2, 4])]


def test_a_bad_n_of_a_conjecture_is_one_line_naming_it(
    gamegraph: Callable[..., CliResult], tmp_path: Path
) -> None:
    for i, (n, wanted) in enumerate(
        [
            ("[3, 5.5]", "conjecture wobbly: n must be integers, not 5.5"),
            ("'5..1'", "conjecture wobbly: the n range '5..1' is reversed: write 1..5"),
            ("'1..x'", "conjecture wobbly: bad n '1..x'"),
            ("0", "conjecture wobbly: n must be at least 1"),
        ]
    ):
        # a file of its own each: Python's bytecode cache knows a source by its mtime and
        # size, and '5..1' then '1..x' in one file within a second read the first's bytecode
        source = tmp_path / f"wobbly{i}.py"
        source.write_text(
            f"import gamegraph as gg\n\n@gg.conjecture(game='bulgarian', n={n})\n"
            "def wobbly(graph):\n    return True\n"
        )
        result = gamegraph("check", str(source))
        lines = result.stderr.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1, result.output
        assert lines[0].startswith("error: ") and wanted in lines[0], lines[0]


def test_verdicts_become_a_section_of_a_written_report(tmp_path: Path) -> None:
    from gamegraph.questions.conjectures import add_to_report

    (tmp_path / "report.md").write_text("# Report\n\nclaims...\n")
    (tmp_path / "report.json").write_text('{"claims": []}')
    verdicts = check_file(EXAMPLE, range(1, 9), only=["one_cycle_only_for_triangular_n"])
    add_to_report(tmp_path, verdicts, "conjectures.py")
    add_to_report(tmp_path, verdicts, "conjectures.py")  # a second run replaces it
    text = (tmp_path / "report.md").read_text()
    assert text.startswith("# Report") and text.count("## Conjectures of conjectures.py") == 1
    assert "one_cycle_only_for_triangular_n: fails at n = 2" in text
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["claims"] == [] and data["conjectures"]["conjectures.py"][0]["n"] == 2
