"""The states of Austrian solitaire as a space (:class:`~gamegraph.core.spaces.Space`).

A state is (μ, b): μ a partition with every part ≤ L, b the bank, |μ| + b = n. The bank holds
0..L−1 cards (the states A maps into themselves: the spec's reading of the seed), or with
``bank_up_to_L`` also exactly L (the seed's initial deals allow it; those states have no
predecessor); either way b ≤ n. States are ranked exactly (:mod:`._kernels`): bank by bank,
then μ in descending lexicographic order. A state's row is (b, μ_1, μ_2, ...); its key is
``3,3,1|2`` (μ's canonical key, a bar, the bank; ``|5`` for an empty μ) and its notation
``1 3^2 | 2``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cached_property
from itertools import pairwise
from typing import Any

import numpy as np

from gamegraph.core.spaces import PositionError, Space
from gamegraph.games.austrian import _kernels as ak
from gamegraph.games.model import partition_texts
from gamegraph.games.partitions import (
    Partition,
    PartitionError,
    canonical_key,
    paper_notation,
    parse_ordered_partition,
)

__all__ = [
    "AustrianState",
    "AustrianStateError",
    "AustrianStates",
    "check_state",
    "count_states",
    "mean_row",
    "parse_austrian",
    "state_key",
    "state_texts",
]

AustrianState = tuple[Partition, int]

_EXACT_COUNT_WORK = 10**7
"""Counts of states are exact (a float dynamic programme) up to this much work, else an
upper bound."""


class AustrianStateError(PositionError):
    """Text or a tuple that is not a state (μ, b) of the Austrian graph asked for."""


def banks(n: int, L: int, bank_up_to_L: bool) -> int:
    """Number of bank values: b = 0..min(n, L − 1), or 0..min(n, L) with ``bank_up_to_L``."""
    return min(n, L if bank_up_to_L else L - 1) + 1


def count_states(n: int, L: int, bank_up_to_L: bool = False) -> tuple[int, bool]:
    """The number of states, and whether it is an upper bound rather than exact; instant for
    any n and L: a float dynamic programme when n · min(L, n) is small, else
    P(m, L) ≤ C(m + L(L+1)/2 − 1, L − 1) / L! and p(m) < exp(π √(2m/3))."""
    count = banks(n, L, bank_up_to_L)
    cap = min(L, n)
    if n * cap <= _EXACT_COUNT_WORK:
        counts, _ = _float_counts(n, cap)
        exact = float(sum(counts[n - b] for b in range(count)))
        return int(min(exact, 2.0**200)), exact >= 2.0**53
    log_binomial = (
        math.lgamma(n + cap * (cap + 1) / 2)
        - math.lgamma(cap)
        - math.lgamma(n + cap * (cap - 1) / 2 + 1)
        - math.lgamma(cap + 1)
    )
    log_count = min(log_binomial, math.pi * math.sqrt(2 * n / 3)) + math.log(count)
    return int(min(math.exp(min(log_count, 200.0)), 2.0**200)), True


def _float_counts(n: int, cap: int) -> tuple[np.ndarray, np.ndarray]:
    """P(m, cap) for m = 0..n as floats, and the number of parts of those partitions in all:
    one cumulative sum per part size (no recursion). Adding the parts of size k, a partition
    with j of them comes from one of m − jk: counts sum over j, parts add j a partition."""
    counts = np.zeros(n + 1, dtype=np.float64)
    counts[0] = 1.0
    parts = np.zeros(n + 1, dtype=np.float64)
    for part in range(1, cap + 1):

        def by_j(values: np.ndarray, part: int = part) -> np.ndarray:
            padded = np.zeros(-(-(n + 1) // part) * part, dtype=np.float64)
            padded[: n + 1] = values
            return np.cumsum(padded.reshape(-1, part), axis=0)

        summed = by_j(counts)  # Σ_j j · P(m − jk) is the sum of those sums below m
        parts = (by_j(parts) + np.cumsum(summed, axis=0) - summed).reshape(-1)[: n + 1]
        counts = summed.reshape(-1)[: n + 1]
    return counts, parts


def mean_row(n: int, L: int, bank_up_to_L: bool = False) -> float:
    """The mean number of entries of a state's row (b, μ_1, ...): 1 + ℓ(μ) on average over
    the states, exact where :func:`count_states` is, else n + 1 (the longest row)."""
    cap = min(L, n)
    if n * cap > _EXACT_COUNT_WORK:
        return float(n + 1)
    counts, parts = _float_counts(n, cap)
    held = range(n - banks(n, L, bank_up_to_L) + 1, n + 1)
    return 1.0 + float(sum(parts[m] for m in held) / sum(counts[m] for m in held))


def state_key(state: AustrianState) -> str:
    """The key of a state: μ's canonical key, a bar, the bank (``3,3,1|2``; ``|5``)."""
    piles, bank = state
    return f"{canonical_key(piles)}|{bank}"


