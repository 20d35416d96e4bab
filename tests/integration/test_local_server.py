"""The local Neo4j managed by gamegraph: status and the Neo4j Browser it serves."""

from __future__ import annotations

import json
import os
import urllib.request
import zipfile
from pathlib import Path

from gamegraph.server import NEO4J_VERSION, LocalNeo4j
from gamegraph.server.cds import archive_path
from gamegraph.server.install import ensure_installed


def _get(url: str) -> tuple[int, str, str]:
    with urllib.request.urlopen(url, timeout=30) as response:
        body = response.read().decode("utf-8", errors="replace")
        return response.status, response.headers.get("Content-Type", ""), body


def test_status_reports_running_ready_server_with_its_version(local_neo4j: LocalNeo4j) -> None:
    status = local_neo4j.status()
    assert status.running
    assert status.ready
    assert status.pid is not None
    assert status.version == NEO4J_VERSION
    assert status.bolt_uri == local_neo4j.bolt_uri
    assert status.data_dir.is_dir()


def test_http_port_serves_neo4j_browser_app(local_neo4j: LocalNeo4j) -> None:
    code, content_type, body = _get(f"{local_neo4j.http_uri}/browser/")
    assert code == 200
    assert content_type.startswith("text/html")
    assert "<title>Neo4j Browser</title>" in body


def test_http_discovery_names_bolt_address_and_community_edition(
    local_neo4j: LocalNeo4j,
) -> None:
    code, _, body = _get(f"{local_neo4j.http_uri}/")
    assert code == 200
    discovery = json.loads(body)
    assert discovery["neo4j_version"] == NEO4J_VERSION
    assert discovery["neo4j_edition"] == "community"
    assert discovery["bolt_direct"] == local_neo4j.bolt_uri


def test_a_running_server_is_reached_on_its_own_ports_whatever_the_settings_say(
    local_neo4j: LocalNeo4j,
) -> None:
    """Before, a home whose server ran on one port, asked for with another (the port
    variables changed since its start), was reported and connected to on the other: a
    foreign server there would have been sent this home's password."""
    from neo4j_container import free_port

    from gamegraph.db.connection import local_uri

    bolt = f"bolt://127.0.0.1:{local_neo4j.bolt_port}"  # the ports it was started with
    http = f"http://127.0.0.1:{local_neo4j.http_port}"
    elsewhere = LocalNeo4j(local_neo4j.home, bolt_port=free_port(), http_port=free_port())
    assert (elsewhere.bolt_uri, elsewhere.http_uri, local_uri(elsewhere)) == (bolt, http, bolt)
    status = elsewhere.status()
    assert status.bolt_uri == bolt and status.pid == local_neo4j.status().pid
    code, _, body = _get(f"{elsewhere.http_uri}/")
    assert code == 200 and json.loads(body)["bolt_direct"] == bolt


def test_second_start_is_a_no_op(local_neo4j: LocalNeo4j) -> None:
    before = local_neo4j.status()
    result = local_neo4j.start()
    assert result.already_running
    assert result.status.pid == before.pid


def test_the_server_runs_the_launcher_compiled_once_not_its_source(
    local_neo4j: LocalNeo4j,
) -> None:
    """The launcher is compiled at install, beside its source, and the JVM runs the class:
    a start no longer compiles Launcher.java in memory (1.5-3.5 s of CPU each time). It is
    a jar, as class data sharing needs (:mod:`gamegraph.server.cds`), and the server either
    maps its archive or writes one when it stops."""
    installation = ensure_installed(gds=local_neo4j.gds)
    with zipfile.ZipFile(installation.launcher_jar) as jar:
        assert "Launcher.class" in jar.namelist()
    pid = local_neo4j.status().pid
    assert pid is not None
    argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    assert b"Launcher" in argv and not any(arg.endswith(b"Launcher.java") for arg in argv)
    classpath = argv[argv.index(b"-cp") + 1].decode().split(os.pathsep)
    assert classpath[-1] == str(installation.launcher_jar)
    archive = archive_path(installation, "server", os.pathsep.join(classpath))
    maps = Path(f"/proc/{pid}/maps").read_text()
    dumps = [a.decode() for a in argv if a.startswith(b"-XX:ArchiveClassesAtExit=")]
    assert str(archive) in maps or (len(dumps) == 1 and archive.stem in dumps[0])
