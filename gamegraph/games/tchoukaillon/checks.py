"""`gamegraph verify` on T_n: the stored analysis recomputed from the boards' holes and the
relationships, in Cypher, and compared with the engine.

- counts of boards and moves;
- every board: its key, stones, rightmost hole and potential from its holes; its moves as the
  rule gives them (computed in Cypher from the holes) = the stored moves = the engine's, its
  out-degree and the dead-end label (stones left, no move);
- winnable boards and the moves to win, by a breadth-first search backwards from the empty
  board (one level per query);
- Tchouk_m: the boards the explicit formula gives (in Cypher) = the :Tchouk label = the
  engine's Tchouk_m, one per number of stones 0..n; under the standard rule they are
  exactly the winnable boards (TCH-unique inside T_n);
- move vectors: counted along the winning path found in Cypher = stored = the closed form;
- strange roots: sr(m) by the Alist iteration in Cypher = stored = the engine's;
- Proposition 3.6 on the loaded boards (the `tchoukaillon_prop36` query) = the engine's
  counts over the same range;
- the summary on the :Graph record.
"""

from __future__ import annotations

from gamegraph.games.checks import Check, Comparison, GameChecks, stored_stats
from gamegraph.games.tchoukaillon import Tchoukaillon
from gamegraph.games.tchoukaillon.boards import board_key, move_vector, winnable_board
from gamegraph.games.tchoukaillon.engine import TchoukaillonAnalysis
from gamegraph.games.tchoukaillon.roots import (
    boards_per_rightmost_hole,
    roots_per_value,
    strange_roots,
)

__all__ = ["SLICE", "TchoukaillonChecks"]

SLICE = 50_000
"""Boards read per query."""


