"""Where the local Neo4j lives and how its jars get there.

The jars come from Maven Central through `mvn dependency:copy-dependencies` on the small
`pom.xml` shipped in this package; Maven keeps them in ~/.m2, so only the first install
downloads (about 140 MiB). Nothing is ever written into the source tree:

- jars and the launcher: ``$GAMEGRAPH_NEO4J_CACHE`` or ``${XDG_CACHE_HOME:-~/.cache}/gamegraph``,
  one directory per Neo4j version (``neo4j-5.26.30/lib``), with the Graph Data Science jars
  beside them (``neo4j-5.26.30/gds-2.13.9/plugin`` and ``.../lib``) unless GDS is turned off
  (``GAMEGRAPH_NEO4J_GDS=false``);
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
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from gamegraph.errors import InputError
from gamegraph.server.defaults import (
    APOC_VERSION,
    BROWSER_VERSION,
    GDS_VERSION,
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


def gds_enabled(env: dict[str, str] | None = None) -> bool:
    """Whether the local Neo4j loads Graph Data Science: yes unless ``GAMEGRAPH_NEO4J_GDS`` is
    false, 0, no or off."""
    return flag_enabled("GAMEGRAPH_NEO4J_GDS", env)


def flag_enabled(name: str, env: dict[str, str] | None = None) -> bool:
    """A switch of the environment that is on unless set to false, 0, no or off (true, 1,
    yes, on, or unset: on); InputError for any other value (``maybe``), which would
    otherwise turn it on unnoticed."""
    value = (os.environ if env is None else env).get(name, "")
    word = value.strip().lower()
    if word in ("false", "0", "no", "off"):
        return False
    if word in ("", "true", "1", "yes", "on"):
        return True
    raise InputError(
        f"{name}={value!r} is neither on nor off: use true or false (or 1/0, yes/no, on/off), "
        "or leave it unset (on)"
    )


def default_home() -> Path:
    """Neo4j home (data/, logs/, plugins/, conf/, run/) of the local Neo4j."""
    explicit = _env_path("GAMEGRAPH_NEO4J_HOME")
    if explicit is not None:
        return explicit
    base = _env_path("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return base / "gamegraph" / "neo4j"


@dataclass(frozen=True)
class Java:
    """A Java runtime with its compiler (javac compiles Launcher.java once)."""

    java: Path
    version: int

    @property
    def javac(self) -> Path | None:
        return _javac(self.java)


@dataclass(frozen=True)
class Installation:
    """Resolved jars plus the launcher source, ready to run."""

    root: Path
    java: Java
    gds: bool = False
    """The Graph Data Science jars are installed and go on the classpath and into plugins/."""

    @property
    def lib(self) -> Path:
        return self.root / "lib"

    @property
    def gds_root(self) -> Path:
        return self.root / f"gds-{GDS_VERSION}"

    @property
    def gds_plugin(self) -> Path:
        """GDS's own jars (group org.neo4j.gds): classpath and plugins/."""
        return self.gds_root / "plugin"

    @property
    def gds_lib(self) -> Path:
        """GDS's third-party jars that Neo4j's lib lacks: classpath only."""
        return self.gds_root / "lib"

    @property
    def classpath(self) -> str:
        """Class path with wildcards, as `java -cp` expands them (pass it unquoted to exec).

        Neo4j's lib comes first, so a library both use is always Neo4j's version."""
        entries = [f"{self.lib}/*"]
        if self.gds:
            entries += [f"{self.gds_plugin}/*", f"{self.gds_lib}/*"]
        return os.pathsep.join(entries)

    @property
    def admin_classpath(self) -> str:
        """Class path of neo4j-admin (import, dump, load): Neo4j's lib alone, no plugin (the
        import of B_60, G_60/H_60 and Q: median of 4 each, 17.7 s against 18.3 s with GDS)."""
        return f"{self.lib}/*"

    @property
    def launcher(self) -> Path:
        """This gamegraph's Launcher.java, in a directory named after its content: several
        checkouts of different versions share one cache, and each runs its own launcher."""
        digest = hashlib.sha256(_resource_bytes("Launcher.java")).hexdigest()[:16]
        return self.root / "launcher" / digest / "Launcher.java"

    @property
    def launcher_jar(self) -> Path:
        """Launcher.java compiled once, beside its source (:func:`ensure_installed`): a start then
        skips the 1.5-3.5 s of CPU the single-file launcher spends compiling it each time. A
        jar, not a directory of classes: a JVM archives (:mod:`.cds`) only classes of jars."""
        return self.launcher.parent / "launcher.jar"

    @property
    def launcher_compiled(self) -> bool:
        return self.launcher_jar.is_file()

    @property
    def launcher_classpath(self) -> str:
        """The server JVM's class path: :attr:`classpath`, and the launcher's jar when it is
        compiled."""
        if self.launcher_compiled:
            return os.pathsep.join([self.classpath, str(self.launcher_jar)])
        return self.classpath

    def launcher_command(self) -> list[str]:
        """``-cp CLASSPATH Launcher``: the compiled launcher, or its source when it could not
        be compiled (the single-file launcher compiles it in memory then)."""
        main = "Launcher" if self.launcher_compiled else str(self.launcher)
        return ["-cp", self.launcher_classpath, main]

    def jars(self) -> list[Path]:
        """Every jar on the classpath."""
        found = list(self.lib.glob("*.jar"))
        if self.gds:
            found += [*self.gds_plugin.glob("*.jar"), *self.gds_lib.glob("*.jar")]
        return sorted(found)


