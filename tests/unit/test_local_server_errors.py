"""The local Neo4j's error messages and bookkeeping, tested without starting a JVM.

A fake `java` (a small script on PATH) stands in where a JDK is needed; no test here talks
to Neo4j.
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from gamegraph.db.gds import GdsUnavailable, gds_client
from gamegraph.errors import DatabaseError, InputError
from gamegraph.server import (
    APOC_VERSION,
    BROWSER_VERSION,
    GDS_VERSION,
    NEO4J_VERSION,
    InstallError,
    LocalNeo4j,
    LocalNeo4jError,
    PortInUseError,
    ServerExitedError,
    StartTimeoutError,
    ToolNotFoundError,
    ensure_installed,
)
from gamegraph.server.install import Installation, Java, _in_lib, find_java, find_maven, gds_enabled
from gamegraph.server.local import browser_url, port_problem
from gamegraph.server.processes import SIZE_FORMS, is_launcher_process, jvm_flags, memory_size


def _script(path: Path, body: str) -> None:
    path.write_text(body)
    path.chmod(0o755)


@pytest.fixture
def bin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty directory that is the whole PATH (no java, javac, mvn), JAVA_HOME unset."""
    directory = tmp_path / "bin"
    directory.mkdir()
    monkeypatch.setenv("PATH", str(directory))
    monkeypatch.delenv("JAVA_HOME", raising=False)
    return directory


