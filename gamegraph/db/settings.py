"""Which Neo4j to talk to: explicit values first, then the environment, then defaults."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from gamegraph.server.defaults import DEFAULT_USER

DEFAULT_DATABASE = "neo4j"


@dataclass(frozen=True)
class Neo4jSettings:
    """Connection settings; ``uri=None`` means the local Neo4j managed by gamegraph.

    ``password=None`` means the local Neo4j's own password (its 0600 file, read when
    connecting), or no password for a Neo4j elsewhere. The password is left out of ``repr``
    so settings can be logged.
    """

    uri: str | None
    user: str = DEFAULT_USER
    password: str | None = field(default=None, repr=False)
    database: str = DEFAULT_DATABASE

    @classmethod
    def resolve(
        cls,
        uri: str | None = None,
        user: str | None = None,
        password: str | None = None,
        database: str | None = None,
        *,
        env: Mapping[str, str] | None = None,
    ) -> Neo4jSettings:
        """Settings from explicit values, else ``NEO4J_URI``, ``NEO4J_USER``,
        ``NEO4J_PASSWORD``, ``NEO4J_DATABASE``, else the local defaults
        (no URI, user ``neo4j``, the local Neo4j's password file, database ``neo4j``).

        Empty strings count as unset, so ``NEO4J_URI=`` selects the local Neo4j.
        """
        environ = os.environ if env is None else env
        return cls(
            uri=uri or environ.get("NEO4J_URI") or None,
            user=user or environ.get("NEO4J_USER") or DEFAULT_USER,
            password=password or environ.get("NEO4J_PASSWORD") or None,
            database=database or environ.get("NEO4J_DATABASE") or DEFAULT_DATABASE,
        )
