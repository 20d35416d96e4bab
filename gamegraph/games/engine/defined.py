"""The :class:`~gamegraph.games.base.Game` type of a game defined by its move, one per kind.

:func:`game_class` turns a :class:`~gamegraph.games.engine.definition.Definition` into a
frozen dataclass with one field per parameter (``n`` first), exactly as a built-in game's
class, so the loader, `verify`, the queries, the command line and the API treat both alike.
A built-in functional game and a defined one differ only in where the move comes from: a
defined solitaire is a :class:`~gamegraph.games.engine.game.FunctionalGame` whose tables and
checks are the shared ones.

Light on purpose: the engine (numpy, numba) is :mod:`.build`, with the tables and verify
hooks in :mod:`.tables` and :mod:`.checks`, imported by the base class on first use, as a
built-in game's are.
"""

from __future__ import annotations

from dataclasses import field, make_dataclass
from typing import Any, ClassVar

from gamegraph.games.base import Game, Param, _source_version
from gamegraph.games.engine.cypher import texts
from gamegraph.games.engine.definition import Definition
from gamegraph.games.engine.game import FUNCTIONAL_STATS, FunctionalGame
from gamegraph.games.engine.spaces import Position, PositionTextError
from gamegraph.games.limits import Estimate, check_estimate

__all__ = ["DefinedChoice", "DefinedFunctional", "DefinedGame", "DefinedImpartial", "game_class"]

CHOICE_STATS = (
    "positions",
    "arcs",
    "recurrent",
    "winning",
    "losing",
    "immediate_losses",
    "core_sccs",
    "core_scc_sizes",
    "core_arcs",
    "max_turns_to_core",
)
IMPARTIAL_STATS = (
    "positions",
    "arcs",
    "p_positions",
    "n_positions",
    "draws",
    "max_grundy",
    "grundy",
    "p_positions_by_size",
    "loopy_values",
)


class DefinedGame(Game[Any]):
    """What every defined game's class shares: its definition, its engine
    (:mod:`gamegraph.games.engine.build`, named once as a built-in game names its own), how it
    describes itself, its Cypher and its engine version."""

    engine = "gamegraph.games.engine.build"
    kind: ClassVar[str]
    definition: ClassVar[Definition]

    def describe(self) -> str:
        values = ", ".join(
            f"{p.name}={p.format(getattr(self, p.name))}" for p in self.params if p.in_id
        )
        return f"{self.name}({values})"

    def check_size(self, force: bool = False) -> Estimate:
        """The estimate; TooLargeError naming the definition's file and line when over."""
        return check_estimate(
            f"{self.describe()} (defined at {self.definition.where})", self.estimate(), force
        )

    def read_position(self, text: str) -> Any:
        """A position written as text, in the notations of the declared space."""
        return self.definition.space.parse(text, **self.values())

    def parse_position(self, text: str) -> str:
        """The key of a position given as text, in the notations of the declared space;
        PositionTextError, naming the game, for one the space's predicate (``where=``)
        excludes, as a built-in game refuses a position outside its graph."""
        space = self.definition.space
        position = self.read_position(text)
        if space.kind == "reachable":
            key = ",".join(map(str, position))
        else:
            key = space.of(**self.values()).format(position)
        if space.where is not None and not space.where(position, **self.values()):
            raise PositionTextError(
                f"{key} is no position of {self.describe()}: its positions are "
                f"{space.describe}, and the predicate does not hold for {key}"
            )
        return key

    def node_columns(self, positions: Any) -> dict[str, Any]:
        """The columns of the declared space's positions, with ``size`` (the sum of each
        position's entries) and the graph's other parameters."""
        from gamegraph.games.engine.tables import defined_columns

        return defined_columns(self, positions)

    @classmethod
    def engine_version(cls) -> str:
        """The engine's code (this package and the shared modules) and the definition's
        source: editing the move marks the graphs loaded with it stale."""
        return f"{_source_version(('gamegraph.games.engine.build',))}-def-{cls.definition.version}"

    @classmethod
    def generated_queries(cls) -> list[tuple[str, str, bool]]:
        return texts(cls)

    @classmethod
    def source_file(cls) -> str | None:
        origin = cls.definition.origin
        return origin.removeprefix("file ") if origin.startswith("file ") else None

    @classmethod
    def example_position(cls, *, last: bool = False) -> str:
        """A position of the example graph, for the queries' ``:param`` lines."""
        space = cls.definition.space
        n = int(cls.definition.example.get("n", 6))
        if space.kind == "reachable":
            start: Any = space.start
            values = cls.create(**cls.definition.example).values()  # defaults too (Austrian's L)
            try:
                given = start(**values) if callable(start) else start
                first = given if given and isinstance(given[0], int) else next(iter(given))
                return ",".join(map(str, first))
            except Exception:
                return "0"
        if space.kind == "space":
            example = space.of(**(cls.create(**cls.definition.example).values()))
            return example.format(example.last() if last else example.first())
        position: Position = (1,) * n if last else (n,)
        return space.of(n).format(position)


class DefinedFunctional(DefinedGame, FunctionalGame[Any]):
    """A defined functional solitaire: the functional graph, tables and checks every
    functional game shares (a built-in one differs only in where its move comes from)."""


class DefinedChoice(DefinedGame):
    """A defined choice solitaire (Floridian's H_n is of this kind)."""

    kind = "choice"


class DefinedImpartial(DefinedGame):
    """A defined impartial game, normal play (CRIM is of this kind)."""

    kind = "impartial"


_BASES: dict[str, type[DefinedGame]] = {
    "functional": DefinedFunctional,
    "choice": DefinedChoice,
    "impartial": DefinedImpartial,
}


def game_class(definition: Definition) -> type[DefinedGame]:
    """The Game class of a definition (a frozen dataclass, a field per parameter)."""
    space = definition.space
    n = Param(
        "n",
        f"The size n ({space.describe}).",
        minimum=1,
        maximum=definition.max_n,
    )
    params = (n, *definition.params)
    others = tuple(p.name for p in params if p.name != "n")
    stats = {
        "functional": FUNCTIONAL_STATS,
        "choice": CHOICE_STATS,
        "impartial": IMPARTIAL_STATS,
    }[definition.kind]
    namespace: dict[str, Any] = {
        "name": definition.name,
        "title": definition.title,
        "description": definition.description,
        "params": params,
        "stats_keys": ("n", *others, *stats),
        "example": dict(definition.example),
        "definition": definition,
        "rule": f"the definition's move ({definition.where})",
        "rule_in_cypher": False,
        "query_files": (),
        "internal_query_files": (),
        "__doc__": f"{definition.title}, defined at {definition.where}.",
    }
    fields = [(p.name, Any, field(default=p.default)) for p in params]
    cls_name = "".join(w.capitalize() for w in definition.name.split("-")) + "Game"
    made = make_dataclass(
        cls_name,
        fields,
        bases=(_BASES[definition.kind],),
        namespace=namespace,
        frozen=True,
    )
    made.__module__ = __name__
    made.__qualname__ = cls_name
    return made
