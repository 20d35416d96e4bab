"""`gamegraph verify` on CRIM: the stored analysis recomputed from the relationships, in Cypher.

- structure: the positions, their sizes and graph, the moves (all between CRIM positions);
- one round per size s = 0..n (``verify_crim_round``): the positions of size s are exactly
  the engine's, their parts spell their key (the engine's partition), their moves lead to
  exactly the distinct row and column deletions of the parts (computed in Cypher) and to
  the engine's options; the rank from the parts; the Sprague-Grundy value as the mex over
  the options and the outcome by the retrograde rule (P exactly when no option is P), each
  from the values the earlier rounds recomputed (passed back in), never from the stored
  ones;
- every figure of the summary, counted from the recomputed values, and the :Graph record's.

Each comparison is three-way: Cypher's answer = the stored value = the engine's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from gamegraph.games.checks import (
    Check,
    Comparison,
    GameChecks,
    storable,
    stored_stats,
)
from gamegraph.games.crim import Crim
from gamegraph.games.crim.engine import CrimGraph

__all__ = ["SLICE", "CrimChecks"]

SLICE = 40_000
"""Positions per round query: a round of n = 50 (204,226 positions) in one query needs more
than the 1 GiB a Neo4j transaction may use by default."""


class CrimChecks(GameChecks[Crim, CrimGraph]):
    """The checks of one loaded CRIM graph, run in order by :meth:`run`."""

    def prepare(self) -> None:
        engine = self.built
        self.keys = engine.keys()
        self.notations = engine.notations()
        parts, starts = engine.flat_parts()
        self.num_parts: list[int] = np.diff(starts).tolist()
        first = np.minimum(starts[:-1], max(parts.shape[0] - 1, 0))
        self.largest: list[int] = np.where(np.diff(starts) > 0, parts[first], 0).tolist()
        # what the rounds recompute, by idx (-1 / False / None until a round has seen it)
        self.grundy: list[int] = [-1] * engine.size
        self.p_position: list[bool] = [False] * engine.size
        self.rank: list[int | None] = [None] * engine.size
        self.arcs = 0  #: moves read by the rounds

    def run(self) -> list[Check]:
        self.say(f"{self.name}: positions and moves")
        checks = [self.counts()]
        checks += self.rounds()
        checks.append(self.summary())
        checks.append(stored_stats(self.stored, self.game.summary(self.built), self.name))
        return checks

    # ------------------------------------------------------------------ structure

    def counts(self) -> Check:
        g = self.built
        comparison = Comparison(self.name, "positions and moves")
        rows = self.reader("verify_crim_counts", {"n": g.n})
        if len(rows) != 1 or not rows[0]["positions"]:
            comparison.problem("no CRIM positions in Neo4j")
            return comparison.check("no positions found")
        row = rows[0]
        if row["positions"] != g.size:
            comparison.problem(f"{row['positions']:,} positions in Neo4j, engine {g.size:,}")
        if row["out_of_range"]:
            comparison.problem(f"{row['out_of_range']} positions of size beyond 0..{g.n}")
        if row["graphs"] != [self.game.id]:
            comparison.problem(f"positions of graphs {row['graphs']}, not only {self.game.id}")
        if not row["moves"] == row["moves_from_crim"] == row["moves_to_crim"] == g.arcs:
            comparison.problem(
                f"{row['moves']:,} moves in Neo4j, {row['moves_from_crim']:,} from and "
                f"{row['moves_to_crim']:,} to CRIM positions, engine {g.arcs:,}"
            )
        return comparison.check(
            f"{row['positions']:,} positions of size 0..{g.n}, {row['moves']:,} moves, all "
            "between CRIM positions"
        )

    # ------------------------------------------------------------------ the rounds

    def rounds(self) -> list[Check]:
        g = self.built
        positions = Comparison(self.name, "positions of every size")
        moves = Comparison(self.name, "moves of every position")
        rank = Comparison(self.name, "rank λ_1 − ℓ(λ)")
        grundy = Comparison(self.name, "Sprague-Grundy values (mex over the options)")
        outcome = Comparison(self.name, "P- and N-positions (retrograde rule)")
        offsets = g.offsets.tolist()
        for size in range(g.n + 1):
            lo, hi = offsets[size], offsets[size + 1]
            self.say(f"{self.name}: size {size}, {hi - lo:,} positions")
            grundy_below, p_below = self.grundy[:lo], self.p_position[:lo]
            rows = [
                row
                for start in range(lo, hi, SLICE)
                for row in self.reader(
                    "verify_crim_round",
                    {
                        "size": size,
                        "lo": start,
                        "hi": min(hi, start + SLICE),
                        "grundy": grundy_below,
                        "p_position": p_below,
                    },
                )
            ]
            found = [int(row["idx"]) for row in rows]
            if found != list(range(lo, hi)):
                missing = sorted(set(range(lo, hi)) - set(found))
                extra = sorted(set(found) - set(range(lo, hi)))
                positions.problem(
                    f"size {size}: {len(found):,} positions in Neo4j, engine {hi - lo:,} "
                    f"(missing idx {missing[:5]}, unexpected idx {extra[:5]})"
                )
            for row in rows:
                idx = int(row["idx"])
                if not lo <= idx < hi:
                    continue
                self._position(row, idx, positions)
                self._moves(row, idx, moves)
                key = row["key"]
                self.rank[idx] = row["rank"]
                rank.three(key, row["rank"], row["stored_rank"], int(g.rank[idx]))
                self.grundy[idx] = -1 if row["grundy"] is None else int(row["grundy"])
                grundy.three(key, row["grundy"], row["stored_grundy"], int(g.grundy[idx]))
                self.p_position[idx] = bool(row["p_position"])
                outcome.three(
                    key, row["p_position"], row["stored_p_position"], bool(g.p_position[idx])
                )
        p_count = int(np.count_nonzero(g.p_position))
        return [
            positions.check(f"{g.size:,} positions, size by size: parts, key, notation = engine's"),
            moves.check(
                f"{g.arcs:,} moves, each position's the distinct row and column deletions of "
                "its parts (computed in Cypher) = engine's"
            ),
            rank.check(f"{g.size:,} ranks from the parts: Cypher = stored = engine"),
            grundy.check(
                f"values 0..{int(g.grundy.max())}, recomputed size by size: "
                "Cypher = stored = engine"
            ),
            outcome.check(
                f"{p_count:,} P-positions, recomputed size by size: Cypher = stored = engine"
            ),
        ]

    def _position(self, row: Mapping[str, Any], idx: int, comparison: Comparison) -> None:
        key = row["key"]
        if key != self.keys[idx]:
            comparison.problem(f"idx {idx}: key {key!r}, engine {self.keys[idx]!r}")
        if row["spelled"] != key:
            comparison.problem(f"{key}: its parts spell {row['spelled']!r}")
        if row["stored_notation"] != self.notations[idx]:
            comparison.problem(
                f"{key}: notation {row['stored_notation']!r}, engine {self.notations[idx]!r}"
            )
        stored = (row["stored_num_parts"], row["stored_largest"])
        if stored != (self.num_parts[idx], self.largest[idx]):
            comparison.problem(
                f"{key}: num_parts, largest stored as {stored}, engine "
                f"{(self.num_parts[idx], self.largest[idx])}"
            )

    def _moves(self, row: Mapping[str, Any], idx: int, comparison: Comparison) -> None:
        key = row["key"]
        engine = self.built.indices[self.built.indptr[idx] : self.built.indptr[idx + 1]].tolist()
        self.arcs += len(row["options"])
        if sorted(row["options"]) != engine:
            comparison.problem(f"{key}: moves to {sorted(row['options'])}, engine {engine}")
        if row["out_degree"] != len(row["options"]):
            comparison.problem(
                f"{key}: {row['out_degree']} moves leave it, to "
                f"{len(row['options'])} distinct CRIM positions"
            )
        if not row["moves_are_deletions"]:
            comparison.problem(f"{key}: its moves are not the distinct row and column deletions")

    # ------------------------------------------------------------------ the summary

    def summary(self) -> Check:
        """Every summary figure, counted from what the rounds recomputed."""
        g = self.built
        comparison = Comparison(self.name, "summary recomputed")
        engine = self.game.summary(g)
        lo = int(g.offsets[g.n])
        top = Counter(self.grundy[lo:])
        found = {
            "n": g.n,
            "positions": sum(1 for value in self.grundy if value >= 0),
            "p_positions": top.get(0, 0),
            "grundy": dict(sorted((v, c) for v, c in top.items() if v >= 0)),
            "max_grundy": max(top, default=-1),
            "arcs": self.arcs,
            "p_positions_all_sizes": sum(1 for p in self.p_position if p),
            "odd_rank_p_positions": sum(
                1
                for p, r in zip(self.p_position, self.rank, strict=True)
                if p and r is not None and r % 2 != 0
            ),
        }
        for key, value in found.items():
            comparison.three(key, storable(value), self.stored.get(key), storable(engine.get(key)))
        return comparison.check(
            f"{len(found)} figures counted from the recomputed values: Cypher = stored = engine"
        )


verify = CrimChecks
"""The ``verify`` hook :class:`~gamegraph.games.base.Game` calls: the checks, run by it."""
