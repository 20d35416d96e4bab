"""The band rule and its generalisations (SPEC.md §4; seed 000, Section 7): lifts of a 4-cycle
by band insertion (:mod:`.bands`) at one level in every position, each α-move keeping its
choice of reduced parts, checked against the definitions of G_n
(:func:`gamegraph.games.floridian.fourcycles.is_four_cycle`).

* the **band rule** (SPEC's generalisation of the paper rule, :func:`band_lifts`): a band at
  level m + 2 in every position, into G_{n+2m+4};
* **wide bands** (:func:`wide_band_lifts`): w rows and w columns instead of two (w = 2 is the
  band rule);
* **double bands** (:func:`double_band_lifts`): two bands, the first at level ℓ1 of every
  position, the second at level ℓ2 of the result, whether or not the middle is a cycle.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import cast

from gamegraph.games.floridian.alpha import AlphaChoice, alpha_arc_choice
from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.lifting.bands import (
    band_insert,
    bands_at_level,
    lift_alpha_choice,
    max_level,
)
from gamegraph.games.partitions import Partition, omega

__all__ = [
    "BandLift",
    "DoubleBandLift",
    "band_lifts",
    "band_m_bound",
    "double_band_lifts",
    "level_range",
    "wide_band_lifts",
]


@dataclass(frozen=True)
class BandLift:
    """A lift C → C' by the band rule at m.

    ``lifted`` = (L_k1(λ1), ..., L_k4(λ4)) in the source's order, ``target`` its canonical
    rotation, in G_{target_n}. ``bands`` lists every (k1, k2, k3, k4) giving this C': two k at
    one level give the same L_k(λ) when λ has parts k, k + 2, ..., k' - 2, each exactly twice.
    """

    m: int
    source: FourCycle
    lifted: FourCycle
    target: FourCycle
    target_n: int
    bands: tuple[tuple[int, int, int, int], ...]


def _alpha_choices(cycle: FourCycle) -> tuple[AlphaChoice, AlphaChoice] | None:
    """The α-choices of the arcs a → x and b → y, or None if the positions are no 4-cycle
    (then they have no lift: every lift is of a 4-cycle)."""
    if not is_four_cycle(cycle):
        return None
    a, x, b, y = cycle
    # is_four_cycle has confirmed both α-arcs, so neither choice is None
    return cast(AlphaChoice, alpha_arc_choice(a, x)), cast(AlphaChoice, alpha_arc_choice(b, y))


def band_m_bound(cycle: FourCycle) -> int:
    """The largest m at which a band-rule lift is possible (lifts have m >= 0).

    Take an Ω-arc x → b of the cycle. If m + 2 exceeds both h(x) and h(b) (:func:`max_level`),
    the only band at level m + 2 is two new largest parts m + 2, on top of x and of b. Then
    Ω(L(x)) = (x reduced) ∪ {m+1, m+1} ∪ {#parts(x) + 2} has at most one part m + 2 (the
    reduced parts of x are below m), while L(b) has two: the Ω-arc cannot close. So a lift
    needs m + 2 <= max(h(x), h(b)) for both Ω-arcs. Below, m >= 0 because every level is >= 2
    (level(λ, 1) = 1 + #parts and level(λ, k) >= k).
    """
    a, x, b, y = cycle
    return min(max(max_level(x), max_level(b)), max(max_level(y), max_level(a))) - 2


def band_lifts(cycle: FourCycle, m_max: int | None = None) -> list[BandLift]:
    """All band-rule lifts of the cycle, ascending m then target key.

    C' = (L_k1(a), L_k2(x), L_k3(b), L_k4(y)) with every k_i at level m + 2, the α-arcs of C'
    made by the source arc's α-choice applied to the original parts, and C' a 4-cycle of
    G_{n+2m+4}. m runs over 0..:func:`band_m_bound`; ``m_max`` overrides the upper end (the
    tests use a far larger one to confirm the bound).
    """
    return wide_band_lifts(cycle, 2, None if m_max is None else m_max + 2)


def wide_band_lifts(cycle: FourCycle, width: int, level_max: int | None = None) -> list[BandLift]:
    """Lifts by bands of ``width`` w (w rows and w columns, :func:`band_insert`), all four at
    one level ℓ of :func:`level_range` (``level_max`` overrides its top); reported with
    m = ℓ - 2 as for the band rule, in G_{n + wℓ}. w = 2 is :func:`band_lifts`.
    """
    if width < 1:
        raise ValueError(f"band width must be >= 1, got {width}")
    choices = _alpha_choices(cycle)
    if choices is None:
        return []
    first, second = choices
    levels = level_range(cycle, width) if level_max is None else range(2, level_max + 1)
    found: dict[tuple[int, FourCycle], list[tuple[int, int, int, int]]] = {}
    for lev in levels:
        for bands, lifted in _band_candidates(cycle, lev - 2, first, second, width):
            found.setdefault((lev - 2, lifted), []).append(bands)
    lifts = [
        BandLift(m, cycle, lifted, lifted.canonical(), lifted.n, tuple(bands))
        for (m, lifted), bands in found.items()
    ]
    return sorted(lifts, key=lambda lift: (lift.m, lift.target.key))


def level_range(cycle: FourCycle, width: int) -> range:
    """The levels ℓ at which a band of width w can lift the cycle.

    For w >= 2 the argument of :func:`band_m_bound` holds (a band above every part adds
    w >= 2 parts ℓ to L(b) but at most one to Ω(L(x))), so ℓ <= m_bound + 2. For w = 1 it
    does not; there ℓ runs up to the largest level or number of parts of any position plus 2,
    past which every band is a single new largest part ℓ and the Ω-arc x → b closes only at
    ℓ = #parts(x) + 1, where L(x) leaves T.
    """
    if width >= 2:
        return range(2, band_m_bound(cycle) + 3)
    return range(2, max(max(max_level(p), len(p)) for p in cycle) + 3)


def _by_lifted(
    partition: Partition, ks: tuple[int, ...], width: int = 2
) -> dict[Partition, list[int]]:
    grouped: dict[Partition, list[int]] = {}
    for k in ks:
        grouped.setdefault(band_insert(partition, k, width), []).append(k)
    return grouped


def _band_candidates(
    cycle: FourCycle, m: int, first: AlphaChoice, second: AlphaChoice, width: int = 2
) -> Iterator[tuple[tuple[int, int, int, int], FourCycle]]:
    """The band-rule lifts at m with their band positions, walking the cycle arc by arc.

    Each k is tried on its own at the α-positions: two k with equal L_k(λ) can still give
    different lifted α-moves, because "the same original parts" sit at different places.
    """
    a, x, b, y = cycle
    lev = m + 2
    ks_a, ks_b = bands_at_level(a, lev), bands_at_level(b, lev)
    lifted_x = _by_lifted(x, bands_at_level(x, lev), width)
    lifted_y = _by_lifted(y, bands_at_level(y, lev), width)
    for k1 in ks_a:
        a1 = band_insert(a, k1, width)
        x1 = lift_alpha_choice(a, k1, first, width)
        if x1 not in lifted_x:
            continue
        b1 = omega(x1)
        for k3 in ks_b:
            if band_insert(b, k3, width) != b1:
                continue
            y1 = lift_alpha_choice(b, k3, second, width)
            if y1 not in lifted_y or omega(y1) != a1:
                continue
            lifted = FourCycle(a1, x1, b1, y1)
            if is_four_cycle(lifted):
                for k2 in lifted_x[x1]:
                    for k4 in lifted_y[y1]:
                        yield (k1, k2, k3, k4), lifted


@dataclass(frozen=True)
class DoubleBandLift:
    """A lift C → C'' by two bands: levels ``levels`` = (ℓ1, ℓ2), C'' in G_{n + 2ℓ1 + 2ℓ2}.

    ``middle_is_cycle`` says whether the positions after the first band already form a
    4-cycle (then the lift is two band-rule lifts in a row)."""

    levels: tuple[int, int]
    source: FourCycle
    lifted: FourCycle
    target: FourCycle
    target_n: int
    middle_is_cycle: bool


def _double_insert(
    partition: Partition, l1: int, l2: int
) -> dict[Partition, list[tuple[int, int]]]:
    out: dict[Partition, list[tuple[int, int]]] = {}
    for k1 in bands_at_level(partition, l1):
        once = band_insert(partition, k1)
        for k2 in bands_at_level(once, l2):
            out.setdefault(band_insert(once, k2), []).append((k1, k2))
    return out


def double_band_lifts(cycle: FourCycle, level_max: int | None = None) -> list[DoubleBandLift]:
    """Every lift of the cycle by two bands: L_{k2}(L_{k1}(λ)) in every position, k1 at level
    ℓ1 of λ and k2 at level ℓ2 of L_{k1}(λ), the α-arcs reducing the original parts, and the
    result a 4-cycle of G_{n + 2ℓ1 + 2ℓ2}.

    A bounded search: ℓ1 and ℓ2 run from 2 to ``level_max`` (default: the largest level of
    any position, plus 4 for the first band and plus 8 for the second), since a band above
    every part is the only one possible past the largest level.
    """
    choices = _alpha_choices(cycle)
    if choices is None:
        return []
    first, second = choices
    a, x, b, y = cycle
    top = max(max_level(p) for p in cycle)
    top1 = level_max if level_max is not None else top + 4
    top2 = level_max if level_max is not None else top + 8
    found: dict[tuple[tuple[int, int], FourCycle], bool] = {}
    for l1 in range(2, top1 + 1):
        for l2 in range(2, top2 + 1):
            xs = _double_insert(x, l1, l2)
            ys = _double_insert(y, l1, l2)
            bs = _double_insert(b, l1, l2)
            for a2, ks_a in _double_insert(a, l1, l2).items():
                for ks in ks_a:
                    x2 = lift_alpha_choice(a, ks, first)
                    if x2 not in xs or omega(x2) not in bs:
                        continue
                    b2 = omega(x2)
                    for kb in bs[b2]:
                        y2 = lift_alpha_choice(b, kb, second)
                        if y2 not in ys or omega(y2) != a2:
                            continue
                        lifted = FourCycle(a2, x2, b2, y2)
                        if ((l1, l2), lifted) not in found and is_four_cycle(lifted):
                            found[(l1, l2), lifted] = _factors(cycle, lifted, l1, l2)
    lifts = [
        DoubleBandLift(levels, cycle, lifted, lifted.canonical(), lifted.n, middle)
        for (levels, lifted), middle in found.items()
    ]
    return sorted(lifts, key=lambda lift: (lift.levels, lift.target.key))


def _factors(cycle: FourCycle, lifted: FourCycle, l1: int, l2: int) -> bool:
    """Whether C → C'' is two band-rule lifts in a row, at m = ℓ1 - 2 and then ℓ2 - 2."""
    target = lifted.canonical()
    return any(
        second.target == target
        for first in band_lifts(cycle, l1 - 2)
        if first.m == l1 - 2
        for second in band_lifts(first.lifted, l2 - 2)
        if second.m == l2 - 2
    )
