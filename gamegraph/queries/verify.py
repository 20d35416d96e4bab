"""`gamegraph verify`: recompute the stored analysis from the graph's structure, in Cypher,
and compare it with the stored labels and properties and with the engine.

For G_n and H_n (``verify.cypher`` holds every query):

- structure: counts; each α-position's α-moves and each Ω-position's Ω-move against the
  engine, the Ω-move against Ω(λ) computed in Cypher; TURN = the two-move paths of G_n;
- recurrent states: H_n trimmed round by round (a position stays while it has a turn to and
  a turn from a remaining position), then a shortest path back to itself for each survivor;
- immediate losses (no α-move) and losing positions by the retrograde analysis, iterated
  to a fixpoint (immediate losses lose; a position all of whose turns lead to losing
  positions loses);
- the strongly connected components of the core: for a recomputed recurrent seed, the
  positions it reaches that reach it back (two breadth-first searches), with their arcs;
- turns to the core by breadth-first levels backwards from the recomputed core;
- 2-cycles and 4-cycles (the shipped path-pattern queries), the :Graph summary, and Q's
  4-cycle nodes for this n when Q is loaded.

For B_n: each position's move against Ω(λ) and the engine, in-degree and Garden of Eden,
and, from the longest trail of moves, its distance to the cycle, the cycle length and the
cycle id, checked for consistency and against the engine.

Each round is one Cypher query; Python only repeats rounds and compares answers.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gamegraph.db.runner import QueryRunner
from gamegraph.games.bulgarian import BulgarianGraph, build_bulgarian
from gamegraph.games.floridian import FloridianGraph, build_floridian
from gamegraph.games.partitions import canonical_key
from gamegraph.loader.writer import GraphRecord, get_graph, list_graphs, storable
from gamegraph.queries.runner import GraphNotLoadedError, named_queries

__all__ = ["Check", "VerifyReport", "verify"]

MAX_PROBLEMS = 10
"""Mismatches listed per check (all are counted)."""
BULGARIAN_SLICE = 100_000
"""Positions of B_n walked per query."""

Progress = Callable[[str], None]


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


@dataclass
class VerifyReport:
    n: int
    checks: list[Check] = field(default_factory=list)
    graphs: list[str] = field(default_factory=list)  #: ids of the graphs verified
    skipped: list[str] = field(default_factory=list)  #: what was not verified, and why

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    @property
    def failures(self) -> list[Check]:
        return [check for check in self.checks if not check.ok]


def verify(runner: QueryRunner, n: int, progress: Progress | None = None) -> VerifyReport:
    """Verify every complete graph of this n (B_n, G_n/H_n, and Q's 4-cycles of G_n).

    Raises GraphNotLoadedError when neither B_n nor G_n is loaded completely.
    """
    say = progress or (lambda message: None)
    report = VerifyReport(n)
    records = {game: get_graph(runner, f"{game}:{n}") for game in ("bulgarian", "floridian")}
    complete = {game: r for game, r in records.items() if r is not None and r.complete}
    if not complete:
        raise GraphNotLoadedError(
            f"neither B_{n} nor G_{n} is loaded completely",
            f"gamegraph load --n {n} --games bulgarian,floridian",
        )
    for game, record in records.items():
        if game not in complete:
            state = "not loaded" if record is None else f"incomplete ({record.status})"
            report.skipped.append(f"{game}:{n} {state}")
    if "floridian" in complete:
        say(f"G_{n}: building the engine's graph")
        engine = build_floridian(n, restricted=complete["floridian"].mode == "restricted")
        report.checks += _Floridian(runner, engine, complete["floridian"], say).run()
        report.graphs.append(f"floridian:{n}")
    if "bulgarian" in complete:
        say(f"B_{n}: building the engine's graph")
        report.checks += _Bulgarian(runner, build_bulgarian(n), complete["bulgarian"], say).run()
        report.graphs.append(f"bulgarian:{n}")
    return report


# --------------------------------------------------------------------------- helpers


def _q(name: str) -> str:
    return named_queries()[name].cypher


class _Comparison:
    """Collects mismatches between the Cypher answer, the stored value and the engine."""

    def __init__(self, graph: str, name: str) -> None:
        self.graph = graph
        self.name = name
        self.problems: list[str] = []
        self.count = 0

    def problem(self, text: str) -> None:
        self.count += 1
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)

    def three(self, key: str, cypher: Any, stored: Any, engine: Any) -> None:
        """The Cypher answer must equal the stored value and the engine's."""
        if not cypher == stored == engine:
            self.problem(f"{key}: Cypher {cypher!r}, stored {stored!r}, engine {engine!r}")

    def check(self, detail: str) -> Check:
        return Check(self.graph, self.name, detail, tuple(self.problems), self.count)


def _stored_stats(record: GraphRecord, engine: Mapping[str, Any], graph: str) -> Check:
    """Every stat_* figure stored on the :Graph node equals the engine's."""
    comparison = _Comparison(graph, "summary on the :Graph node")
    if not record.summary:
        comparison.problem("no stat_* figures stored")
    for key, stored in sorted(record.summary.items()):
        expected = storable(engine.get(key))
        if stored != expected:
            comparison.problem(f"stat_{key}: stored {stored!r}, engine {expected!r}")
    return comparison.check(f"{len(record.summary)} figures equal the engine's")


# --------------------------------------------------------------------------- G_n, H_n


class _Floridian:
    def __init__(
        self, runner: QueryRunner, engine: FloridianGraph, record: GraphRecord, say: Progress
    ) -> None:
        self.runner = runner
        self.g = engine
        self.record = record
        self.say = say
        self.n = engine.n
        self.name = f"G_{engine.n}"
        self.full = not engine.restricted

    def run(self) -> list[Check]:
        self.say(f"{self.name}: structure")
        checks = [self.counts()]
        rows = self.runner.run(_q("verify_floridian_positions"), {"n": self.n})
        self.rows = {int(row["idx"]): row for row in rows}
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
        checks.append(_stored_stats(self.record, self.g.stats().as_dict(), self.name))
        return checks

    def _run(self, name: str, **params: Any) -> list[dict[str, Any]]:
        return self.runner.run(_q(name), {"n": self.n, **params})

    # structure ------------------------------------------------------------------

    def counts(self) -> Check:
        g = self.g
        row = self._run("verify_floridian_counts")[0]
        built = set(g.sources.tolist())
        omega_rows = np.flatnonzero(g.in_t)
        expected = {
            "alpha": int(g.sources.shape[0]),
            "omega": int(omega_rows.shape[0]),
            "alpha_moves": int(g.alpha_dst.shape[0]),
            "omega_moves": sum(1 for t in g.omega_of[omega_rows].tolist() if t in built),
            "turns": int(g.h_dst.shape[0]),
        }
        comparison = _Comparison(self.name, "nodes and relationships")
        for key, value in expected.items():
            if int(row[key]) != value:
                comparison.problem(f"{key}: Neo4j holds {row[key]}, the engine has {value}")
        return comparison.check(", ".join(f"{v:,} {k.replace('_', ' ')}" for k, v in row.items()))

    def alpha_moves(self) -> Check:
        comparison = _Comparison(self.name, "α-moves of every α-position")
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
        comparison = _Comparison(self.name, "Ω-move of every Ω-position")
        rows = self._run("verify_omega_moves")
        built = set(self.g.sources.tolist())
        reached = np.zeros(self.g.positions.size, dtype=bool)
        reached[self.g.alpha_dst] = True
        for row in rows:
            idx, key = int(row["idx"]), row["key"]
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
        comparison = _Comparison(self.name, "TURN = α-move then Ω-move")
        for row in self._run("verify_turns"):
            comparison.problem(
                f"{row['position']}: two-move paths to {row['moves']}, TURN to {row['turns']}"
            )
        return comparison.check("every TURN arc is a two-move path of G_n and vice versa")

    def in_omega_t(self) -> Check:
        comparison = _Comparison(self.name, "α-positions in Ω(T(n))")
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
        keep: list[str] = self._run("verify_all_alpha")[0]["ids"]
        rounds = 0
        while True:
            rounds += 1
            trimmed: list[str] = self._run("verify_trim_round", keep=keep)[0]["ids"]
            if len(trimmed) == len(keep):
                break
            keep = trimmed
        row = self._run("verify_on_cycle", keep=keep)[0]
        self.core_ids: list[str] = row["ids"]
        self.core_idx: set[int] = {int(i) for i in row["idxs"]}
        comparison = self._flag_comparison(
            "recurrent states", self.core_idx, "stored_recurrent", self.g.recurrent
        )
        return comparison.check(
            f"{len(self.core_idx):,} on a cycle (trimmed in {rounds} rounds to {len(keep):,}, "
            "then a path back): Cypher = stored = engine"
        )

    def _flag_comparison(
        self, name: str, found: set[int], stored: str, engine: np.ndarray
    ) -> _Comparison:
        comparison = _Comparison(self.name, name)
        for idx, row in self.rows.items():
            comparison.three(row["key"], idx in found, row[stored], bool(engine[idx]))
        return comparison

    def core_components(self) -> Check:
        comparison = _Comparison(self.name, "strongly connected components of the core")
        remaining = dict.fromkeys(self.core_ids)
        found: list[tuple[frozenset[int], int]] = []
        while remaining:
            seed = next(iter(remaining))
            row = self._run("verify_core_scc", seed=seed)[0]
            arcs = self._run("verify_arcs_within", ids=row["ids"])[0]["arcs"]
            found.append((frozenset(int(i) for i in row["idxs"]), int(arcs)))
            for element_id in row["ids"]:
                remaining.pop(element_id, None)
            if seed in remaining:  # a seed always lies in its own component
                remaining.pop(seed)
                comparison.problem(f"seed {seed} missing from its own component")
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
        total = self._run("verify_arcs_within", ids=self.core_ids)[0]["arcs"]
        if int(total) != int(self.g.core_arc_mask.sum()):
            comparison.problem(f"core arcs: {total} in Cypher, engine {self.g.core_arc_mask.sum()}")
        sizes = ", ".join(f"{len(c)} nodes/{a} arcs" for c, a in found) or "empty core"
        return comparison.check(f"{sizes}; {total} core arcs: Cypher = stored = engine")

    # win and loss -----------------------------------------------------------------

    def immediate_losses(self) -> Check:
        row = self._run("verify_immediate_losses")[0]
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
            row = self._run("verify_losing_round", added=added, losing=losing_ids)[0]
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
        seen = list(self.core_ids)
        level = 0
        while frontier:
            level += 1
            row = self._run("verify_turns_round", frontier=frontier, seen=seen)[0]
            frontier = row["ids"]
            seen += frontier
            for idx in row["idxs"]:
                levels[int(idx)] = level
        comparison = _Comparison(self.name, "turns to the core")
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
        comparison = _Comparison(self.name, "2-cycles of G_n")
        found = {(r["alpha"], r["omega"]) for r in self._run("floridian_two_cycles")}
        engine = {(canonical_key(a), canonical_key(x)) for a, x in self.g.two_cycles()}
        for pair in sorted(found ^ engine):
            comparison.problem(f"{pair}: {'only in Neo4j' if pair in found else 'only engine'}")
        return comparison.check(f"{len(found)} (path pattern) = engine's")

    def four_cycles(self) -> Check:
        comparison = _Comparison(self.name, "4-cycles of G_n")
        self.cycle_keys = {
            f"{self.n}:{r['alpha1']}>{r['omega1']}>{r['alpha2']}>{r['omega2']}"
            for r in self._run("floridian_four_cycles")
        }
        engine = {cycle.key for cycle in self.g.four_cycles()}
        for key in sorted(self.cycle_keys ^ engine):
            comparison.problem(f"{key}: {'only in Neo4j' if key in engine else 'only engine'}")
        return comparison.check(f"{len(self.cycle_keys)} (path pattern, each once) = engine's")

    def lifting_cycles(self) -> list[Check]:
        checks = []
        for record in list_graphs(self.runner):
            if record.game != "lifting" or not record.complete or record.n < self.n:
                continue
            comparison = _Comparison(f"Q {record.rule}", f"4-cycles of G_{self.n} in Q")
            rows = self.runner.run(
                "MATCH (c:FourCycle {rule: $rule, n: $n}) RETURN c.key AS key",
                {"rule": record.rule, "n": self.n},
            )
            in_q = {row["key"] for row in rows}
            for key in sorted(in_q ^ self.cycle_keys):
                where = "only in Q" if key in in_q else f"only in G_{self.n}"
                comparison.problem(f"{key}: {where}")
            checks.append(comparison.check(f"{len(in_q)} node(s) = the 4-cycles of G_{self.n}"))
        return checks


# --------------------------------------------------------------------------- B_n


class _Bulgarian:
    def __init__(
        self, runner: QueryRunner, engine: BulgarianGraph, record: GraphRecord, say: Progress
    ) -> None:
        self.runner = runner
        self.b = engine
        self.record = record
        self.say = say
        self.n = engine.n
        self.name = f"B_{engine.n}"

    def run(self) -> list[Check]:
        b = self.b
        moves = _Comparison(self.name, "move of every position")
        degree = _Comparison(self.name, "in-degree and Garden of Eden")
        recurrent = _Comparison(self.name, "recurrent positions")
        distance = _Comparison(self.name, "moves to the cycle")
        cycles = _Comparison(self.name, "cycles and basins")
        lengths = np.zeros(b.cycle_count, dtype=np.int64)
        for cid, members in enumerate(b.cycles):
            lengths[cid] = len(members)
        seen: set[int] = set()
        cycle_members: dict[int, list[int]] = defaultdict(list)
        basins: dict[int, int] = defaultdict(int)
        for lo in range(0, b.size, BULGARIAN_SLICE):
            hi = min(b.size, lo + BULGARIAN_SLICE)
            self.say(f"{self.name}: walking positions {lo:,}..{hi - 1:,} of {b.size:,}")
            rows = self.runner.run(
                _q("verify_bulgarian_positions"), {"n": self.n, "lo": lo, "hi": hi}
            )
            for row in rows:
                idx, key = int(row["idx"]), row["key"]
                seen.add(idx)
                if row["successors"] != [int(b.successor[idx])]:
                    moves.problem(
                        f"{key}: moves to {row['successors']}, engine [{b.successor[idx]}]"
                    )
                if not row["moves_to_omega"]:
                    moves.problem(f"{key}: its move does not lead to Ω({key})")
                degree.three(
                    f"{key} in-degree",
                    row["in_degree"],
                    row["stored_in_degree"],
                    int(b.in_degree[idx]),
                )
                degree.three(
                    f"{key} Garden of Eden",
                    row["in_degree"] == 0,
                    row["stored_garden_of_eden"],
                    bool(b.garden_of_eden[idx]),
                )
                recurrent.three(
                    key, row["distance"] == 0, row["stored_recurrent"], bool(b.on_cycle[idx])
                )
                distance.three(key, row["distance"], row["stored_distance"], int(b.distance[idx]))
                cycle = int(b.cycle_of[idx])
                distance.three(
                    f"{key} cycle length",
                    row["cycle_length"],
                    row["stored_cycle_length"],
                    int(lengths[cycle]),
                )
                cycles.three(f"{key} cycle id", row["entry_cycle"], row["stored_cycle"], cycle)
                basins[int(row["stored_cycle"])] += 1
                if row["distance"] == 0:
                    cycle_members[int(row["entry_cycle"])].append(idx)
        if seen != set(range(b.size)):
            moves.problem(f"{b.size - len(seen & set(range(b.size)))} positions missing")
        engine_cycles = {cid: sorted(m.tolist()) for cid, m in enumerate(b.cycles)}
        found_cycles = {cid: sorted(m) for cid, m in cycle_members.items()}
        if found_cycles != engine_cycles:
            cycles.problem(
                f"{len(found_cycles)} cycles by walking (lengths "
                f"{sorted(len(m) for m in found_cycles.values())}), engine {b.cycle_count}"
            )
        engine_basins = {cid: int(s) for cid, s in enumerate(b.basin_sizes.tolist())}
        if dict(basins) != engine_basins:
            cycles.problem(f"basin sizes stored {dict(basins)}, engine {engine_basins}")
        lengths_text = sorted({len(m) for m in found_cycles.values()})
        ge = int(b.garden_of_eden.sum())
        return [
            moves.check(f"{len(seen):,} moves, each to Ω(λ) (computed in Cypher) = engine's"),
            degree.check(f"{ge:,} Garden of Eden positions: Cypher = stored = engine"),
            recurrent.check(
                f"{int(b.on_cycle.sum()):,} on a cycle (trail of moves returns): "
                "Cypher = stored = engine"
            ),
            distance.check(
                f"up to {int(b.distance.max())} moves to a cycle of length "
                f"{', '.join(map(str, lengths_text))}: Cypher = stored = engine"
            ),
            cycles.check(
                f"{len(found_cycles)} cycles, cycle ids and basin sizes: Cypher = stored = engine"
            ),
            _stored_stats(
                self.record,
                self.b.stats().__dict__ | {"recurrent": int(self.b.on_cycle.sum())},
                self.name,
            ),
        ]