def fake_jdk(bin_dir: Path, version: str = "17.0.9", java_body: str | None = None) -> None:
    """Put a `java` answering -version with `version` (and a `javac`) into `bin_dir`."""
    version_reply = f"echo 'openjdk version \"{version}\" 2024-01-16' >&2; exit 0"
    if java_body is None:
        _script(bin_dir / "java", f"#!/bin/sh\n{version_reply}\n")
    else:
        _script(
            bin_dir / "java",
            f'#!/bin/sh\nif [ "$1" = "-version" ]; then {version_reply}; fi\n{java_body}\n',
        )
    _script(bin_dir / "javac", "#!/bin/sh\nexit 0\n")


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An install root that looks complete, so start() skips Maven."""
    root = tmp_path / "cache" / f"neo4j-{NEO4J_VERSION}"
    (root / "lib").mkdir(parents=True)
    pom = (resources.files("gamegraph.server") / "pom.xml").read_bytes()
    (root / "lib" / ".gamegraph-complete").write_text(hashlib.sha256(pom).hexdigest())
    gds_pom = (resources.files("gamegraph.server") / "gds-pom.xml").read_bytes()
    (root / f"gds-{GDS_VERSION}" / "plugin").mkdir(parents=True)
    (root / f"gds-{GDS_VERSION}" / ".gamegraph-complete").write_text(
        hashlib.sha256(gds_pom).hexdigest()
    )
    return root


def test_missing_java_is_reported_with_how_to_install_it(bin_dir: Path) -> None:
    with pytest.raises(ToolNotFoundError, match="java not found") as caught:
        find_java()
    assert "openjdk-17-jdk" in str(caught.value)


def test_java_without_javac_is_reported_as_needing_the_full_jdk(bin_dir: Path) -> None:
    fake_jdk(bin_dir)
    (bin_dir / "javac").unlink()
    with pytest.raises(ToolNotFoundError, match="full JDK"):
        find_java()


def test_java_older_than_17_is_refused(bin_dir: Path) -> None:
    fake_jdk(bin_dir, version="11.0.2")
    with pytest.raises(ToolNotFoundError, match=r"Java 11; Neo4j .* needs Java 17"):
        find_java()


def test_java_17_with_javac_is_accepted(bin_dir: Path) -> None:
    fake_jdk(bin_dir, version="17.0.15")
    assert find_java().version == 17


def test_missing_maven_is_reported(bin_dir: Path) -> None:
    with pytest.raises(ToolNotFoundError, match=r"mvn .* not found"):
        find_maven()


def test_failed_maven_resolution_shows_the_tail_of_its_output(
    bin_dir: Path, tmp_path: Path
) -> None:
    fake_jdk(bin_dir)
    _script(
        bin_dir / "mvn",
        "#!/bin/sh\necho '[ERROR] Could not resolve dependencies: Connection refused'\nexit 1\n",
    )
    with pytest.raises(InstallError) as caught:
        ensure_installed(tmp_path / "cache")
    message = str(caught.value)
    assert "Maven could not resolve the Neo4j jars (exit code 1)" in message
    assert "Connection refused" in message
    assert "dependency:copy-dependencies" in message


def test_port_problem_detects_a_listening_socket_only() -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        assert port_problem("127.0.0.1", port) == "address in use"
    assert port_problem("127.0.0.1", port) is None


def test_start_refuses_a_bolt_port_taken_by_another_program(
    bin_dir: Path, installed: Path, tmp_path: Path
) -> None:
    fake_jdk(bin_dir)
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        server = LocalNeo4j(tmp_path / "home", bolt_port=port, install_root=installed)
        with pytest.raises(PortInUseError) as caught:
            server.start(timeout=5)
    message = str(caught.value)
    assert f"Bolt port {port} on 127.0.0.1 is already in use by another program" in message
    assert "GAMEGRAPH_NEO4J_BOLT_PORT" in message


def test_a_home_that_cannot_be_made_is_an_error_naming_it(
    bin_dir: Path, installed: Path, tmp_path: Path
) -> None:
    fake_jdk(bin_dir)
    (tmp_path / "file").write_text("")
    server = LocalNeo4j(tmp_path / "file" / "home", install_root=installed)
    with pytest.raises(LocalNeo4jError) as caught:
        server.start(timeout=5)
    assert str(caught.value) == f"cannot create the home {tmp_path}/file/home: Not a directory"


def test_a_new_home_another_process_creates_at_the_same_instant_is_taken_as_it_is(
    bin_dir: Path, installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # two first loads into a new home: the other process (a bulk load staging its store
    # inside the home) made the folder between this one's look and its mkdir
    fake_jdk(bin_dir)
    home = tmp_path / "home"
    real_mkdir = Path.mkdir

    def other_process_first(self: Path, *args: Any, **kwargs: Any) -> None:
        if self == home:
            os.makedirs(home / "bulk" / "csv", exist_ok=True)
        real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", other_process_first)
    with socket.socket() as listener:  # start then stops at the port check, past the home
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        server = LocalNeo4j(home, bolt_port=listener.getsockname()[1], install_root=installed)
        with pytest.raises(PortInUseError):
            server.start(timeout=5)
    assert home.stat().st_mode & 0o077 == 0  # made private all the same


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_jvm_exiting_during_start_is_reported_with_the_log_tail(
    bin_dir: Path, installed: Path, tmp_path: Path
) -> None:
    fake_jdk(bin_dir, java_body="echo 'Error: could not open the jars (fake JVM)'; exit 1")
    server = LocalNeo4j(
        tmp_path / "home", bolt_port=_free_port(), http_port=_free_port(), install_root=installed
    )
    with pytest.raises(ServerExitedError) as caught:
        server.start(timeout=30)
    assert "exited while starting" in str(caught.value)
    assert "could not open the jars (fake JVM)" in str(caught.value)
    assert not server.status().running


@pytest.fixture
def sleeping_java(bin_dir: Path) -> Iterator[None]:
    """A `java` that runs (as a python process that keeps its argv) but never gets ready."""
    fake_jdk(bin_dir, java_body=f'exec "{sys.executable}" -c "import time; time.sleep(60)" "$@"')
    yield


def test_start_timeout_is_reported_and_stop_ends_the_process(
    sleeping_java: None, installed: Path, tmp_path: Path
) -> None:
    server = LocalNeo4j(
        tmp_path / "home", bolt_port=_free_port(), http_port=_free_port(), install_root=installed
    )
    try:
        with pytest.raises(StartTimeoutError, match="not ready after 1s; it may still be"):
            server.start(timeout=1)
        status = server.status()
        assert status.running
        assert not status.ready
    finally:
        result = server.stop(timeout=10)
    assert result.was_running
    assert not result.killed
    assert not server.status().running


def test_stale_pid_file_of_another_process_is_not_taken_for_neo4j(tmp_path: Path) -> None:
    server = LocalNeo4j(tmp_path / "home")
    server.run_dir.mkdir(parents=True)
    server.pid_file.write_text(f"{os.getpid()}\n")  # alive, but not a Launcher.java JVM
    assert not server.status().running
    assert not server.stop().was_running
    assert not server.pid_file.exists()


def test_ports_and_home_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GAMEGRAPH_NEO4J_HOME", str(tmp_path / "h"))
    monkeypatch.setenv("GAMEGRAPH_NEO4J_BOLT_PORT", "17687")
    monkeypatch.setenv("GAMEGRAPH_NEO4J_HTTP_PORT", "17474")
    server = LocalNeo4j()
    assert server.home == tmp_path / "h"
    assert server.bolt_uri == "bolt://127.0.0.1:17687"
    assert server.http_uri == "http://127.0.0.1:17474"


def test_browser_url_preselects_the_bolt_server_and_user() -> None:
    assert browser_url("http://127.0.0.1:7474", "bolt://127.0.0.1:7687") == (
        "http://127.0.0.1:7474/browser/?dbms=bolt://neo4j@127.0.0.1:7687&preselectAuthMethod=NATIVE"
    )


def test_pom_versions_match_the_python_constants() -> None:
    pom = ET.fromstring((resources.files("gamegraph.server") / "pom.xml").read_bytes())
    ns = {"m": "http://maven.apache.org/POM/4.0.0"}
    properties = pom.find("m:properties", ns)
    assert properties is not None
    props = {p.tag.split("}")[1]: p.text for p in properties}
    assert props["neo4j.version"] == NEO4J_VERSION
    assert props["apoc.version"] == APOC_VERSION
    assert props["neo4j-browser.version"] == BROWSER_VERSION


def test_launcher_source_ships_as_package_data() -> None:
    source = (resources.files("gamegraph.server") / "Launcher.java").read_text()
    assert re.search(r"public class Launcher\b", source)
    assert "DatabaseManagementServiceBuilder" in source


@pytest.mark.parametrize("port", ["99999", "0", "-1", "65536", "7687x"])
def test_a_port_outside_1_to_65535_is_refused_as_input(
    monkeypatch: pytest.MonkeyPatch, port: str, tmp_path: Path
) -> None:
    # a home with no server running (a running one is reached on its own ports)
    monkeypatch.setenv("GAMEGRAPH_NEO4J_HOME", str(tmp_path))
    monkeypatch.setenv("GAMEGRAPH_NEO4J_BOLT_PORT", port)
    with pytest.raises(InputError, match=r"not a port number for the Bolt port .*1\.\.65535"):
        LocalNeo4j()
    monkeypatch.delenv("GAMEGRAPH_NEO4J_BOLT_PORT")
    with pytest.raises(InputError, match="for the HTTP port"):
        LocalNeo4j(http_port=int(port) if port.lstrip("-").isdigit() else 70000)
    assert LocalNeo4j(bolt_port=65535).bolt_uri.endswith(":65535")


def test_gds_pom_version_matches_the_python_constant_and_names_the_five_artifacts() -> None:
    pom = ET.fromstring((resources.files("gamegraph.server") / "gds-pom.xml").read_bytes())
    ns = {"m": "http://maven.apache.org/POM/4.0.0"}
    properties = pom.find("m:properties", ns)
    assert properties is not None
    assert {p.tag.split("}")[1]: p.text for p in properties}["gds.version"] == GDS_VERSION
    artifacts = {
        d.findtext("m:artifactId", namespaces=ns) for d in pom.iter(f"{{{ns['m']}}}dependency")
    }
    assert artifacts == {
        "proc",
        "proc-sysinfo",
        "opengds-extension",
        "open-model-catalog",
        "open-write-services",
    }


@pytest.mark.parametrize(
    ("value", "enabled"),
    [
        (None, True),
        ("", True),
        ("true", True),
        ("1", True),
        (" Yes ", True),
        ("on", True),
        ("false", False),
        ("0", False),
        ("OFF", False),
        ("no", False),
    ],
)
def test_gds_is_on_unless_the_setting_turns_it_off(value: str | None, enabled: bool) -> None:
    env = {} if value is None else {"GAMEGRAPH_NEO4J_GDS": value}
    assert gds_enabled(env) is enabled


@pytest.mark.parametrize("value", ["maybe", "tru", "2", "nein", "-"])
def test_a_gds_setting_that_is_neither_on_nor_off_is_refused_naming_it(value: str) -> None:
    with pytest.raises(InputError) as refused:
        gds_enabled({"GAMEGRAPH_NEO4J_GDS": value})
    assert str(refused.value).startswith(f"GAMEGRAPH_NEO4J_GDS={value!r} is neither on nor off")
    assert "true or false" in str(refused.value)


def test_classpath_and_plugin_jars_include_gds_only_when_it_is_on(tmp_path: Path) -> None:
    java = Java(java=Path("/usr/bin/java"), version=17)
    with_gds = Installation(root=tmp_path, java=java, gds=True)
    without = Installation(root=tmp_path, java=java, gds=False)
    assert with_gds.classpath.split(os.pathsep) == [
        f"{tmp_path}/lib/*",
        f"{tmp_path}/gds-{GDS_VERSION}/plugin/*",
        f"{tmp_path}/gds-{GDS_VERSION}/lib/*",
    ]
    assert without.classpath == f"{tmp_path}/lib/*"
    # neo4j-admin (import, dump, load) runs on Neo4j's lib alone, GDS or not
    assert with_gds.admin_classpath == without.admin_classpath == f"{tmp_path}/lib/*"
    server = LocalNeo4j(tmp_path / "home", gds=True)
    command = server.command(with_gds)
    assert command[command.index("--plugin-jars") + 1] == str(with_gds.gds_plugin)
    assert "--plugin-jars" not in LocalNeo4j(tmp_path / "home", gds=False).command(without)


def test_a_library_neo4j_has_already_is_recognised_by_artifact_whatever_its_version() -> None:
    lib = {"jackson-core-2.22.1.jar", "commons-text-1.12.0.jar", "neo4j-values-5.26.30.jar"}
    assert _in_lib("jackson-core", lib)
    assert _in_lib("commons-text", lib)
    assert not _in_lib("jackson", lib)
    assert not _in_lib("agrona", lib)
    assert not _in_lib("commons", lib)


def test_what_needs_gds_says_in_one_line_that_the_server_has_none() -> None:
    class NoGds:
        database = "neo4j"
        driver = None

        def run(self, query: str, params: object = None) -> list[dict[str, object]]:
            raise DatabaseError(
                "Neo4j refused a statement: Neo.ClientError.Statement.SyntaxError: "
                "Unknown function 'gds.version'"
            )

    with pytest.raises(GdsUnavailable) as caught:
        gds_client(NoGds(), "the Neo4j at bolt://127.0.0.1:1")  # type: ignore[arg-type]
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("the Neo4j at bolt://127.0.0.1:1 has no Graph Data Science")
    assert "GAMEGRAPH_NEO4J_GDS" in message


def test_the_launcher_runs_compiled_when_its_class_is_there_else_from_its_source(
    tmp_path: Path,
) -> None:
    installation = Installation(root=tmp_path, java=Java(java=Path("/usr/bin/java"), version=17))
    assert installation.launcher_command() == [
        "-cp",
        installation.classpath,
        str(installation.launcher),
    ]
    installation.launcher_jar.parent.mkdir(parents=True)
    installation.launcher_jar.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip
    classpath = os.pathsep.join([installation.classpath, str(installation.launcher_jar)])
    assert installation.launcher_command() == ["-cp", classpath, "Launcher"]


def test_a_compiled_launchers_jvm_is_recognised_by_its_main_class_argument() -> None:
    """A process with the argument ``Launcher`` (the compiled launcher's main class) counts as
    the server's JVM; one without it does not (a pid reused by another program)."""
    wait = "import time; time.sleep(30)"
    launcher = subprocess.Popen([sys.executable, "-c", wait, "Launcher"])
    other = subprocess.Popen([sys.executable, "-c", wait, "Launchers"])
    try:
        deadline = time.monotonic() + 10
        for process in (launcher, other):  # past execve: its command line reads as given
            while b"Launcher" not in Path(f"/proc/{process.pid}/cmdline").read_bytes():
                assert time.monotonic() < deadline
                time.sleep(0.05)
        assert is_launcher_process(launcher.pid)
        assert not is_launcher_process(other.pid)
    finally:
        for process in (launcher, other):
            process.kill()
            process.wait()


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("2g", 2 << 30),
        ("512M", 512 << 20),
        ("1048576k", 1 << 30),
        (" 2g ", 2 << 30),
        ("0m", 0),
        ("abc", None),
        ("4x", None),
        ("1.5g", None),
        ("-1g", None),
        ("100", None),
        ("", None),
        ("g", None),
        ("2 g", None),
        ("٣g", None),
    ],
)
def test_a_size_is_a_whole_number_with_k_m_or_g_after_it(text: str, size: int | None) -> None:
    assert memory_size(text) == size


