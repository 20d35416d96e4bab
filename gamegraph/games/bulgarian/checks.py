"""`gamegraph verify` on B_n: the stored analysis recomputed from the moves, in Cypher.

Each position's move is checked against Ω(λ) computed in Cypher from its parts and against
the engine; its in-degree and Garden of Eden flag are counted from the relationships; and,
from the longest trail of moves from it, its distance to the cycle, the cycle length and the
cycle id, checked for consistency and against the engine. Positions are read in slices of
:data:`SLICE` (``verify_bulgarian_positions`` in ``verify.cypher``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any

from gamegraph.games.bulgarian.engine import BulgarianGraph
from gamegraph.games.bulgarian.tables import cycle_lengths
from gamegraph.games.checks import Check, Comparison, Reader, stored_stats

__all__ = ["SLICE", "bulgarian_checks"]

SLICE = 100_000
"""Positions of B_n walked per query."""


def bulgarian_checks(
    graph: BulgarianGraph,
    reader: Reader,
    summary: Mapping[str, Any],
    engine_summary: Mapping[str, Any],
    say: Callable[[str], None] = lambda message: None,
) -> list[Check]:
    b = graph
    name = f"B_{b.n}"
    moves = Comparison(name, "move of every position")
    degree = Comparison(name, "in-degree and Garden of Eden")
    recurrent = Comparison(name, "recurrent positions")
    distance = Comparison(name, "moves to the cycle")
    cycles = Comparison(name, "cycles and basins")
    lengths = cycle_lengths(b)
    seen: set[int] = set()
    cycle_members: dict[int, list[int]] = defaultdict(list)
    basins: dict[int, int] = defaultdict(int)
    for lo in range(0, b.size, SLICE):
        hi = min(b.size, lo + SLICE)
        say(f"{name}: walking positions {lo:,}..{hi - 1:,} of {b.size:,}")
        rows = reader("verify_bulgarian_positions", {"n": b.n, "lo": lo, "hi": hi})
        for row in rows:
            idx, key = int(row["idx"]), row["key"]
            seen.add(idx)
            if row["successors"] != [int(b.successor[idx])]:
                moves.problem(f"{key}: moves to {row['successors']}, engine [{b.successor[idx]}]")
            if not row["moves_to_omega"]:
                moves.problem(f"{key}: its move does not lead to Ω({key})")
            degree.three(
                f"{key} in-degree", row["in_degree"], row["stored_in_degree"], int(b.in_degree[idx])
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
            distance.three(
                f"{key} cycle length",
                row["cycle_length"],
                row["stored_cycle_length"],
                int(lengths[idx]),
            )
            cycle = int(b.cycle_of[idx])
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
        stored_stats(summary, engine_summary, name),
    ]
