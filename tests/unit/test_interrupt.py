"""A move that never returns is stopped by Ctrl-C with one line (issue 33, item 5): the
command exits 130 (128 + SIGINT) saying ``error: interrupted (Ctrl-C)``, no traceback (it
used to exit 130 printing nothing)."""

from __future__ import annotations

from pathlib import Path

from interrupting import interrupt_once_started

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
    code, out, err = interrupt_once_started(
        ["stats", "hangs-forever", "--n", "6", "--games-from", str(definitions)], marker
    )
    assert code == 130
    assert err.splitlines() == ["error: interrupted (Ctrl-C)"], err
    assert "Traceback" not in out + err
