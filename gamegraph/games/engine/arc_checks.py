"""`gamegraph verify` on a defined choice solitaire or impartial game: the stored analysis
recomputed from the relationships alone.

``verify_<game>_arcs`` reads the positions a slice at a time, each with the indices its
moves lead to, its number of predecessors and its stored properties and labels. From those
moves alone the analysis is computed again, by the same kernels but on Cypher's arcs (a
choice solitaire: strongly connected components, recurrent states, turns to the core; an
impartial game: retrograde P/N/draw and Grundy values); each figure must equal the stored
one and the engine's (whose moves came from calling the definition). Then the :Graph
record's ``stat_*`` figures.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gamegraph.core.spaces import flat_rows
from gamegraph.games.checks import Check, Comparison, GameChecks, stored_stats
from gamegraph.games.engine.cypher import prefix_of
from gamegraph.games.engine.graphs import OUTCOMES, ChoiceGraph, ImpartialGraph

__all__ = ["SLICE", "ArcChecks"]

SLICE = 50_000
"""Positions read per query."""
_ABSENT = -2


class ArcChecks(GameChecks[Any, ChoiceGraph | ImpartialGraph]):
    """The checks of one loaded choice or impartial graph (see the module docstring): what
    Neo4j holds of it (each position's moves, predecessors, properties and labels, by idx),
    the graph recomputed from those moves alone (:attr:`again`), and the comparisons of the
    recomputed, stored and engine values."""

    def run(self) -> list[Check]:
        checks = [self.moves_check, self.in_degree_check()]
        checks += self.choice() if isinstance(self.built, ChoiceGraph) else self.impartial()
        checks.append(stored_stats(self.stored, self.game.summary(self.built), self.name))
        return checks

    def prepare(self) -> None:
        graph = self.built
        size = graph.size
        self.seen = np.zeros(size, dtype=bool)
        rows: list[list[int]] = [[] for _ in range(size)]
        self.in_degree = np.full(size, -1, dtype=np.int64)
        self.out_degree = np.full(size, -1, dtype=np.int64)
        self.props: list[dict[str, Any]] = [{} for _ in range(size)]
        self.labels: list[set[str]] = [set() for _ in range(size)]
        moves = Comparison(self.name, "moves of every position")
        query = f"verify_{prefix_of(self.game.name)}_arcs"
        for lo in range(0, max(size, 1), SLICE):
            hi = min(size, lo + SLICE)
            self.say(f"{self.name}: reading positions {lo:,}..{max(hi - 1, 0):,} of {size:,}")
            for row in self._run(query, lo=lo, hi=hi):
                index = row["idx"]
                if not isinstance(index, int) or not 0 <= index < size or self.seen[index]:
                    moves.problem(f"{row['key']}: idx {index!r} is out of range or stored twice")
                    continue
                self.seen[index] = True
                if row["stray"]:
                    moves.problem(f"{row['key']}: {row['stray']} moves to nodes of other graphs")
                rows[index] = sorted(int(v) for v in row["successors"])
                self.out_degree[index] = len(rows[index])
                self.in_degree[index] = int(row["in_degree"])
                self.props[index] = dict(row["stored"])
                self.labels[index] = set(row["labels"])
        missing = int(size - self.seen.sum())
        if missing:
            first = np.flatnonzero(~self.seen)[:5].tolist()
            moves.problem(f"{missing:,} positions missing (idx {first}...)")
        self.keys = graph.keys()
        for i in np.flatnonzero(self.seen).tolist():
            engine = graph.row(i).tolist()
            if rows[i] != engine:
                moves.problem(
                    f"{self.keys[i]}: moves to idx {rows[i][:8]} in Neo4j, engine {engine[:8]}"
                )
        self.moves_check = moves.check(
            f"{int(self.seen.sum()):,} positions, {graph.arcs:,} moves: Neo4j = engine"
        )
        indices, indptr = flat_rows(rows)
        self.again: Any = type(graph)(
            game=self.game, positions=graph.positions, indptr=indptr, indices=indices
        )

    def column(self, name: str, absent: int = _ABSENT) -> np.ndarray:
        """A stored property of every position (``absent`` where it has none)."""
        values = [absent if p.get(name) is None else int(p[name]) for p in self.props]
        return np.asarray(values, dtype=np.int64)

    def flag(self, label: str) -> np.ndarray:
        """Whether each position carries a label."""
        return np.asarray([label in found for found in self.labels], dtype=np.int64)

    def three(self, comparison: Comparison, what: str, stored: np.ndarray, analysis: str) -> None:
        """The ``analysis`` recomputed from the moves = ``stored`` = the engine's."""
        again, engine = getattr(self.again, analysis), getattr(self.built, analysis)
        self.compare(comparison, what, again, stored, engine)

    def compare(
        self, comparison: Comparison, what: str, cypher: Any, stored: Any, engine: Any
    ) -> None:
        """Cypher's answer = the stored one = the engine's, over every position read."""
        key = self.keys.__getitem__
        comparison.many(what, key, self.seen, cypher, stored, engine, source="from the moves")

    def in_degree_check(self) -> Check:
        degree = Comparison(self.name, "in-degree and out-degree")
        stored = self.column("in_degree")
        self.compare(degree, "in-degree", self.in_degree, stored, self.built.in_degree)
        stored = self.column("out_degree")
        self.compare(degree, "out-degree", self.out_degree, stored, self.built.out_degree)
        return degree.check("predecessors and moves counted in Cypher = stored = engine")

    def choice(self) -> list[Check]:
        graph: ChoiceGraph = self.built  # type: ignore[assignment]
        core = Comparison(self.name, "recurrent states and the core")
        self.three(core, "recurrent", self.flag("Recurrent"), "recurrent")
        absent = self.column("core_component", absent=-1)
        self.three(core, "core component", absent, "core_component_of")
        play = Comparison(self.name, "winning, losing, turns to the core")
        self.three(play, "turns to the core", self.column("turns_to_core", -1), "turns_to_core")
        self.three(play, "winning", self.flag("Winning"), "winning")
        self.three(play, "losing", self.flag("Losing"), "losing")
        self.three(play, "immediate loss", self.flag("ImmediateLoss"), "immediate_loss")
        return [
            core.check(
                f"{int(graph.recurrent.sum()):,} recurrent states in "
                f"{len(graph.core_components)} strongly connected components, recomputed from "
                "the moves = stored = engine"
            ),
            play.check(
                f"{int(graph.winning.sum()):,} winning, {int(graph.losing.sum()):,} losing "
                "positions and their turns: recomputed = stored = engine"
            ),
        ]

    def impartial(self) -> list[Check]:
        graph: ImpartialGraph = self.built  # type: ignore[assignment]
        outcome = Comparison(self.name, "outcomes by retrograde analysis")
        codes = {v: k for k, v in OUTCOMES.items()}
        stored_outcome = np.asarray(
            [codes.get(str(p.get("outcome")), _ABSENT) for p in self.props], dtype=np.int64
        )
        self.three(outcome, "outcome", stored_outcome, "outcome")
        self.three(outcome, "P label", self.flag("PPosition"), "p_position")
        for label, code in (("NPosition", 2), ("Draw", 0)):
            cypher, engine = self.again.outcome == code, graph.outcome == code
            self.compare(outcome, f"{label} label", cypher, self.flag(label), engine)
        grundy = Comparison(self.name, "Sprague-Grundy values")
        self.three(grundy, "grundy", self.column("grundy", absent=-1), "grundy")
        loopy = Comparison(self.name, "Smith's loopy values")
        cypher, engine = self.again.loopy.labels(), graph.loopy.labels()
        for i in np.flatnonzero(self.seen).tolist():
            stored = self.props[i].get("loopy")
            loopy.three(f"{self.keys[i]} loopy value", cypher[i], stored, engine[i])
        infinite = int(graph.loopy.infinite.sum())
        return [
            outcome.check(
                f"{int(graph.p_position.sum()):,} P-positions, "
                f"{int((graph.outcome == 0).sum()):,} draws: recomputed from the moves = stored "
                "= engine"
            ),
            grundy.check("Grundy values recomputed from the moves = stored = engine"),
            loopy.check(
                f"{infinite:,} positions of value ∞: recomputed from the moves = stored = engine"
            ),
        ]
