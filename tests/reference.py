"""Second computations of Bulgarian and Floridian solitaire straight from SPEC.md §2-3.

Everything here is slow, scalar and independent of the compiled engines: the moves come from
the scalar definitions (:func:`gamegraph.games.partitions.omega`,
:func:`gamegraph.games.floridian.alpha.alpha_moves`, which the unit tests hold to the listing
of every α-choice) and the graph questions are answered by networkx or by plain iteration.
Unit and integration tests compare the engines, and what Neo4j answers, with these.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import networkx as nx

from gamegraph.games.floridian.alpha import alpha_choices, alpha_moves, apply_alpha
from gamegraph.games.floridian.fourcycles import FourCycle
from gamegraph.games.partitions import (
    Partition,
    in_t,
    is_separated,
    omega,
    partitions,
    separated_partitions,
)

__all__ = [
    "BulgarianReference",
    "FloridianReference",
    "band",
    "band_lifts_by_search",
    "bulgarian_reference",
    "floridian_reference",
    "four_cycles_by_brute_force",
    "is_band_lift",
    "is_four_cycle_by_listing",
]


# --------------------------------------------------------------------------- B_n


@dataclass(frozen=True)
class BulgarianReference:
    """B_n by iterating Ω from every partition until a position repeats."""

    n: int
    successor: dict[Partition, Partition]
    distance: dict[Partition, int]  #: moves to the first position on a cycle
    entry: dict[Partition, Partition]  #: that first cyclic position
    cycles: list[frozenset[Partition]]

    @property
    def farthest(self) -> set[Partition]:
        """The positions with the longest transient."""
        longest = max(self.distance.values())
        return {p for p, d in self.distance.items() if d == longest}

    @property
    def garden_of_eden(self) -> set[Partition]:
        """Positions that are no position's Ω."""
        return set(self.successor) - set(self.successor.values())


@cache
def bulgarian_reference(n: int) -> BulgarianReference:
    successor = {p: omega(p) for p in partitions(n)}
    cyclic: set[Partition] = set()
    for start in successor:
        seen: list[Partition] = []
        p = start
        while p not in seen:
            seen.append(p)
            p = successor[p]
        cyclic.update(seen[seen.index(p) :])  # p is the first repeat: the cycle starts there
    distance: dict[Partition, int] = {}
    entry: dict[Partition, Partition] = {}
    for start in successor:
        p, moves = start, 0
        while p not in cyclic:
            p, moves = successor[p], moves + 1
        distance[start], entry[start] = moves, p
    cycles: list[frozenset[Partition]] = []
    for p in sorted(cyclic, reverse=True):
        if not any(p in cycle for cycle in cycles):
            members, q = {p}, successor[p]
            while q != p:
                members.add(q)
                q = successor[q]
            cycles.append(frozenset(members))
    return BulgarianReference(n, successor, distance, entry, cycles)


# --------------------------------------------------------------------------- G_n, H_n


@dataclass(frozen=True)
class FloridianReference:
    """G_n and H_n from the definitions, analysed with networkx."""

    n: int
    alpha: dict[Partition, tuple[Partition, ...]]  #: every α-position's legal α-moves
    h: nx.DiGraph  #: H_n over S(n), loops included
    recurrent: frozenset[Partition]
    core_components: list[tuple[frozenset[Partition], int]]  #: (nodes, arcs), largest first
    turns_to_core: dict[Partition, int]  #: only the winning positions

    @property
    def separated(self) -> list[Partition]:
        return list(self.alpha)

    @property
    def t_positions(self) -> list[Partition]:
        return [p for p in self.alpha if in_t(p)]

    @property
    def immediate_losses(self) -> set[Partition]:
        return {a for a, moves in self.alpha.items() if not moves}

    @property
    def winning(self) -> set[Partition]:
        return set(self.turns_to_core)

    @property
    def losing(self) -> set[Partition]:
        return set(self.alpha) - self.winning

    @property
    def farthest_winning(self) -> set[Partition]:
        """Winning positions whose least number of turns to the core is largest."""
        if not self.turns_to_core:
            return set()
        most = max(self.turns_to_core.values())
        return {p for p, t in self.turns_to_core.items() if t == most}

    @property
    def core_arcs(self) -> set[tuple[Partition, Partition]]:
        return {(a, b) for a, b in self.h.edges if a in self.recurrent and b in self.recurrent}

    @property
    def two_cycles(self) -> set[tuple[Partition, Partition]]:
        """(a, x) with [a,α] → [x,Ω] → [a,α]."""
        return {(a, x) for a, moves in self.alpha.items() for x in moves if omega(x) == a}


