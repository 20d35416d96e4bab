"""Bands of any width with any legal α-move between the lifted positions (open question 9).

The *band-any* rule of width w: a 4-cycle C = (a, x, b, y) of G_n lifts to
C' = (L(a), L(x), L(b), L(y)) when every L is a band of width w (w rows of length k and w
columns, :func:`.bands.band_insert`) at one level ℓ (k + #{parts ≥ k} = ℓ, the same for
the four positions), the α-arcs L(a) → L(x) and L(b) → L(y) are *any* legal α-moves of
G_{n'} (not tied to the α-choice of C), the Ω-arcs close (Ω(L(x)) = L(b), Ω(L(y)) = L(a)) and
C' is a 4-cycle. Width 2 is the ``band-any`` rule of the report; widths 1, 3 and 4 are new.
Reported with m = ℓ − 2, as the band rule does.

The levels are :func:`.band_rule.level_range`'s (its bound is an argument about Ω-arcs only,
so it holds whatever the α-moves). Every lift is confirmed by
:func:`gamegraph.games.floridian.fourcycles.is_four_cycle`, the definition of a 4-cycle of G_n.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx

from gamegraph.games.floridian.alpha import alpha_arc_choice
from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.lifting.band_rule import level_range
from gamegraph.games.lifting.bands import band_insert, bands_at_level
from gamegraph.games.partitions import Partition, omega

__all__ = [
    "WIDTHS",
    "AnyBandLift",
    "BandAnySurvey",
    "band_any_lifts",
    "band_any_survey",
]


@dataclass(frozen=True)
class AnyBandLift:
    """A lift C → C' by a band of ``width`` at level m + 2 with any α-moves."""

    width: int
    m: int
    source: FourCycle
    lifted: FourCycle  #: in the source's order
    target: FourCycle  #: canonical rotation


def _lifted(partition: Partition, level: int, width: int) -> set[Partition]:
    return {band_insert(partition, k, width) for k in bands_at_level(partition, level)}


def band_any_lifts(cycle: FourCycle, width: int) -> list[AnyBandLift]:
    """Every band-any lift of width ``width`` of a 4-cycle, ascending m then target key."""
    if width < 1:
        raise ValueError(f"band width must be >= 1, got {width}")
    a, x, b, y = cycle
    found: dict[tuple[int, str], AnyBandLift] = {}
    for level in level_range(cycle, width):
        xs, bs, ys = (_lifted(p, level, width) for p in (x, b, y))
        if not (xs and bs and ys):
            continue
        for a1 in _lifted(a, level, width):
            for x1 in xs:
                b1 = omega(x1)
                if b1 not in bs or alpha_arc_choice(a1, x1) is None:
                    continue
                for y1 in ys:
                    if omega(y1) != a1 or alpha_arc_choice(b1, y1) is None:
                        continue
                    lifted = FourCycle(a1, x1, b1, y1)
                    if is_four_cycle(lifted):
                        target = lifted.canonical()
                        found.setdefault(
                            (level - 2, target.key),
                            AnyBandLift(width, level - 2, cycle, lifted, target),
                        )
    return sorted(found.values(), key=lambda lift: (lift.m, lift.target.key))


WIDTHS = (1, 2, 3, 4)
"""The band widths of the survey (2 is the report's ``band-any``)."""


