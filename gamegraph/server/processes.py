"""The operating system's side of a local Neo4j: the JVM's command-line flags, whether a
pid is the launcher's JVM, waiting for it to exit, its resident memory, a log's tail, a free
port, a private home. Used by :mod:`.local`, :mod:`.bulk_import` and :mod:`.dump`."""

from __future__ import annotations

import errno
import os
import re
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path

from gamegraph.errors import InputError
from gamegraph.server.errors import tail

__all__ = [
    "BASE_JVM_FLAGS",
    "SIZE_FORMS",
    "die_with_parent",
    "file_tail",
    "is_launcher_process",
    "jvm_flags",
    "make_private",
    "memory_size",
    "port_problem",
    "rss_bytes",
    "wait_for_exit",
]

# The flags Neo4j 5's own start script passes, plus a bounded heap for a shared 2-core machine.
BASE_JVM_FLAGS: tuple[str, ...] = (
    "-XX:+UseG1GC",
    "-XX:+ExitOnOutOfMemoryError",
    "-XX:-OmitStackTraceInFastThrow",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Djdk.nio.maxCachedBufferSize=1024",
    "-Dlog4j2.disable.jmx=true",
    "-Dfile.encoding=UTF-8",
)


SIZE_FORMS = "a whole number with k, m or g after it, such as 512m, 1536m or 2g"
"""The sizes :func:`memory_size` reads, as an error message names them."""


def die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` with which the kernel kills a child when the process that started it
    dies (Linux's PR_SET_PDEATHSIG), so a neo4j-admin tool does not run on, orphaned, writing
    into a staging home, after its gamegraph was killed; None elsewhere. Made in the parent:
    the child, forked from a process that may run threads, only calls libc's prctl (no
    import, no lookup, no lock)."""
    if sys.platform != "linux":
        return None
    import ctypes
    import signal

    prctl = ctypes.CDLL(None, use_errno=True).prctl
    pr_set_pdeathsig, kill = 1, int(signal.SIGKILL)

    def set_death_signal() -> None:
        prctl(pr_set_pdeathsig, kill)

    return set_death_signal


def memory_size(text: str) -> int | None:
    """The bytes of a size as the JVM and the launcher read it, a whole number with k, m or g
    after it (either case; ``2g``, ``512M``); None for anything else (``abc``, ``1.5g``,
    ``-1g``, or a bare number, whose unit a reader would have to guess)."""
    match = re.fullmatch(r"([0-9]+)([kmg])", text.strip().lower())
    if match is None:
        return None
    return int(match[1]) << {"k": 10, "m": 20, "g": 30}[match[2]]


def jvm_flags(heap: str) -> list[str]:
    """JVM flags for a Neo4j process with the given maximum heap (e.g. ``2g``), and an
    initial heap of 512m, or the maximum if that is smaller (Neo4j warns when -Xms is unset)."""
    size = memory_size(heap)
    if size is None:
        raise InputError(f"{heap!r} is not a heap size: use {SIZE_FORMS}")
    initial = heap if size < 512 << 20 else "512m"
    return [f"-Xms{initial}", f"-Xmx{heap}", *BASE_JVM_FLAGS]


def port_problem(host: str, port: int) -> str | None:
    """None if a server could listen on host:port, else why not (e.g. "address in use")."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # SO_REUSEADDR ignores sockets in TIME_WAIT, so only a live listener blocks the bind.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as e:
            return "address in use" if e.errno == errno.EADDRINUSE else str(e)
    return None


def is_launcher_process(pid: int) -> bool:
    """The pid is alive, not a zombie, and (where /proc tells) runs our launcher (its class
    compiled, or Launcher.java in the single-file mode)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):  # gone, or someone else's reused the pid
        return False
    proc = Path(f"/proc/{pid}")
    if not proc.is_dir():
        return True
    try:
        fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        state, flags = fields[0], int(fields[6])
        cmdline = (proc / "cmdline").read_bytes()
    except (OSError, IndexError, ValueError):
        return False
    if state in ("Z", "X") or flags & _PF_KTHREAD:
        return False
    # cmdline reads empty for the instant a process spends inside execve (a `java` wrapper
    # script exec-ing the JVM): alive, and not yet anything else
    return not cmdline or b"\0Launcher\0" in cmdline or b"Launcher.java" in cmdline


_PF_KTHREAD = 0x00200000  # a kernel thread's flag in /proc/<pid>/stat (its cmdline is empty too)


def wait_for_exit(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not is_launcher_process(pid):
            return True
        time.sleep(0.2)
    return not is_launcher_process(pid)


def rss_bytes(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def file_tail(path: Path, lines: int = 40) -> str:
    try:
        with path.open("rb") as handle:
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            handle.seek(max(0, size - 64 * 1024))
            text = handle.read().decode("utf-8", errors="replace")
    except OSError:
        return "    (no log file)"
    return tail(text, lines)


def make_private(home: Path) -> None:
    """Only the home's user may read it (its store, logs, password file): a home made by an
    older gamegraph, or by hand, with group or other access is made 0700 at start."""
    info = home.stat()
    if info.st_uid == os.geteuid() and info.st_mode & 0o077:
        home.chmod(0o700)