@cache
def floridian_reference(n: int) -> FloridianReference:
    alpha = {a: tuple(alpha_moves(a)) for a in separated_partitions(n)}
    h = nx.DiGraph()
    h.add_nodes_from(alpha)
    h.add_edges_from((a, omega(x)) for a, moves in alpha.items() for x in moves)
    sccs = [
        frozenset(c)
        for c in nx.strongly_connected_components(h)
        if len(c) > 1 or h.has_edge(next(iter(c)), next(iter(c)))
    ]
    recurrent = frozenset().union(*sccs)
    # largest first, ties by first member in the engines' order (descending lexicographic)
    by_first = sorted(
        ((c, h.subgraph(c).number_of_edges()) for c in sccs),
        key=lambda item: max(item[0]),
        reverse=True,
    )
    components = sorted(by_first, key=lambda item: -len(item[0]))
    turns: dict[Partition, int] = {}
    if recurrent:
        reverse = h.reverse(copy=True)
        reverse.add_node("core")
        reverse.add_edges_from(("core", r) for r in recurrent)
        for p, d in nx.single_source_shortest_path_length(reverse, "core").items():
            if p != "core":
                turns[p] = d - 1
    return FloridianReference(n, alpha, h, recurrent, components, turns)


def is_four_cycle_by_listing(cycle: FourCycle) -> bool:
    """SPEC.md §3 with every α-move listed (the slow reference): a and b distinct and
    separated, x and y in T(n), all four of one n, a → x and b → y α-moves, Ω(x) = b and
    Ω(y) = a."""
    a, x, b, y = cycle
    n = sum(a)
    if a == b or any(sum(p) != n for p in cycle):
        return False
    if not (is_separated(a) and is_separated(b) and in_t(x) and in_t(y)):
        return False
    return x in alpha_moves(a) and omega(x) == b and y in alpha_moves(b) and omega(y) == a


@cache
def four_cycles_by_brute_force(n: int) -> tuple[FourCycle, ...]:
    """Every 4-cycle of G_n (canonical rotation), by brute force over the α-moves.

    A 4-cycle [a,α] → [x,Ω] → [b,α] → [y,Ω] has a = Ω(y) and b = Ω(x), so only the α-moves
    of positions in Ω(T(n)) are listed.
    """
    preimages: dict[Partition, list[Partition]] = {}
    for x in separated_partitions(n):
        if in_t(x):
            preimages.setdefault(omega(x), []).append(x)
    moves = {a: set(alpha_moves(a)) for a in preimages}
    found = set()
    for a, from_a in moves.items():
        for x in from_a:
            b = omega(x)
            if b == a or b not in moves:
                continue
            for y in preimages[a]:
                if y in moves[b]:
                    found.add(FourCycle(a, x, b, y).canonical())
    return tuple(sorted(found))


# --------------------------------------------------------------------------- Q


def band(partition: Partition, k: int) -> Partition:
    """L_k(λ) of SPEC.md §4, written out again: parts < k, two parts k, the rest + 2."""
    return tuple(
        sorted(
            [*(p for p in partition if p < k), k, k, *(p + 2 for p in partition if p >= k)],
            reverse=True,
        )
    )


def _lifted_alpha_ends(source: Partition, target: Partition, k: int) -> set[Partition]:
    """Ends of the α-move on L_k(source) that reduces the original parts the α-arc
    source → target reduces (any choice giving the arc), never the two band parts."""
    ends = set()
    for choice in alpha_choices(source):
        if apply_alpha(source, choice) != target:
            continue
        ones = choice.ones
        parts = [k, k]
        for part in source:
            moved = part + 2 if part >= k else part
            if part == 1 and ones:
                ones, moved = ones - 1, moved - 1
            elif part in choice.sizes:
                moved -= 1
            parts += [moved] if moved else []
        parts.append(choice.count(source))
        ends.add(tuple(sorted(parts, reverse=True)))
    return ends


def is_band_lift(cycle: FourCycle, lifted: FourCycle, m: int) -> bool:
    """SPEC.md §4's band rule checked on a given pair: lifted (in one of its two rotations
    that start at an α-position) is (L_k1(a), L_k2(x), L_k3(b), L_k4(y)) with every k at
    level m + 2, and its α-arcs reduce the corresponding original parts."""
    level = m + 2
    a, x, b, y = lifted
    for rotation in (lifted, FourCycle(b, y, a, x)):
        bands = [
            [
                k
                for k in range(1, level + 1)
                if k + sum(p >= k for p in old) == level and band(old, k) == new
            ]
            for old, new in zip(cycle, rotation, strict=True)
        ]
        if not all(bands):
            continue
        arcs = ((0, 1), (2, 3))
        if all(
            any(rotation[j] in _lifted_alpha_ends(cycle[i], cycle[j], k) for k in bands[i])
            for i, j in arcs
        ):
            return True
    return False


def band_lifts_by_search(cycles: list[FourCycle]) -> set[tuple[str, str, int]]:
    """(source key, target key, m) for every pair of the given 4-cycles that the band rule
    admits: a search over pairs instead of the engine's construction of each lift."""
    return {
        (c.key, d.key, (d.n - c.n - 4) // 2)
        for c in cycles
        for d in cycles
        if d.n >= c.n + 4 and (d.n - c.n) % 2 == 0 and is_band_lift(c, d, (d.n - c.n - 4) // 2)
    }
