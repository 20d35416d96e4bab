"""The per-n work of the report: pure functions ``fn(n) -> dict`` of plain JSON.

:func:`floridian_step` builds G_n and H_n (the full graph while it fits, see
:func:`full_limit`; the restricted one beyond, which is exact for cycles, the core and
4-cycles) and records everything the claims, open questions and figures read: the sizes, the
core, 2-cycles, every 4-cycle with its Q(x, y, z) parameters and its lifts under every rule,
counts of longer cycles, and (full graph only) winning and losing positions, the farthest
winning positions and the strategies' success rates. :func:`bulgarian_step` does B_n.
They are run through :func:`gamegraph.reporting._compute.map_n`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.core.graphs import ArcGraph, weak_components
from gamegraph.games.bulgarian import Bulgarian
from gamegraph.games.floridian import Floridian
from gamegraph.games.floridian.fourcycles import FourCycle
from gamegraph.games.floridian.qfamily import q_cycle, q_parameters
from gamegraph.games.lifting.band_rule import double_band_lifts, wide_band_lifts
from gamegraph.games.lifting.graph import lifts_of
from gamegraph.games.limits import memory_limit
from gamegraph.games.partitions import Partition, canonical_key
from gamegraph.reporting.cycles import (
    CoreMultigraph,
    band_lifts_of_cycle,
    core_multigraph,
    cycle_counts,
    g_cycles,
)
from gamegraph.reporting.records import (
    BulgarianStep,
    Core,
    Cycles,
    CycleSample,
    FloridianStep,
    FourCycleRow,
    Play,
)
from gamegraph.reporting.strategies import strategy_success

if TYPE_CHECKING:
    from gamegraph.games.floridian.engine import FloridianGraph

__all__ = [
    "CYCLE_MAX_K",
    "FIGURE_NS",
    "FULL_N_MAX",
    "LIFT_RULES",
    "bulgarian_memory",
    "bulgarian_step",
    "floridian_memory",
    "floridian_step",
    "full_limit",
]

FULL_N_MAX = 80
"""The full G_n (win/loss, strategies) is built up to here at most (G_80: about 7 s)."""
FIGURE_NS = (6, 11, 14, 16, 18, 21, 23, 24, 25, 27, 29, 31, 33)
"""The n whose core the figures draw (Figures 1-5 of seed 000)."""
CYCLE_MAX_K = 5
"""Cycles of G_n are counted up to length 2k = 10 ..."""
CYCLE_10_ARCS = 400_000
"""... while the core of H_n has at most this many arcs (n <= 82 or so); beyond, up to length
8: counting 10-cycles costs about |core| · degree⁴ steps, minutes at n = 100."""
SAMPLE_CYCLES = 12
"""Cycles of length 6, 8, 10 kept per n, with their lifts."""
LIFT_RULES = ("paper", "paper-free", "band", "band-any", "wide-1", "wide-3", "double")
"""The lifting rules every 4-cycle is tried under (see :mod:`gamegraph.reporting.questions`)."""


def full_limit() -> int:
    """The largest n <= :data:`FULL_N_MAX` whose full G_n fits in half the memory limit."""
    limit = memory_limit() // 2
    n = FULL_N_MAX
    while n > 1 and Floridian.create(n=n).estimate().bytes > limit:
        n -= 1
    return n


def keys(partitions: list[Partition]) -> list[str]:
    return [canonical_key(p) for p in partitions]


def _lift_rows(cycle: FourCycle) -> dict[str, list[list[Any]]]:
    rows: dict[str, list[list[Any]]] = {}
    for rule in ("paper", "paper-free", "band"):
        rows[rule] = [
            [lift.target.key, lift.m, list(lift.patterns) if lift.patterns else None]
            for lift in lifts_of(cycle, rule)
        ]
    anyband = {
        (FourCycle(*lifted).canonical().key, m)
        for m, lifted in band_lifts_of_cycle(list(cycle), same_choice=False)
    }
    rows["band-any"] = [[key, m, None] for key, m in sorted(anyband, key=lambda r: (r[1], r[0]))]
    for width in (1, 3):
        wide = {(lift.target.key, lift.m) for lift in wide_band_lifts(cycle, width)}
        rows[f"wide-{width}"] = [[key, m, None] for key, m in sorted(wide)]
    rows["double"] = [
        [lift.target.key, lift.levels[0] - 2, [lift.levels[1], lift.middle_is_cycle]]
        for lift in double_band_lifts(cycle)
    ]
    return rows


def _four_cycle_rows(graph: FloridianGraph) -> list[FourCycleRow]:
    q_keys = {q_cycle(*xyz).canonical().key: list(xyz) for xyz in q_parameters(graph.n)}
    rows: list[FourCycleRow] = []
    for cycle in graph.four_cycles():
        a, x, b, y = cycle
        rows.append(
            {
                "key": cycle.key,
                "positions": keys(list(cycle)),
                "q": q_keys.get(cycle.key),
                # does each Ω-move create the largest part of the next partition?
                "omega_largest": [len(x) >= b[0], len(y) >= a[0]],
                "lifts": _lift_rows(cycle),
            }
        )
    return rows


def _long_cycles(graph: FloridianGraph, core: CoreMultigraph) -> Cycles:
    top = CYCLE_MAX_K if core.dst.shape[0] <= CYCLE_10_ARCS else CYCLE_MAX_K - 1
    counts = cycle_counts(core, top)
    samples: dict[str, list[CycleSample]] = {}
    for k in range(3, top + 1):
        found = g_cycles(graph, core, k, SAMPLE_CYCLES)
        samples[str(2 * k)] = [
            {
                "positions": keys(cycle),
                "band": [[m, keys(lifted)] for m, lifted in band_lifts_of_cycle(cycle)],
                "band_any": [
                    [m, keys(lifted)] for m, lifted in band_lifts_of_cycle(cycle, same_choice=False)
                ],
            }
            for cycle in found
        ]
    return {
        "counts": {str(k): v for k, v in counts.items()},
        "max_length": 2 * top,
        "samples": samples,
    }


def _core(graph: FloridianGraph, core: CoreMultigraph, with_arcs: bool) -> Core:
    pos = graph.positions.position
    arcs = ArcGraph(core.ptr, core.dst)  # the core's arcs, loops left out
    # a loop node is isolated in the core when its only core arc is the loop
    isolated = arcs.out_degree + arcs.in_degree == 0
    loops = np.flatnonzero(graph.has_loop)
    data: Core = {
        "scc": [{"nodes": int(c.nodes.shape[0]), "arcs": c.arcs} for c in graph.core_components],
        "weak_components": int(weak_components(arcs).max(initial=-1)) + 1,
        "loops": [canonical_key(pos(int(v))) for v in loops],
        "loops_isolated": isolated[np.searchsorted(core.nodes, loops)].tolist(),
    }
    if with_arcs:
        data["nodes"] = [canonical_key(pos(int(v))) for v in core.nodes]
        data["scc_of"] = [int(graph.core_component_of[v]) for v in core.nodes]
        data["arcs"] = [[canonical_key(u), canonical_key(v)] for u, v in graph.core().arcs]
    return data


def _win_loss(graph: FloridianGraph) -> Play:
    pos = graph.positions.position
    turns = graph.turns_to_core
    farthest = graph.farthest_winning().tolist()
    one_part = graph.positions.index((graph.n,))
    losing = np.flatnonzero(graph.losing)
    immediate = np.flatnonzero(graph.immediate_loss)
    return {
        "alpha_arcs": int(graph.alpha_dst.shape[0]),
        "h_arcs": int(graph.h_dst.shape[0]),
        "winning": int(graph.winning.sum()),
        "losing": int(losing.shape[0]),
        "immediate_losses": int(immediate.shape[0]),
        "losing_examples": [canonical_key(pos(int(v))) for v in losing[-5:][::-1]],
        "immediate_examples": [canonical_key(pos(int(v))) for v in immediate[-5:][::-1]],
        "max_turns_to_core": int(turns.max()) if (turns >= 0).any() else None,
        "farthest": [canonical_key(pos(v)) for v in farthest],
        "one_part_turns": int(turns[one_part]),
        "turn_histogram": {
            str(t): int(c) for t, c in sorted(Counter(turns[turns >= 0].tolist()).items())
        },
        "strategies": strategy_success(graph),
    }


def floridian_memory(n: int) -> int:
    """Peak bytes of :func:`floridian_step` (its build's estimate)."""
    return Floridian.create(n=n, restricted=n > full_limit()).estimate().bytes


def bulgarian_memory(n: int) -> int:
    """Peak bytes of :func:`bulgarian_step` (its build's estimate)."""
    return Bulgarian.create(n=n).estimate().bytes


def floridian_step(n: int) -> FloridianStep:
    """Everything the report reads about G_n and H_n (see the module docstring)."""
    full = n <= full_limit()
    graph = Floridian.create(n=n, restricted=not full).build()
    core = core_multigraph(graph)
    data: FloridianStep = {
        "n": n,
        "full": full,
        "separated": graph.positions.size,
        "t_positions": int(graph.in_t.sum()),
        "omega_t": int(graph.omega_t.shape[0]),
        "recurrent": int(graph.recurrent.sum()),
        "core_arcs": int(graph.core_arc_mask.sum()),
        "core": _core(graph, core, n in FIGURE_NS),
        "two_cycles": [keys(list(pair)) for pair in graph.two_cycles()],
        "four_cycles": _four_cycle_rows(graph),
        "cycles": _long_cycles(graph, core),
    }
    if full:
        data["play"] = _win_loss(graph)
    return data


def bulgarian_step(n: int) -> BulgarianStep:
    """B_n: cycles with lengths and members, Garden of Eden count and the criterion of
    Proposition 3 of seed 001 checked on every partition, transients, GE per component."""
    graph = Bulgarian.create(n=n).build()
    parts, offsets = graph.flat_parts()
    lengths = np.diff(offsets)
    largest = parts[offsets[:-1]].astype(np.int64)
    criterion = largest < lengths - 1
    ge = graph.garden_of_eden
    cycles = graph.cycles
    ge_components = set(np.unique(graph.cycle_of[ge]).tolist())
    small = [[canonical_key(graph.position(int(i))) for i in c] for c in cycles if len(c) <= 8]
    recurrent = np.flatnonzero(graph.on_cycle)
    separated = []
    defects = []
    for i in recurrent.tolist():
        part = graph.position(i)
        d = sum(1 for v in set(part) if v + 1 in part)
        defects.append(d)
        if d == 0:
            separated.append(canonical_key(part))
    return {
        "n": n,
        "positions": graph.size,
        "cycles": graph.cycle_count,
        "cycle_lengths": {str(k): v for k, v in sorted(Counter(map(len, cycles)).items())},
        "recurrent": int(recurrent.shape[0]),
        "garden_of_eden": int(ge.sum()),
        "ge_criterion_mismatches": int(np.count_nonzero(criterion != ge)),
        "components_without_ge": graph.cycle_count - len(ge_components),
        "max_transient": int(graph.distance.max()),
        "short_cycles": small,
        "separated_recurrent": separated,
        "min_defects": min(defects) if defects else None,
    }