def _resource_bytes(name: str) -> bytes:
    return (resources.files("gamegraph.server") / name).read_bytes()


def _java_home_bin(tool: str) -> Path | None:
    java_home = _env_path("JAVA_HOME")
    if java_home is not None and (java_home / "bin" / tool).is_file():
        return java_home / "bin" / tool
    found = shutil.which(tool)
    return Path(found) if found else None


def _javac(java: Path) -> Path | None:
    """The compiler beside ``java``, else the one on PATH; None when there is none."""
    beside = java.parent / "javac"
    found = shutil.which("javac")
    return beside if beside.is_file() else Path(found) if found else None


def find_java() -> Java:
    """Locate a Java 17+ JDK (JAVA_HOME first, then PATH), or say how to get one."""
    java = _java_home_bin("java")
    if java is None:
        raise ToolNotFoundError(
            "java not found (neither $JAVA_HOME/bin/java nor on PATH): the local Neo4j needs a "
            f"Java {MIN_JAVA}+ JDK, e.g. `apt-get install openjdk-17-jdk-headless`"
        )
    if _javac(java) is None:
        raise ToolNotFoundError(
            f"{java} has no javac next to it and none is on PATH: the local Neo4j runs "
            "Launcher.java, compiled once with javac, which needs the full JDK, not only a JRE "
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
def file_lock(path: Path, *, wait: bool = True) -> Iterator[bool]:
    """Hold an exclusive advisory lock on `path` (created if needed) across processes (an OS
    lock: released when its process dies). Yields whether it is held; without ``wait`` it is
    not taken when another process holds it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _write_if_changed(path: Path, content: bytes) -> None:
    if not path.exists() or path.read_bytes() != content:
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # processes share the cache
        tmp.write_bytes(content)
        tmp.replace(path)


def ensure_installed(
    root: Path | None = None,
    *,
    gds: bool | None = None,
    log: Callable[[str], None] | None = None,
) -> Installation:
    """Make sure the jars for the local Neo4j are present, downloading them once.

    With `gds` (default: `gds_enabled()`), the Graph Data Science jars too, resolved in a
    Maven run of their own. Fast when already installed (no Maven run at all). Safe to call
    from several processes at once: a lock file serialises installs. Raises
    ToolNotFoundError or InstallError.
    """
    java = find_java()
    root = root if root is not None else cache_root() / f"neo4j-{NEO4J_VERSION}"
    gds = gds_enabled() if gds is None else gds
    root.mkdir(parents=True, exist_ok=True)
    installation = Installation(root=root, java=java, gds=gds)
    installation.launcher.parent.mkdir(parents=True, exist_ok=True)
    _write_if_changed(installation.launcher, _resource_bytes("Launcher.java"))
    pom = _resource_bytes("pom.xml")
    if not _complete(installation.lib, pom):
        with file_lock(root / "install.lock"):
            if not _complete(installation.lib, pom):  # another process may have finished it
                if log is not None:
                    log(
                        f"Resolving Neo4j {NEO4J_VERSION}, APOC {APOC_VERSION} and Neo4j "
                        f"Browser {BROWSER_VERSION} from Maven Central into {installation.lib} "
                        "(once) ..."
                    )
                partial = _resolve(root, "pom.xml", pom, "neo4j-*.jar", "the Neo4j jars")
                shutil.rmtree(installation.lib, ignore_errors=True)
                partial.rename(installation.lib)
                _mark_complete(installation.lib, pom)
    if gds:
        _ensure_gds(installation, log)
    if not installation.launcher_compiled:
        with file_lock(root / "install.lock"):
            _compile_launcher(installation)
    return installation


def _compile_launcher(installation: Installation) -> None:
    """Compile Launcher.java against Neo4j's jars into ``launcher_jar`` (renamed into place
    whole, so a start never sees half of it). A failure leaves the source mode."""
    javac = installation.java.javac
    if installation.launcher_compiled or javac is None:
        return  # another process compiled it meanwhile, or the source mode it is
    jar = installation.launcher_jar
    partial = jar.with_name(f"classes.partial-{os.getpid()}")
    packed = jar.with_name(f"launcher.jar.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    command = [
        str(javac),
        "-nowarn",
        "--release",  # runs on any JDK this gamegraph accepts, should JAVA_HOME change
        str(MIN_JAVA),
        "-cp",
        f"{installation.lib}/*",
        "-d",
        str(partial),
        str(installation.launcher),
    ]
    # javac lives for a second or two: its JIT's first tier is all it can use
    env = dict(os.environ, JAVA_TOOL_OPTIONS="-XX:TieredStopAtLevel=1")
    try:
        done = subprocess.run(
            command, capture_output=True, env=env, check=False, stdin=subprocess.DEVNULL
        )
        if done.returncode == 0 and (partial / "Launcher.class").is_file():
            with zipfile.ZipFile(packed, "w") as archive:
                for path in sorted(partial.rglob("*.class")):
                    archive.write(path, path.relative_to(partial).as_posix())
            packed.rename(jar)
    except OSError:
        return
    finally:
        shutil.rmtree(partial, ignore_errors=True)
        packed.unlink(missing_ok=True)


def _complete(directory: Path, pom: bytes) -> bool:
    marker = directory / _COMPLETE_MARKER
    return marker.is_file() and marker.read_text().strip() == hashlib.sha256(pom).hexdigest()


def _mark_complete(directory: Path, pom: bytes) -> None:
    (directory / _COMPLETE_MARKER).write_text(hashlib.sha256(pom).hexdigest() + "\n")


def _resolve(
    root: Path, name: str, pom: bytes, expect: str, what: str, *, repository_layout: bool = False
) -> Path:
    """Run Maven's copy-dependencies on the pom `name` into a fresh ``<root>/<stem>.partial``."""
    mvn = find_maven()
    pom_path = root / name
    _write_if_changed(pom_path, pom)
    partial = root / f"{pom_path.stem}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    command = [
        str(mvn),
        "-B",
        "-q",
        "-f",
        str(pom_path),
        "dependency:copy-dependencies",
        f"-DoutputDirectory={partial}",
        "-DincludeScope=runtime",
    ]
    if repository_layout:
        command.append("-Dmdep.useRepositoryLayout=true")
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL
        )
    except OSError as e:
        raise InstallError(f"cannot run {mvn}: {e}") from e
    if done.returncode != 0 or not any(partial.rglob(expect)):
        raise InstallError(
            f"Maven could not resolve {what} (exit code {done.returncode}); is Maven "
            f"Central reachable?\ncommand: {' '.join(command)}\nlast output:\n"
            + tail(done.stdout + done.stderr)
        )
    return partial


