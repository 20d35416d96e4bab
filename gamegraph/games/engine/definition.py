"""What a game defined by its move declares (:class:`Definition`), and the error for what it
does wrong (:class:`DefinitionError`).

The decorators of :mod:`gamegraph.define` check a declaration and record it here; the engine
(:mod:`gamegraph.games.engine`) reads the record when it builds the game, whether the game
comes from a user's file or is built into gamegraph. No numpy here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from gamegraph.games.base import Param
from gamegraph.games.engine.spaces import Space
from gamegraph.games.sources import GameSourceError

__all__ = ["Definition", "DefinitionError", "Kind"]

Kind = Literal["functional", "choice", "impartial"]


class DefinitionError(GameSourceError):
    """A defined game that is wrong: its declaration, or what its function did (the user's
    mistake, exit code 2; nothing is built or loaded)."""


@dataclass(frozen=True, eq=False)
class Definition:
    """One defined game: its kind, its function and what it declares."""

    kind: Kind
    name: str
    title: str
    description: str
    fn: Callable[..., Any]
    space: Space
    params: tuple[Param, ...]
    compiled: bool
    where: str  #: ``file.py:12``: where the function is defined, for messages
    origin: str  #: where the definition came from, for `gamegraph games` and clashes
    source: str  #: the text its engine version is hashed from
    max_n: int
    example: dict[str, Any] = field(default_factory=dict)
    queries: str | None = None  #: a .cypher file of its own, beside the definition

    @property
    def version(self) -> str:
        """A hash of the definition's source (part of its games' engine version)."""
        return hashlib.sha256(self.source.encode()).hexdigest()[:12]
