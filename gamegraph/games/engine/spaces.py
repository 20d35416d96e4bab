"""Position spaces of defined games: which positions a graph of n holds, and how they print.

A space is declared once, with the definition (``space="partitions"`` or one of the
constructors below), and optionally narrowed by a predicate ``where(position, n, ...)``:

- ``partitions``: the partitions of n (B_n, Austrian, Dual), nonincreasing tuples;
- ``partitions-up-to``: the partitions of every size 0..n, the empty one included (CRIM);
- ``compositions``: the compositions of n (Carolina), tuples of positive parts in order;
- :func:`reachable`: the positions reachable by the game's moves from one or more start
  positions, any tuples of nonnegative integers (boards, rows of pits).

A declaration names the core's space of n (:meth:`Space.of`: ``Partitions``,
``PartitionsUpTo``, ``Compositions`` of :mod:`gamegraph.core.spaces`; a search's positions are
a ``Listed``), which ranks and prints them: a partition's key is
its canonical key ``5,3,3,1`` with the paper's notation ``1 3^2 5``; a composition's and a
board's key are their entries in order, ``3,1,2``, with the notation ``(3,1,2)``; the empty
partition's key is ``0`` (CRIM's). They parse in the same notations (:meth:`Space.parse`).
No numpy here: the definitions import it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, get_args

from gamegraph.core.notation import integers
from gamegraph.errors import InputError
from gamegraph.games.crim.positions import parse_position as parse_any_partition
from gamegraph.games.partitions import Partition, parse_ordered_partition

if TYPE_CHECKING:
    from gamegraph.core.spaces import Space as CoreSpace

__all__ = [
    "SPACE_KINDS",
    "Position",
    "PositionTextError",
    "Space",
    "compositions",
    "partitions",
    "partitions_up_to",
    "reachable",
    "space",
    "space_of",
]

Position = tuple[int, ...]
SpaceKind = Literal["partitions", "partitions-up-to", "compositions", "reachable", "space"]
SPACE_KINDS: tuple[SpaceKind, ...] = get_args(SpaceKind)

MAX_N = {
    "partitions": 255,
    "partitions-up-to": 255,
    "compositions": 62,
    "reachable": 10**6,
    "space": 10**6,
}
"""Largest n a space's ranking holds (parts in one byte; compositions as int64 bit sets)."""


class PositionTextError(InputError):
    """A position given as text that is no position of the graph."""


@dataclass(frozen=True)
class Space:
    """A declared position space (see the module docstring)."""

    kind: SpaceKind
    where: Callable[..., bool] | None = None
    start: Callable[..., Any] | Iterable[Position] | Position | None = None
    described: str | None = None
    """What the positions are, in words."""
    factory: Callable[..., CoreSpace[Any]] | None = None
    """A space of the core made from the game's parameters (``space`` kind)."""

    @property
    def ordered(self) -> bool:
        """Positions are partitions (their parts nonincreasing), not sequences in order."""
        return self.kind in ("partitions", "partitions-up-to")

    @property
    def describe(self) -> str:
        if self.described is not None:
            return self.described
        words = {
            "partitions": "the partitions of n",
            "partitions-up-to": "the partitions of every size up to n",
            "compositions": "the compositions of n",
            "reachable": "the positions reachable from the start",
            "space": "the positions of the space",
        }[self.kind]
        return words + (" where the predicate holds" if self.where is not None else "")

    def of(self, n: int, **params: Any) -> CoreSpace[Any]:
        """The whole space of n (and the game's other parameters), before ``where`` narrows
        it (the core's type; a reachable space has none: its positions are what the search
        finds)."""
        from gamegraph.core import spaces

        if self.factory is not None:
            return self.factory(n=n, **params)
        if self.kind == "partitions":
            return spaces.Partitions(n)
        if self.kind == "partitions-up-to":
            return spaces.PartitionsUpTo(n)
        if self.kind == "compositions":
            return spaces.Compositions(n)
        raise ValueError("a reachable space is found by its search, not listed")

    def parse(self, text: str, n: int, **params: Any) -> Any:
        """A position of the graph of n from text, in the notations the built-in games take
        (a space of the core's: its own)."""
        if self.kind == "space":
            return self.of(n, **params).parse(text)
        if self.kind == "partitions":
            return parse_ordered_partition(text, n)
        if self.kind == "partitions-up-to":
            position: Partition = parse_any_partition(text)  # its size checked here: the
            if sum(position) > n:  # message is of this game's graph, not of CRIM's
                key = ",".join(map(str, position))
                raise PositionTextError(
                    f"{key} has size {sum(position)}: the graph of n = {n} holds the "
                    f"partitions of size 0..{n}"
                )
            return position
        values = integers(text, positive=False, error=PositionTextError)
        if self.kind == "compositions" and (min(values) < 1 or sum(values) != n):
            raise PositionTextError(
                f"{text.strip()!r} is no composition of n = {n}: its parts are positive "
                "and add up to n"
            )
        return values


def partitions(where: Callable[..., bool] | None = None) -> Space:
    """The partitions of n, narrowed by ``where(position, n, ...)`` if given."""
    return Space("partitions", where)


def partitions_up_to(where: Callable[..., bool] | None = None) -> Space:
    """The partitions of every size 0..n (CRIM's space), narrowed by ``where`` if given."""
    return Space("partitions-up-to", where)


def compositions(where: Callable[..., bool] | None = None) -> Space:
    """The compositions of n, narrowed by ``where`` if given."""
    return Space("compositions", where)


def space(
    factory: Callable[..., CoreSpace[Any]],
    where: Callable[..., bool] | None = None,
    described: str | None = None,
) -> Space:
    """The positions of a space of :mod:`gamegraph.core.spaces` made from the game's
    parameters: ``factory(n=..., players=...)`` (``PartitionTuples`` takes them as they are;
    ``lambda n, players: Necklaces(n, length=players, weak=True)``). The move is given, and
    returns, the space's own positions (a tuple of hands, a plane partition's rows);
    ``described`` says what they are in words."""
    return Space("space", where, described=described, factory=factory)


def reachable(
    start: Callable[..., Any] | Iterable[Position] | Position,
    where: Callable[..., bool] | None = None,
    described: str | None = None,
) -> Space:
    """The positions reachable from ``start``: a position, several, or a function of the
    parameters giving one or several (``lambda n: (n,)``); ``described`` says what they are
    in words (for the help of n) when the start is the whole space."""
    return Space("reachable", where, start, described)


def space_of(value: object) -> Space:
    """A declared space from a definition's ``space=`` (a name or a :class:`Space`)."""
    if isinstance(value, Space):
        return value
    if isinstance(value, str) and value in SPACE_KINDS and value not in ("reachable", "space"):
        return Space(value)
    names = ", ".join(repr(k) for k in SPACE_KINDS if k not in ("reachable", "space"))
    raise InputError(
        f"space={value!r} is no position space: use {names}, gg.reachable(start=...), "
        "gg.space(a space of gamegraph.core.spaces) or gg.partitions(where=...)"
    )


def narrowed(space: Space, where: Callable[..., bool] | None) -> Space:
    """The space with a predicate (a definition's ``where=`` narrows its space)."""
    return space if where is None else replace(space, where=where)
