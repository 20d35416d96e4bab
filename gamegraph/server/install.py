"""Where the local Neo4j lives and how its jars get there.

The jars come from Maven Central through `mvn dependency:copy-dependencies` on the small
`pom.xml` shipped in this package; Maven keeps them in ~/.m2, so only the first install
downloads (about 140 MiB). Nothing is ever written into the source tree:

- jars and the launcher: ``$GAMEGRAPH_NEO4J_CACHE`` or ``${XDG_CACHE_HOME:-~/.cache}/gamegraph``,
  one directory per Neo4j version (``neo4j-5.26.30/lib``);
- the database itself: ``$GAMEGRAPH_NEO4J_HOME`` or
  ``${XDG_DATA_HOME:-~/.local/share}/gamegraph/neo4j``.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from gamegraph.server.defaults import (
    APOC_VERSION,
    BROWSER_VERSION,
    NEO4J_VERSION,
)
from gamegraph.server.errors import InstallError, ToolNotFoundError, tail

MIN_JAVA = 17

_COMPLETE_MARKER = ".gamegraph-complete"


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name)
    return Path(value).expanduser() if value else None


def cache_root() -> Path:
    """Directory holding one installation per Neo4j version."""
    explicit = _env_path("GAMEGRAPH_NEO4J_CACHE")
    if explicit is not None:
        return explicit
    base = _env_path("XDG_CACHE_HOME") or Path.home() / ".cache"
    return base / "gamegraph"


def default_home() -> Path:
    """Neo4j home (data/, logs/, plugins/, conf/, run/) of the local Neo4j."""
    explicit = _env_path("GAMEGRAPH_NEO4J_HOME")
    if explicit is not None:
        return explicit
    base = _env_path("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return base / "gamegraph" / "neo4j"


@dataclass(frozen=True)
class Java:
    """A Java runtime with its compiler (the single-file launcher compiles Launcher.java)."""

    java: Path
    version: int


@dataclass(frozen=True)
class Installation:
    """Resolved jars plus the launcher source, ready to run."""

    root: Path
    java: Java

    @property
    def lib(self) -> Path:
        return self.root / "lib"

    @property
    def classpath(self) -> str:
        """Class path with a wildcard, as `java -cp` expands it (pass it unquoted to exec)."""
        return f"{self.lib}/*"

    @property
    def launcher(self) -> Path:
        return self.root / "Launcher.java"

    @property
    def pom(self) -> Path:
        return self.root / "pom.xml"

    def jars(self) -> list[Path]:
        return sorted(self.lib.glob("*.jar"))


def _resource_bytes(name: str) -> bytes:
    return (resources.files("gamegraph.server") / name).read_bytes()


def _java_home_bin(tool: str) -> Path | None:
    java_home = _env_path("JAVA_HOME")
    if java_home is not None and (java_home / "bin" / tool).is_file():
        return java_home / "bin" / tool
    found = shutil.which(tool)
    return Path(found) if found else None


def find_java() -> Java:
    """Locate a Java 17+ JDK (JAVA_HOME first, then PATH), or say how to get one."""
    java = _java_home_bin("java")
    if java is None:
        raise ToolNotFoundError(
            "java not found (neither $JAVA_HOME/bin/java nor on PATH): the local Neo4j needs a "
            f"Java {MIN_JAVA}+ JDK, e.g. `apt-get install openjdk-17-jdk-headless`"
        )
    javac = java.parent / "javac"
    if not javac.is_file() and shutil.which("javac") is None:
        raise ToolNotFoundError(
            f"{java} has no javac next to it and none is on PATH: the local Neo4j runs "
            "Launcher.java as a single-file program, which needs the full JDK, not only a JRE "
            "(e.g. `apt-get install openjdk-17-jdk-headless`)"
        )
    try:
        out = subprocess.run(
            [str(java), "-version"], capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise ToolNotFoundError(f"cannot run {java} -version: {e}") from e
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr + out.stdout)
    if match is None:
        raise ToolNotFoundError(
            f"cannot read the Java version from `{java} -version`:\n"
            + tail(out.stderr + out.stdout)
        )
    major = int(match.group(1))
    if major == 1 and match.group(2):  # "1.8.0" style
        major = int(match.group(2))
    if major < MIN_JAVA:
        raise ToolNotFoundError(
            f"{java} is Java {major}; Neo4j {NEO4J_VERSION} needs Java {MIN_JAVA} or newer"
        )
    return Java(java=java, version=major)


def find_maven() -> Path:
    """Locate `mvn`, or say how to get it."""
    found = shutil.which("mvn")
    if found is None:
        raise ToolNotFoundError(
            "mvn (Apache Maven) not found on PATH: it downloads the Neo4j jars from Maven "
            "Central once, e.g. `apt-get install maven`"
        )
    return Path(found)


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive advisory lock on `path` (created if needed) across processes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _write_if_changed(path: Path, content: bytes) -> None:
    if not path.exists() or path.read_bytes() != content:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(content)
        tmp.replace(path)


def ensure_installed(
    root: Path | None = None, *, log: Callable[[str], None] | None = None
) -> Installation:
    """Make sure the jars for the local Neo4j are present, downloading them once.

    Fast when already installed (no Maven run at all). Safe to call from several processes at
    once: a lock file serialises installs. Raises ToolNotFoundError or InstallError.
    """
    java = find_java()
    root = root if root is not None else cache_root() / f"neo4j-{NEO4J_VERSION}"
    root.mkdir(parents=True, exist_ok=True)
    pom = _resource_bytes("pom.xml")
    expected = hashlib.sha256(pom).hexdigest()
    installation = Installation(root=root, java=java)
    _write_if_changed(installation.launcher, _resource_bytes("Launcher.java"))
    marker = installation.lib / _COMPLETE_MARKER
    if marker.is_file() and marker.read_text().strip() == expected:
        return installation

    with file_lock(root / "install.lock"):
        if marker.is_file() and marker.read_text().strip() == expected:
            return installation  # another process finished while we waited
        mvn = find_maven()
        _write_if_changed(installation.pom, pom)
        partial = root / "lib.partial"
        shutil.rmtree(partial, ignore_errors=True)
        if log is not None:
            log(
                f"Resolving Neo4j {NEO4J_VERSION}, APOC {APOC_VERSION} and Neo4j Browser "
                f"{BROWSER_VERSION} from Maven Central into {installation.lib} (once) ..."
            )
        command = [
            str(mvn),
            "-B",
            "-q",
            "-f",
            str(installation.pom),
            "dependency:copy-dependencies",
            f"-DoutputDirectory={partial}",
            "-DincludeScope=runtime",
        ]
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL
            )
        except OSError as e:
            raise InstallError(f"cannot run {mvn}: {e}") from e
        if done.returncode != 0 or not any(partial.glob("neo4j-*.jar")):
            raise InstallError(
                f"Maven could not resolve the Neo4j jars (exit code {done.returncode}); is Maven "
                f"Central reachable?\ncommand: {' '.join(command)}\nlast output:\n"
                + tail(done.stdout + done.stderr)
            )
        shutil.rmtree(installation.lib, ignore_errors=True)
        partial.rename(installation.lib)
        marker.write_text(expected + "\n")
    return installation
