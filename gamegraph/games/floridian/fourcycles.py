"""4-cycles of G_n: [a,α] → [x,Ω] → [b,α] → [y,Ω] → [a,α] with a != b (SPEC.md §3).

A 4-cycle is counted once up to rotation; its canonical rotation starts at the α-position
that is larger in descending lexicographic order (tuple comparison of canonical forms).
"""

from __future__ import annotations

from typing import NamedTuple

from gamegraph.games.floridian.alpha import is_alpha_arc
from gamegraph.games.partitions import Partition, canonical_key, omega

__all__ = ["FourCycle", "is_four_cycle"]


class FourCycle(NamedTuple):
    """A 4-cycle of G_n, positions in cycle order (α, Ω, α, Ω)."""

    alpha1: Partition
    omega1: Partition
    alpha2: Partition
    omega2: Partition

    @property
    def n(self) -> int:
        return sum(self.alpha1)

    def canonical(self) -> FourCycle:
        """The rotation that starts at the larger α-position."""
        if self.alpha1 >= self.alpha2:
            return self
        return FourCycle(self.alpha2, self.omega2, self.alpha1, self.omega1)

    @property
    def key(self) -> str:
        """Stable identity: ``n:α1>Ω1>α2>Ω2`` of the canonical rotation, canonical keys."""
        c = self.canonical()
        return f"{c.n}:" + ">".join(canonical_key(p) for p in c)


def is_four_cycle(cycle: FourCycle) -> bool:
    """Whether the four positions form a 4-cycle of G_n, checked from the definitions.

    a != b, one n, two Ω-arcs, and two legal α-arcs, each decided by reconstructing its unique
    α-choice (:func:`.alpha.alpha_arc_choice`) instead of listing every α-move; the tests hold
    this to the listing.
    """
    a, x, b, y = cycle
    n = sum(a)
    if a == b or any(sum(p) != n for p in cycle):
        return False
    return omega(x) == b and omega(y) == a and is_alpha_arc(a, x) and is_alpha_arc(b, y)