@pytest.mark.parametrize("value", ["abc", "4x", "1.5g", "0", "-1g", "100", "64m", "0m"])
def test_a_heap_setting_that_is_no_usable_size_is_refused_naming_it(
    value: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GAMEGRAPH_NEO4J_HEAP", value)
    with pytest.raises(InputError) as refused:
        LocalNeo4j(tmp_path / "home")
    assert str(refused.value) == (
        f"GAMEGRAPH_NEO4J_HEAP={value!r} is not a heap size: use {SIZE_FORMS}, at least 128m"
    )
    assert not (tmp_path / "home").exists()  # refused before anything started


def test_the_heap_and_page_cache_settings_are_read_from_the_environment_or_arguments(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GAMEGRAPH_NEO4J_HEAP", " 4G ")
    monkeypatch.setenv("GAMEGRAPH_NEO4J_PAGECACHE", "8m")
    server = LocalNeo4j(tmp_path)
    assert (server.heap, server.pagecache) == ("4G", "8m")
    assert jvm_flags(server.heap)[:2] == ["-Xms512m", "-Xmx4G"]
    assert LocalNeo4j(tmp_path, heap="128m").heap == "128m"
    with pytest.raises(InputError, match=r"^the heap argument='1\.5g' is not a heap size"):
        LocalNeo4j(tmp_path, heap="1.5g")
    monkeypatch.setenv("GAMEGRAPH_NEO4J_PAGECACHE", "7m")
    with pytest.raises(InputError, match=r"^GAMEGRAPH_NEO4J_PAGECACHE='7m' is not a page cache"):
        LocalNeo4j(tmp_path)
    with pytest.raises(InputError, match=r"^'abc' is not a heap size"):
        jvm_flags("abc")


def test_the_initial_heap_is_512m_or_the_maximum_when_that_is_smaller() -> None:
    assert jvm_flags("2g")[:2] == ["-Xms512m", "-Xmx2g"]
    assert jvm_flags("256m")[:2] == ["-Xms256m", "-Xmx256m"]
    assert jvm_flags("512m")[:2] == ["-Xms512m", "-Xmx512m"]
    assert jvm_flags("1048576k")[:2] == ["-Xms512m", "-Xmx1048576k"]