def state_texts(
    parts: np.ndarray, offsets: np.ndarray, bank: np.ndarray, rows: np.ndarray, paper: bool
) -> list[str]:
    """The keys (``3,3,1|2``; ``paper``: ``1 3^2 | 2``) of the states ``rows`` of μ as flat
    parts cut at ``offsets`` and their banks, μ by a compiled formatter."""
    piles = partition_texts(parts, offsets, rows.astype(np.int64), paper=paper)
    between = " | " if paper else "|"
    return [f"{mu}{between}{b}".lstrip() for mu, b in zip(piles, bank[rows].tolist(), strict=True)]


def check_state(state: object, n: int, L: int, *, bank_up_to_L: bool = False) -> AustrianState:
    """``state`` as (μ, b) if it is a state of the graph (n, L), else AustrianStateError."""
    if not (isinstance(state, tuple | list) and len(state) == 2):
        raise AustrianStateError(f"an Austrian state is a pair (piles, bank), not {state!r}")
    piles, bank = state
    if not isinstance(piles, tuple | list) or not all(
        isinstance(p, int | np.integer) and not isinstance(p, bool) for p in piles
    ):
        raise AustrianStateError(f"the piles of a state are a tuple of integers, not {piles!r}")
    if isinstance(bank, bool) or not isinstance(bank, int | np.integer):
        raise AustrianStateError(f"the bank of a state is an integer, not {bank!r}")
    mu = tuple(int(p) for p in piles)
    b = int(bank)
    top = L if bank_up_to_L else L - 1
    if any(p < 1 or p > L for p in mu):
        raise AustrianStateError(f"piles {mu}: every pile holds 1..L = 1..{L} cards")
    if any(x < y for x, y in pairwise(mu)):
        raise AustrianStateError(f"piles {mu} are not nonincreasing: give them largest first")
    if not 0 <= b <= top:
        raise AustrianStateError(f"bank {b} is out of range: the bank holds 0..{top} cards")
    if sum(mu) + b != n:
        raise AustrianStateError(f"piles {mu} and bank {b} hold {sum(mu) + b} cards, not n = {n}")
    return mu, b


def parse_austrian(text: str, n: int, L: int, *, bank_up_to_L: bool = False) -> AustrianState:
    """A state from text ``μ | b``: ``3,3,1|2``, ``3 3 1 | 2``, ``1 3^2 | 2``, ``|5`` (μ empty).

    μ is written largest pile first or in the papers' ascending notation
    (:func:`gamegraph.games.partitions.parse_ordered_partition`); piles in another order
    are a composition and refused.
    """
    if not isinstance(text, str) or text.count("|") != 1:
        raise AustrianStateError(
            f"an Austrian state is written 'piles | bank', e.g. '3,3,1|2', not {text!r}"
        )
    left, right = (side.strip() for side in text.split("|"))
    try:
        piles = parse_ordered_partition(left) if left else ()
    except PartitionError as error:
        raise AustrianStateError(f"bad piles in {text!r}: {error}") from None
    if not right.isdigit():
        raise AustrianStateError(
            f"bad bank {right!r} in {text!r}: the bank is a nonnegative integer"
        )
    return check_state((piles, int(right)), n, L, bank_up_to_L=bank_up_to_L)


