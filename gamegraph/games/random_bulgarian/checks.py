"""`gamegraph verify` on a random Bulgarian chain: the stored analysis recomputed from the
relationships, in Cypher, and compared with the engine.

- counts of states and transitions;
- each state's transitions (targets and probabilities) against the engine's, and each row's
  sum: the float sum computed in Cypher within :data:`ROW_TOLERANCE` of 1 and, for exact
  chains, the stored fraction texts summed exactly to 1;
- πP = π: for each state Cypher sums π(s)·P(s, t) over the transitions into it (the stored π
  and probabilities); the L1 distance to the stored π must stay within
  :data:`BALANCE_TOLERANCE`, and for exact chains the fraction texts Cypher collects for
  each state add up to its exact π; Σπ = 1; the stored π equals the engine's;
- the mode: the states with the largest stored π (found by Cypher; for exact chains the tie
  is settled on the fraction texts), the one labelled :StationaryMode, and the engine's;
- the staircase distance of every state recomputed in Cypher by brute force over the cradle
  shapes, and the :Staircase label;
- irreducibility (two breadth-first searches from (n), along and against the transitions)
  and aperiodicity (the gcd of level(s) + 1 − level(t) over the transitions; for a
  deterministic chain, the lengths of its cycles), against the stored and engine's stats;
- the summary on the :Graph record.
"""

from __future__ import annotations

from fractions import Fraction
from functools import reduce
from math import gcd, lcm
from typing import Any

import numpy as np

from gamegraph.games.checks import Check, Comparison, GameChecks, stored_stats
from gamegraph.games.random_bulgarian import RandomBulgarian
from gamegraph.games.random_bulgarian.engine import RandomBulgarianGraph

__all__ = [
    "BALANCE_TOLERANCE",
    "ROW_TOLERANCE",
    "SLICE",
    "STATIONARY_TOLERANCE",
    "RandomBulgarianChecks",
]

SLICE = 5_000
"""States read per query."""
ROW_TOLERANCE = 1e-12
"""|Σ_t P(s, t) − 1| allowed for a float row summed in Cypher."""
BALANCE_TOLERANCE = 1e-9
"""‖πP − π‖₁ allowed for float π (the engine's solvers aim at 1e-13)."""
STATIONARY_TOLERANCE = 1e-12
"""|stored π − engine π| allowed per state for float chains (exact chains: equal texts)."""


