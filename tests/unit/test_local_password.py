"""The local Neo4j's password file: random, mode 0600 whatever the umask, a legacy home
recognised, and the commands that show it. No JVM: the running server's side is in
tests/integration/test_local_password_server.py."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from cli_support import gamegraph_cli

from gamegraph.server import LocalNeo4j
from gamegraph.server.password import (
    LEGACY_PASSWORD,
    is_legacy_home,
    new_password,
    read_password,
    write_password,
)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_new_passwords_are_long_random_and_distinct() -> None:
    passwords = {new_password() for _ in range(50)}
    assert len(passwords) == 50
    assert all(len(p) == 32 and p.isascii() and p.strip() == p for p in passwords)


def test_a_new_password_never_starts_with_a_dash() -> None:
    # one random password in 64 did, and neo4j-admin read it as an option: a fresh home then
    # failed to start ("Missing required parameter: '<password>'"); 3,000 draws would meet
    # such a one with probability 1 - (63/64)^3000 > 1 - 1e-20
    assert not [p for p in (new_password() for _ in range(3000)) if p.startswith("-")]


def test_the_password_file_is_0600_even_under_a_permissive_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        write_password(tmp_path / "home" / "password", "s3cret-but-long")
    finally:
        os.umask(old)
    path = tmp_path / "home" / "password"
    assert _mode(path) == 0o600
    assert read_password(path) == "s3cret-but-long"
    assert list(path.parent.iterdir()) == [path]  # no temporary file left behind


def test_a_password_file_others_can_read_is_made_private_again(tmp_path: Path) -> None:
    path = tmp_path / "password"
    path.write_text("copied-around\n")
    path.chmod(0o644)
    assert read_password(path) == "copied-around"
    assert _mode(path) == 0o600


def test_a_home_with_databases_but_no_password_file_is_a_legacy_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert not is_legacy_home(home)
    (home / "data" / "databases" / "system").mkdir(parents=True)
    assert is_legacy_home(home)
    assert LocalNeo4j(home).password == LEGACY_PASSWORD
    write_password(home / "password", "random-one-here")
    assert not is_legacy_home(home)
    assert LocalNeo4j(home).password == "random-one-here"


def test_neo4j_password_prints_the_file_and_refuses_a_home_not_created(tmp_path: Path) -> None:
    home = tmp_path / "home"
    result = gamegraph_cli("neo4j", "password", "--home", str(home))
    assert result.exit_code == 1
    assert result.output.count("\n") == 1
    assert result.output.startswith("error: the local Neo4j in")
    assert "`gamegraph neo4j start` creates it" in result.output
    write_password(home / "password", "0123456789abcdef")
    result = gamegraph_cli("neo4j", "password", "--home", str(home))
    assert result.exit_code == 0
    assert result.stdout == "0123456789abcdef\n"


def test_neo4j_password_of_a_legacy_home_says_it_is_the_old_one(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "data" / "databases" / "system").mkdir(parents=True)
    result = gamegraph_cli("neo4j", "password", "--home", str(home))
    assert result.exit_code == 0
    assert result.stdout == f"{LEGACY_PASSWORD}\n"
    assert "the old fixed password" in result.stderr


def test_browser_url_says_how_to_get_the_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAMEGRAPH_NEO4J_HOME", str(tmp_path / "home"))
    result = gamegraph_cli("neo4j", "browser-url", "--bolt-port", "17001", "--http-port", "17002")
    assert result.exit_code == 0
    assert result.stdout.startswith("http://127.0.0.1:17002/browser/?dbms=bolt://neo4j@")
    assert "`gamegraph neo4j password`" in result.stderr
    assert str(tmp_path / "home" / "password") in result.stderr
