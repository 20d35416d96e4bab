"""A gamegraph command interrupted at a chosen moment: Ctrl-C, as a terminal delivers it (or
SIGTERM), to one busy in a move (tests/unit/test_interrupt.py, test_move_timeout.py and
tests/integration/test_unknown_games.py), and SIGKILL to one midway through a store swap or a
dump (tests/integration/test_bulk.py, test_dump_restore.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from contextlib import suppress
from pathlib import Path


def interrupt_once_started(
    args: list[str],
    marker: Path,
    *,
    env: Mapping[str, str] | None = None,
    start_within: float = 240,
    end_within: float = 60,
    signum: int = signal.SIGINT,
) -> tuple[int, str, str]:
    """Run ``gamegraph ARGS``, wait until its move has created ``marker``, send it SIGINT
    (or ``signum``) half a second later, and return its exit code, stdout and stderr. The
    child takes SIGINT as a terminal's Ctrl-C, whatever this process does with it; it is
    killed if it outlives the test."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gamegraph", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(env) if env is not None else {**os.environ, "NO_COLOR": "1"},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + start_within
        while not marker.exists():
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the move never started"
            time.sleep(0.2)
        time.sleep(0.5)
        process.send_signal(signum)
        out, err = process.communicate(timeout=end_within)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, out, err


def killed_once(
    args: list[str],
    marker: Path,
    *,
    env: Mapping[str, str],
    settle: float = 0.0,
    within: float = 300,
) -> bool:
    """Run ``gamegraph ARGS`` in a process group of its own and SIGKILL the group once
    ``marker`` exists (and ``settle`` seconds more, or once ``within`` seconds have passed);
    whether it was killed (False: it ended before)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gamegraph", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=dict(env),
        start_new_session=True,
    )
    deadline = time.monotonic() + within
    while not marker.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    time.sleep(settle)
    with suppress(ProcessLookupError):  # it ended: the caller's assert says so
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    return process.returncode == -signal.SIGKILL
