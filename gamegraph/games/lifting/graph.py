"""The lifting graph Q (seed 000, Section 7 and its open questions; SPEC.md §4).

Nodes are the 4-cycles of G_n for n in a range, found by the restricted engine; an arc
C → C' for each lift under one rule (``paper``, ``paper-free`` or ``band``), labelled m, the
target n and, for the paper rules, the four pattern names. Lifts are computed constructively
from C and checked in G_{n+2m+4} (:mod:`gamegraph.games.lifting`), so whether a cycle lifts does not
depend on the range: a lift whose target lies beyond the range is still a lift, it just has
no node to point at. Components, sources and families are taken inside the range.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import networkx as nx

from gamegraph.cluster import Task, run_tasks
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.floridian.fourcycles import FourCycle
from gamegraph.games.floridian.fourcycles_local import four_cycles_in_shard, shards
from gamegraph.games.lifting import RULES, Rule
from gamegraph.games.lifting.band_rule import band_lifts
from gamegraph.games.lifting.patterns import paper_lifts
from gamegraph.games.limits import BASE_BYTES, Estimate
from gamegraph.progress import Progress

if TYPE_CHECKING:
    from gamegraph.games.lifting import Lifting

__all__ = [
    "RULES",
    "Family",
    "Lift",
    "LiftingGraph",
    "Rule",
    "build_lifting_graph",
    "cached_four_cycles",
    "four_cycles_in_range",
    "lifts_of",
]


@dataclass(frozen=True)
class Lift:
    """An arc C → C' of Q; both cycles in canonical rotation."""

    source: FourCycle
    target: FourCycle
    m: int
    rule: Rule
    patterns: tuple[str, str, str, str] | None  #: paper rule: names in canonical order

    @property
    def target_n(self) -> int:
        return self.target.n


@dataclass(frozen=True)
class Family:
    """A one-parameter family: a chain of lifts at m, m + 2, m + 4, ... (Theorem 27)."""

    lifts: tuple[Lift, ...]

    @property
    def cycles(self) -> tuple[FourCycle, ...]:
        return (self.lifts[0].source, *(lift.target for lift in self.lifts))

    @property
    def n0(self) -> int:
        return self.lifts[0].source.n

    @property
    def m0(self) -> int:
        return self.lifts[0].m


FIRST_FOUR_CYCLE_N = 16
"""No G_n below n = 16 has a 4-cycle (SPEC.md §3; a unit test checks it): the search skips them."""

SMALL_SHARD = 20_000
"""A shard with fewer candidates takes milliseconds: a cluster would cost more than it saves
(every n up to about 130 is one such shard)."""


def four_cycles_of(n: int, threads: int | None, force: bool) -> list[FourCycle]:
    """The 4-cycles of G_n (restricted engine), canonical."""
    return build_floridian(n, restricted=True, threads=threads, force=force).four_cycles()


def four_cycles_in_range(
    n_min: int, n_max: int, progress: Progress | None = None
) -> list[FourCycle]:
    """Every 4-cycle of G_n for n_min <= n <= n_max, canonical, sorted by (n, key).

    Found by the local search (:mod:`gamegraph.games.floridian.fourcycles_local`), which
    never builds S(n) or G_n: the candidates of every n are cut into shards of bounded
    memory, and the shards run as tasks on Dask (:mod:`gamegraph.cluster`), on this machine
    or on a cluster. (Before, each n was a restricted build of G_n: 12.9 GiB at n = 116.)
    """
    ns = list(range(max(n_min, FIRST_FOUR_CYCLE_N), n_max + 1))
    if not ns:
        return []
    pieces = [shard for n in reversed(ns) for shard in shards(n)]  # largest first
    tasks = [
        Task(
            four_cycles_in_shard,
            (shard,),
            shard.memory_bytes,
            name=f"4-cycles-G{shard.n}",
            small=shard.candidates < SMALL_SHARD,
        )
        for shard in pieces
    ]
    found = run_tasks(tasks, progress, stage="4-cycles of G_n")
    return sorted((c for cycles in found for c in cycles), key=lambda c: (c.n, c.key))


_CACHE: list[FourCycle] = []
_CACHED_UP_TO = 0
_CACHE_LOCK = threading.Lock()  # verify builds two Qs at once, in threads


def cached_four_cycles(n_min: int, n_max: int, progress: Progress | None = None) -> list[FourCycle]:
    """:func:`four_cycles_in_range`, remembered in this process: Q for a second rule (or a
    smaller range) reuses the enumeration instead of building every G_n again."""
    global _CACHED_UP_TO
    with _CACHE_LOCK:
        if n_max > _CACHED_UP_TO:
            found = four_cycles_in_range(_CACHED_UP_TO + 1, n_max, progress)
            _CACHE.extend(found)
            _CACHED_UP_TO = n_max
        return [c for c in _CACHE if n_min <= c.n <= n_max]


def lifts_of(cycle: FourCycle, rule: Rule) -> list[Lift]:
    """The distinct lifts (C', m) of a canonical cycle under a rule, ascending m."""
    if rule in ("paper", "paper-free"):
        found = [
            Lift(cycle, lift.target, lift.m, rule, lift.patterns_canonical)
            for lift in paper_lifts(cycle, free=rule == "paper-free")
        ]
    else:
        found = [Lift(cycle, lift.target, lift.m, "band", None) for lift in band_lifts(cycle)]
    distinct: dict[tuple[str, int], Lift] = {}
    for lift in found:
        distinct.setdefault((lift.target.key, lift.m), lift)
    return list(distinct.values())