class RandomBulgarianChecks(GameChecks[RandomBulgarian, RandomBulgarianGraph]):
    """The checks of one loaded chain, in order (:meth:`run`)."""

    def prepare(self) -> None:
        self.exact = self.built.probability_exact is not None

    def run(self) -> list[Check]:
        self.say(f"{self.name}: counts and transitions")
        checks = [self.counts()]
        self.rows = self._states("verify_random_bulgarian_rows")
        checks += [self.transitions(), self.row_sums()]
        self.say(f"{self.name}: πP = π")
        checks += [self.balance(), self.mode()]
        self.say(f"{self.name}: staircase distances")
        checks.append(self.staircase())
        self.say(f"{self.name}: irreducibility and period (breadth-first searches)")
        checks.append(self.irreducible_aperiodic())
        engine_summary = self.game.summary(self.built)
        checks.append(stored_stats(self.stored, engine_summary, self.name))
        return checks

    # ------------------------------------------------------------------ reading

    def _states(self, query: str, **params: Any) -> dict[int, dict[str, Any]]:
        return self._slices(query, self.built.size, SLICE, **params)

    # ------------------------------------------------------------------ checks

    def counts(self) -> Check:
        expected = {"states": self.built.size, "transitions": self.built.transitions}
        return self._counts("verify_random_bulgarian_counts", "states and transitions", expected)

    def transitions(self) -> Check:
        comparison = Comparison(self.name, "transitions of every state")
        self._missing(comparison, self.rows, self.built.size, "states")
        keys = self.built.keys()
        indptr, indices = self.built.indptr.tolist(), self.built.indices.tolist()
        probability = self.built.probability.tolist()
        exact = self.built.probability_exact
        for idx, row in self.rows.items():
            lo, hi = indptr[idx], indptr[idx + 1]
            if row["key"] != keys[idx]:
                comparison.problem(f"state {idx}: key {row['key']}, engine {keys[idx]}")
            texts = row["exact"] if exact is not None else [None] * len(row["targets"])
            if len(texts) != len(row["targets"]):
                comparison.problem(f"{row['key']}: {len(texts)} fraction texts, not one a move")
                texts = [None] * len(row["targets"])
            found = sorted(zip(row["targets"], row["probabilities"], texts, strict=True))
            engine = [
                (indices[e], probability[e], str(exact[e]) if exact is not None else None)
                for e in range(lo, hi)
            ]
            if found != engine:
                comparison.problem(f"{row['key']}: transitions {found}, engine {engine}")
            comparison.three(
                f"{row['key']} out_degree", len(found), row["stored_out_degree"], hi - lo
            )
        what = "probabilities and fractions" if exact is not None else "probabilities"
        return comparison.check(
            f"{self.built.transitions:,} transitions (targets, {what}) = engine's"
        )

    def row_sums(self) -> Check:
        comparison = Comparison(self.name, "every row sums to 1")
        self._missing(comparison, self.rows, self.built.size, "states")
        worst = 0.0
        for row in self.rows.values():
            deviation = abs(float(row["row_sum"]) - 1.0)
            worst = max(worst, deviation)
            if deviation > ROW_TOLERANCE:
                comparison.problem(f"{row['key']}: transitions sum to {row['row_sum']!r}")
            if self.exact:
                total = sum((Fraction(text) for text in row["exact"]), Fraction(0))
                if total != 1:
                    comparison.problem(f"{row['key']}: exact transitions sum to {total}")
        exact = "; the fractions sum to exactly 1" if self.exact else ""
        return comparison.check(
            f"{len(self.rows):,} rows summed in Cypher: |Σ − 1| <= {worst:.1e}{exact}"
        )

    def balance(self) -> Check:
        comparison = Comparison(self.name, "πP = π")
        rows = self._states("verify_random_bulgarian_balance", exact=self.exact)
        self._missing(comparison, rows, self.built.size, "states")
        residual = 0.0
        exact_total = Fraction(0)
        engine_exact = self.built.stationary_exact
        for idx, row in rows.items():
            residual += abs(float(row["inflow"]) - float(row["stationary"]))
            engine_pi, key = float(self.built.stationary[idx]), row["key"]
            if abs(float(row["stationary"]) - engine_pi) > STATIONARY_TOLERANCE:
                comparison.problem(f"{key}: stored π {row['stationary']}, engine {engine_pi}")
            if self.exact:
                pi = Fraction(row["stationary_exact"])
                terms = (Fraction(a) * Fraction(b) for a, b in row["exact_terms"])
                inflow = sum(terms, Fraction(0))
                exact_total += pi
                if inflow != pi:
                    comparison.problem(f"{row['key']}: exact inflow {inflow}, stored π {pi}")
                if engine_exact is not None and pi != engine_exact[idx]:
                    comparison.problem(f"{row['key']}: stored π {pi}, engine {engine_exact[idx]}")
        if residual > BALANCE_TOLERANCE:
            comparison.problem(f"‖πP − π‖₁ = {residual:.3e} in Cypher, over {BALANCE_TOLERANCE}")
        if self.exact and exact_total != 1:
            comparison.problem(f"exact π sums to {exact_total}, not 1")
        exact = "; exactly, in fractions, for every state, and Σπ = 1" if self.exact else ""
        return comparison.check(
            f"{len(rows):,} states: ‖πP − π‖₁ = {residual:.1e} from the stored π and "
            f"probabilities (Cypher){exact}; stored π = engine's"
        )

    def mode(self) -> Check:
        comparison = Comparison(self.name, "the mode of π")
        row = self._one("verify_random_bulgarian_mode")
        candidates = [int(i) for i in row["candidates"]]
        if not candidates:
            comparison.problem("no state holds a stationary probability")
            return comparison.check("no mode found")
        if abs(float(row["total"]) - 1.0) > BALANCE_TOLERANCE:
            comparison.problem(f"Σπ = {row['total']!r} in Cypher")
        if self.exact:
            values = [Fraction(text) for text in row["exact"]]
            best = max(values)
            found = candidates[values.index(best)]
        else:
            found = candidates[0]
        stored = [int(i) for i in row["stored"]]
        comparison.three(
            "mode (idx)", found, stored[0] if len(stored) == 1 else stored, int(self.built.mode)
        )
        key = self.built.keys()[found] if 0 <= found < self.built.size else str(found)
        return comparison.check(
            f"{key} (π = {float(row['top']):.6g}): Cypher = :StationaryMode = engine"
        )

    def staircase(self) -> Check:
        comparison = Comparison(self.name, "staircase distances")
        rows = self._states("verify_random_bulgarian_staircase")
        self._missing(comparison, rows, self.built.size, "states")
        shapes = 0
        for idx, row in rows.items():
            stored = self.rows.get(idx, {})
            engine = int(self.built.staircase_distance[idx])
            comparison.three(
                row["key"], row["distance"], stored.get("stored_staircase_distance"), engine
            )
            comparison.three(
                f"{row['key']} :Staircase",
                row["distance"] == 0,
                stored.get("stored_staircase"),
                engine == 0,
            )
            shapes = int(row["shapes"])
        cradles = int(np.count_nonzero(self.built.staircase_distance == 0))
        return comparison.check(
            f"{len(rows):,} states against {shapes} cradle shapes (brute force in Cypher), "
            f"{cradles} staircase-like: Cypher = stored = engine"
        )

    def irreducible_aperiodic(self) -> Check:
        comparison = Comparison(self.name, "irreducible and aperiodic")
        start = self._one("verify_random_bulgarian_start")["ids"]
        if len(start) != 1:
            comparison.problem(f"{len(start)} states with index 0")
            return comparison.check("no breadth-first search")
        forward = self._levels("verify_random_bulgarian_forward", start)
        backward = self._levels("verify_random_bulgarian_backward", start)
        irreducible = min(forward) >= 0 and min(backward) >= 0
        if irreducible:
            gaps = self._one("verify_random_bulgarian_gaps", level=forward)["gaps"]
            period = reduce(gcd, (abs(int(g)) for g in gaps), 0)
            how = f"levels from ({self.built.n}) give period {period}"
        else:
            period = self._deterministic_period(comparison)
            how = f"deterministic: cycles give period {period}"
        comparison.three(
            "irreducible", irreducible, self.stored.get("irreducible"), self.built.irreducible
        )
        comparison.three(
            "aperiodic", period == 1, self.stored.get("aperiodic"), self.built.aperiodic
        )
        comparison.three("period", period, self.stored.get("period"), self.built.period)
        reached = sum(1 for v in forward if v >= 0)
        return comparison.check(
            f"{reached:,} of {self.built.size:,} states reached from ({self.built.n}); {how}: "
            "Cypher = stored = engine"
        )

    def _levels(self, name: str, start: list[str]) -> list[int]:
        """Breadth-first levels of every state (−1: unreached), one query per level."""
        level = [-1] * self.built.size
        level[0] = 0
        frontier, depth = start, 0
        while frontier:
            depth += 1
            row = self._one(name, frontier=frontier, level=level)
            for idx in row["idxs"]:
                level[int(idx)] = depth
            frontier = row["ids"]
        return level

    def _deterministic_period(self, comparison: Comparison) -> int:
        """The period of a reducible chain: only a deterministic one (p = 1) is, and its
        closed classes are its cycles."""
        degrees = {len(row["targets"]) for row in self.rows.values()}
        if degrees != {1}:
            comparison.problem(
                f"reducible, but not one transition per state (out-degrees {sorted(degrees)})"
            )
        lengths = self._one("verify_random_bulgarian_cycles")["lengths"]
        return lcm(*(int(v) for v in lengths)) if lengths else 0


verify = RandomBulgarianChecks
"""The ``verify`` hook :class:`~gamegraph.games.base.Game` calls: the checks, run by it."""
