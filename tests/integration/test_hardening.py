"""The local server's surface (issue 33, item 6): it listens on 127.0.0.1 only, its home is
private to its user, and its password appears in no log, progress output or error line;
``NEO4J_URI`` naming the local server's own address uses its password file (item 5)."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest
from cli_support import gamegraph_cli

from gamegraph.server import LocalNeo4j

LISTEN = "0A"
"""The state of a listening socket in /proc/net/tcp."""


def _listeners(table: Path) -> dict[int, set[str]]:
    """Port -> the local addresses (hex, as the kernel writes them) listening on it."""
    found: dict[int, set[str]] = {}
    for line in table.read_text().splitlines()[1:]:
        fields = line.split()
        address, port = fields[1].split(":")
        if fields[3] == LISTEN:
            found.setdefault(int(port, 16), set()).add(address)
    return found


def _other_address() -> str | None:
    """An IPv4 address of this machine that is not a loopback one (None: it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent by a UDP connect
            address: str = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def test_the_local_server_listens_on_127_0_0_1_only(local_neo4j: LocalNeo4j) -> None:
    assert local_neo4j.status().running
    ipv4 = _listeners(Path("/proc/net/tcp"))
    ipv6 = _listeners(Path("/proc/net/tcp6"))
    # 127.0.0.1 as the kernel writes it (little-endian hex), in an IPv4 socket or as the
    # IPv4-mapped ::ffff:127.0.0.1 of the IPv6 socket the JVM opens; 0.0.0.0 or :: (every
    # address of the machine) must not appear
    loopback = {"0100007F", "0000000000000000FFFF00000100007F"}
    for port in (local_neo4j.bolt_port, local_neo4j.http_port):
        addresses = ipv4.get(port, set()) | ipv6.get(port, set())
        assert addresses, f"nothing listens on port {port}"
        assert addresses <= loopback, f"port {port} listens on {addresses}"
    other = _other_address()
    if other is None:
        pytest.skip("this machine has no address besides the loopback one to try")
    for port in (local_neo4j.bolt_port, local_neo4j.http_port):
        with socket.socket() as client, pytest.raises(OSError):
            client.settimeout(5)
            client.connect((other, port))


def test_the_home_is_private_to_its_user(local_neo4j: LocalNeo4j) -> None:
    info = local_neo4j.home.stat()
    assert info.st_uid == os.geteuid()
    assert stat.S_IMODE(info.st_mode) == 0o700


def _files_under(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and p.stat().st_size < 50_000_000]


def test_the_password_is_in_no_log_no_command_line_and_no_output(
    local_neo4j: LocalNeo4j, tmp_path: Path
) -> None:
    password = local_neo4j.password
    assert password and len(password) >= 16
    secret = password.encode()
    logs = _files_under(local_neo4j.home / "logs")
    assert logs, "the server writes logs"
    for log in logs:
        assert secret not in log.read_bytes(), f"{log} holds the password"
    pid = local_neo4j.status().pid
    assert pid is not None
    assert secret not in Path(f"/proc/{pid}/cmdline").read_bytes()
    outputs = [
        gamegraph_cli("neo4j", "status"),
        gamegraph_cli("neo4j", "status", "--json"),
        gamegraph_cli("neo4j", "browser-url"),
        gamegraph_cli("graphs"),
        gamegraph_cli("graphs", env={"NEO4J_PASSWORD": "wrong-password-xyz-123"}),
        gamegraph_cli("query", "no_such_query"),
        gamegraph_cli("export", "--games", "bulgarian", "--n", "6", "--out", str(tmp_path)),
    ]
    for result in outputs:
        assert password not in result.output
    wrong = outputs[4]
    assert wrong.exit_code == 1 and "wrong-password-xyz-123" not in wrong.output


def test_neo4j_uri_at_the_local_servers_address_uses_its_password_file(
    local_neo4j: LocalNeo4j,
) -> None:
    for host in ("127.0.0.1", "localhost"):
        uri = f"bolt://{host}:{local_neo4j.bolt_port}"
        result = gamegraph_cli("graphs", env={"NEO4J_URI": uri, "NEO4J_PASSWORD": None})
        assert result.exit_code == 0, result.stderr
        assert result.stderr == ""


def test_a_wrong_password_at_the_local_address_names_the_password_command(
    local_neo4j: LocalNeo4j,
) -> None:
    uri = f"bolt://127.0.0.1:{local_neo4j.bolt_port}"
    result = gamegraph_cli("graphs", env={"NEO4J_URI": uri, "NEO4J_PASSWORD": "not-it-" * 3})
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: wrong credentials for {uri} as neo4j")
    assert "`gamegraph neo4j password`" in result.stderr
    assert str(local_neo4j.password_file) in result.stderr
