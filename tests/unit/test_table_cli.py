"""`gamegraph table` on the command line: the table, its outputs, the sequence beside it,
and every bad input as one ``error:`` line naming the column or n (issue 30)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import CliResult

pytestmark = pytest.mark.usefixtures("local_table")


@pytest.fixture
def local_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GAMEGRAPH_TABLE_CACHE", str(tmp_path / "cache"))


def test_table_writes_its_files_and_names_a123975(
    gamegraph: Callable[..., CliResult], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    result = gamegraph(
        "table", "bulgarian", "--n", "1..24", "--columns", "cycles,garden_of_eden,max_transient",
        "--out", str(out), "--plot", str(out / "b.svg"),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "garden_of_eden = A123975" in " ".join(result.stdout.split())
    data = json.loads((out / "bulgarian.json").read_text())
    assert [r["garden_of_eden"] for r in data["rows"]][:8] == [0, 0, 1, 1, 2, 3, 5, 7]
    assert (out / "b.svg").read_text().lstrip().startswith("<?xml")
    assert {p.name for p in out.glob("b_*.txt")} == {
        "b_bulgarian_cycles.txt", "b_bulgarian_garden_of_eden.txt",
        "b_bulgarian_max_transient.txt",
    }  # fmt: skip
    again = gamegraph(
        "table", "bulgarian", "--n", "1..24", "--columns", "cycles,garden_of_eden,max_transient"
    )
    assert "0 computed, 24 from the cache" in again.stderr


def test_the_terminal_table_writes_each_value_as_stats_does(
    gamegraph: Callable[..., CliResult],
) -> None:
    # a histogram as "value: count" pairs, not JSON; a float to six digits; the same row
    # of numbers as --json gives
    args = ("table", "crim", "--n", "8..9", "--columns", "p_positions,grundy")
    rows = json.loads(gamegraph(*args, "--json").stdout)["rows"]
    shown = " ".join(gamegraph(*args).stdout.split())
    for row in rows:
        pairs = ", ".join(f"{value}: {count}" for value, count in row["grundy"].items())
        assert f"{row['n']} │ {row['p_positions']} │ {pairs} │" in shown, shown
    assert "{" not in shown
    chain = ("table", "random-bulgarian", "--n", "8", "--columns", "stationary_mode_probability")
    probability = json.loads(gamegraph(*chain, "--json").stdout)["rows"][0]
    value = f"{probability['stationary_mode_probability']:.6g}"
    one = gamegraph(*chain)
    assert f"│ 8 │ {value} │" in " ".join(one.stdout.split())
    assert one.stderr.startswith("1 row (0 computed, 1 from the cache)"), one.stderr


def test_a_parameter_range_on_the_command_line(gamegraph: Callable[..., CliResult]) -> None:
    result = gamegraph(
        "table", "austrian", "--n", "1..6", "--param", "L=1..4", "--columns", "cycles", "--json"
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["rows"]
    assert len(rows) == 24 and {r["L"] for r in rows} == {1, 2, 3, 4}


@pytest.mark.parametrize(
    ("args", "wanted"),
    [
        (["--columns", "cyclez"], "unknown column 'cyclez' for bulgarian"),
        (["--param", "L=2"], "bulgarian has no parameter 'L'"),
        (["--column", "nosuchmodule_xyz:f"], "column 'nosuchmodule_xyz:f': cannot import"),
        (["--column", "json:dumps"], "column dumps (json:dumps) raised TypeError at bulgarian n=1"),
    ],
)
def test_bad_input_is_one_error_line(
    gamegraph: Callable[..., CliResult], args: list[str], wanted: str
) -> None:
    result = gamegraph("table", "bulgarian", "--n", "1..5", *args)
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0].startswith("error: ") and wanted in lines[0], lines[0]


@pytest.mark.parametrize("command", ["table bulgarian", "check conjectures.py"])
def test_a_reversed_range_is_said_as_load_says_it(
    gamegraph: Callable[..., CliResult], command: str
) -> None:
    """Before: "--n '5..3' is not an integer or a range such as 1..200" (load: "the range
    '5..3' is reversed: write 3..5")."""
    result = gamegraph(*command.split(), "--n", "5..3")
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert result.stderr == "error: the --n range '5..3' is reversed: write 3..5\n"


def test_a_range_too_big_for_memory_names_the_n(gamegraph: Callable[..., CliResult]) -> None:
    result = gamegraph("table", "bulgarian", "--n", "1..100", env={"GAMEGRAPH_MEMORY_LIMIT": "60M"})
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "error: bulgarian n=" in lines[0] and "would need" in lines[0]


def test_a_plot_file_of_another_kind_is_refused_before_anything_is_computed(
    gamegraph: Callable[..., CliResult], tmp_path: Path
) -> None:
    """Before, the whole table was computed and printed, and then the plot refused."""
    result = gamegraph(
        "table", "bulgarian", "--n", "1..5", "--no-cache", "--plot", str(tmp_path / "x.jpg")
    )
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert (
        result.stderr.startswith("error: --plot ") and "name a .png or .svg file" in result.stderr
    )


@pytest.mark.parametrize(
    ("option", "where", "wanted"),
    [
        ("--out", "afile", "--out: '{tmp}/afile' is a file, not a directory"),
        ("--out", "afile/sub", "--out: cannot write to {tmp}/afile/sub: Not a directory"),
        ("--plot", "afile/x.png", "'{tmp}/afile' is a file, not a directory"),
        ("--plot", "adir.png", "--plot '{tmp}/adir.png' is a directory"),
    ],
)
def test_an_output_path_that_cannot_be_written_is_refused_before_anything_is_computed(
    gamegraph: Callable[..., CliResult], tmp_path: Path, option: str, where: str, wanted: str
) -> None:
    """Before, every row was computed and printed, then the command ended in "internal error
    (FileExistsError ...)"."""
    (tmp_path / "afile").write_text("kept\n")
    (tmp_path / "adir.png").mkdir()
    result = gamegraph(
        "table", "bulgarian", "--n", "1..5", "--columns", "cycles", "--no-cache",
        option, str(tmp_path / where),
    )  # fmt: skip
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and result.stdout == "" and len(lines) == 1, result.output
    assert lines[0].startswith("error: ") and wanted.format(tmp=tmp_path) in lines[0], lines[0]
    assert (tmp_path / "afile").read_text() == "kept\n"


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_an_out_directory_that_cannot_be_made_is_refused_before_anything_is_computed(
    gamegraph: Callable[..., CliResult],
) -> None:
    """Before: "internal error (FileNotFoundError ...)" after every row was computed."""
    result = gamegraph("table", "bulgarian", "--n", "1..5", "--no-cache", "--out", "/proc/x")
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and result.stdout == "" and len(lines) == 1, result.output
    assert lines[0].startswith("error: --out: cannot write to /proc/x"), lines[0]


def test_a_column_value_that_is_no_number_or_text_is_refused(
    gamegraph: Callable[..., CliResult], tmp_path: Path
) -> None:
    """Before, it was accepted and cached as its repr, "<object object at 0x...>"."""
    source = tmp_path / "weird.py"
    source.write_text("def weird(graph):\n    return object()\n")
    result = gamegraph("table", "bulgarian", "--n", "1..3", "--column", f"{source}:weird")
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert "column weird" in lines[0] and "raised TypeError at bulgarian n=1" in lines[0]
    assert "it returned object <object object at" in lines[0]