@dataclass(frozen=True, eq=False)
class LiftingGraph:
    """Q for one rule over 4-cycles with n_min <= n <= n_max."""

    rule: Rule
    n_min: int
    n_max: int
    cycles: tuple[FourCycle, ...]
    lifts: tuple[Lift, ...]  #: every lift of a cycle in range, target in range or not
    _by_key: dict[str, FourCycle] = field(repr=False)

    def in_range(self, cycle: FourCycle) -> bool:
        return cycle.key in self._by_key

    @cached_property
    def graph(self) -> nx.MultiDiGraph:
        """Q restricted to the range: nodes are cycle keys, one arc per lift inside it."""
        q = nx.MultiDiGraph()
        for cycle in self.cycles:
            q.add_node(cycle.key, n=cycle.n)
        for lift in self.lifts:
            if self.in_range(lift.target):
                q.add_edge(lift.source.key, lift.target.key, m=lift.m, patterns=lift.patterns)
        return q

    @cached_property
    def lift_counts(self) -> Counter[str]:
        """Number of lifts (any target) per source key."""
        return Counter(lift.source.key for lift in self.lifts)

    @property
    def non_lifting(self) -> list[FourCycle]:
        """Cycles that lift under no m (whatever the range)."""
        return [c for c in self.cycles if self.lift_counts[c.key] == 0]

    @cached_property
    def components(self) -> list[list[str]]:
        """Weak components of Q inside the range, each sorted by (n, key); largest first."""
        order = {c.key: (c.n, c.key) for c in self.cycles}
        comps = [
            sorted(comp, key=order.__getitem__)
            for comp in nx.weakly_connected_components(self.graph)
        ]
        comps.sort(key=lambda comp: (-len(comp), order[comp[0]]))
        return comps

    @cached_property
    def component_of(self) -> dict[str, int]:
        return {key: cid for cid, comp in enumerate(self.components) for key in comp}

    def sources(self, component: list[str]) -> list[str]:
        """Members of a component with in-degree 0 inside the range."""
        return [key for key in component if self.graph.in_degree(key) == 0]

    @cached_property
    def families(self) -> list[Family]:
        """Maximal chains C0 → C1 → ... with m rising by 2, starting where no chain enters.

        A chain continues from C' along its lifts at m + 2 (several under the band rule,
        each a family of its own); it starts at a lift (C0, m0) that no lift (B → C0, m0 - 2)
        continues. Only lifts between cycles of the range are followed.
        """
        inside = [lift for lift in self.lifts if self.in_range(lift.target)]
        by_start: dict[tuple[str, int], list[Lift]] = {}
        for lift in inside:
            by_start.setdefault((lift.source.key, lift.m), []).append(lift)
        continued = {(lift.target.key, lift.m + 2) for lift in inside}
        families: list[Family] = []
        for lift in inside:
            if (lift.source.key, lift.m) not in continued:
                families.extend(Family(chain) for chain in _chains(lift, by_start))
        families.sort(key=lambda f: (f.n0, f.m0, f.cycles[0].key, len(f.lifts)))
        return families

    def stats(self) -> dict[str, Any]:
        """The summary `gamegraph stats lifting` prints."""
        multi = sum(1 for comp in self.components if len(self.sources(comp)) > 1)
        distinct = {(lift.source.key, lift.target.key, lift.m) for lift in self.lifts}
        return {
            "n_max": self.n_max,
            "rule": self.rule,
            "four_cycles": len(self.cycles),
            "lifts": len(distinct),
            "lifts_inside_range": self.graph.number_of_edges(),
            "non_lifting": sorted(c.n for c in self.non_lifting),
            "components": len(self.components),
            "components_with_multiple_sources": multi,
            "largest_component": len(self.components[0]) if self.components else 0,
            "families": len(self.families),
        }


def _chains(first: Lift, by_start: dict[tuple[str, int], list[Lift]]) -> Iterator[tuple[Lift, ...]]:
    stack: list[tuple[Lift, ...]] = [(first,)]
    while stack:
        chain = stack.pop()
        last = chain[-1]
        nexts = by_start.get((last.target.key, last.m + 2), [])
        if not nexts:
            yield chain
        for lift in nexts:
            stack.append((*chain, lift))


def build_lifting_graph(
    n_max: int,
    rule: Rule,
    *,
    n_min: int = 1,
    cycles: list[FourCycle] | None = None,
    progress: Progress | None = None,
) -> LiftingGraph:
    """Q for a rule over n_min..n_max (pass ``cycles`` to reuse an enumeration)."""
    if n_max < n_min:
        raise ValueError(f"empty range {n_min}..{n_max}")
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}: use one of {', '.join(RULES)}")
    if cycles is None:
        cycles = four_cycles_in_range(n_min, n_max, progress)
    chosen = tuple(c for c in cycles if n_min <= c.n <= n_max)
    lifts = tuple(lift for cycle in chosen for lift in lifts_of(cycle, rule))
    return LiftingGraph(rule, n_min, n_max, chosen, lifts, {c.key: c for c in chosen})


# --------------------------------------------------------------------------- Game.engine hooks


def estimate(game: Lifting) -> Estimate:
    """The size estimate of :func:`estimate_lifting` at the game's n."""
    return estimate_lifting(game.n)


def estimate_lifting(n: int) -> Estimate:
    """The 4-cycles come from the local search, a shard of bounded memory at a time; Q itself
    has a few 4-cycles per n and a few lifts each (a heuristic, as for every engine)."""
    from gamegraph.games.floridian.fourcycles_local import shard_memory_bytes

    return Estimate(10 * n, 20 * n, BASE_BYTES + shard_memory_bytes(n))


def build(game: Lifting, *, force: bool, progress: Progress | None = None) -> LiftingGraph:
    game.check_size(force)
    cycles = cached_four_cycles(game.n_min, game.n, progress)
    return build_lifting_graph(game.n, game.rule, n_min=game.n_min, cycles=cycles)  # type: ignore[arg-type]
