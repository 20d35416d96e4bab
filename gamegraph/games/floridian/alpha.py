"""The α-move of Floridian solitaire (SPEC.md §3), scalar reference implementation.

From λ1 choose s >= 1 parts, reduce each by 1 (parts reaching 0 vanish) and add a part s,
giving λ2; the move is legal iff λ2 != λ1 and λ2 ∈ T(n). A choice that reduces some but not
all parts of a size m > 1 always leaves m and m - 1 side by side, so the candidate choices
are: all-or-none for each distinct size > 1, times 0..(number of 1s) ones removed.

The bulk engine (:mod:`gamegraph.games.floridian`) computes the same arcs with compiled
kernels; the tests hold the two to each other.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from gamegraph.games.partitions import Partition, in_t, is_separated

__all__ = [
    "AlphaChoice",
    "alpha_arc_choice",
    "alpha_choices",
    "alpha_moves",
    "apply_alpha",
    "is_alpha_arc",
]


@dataclass(frozen=True, order=True)
class AlphaChoice:
    """The parts an α-move reduces: all parts of each size in ``sizes``, and ``ones`` 1-parts."""

    sizes: tuple[int, ...]
    ones: int

    def count(self, partition: Partition) -> int:
        """s, the number of parts reduced (the size of the new part)."""
        counts = Counter(partition)
        return sum(counts[size] for size in self.sizes) + self.ones


def apply_alpha(partition: Partition, choice: AlphaChoice) -> Partition:
    """λ2 for the given choice; legality (λ2 ∈ T(n), λ2 != λ1) is not checked here."""
    counts = Counter(partition)
    if any(size <= 1 or size not in counts for size in choice.sizes):
        raise ValueError(f"sizes {choice.sizes} are not sizes > 1 of {partition}")
    if not 0 <= choice.ones <= counts[1]:
        raise ValueError(f"cannot remove {choice.ones} ones from {partition}")
    chosen = set(choice.sizes)
    result = [part - 1 if part in chosen else part for part in partition if part > 1]
    result += [1] * (counts[1] - choice.ones)
    s = choice.count(partition)
    if s == 0:
        raise ValueError("an α-move reduces at least one part")
    result.append(s)
    return tuple(sorted(result, reverse=True))


def alpha_choices(partition: Partition) -> list[AlphaChoice]:
    """Every candidate choice (s >= 1) before the legality check, in a fixed order."""
    counts = Counter(partition)
    big = sorted(size for size in counts if size > 1)
    choices = []
    for mask in product((False, True), repeat=len(big)):
        sizes = tuple(size for size, take in zip(big, mask, strict=True) if take)
        for ones in range(counts[1] + 1):
            if sizes or ones:
                choices.append(AlphaChoice(sizes, ones))
    return choices


def alpha_moves(partition: Partition) -> list[Partition]:
    """α(λ1): the distinct legal λ2 (in T(n), different from λ1), sorted descending."""
    results = set()
    for choice in alpha_choices(partition):
        moved = apply_alpha(partition, choice)
        if moved != partition and in_t(moved):
            results.add(moved)
    return sorted(results, reverse=True)


@lru_cache(maxsize=1 << 16)
def alpha_arc_choice(source: Partition, target: Partition) -> AlphaChoice | None:
    """The α-choice of the arc [source, α] → [target, Ω] of G_n, or None if it is not an arc.

    Arcs of G_n start at separated positions and end in T(n) at a different position. Instead
    of trying all 2^(#sizes) choices, the choice is reconstructed: fix the new part p of target
    and let R = target - {p}; as no size v > 1 of source has v ± 1 beside it, v is reduced iff R
    has no part v, and the number of removed 1s follows from the count of 1s. Each candidate is
    confirmed with :func:`apply_alpha`.

    At most one choice fits a legal arc: if two did, take the largest size v reduced by one
    (c1) and not the other (c2). Counting v in the target gives c1's new part = v and one
    v-part in source, so c1's target holds v and v - 1 and is not separated. If both reduce
    the same sizes they differ in removed 1s and new part, which changes the multiset.
    Memoized, as the matcher asks the same arc once per pattern and m.
    """
    if target == source or sum(target) != sum(source):
        return None
    if not (is_separated(source) and in_t(target)):
        return None
    counts = Counter(source)
    target_counts = Counter(target)
    for new_part in sorted(target_counts):
        rest = target_counts.copy()
        rest[new_part] -= 1
        sizes = tuple(sorted(v for v in counts if v > 1 and rest[v] == 0))
        ones = counts[1] + (counts[2] if 2 in sizes else 0) - rest[1]
        if not 0 <= ones <= counts[1]:
            continue
        choice = AlphaChoice(sizes, ones)
        if choice.count(source) == new_part and apply_alpha(source, choice) == target:
            return choice
    return None


def is_alpha_arc(source: Partition, target: Partition) -> bool:
    """Whether [source, α] → [target, Ω] is an arc of G_n (source ∈ S(n), target ∈ alpha_moves)."""
    return alpha_arc_choice(source, target) is not None
