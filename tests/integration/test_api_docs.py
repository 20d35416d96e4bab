"""docs/api.md runs: its examples are doctests, here against the session's real Neo4j."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from gamegraph.db import Neo4jSettings

API_DOC = Path(__file__).parents[2] / "docs" / "api.md"


def test_the_api_page_examples_run_as_written(
    neo4j_settings: Neo4jSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # gg.connect() with no arguments finds the session's Neo4j as a user's finds theirs
    if neo4j_settings.uri is not None:
        monkeypatch.setenv("NEO4J_URI", neo4j_settings.uri)
    monkeypatch.setenv("NEO4J_USER", neo4j_settings.user)
    monkeypatch.setenv("NEO4J_PASSWORD", neo4j_settings.password)
    monkeypatch.setenv("NEO4J_DATABASE", neo4j_settings.database)
    failures, tried = doctest.testfile(
        str(API_DOC), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried >= 25
    assert failures == 0
