"""Cycles of length 2k of G_n (k >= 2) and their lifts by bands.

A cycle of G_n alternates α- and Ω-positions; as every Ω-position has one arc out, it is a
simple cycle [a1,α] → [x1,Ω] → [a2,α] → ... of k distinct α-positions, that is a simple
cycle of H_n (inside its core) with one Ω-position chosen per arc. :func:`core_multigraph`
gives the core of H_n with each arc's number of Ω-positions, and the kernels of
:mod:`._kernels` count (and list) its short simple cycles, weighted, so that the counts are
cycles of G_n. :func:`band_lifts_of_cycle` extends the band rule of
:mod:`gamegraph.games.lifting.band_rule` from 4-cycles to cycles of any even length.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from gamegraph.core.graphs import ArcGraph
from gamegraph.games.floridian.alpha import alpha_arc_choice
from gamegraph.games.lifting.bands import band_insert, bands_at_level, lift_alpha_choice, max_level
from gamegraph.games.partitions import Partition, omega
from gamegraph.reporting import _kernels as rk

if TYPE_CHECKING:
    from gamegraph.games.floridian.engine import FloridianGraph

__all__ = [
    "CoreMultigraph",
    "band_lifts_of_cycle",
    "core_multigraph",
    "cycle_counts",
    "g_cycles",
    "is_g_cycle",
]


@dataclass(frozen=True)
class CoreMultigraph:
    """The core of H_n as CSR over its recurrent states (``nodes`` = their S indices), each
    arc with ``mult`` = the Ω-positions x such that [a,α] → [x,Ω] → [b,α]; loops dropped."""

    nodes: np.ndarray
    ptr: np.ndarray
    dst: np.ndarray
    mult: np.ndarray
    pair_keys: np.ndarray  #: a * |core| + b of every α-arc inside the core, sorted
    pair_x: np.ndarray  #: the Ω-position (S index) of each, aligned with pair_keys

    def via(self, a: int, b: int) -> list[int]:
        """S indices of the Ω-positions x with [a,α] → [x,Ω] → [b,α] (local ids a, b)."""
        key = a * self.nodes.shape[0] + b
        lo, hi = np.searchsorted(self.pair_keys, [key, key + 1])
        return [int(v) for v in self.pair_x[lo:hi]]


def core_multigraph(graph: FloridianGraph) -> CoreMultigraph:
    nodes = np.flatnonzero(graph.recurrent)
    size = nodes.shape[0]
    local = np.full(graph.positions.size, -1, dtype=np.int64)
    local[nodes] = np.arange(size)
    src, xs = graph.alpha_arcs()
    dst = graph.omega_of[xs]
    keep = (local[src] >= 0) & (local[dst] >= 0) & (src != dst)
    keys = local[src[keep]] * size + local[dst[keep]]
    order = np.argsort(keys, kind="stable")
    keys, x = keys[order], xs[keep][order]
    pairs, mult = np.unique(keys, return_counts=True)
    csr = ArcGraph.from_arcs(size, pairs // max(size, 1), pairs % max(size, 1))
    return CoreMultigraph(nodes, csr.indptr, csr.indices, mult.astype(np.int64), keys, x)


def cycle_counts(core: CoreMultigraph, max_len: int) -> dict[int, int]:
    """{2k: number of cycles of length 2k of G_n} for 2 <= k <= max_len (4-cycles included)."""
    _, g_counts, _ = rk.short_cycles(core.ptr, core.dst, core.mult, max_len, 0)
    return {2 * k: int(g_counts[k]) for k in range(2, max_len + 1)}


def g_cycles(
    graph: FloridianGraph, core: CoreMultigraph, k: int, limit: int
) -> list[list[Partition]]:
    """Up to ``limit`` cycles of length 2k of G_n as position lists (a1, x1, a2, x2, ...),
    each H-cycle expanded into its choices of Ω-positions."""
    _, _, rows = rk.short_cycles(core.ptr, core.dst, core.mult, k, limit)
    pos = graph.positions.position
    found: list[list[Partition]] = []
    for row in rows.tolist():
        choices: list[list[list[int]]] = [[]]
        for q in range(k):
            options = core.via(row[q], row[(q + 1) % k])
            choices = [[*c, [row[q], w]] for c in choices for w in options]
        for choice in choices:
            cycle: list[Partition] = []
            for a, x in choice:
                cycle += [pos(int(core.nodes[a])), pos(int(x))]
            found.append(cycle)
            if len(found) >= limit:
                return found
    return found


def is_g_cycle(cycle: list[Partition]) -> bool:
    """Whether (a1, x1, a2, x2, ...) is a cycle of G_n by the definitions: legal α-arcs,
    Ω-arcs, distinct α-positions."""
    alphas = cycle[0::2]
    if len(set(alphas)) != len(alphas) or len(cycle) % 2:
        return False
    for q in range(0, len(cycle), 2):
        a, x, b = cycle[q], cycle[q + 1], cycle[(q + 2) % len(cycle)]
        if alpha_arc_choice(a, x) is None or omega(x) != b:
            return False
    return True


def band_lifts_of_cycle(
    cycle: list[Partition], *, same_choice: bool = True
) -> list[tuple[int, list[Partition]]]:
    """Every band-rule lift (m, C') of a cycle (a1, x1, a2, x2, ...) of G_n of any even length:
    a band at level m + 2 in every position, each α-arc reducing the same original parts,
    and C' a cycle of G_{n+2m+4}. m runs up to the bound of
    :func:`gamegraph.games.lifting.band_rule.band_m_bound`, whose argument (about Ω-arcs only)
    holds arc by arc.

    ``same_choice=False`` is the *band-any* rule: the α-arcs of C' may reduce any parts, only
    the positions must be band insertions at one level (a superset of the band rule).
    """
    length = len(cycle)
    choices = [alpha_arc_choice(cycle[q], cycle[q + 1]) for q in range(0, length, 2)]
    if any(c is None for c in choices) or not is_g_cycle(cycle):
        return []
    bound = min(
        max(max_level(cycle[q]), max_level(cycle[(q + 1) % length])) for q in range(1, length, 2)
    )
    lifts: list[tuple[int, list[Partition]]] = []
    seen: set[tuple[int, tuple[Partition, ...]]] = set()
    for m in range(bound - 1):
        level = m + 2
        partial: list[list[Partition]] = [[]]
        for q in range(0, length, 2):
            a, x = cycle[q], cycle[q + 1]
            choice = choices[q // 2]
            assert choice is not None
            x_bands = {band_insert(x, k) for k in bands_at_level(x, level)}
            extended: list[list[Partition]] = []
            for prefix in partial:
                for k in bands_at_level(a, level):
                    a1 = band_insert(a, k)
                    if prefix and omega(prefix[-1]) != a1:
                        continue
                    if same_choice:
                        x1 = lift_alpha_choice(a, k, choice)
                        if x1 in x_bands:
                            extended.append([*prefix, a1, x1])
                    else:
                        extended += [
                            [*prefix, a1, x1]
                            for x1 in sorted(x_bands)
                            if alpha_arc_choice(a1, x1) is not None
                        ]
            partial = extended
            if not partial:
                break
        for lifted in partial:
            key = (m, tuple(lifted))
            if omega(lifted[-1]) == lifted[0] and key not in seen and is_g_cycle(lifted):
                seen.add(key)
                lifts.append((m, lifted))
    return lifts