def _ensure_gds(installation: Installation, log: Callable[[str], None] | None) -> None:
    """The GDS jars, split into GDS's own (plugin/) and the third-party ones Neo4j lacks."""
    pom = _resource_bytes("gds-pom.xml")
    if _complete(installation.gds_root, pom):
        return
    with file_lock(installation.root / "install.lock"):
        if _complete(installation.gds_root, pom):
            return
        if log is not None:
            log(
                f"Resolving Graph Data Science {GDS_VERSION} (OpenGDS, GPLv3) from Maven "
                f"Central into {installation.gds_root} (once; GAMEGRAPH_NEO4J_GDS=false "
                "skips it) ..."
            )
        partial = _resolve(
            installation.root,
            "gds-pom.xml",
            pom,
            "proc-*.jar",
            "the Graph Data Science jars",
            repository_layout=True,
        )
        staged = installation.root / "gds.staged"
        shutil.rmtree(staged, ignore_errors=True)
        neo4j_has = {p.name for p in installation.lib.glob("*.jar")}
        for jar in sorted(partial.rglob("*.jar")):
            # repository layout: <group path>/<artifact>/<version>/<file>
            relative = jar.relative_to(partial).parts
            group, artifact = ".".join(relative[:-3]), relative[-3]
            if group == "org.neo4j.gds":
                target = staged / "plugin"
            elif _in_lib(artifact, neo4j_has):
                continue  # Neo4j's lib has this library already: its version wins
            else:
                target = staged / "lib"
            target.mkdir(parents=True, exist_ok=True)
            shutil.copy2(jar, target / jar.name)
        shutil.rmtree(partial, ignore_errors=True)
        _mark_complete(staged, pom)
        shutil.rmtree(installation.gds_root, ignore_errors=True)
        staged.rename(installation.gds_root)


def _in_lib(artifact: str, jar_names: set[str]) -> bool:
    """Whether a jar of `artifact` (any version) is among `jar_names` (``artifact-1.2.jar``)."""
    pattern = re.compile(rf"{re.escape(artifact)}-\d[^/]*\.jar")
    return any(pattern.fullmatch(name) for name in jar_names)
