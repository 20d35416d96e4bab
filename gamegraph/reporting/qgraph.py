"""Q under every rule the report tries, rebuilt from the per-n lifts of :mod:`.steps`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import networkx as nx

from gamegraph.games.floridian.fourcycles import FourCycle
from gamegraph.games.lifting.graph import Lift, LiftingGraph
from gamegraph.games.partitions import from_key
from gamegraph.reporting.data import ReportData

__all__ = ["cycle_of_key", "q_graph", "q_summary", "union_components"]


def cycle_of_key(key: str) -> FourCycle:
    """The 4-cycle named by its key ``n:α1>Ω1>α2>Ω2``."""
    _, body = key.split(":", 1)
    a, x, b, y = (from_key(k) for k in body.split(">"))
    return FourCycle(a, x, b, y)


def q_graph(data: ReportData, rule: str) -> LiftingGraph:
    """Q for ``rule`` (any of :data:`.steps.LIFT_RULES`) over 1 <= n <= N. For the double-band
    rule m is ℓ1 - 2; its arcs keep the second level in ``patterns``."""
    rows = data.all_four_cycles()
    cycles = tuple(cycle_of_key(row["key"]) for row in rows)
    lifts = []
    for row, cycle in zip(rows, cycles, strict=True):
        for target, m, extra in row["lifts"][rule]:
            patterns = tuple(extra) if rule in ("paper", "paper-free") and extra else None
            lifts.append(Lift(cycle, cycle_of_key(target), int(m), rule, patterns))  # type: ignore[arg-type]
    by_key = {c.key: c for c in cycles}
    return LiftingGraph(rule, 1, data.n_max, cycles, tuple(lifts), by_key)  # type: ignore[arg-type]


def q_summary(q: LiftingGraph) -> dict[str, Any]:
    """Components, sources, longest chain and the numbers of `gamegraph stats lifting`."""
    stats = q.stats()
    inside = nx.DiGraph(q.graph)
    longest = nx.dag_longest_path_length(inside) if nx.is_directed_acyclic_graph(inside) else None
    sizes = [len(c) for c in q.components]
    return {
        **stats,
        "component_sizes": sizes,
        "sources_per_component": sorted({len(q.sources(c)) for c in q.components}),
        "longest_chain": longest,
        "isolated": sum(1 for s in sizes if s == 1),
    }


def union_components(graphs: Iterable[LiftingGraph]) -> int:
    """Weak components of the union of several Q over the same 4-cycles."""
    union = nx.Graph()
    for q in graphs:
        union.add_nodes_from(q.graph.nodes)
        union.add_edges_from((u, v) for u, v, _ in q.graph.edges)
    return int(nx.number_connected_components(union))