class TchoukaillonChecks(GameChecks[Tchoukaillon, TchoukaillonAnalysis]):
    """The checks of one loaded T_n, in order (:meth:`run`)."""

    def prepare(self) -> None:
        self.g = self.built.graph

    def run(self) -> list[Check]:
        self.say(f"{self.name}: counts and moves")
        checks = [self.counts()]
        self.rows = self._slices("verify_tchoukaillon_boards", self.g.size, SLICE)
        self.keys = self.g.keys()
        checks += [self.boards(), self.moves()]
        self.say(f"{self.name}: winnable boards (breadth-first search backwards)")
        checks += [self.winnable(), self.tchouk()]
        self.say(f"{self.name}: move vectors, strange roots, Proposition 3.6")
        checks += [self.move_vectors(), self.strange_roots(), self.prop36()]
        checks.append(stored_stats(self.stored, self.game.summary(self.built), self.name))
        return checks

    # ------------------------------------------------------------------ checks

    def counts(self) -> Check:
        expected = {"boards": self.g.size, "moves": self.g.arcs}
        return self._counts("verify_tchoukaillon_counts", "boards and moves", expected)

    def boards(self) -> Check:
        comparison = Comparison(self.name, "boards: keys, stones, rightmost holes, potentials")
        self._missing(comparison, self.rows, self.g.size, "boards")
        engine = {  # each property: Cypher's answer, the stored one, the engine's
            "stones": self.g.stones.tolist(),
            "rightmost_hole": self.g.lengths.tolist(),
            "potential": self.g.potential.tolist(),
        }
        for idx, row in self.rows.items():
            key = self.keys[idx]
            comparison.three(f"{key} key", row["holes_key"], row["key"], key)
            for name, values in engine.items():
                what = f"{key} {name.replace('_', ' ')}"
                comparison.three(what, row[name], row[f"stored_{name}"], values[idx])
        return comparison.check(
            f"{len(self.rows):,} boards: key, stones, rightmost hole and potential from the "
            "holes: Cypher = stored = engine"
        )

    def moves(self) -> Check:
        comparison = Comparison(self.name, "moves of every board")
        self._missing(comparison, self.rows, self.g.size, "boards")
        sown = self.g.sown.tolist()
        holes, targets = self.g.hole.tolist(), self.g.indices.tolist()
        indptr = self.g.indptr.tolist()
        dead = self.g.dead_end.tolist()
        for idx, row in self.rows.items():
            key = self.keys[idx]
            lo, hi = indptr[idx], indptr[idx + 1]
            engine = [f"{holes[e]}:{sown[e]}:{self.keys[targets[e]]}" for e in range(lo, hi)]
            stored, rule = row["moves"], row["expected"]
            if not rule == stored == engine:
                comparison.problem(
                    f"{key}: moves by the rule {rule}, stored {stored}, engine {engine}"
                )
            comparison.three(f"{key} out_degree", len(rule), row["stored_out_degree"], hi - lo)
            comparison.three(
                f"{key} dead end",
                not rule and row["stones"] > 0,
                row["stored_dead_end"],
                dead[idx],
            )
        return comparison.check(
            f"{self.g.arcs:,} moves by the {self.game.rule} rule (computed in Cypher from the "
            f"holes) = stored = engine; {sum(dead):,} dead ends"
        )

    def winnable(self) -> Check:
        comparison = Comparison(self.name, "winnable boards and moves to win")
        empty = self._one("verify_tchoukaillon_empty")
        if len(empty["ids"]) != 1:
            comparison.problem(f"{len(empty['ids'])} empty boards in T_{self.game.n}")
        level: dict[int, int] = {int(i): 0 for i in empty["idxs"]}
        frontier: list[str] = list(empty["ids"])
        seen = set(frontier)
        depth = 0
        while frontier:
            depth += 1
            found = self._one("verify_tchoukaillon_back", frontier=frontier)["found"]
            frontier = []
            for element_id, idx in found:
                if element_id not in seen:
                    seen.add(element_id)
                    frontier.append(element_id)
                    level[int(idx)] = depth
        self.winnable_idx = set(level)
        distance = self.g.distance.tolist()
        for idx, row in self.rows.items():
            engine = distance[idx] if distance[idx] >= 0 else None
            key = self.keys[idx]
            comparison.three(key, level.get(idx), row["stored_distance"], engine)
            comparison.three(
                f"{key} winnable", idx in level, row["stored_winnable"], engine is not None
            )
        return comparison.check(
            f"{len(level):,} winnable boards, up to {max(level.values(), default=0)} moves "
            "from the empty board (backwards search): Cypher = stored = engine"
        )

    def tchouk(self) -> Check:
        comparison = Comparison(self.name, "the winnable boards Tchouk_m")
        formula: set[int] = set()
        for idx, row in self.rows.items():
            key = self.keys[idx]
            stones = int(row["stones"])
            engine = key == board_key(winnable_board(stones))
            comparison.three(key, row["tchouk"], row["stored_tchouk"], engine)
            if row["tchouk"]:
                formula.add(idx)
        counts = sorted(int(self.rows[i]["stones"]) for i in formula if i in self.rows)
        n = self.game.n
        if counts != list(range(n + 1)):
            comparison.problem(f"Tchouk_m found for m = {counts}, not once for each 0..{n}")
        detail = f"{len(formula)} boards given by the explicit formula, one per m = 0..{n}"
        if not self.game.literal:
            for idx in sorted(self.winnable_idx ^ formula):
                side = "winnable" if idx in self.winnable_idx else "given by the formula"
                comparison.problem(f"{self.keys[idx]}: only {side}")
            detail += ", exactly the winnable ones"
        return comparison.check(f"{detail}: Cypher = stored = engine")

    def move_vectors(self) -> Check:
        comparison = Comparison(self.name, "move vectors of Tchouk_m")
        for idx, row in self.rows.items():  # a move vector only where the formula gives Tchouk_m
            if row["stored_has_move_vector"] and not row["tchouk"]:
                comparison.problem(f"{self.keys[idx]}: a move vector, but it is no Tchouk_m")
        rows = self._run("verify_tchoukaillon_plays")
        for row in rows:
            stones = int(self.rows.get(int(row["idx"]), {}).get("stones", -1))
            engine = list(move_vector(stones)) if stones >= 0 else None
            comparison.three(row["key"], row["move_vector"], row["stored_move_vector"], engine)
        if len(rows) != self.game.n + 1:
            comparison.problem(f"{len(rows)} :Tchouk boards with a play, not {self.game.n + 1}")
        return comparison.check(
            f"{len(rows)} winning plays followed in Cypher, holes counted: "
            "Cypher = stored = closed form"
        )

    def strange_roots(self) -> Check:
        comparison = Comparison(self.name, "strange roots sr(stones)")
        rows = self._run("verify_tchoukaillon_roots")
        engine = strange_roots(self.game.n).tolist()
        for row in rows:
            m = int(row["stones"])
            expected = [engine[m]] if 0 < m <= self.game.n else []
            found = [row["strange_root"]] if row["strange_root"] is not None else []
            if not found == sorted(row["stored"]) == expected:
                comparison.problem(
                    f"m = {m}: Alist in Cypher {found}, stored {row['stored']}, engine {expected}"
                )
        if [int(row["stones"]) for row in rows] != list(range(self.game.n + 1)):
            comparison.problem(f"boards hold {len(rows)} different numbers of stones")
        return comparison.check(
            f"sr(m) for m = 1..{self.game.n} by the Alist iteration: Cypher = stored = engine"
        )

    def prop36(self) -> Check:
        comparison = Comparison(self.name, "Proposition 3.6 on the loaded boards")
        rows = self._run("tchoukaillon_prop36")
        boards = boards_per_rightmost_hole(self.game.n).tolist()
        roots = roots_per_value(self.game.n).tolist()
        complete = 0
        for row in rows:
            k = int(row["strange_root"])
            engine_boards = boards[k - 1] if k - 1 < len(boards) else 0
            engine_numbers = roots[k] if k < len(roots) else 0
            if (row["boards"], row["numbers"]) != (engine_boards, engine_numbers):
                comparison.problem(
                    f"k = {k}: {row['boards']} boards, {row['numbers']} numbers in Neo4j, "
                    f"engine {engine_boards}, {engine_numbers}"
                )
            if row["complete"]:
                complete += 1
                if not row["equal"]:
                    comparison.problem(
                        f"k = {k}: complete but {row['boards']} boards != {row['numbers']} numbers"
                    )
        if not rows:
            comparison.problem("no winnable boards to count")
        return comparison.check(
            f"{len(rows)} values of k counted from the loaded boards = engine's; "
            f"{complete} complete, each with boards = numbers"
        )


verify = TchoukaillonChecks
"""The ``verify`` hook :class:`~gamegraph.games.base.Game` calls: the checks, run by it."""
