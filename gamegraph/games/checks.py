"""What a game's `verify` checks produce, and the small tools they share.

A game recomputes its stored analysis from the loaded relationships with its own Cypher
queries (its ``verify.cypher``) and compares three answers: what Cypher finds from the
structure alone, what the loader stored, and what the engine computes. The queries run
through a :data:`Reader`, a plain function, so this layer needs no database driver: the
verify package (:mod:`gamegraph.verify`) hands each game a reader bound to a runner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from gamegraph.errors import DatabaseError

__all__ = [
    "MAX_PROBLEMS",
    "Check",
    "Comparison",
    "GameChecks",
    "Reader",
    "Say",
    "Stored",
    "storable",
    "stored_stats",
]

Reader = Callable[[str, Mapping[str, Any]], list[dict[str, Any]]]
"""``reader(query_name, params) -> rows``: runs one named query and returns its rows."""
Stored = Mapping[str, Any]
"""The ``stat_*`` figures of a loaded graph's :Graph record, by name without ``stat_``."""
Say = Callable[[str], None]
"""Where verify's progress messages go."""


class Checked(Protocol):
    """What the checks ask of every game (a :class:`~gamegraph.games.base.Game` has it)."""

    def describe(self) -> str: ...

    def graph_params(self) -> dict[str, Any]: ...


GameT = TypeVar("GameT", bound=Checked)
BuiltT = TypeVar("BuiltT")

MAX_PROBLEMS = 10
"""Mismatches listed per check (all are counted)."""


@dataclass(frozen=True)
class Check:
    """One comparison: what was checked on which graph, and the mismatches found."""

    graph: str  #: "B_30", "G_30"
    name: str
    detail: str  #: what agreed, e.g. "101 positions: Cypher = stored = engine"
    problems: tuple[str, ...] = ()
    problem_count: int = 0

    @property
    def ok(self) -> bool:
        return self.problem_count == 0


class Comparison:
    """Collects mismatches between the Cypher answer, the stored value and the engine."""

    def __init__(self, graph: str, name: str) -> None:
        self.graph = graph
        self.name = name
        self.problems: list[str] = []
        self.count = 0
        self.compared: tuple[int, int] | None = None  #: by :meth:`many`: positions read, of all

    def problem(self, text: str) -> None:
        self.count += 1
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)

    def three(self, key: str, cypher: Any, stored: Any, engine: Any) -> None:
        """The Cypher answer must equal the stored value and the engine's."""
        if not cypher == stored == engine:
            self.problem(f"{key}: Cypher {cypher!r}, stored {stored!r}, engine {engine!r}")

    def many(
        self,
        what: str,
        key: Callable[[int], str],
        seen: Any,
        found: Any,
        stored: Any | None,
        engine: Any,
        *,
        source: str = "Cypher",
        absent: int | None = None,
    ) -> None:
        """:meth:`three` over every position at once: arrays by position, compared where
        ``seen`` holds (``stored`` None: ``found`` against the engine only); a value equal
        to ``absent`` is shown as absent."""
        import numpy as np  # only verify compares arrays: the module stays light

        found, engine = np.asarray(found, dtype=np.int64), np.asarray(engine, dtype=np.int64)
        read = (int(np.count_nonzero(seen)), int(np.size(seen)))
        self.compared = read if self.compared is None else min(self.compared, read)
        bad = found != engine
        if stored is not None:
            bad |= stored != engine
        wrong = np.flatnonzero(bad & seen)

        def show(value: Any) -> str:
            return "absent" if absent is not None and int(value) == absent else str(int(value))

        for i in wrong[:MAX_PROBLEMS].tolist():
            shown = "" if stored is None else f", stored {show(stored[i])}"
            self.problem(
                f"{key(i)} {what}: {source} {show(found[i])}{shown}, engine {int(engine[i])}"
            )
        self.count += max(0, wrong.shape[0] - MAX_PROBLEMS)

    def sets(self, what: str, found: set[Any], engine: set[Any], where: str = "Neo4j") -> None:
        """Two sets must be equal; each element on one side only is a problem, named by side."""
        for item in sorted(found - engine, key=str):
            self.problem(f"{item}: {what} only in {where}")
        for item in sorted(engine - found, key=str):
            self.problem(f"{item}: {what} only in the engine")

    def check(self, detail: str) -> Check:
        """The check, its detail saying so when only some positions could be compared (the
        others were not read: the check that reads them reports them missing)."""
        if self.compared is not None and self.compared[0] < self.compared[1]:
            read, total = self.compared
            detail += f" (compared on the {read:,} of {total:,} positions read)"
        return Check(self.graph, self.name, detail, tuple(self.problems), self.count)


