"""Errors raised when gamegraph cannot use Neo4j, with messages that say what to do."""

from __future__ import annotations


class GamegraphDatabaseError(RuntimeError):
    """Base class for every failure to reach or use Neo4j."""


class DatabaseUnavailable(GamegraphDatabaseError):
    """No Neo4j answers at the configured address (or the local one could not start)."""


class DatabaseAuthError(GamegraphDatabaseError):
    """Neo4j answered but refused the user name or password."""


class DatabaseNotFound(GamegraphDatabaseError):
    """Neo4j answered but has no database of the configured name."""
