"""`gamegraph verify` on G_n and H_n: the stored analysis recomputed from the relationships.

- structure: counts; each α-position's α-moves and each Ω-position's Ω-move against the
  engine, the Ω-move against Ω(λ) computed in Cypher; TURN = the two-move paths of G_n
  (the TURN arcs, α-moves and Ω-moves each read by Cypher from the relationships, composed
  here: one pass over the relationships instead of a second one that walks each Ω-position's
  relationships once per α-move into it);
- recurrent states: H_n trimmed round by round (a position stays while it has a turn to and
  a turn from a remaining position; a round asks again only the positions whose witness
  the previous round removed), then, from a survivor, the positions on a cycle through it
  (two breadth-first searches), until every survivor is placed;
- immediate losses (no α-move) and losing positions by the retrograde analysis, iterated
  to a fixpoint (immediate losses lose; a position all of whose turns lead to losing
  positions loses);
- the strongly connected components of the core: those same searches (for a recomputed
  recurrent seed, the positions it reaches that reach it back), with their arcs;
- turns to the core by breadth-first levels backwards from the recomputed core;
- 2-cycles and 4-cycles (the shipped path-pattern queries), the :Graph summary, and Q's
  4-cycle nodes for this n when Q is loaded.

Each round is one Cypher query of ``verify.cypher``; Python only repeats rounds, composes
the moves it read and compares. Positions and arcs come back as columns (one record of flat
lists per query, not one record per position).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.errors import DatabaseError
from gamegraph.games.checks import MAX_PROBLEMS, Check, Comparison, Reader, stored_stats
from gamegraph.games.floridian.engine import FloridianGraph
from gamegraph.games.partitions import canonical_key

if TYPE_CHECKING:
    from gamegraph.games.floridian import Floridian

__all__ = ["FloridianChecks"]

_ABSENT = -2
"""What the column queries read for a missing property (never a real value)."""
SLICE = 50_000
"""Position indices whose arcs verify_floridian_arcs reads per query."""


class FloridianChecks:
    """The checks of one loaded G_n, run in order by :meth:`run` (later checks reuse what
    earlier ones recomputed: the core, the immediate losses, the losing positions)."""

    def __init__(
        self,
        engine: FloridianGraph,
        reader: Reader,
        stored: Mapping[str, Any],
        engine_summary: Mapping[str, Any],
        say: Callable[[str], None],
    ) -> None:
        self.reader = reader
        self.g = engine
        self.stored = stored
        self.engine_summary = engine_summary
        self.say = say
        self.n = engine.n
        self.name = f"G_{engine.n}"
        self.full = not engine.restricted

    def run(self) -> list[Check]:
        self.say(f"{self.name}: structure")
        checks = [self.counts()]
        self.rows = {int(row["idx"]): row for row in self._rows("verify_floridian_positions")}
        arcs = self._arcs()
        self.omega_arcs = (arcs["omega_from"], arcs["omega_to"])
        alpha = _grouped(arcs["alpha_from"], arcs["alpha_to"], list(self.rows))
        turns = _grouped(arcs["turn_from"], arcs["turn_to"], list(self.rows))
        for idx, row in self.rows.items():
            row["alpha_moves"], row["turns"] = alpha[idx], turns[idx]
        checks += [self.alpha_moves(), self.omega_moves(), self.turns(), self.in_omega_t()]
        self.say(f"{self.name}: recurrent states (trimming, then cycles)")
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

    def _run(self, name: str, **params: Any) -> list[dict[str, Any]]:
        return self.reader(name, {"n": self.n, **params})

    def _arcs(self) -> dict[str, list[Any]]:
        """verify_floridian_arcs, :data:`SLICE` source indices at a time (G_70 has ten
        million arcs: one record of them all would fill Neo4j's heap), the columns joined;
        the first and last slices are open, so a source of any idx is read."""
        size = self.g.positions.size
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
        return [
            {
                key: None if key.startswith("stored_") and type(v) is int and v == _ABSENT else v
                for key, v in zip(columns, values, strict=True)
            }
            for values in zip(*columns.values(), strict=True)
        ]

    def _one(self, name: str, **params: Any) -> dict[str, Any]:
        """The one row of an aggregating query (Neo4j always answers one)."""
        rows = self._run(name, **params)
        if len(rows) != 1:
            raise DatabaseError(f"{name} on G_{self.n} returned {len(rows)} rows, not one")
        return rows[0]

    # structure ------------------------------------------------------------------

    def counts(self) -> Check:
        g = self.g
        row = self._one("verify_floridian_counts")
        built = set(g.sources.tolist())
        omega_rows = np.flatnonzero(g.in_t)
        expected = {
            "alpha": int(g.sources.shape[0]),
            "omega": int(omega_rows.shape[0]),
            "alpha_moves": int(g.alpha_dst.shape[0]),
            "omega_moves": sum(1 for t in g.omega_of[omega_rows].tolist() if t in built),
            "turns": int(g.h_dst.shape[0]),
        }
        comparison = Comparison(self.name, "nodes and relationships")
        for key, value in expected.items():
            if int(row[key]) != value:
                comparison.problem(f"{key}: Neo4j holds {row[key]}, the engine has {value}")
        return comparison.check(", ".join(f"{v:,} {k.replace('_', ' ')}" for k, v in row.items()))

    def alpha_moves(self) -> Check:
        comparison = Comparison(self.name, "α-moves of every α-position")
        expected_positions = set(self.g.sources.tolist())
        if set(self.rows) != expected_positions:
            missing = sorted(expected_positions - set(self.rows))[:MAX_PROBLEMS]
            extra = sorted(set(self.rows) - expected_positions)[:MAX_PROBLEMS]
            comparison.problem(f"α-positions missing {missing}, unexpected {extra}")
        for idx, row in self.rows.items():
            if idx not in expected_positions:
                continue
            engine = sorted(self.g.alpha_targets(idx).tolist())
            if sorted(row["alpha_moves"]) != engine:
                comparison.problem(
                    f"{row['key']}: α-moves to {sorted(row['alpha_moves'])} in Neo4j, "
                    f"engine {engine}"
                )
            comparison.three(
                f"{row['key']} out_degree",
                len(row["alpha_moves"]),
                row["stored_out_degree"],
                len(engine),
            )
        arcs = sum(len(row["alpha_moves"]) for row in self.rows.values())
        return comparison.check(f"{arcs:,} α-moves of {len(self.rows):,} positions = engine's")

    def omega_moves(self) -> Check:
        comparison = Comparison(self.name, "Ω-move of every Ω-position")
        rows = self._rows("verify_omega_moves")
        #: Ω idx -> the ends of its Ω-moves, as Cypher read them
        self.omega_targets = _grouped(*self.omega_arcs, [row["idx"] for row in rows])
        built = set(self.g.sources.tolist())
        reached = np.zeros(self.g.positions.size, dtype=bool)
        reached[self.g.alpha_dst] = True
        for row in rows:
            idx, key = int(row["idx"]), row["key"]
            row["omega_moves"] = self.omega_targets[row["idx"]]
            target = int(self.g.omega_of[idx])
            expected = [target] if target in built else []
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
        paths α-move, Ω-move, sorted: the arcs verify_floridian_arcs read from the
        relationships, composed here (the same comparison the query of one row per
        position made in Cypher)."""
        comparison = Comparison(self.name, "TURN = α-move then Ω-move")
        targets = self.omega_targets
        for row in self.rows.values():
            moves = {b for x in row["alpha_moves"] for b in targets.get(x, ())}
            if moves != set(row["turns"]) or len(moves) != len(row["turns"]):
                comparison.problem(
                    f"{row['key']}: two-move paths to {sorted(moves, key=str)}, "
                    f"TURN to {sorted(row['turns'], key=str)}"
                )
        return comparison.check("every TURN arc is a two-move path of G_n and vice versa")

    def in_omega_t(self) -> Check:
        comparison = Comparison(self.name, "α-positions in Ω(T(n))")
        in_omega_t = np.zeros(self.g.positions.size, dtype=bool)
        in_omega_t[self.g.omega_t] = True
        for idx, row in self.rows.items():
            comparison.three(
                row["key"], row["entered"], row["stored_in_omega_t"], bool(in_omega_t[idx])
            )
        count = sum(1 for row in self.rows.values() if row["entered"])
        return comparison.check(f"{count:,} entered by an Ω-move: Cypher = stored = engine")

    # recurrence and the core ----------------------------------------------------

    def recurrent(self) -> Check:
        """Trim H_n round by round (each round asks again only the positions whose witness
        the previous round removed, see verify_trim_round), then split what is left into
        the positions on a cycle through a survivor (its strongly connected component, by
        two breadth-first searches) and the others."""
        keep: set[str] = set(self._one("verify_all_alpha")["ids"])
        check = list(keep)
        relying: dict[str, list[str]] = defaultdict(list)  #: witness -> positions it vouches for
        rounds = 0
        while check:
            rounds += 1
            row = self._one("verify_trim_round", keep=list(keep), check=check)
            dropped = set()
            for position, out, into in zip(row["ids"], row["out"], row["into"], strict=True):
                if out and into:
                    relying[out].append(position)
                    relying[into].append(position)
                else:
                    dropped.add(position)
            keep -= dropped
            check = list({p for d in dropped for p in relying.pop(d, ()) if p in keep})
        self.components: list[tuple[list[str], list[int]]] = []  #: ids, idxs of each
        self.seed_problems: list[str] = []
        unassigned = dict.fromkeys(sorted(keep))
        while unassigned:
            seed = next(iter(unassigned))
            row = self._one("verify_core_scc", seed=seed)
            for element_id in row["ids"]:
                unassigned.pop(element_id, None)
            if row["ids"]:
                self.components.append((row["ids"], [int(i) for i in row["idxs"]]))
                if seed in unassigned:  # a seed on a cycle lies in its own component
                    self.seed_problems.append(f"seed {seed} missing from its own component")
            unassigned.pop(seed, None)
        self.core_ids: list[str] = [i for ids, _ in self.components for i in ids]
        self.core_idx: set[int] = {i for _, idxs in self.components for i in idxs}
        comparison = self._flag_comparison(
            "recurrent states", self.core_idx, "stored_recurrent", self.g.recurrent
        )
        return comparison.check(
            f"{len(self.core_idx):,} on a cycle (trimmed in {rounds} rounds to {len(keep):,}, "
            "then each one's cycles by two breadth-first searches): Cypher = stored = engine"
        )

    def _flag_comparison(
        self, name: str, found: set[int], stored: str, engine: np.ndarray
    ) -> Comparison:
        comparison = Comparison(self.name, name)
        for idx, row in self.rows.items():
            comparison.three(row["key"], idx in found, row[stored], bool(engine[idx]))
        return comparison

    def core_components(self) -> Check:
        """The components :meth:`recurrent` found (each the positions on a cycle through a
        seed, by two breadth-first searches), with their arcs, against the engine's and
        the stored core_scc groups."""
        comparison = Comparison(self.name, "strongly connected components of the core")
        for problem in self.seed_problems:
            comparison.problem(problem)
        found: list[tuple[frozenset[int], int]] = []
        for ids, idxs in self.components:
            arcs = self._one("verify_arcs_within", ids=ids)["arcs"]
            found.append((frozenset(idxs), int(arcs)))
        found.sort(key=lambda c: (-len(c[0]), min(c[0])))
        engine = [(frozenset(c.nodes.tolist()), c.arcs) for c in self.g.core_components]
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
        total = self._one("verify_arcs_within", ids=self.core_ids)["arcs"]
        if int(total) != int(self.g.core_arc_mask.sum()):
            comparison.problem(f"core arcs: {total} in Cypher, engine {self.g.core_arc_mask.sum()}")
        sizes = ", ".join(f"{len(c)} nodes/{a} arcs" for c, a in found) or "empty core"
        return comparison.check(f"{sizes}; {total} core arcs: Cypher = stored = engine")

    # win and loss -----------------------------------------------------------------

    def immediate_losses(self) -> Check:
        row = self._one("verify_immediate_losses")
        self.immediate_ids: list[str] = row["ids"]
        found = {int(i) for i in row["idxs"]}
        comparison = self._flag_comparison(
            "immediate losses", found, "stored_immediate_loss", self.g.immediate_loss
        )
        for idx in found:
            if not self.rows[idx]["immediate_loss"]:
                comparison.problem(f"{self.rows[idx]['key']}: two queries disagree")
        return comparison.check(f"{len(found)} without an α-move: Cypher = stored = engine")

    def losing(self) -> Check:
        losing_ids = list(self.immediate_ids)
        added = list(self.immediate_ids)
        found: set[int] = {i for i, row in self.rows.items() if row["immediate_loss"]}
        rounds = 0
        while added:
            rounds += 1
            row = self._one("verify_losing_round", added=added, losing=losing_ids)
            added = row["ids"]
            losing_ids += added
            found |= {int(i) for i in row["idxs"]}
        self.losing_idx = found
        comparison = self._flag_comparison(
            "losing positions", found, "stored_losing", self.g.losing
        )
        return comparison.check(
            f"{len(found)} losing (fixpoint after {rounds} retrograde rounds): "
            "Cypher = stored = engine"
        )

    def turns_to_core(self) -> Check:
        levels: dict[int, int] = dict.fromkeys(self.core_idx, 0)
        frontier = list(self.core_ids)
        seen = set(self.core_ids)
        level = 0
        while frontier:
            level += 1
            row = self._one("verify_turns_round", frontier=frontier)
            frontier = []
            for element_id, idx in zip(row["ids"], row["idxs"], strict=True):
                if element_id not in seen:
                    seen.add(element_id)
                    frontier.append(element_id)
                    levels[int(idx)] = level
        comparison = Comparison(self.name, "turns to the core")
        engine = self.g.turns_to_core
        for idx, row in self.rows.items():
            expected = int(engine[idx])
            comparison.three(
                row["key"],
                levels.get(idx),
                row["stored_turns_to_core"],
                None if expected < 0 else expected,
            )
            if (idx not in levels) != (idx in self.losing_idx):
                comparison.problem(f"{row['key']}: never reaches the core but is not losing")
        deepest = max(levels.values(), default=0)
        return comparison.check(
            f"{len(levels):,} positions reach the core in up to {deepest} turns, the "
            "others are exactly the losing ones: Cypher = stored = engine"
        )

    # cycles ---------------------------------------------------------------------------

    def two_cycles(self) -> Check:
        comparison = Comparison(self.name, "2-cycles of G_n")
        found = {(r["alpha"], r["omega"]) for r in self._run("floridian_two_cycles")}
        engine = {(canonical_key(a), canonical_key(x)) for a, x in self.g.two_cycles()}
        comparison.sets("2-cycle", found, engine)
        return comparison.check(f"{len(found)} (path pattern) = engine's")

    def four_cycles(self) -> Check:
        comparison = Comparison(self.name, "4-cycles of G_n")
        self.cycle_keys = {
            f"{self.n}:{r['alpha1']}>{r['omega1']}>{r['alpha2']}>{r['omega2']}"
            for r in self._run("floridian_four_cycles")
        }
        engine = {cycle.key for cycle in self.g.four_cycles()}
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


def _grouped(sources: list[Any], targets: list[Any], keys: list[Any]) -> dict[Any, list[int]]:
    """The targets of the arcs (``sources[i]``, ``targets[i]``) grouped by source, for each
    of ``keys`` (an empty list for a key no arc leaves; arcs from other sources are
    dropped)."""
    source = np.asarray(sources, dtype=np.int64)
    order = np.argsort(source, kind="stable")
    source, target = source[order], np.asarray(targets, dtype=np.int64)[order]
    wanted = np.asarray(keys, dtype=np.int64)
    starts = np.searchsorted(source, wanted, side="left").tolist()
    ends = np.searchsorted(source, wanted, side="right").tolist()
    return {key: target[lo:hi].tolist() for key, lo, hi in zip(keys, starts, ends, strict=True)}


def verify(
    game: Floridian,
    built: FloridianGraph,
    reader: Reader,
    stored: Mapping[str, Any],
    say: Callable[[str], None],
) -> list[Check]:
    """The ``verify`` hook :class:`~gamegraph.games.base.Game` calls (its engine's package)."""
    return FloridianChecks(built, reader, stored, game.summary(built), say).run()
