"""A move that never returns is stopped by Ctrl-C with one line (issue 33, item 5): the
command exits 130 (128 + SIGINT) saying ``error: interrupted (Ctrl-C)``, no traceback (it
used to exit 130 printing nothing)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

HANGS = """\
from pathlib import Path

import gamegraph as gg


@gg.solitaire(name="hangs-forever")
def move(position, n):
    if position == (3, 3):
        Path({marker!r}).write_text("in the move")
        while True:
            pass
    return position
"""


def test_ctrl_c_stops_a_move_that_never_returns_with_one_line(tmp_path: Path) -> None:
    marker = tmp_path / "started"
    definitions = tmp_path / "hangs.py"
    definitions.write_text(HANGS.format(marker=str(marker)), "utf-8")
    command = [sys.executable, "-m", "gamegraph", "stats", "hangs-forever", "--n", "6"]
    process = subprocess.Popen(
        [*command, "--games-from", str(definitions)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
        # Ctrl-C as a terminal delivers it, whatever this process does with SIGINT
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 240
        while not marker.exists():
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the move never started"
            time.sleep(0.2)
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130
    assert err.splitlines() == ["error: interrupted (Ctrl-C)"], err
    assert "Traceback" not in out + err
