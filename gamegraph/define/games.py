"""The :class:`~gamegraph.games.base.Game` type of a defined game, one per kind.

:func:`game_class` turns a :class:`~gamegraph.define.definition.Definition` into a frozen
dataclass with one field per parameter (``n`` first), exactly as a built-in game's class, so
the loader, `verify`, the queries, the command line and the API treat both alike. A built-in
functional game and a defined one differ only in where the move comes from: a defined
solitaire is a :class:`~gamegraph.games.functional.game.FunctionalGame` whose tables and
checks are the shared ones.

Light on purpose: the engine (numpy, numba) loads inside ``build``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import field, make_dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamegraph.define.cypher import label_of, move_of, texts
from gamegraph.define.definition import Definition
from gamegraph.define.spaces import Position
from gamegraph.games.base import Game, Param, Progress, _source_version
from gamegraph.games.functional.game import FUNCTIONAL_STATS, FunctionalGame

if TYPE_CHECKING:
    from gamegraph.games.checks import Check, Reader
    from gamegraph.games.limits import Estimate
    from gamegraph.games.model import GraphTables

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
)


class DefinedGame(Game):
    """What every defined game's class shares: its definition, and the Game methods that
    ask it (describe, estimate, build, positions as text, Cypher, engine version)."""

    definition: ClassVar[Definition]
    label: ClassVar[str]
    move: ClassVar[str]

    def describe(self) -> str:
        values = ", ".join(
            f"{p.name}={p.format(getattr(self, p.name))}" for p in self.params if p.in_id
        )
        return f"{self.name}({values})"

    def estimate(self) -> Estimate:
        from gamegraph.define.engine import estimate_defined

        return estimate_defined(self)

    def build(self, *, force: bool = False, progress: Progress | None = None) -> Any:
        from gamegraph.define.engine import build_defined

        return build_defined(self, force=force)

    def parse_position(self, text: str) -> str:
        space = self.definition.space
        return space.key(space.parse(text, self.n))

    def graph_params(self) -> dict[str, Any]:
        """The parameters that name this graph's nodes in Cypher (those in the graph id)."""
        return {p.name: p.stored(getattr(self, p.name)) for p in self.params if p.in_id}

    @classmethod
    def engine_version(cls) -> str:
        """The engine's code (this package and the shared modules) and the definition's
        source: editing the move marks the graphs loaded with it stale."""
        return f"{_source_version(('gamegraph.define.engine',))}-def-{cls.definition.version}"

    @classmethod
    def generated_queries(cls) -> list[tuple[str, str, bool]]:
        return texts(cls)

    @classmethod
    def example_position(cls, *, last: bool = False) -> str:
        """A position of the example graph, for the queries' ``:param`` lines."""
        space = cls.definition.space
        n = int(cls.definition.example.get("n", 6))
        if space.kind == "reachable":
            start: Any = space.start
            values = dict(cls.definition.example)
            try:
                given = start(**values) if callable(start) else start
                first = given if given and isinstance(given[0], int) else next(iter(given))
                return space.key(tuple(first))
            except Exception:
                return "0"
        position: Position = (1,) * n if last else (n,)
        return space.key(position)

    def _columns(self, graph: Any) -> dict[str, Any]:
        """The position columns every defined game's nodes hold."""
        from gamegraph.define.tables import position_columns

        return position_columns(self, graph.positions)


class DefinedFunctional(DefinedGame, FunctionalGame):
    """A defined functional solitaire: the shared functional graph, tables and checks."""

    n_label = "n"

    def tables(self, built: Any) -> GraphTables:
        from gamegraph.games.functional.tables import functional_tables

        return functional_tables(self, built, self._columns(built))


class DefinedChoice(DefinedGame):
    """A defined choice solitaire (Floridian's H_n is of this kind)."""

    def tables(self, built: Any) -> GraphTables:
        from gamegraph.define.tables import choice_tables

        return choice_tables(self, built, self._columns(built))

    def verify(
        self, built: Any, reader: Reader, stored: Mapping[str, Any], say: Callable[[str], None]
    ) -> list[Check]:
        from gamegraph.define.checks import arc_checks

        return arc_checks(self, built, reader, stored, say)


class DefinedImpartial(DefinedGame):
    """A defined impartial game, normal play (CRIM is of this kind)."""

    def tables(self, built: Any) -> GraphTables:
        from gamegraph.define.tables import impartial_tables

        return impartial_tables(self, built, self._columns(built))

    def verify(
        self, built: Any, reader: Reader, stored: Mapping[str, Any], say: Callable[[str], None]
    ) -> list[Check]:
        from gamegraph.define.checks import arc_checks

        return arc_checks(self, built, reader, stored, say)


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
        "label": label_of(definition.name),
        "move": move_of(definition.name),
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
