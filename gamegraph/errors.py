"""Every error gamegraph raises on purpose, in one hierarchy.

The command line turns a :class:`GamegraphError` into one line, ``error: <message>``, and
exits with its :attr:`~GamegraphError.exit_code`: 2 for a request the user can fix (bad
input, a graph too large to build), 1 for a state of the world (a graph not loaded, Neo4j
unreachable or refusing, a load that did not verify). The Python API raises the same classes.
Each message is one sentence that says what is wrong and, where it can, what to do.

Errors of the outside world (the Neo4j driver's, the operating system's) are translated
into these classes once, where gamegraph meets them (:mod:`gamegraph.db.runner`,
:mod:`gamegraph.db.connection`, the writers of files), never in the command line.
"""

from __future__ import annotations

__all__ = [
    "BulkRouteError",
    "ConstraintViolation",
    "DatabaseAuthError",
    "DatabaseError",
    "DatabaseNotFound",
    "DatabaseUnavailable",
    "GamegraphError",
    "GraphNotLoadedError",
    "IncompleteLoadError",
    "InputError",
    "LoadConflictError",
    "OutputError",
    "TooLargeError",
    "VerificationError",
]


class GamegraphError(Exception):
    """Base class: a failure gamegraph can explain in one line."""

    exit_code = 1


class InputError(GamegraphError, ValueError):
    """A request the user can fix: an unknown game, an n out of range, a malformed partition,
    an unknown query or parameter, ..."""

    exit_code = 2


class TooLargeError(InputError, MemoryError):
    """The requested graph is estimated not to fit in the memory limit (or to take too long
    online); the message gives the estimate and how to go ahead anyway."""


class BulkRouteError(InputError):
    """A bulk load was asked of a Neo4j elsewhere; ``instructions`` say what its
    administrator runs instead (the command line prints them before the error line)."""

    def __init__(self, message: str, instructions: str) -> None:
        super().__init__(message)
        self.instructions = instructions


class OutputError(GamegraphError):
    """A file or directory could not be written (permissions, a missing parent, ...)."""


class GraphNotLoadedError(GamegraphError):
    """The graph a query or check needs is not loaded, or only partly; ``command`` loads it."""

    def __init__(self, message: str, command: str) -> None:
        super().__init__(f"{message}: run `{command}`")
        self.command = command


class DatabaseError(GamegraphError):
    """Neo4j could not be reached or used, or refused a statement."""


class DatabaseUnavailable(DatabaseError):
    """No Neo4j answers at the configured address (or the local one could not start)."""


class DatabaseAuthError(DatabaseError):
    """Neo4j answered but refused the user name or password."""


class DatabaseNotFound(DatabaseError):
    """Neo4j answered but has no database of the configured name."""


class ConstraintViolation(DatabaseError):
    """Neo4j refused a write that would break a uniqueness constraint."""


class IncompleteLoadError(DatabaseError):
    """What Neo4j holds after a load does not match what was written."""


class VerificationError(GamegraphError):
    """`verify` found the stored analysis and the engine's answer differ."""


class LoadConflictError(DatabaseError):
    """Another process is loading the same graph and did not finish in time, or another load
    ran on the database while a bulk load rebuilt it."""
