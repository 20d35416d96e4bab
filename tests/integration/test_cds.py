"""Class data sharing (gamegraph.server.cds) with a real JVM: a run writes its archive at exit,
the next run checks it with the JVM and maps it; a dump cut short is never mapped."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from gamegraph.server.cds import WRITING_SECONDS, archive_path, sharing_flags
from gamegraph.server.install import Installation, find_java

HELLO = """
public class Hello {
    public static void main(String[] args) {
        System.out.println(new java.util.TreeMap<>(java.util.Map.of("answer", 42)));
    }
}
"""


@pytest.fixture
def hello(tmp_path: Path) -> tuple[Installation, str]:
    """An installation rooted in tmp_path, and the class path of a one-class jar."""
    java = find_java()
    assert java.javac is not None, "the JDK's javac"
    (tmp_path / "Hello.java").write_text(HELLO)
    subprocess.run(
        [str(java.javac), "-d", str(tmp_path / "classes"), str(tmp_path / "Hello.java")], check=True
    )
    jar = tmp_path / "lib" / "hello.jar"
    jar.parent.mkdir()
    subprocess.run(
        [str(java.javac.parent / "jar"), "cf", str(jar), "-C", str(tmp_path / "classes"), "."],
        check=True,
    )
    return Installation(root=tmp_path / "install", java=java), f"{jar.parent}/*"


def _run(installation: Installation, classpath: str, flags: list[str]) -> str:
    done = subprocess.run(
        [str(installation.java.java), *flags, "-cp", classpath, "Hello"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_a_run_writes_the_archive_that_the_next_run_checks_and_maps(
    hello: tuple[Installation, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    installation, classpath = hello
    monkeypatch.delenv("GAMEGRAPH_NEO4J_CDS", raising=False)
    monkeypatch.chdir(installation.root.parent)
    archive = archive_path(installation, "hello", classpath)
    first = sharing_flags(installation, "hello", classpath)
    assert first[0].startswith(f"-XX:ArchiveClassesAtExit={archive.parent}/{archive.stem}.")
    assert _run(installation, classpath, first) == "{answer=42}\n"
    assert not archive.exists()  # a dump waits for the next start's check
    (dump,) = archive.parent.glob("*.dump")

    # a copy cut short (a kill while it was written) would crash a JVM that maps it: it is
    # left alone while it may still be being written, removed once it is older than that
    cut = dump.with_name(f"{archive.stem}.0cut.dump")
    cut.write_bytes(dump.read_bytes()[: dump.stat().st_size // 2])
    dump.rename(dump.with_name(f"{archive.stem}.1whole.dump"))
    old = time.time() - WRITING_SECONDS - 60
    os.utime(cut, (old, old))

    second = sharing_flags(installation, "hello", classpath)
    assert second == [f"-XX:SharedArchiveFile={archive}"]
    assert archive.is_file() and not cut.exists() and not list(archive.parent.glob("*.dump"))
    assert not list(Path().glob("hs_err*"))  # the check's crash on the cut file left no log
    logged = _run(installation, classpath, ["-Xshare:on", "-Xlog:class+load=info", *second])
    assert "Hello source: shared objects file (top)" in logged
    assert "\n{answer=42}\n" in logged


def test_an_archive_belongs_to_its_jars_and_can_be_turned_off(
    hello: tuple[Installation, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    installation, classpath = hello
    before = archive_path(installation, "hello", classpath)
    assert archive_path(installation, "hello", classpath) == before
    assert archive_path(installation, "other", classpath) != before
    jar = Path(classpath[:-1]) / "hello.jar"
    os.utime(jar, (1_000_000_000, 1_000_000_000))  # a jar replaced: another archive
    assert archive_path(installation, "hello", classpath) != before
    monkeypatch.setenv("GAMEGRAPH_NEO4J_CDS", "false")
    assert sharing_flags(installation, "hello", classpath) == []
