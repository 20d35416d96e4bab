"""The command line: every command documents itself, and in-memory commands answer."""

from __future__ import annotations

import json
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from gamegraph.cli import app

runner = CliRunner()
ROOT: Any = typer.main.get_command(app)  # typer's (vendored) click group


def _commands(group: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = []
    for name, command in group.commands.items():
        path = (*prefix, name)
        found.append(path)
        if hasattr(command, "commands"):
            found.extend(_commands(command, path))
    return found


COMMANDS = _commands(ROOT)


def test_the_cli_has_the_commands_of_the_mission() -> None:
    names = {" ".join(path) for path in COMMANDS}
    expected = {"load", "graphs", "drop", "export", "stats bulgarian", "stats floridian"}
    assert expected | {"stats lifting", "neo4j start", "neo4j stop", "neo4j status"} <= names


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


def test_stats_floridian_json_has_the_required_keys() -> None:
    result = runner.invoke(app, ["stats", "floridian", "--n", "24", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["core_scc_sizes"] == [35] and data["core_arcs"] == 60
    for key in ("separated", "t_positions", "omega_t", "alpha_arcs", "h_arcs", "recurrent"):
        assert key in data
    for key in ("immediate_losses", "losing", "four_cycles", "max_turns_to_core"):
        assert key in data


def test_stats_bulgarian_json_has_the_required_keys() -> None:
    result = runner.invoke(app, ["stats", "bulgarian", "--n", "10", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data == {
        "n": 10,
        "positions": 42,
        "cycles": 1,
        "cycle_lengths": {"1": 1},
        "components": 1,
        "garden_of_eden": data["garden_of_eden"],
        "fixed_points": 1,
        "max_transient": 12,
    }


def test_stats_lifting_json_has_the_required_keys() -> None:
    result = runner.invoke(app, ["stats", "lifting", "--n-max", "34", "--rule", "band", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    for key in ("n_max", "rule", "four_cycles", "lifts", "non_lifting", "components"):
        assert key in data
    assert data["components_with_multiple_sources"] == 0


def test_too_large_requests_are_refused_with_an_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "100M")
    result = runner.invoke(app, ["stats", "bulgarian", "--n", "70"])
    assert result.exit_code == 2
    assert "would need" in result.output and "4,087,968 nodes" in result.output


def test_a_bad_rule_is_refused() -> None:
    result = runner.invoke(app, ["stats", "lifting", "--n-max", "20", "--rule", "magic"])
    assert result.exit_code == 2 and "unknown rule" in result.output
