"""`gamegraph verify` on a functional graph: the stored analysis recomputed from the moves.

Shared by every :class:`~gamegraph.games.engine.game.FunctionalGame`; each game's
``verify.cypher`` holds two queries, ``verify_<game>_positions`` and ``verify_<game>_cycles``,
the same up to its label, its move type and its move rule:

1. positions, in slices of :data:`SLICE` indices: each position's moves (exactly one, to
   the position the game's rule gives, computed in Cypher from the parts), its number of
   predecessors, and its stored analysis;
2. cycles: from one stored recurrent position of each stored cycle id, the shortest way back
   to itself (:data:`WALKS` walks per query). Each cycle is walked once, so this is linear
   even for Montreal's long cycles;
3. distances: breadth-first levels backwards from the walked cycles over the moves the
   positions query read from the relationships (each position's one successor, in numpy; no
   query of its own: a query per level asked Neo4j again for arcs it had just returned, 7 of
   B_60's 20 CPU seconds in Neo4j): each position is met once, at its distance, and ends in
   the cycle of the position it moves to. A cycle the stored flags missed leaves its basin
   unreached, which is reported. An arc into a position from outside the graph is no part of
   the levels; the in-degree Cypher counted (any start node) reports it.

From these, Python only counts and compares: in-degree and Garden of Eden, recurrence,
distance, cycle length, cycle id (cycles numbered by their smallest index, as the engine
does), the cycles in move order and the basin sizes, each Cypher = stored = engine; then
``stored_stats``.

Positions and predecessors come back as columns: one record per query, a list per answer
aligned by position, so B_60's million positions decode as a few records of long lists
instead of two million records (B_60 4.5 times faster, benchmarks/verify.py); the
lists go straight into numpy arrays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from gamegraph.games.checks import MAX_PROBLEMS, Check, Comparison, GameChecks, stored_stats
from gamegraph.games.engine.cypher import prefix_of
from gamegraph.games.engine.functional import FunctionalGraph
from gamegraph.games.engine.game import FunctionalGame
from gamegraph.games.engine.tables import cycle_length_of

__all__ = ["SLICE", "WALKS", "FunctionalChecks"]

SLICE = 100_000
"""Positions read per query."""
WALKS = 10_000
"""Cycles walked per query."""
_ABSENT = -2
"""Stands for a stored property that is missing (never a real value)."""
_STORED = ("in_degree", "garden_of_eden", "recurrent", "distance", "cycle", "cycle_length")
"""What each position stores that verify holds to Cypher's answer (``stored_<name>``)."""