@dataclass(frozen=True)
class BandAnySurvey:
    """Question 9 re-derived over every 4-cycle with n ≤ n_max."""

    n_max: int
    cycles: int
    lifts: dict[int, int]  #: width -> lifts found (all checked 4-cycles)
    beyond_width_2: dict[int, list[tuple[str, str, int]]]  #: width -> (source, target, m)
    #: pairs (C, C') that no width-2 rule (paper, paper-free, band, band-any) gives
    unlifted_before: list[str]  #: cycles no earlier rule lifts (paper..band-any, wide-1/3)
    newly_lifted: dict[int, list[str]]  #: width -> the unlifted cycles it lifts
    unlifted_after: list[str]  #: cycles no rule at all lifts (questions 7: Q's ends)
    components: int  #: weak components of Q under the union of every rule, in range
    multi_source_components: int  #: of them, with more than one node of in-degree 0
    merged_components: int  #: components the new widths join (union vs width-2 rules)
    seconds: float

    def as_dict(self) -> dict[str, object]:
        return {
            "n_max": self.n_max,
            "cycles": self.cycles,
            "lifts": {str(w): v for w, v in self.lifts.items()},
            "beyond_width_2": {
                str(w): [list(r) for r in rows] for w, rows in self.beyond_width_2.items()
            },
            "unlifted_before": self.unlifted_before,
            "newly_lifted": {str(w): v for w, v in self.newly_lifted.items()},
            "unlifted_after": self.unlifted_after,
            "components": self.components,
            "multi_source_components": self.multi_source_components,
            "merged_components": self.merged_components,
            "seconds": round(self.seconds, 1),
        }


def _graph(nodes: list[str], arcs: set[tuple[str, str]]) -> nx.DiGraph:
    """The ``arcs`` between two different ``nodes``, as a networkx DiGraph."""
    graph = nx.DiGraph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from((s, t) for s, t in arcs if s != t and s in graph and t in graph)
    return graph


def band_any_survey(
    n_max: int, progress: Callable[[int, int], None] | None = None
) -> BandAnySurvey:
    """Every 4-cycle with n ≤ n_max lifted by every rule, the new widths against width 2."""
    import time

    from gamegraph.games.lifting.band_rule import wide_band_lifts
    from gamegraph.games.lifting.graph import cached_four_cycles, lifts_of

    started = time.perf_counter()
    cycles = cached_four_cycles(1, n_max)
    width_2: set[tuple[str, str]] = set()
    earlier: dict[str, bool] = {}
    by_width: dict[int, list[AnyBandLift]] = {w: [] for w in WIDTHS}
    for done, cycle in enumerate(cycles, start=1):
        old = [
            (cycle.key, lift.target.key)
            for rule in ("paper", "paper-free", "band")
            for lift in lifts_of(cycle, rule)
        ]
        for w in WIDTHS:
            by_width[w] += band_any_lifts(cycle, w)
        w2 = [(cycle.key, lift.target.key) for lift in by_width[2] if lift.source == cycle]
        width_2.update(old + w2)
        wide = [lift for w in (1, 3) for lift in wide_band_lifts(cycle, w)]
        earlier[cycle.key] = bool(old or w2 or wide)
        if progress is not None:
            progress(done, len(cycles))
    keys = [c.key for c in cycles]
    beyond = {
        w: sorted(
            {
                (lift.source.key, lift.target.key, lift.m)
                for lift in by_width[w]
                if (lift.source.key, lift.target.key) not in width_2
            }
        )
        for w in WIDTHS
        if w != 2
    }
    unlifted = [k for k in keys if not earlier[k]]
    lifted_by = {w: {lift.source.key for lift in by_width[w]} for w in WIDTHS}
    newly = {w: [k for k in unlifted if k in lifted_by[w]] for w in WIDTHS if w != 2}
    union = width_2 | {(lift.source.key, lift.target.key) for w in WIDTHS for lift in by_width[w]}
    after = [k for k in unlifted if not any(k in lifted_by[w] for w in WIDTHS)]
    q = _graph(keys, union)
    comps = list(nx.weakly_connected_components(q))
    before = nx.number_weakly_connected_components(_graph(keys, width_2))
    multi = sum(1 for c in comps if sum(1 for k in c if q.in_degree(k) == 0) > 1)
    return BandAnySurvey(
        n_max=n_max,
        cycles=len(cycles),
        lifts={w: len(by_width[w]) for w in WIDTHS},
        beyond_width_2=beyond,
        unlifted_before=unlifted,
        newly_lifted=newly,
        unlifted_after=after,
        components=len(comps),
        multi_source_components=multi,
        merged_components=before - len(comps),
        seconds=time.perf_counter() - started,
    )
