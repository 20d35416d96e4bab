"""The children gamegraph starts for neo4j-admin die with it: a `load --bulk` SIGKILLed during
its import left the importer's JVM running on, orphaned, writing into the staging home."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

PARENT = """
import subprocess, sys, time
from gamegraph.server.processes import die_with_parent
child = subprocess.Popen(["sleep", "60"], preexec_fn=die_with_parent() if {guarded} else None)
print(child.pid, flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"  # a zombie is dead
    except FileNotFoundError:
        return False


@pytest.mark.skipif(sys.platform != "linux", reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.parametrize("guarded", [True, False])
def test_a_child_started_with_die_with_parent_dies_when_its_parent_is_killed(
    guarded: bool,
) -> None:
    with subprocess.Popen(
        [sys.executable, "-c", PARENT.format(guarded=guarded)], stdout=subprocess.PIPE, text=True
    ) as parent:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        assert _alive(child)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
    deadline = time.monotonic() + 3
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert _alive(child) is not guarded  # without it, the child runs on (the old way)
    finally:
        if _alive(child):
            os.kill(child, signal.SIGKILL)
