"""Immediate losses of Floridian solitaire without G_n (seed 000, open question 2).

An immediate loss is an α-position with no legal α-move; it is a losing position, so one for
every n > 6 answers the question "is there a losing position for each n > 6?" (the paper
leaves n = 6m and 6m + 2 open).

**The progression family (a theorem).** Let b ≥ 3 and λ have the part sizes b, b + 2, …,
b + 2(L − 1) (each at least once, L ≥ 1) and exactly M parts, M = b − 2 or M = b − 4 (M ≥ 1).
Then λ is an immediate loss. Proof: λ is separated (its sizes differ by 2). A legal α-move
reduces every part of a size or none of them (SPEC.md §3), and λ has no 1-parts. If it
reduces the size b + 2i but not b + 2i − 2 (i ≥ 1), the sizes b + 2i − 1 and b + 2i − 2 sit
side by side and the result is not separated; so the reduced sizes are the j smallest ones,
j ≥ 1, and b is always reduced. No part vanishes (b − 1 ≥ 2), so λ2 has M + 1 parts and
contains b − 1: for M = b − 2, λ2 has a part equal to its number of parts b − 1, and for
M = b − 4 a part equal to that number plus 2. Either way λ2 ∉ T(n), so no α-move is legal. ∎

Its sizes: n = b·M + 2D where D = Σ i·m_i takes every value in 0..M(M − 1)/2 (raise one part
one level at a time), so n has the parity of b. With M = b − 2 and b = 2c this is every even
n in [4c² − 4c, 8c² − 14c + 6], and the next range starts at 4c² + 4c ≤ 8c² − 14c + 8 once
c ≥ 4: every even n ≥ 48. With b = 2c + 1 it is every odd n in [4c² − 1, 8c² − 6c + 1],
overlapping the next from c ≥ 4: every odd n ≥ 63; b = 7 (M = 5) gives the odd 35..55 and
b = 9, M = 5 the odd 45..65. So the family covers **every n ≥ 47** (:data:`FAMILY_FROM`;
:func:`family_covers` checks it without building a partition). For 7 ≤ n ≤ 46 it misses
n = 7, 9, 11, 13, 16, 18, 20, 22, 29, 31, 33, 46, and the witness is found among all
separated partitions of n.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gamegraph.games.floridian.alpha import alpha_moves
from gamegraph.games.partitions import Partition, is_separated, separated_partitions

__all__ = [
    "FAMILY_FROM",
    "LossWitness",
    "family_covers",
    "immediate_loss_witness",
    "immediate_loss_witnesses",
    "is_immediate_loss",
    "progression_loss",
]

FAMILY_FROM = 47
"""The progression family holds an immediate loss for every n >= this (proved in the module
text; the tests check :func:`family_covers` for every n up to 10^5)."""

SEARCH_LIMIT = 200
"""Below this n, a witness outside the family is searched among all separated partitions."""


@dataclass(frozen=True)
class LossWitness:
    """An immediate loss of n: the partition and how it was found."""

    n: int
    partition: Partition
    family: str  #: "progression b=.., M=.." or "search"


def is_immediate_loss(partition: Partition) -> bool:
    """λ ∈ S(n) with no legal α-move (checked with the reference α-move of :mod:`.alpha`)."""
    return is_separated(partition) and not alpha_moves(partition)


def _levels(m: int, d: int) -> list[int] | None:
    """Multiplicities m_0..m_{L-1} >= 1 with Σ m_i = m and Σ i·m_i = d, fewest levels L."""
    if d == 0:
        return [m]
    for levels in range(2, m + 1):
        low = levels * (levels - 1) // 2
        high = low + (m - levels) * (levels - 1)
        if d > high:
            continue
        counts = [1] * levels
        extra, spare = d - low, m - levels
        top, rest = divmod(extra, levels - 1)
        counts[-1] += top
        spare -= top
        if rest:
            counts[rest] += 1
            spare -= 1
        counts[0] += spare
        return counts
    return None


def _members(n: int) -> Iterator[tuple[int, int, int]]:
    """(b, M, D) of each member of the progression family of size n, largest b first.

    n - b·M is always even here: n - b is, and so is b·(M - 1) = b·(b - 3) or b·(b - 5).
    """
    for b in range(int(n**0.5) + 3, 2, -1):
        if (n - b) % 2:
            continue
        for m in (b - 2, b - 4):
            if m >= 1 and b * m <= n and (n - b * m) // 2 <= m * (m - 1) // 2:
                yield b, m, (n - b * m) // 2


def progression_loss(n: int) -> tuple[Partition, int, int] | None:
    """(λ, b, M) from the progression family for n (largest b first), or None."""
    for b, m, d in _members(n):
        counts = _levels(m, d)
        if counts is None:
            continue
        parts = [b + 2 * i for i, c in enumerate(counts) for _ in range(c)]
        return tuple(sorted(parts, reverse=True)), b, m
    return None


def family_covers(n: int) -> bool:
    """Whether the progression family has a member of size n (no partition is built)."""
    return any(True for _ in _members(n))


def immediate_loss_witness(n: int) -> LossWitness | None:
    """An immediate loss of n: from the family if it has one, else by search (n < 200)."""
    found = progression_loss(n)
    if found is not None:
        partition, b, m = found
        return LossWitness(n, partition, f"progression b={b}, M={m}")
    if n < SEARCH_LIMIT:
        # the first immediate loss among all separated partitions (descending order)
        searched = next((p for p in separated_partitions(n) if is_immediate_loss(p)), None)
        if searched is not None:
            return LossWitness(n, searched, "search")
    return None


def immediate_loss_witnesses(n_min: int, n_max: int) -> list[LossWitness | None]:
    """immediate_loss_witness(n) for n_min <= n <= n_max (None where none is known)."""
    return [immediate_loss_witness(n) for n in range(n_min, n_max + 1)]
