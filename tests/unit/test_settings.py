"""Resolving Neo4jSettings: explicit values beat the environment, which beats the defaults."""

from __future__ import annotations

import pytest

from gamegraph.db import Neo4jSettings

ENV_NAMES = ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD", "NEO4J_DATABASE")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)


def test_without_anything_settings_mean_the_local_neo4j_with_its_own_password() -> None:
    settings = Neo4jSettings.resolve()
    # password None: the local Neo4j's password file, read when connecting
    assert settings == Neo4jSettings(uri=None, user="neo4j", password=None, database="neo4j")


def test_environment_fills_every_field(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "neo4j://db.example:7687")
    monkeypatch.setenv("NEO4J_USER", "alice")
    monkeypatch.setenv("NEO4J_PASSWORD", "secret-pw")
    monkeypatch.setenv("NEO4J_DATABASE", "games")
    settings = Neo4jSettings.resolve()
    assert settings == Neo4jSettings("neo4j://db.example:7687", "alice", "secret-pw", "games")


def test_explicit_values_beat_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "neo4j://env:7687")
    monkeypatch.setenv("NEO4J_USER", "env-user")
    settings = Neo4jSettings.resolve(uri="bolt://explicit:7687", database="other")
    assert settings.uri == "bolt://explicit:7687"
    assert settings.user == "env-user"
    assert settings.database == "other"


def test_empty_environment_values_count_as_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "")
    monkeypatch.setenv("NEO4J_PASSWORD", "")
    settings = Neo4jSettings.resolve()
    assert settings.uri is None
    assert settings.password is None


def test_an_explicit_env_mapping_replaces_os_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_USER", "from-os")
    settings = Neo4jSettings.resolve(env={"NEO4J_DATABASE": "mapped"})
    assert settings.user == "neo4j"
    assert settings.database == "mapped"


def test_repr_hides_the_password() -> None:
    settings = Neo4jSettings("bolt://h:7687", "u", "top-secret-password", "neo4j")
    assert "top-secret-password" not in repr(settings)
    assert "bolt://h:7687" in repr(settings)
