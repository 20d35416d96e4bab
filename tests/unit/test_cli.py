"""The command line: every command documents itself, in-memory commands answer with the
facts of the specs, and bad input is one `error:` line with exit code 2."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import typer
from cli_support import CliResult
from typer.testing import CliRunner

from gamegraph.cli import app
from gamegraph.games import all_games
from gamegraph.games.bulgarian import Bulgarian
from gamegraph.games.partitions import count_partitions, partitions

runner = CliRunner()
ROOT: Any = typer.main.get_command(app)  # typer's (vendored) click group
Cli = Callable[..., CliResult]


def _commands(group: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    for name, command in group.commands.items():
        path = (*prefix, name)
        found.append(path)
        if hasattr(command, "commands"):
            found.extend(_commands(command, path))
    return found


COMMANDS = _commands(ROOT)
GAMES = all_games()  # the games the command line above was built from (tests define more)


def test_the_cli_has_the_commands_of_the_mission_and_a_stats_command_per_game() -> None:
    names = {" ".join(path) for path in COMMANDS}
    expected = {"load", "graphs", "drop", "export", "query", "verify", "games"}
    expected |= {"neo4j start", "neo4j stop", "neo4j status"}
    expected |= {f"stats {game.name}" for game in GAMES}
    assert expected <= names


@pytest.mark.parametrize("path", COMMANDS, ids=" ".join)
def test_every_command_and_option_has_help(path: tuple[str, ...]) -> None:
    command = ROOT
    for name in path:
        command = command.commands[name]
    assert command.help, f"{' '.join(path)} has no help text"
    for param in command.params:
        if param.param_type_name == "option" and param.name != "help":
            assert param.help, f"{' '.join(path)} {param.opts} has no help"
    result = runner.invoke(app, [*path, "--help"])
    assert result.exit_code == 0
    assert "Usage" in result.output
    if path[0] != "neo4j" and not hasattr(command, "commands"):  # each command that reads games
        assert "--games-from FILE.py" in _help_text(result.output), path


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_every_game_parameter_is_an_option_of_its_stats_command(game: Any) -> None:
    command = ROOT.commands["stats"].commands[game.name]
    options = {opt for param in command.params for opt in param.opts}
    for param in game.params:
        assert param.cli_option in options


def test_stats_floridian_24_prints_the_spec_figures(gamegraph: Cli) -> None:
    result = gamegraph("stats", "floridian", "--n", "24", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    floridian = next(g for g in all_games() if g.name == "floridian")
    assert tuple(data) == floridian.stats_keys
    # SPEC.md §3, n = 24: |S| = 424, |T| = 326, |Ω(T)| = 189, core strongly connected, 35/60
    assert (data["separated"], data["t_positions"], data["omega_t"]) == (424, 326, 189)
    assert (data["recurrent"], data["core_arcs"], data["core_scc_sizes"]) == (35, 60, [35])


def test_stats_restricted_omits_exactly_the_win_loss_keys(gamegraph: Cli) -> None:
    full = json.loads(gamegraph("stats", "floridian", "--n", "24", "--json").stdout)
    restricted = gamegraph("stats", "floridian", "--n", "24", "--restricted", "--json")
    data = json.loads(restricted.stdout)
    omitted = {"alpha_arcs", "h_arcs", "immediate_losses", "losing", "max_turns_to_core"}
    assert set(full) - set(data) == omitted
    assert data["restricted"] is True
    assert {k: v for k, v in full.items() if k not in omitted | {"restricted"}} == {
        k: v for k, v in data.items() if k != "restricted"
    }


def test_stats_bulgarian_10_is_the_triangular_case_of_the_spec(gamegraph: Cli) -> None:
    result = gamegraph("stats", "bulgarian", "--n", "10", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # n = 10 = T_4: one fixed point (4,3,2,1) reached in at most k(k-1) = 12 moves (SPEC §2);
    # Garden of Eden: λ with s parts and λ_1 < s - 1, counted from the definition
    ge = sum(1 for p in partitions(10) if p[0] < len(p) - 1)
    assert data == {
        "n": 10,
        "positions": count_partitions(10),
        "cycles": 1,
        "cycle_lengths": {"1": 1},
        "components": 1,
        "garden_of_eden": ge,
        "fixed_points": 1,
        "max_transient": 12,
    }
    assert count_partitions(10) == 42


def test_stats_crim_says_which_sizes_each_figure_counts(gamegraph: Cli) -> None:
    # CRIM_8 holds every partition of size <= 8; its P-positions and Grundy values are those
    # of size 8 (the paper's tables): the readable summary says so beside each figure
    data = json.loads(gamegraph("stats", "crim", "--n", "8", "--json").stdout)
    lines = gamegraph("stats", "crim", "--n", "8").stdout.splitlines()[1:-1]
    shown = dict(re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in lines)
    sizes = [count_partitions(m) for m in range(9)]
    assert data["positions"] == sum(sizes) and sum(data["grundy"].values()) == sizes[8]
    assert shown == {
        "n": "8",
        "positions of size <= 8": str(sum(sizes)),
        "p positions of size 8": str(data["p_positions"]),
        "grundy values of size 8": ", ".join(f"{v}: {c}" for v, c in data["grundy"].items()),
        "max grundy of size 8": str(data["max_grundy"]),
    }


def test_stats_lifting_band_34_finds_the_n28_cycle_that_never_lifts(gamegraph: Cli) -> None:
    result = gamegraph("stats", "lifting", "--n-max", "34", "--rule", "band", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    lifting = next(g for g in all_games() if g.name == "lifting")
    assert tuple(data) == lifting.stats_keys
    assert data["rule"] == "band" and data["n_max"] == 34
    assert data["non_lifting"] == [28]  # README: n = 28 is the first 4-cycle with no lift
    assert data["components_with_multiple_sources"] == 0


def test_too_large_requests_are_refused_with_an_estimate(
    gamegraph: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "100M")
    result = gamegraph("stats", "bulgarian", "--n", "70")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: B_70 would need")
    assert f"{count_partitions(70):,} nodes" in result.stderr


@pytest.mark.parametrize("route", [["load", "--bulk"], ["load", "--online"], ["export"]])
def test_a_load_or_export_over_the_limit_with_its_tables_is_refused_before_anything_runs(
    gamegraph: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, route: list[str]
) -> None:
    # B_100's bulk load held 21 GB under a 16 GiB limit its 5 GiB build estimate passed: a
    # limit between the build's estimate and the load's must refuse every route, not stats
    estimate = Bulgarian(n=70).estimate()
    limit = (estimate.bytes + estimate.with_tables().bytes) // 2
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", str(limit))
    monkeypatch.setenv("GAMEGRAPH_NEO4J_HOME", str(tmp_path / "home"))
    out = ["--out", str(tmp_path / "files")] if route == ["export"] else []
    result = gamegraph(*route, "--n", "70", "--games", "bulgarian", *out)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: B_70 with its tables would need")
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert not (tmp_path / "home").exists() and not (tmp_path / "files").exists()
    assert Bulgarian(n=70).check_size() == estimate  # stats builds no tables: it may go on


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["stats", "lifting", "--n-max", "20", "--rule", "magic"], "error: unknown rule 'magic'"),
        (["stats", "bulgarian", "--n", "0"], "error: n must be >= 1, not 0"),
        (["stats", "bulgarian", "--n", "ten"], "error: --n 'ten' is not an integer"),
        (["stats", "bulgarian"], "error: Missing option '--n'"),
        (["stats", "chess", "--n", "3"], "error: No such command 'chess'"),
        (["load", "--n", "40..20"], "error: the n range '40..20' is reversed: write 20..40"),
        (["load", "--n", "24", "--games", "chess"], "error: unknown game 'chess'"),
        (["export", "--n", "24", "--out", "x", "--format", "pdf"], "error: unknown format"),
        (["drop"], "error: name the graphs to drop"),
        (["drop", "floridian"], "error: bad graph id 'floridian'"),
        (["query", "no_such_query"], "error: unknown query 'no_such_query'"),
        (["load", "--n", "24", "--games", "bulgarian", "--rule", "band"], "applies to lifting"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_code_2(
    gamegraph: Cli, args: list[str], message: str
) -> None:
    result = gamegraph(*args, env={"NEO4J_URI": "bolt://127.0.0.1:1"})
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert message in lines[0]


@pytest.mark.parametrize(
    "command",
    [["report", "--n-max", "6"], ["export", "--games", "bulgarian", "--n", "5"]],
    ids=["report", "export"],
)
@pytest.mark.parametrize(
    ("where", "wanted"),
    [
        ("afile", "--out: '{tmp}/afile' is a file, not a directory"),
        ("afile/sub", "--out: cannot write to {tmp}/afile/sub: Not a directory"),
    ],
)
def test_an_out_that_cannot_be_written_is_bad_input_refused_before_any_work(
    gamegraph: Cli,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
    where: str,
    wanted: str,
) -> None:
    """`report --out` and `export --out` of a file (or below one) exited 1, as for a failed
    write, where `table --out` and `frontier --out` exit 2 (bad command-line input, as
    tests/unit/test_table_cli.py checks): they exit 2 with table's message, and nothing was
    computed (the report's cache is untouched)."""
    monkeypatch.setenv("GAMEGRAPH_REPORT_CACHE", str(tmp_path / "cache"))
    (tmp_path / "afile").write_text("kept\n")
    result = gamegraph(*command, "--out", str(tmp_path / where))
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and result.stdout == "" and len(lines) == 1, result.output
    assert lines[0] == "error: " + wanted.format(tmp=tmp_path), lines[0]
    assert (tmp_path / "afile").read_text() == "kept\n"
    assert not (tmp_path / "cache").exists()


def test_n_500_and_10000_are_refused_in_one_line_without_recursing(gamegraph: Cli) -> None:
    for n in ("500", "10000"):
        # G_n past the memory limit names its estimate (--force may try); B_n's parts are
        # bytes, so past n = 255 it is refused by that limit, which --force cannot lift
        for game, message in (
            ("bulgarian", "n must be <= 255, not"),
            ("floridian", f"G_{n} and H_{n} would need"),
        ):
            for force in ((), ("--force",)) if game == "bulgarian" else ((),):
                result = gamegraph("stats", game, "--n", n, *force)
                assert result.exit_code == 2
                assert result.stderr.startswith(f"error: {message}"), result.stderr
                assert len(result.stderr.splitlines()) == 1
                assert "Traceback" not in result.output


def test_a_space_that_ranks_by_a_listing_counts_it_in_the_estimate(
    gamegraph: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    # B3D_40 has A000219(40) = 281,846,923 positions: their listing (2n − 1 = 79 bytes each,
    # 22.3 GB) is over the limit alone; before it was counted the estimate said 12.2 GiB, and
    # the build ran on until it had taken the machine's memory
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "20G")
    result = gamegraph("stats", "bulgarian-3d", "--n", "40")
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, result.output
    assert result.stderr.startswith("error: bulgarian-3d(n=40, layer_move=zx)")
    need = re.search(r"~([\d.]+) GiB of memory", result.stderr)
    assert need and float(need.group(1)) * 2**30 > 281_846_923 * 79


def _help_text(output: str) -> str:
    """A --help page as one line of words (rich's box and wrapping taken out)."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", output).split())


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_stats_help_says_each_parameters_default(
    game: Any, gamegraph: Callable[..., CliResult]
) -> None:
    """Before, the help wrote "[default: paper]", which rich took for markup and dropped."""
    page = _help_text(gamegraph("stats", game.name, "--help").stdout)
    for param in game.params:
        if not param.required and param.kind != "flag":
            assert f"(default: {param.format(param.default)})" in page, param.name


def test_load_help_gives_each_games_meaning_of_a_shared_option(
    gamegraph: Callable[..., CliResult],
) -> None:
    """--rule is lifting's and tchoukaillon's, with other values: the help said only
    lifting's (and named both games)."""
    page = _help_text(gamegraph("load", "--help").stdout)
    assert "lifting: Lifting rule: 'paper'" in page and "(default: paper)" in page
    assert "tchoukaillon: The move rule: 'standard'" in page
    assert "(default: standard)" in page


def test_a_long_list_in_a_summary_is_cut_and_its_numbers_are_not_grouped(
    gamegraph: Callable[..., CliResult],
) -> None:
    """Before, T_{10^8}'s board was one line of about 100 KB, and its move vector read
    "50,000,000, 16,666,667, ..." (which commas separate the numbers?)."""
    text = gamegraph("stats", "tchoukaillon", "--n", "100000000").stdout
    data = json.loads(gamegraph("stats", "tchoukaillon", "--n", "100000000", "--json").stdout)
    board = next(line for line in text.splitlines() if "winnable board" in line)
    holes = len(data["winnable_board"])
    assert len(board) < 400 and board.endswith(f"({holes:,} in all; --json)")
    shown = board.split("winnable board", 1)[1].split(", ...")[0].split(",")
    assert [int(v) for v in shown] == data["winnable_board"][: len(shown)]
    moves = next(line for line in text.splitlines() if "move vector" in line)
    assert moves.split()[2:4] == [f"{data['move_vector'][0]},", f"{data['move_vector'][1]},"]
