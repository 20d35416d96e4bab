"""`gamegraph neo4j ...` commands that need no JVM, and the shared connection options."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
from cli_support import CliResult
from typer.testing import CliRunner

from gamegraph.cli import neo4j
from gamegraph.cli.options import DatabaseOption, PasswordOption, UriOption, UserOption
from gamegraph.db import Neo4jSettings

cli = CliRunner()


def test_every_neo4j_command_has_help_text() -> None:
    commands = typer.main.get_command(neo4j.app).commands  # type: ignore[attr-defined]
    assert set(commands) >= {"install", "start", "stop", "status", "browser-url"}
    for name, command in commands.items():
        assert command.help, f"`gamegraph neo4j {name}` has no help text"


def test_status_of_a_fresh_home_says_not_running(tmp_path: Path) -> None:
    result = cli.invoke(neo4j.app, ["status", "--home", str(tmp_path)])
    assert result.exit_code == 0
    assert f"Neo4j is not running (home {tmp_path})" in result.output


def test_status_json_reports_uris_from_the_port_options(tmp_path: Path) -> None:
    result = cli.invoke(
        neo4j.app,
        [
            "status",
            "--home",
            str(tmp_path),
            "--bolt-port",
            "17687",
            "--http-port",
            "17474",
            "--json",
        ],
    )
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["running"] is False
    assert data["bolt_uri"] == "bolt://127.0.0.1:17687"
    assert data["browser_url"].startswith("http://127.0.0.1:17474/browser/?dbms=")


def test_stop_when_not_running_says_so(tmp_path: Path) -> None:
    result = cli.invoke(neo4j.app, ["stop", "--home", str(tmp_path)])
    assert result.exit_code == 0
    assert "not running" in result.output


def test_browser_url_names_bolt_and_user(tmp_path: Path) -> None:
    # a home with no server running: a running one is reached on its own ports, whatever
    # these say (the suite's own server runs in the environment's home)
    env = {
        "GAMEGRAPH_NEO4J_HOME": str(tmp_path),
        "GAMEGRAPH_NEO4J_BOLT_PORT": "7690",
        "GAMEGRAPH_NEO4J_HTTP_PORT": "7474",
    }
    result = cli.invoke(neo4j.app, ["browser-url"], env=env)
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == (
        "http://127.0.0.1:7474/browser/?dbms=bolt://neo4j@127.0.0.1:7690&preselectAuthMethod=NATIVE"
    )


def _settings_app() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def show(
        uri: UriOption = None,
        user: UserOption = "neo4j",
        password: PasswordOption = "gamegraph",
        database: DatabaseOption = "neo4j",
    ) -> None:
        """Print the resolved settings."""
        s = Neo4jSettings.resolve(uri, user, password, database)
        typer.echo(f"{s.uri}|{s.user}|{s.password}|{s.database}")

    return app


def test_connection_options_read_the_neo4j_environment_variables() -> None:
    env = {
        "NEO4J_URI": "bolt://env:7687",
        "NEO4J_USER": "u",
        "NEO4J_PASSWORD": "pw",
        "NEO4J_DATABASE": "db",
    }
    result = cli.invoke(_settings_app(), [], env=env)
    assert result.output.strip() == "bolt://env:7687|u|pw|db"


def test_connection_options_beat_the_environment_and_default_to_local(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE"):
        monkeypatch.delenv(name, raising=False)
    result = cli.invoke(_settings_app(), ["--database", "games"], env={"NEO4J_DATABASE": "env-db"})
    assert result.output.strip() == "None|neo4j|gamegraph|games"
    assert Neo4jSettings.resolve().uri is None


def test_an_unreachable_database_is_one_error_line_and_exit_code_1(
    gamegraph: Callable[..., CliResult],
) -> None:
    result = gamegraph("graphs", "--uri", "bolt://127.0.0.1:1")
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "error: cannot reach Neo4j at bolt://127.0.0.1:1"
    )
