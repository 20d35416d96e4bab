"""`gamegraph --help` is printed by :mod:`gamegraph.cli_start` without building the command
line (issue 31: at most 0.3 s); it must be typer's own page, word for word."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gamegraph.cli import app
from gamegraph.cli_start import COMMANDS, NARROWEST, help_page


def _typer_page(width: int) -> list[str]:
    env = dict(os.environ, COLUMNS=str(width), NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-c", "from gamegraph.cli import main; main()", "--help"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line.rstrip() for line in done.stdout.splitlines()]


@pytest.mark.parametrize("width", [NARROWEST, 80, 100, 137, 200])
def test_the_fast_help_page_is_typers_page(width: int) -> None:
    assert [line.rstrip() for line in help_page(width).splitlines()] == _typer_page(width)


def test_every_top_level_command_has_its_line() -> None:
    registered = [c.name for c in app.registered_commands]
    registered += [g.name for g in app.registered_groups]
    assert [name for name, _ in COMMANDS] == registered


def test_the_console_script_prints_it_without_typer_or_the_games() -> None:
    code = (
        "import sys; sys.argv = ['gamegraph', '--help']\n"
        "import gamegraph.cli_start as cli_start\n"
        "try:\n    cli_start.main()\n"
        "except SystemExit:\n    pass\n"
        "heavy = [m for m in ('typer', 'rich', 'click', 'gamegraph.games', 'gamegraph.cli') "
        "if m in sys.modules]\n"
        "print('HEAVY', heavy, file=sys.stderr)\n"
    )
    env = dict(os.environ, COLUMNS="100")
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert "HEAVY []" in done.stderr
    assert "Usage: gamegraph [OPTIONS] COMMAND [ARGS]..." in done.stdout
    words = " ".join(done.stdout.split())
    assert "--games-from FILE.py" in words and "name only files you trust" in words


def test_a_narrow_terminal_gets_typers_page() -> None:
    env = dict(os.environ, COLUMNS=str(NARROWEST - 10), NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-m", "gamegraph", "--help"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert [line.rstrip() for line in done.stdout.splitlines()] == _typer_page(NARROWEST - 10)


def test_the_version_is_the_installed_packages_by_both_paths() -> None:
    """`gamegraph --version` prints the distribution's version (pyproject's), the same from
    the fast path and from typer's command line."""
    from importlib.metadata import version

    expected = f"gamegraph {version('gamegraph')}"
    fast = subprocess.run(
        [sys.executable, "-m", "gamegraph", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    typer_path = subprocess.run(
        [sys.executable, "-c", "from gamegraph.cli import main; main()", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert fast.stdout.strip() == typer_path.stdout.strip() == expected
    changelog = (Path(__file__).parents[2] / "CHANGELOG.md").read_text()
    newest = next(line.split()[1] for line in changelog.splitlines() if line.startswith("## "))
    assert version("gamegraph").startswith(newest), "pyproject's version is not the CHANGELOG's"
