"""Settings no Neo4j could serve are refused before a driver is made (no connection is
tried): an address that is not Bolt (Neo4j's HTTP port, where the driver would need an extra
preview client), and the ``system`` database, which holds no graphs."""

from __future__ import annotations

import pytest

from gamegraph.db import Neo4jSettings, connect
from gamegraph.errors import InputError


@pytest.mark.parametrize(
    ("uri", "example"),
    [
        ("http://127.0.0.1:7474", "bolt://127.0.0.1:7687"),
        ("https://db.example:7473/db/neo4j", "bolt://db.example:7687"),
        ("127.0.0.1:7687", "bolt://127.0.0.1:7687"),
        ("ftp://127.0.0.1", "bolt://127.0.0.1:7687"),
    ],
)
def test_an_address_that_is_not_bolt_is_refused_with_the_bolt_address_to_use(
    uri: str, example: str
) -> None:
    with pytest.raises(InputError, match="is not a Bolt URI") as refused:
        connect(Neo4jSettings(uri=uri))
    assert f"e.g. {example}, not HTTP" in str(refused.value)


@pytest.mark.parametrize("name", ["system", "SYSTEM", " System "])
def test_the_system_database_is_refused_as_holding_no_graphs(name: str) -> None:
    settings = Neo4jSettings(uri="bolt://127.0.0.1:1", database=name)
    with pytest.raises(InputError, match="administration database and holds no graphs"):
        connect(settings)
