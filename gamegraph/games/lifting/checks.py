"""`gamegraph verify` on Q: its lifts, sources, non-lifting cycles and weak components read
back from the LIFTS_TO relationships (``verify.cypher``, one read) and compared with what was
stored and with the engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import networkx as nx

from gamegraph.games.checks import Check, Comparison, GameChecks, stored_stats
from gamegraph.games.lifting import Lifting
from gamegraph.games.lifting.graph import LiftingGraph
from gamegraph.games.partitions import canonical_key

__all__ = ["LiftingChecks"]


class LiftingChecks(GameChecks[Lifting, LiftingGraph]):
    """The checks of one loaded Q (see the module docstring)."""

    def run(self) -> list[Check]:
        q, reader, say = self.built, self.reader, self.say
        name = self.name = f"Q {q.rule}"
        say(f"{name}: nodes and lifts")
        rows = {row["key"]: row for row in reader("verify_lifting_nodes", {"rule": q.rule})}
        nodes = Comparison(name, "4-cycles of the range")
        nodes.sets("4-cycle", set(rows), {c.key for c in q.cycles})
        linked = 0
        for cycle in q.cycles:
            row = rows.get(cycle.key)
            if row is None:
                continue
            expected = [canonical_key(p) for p in cycle]
            if row["stored_positions"] != expected:
                nodes.problem(
                    f"{cycle.key}: positions {row['stored_positions']}, engine {expected}"
                )
            if row["visits"]:  # linked to G_n's positions where G_n is loaded
                linked += 1
                visited = [key for _, key in sorted(row["visits"])]
                if visited != expected:
                    nodes.problem(f"{cycle.key}: VISITS {visited}, engine {expected}")

        lifts = Comparison(name, "lifts of every 4-cycle")
        engine_inside = {
            (lift.source.key, lift.target.key, lift.m)
            for lift in q.lifts
            if q.in_range(lift.target)
        }
        found_inside = set()
        for key, row in rows.items():
            for lift in row["lifts"]:
                found_inside.add((key, lift["target"], lift["m"]))
                if (
                    lift["n_to"] != lift["n_target"]
                    or lift["n_target"] != row["n"] + 2 * lift["m"] + 4
                ):
                    lifts.problem(
                        f"{key} → {lift['target']}: n does not grow by 2m + 4 (m = {lift['m']})"
                    )
            lifts.three(
                f"{key} lifts",
                len(row["lifts"]) + (row["stored_beyond"] or 0),
                row["stored_lifts"],
                q.lift_counts[key],
            )
        lifts.sets("lift", found_inside, engine_inside)

        sources = Comparison(name, "sources (in-degree 0) and non-lifting cycles")
        engine_sources = {key for comp in q.components for key in q.sources(comp)}
        non_lifting = {c.key for c in q.non_lifting}
        for key, row in rows.items():
            sources.three(
                f"{key} source", row["in_degree"] == 0, row["stored_source"], key in engine_sources
            )
            sources.three(  # lifts beyond the range: their count as stored (engine's alone)
                f"{key} non-lifting",
                not row["lifts"] and not row["stored_beyond"],
                row["stored_non_lifting"],
                key in non_lifting,
            )

        say(f"{name}: weak components by breadth-first search")
        components = Comparison(name, "weak components")
        found = _weak_components(rows)
        engine = {frozenset(comp) for comp in q.components}
        components.sets("component", set(found), engine)
        by_stored: dict[int, set[str]] = {}
        for key, row in rows.items():
            by_stored.setdefault(int(row["stored_component"]), set()).add(key)
        if {frozenset(keys) for keys in by_stored.values()} != engine:
            components.problem(
                "the stored component ids do not group the cycles as the engine does"
            )

        return [
            nodes.check(
                f"{len(rows)} nodes = the engine's 4-cycles for n <= {q.n_max}, with their "
                f"positions ({linked} linked to G_n by VISITS, in order)"
            ),
            lifts.check(
                f"{len(found_inside)} lifts inside the range: Cypher = stored = engine; lifts "
                f"beyond n = {q.n_max}, which no relationship shows: stored = engine"
            ),
            sources.check(
                f"{len(engine_sources)} sources, {len(non_lifting)} non-lifting (no LIFTS_TO "
                "and no lift beyond the range as stored): Cypher = stored = engine"
            ),
            components.check(f"{len(found)} weak components (breadth-first) = stored = engine"),
            stored_stats(self.stored, self.game.summary(q), name),
        ]


def _weak_components(rows: Mapping[str, Mapping[str, Any]]) -> list[frozenset[str]]:
    """The weak components of Q as its LIFTS_TO relationships were read (each node's
    ``lifts``), by networkx's breadth-first search over them in both directions (one read of
    the relationships, where a query per component walked them again)."""
    read = nx.Graph()
    read.add_nodes_from(rows)
    read.add_edges_from((key, lift["target"]) for key, row in rows.items() for lift in row["lifts"])
    return [frozenset(component) for component in nx.connected_components(read)]


verify = LiftingChecks
"""The ``verify`` hook :class:`~gamegraph.games.base.Game` calls (its engine's package)."""