def storable(value: Any) -> Any:
    """Neo4j properties hold scalars and homogeneous lists; maps become 'k: v' strings."""
    if isinstance(value, dict):
        return [f"{k}: {v}" for k, v in value.items()]
    return value


def stored_stats(summary: Mapping[str, Any], engine: Mapping[str, Any], graph: str) -> Check:
    """Every stat_* figure stored on the :Graph node equals the engine's, and every figure of
    the engine is stored (but a None, which Neo4j does not store)."""
    comparison = Comparison(graph, "summary on the :Graph node")
    if not summary:
        comparison.problem("no stat_* figures stored")
    for key, stored in sorted(summary.items()):
        expected = storable(engine.get(key))
        if stored != expected:
            comparison.problem(f"stat_{key}: stored {stored!r}, engine {expected!r}")
    for key, value in sorted(engine.items()):
        if key not in summary and value is not None:
            comparison.problem(f"stat_{key}: not stored, engine {storable(value)!r}")
    return comparison.check(f"{len(summary)} figures equal the engine's")


class GameChecks(Generic[GameT, BuiltT]):
    """The reading every game's checks share: named queries run with the graph's own
    parameters, the one row of an aggregating query, rows read in slices of ``idx``, and the
    check that Neo4j holds as many of each kind as the engine built. A game's checks class
    adds its comparisons and a ``run()`` that returns them in order; the class itself is the
    ``verify`` hook of its package, constructed with the hook's arguments (the game, the
    engine's graph, the reader, the stored figures and ``say``): it names the graph as the
    game describes it and gives every query the graph's parameters."""

    def __init__(
        self, game: GameT, built: BuiltT, reader: Reader, stored: Stored, say: Say
    ) -> None:
        self.game = game
        self.built = built  #: what the engine built
        self.reader = reader
        self.stored = stored  #: the stat_* figures of its :Graph record
        self.say = say
        self.name = game.describe()  #: the graph as messages name it ("B_30", "T_12")
        self.params = game.graph_params()  #: what every query of the graph is given
        self.prepare()

    def prepare(self) -> None:
        """What a game's checks compute once, before :meth:`run` (hook; nothing by default)."""

    def run(self) -> list[Check]:
        """Every check of the graph, in order (each game's class says which)."""
        raise NotImplementedError

    def _run(self, query: str, **params: Any) -> list[dict[str, Any]]:
        return self.reader(query, {**self.params, **params})

    def _one(self, query: str, **params: Any) -> dict[str, Any]:
        """The one row of an aggregating query (Neo4j always answers one)."""
        rows = self._run(query, **params)
        if len(rows) != 1:
            raise DatabaseError(f"{query} on {self.name} returned {len(rows)} rows, not one")
        return rows[0]

    def _slices(self, query: str, size: int, step: int, **params: Any) -> dict[int, dict[str, Any]]:
        """The rows of ``query`` for idx 0..size-1, ``step`` at a time ($lo, $hi), by idx."""
        rows: dict[int, dict[str, Any]] = {}
        for lo in range(0, size, step):
            for row in self._run(query, lo=lo, hi=min(size, lo + step), **params):
                rows[int(row["idx"])] = row
        return rows

    def _missing(
        self, comparison: Comparison, rows: Mapping[int, Any], size: int, what: str
    ) -> None:
        if len(rows) != size:
            comparison.problem(f"{size - len(rows)} of {size} {what} missing")

    def _counts(self, query: str, name: str, expected: Mapping[str, int]) -> Check:
        """Neo4j's count of each kind (the columns of ``query``) against the engine's."""
        row = self._one(query)
        comparison = Comparison(self.name, name)
        for key, value in expected.items():
            if int(row[key]) != value:
                comparison.problem(f"{key}: Neo4j holds {row[key]}, the engine has {value}")
        return comparison.check(", ".join(f"{value:,} {key}" for key, value in expected.items()))
