"""Class data sharing: each JVM gamegraph starts maps the classes its earlier runs loaded.

A Neo4j server's start spends most of its CPU loading and verifying the classes of Neo4j,
APOC and GDS, and the importer a good part of its own. A JVM can write the classes a run
loaded into an archive when it exits (``-XX:ArchiveClassesAtExit``, JDK 13 and later) and map
that archive at a later start (``-XX:SharedArchiveFile``). Measured here (2 cores): a server's
start 9.5 s → 6.2 s (JVM CPU 15.9 s → 10.5 s), the import of B_60, G_60/H_60 and Q 17.0 s →
14.9 s (CPU 30.9 s → 27.2 s); ``python benchmarks/server_start.py`` compares the two.

An archive belongs to one JVM build and one class path: it is named after both (and after the
size and time of every jar), in the ``cds`` directory of the installation. The first run of a
kind (``server``, ``import``) on a machine writes it at its exit into a file of its own. The
next start of that kind checks that file with the JVM itself (``-Xshare:on``: a file cut
short, by a kill while it was written or a full disk, would crash every JVM that maps it) and
only then renames it into place; a file that fails the check is removed. The archive is a
cache: deleting the ``cds`` directory costs one slower start. ``GAMEGRAPH_NEO4J_CDS=false``
turns it off.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import time
import uuid
from pathlib import Path

from gamegraph.server.install import Installation, flag_enabled

__all__ = ["archive_path", "sharing_flags"]

WRITING_SECONDS = 120.0
"""A file that fails the check this long after it was last written is a dump cut short
(a JVM writes its archive in a second or two), not one being written: it is removed."""


def sharing_flags(installation: Installation, role: str, classpath: str) -> list[str]:
    """JVM flags for a run of ``role`` on ``classpath``: map the archive of earlier runs if
    there is one (adopting a finished dump first), else write one when this run exits."""
    if not flag_enabled("GAMEGRAPH_NEO4J_CDS"):
        return []
    archive = archive_path(installation, role, classpath)
    if not archive.is_file():
        _adopt(installation, archive, classpath)
    if archive.is_file():
        return [f"-XX:SharedArchiveFile={archive}"]
    with contextlib.suppress(OSError):
        archive.parent.mkdir(parents=True, exist_ok=True)
    if not os.access(archive.parent, os.W_OK):  # a cache shared read-only: no archive
        return []
    dump = archive.with_name(f"{archive.stem}.{uuid.uuid4().hex[:12]}.dump")
    return [f"-XX:ArchiveClassesAtExit={dump}", "-XX:+VerifySharedSpaces"]


def archive_path(installation: Installation, role: str, classpath: str) -> Path:
    """Where the archive of ``role`` runs on ``classpath`` is kept (whether or not it exists)."""
    digest = hashlib.sha256(f"{role}\0{classpath}\0{installation.java.java}".encode())
    java_home = installation.java.java.resolve().parent.parent
    for path in [java_home / "lib" / "modules", *_jars(classpath)]:
        with contextlib.suppress(OSError):
            stat = path.stat()
            digest.update(f"\0{path}\0{stat.st_size}\0{stat.st_mtime_ns}".encode())
    return installation.root / "cds" / f"{role}-{digest.hexdigest()[:16]}.jsa"


def _jars(classpath: str) -> list[Path]:
    """The files of a class path, its ``dir/*`` entries expanded."""
    found: list[Path] = []
    for entry in classpath.split(os.pathsep):
        if entry.endswith("*"):
            found += sorted(Path(entry[:-1]).glob("*.jar"))
        else:
            found.append(Path(entry))
    return found


def _adopt(installation: Installation, archive: Path, classpath: str) -> None:
    """Rename the first dump of ``archive``'s runs that the JVM maps into place; remove the
    ones that fail and were written long enough ago."""
    for dump in sorted(archive.parent.glob(f"{archive.stem}.*.dump")):
        if _maps(installation, dump, classpath):
            with contextlib.suppress(OSError):
                dump.replace(archive)
                return
        with contextlib.suppress(OSError):
            if time.time() - dump.stat().st_mtime > WRITING_SECONDS:
                dump.unlink()


def _maps(installation: Installation, archive: Path, classpath: str) -> bool:
    """Whether a JVM starts with ``archive`` required and its checksums verified."""
    command = [
        str(installation.java.java),
        f"-XX:SharedArchiveFile={archive}",
        "-Xshare:on",
        "-XX:+VerifySharedSpaces",
        "-XX:ErrorFile=/dev/null",  # a file cut short crashes the JVM: no hs_err file here
        "-XX:-CreateCoredumpOnCrash",
        "-cp",
        classpath,
        "-version",
    ]
    try:
        done = subprocess.run(
            command, capture_output=True, check=False, stdin=subprocess.DEVNULL, timeout=60
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0
