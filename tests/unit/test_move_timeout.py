"""`--move-timeout SECONDS` of `stats` and `load` (issue 33, item 5): a defined game's move that
does not return in time stops the build with one line, ``error: move of <game> on
<position> took longer than N s``, exit code 2 and no traceback: on the main thread a SIGALRM
interrupts the move, in a Dask worker the time is checked when the move returns."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from interrupting import interrupt_once_started

from gamegraph.errors import InputError
from gamegraph.games.engine.timeout import MoveTimeoutError, configure, limit, timed

SLEEPS = """\
import time
from pathlib import Path

import gamegraph as gg


@gg.solitaire(name="sleepy-move", title="Bulgarian solitaire, slow at (3, 3)")
def move(position, n):
    if (position, n) in (((3, 3), 6), ((25, 25), 50)):
        Path({marker!r}).write_text("in the move")
        try:
            time.sleep({seconds})
        except Exception:  # the move's own handler does not swallow the time limit
            return position
    return tuple(sorted([*(p - 1 for p in position if p > 1), len(position)], reverse=True))
"""


COMMAND = (sys.executable, "-m", "gamegraph")


def _definitions(tmp_path: Path, seconds: float) -> tuple[Path, Path]:
    marker = tmp_path / "started"
    path = tmp_path / "sleepy.py"
    path.write_text(SLEEPS.format(marker=str(marker), seconds=seconds), "utf-8")
    return path, marker


def _gamegraph(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gamegraph", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=300,
    )


def test_a_move_that_does_not_return_in_time_stops_stats_with_one_line(tmp_path: Path) -> None:
    path, marker = _definitions(tmp_path, 3600)
    result = _gamegraph(
        "stats", "sleepy-move", "--n", "6", "--move-timeout", "1", "--games-from", str(path)
    )
    assert marker.exists()  # the move was called on (3, 3) and interrupted there
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.splitlines() == [
        "error: move of sleepy-move on (3, 3) took longer than 1 s"
    ]
    assert "Traceback" not in result.stdout + result.stderr


def test_a_move_in_a_dask_worker_is_checked_when_it_returns(tmp_path: Path) -> None:
    """B_50's 204,226 positions are two shards, which go to the cluster of --workers (a
    one-shard build runs here: a cluster would only cost its start)."""
    path, marker = _definitions(tmp_path, 2)
    result = _gamegraph(
        "stats",
        "sleepy-move",
        "--n",
        "50",
        "--move-timeout",
        "0.5",
        "--workers",
        "1",
        "--games-from",
        str(path),
    )
    assert marker.exists()
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.splitlines() == [
        "error: move of sleepy-move on (25, 25) took longer than 0.5 s"
    ]


def test_moves_within_the_limit_give_the_graph_built_without_one(tmp_path: Path) -> None:
    path, _ = _definitions(tmp_path, 0)
    args = ("stats", "sleepy-move", "--n", "6", "--json", "--games-from", str(path))
    plain = _gamegraph(*args)
    limited = _gamegraph(*args, "--move-timeout", "60")
    assert plain.returncode == 0 and limited.returncode == 0, plain.stderr + limited.stderr
    stats = json.loads(limited.stdout)
    assert stats == json.loads(plain.stdout)
    assert stats["positions"] == 11  # p(6) = 11 partitions of 6


@pytest.mark.parametrize("seconds", ["0", "-2"])
def test_a_limit_that_is_not_positive_is_refused(tmp_path: Path, seconds: str) -> None:
    path, marker = _definitions(tmp_path, 0)
    result = _gamegraph(
        "stats", "sleepy-move", "--n", "6", f"--move-timeout={seconds}", "--games-from", str(path)
    )
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert line.startswith("error: --move-timeout must be a positive number of seconds")
    assert not marker.exists()  # nothing was built


@pytest.mark.parametrize("command", [("load",), ("stats", "bulgarian")])
def test_the_help_of_stats_and_load_explains_the_limit(command: tuple[str, ...]) -> None:
    result = _gamegraph(*command, "--help")
    assert result.returncode == 0, result.stderr
    text = " ".join(result.stdout.replace("│", " ").split())
    assert "--move-timeout" in text
    assert "longer than SECONDS" in text and "Dask workers" in text


def test_ctrl_c_during_a_timed_move_still_stops_with_one_line(tmp_path: Path) -> None:
    path, marker = _definitions(tmp_path, 3600)
    args = ["stats", "sleepy-move", "--n", "6", "--move-timeout", "3000"]
    code, _, err = interrupt_once_started([*args, "--games-from", str(path)], marker)
    assert code == 130
    assert err.splitlines() == ["error: interrupted (Ctrl-C)"], err


def _slow(position: Any, **values: Any) -> Any:
    time.sleep(values["pause"])
    return position


def _in_a_thread(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """What ``fn`` returned or raised, called in a thread (as a Dask worker calls a task)."""
    outcome: list[Any] = []

    def target() -> None:
        try:
            outcome.append(fn(*args, **kwargs))
        except BaseException as e:  # the outcome is what the test checks
            outcome.append(e)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    return outcome[0]


def test_off_the_main_thread_a_slow_move_fails_once_it_returns() -> None:
    move = timed(_slow, "slow-game", 0.1)
    error = _in_a_thread(move, (2, 1), pause=0.3)
    assert isinstance(error, MoveTimeoutError)
    assert str(error) == "move of slow-game on (2, 1) took longer than 0.1 s"
    assert _in_a_thread(move, (2, 1), pause=0) == (2, 1)


def test_without_a_limit_the_move_is_the_definitions_own() -> None:
    assert timed(_slow, "slow-game", None) is _slow
    assert timed(_slow, "slow-game", 1).__name__ == "_slow"  # errors name the user's function


def test_the_error_travels_back_from_a_worker_whole() -> None:
    error = pickle.loads(pickle.dumps(MoveTimeoutError("slow-game", (4, 2), 2.5)))
    assert isinstance(error, MoveTimeoutError)
    assert str(error) == "move of slow-game on (4, 2) took longer than 2.5 s"


def test_configure_sets_and_clears_the_limit() -> None:
    try:
        configure(2.0)
        assert limit() == 2.0
        with pytest.raises(InputError):
            configure(0)
        configure(None)
        assert limit() is None
    finally:
        configure(None)
