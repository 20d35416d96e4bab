"""`gamegraph verify` on G_n and H_n: the stored analysis recomputed from the relationships.

- structure: counts; each α-position's α-moves and each Ω-position's Ω-move against the
  engine, the Ω-move against Ω(λ) computed in Cypher; TURN = the two-move paths of G_n
  (the TURN arcs, α-moves and Ω-moves each read by Cypher from the relationships, composed
  here: one pass over the relationships instead of a second one that walks each Ω-position's
  relationships once per α-move into it);
- recurrent states: the positions on a cycle of TURN arcs (a strongly connected component
  of two or more, or a TURN to itself), with the core's components and their arcs;
- immediate losses (no α-move) and losing positions by the retrograde analysis, iterated
  to a fixpoint (immediate losses lose; a position all of whose turns lead to losing
  positions loses);
- turns to the core by breadth-first levels backwards from the recomputed core;
- 2-cycles and 4-cycles (the shipped path-pattern queries), the :Graph summary, and Q's
  4-cycle nodes for this n when Q is loaded.

Cypher does what needs the database: it reads each position's stored answers with what its
relationships say of it (``verify.cypher``), and the relationships themselves once, as
columns of position indices in slices of :data:`SLICE` (one record of flat lists per query,
not one record per position). The iterated computations run here on those arcs
(:class:`~.read_graph.ReadGraph`: numpy and scipy, not the engine's kernels), in one pass
each instead of one query per round, so verify costs about what the engine costs. "Cypher"
in a check's answer is this recomputation from what Neo4j holds, next to "stored" (the
labels and properties the loader wrote) and "engine".
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np

from gamegraph.games.checks import MAX_PROBLEMS, Check, Comparison, GameChecks, stored_stats
from gamegraph.games.floridian import Floridian
from gamegraph.games.floridian.engine import FloridianGraph
from gamegraph.games.floridian.read_graph import ReadGraph, differing_sources, two_move_paths
from gamegraph.games.partitions import canonical_key

__all__ = ["FloridianChecks"]

_ABSENT = -2
"""What the column queries read for a missing property (never a real value)."""
SLICE = 50_000
"""Position indices whose arcs verify_floridian_arcs reads per query."""


class FloridianChecks(GameChecks[Floridian, FloridianGraph]):
    """The checks of one loaded G_n, run in order by :meth:`run` (later checks reuse what
    earlier ones recomputed: the core, the immediate losses, the losing positions)."""

    def prepare(self) -> None:
        self.name = f"G_{self.built.n}"
        self.engine_summary = self.game.summary(self.built)
        self.n = self.built.n
        self.full = not self.built.restricted

    def run(self) -> list[Check]:
        self.say(f"{self.name}: structure")
        checks = [self.counts()]
        self.rows = {int(row["idx"]): row for row in self._rows("verify_floridian_positions")}
        self.arcs = {k: np.asarray(v, dtype=np.int64) for k, v in self._arcs().items()}
        self.relations = ReadGraph(self.built.positions.size, list(self.rows), self.arcs)
        checks += [self.alpha_moves(), self.omega_moves(), self.turns(), self.in_omega_t()]
        self.say(f"{self.name}: recurrent states (components of the TURN arcs read)")
        checks.append(self.recurrent())
        self.say(f"{self.name}: strongly connected components of the core")
        checks.append(self.core_components())
        if self.full:
            self.say(f"{self.name}: immediate losses and the retrograde analysis")
            checks += [self.immediate_losses(), self.losing()]
            self.say(f"{self.name}: turns to the core (breadth-first levels)")
            checks.append(self.turns_to_core())
        self.say(f"{self.name}: 2-cycles and 4-cycles")
        checks += [self.two_cycles(), self.four_cycles()]
        checks += self.lifting_cycles()
        checks.append(stored_stats(self.stored, self.engine_summary, self.name))
        return checks

    def _arcs(self) -> dict[str, list[Any]]:
        """verify_floridian_arcs, :data:`SLICE` source indices at a time (G_70 has ten
        million arcs: one record of them all would fill Neo4j's heap), the columns joined;
        the first and last slices are open, so a source of any idx is read."""
        size = self.built.positions.size
        bounds = list(range(0, size, SLICE))[1:]
        columns: dict[str, list[Any]] = defaultdict(list)
        for lo, hi in zip([None, *bounds], [*bounds, None], strict=True):
            for name, values in self._one("verify_floridian_arcs", lo=lo, hi=hi).items():
                columns[name] += values
        return columns

    def _rows(self, name: str, **params: Any) -> list[dict[str, Any]]:
        """The rows of a query that answers in one record of columns (a list per answer,
        aligned by position), as one dict per position; a stored property read as
        :data:`_ABSENT` becomes None, as it would read in a record of its own."""
        columns = self._one(name, **params)
        for key, values in columns.items():
            if key.startswith("stored_"):
                columns[key] = [None if type(v) is int and v == _ABSENT else v for v in values]
        keys = list(columns)
        rows = zip(*columns.values(), strict=True)
        return [dict(zip(keys, values, strict=True)) for values in rows]

    # structure ------------------------------------------------------------------

    def counts(self) -> Check:
        g = self.built
        row = self._one("verify_floridian_counts")
        omega_rows = np.flatnonzero(g.in_t)
        expected = {
            "alpha": int(g.sources.shape[0]),
            "omega": int(omega_rows.shape[0]),
            "alpha_moves": int(g.alpha_dst.shape[0]),
            "omega_moves": int(np.count_nonzero(g.row_of[g.omega_of[omega_rows]] >= 0)),
            "turns": int(g.h_dst.shape[0]),
        }
        comparison = Comparison(self.name, "nodes and relationships")
        for key, value in expected.items():
            if int(row[key]) != value:
                comparison.problem(f"{key}: Neo4j holds {row[key]}, the engine has {value}")
        return comparison.check(", ".join(f"{v:,} {k.replace('_', ' ')}" for k, v in row.items()))

    def _moves(self, kind: str, keys: Sequence[int]) -> dict[int, list[int]]:
        """The ends of the arcs read of ``kind`` ("alpha", "omega", "turn") from each of
        ``keys`` (an empty list for a key no arc leaves)."""
        source = self.arcs[f"{kind}_from"]
        order = np.argsort(source, kind="stable")
        source, target = source[order], self.arcs[f"{kind}_to"][order]
        wanted = np.asarray(keys, dtype=np.int64)
        starts = np.searchsorted(source, wanted, side="left").tolist()
        ends = np.searchsorted(source, wanted, side="right").tolist()
        return {key: target[lo:hi].tolist() for key, lo, hi in zip(keys, starts, ends, strict=True)}

    def alpha_moves(self) -> Check:
        """Each α-position's α-moves as read = the engine's (compared as multisets of
        (source, target) at once; the positions that differ are listed one by one)."""
        comparison = Comparison(self.name, "α-moves of every α-position")
        expected_positions = set(self.built.sources.tolist())
        if set(self.rows) != expected_positions:
            missing = sorted(expected_positions - set(self.rows))[:MAX_PROBLEMS]
            extra = sorted(set(self.rows) - expected_positions)[:MAX_PROBLEMS]
            comparison.problem(f"α-positions missing {missing}, unexpected {extra}")
        source = self.arcs["alpha_from"]
        differ = differing_sources(source, self.arcs["alpha_to"], *self.built.alpha_arcs())
        moves = self._moves("alpha", sorted(differ & set(self.rows)))
        keys, counts = np.unique(source, return_counts=True)
        read = dict(zip(keys.tolist(), counts.tolist(), strict=True))
        built = np.diff(self.built.alpha_ptr).tolist()
        row_of = self.built.row_of.tolist()
        for idx, row in self.rows.items():
            if idx not in expected_positions:
                continue
            if idx in differ:
                engine = sorted(self.built.alpha_targets(idx).tolist())
                comparison.problem(
                    f"{row['key']}: α-moves to {sorted(moves[idx])} in Neo4j, engine {engine}"
                )
            comparison.three(
                f"{row['key']} out_degree",
                read.get(idx, 0),
                row["stored_out_degree"],
                built[row_of[idx]],
            )
        arcs = sum(read.get(idx, 0) for idx in self.rows)
        return comparison.check(f"{arcs:,} α-moves of {len(self.rows):,} positions = engine's")

    def omega_moves(self) -> Check:
        comparison = Comparison(self.name, "Ω-move of every Ω-position")
        rows = self._rows("verify_omega_moves")
        #: Ω idx -> the ends of its Ω-moves, as Cypher read them
        self.omega_targets = self._moves("omega", [row["idx"] for row in rows])
        omega, read = set(np.flatnonzero(self.built.in_t).tolist()), {r["idx"] for r in rows}
        if read != omega:
            gone = sorted(omega - read)[:MAX_PROBLEMS]
            missing = [canonical_key(self.built.positions.position(i)) for i in gone]
            extra = sorted(read - omega)[:MAX_PROBLEMS]
            comparison.problem(f"Ω-positions missing {missing}, unexpected idx {extra}")
        reached = np.zeros(self.built.positions.size, dtype=bool)
        reached[self.built.alpha_dst] = True
        for row in rows:
            idx, key = int(row["idx"]), row["key"]
            row["omega_moves"] = self.omega_targets[row["idx"]]
            target = int(self.built.omega_of[idx])
            expected = [target] if self.built.row_of[target] >= 0 else []
            if row["omega_moves"] != expected:
                comparison.problem(f"{key}: Ω-move to {row['omega_moves']}, engine {expected}")
            if not row["moves_to_omega"]:
                comparison.problem(f"{key}: its Ω-move does not lead to Ω({key})")
            comparison.three(
                f"{key} reachable", row["reachable"], row["stored_reachable"], bool(reached[idx])
            )
        return comparison.check(
            f"{len(rows):,} Ω-positions, each moving to Ω(λ) (computed in Cypher) = engine's"
        )

    def turns(self) -> Check:
        """Each α-position's TURN ends (with repeats) = the distinct ends of its two-move
        paths α-move, Ω-move, both as verify_floridian_arcs read them (module docstring)."""
        comparison = Comparison(self.name, "TURN = α-move then Ω-move")
        arcs = self.arcs
        paths = two_move_paths(
            arcs["alpha_from"], arcs["alpha_to"], arcs["omega_from"], arcs["omega_to"]
        )
        differ = differing_sources(arcs["turn_from"], arcs["turn_to"], *paths) & set(self.rows)
        alpha, turns = self._moves("alpha", sorted(differ)), self._moves("turn", sorted(differ))
        targets = self.omega_targets
        for idx, row in self.rows.items():
            if idx not in differ:
                continue
            moves = {b for x in alpha[idx] for b in targets.get(x, ())}
            comparison.problem(
                f"{row['key']}: two-move paths to {sorted(moves)}, TURN to {sorted(turns[idx])}"
            )
        return comparison.check("every TURN arc is a two-move path of G_n and vice versa")

    def in_omega_t(self) -> Check:
        in_omega_t = np.zeros(self.built.positions.size, dtype=bool)
        in_omega_t[self.built.omega_t] = True
        entered = {idx for idx, row in self.rows.items() if row["entered"]}
        comparison = self._flag_comparison(
            "α-positions in Ω(T(n))", entered, "stored_in_omega_t", in_omega_t
        )
        return comparison.check(f"{len(entered):,} entered by an Ω-move: Cypher = stored = engine")

    # recurrence and the core ----------------------------------------------------

    def recurrent(self) -> Check:
        """The positions on a cycle of the TURN arcs read (:attr:`.ReadGraph.recurrent`, from
        Neo4j's relationships, not its labels) = the stored labels = the engine's."""
        relations = self.relations
        self.components = relations.core_components()
        self.core_idx: set[int] = set(np.flatnonzero(relations.recurrent).tolist())
        comparison = self._flag_comparison(
            "recurrent states", self.core_idx, "stored_recurrent", self.built.recurrent
        )
        return comparison.check(
            f"{len(self.core_idx):,} on a cycle (the strongly connected components of the "
            f"{relations.turn_from.size:,} TURN arcs read): Cypher = stored = engine"
        )

    def _flag_comparison(
        self, name: str, found: set[int], stored: str, engine: np.ndarray
    ) -> Comparison:
        comparison = Comparison(self.name, name)
        for idx, row in self.rows.items():
            comparison.three(row["key"], idx in found, row[stored], bool(engine[idx]))
        return comparison

    def core_components(self) -> Check:
        """The components :meth:`recurrent` found, with the TURN arcs inside each (with
        repeats, as stored), against the engine's and the stored core_scc groups."""
        comparison = Comparison(self.name, "strongly connected components of the core")
        found = self.components
        engine = [(frozenset(c.nodes.tolist()), c.arcs) for c in self.built.core_components]
        stored: dict[int, set[int]] = defaultdict(set)
        for idx, row in self.rows.items():
            if row["stored_core_scc"] is not None:
                stored[int(row["stored_core_scc"])].add(idx)
        stored_list = [frozenset(stored[i]) for i in sorted(stored)]
        if [c for c, _ in found] != [c for c, _ in engine]:
            comparison.problem(
                f"components (sizes) Cypher {[len(c) for c, _ in found]}, "
                f"engine {[len(c) for c, _ in engine]}"
            )
        if stored_list != [c for c, _ in engine]:
            comparison.problem(
                f"core_scc groups (sizes) stored {[len(c) for c in stored_list]}, "
                f"engine {[len(c) for c, _ in engine]}"
            )
        for i, ((nodes, arcs), (e_nodes, e_arcs)) in enumerate(zip(found, engine, strict=False)):
            if nodes == e_nodes and arcs != e_arcs:
                comparison.problem(f"component {i}: {arcs} arcs in Cypher, engine {e_arcs}")
        total = self.relations.core_arcs()
        if total != int(self.built.core_arc_mask.sum()):
            comparison.problem(
                f"core arcs: {total} in Cypher, engine {self.built.core_arc_mask.sum()}"
            )
        sizes = ", ".join(f"{len(c)} nodes/{a} arcs" for c, a in found) or "empty core"
        return comparison.check(f"{sizes}; {total} core arcs: Cypher = stored = engine")

    # win and loss -----------------------------------------------------------------

    def immediate_losses(self) -> Check:
        """The α-positions no α-move leaves, twice: as verify_floridian_positions found them
        (in Cypher) and as the α-moves read say."""
        found = {i for i, row in self.rows.items() if row["immediate_loss"]}
        read = set(np.flatnonzero(self.relations.immediate_loss).tolist())
        comparison = self._flag_comparison(
            "immediate losses", found, "stored_immediate_loss", self.built.immediate_loss
        )
        for idx in sorted(found ^ read):
            comparison.problem(
                f"{self.rows[idx]['key']}: no α-move in Cypher {idx in found}, "
                f"in the α-moves read {idx in read}"
            )
        return comparison.check(f"{len(found)} without an α-move: Cypher = stored = engine")

    def losing(self) -> Check:
        """The retrograde analysis over the two-move paths (α-move then Ω-move) as read."""
        losing, rounds = self.relations.losing()
        self.losing_idx = set(np.flatnonzero(losing).tolist())
        comparison = self._flag_comparison(
            "losing positions", self.losing_idx, "stored_losing", self.built.losing
        )
        return comparison.check(
            f"{len(self.losing_idx)} losing (fixpoint after {rounds} retrograde rounds): "
            "Cypher = stored = engine"
        )

    def turns_to_core(self) -> Check:
        """Breadth-first levels backwards from the recomputed core over the TURN arcs read."""
        found = self.relations.levels(self.relations.recurrent)
        comparison = Comparison(self.name, "turns to the core")
        engine = self.built.turns_to_core
        for idx, row in self.rows.items():
            level, expected = int(found[idx]), int(engine[idx])
            comparison.three(
                row["key"],
                None if level < 0 else level,
                row["stored_turns_to_core"],
                None if expected < 0 else expected,
            )
            if (level < 0) != (idx in self.losing_idx):
                comparison.problem(
                    f"{row['key']}: never reaches the core but is not losing"
                    if level < 0
                    else f"{row['key']}: reaches the core but is losing"
                )
        reached = found[found >= 0]
        deepest = int(reached.max()) if reached.size else 0
        return comparison.check(
            f"{reached.size:,} positions reach the core in up to {deepest} turns, the "
            "others are exactly the losing ones: Cypher = stored = engine"
        )

    # cycles ---------------------------------------------------------------------------

    def two_cycles(self) -> Check:
        comparison = Comparison(self.name, "2-cycles of G_n")
        found = {(r["alpha"], r["omega"]) for r in self._run("floridian_two_cycles")}
        engine = {(canonical_key(a), canonical_key(x)) for a, x in self.built.two_cycles()}
        comparison.sets("2-cycle", found, engine)
        return comparison.check(f"{len(found)} (path pattern) = engine's")

    def four_cycles(self) -> Check:
        comparison = Comparison(self.name, "4-cycles of G_n")
        self.cycle_keys = {
            f"{self.n}:{r['alpha1']}>{r['omega1']}>{r['alpha2']}>{r['omega2']}"
            for r in self._run("floridian_four_cycles")
        }
        engine = {cycle.key for cycle in self.built.four_cycles()}
        comparison.sets("4-cycle", self.cycle_keys, engine)
        return comparison.check(f"{len(self.cycle_keys)} (path pattern, each once) = engine's")

    def lifting_cycles(self) -> list[Check]:
        """Q's 4-cycle nodes of this n (for each complete Q covering it) = the 4-cycles."""
        checks = []
        for row in self._run("verify_four_cycles_in_q"):
            comparison = Comparison(f"Q {row['rule']}", f"4-cycles of G_{self.n} in Q")
            in_q = set(row["keys"])
            comparison.sets("4-cycle", in_q, self.cycle_keys, where="Q")
            checks.append(comparison.check(f"{len(in_q)} node(s) = the 4-cycles of G_{self.n}"))
        return checks


verify = FloridianChecks
"""The ``verify`` hook :class:`~gamegraph.games.base.Game` calls: the checks, run by it."""