class FunctionalChecks(GameChecks[FunctionalGame[Any], FunctionalGraph]):
    """The checks of one loaded functional graph (see the module docstring): ``built`` is
    the engine's graph, ``stored`` the ``stat_*`` figures of its :Graph record, the game's
    ``rule`` names the move in messages (``C(α)``). Per-position answers are kept in arrays
    indexed by position index (Cypher's, the stored ones), compared at the end with the
    engine's in one vectorised pass per property."""

    def prepare(self) -> None:
        self._keys: list[str] | None = None
        size = self.built.size
        self.seen = np.zeros(size, dtype=bool)
        self.successor = np.full(size, -1, dtype=np.int64)
        self.in_degree = np.full(size, -1, dtype=np.int64)
        self.columns = {name: np.full(size, _ABSENT, dtype=np.int64) for name in _STORED}
        self.cycle = np.full(size, -1, dtype=np.int64)  #: Cypher's cycle id (-1: none found)
        self.distance = np.full(size, -1, dtype=np.int64)  #: Cypher's distance (-1: no path)
        self.walked: list[list[int]] = []  #: the cycles Cypher walked, by Cypher's id

    def _read(self, kind: str, **params: Any) -> list[dict[str, Any]]:
        return self._run(f"verify_{prefix_of(self.game.name)}_{kind}", **params)

    def key(self, index: int) -> str:
        if self._keys is None:
            self._keys = self.built.keys()
        return self._keys[index]

    def run(self) -> list[Check]:
        moves = Comparison(self.name, "move of every position")
        degree = Comparison(self.name, "in-degree and Garden of Eden")
        recurrent = Comparison(self.name, "recurrent positions")
        distance = Comparison(self.name, "moves to the cycle")
        cycles = Comparison(self.name, "cycles and basins")
        self.read_positions(moves)
        self.compare_moves(moves, degree)
        self.walk_cycles(recurrent, cycles)
        self.find_distances(distance)
        self.compare_analysis(recurrent, distance, cycles)
        g, rule = self.built, self.game.rule
        distinct = sorted({len(c) for c in self.walked})
        lengths = ", ".join(map(str, distinct)) or "none"
        if len(distinct) > 8:
            lengths = f"{distinct[0]}..{distinct[-1]} ({len(distinct)} lengths)"
        return [
            moves.check(
                f"{int(self.seen.sum()):,} moves, each to {rule} (computed in Cypher) = engine's"
                if self.game.rule_in_cypher
                else f"{int(self.seen.sum()):,} moves stored = {rule} (called by the engine)"
            ),
            degree.check(
                f"{int(g.garden_of_eden.sum()):,} Garden of Eden positions: "
                "Cypher = stored = engine"
            ),
            recurrent.check(
                f"{sum(len(members) for members in self.walked):,} on a cycle "
                "(walked round in Cypher): Cypher = stored = engine"
            ),
            distance.check(
                f"up to {g.max_transient} moves to a cycle of length {lengths}: "
                "Cypher = stored = engine"
            ),
            cycles.check(
                f"{len(self.walked):,} cycles, cycle ids and basin sizes: Cypher = stored = engine"
            ),
            stored_stats(self.stored, self.game.summary(g), self.name),
        ]

    # ----------------------------------------------------------------- 1. positions

    def read_positions(self, moves: Comparison) -> None:
        """One record per slice, its answers as columns (one list per answer, aligned by
        position): a million positions decode as ten records of long lists, not a million
        records."""
        size = self.built.size
        times = np.zeros(size, dtype=np.int64)  #: how often each index was read
        for lo in range(0, size, SLICE):
            hi = min(size, lo + SLICE)
            self.say(f"{self.name}: reading positions {lo:,}..{hi - 1:,} of {size:,}")
            for row in self._read("positions", lo=lo, hi=hi):
                self._take_slice(row, times, moves)
        for index in np.flatnonzero(times > 1)[:MAX_PROBLEMS].tolist():
            moves.problem(f"{self.key(index)}: idx {index} is stored {times[index]} times")
        moves.count += max(0, int((times > 1).sum()) - MAX_PROBLEMS)
        self.seen = times > 0
        missing = int(size - self.seen.sum())
        if missing:
            first = np.flatnonzero(~self.seen)[:MAX_PROBLEMS].tolist()
            moves.problem(f"{missing:,} positions missing (idx {first}...)")

    def _take_slice(self, row: Mapping[str, Any], times: np.ndarray, moves: Comparison) -> None:
        raw = row["idx"]
        if not all(type(index) is int for index in raw):
            odd = next(index for index in raw if type(index) is not int)
            moves.problem(f"idx {odd!r} is no position index of {self.name}")
            return
        index = np.asarray(raw, dtype=np.int64)
        inside = (index >= 0) & (index < self.built.size)
        for bad in index[~inside][:MAX_PROBLEMS].tolist():
            moves.problem(f"idx {bad} is no position index of {self.name}")
        index = index[inside]
        np.add.at(times, index, 1)
        count = np.asarray(row["moves"], dtype=np.int64)[inside]
        successor = np.asarray(row["successor"], dtype=np.int64)[inside]
        for i in np.flatnonzero(count != 1)[:MAX_PROBLEMS].tolist():
            moves.problem(f"{self.key(int(index[i]))}: {count[i]} moves, not one")
        moves.count += max(0, int((count != 1).sum()) - MAX_PROBLEMS)
        one = count == 1
        self.successor[index[one]] = successor[one]
        for off in row["off_rule"]:
            moves.problem(f"{self._name(off)}: its move does not lead to {self.game.rule}")
        self.in_degree[index] = np.asarray(row["in_degree"], dtype=np.int64)[inside]
        for name, column in self.columns.items():
            column[index] = np.asarray(row[f"stored_{name}"], dtype=np.int64)[inside]

    def _name(self, index: Any) -> str:
        """A position's key by its stored index, or the index itself if it names none."""
        if type(index) is int and 0 <= index < self.built.size:
            return self.key(index)
        return f"idx {index!r}"

    def compare_moves(self, moves: Comparison, degree: Comparison) -> None:
        g = self.built
        self._three(moves, "moves to idx", self.successor, None, g.successor)
        self._three(degree, "in-degree", self.in_degree, self.columns["in_degree"], g.in_degree)
        self._three(
            degree,
            "Garden of Eden",
            (self.in_degree == 0).astype(np.int64),
            self.columns["garden_of_eden"],
            g.garden_of_eden.astype(np.int64),
        )

    # ----------------------------------------------------------------- 2. cycles

    def walk_cycles(self, recurrent: Comparison, cycles: Comparison) -> None:
        flagged = np.flatnonzero(self.seen & (self.columns["recurrent"] == 1))
        _, first = np.unique(self.columns["cycle"][flagged], return_index=True)
        starts = np.sort(flagged[first]).tolist()
        walks: list[list[int]] = []
        for lo in range(0, len(starts), WALKS):
            batch = starts[lo : lo + WALKS]
            self.say(f"{self.name}: walking {len(batch):,} cycles")
            for row in self._read("cycles", starts=batch):
                members = row["members"]
                if not members:
                    recurrent.problem(
                        f"{self.key(row['start'])}: stored on a cycle, but its moves never "
                        "lead back to it"
                    )
                    continue
                if not all(isinstance(m, int) and 0 <= m < self.built.size for m in members):
                    cycles.problem(f"the cycle from idx {row['start']} passes idx out of range")
                    continue
                walks.append(members)
        owner = np.full(self.built.size, -1, dtype=np.int64)
        for number, members in enumerate(walks):
            taken = owner[members]
            if (taken >= 0).any():
                cycles.problem(
                    f"the cycle through {self.key(members[0])} has several stored cycle ids "
                    f"(walked from {self.key(walks[int(taken[taken >= 0][0])][0])} too)"
                )
                continue
            owner[members] = number
        distinct = [members for number, members in enumerate(walks) if owner[members[0]] == number]
        distinct.sort(key=min)
        for cid, members in enumerate(distinct):
            low = members.index(min(members))
            self.walked.append(members[low:] + members[:low])
            self.cycle[members] = cid
            self.distance[members] = 0

    # ----------------------------------------------------------------- 3. distances

    def find_distances(self, distance: Comparison) -> None:
        """Breadth-first levels backwards from the walked cycles over the successors read
        from Neo4j (a position with other than one move has none): the positions moving to
        level t − 1 (and not on a cycle) are level t, and end in the same cycle."""
        size = self.built.size
        start = np.flatnonzero(self.seen & (self.successor >= 0) & (self.successor < size))
        end = self.successor[start]
        order = np.argsort(end, kind="stable")
        by_end = start[order]  #: positions grouped by the position they move to
        offsets = np.zeros(size + 1, dtype=np.int64)
        np.cumsum(np.bincount(end, minlength=size), out=offsets[1:])
        frontier = np.flatnonzero(self.cycle >= 0)
        if not (self.seen & (self.cycle < 0)).any():
            frontier = frontier[:0]
        level = 0
        while frontier.size:
            level += 1
            counts = offsets[frontier + 1] - offsets[frontier]
            first = np.repeat(offsets[frontier] - np.cumsum(counts) + counts, counts)
            moving = by_end[first + np.arange(int(counts.sum()))]
            moving = moving[self.cycle[moving] < 0]  # not on a cycle, nor levelled
            self.distance[moving] = level
            self.cycle[moving] = self.cycle[self.successor[moving]]
            frontier = moving
        self.say(f"{self.name}: up to {level - 1 if level else 0} moves from a cycle")
        stranded = np.flatnonzero(self.seen & (self.cycle < 0))
        for index in stranded[:MAX_PROBLEMS].tolist():
            distance.problem(
                f"{self.key(index)}: its moves reach no cycle walked from a stored recurrent "
                "position"
            )
        distance.count += max(0, stranded.shape[0] - MAX_PROBLEMS)

    # ----------------------------------------------------------------- comparisons

    def compare_analysis(
        self, recurrent: Comparison, distance: Comparison, cycles: Comparison
    ) -> None:
        g, stored = self.built, self.columns
        on_cycle = ((self.distance == 0) & (self.cycle >= 0)).astype(np.int64)
        self._three(
            recurrent, "recurrent", on_cycle, stored["recurrent"], g.on_cycle.astype(np.int64)
        )
        self._three(distance, "moves to the cycle", self.distance, stored["distance"], g.distance)
        walked_lengths = np.asarray([len(c) for c in self.walked] + [-1], dtype=np.int64)
        self._three(
            distance,
            "cycle length",
            walked_lengths[self.cycle],
            stored["cycle_length"],
            cycle_length_of(g),
        )
        self._three(cycles, "cycle id", self.cycle, stored["cycle"], g.cycle_of)
        engine = [c.tolist() for c in g.cycles]
        if self.walked != engine:
            differ = [
                i
                for i in range(max(len(engine), len(self.walked)))
                if i >= len(engine) or i >= len(self.walked) or engine[i] != self.walked[i]
            ]
            cycles.problem(
                f"{len(self.walked)} cycles walked in Cypher, engine {len(engine)}; "
                f"{len(differ)} differ, first cycle id {differ[0]}"
            )
        found = self.cycle[self.cycle >= 0]
        basins = np.bincount(found, minlength=len(self.walked)).tolist()
        if basins != g.basin_sizes.tolist():
            cycles.problem(
                f"basin sizes by Cypher's paths {basins[:MAX_PROBLEMS]}, engine "
                f"{g.basin_sizes.tolist()[:MAX_PROBLEMS]}"
            )

    def _three(
        self,
        comparison: Comparison,
        what: str,
        cypher: np.ndarray,
        stored: np.ndarray | None,
        engine: np.ndarray,
    ) -> None:
        comparison.many(what, self.key, self.seen, cypher, stored, engine, absent=_ABSENT)