class AustrianStates(Space[AustrianState]):
    """The states (μ, b) of n cards with piles of at most L (see the module docstring)."""

    order = "bank by bank, 0 first; within a bank the piles in descending lexicographic order"

    def __init__(self, n: int, L: int, bank_up_to_L: bool = False) -> None:
        self.n, self.L, self.bank_up_to_L = n, L, bank_up_to_L
        self.cap = min(L, n)
        self.banks = banks(n, L, bank_up_to_L)
        self.table = ak.restricted_table(n, self.cap)
        counts = [int(self.table[n - b, self.cap]) for b in range(self.banks)]
        self.offsets = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
        """The first index of each bank value, then the size."""

    def __repr__(self) -> str:
        extra = ", bank_up_to_L=True" if self.bank_up_to_L else ""
        return f"AustrianStates({self.n}, L={self.L}{extra})"

    def cardinality(self) -> int:
        return int(self.offsets[-1])

    def rank(self, position: AustrianState) -> int:
        mu, b = check_state(position, self.n, self.L, bank_up_to_L=self.bank_up_to_L)
        remaining = self.n - b
        below = 0
        for part in mu:
            below += int(self.table[remaining, part - 1])
            remaining -= part
        return int(self.offsets[b]) + int(self.table[self.n - b, self.cap]) - 1 - below

    def unrank(self, index: int) -> AustrianState:
        index = self._index(index)
        b = int(np.searchsorted(self.offsets, index, side="right")) - 1
        remaining = self.n - b
        below = int(self.table[remaining, self.cap]) - 1 - (index - int(self.offsets[b]))
        parts: list[int] = []
        cap = min(self.cap, remaining)
        while remaining:
            v = 1
            while v < cap and self.table[remaining, v] <= below:
                v += 1
            below -= int(self.table[remaining, v - 1])
            parts.append(v)
            remaining -= v
            cap = v
        return tuple(parts), b

    @cached_property
    def _all(self) -> tuple[np.ndarray, np.ndarray]:
        """Every state's row (b, μ_1, ...) in index order, flat, with offsets."""
        total = int(ak.austrian_total_parts(self.n, self.cap, self.banks))
        small = np.min_scalar_type(self.max_entry())  # a byte an entry for L < 256, not 8
        parts = np.empty(total, dtype=small)
        offsets = np.empty(self.cardinality() + 1, dtype=np.int64)
        bank = np.empty(self.cardinality(), dtype=small)
        ak.austrian_parts(self.n, self.cap, self.banks, parts, offsets, bank)
        rows = np.insert(parts, offsets[:-1], bank)
        return rows, offsets + np.arange(offsets.shape[0], dtype=np.int64)

    def unrank_many(self, ids: np.ndarray | Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
        ids = self._check_ids(ids)
        rows, offsets = self._all
        lengths = offsets[ids + 1] - offsets[ids]
        starts = np.repeat(offsets[ids] - np.concatenate(([0], np.cumsum(lengths)[:-1])), lengths)
        picked = rows[np.arange(int(lengths.sum())) + starts]
        return picked, np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)

    def encode(self, position: AustrianState) -> tuple[int, ...]:
        mu, b = position
        return (b, *mu)

    def decode(self, row: Sequence[int]) -> AustrianState:
        values = tuple(int(v) for v in row)
        return values[1:], values[0]

    def row_width(self) -> int:
        return self.n + 1

    def max_entry(self) -> int:
        return max(self.cap, self.banks - 1)

    def canonical(self, position: Any) -> AustrianState:
        mu, b = position
        return tuple(sorted((int(p) for p in mu), reverse=True)), int(b)

    def parse(self, text: str) -> AustrianState:
        return parse_austrian(text, self.n, self.L, bank_up_to_L=self.bank_up_to_L)

    def format(self, position: AustrianState) -> str:
        return state_key(position)

    def notation(self, position: AustrianState) -> str:
        mu, b = position
        return f"{paper_notation(mu)} | {b}".lstrip()

    def keys(self) -> list[str]:
        """The key of every state in index order (μ's keys by a compiled formatter)."""
        parts, offsets, bank = self.piles()
        return state_texts(parts, offsets, bank, np.arange(bank.shape[0]), paper=False)

    @property
    def bank(self) -> np.ndarray:
        """The bank of every state, in index order."""
        counts = np.diff(self.offsets)
        return np.repeat(np.arange(counts.shape[0], dtype=np.int64), counts)

    def piles(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every state in index order: μ as flat parts with int64 offsets, and its bank."""
        rows, offsets = self._all
        bank = rows[offsets[:-1]]
        mu = np.delete(rows, offsets[:-1])
        return mu, offsets - np.arange(offsets.shape[0], dtype=np.int64), bank
