"""4-cycles of G_n: [a,α] → [x,Ω] → [b,α] → [y,Ω] → [a,α] with a != b (SPEC.md §3).

A 4-cycle is counted once up to rotation; its canonical rotation starts at the α-position
that is larger in descending lexicographic order (tuple comparison of canonical forms).
"""

from __future__ import annotations

from typing import NamedTuple

from gamegraph.games.alpha import alpha_moves
from gamegraph.games.partitions import Partition, canonical_key, in_t, is_separated, omega

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
    """Whether the four positions form a 4-cycle of G_n, checked from the definitions."""
    a, x, b, y = cycle
    n = sum(a)
    if a == b or any(sum(p) != n for p in cycle):
        return False
    if not (is_separated(a) and is_separated(b) and in_t(x) and in_t(y)):
        return False
    return x in alpha_moves(a) and omega(x) == b and y in alpha_moves(b) and omega(y) == a
