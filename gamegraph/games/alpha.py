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
from itertools import product

from gamegraph.games.partitions import Partition, in_t

__all__ = ["AlphaChoice", "alpha_choices", "alpha_moves", "apply_alpha"]


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
