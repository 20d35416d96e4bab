"""A move that never returns is stopped by Ctrl-C with one line (issue 33, item 5): the
command exits 130 (128 + SIGINT) saying ``error: interrupted (Ctrl-C)``, no traceback (it
used to exit 130 printing nothing). SIGTERM (``timeout``, a job scheduler) ends a command the
same way, exit 143: it used to end it at once, without a word of gamegraph's and without
closing a local Dask cluster (Python's multiprocessing then warned of leaked semaphores)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from interrupting import interrupt_once_started

HANGS = """\
import os
from pathlib import Path

import gamegraph as gg


@gg.solitaire(name="hangs-forever")
def move(position, n):
    if position == (3, 3):
        Path({marker!r}).write_text(str(os.getpid()))
        while True:
            pass
    return position
"""


def test_ctrl_c_stops_a_move_that_never_returns_with_one_line(tmp_path: Path) -> None:
    marker = tmp_path / "started"
    definitions = tmp_path / "hangs.py"
    definitions.write_text(HANGS.format(marker=str(marker)), "utf-8")
    code, out, err = interrupt_once_started(
        ["stats", "hangs-forever", "--n", "6", "--games-from", str(definitions)], marker
    )
    assert code == 130
    assert err.splitlines() == ["error: interrupted (Ctrl-C)"], err
    assert "Traceback" not in out + err


def test_sigterm_ends_a_table_on_dask_workers_with_one_line_and_closes_them(
    tmp_path: Path,
) -> None:
    marker = tmp_path / "started"
    definitions = tmp_path / "hangs.py"
    definitions.write_text(HANGS.format(marker=str(marker)), "utf-8")
    args = ["table", "hangs-forever", "--n", "6", "--workers", "2", "--no-cache"]
    code, out, err = interrupt_once_started(
        [*args, "--games-from", str(definitions)], marker, signum=signal.SIGTERM
    )
    assert code == 143
    assert err.splitlines() == ["error: terminated (SIGTERM)"], err
    assert "Traceback" not in out + err
    worker = int(marker.read_text())  # the worker stuck in the move is gone with its cluster
    assert worker != os.getpid()
    deadline = time.monotonic() + 10
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(worker)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
