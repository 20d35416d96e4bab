"""The local Neo4j's own password, on a running server: its file is 0600 and another OS user
cannot read it, a wrong password is refused in one line, and a home made with the old fixed
password migrates to a random one at its next start."""

from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import gamegraph_cli
from neo4j import GraphDatabase
from neo4j.exceptions import AuthError

from gamegraph.server import LocalNeo4j
from gamegraph.server.password import LEGACY_PASSWORD, password_file


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _accepts(bolt_uri: str, password: str) -> bool:
    try:
        with GraphDatabase.driver(bolt_uri, auth=("neo4j", password)) as driver:
            driver.verify_connectivity()
    except AuthError:
        return False
    return True


def test_the_servers_password_file_is_0600_and_is_what_neo4j_password_prints(
    local_neo4j: LocalNeo4j,
) -> None:
    path = local_neo4j.password_file
    assert path == local_neo4j.home / "password"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.stat().st_uid == os.geteuid()
    stored = path.read_text().strip()
    assert len(stored) >= 16 and stored != LEGACY_PASSWORD
    result = gamegraph_cli("neo4j", "password")
    assert (result.exit_code, result.stdout) == (0, stored + "\n")
    assert _accepts(local_neo4j.bolt_uri, stored)


def test_a_wrong_password_is_refused_in_one_line(local_neo4j: LocalNeo4j) -> None:
    result = gamegraph_cli("graphs", env={"NEO4J_PASSWORD": "not-the-password-" + "x" * 8})
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: wrong credentials for {local_neo4j.bolt_uri} as neo4j")
    assert "NEO4J_PASSWORD" in result.stderr and "gamegraph neo4j password" in result.stderr


@pytest.fixture
def other_user() -> Iterator[str]:
    """A second OS user, made for this test and removed afterwards (needs root)."""
    if os.geteuid() != 0 or shutil.which("useradd") is None:
        pytest.skip("needs root and useradd to make a second user")
    name = "gg" + uuid.uuid4().hex[:8]
    subprocess.run(["useradd", "--no-create-home", "--shell", "/bin/sh", name], check=True)
    try:
        yield name
    finally:
        subprocess.run(["userdel", name], check=False)


def test_another_os_user_cannot_read_the_password(
    local_neo4j: LocalNeo4j, other_user: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    # a copy of the server's file in a directory everyone may enter, so that only the file's
    # own mode keeps the other user out (the server's home is 0700 as well)
    shared = Path(tmp_path_factory.mktemp("shared", numbered=True))
    for directory in (shared, *shared.parents):
        if directory == Path("/tmp") or directory == Path("/"):
            break
        directory.chmod(0o755)
    copy = shared / "password"
    shutil.copy2(local_neo4j.password_file, copy)
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    shared.joinpath("other.txt").write_text("readable\n")
    shared.joinpath("other.txt").chmod(0o644)
    as_other = {"user": other_user, "capture_output": True, "text": True, "check": False}
    # the other user can read a world-readable file beside it, so the directory is open
    assert subprocess.run(["cat", str(shared / "other.txt")], **as_other).stdout == "readable\n"
    refused = subprocess.run(["cat", str(copy)], **as_other)
    assert refused.returncode != 0
    assert "Permission denied" in refused.stderr
    assert refused.stdout == ""


@pytest.mark.slow
def test_a_home_made_with_the_old_fixed_password_migrates_to_a_random_one(
    tmp_path: Path,
) -> None:
    home = tmp_path / "legacy"
    messages: list[str] = []
    server = LocalNeo4j(
        home,
        bolt_port=_free_port(),
        http_port=_free_port(),
        password=LEGACY_PASSWORD,
        heap="512m",
        pagecache="64m",
        gds=False,
        log=messages.append,
    )
    try:
        server.start(timeout=600)
        server.stop()
        # what an older gamegraph left: databases made with 'gamegraph', no password file
        password_file(home).unlink()
        assert server.password == LEGACY_PASSWORD
        messages.clear()
        server.start(timeout=600)
        new = password_file(home).read_text().strip()
        assert stat.S_IMODE(password_file(home).stat().st_mode) == 0o600
        assert new != LEGACY_PASSWORD and len(new) == 32
        assert server.password == new
        assert _accepts(server.bolt_uri, new)
        assert not _accepts(server.bolt_uri, LEGACY_PASSWORD)
        said = [m for m in messages if "old fixed password" in m]
        assert len(said) == 1 and "`gamegraph neo4j password`" in said[0]
        server.start()  # running already: nothing more to migrate, nothing said
        assert len([m for m in messages if "old fixed password" in m]) == 1
    finally:
        server.stop()
