"""One broken game package never breaks the tool (issue 33, item 4).

A package whose entry point (group ``gamegraph.games``) no longer imports is built in
``tmp_path`` (its module and a dist-info with the entry point) and put on the path of a
subprocess only, through PYTHONPATH: nothing is installed into the environment the tests run
in. Every command then works and says so in one ``warning:`` line naming the package and its
error; a ``--games-from`` file that fails stays an error, since the user asked for it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

BROKEN = "broken-games"


def _broken_site(root: Path) -> Path:
    """A folder holding a package whose games module raises on import, with its metadata."""
    site = root / "site"
    (site / "broken_games").mkdir(parents=True)
    (site / "broken_games" / "__init__.py").write_text("")
    (site / "broken_games" / "games.py").write_text(
        'raise RuntimeError("the folder of this editable install was deleted")\n'
    )
    info = site / "broken_games-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {BROKEN}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[gamegraph.games]\nbroken = broken_games.games\n")
    (info / "RECORD").write_text("")
    return site


@pytest.fixture
def broken_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GAMEGRAPH_", "NEO4J_"))}
    site = _broken_site(tmp_path)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(site), env.get("PYTHONPATH")) if p)
    env["GAMEGRAPH_NEO4J_HOME"] = str(tmp_path / "no-server-here")
    env["GAMEGRAPH_NEO4J_BOLT_PORT"] = "7799"
    env["GAMEGRAPH_NEO4J_HTTP_PORT"] = "7798"
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "120"
    return env


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gamegraph", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("warning:")]


def test_the_broken_package_is_seen_by_the_subprocess_only(broken_env: dict[str, str]) -> None:
    from importlib.metadata import entry_points

    assert BROKEN not in {
        e.dist.name for e in entry_points(group="gamegraph.games") if e.dist is not None
    }
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "from importlib.metadata import entry_points as e;"
            "print(sorted(x.dist.name for x in e(group='gamegraph.games')))",
        ],
        env=broken_env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert BROKEN in probe.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("stats", "bulgarian", "--n", "10"),
        ("stats", "--help"),
        ("load", "--help"),
        ("games",),
        ("neo4j", "status"),
        ("neo4j", "stop"),
    ],
)
def test_a_broken_package_costs_one_warning_line(
    broken_env: dict[str, str], args: tuple[str, ...]
) -> None:
    done = _run(broken_env, *args)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "error:" not in done.stderr
    lines = _warnings(done.stderr)
    assert len(lines) == 1, done.stderr
    assert BROKEN in lines[0]
    assert "RuntimeError: the folder of this editable install was deleted" in lines[0]


def test_the_top_level_help_loads_no_game_at_all(broken_env: dict[str, str]) -> None:
    """`gamegraph --help` is printed before any game loads (gamegraph.cli_start): no warning."""
    done = _run(broken_env, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "Commands" in done.stdout


def test_stats_of_bulgarian_still_answers_with_a_broken_package(
    broken_env: dict[str, str],
) -> None:
    done = _run(broken_env, "stats", "bulgarian", "--n", "10", "--json")
    assert done.returncode == 0, done.stderr

    # B_10: one position per partition of 10 (p(10) = 42); 10 = 1+2+3+4 is triangular, so
    # the one cycle is the fixed point (4, 3, 2, 1) (Brandt 1982)
    data = json.loads(done.stdout)
    assert data["positions"] == 42
    assert data["cycles"] == data["fixed_points"] == 1


def test_the_other_packages_games_still_work(broken_env: dict[str, str]) -> None:
    """The examples' package (installed by `make install`) still registers its games."""
    done = _run(broken_env, "games")
    assert done.returncode == 0, done.stderr
    assert "two-card-bulgarian" in done.stdout


def test_a_games_from_file_that_fails_stays_an_error(
    broken_env: dict[str, str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad_games.py"
    bad.write_text("import gamegraph\nraise ValueError('my own mistake')\n")
    done = _run(broken_env, "stats", "bulgarian", "--n", "10", "--games-from", str(bad))
    assert done.returncode == 2
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1
    assert "bad_games.py:2" in errors[0] and "my own mistake" in errors[0]
    assert "Traceback" not in done.stderr
