"""Austrian solitaire: the functional graph of A on the states (μ, b) of n cards.

A state is (μ, b): μ a partition with every part ≤ L, b the bank, |μ| + b = n. The move
(SPEC-games.md §2):

    A(μ, b) = (sort((μ_i − 1 : μ_i > 1) ∪ {L}^q), r),   b + ℓ(μ) = qL + r, 0 ≤ r < L.

State space: b ∈ 0..L−1 (closed under A: the spec's reading of the seed). With
``bank_up_to_L`` the states with b = L are added too (the seed's initial deals allow a bank
of L cards); they have no predecessor. Either way b ≤ n.

States are ranked exactly (:mod:`._kernels`): bank by bank, then μ in descending
lexicographic order. Keys are ``3,3,1|2`` (μ's canonical key, a bar, the bank; ``|5`` for an
empty μ).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.errors import InputError
from gamegraph.games.austrian import _kernels as ak
from gamegraph.games.engine import parse_ordered_partition
from gamegraph.games.engine.functional import (
    FunctionalGraph,
    analysis_bytes_per_position,
    check_estimate,
    check_int,
    index_dtype,
)
from gamegraph.games.limits import Estimate, TooLargeError
from gamegraph.games.partitions import Partition, PartitionError, canonical_key, paper_notation

if TYPE_CHECKING:
    from gamegraph.games.austrian import Austrian
    from gamegraph.games.base import Progress

__all__ = [
    "AustrianGraph",
    "AustrianState",
    "AustrianStateError",
    "austrian_move",
    "austrian_state_count",
    "build_austrian",
    "estimate_austrian",
    "parse_austrian",
    "state_key",
]

AustrianState = tuple[Partition, int]

#: counts of states are exact (float DP) up to this much work, else an upper bound
_EXACT_COUNT_WORK = 10**7
#: the rank table is (n + 1) x (min(L, n) + 1) int64, plus the walk's buffers
_BASE_BYTES = 64 * 2**20


class AustrianStateError(InputError):
    """Text or a tuple that is not a state (μ, b) of the Austrian graph asked for."""


def austrian_move(state: AustrianState, L: int) -> AustrianState:
    """A(μ, b): every pile gives a card to the bank, then piles of L are bought from it."""
    piles, bank = state
    q, r = divmod(bank + len(piles), L)
    reduced = [part - 1 for part in piles if part > 1]
    return tuple(sorted(reduced + [L] * q, reverse=True)), r


def austrian_state_count(n: int, L: int, *, bank_up_to_L: bool = False) -> int:
    """Exact number of states: Σ_b (partitions of n − b into parts ≤ L), b = 0..max bank."""
    n = check_int("n", n, 1)
    L = check_int("L", L, 1)
    table = ak.restricted_table(n, min(L, n))
    return int(sum(int(table[n - b, min(L, n)]) for b in range(_banks(n, L, bank_up_to_L))))


def estimate_austrian(n: int, L: int, *, bank_up_to_L: bool = False) -> Estimate:
    """States, arcs and peak bytes of :func:`build_austrian`; instant for any n and L.

    The count is exact (a float dynamic programme) when n · min(L, n) is small, else an
    upper bound: P(m, L) ≤ C(m + L(L+1)/2 − 1, L − 1) / L! and p(m) < exp(π √(2m/3)).
    """
    n = check_int("n", n, 1)
    L = check_int("L", L, 1)
    banks = _banks(n, L, bank_up_to_L)
    cap = min(L, n)
    if n * cap <= _EXACT_COUNT_WORK:
        counts = _float_counts(n, cap)
        positions_f = float(sum(counts[n - b] for b in range(banks)))
    else:
        log_binomial = (
            math.lgamma(n + cap * (cap + 1) / 2)
            - math.lgamma(cap)
            - math.lgamma(n + cap * (cap - 1) / 2 + 1)
            - math.lgamma(cap + 1)
        )
        log_count = min(log_binomial, math.pi * math.sqrt(2 * n / 3)) + math.log(banks)
        positions_f = math.exp(min(log_count, 200.0))
    positions = int(min(positions_f, 2.0**200))
    per_position = analysis_bytes_per_position(positions) if positions < 2**62 else 32
    table_bytes = 8 * (n + 1) * (cap + 1)
    return Estimate(positions, positions, positions * per_position + table_bytes + _BASE_BYTES)


def parse_austrian(text: str, n: int, L: int, *, bank_up_to_L: bool = False) -> AustrianState:
    """A state from text ``μ | b``: ``3,3,1|2``, ``3 3 1 | 2``, ``1 3^2 | 2``, ``|5`` (μ empty).

    μ is written largest pile first or in the papers' ascending notation
    (:func:`gamegraph.games.engine.game.parse_ordered_partition`); piles in another order
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


def state_key(state: AustrianState) -> str:
    """The key of a state: μ's canonical key, a bar, the bank (``3,3,1|2``; ``|5``)."""
    piles, bank = state
    return f"{canonical_key(piles)}|{bank}"


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


@dataclass(frozen=True, eq=False)
class AustrianGraph(FunctionalGraph):
    """The Austrian graph of (n, L) with its analysis; arrays are indexed by state index."""

    n: int
    L: int
    bank_up_to_L: bool
    offsets: np.ndarray = field(repr=False)  #: first index of each bank value, then the size
    table: np.ndarray = field(repr=False)  #: P[r, k], r ≤ n, k ≤ min(L, n)

    @property
    def cap(self) -> int:
        """The largest possible pile, min(L, n)."""
        return min(self.L, self.n)

    @cached_property
    def bank(self) -> np.ndarray:
        """The bank of every state."""
        counts = np.diff(self.offsets)
        return np.repeat(np.arange(counts.shape[0], dtype=np.int64), counts)

    def position(self, index: int) -> AustrianState:
        """The state (μ, b) with the given index (unranking)."""
        index = self.check_index(index)
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

    def index(self, position: AustrianState | str) -> int:
        """Index of a state given as (μ, b) or as text (see :func:`parse_austrian`)."""
        if isinstance(position, str):
            mu, b = parse_austrian(position, self.n, self.L, bank_up_to_L=self.bank_up_to_L)
        else:
            mu, b = check_state(position, self.n, self.L, bank_up_to_L=self.bank_up_to_L)
        remaining = self.n - b
        below = 0
        for part in mu:
            below += int(self.table[remaining, part - 1])
            remaining -= part
        return int(self.offsets[b]) + int(self.table[self.n - b, self.cap]) - 1 - below

    def flat_parts(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every state in index order: μ as flat uint16 parts with int64 offsets, and b."""
        banks = self.offsets.shape[0] - 1
        total = int(ak.austrian_total_parts(self.n, self.cap, banks))
        parts = np.empty(total, dtype=np.uint16 if self.cap < 2**16 else np.int64)
        offsets = np.empty(self.size + 1, dtype=np.int64)
        bank = np.empty(self.size, dtype=np.int64)
        ak.austrian_parts(self.n, self.cap, banks, parts, offsets, bank)
        return parts, offsets, bank

    def keys(self) -> list[str]:
        """The key ``3,3,1|2`` of every state, in index order."""
        text = ak.format_states(*self.flat_parts()).tobytes().decode()
        return text.split("\n")[:-1]

    def notation(self, index: int) -> str:
        """Paper notation of μ, a bar, the bank: ``1 3^2 | 2`` (``| 5`` for empty μ)."""
        mu, b = self.position(index)
        return f"{paper_notation(mu)} | {b}".lstrip()

    def stats(self) -> dict[str, Any]:
        """n, L, then the :meth:`FunctionalGraph.summary` keys."""
        return {"n": self.n, "L": self.L, **self.summary()}


def build_austrian(
    n: int, L: int, *, bank_up_to_L: bool = False, force: bool = False
) -> AustrianGraph:
    """Build and analyse the Austrian graph of n cards with parameter L.

    ``bank_up_to_L`` adds the states with a bank of exactly L cards (off: b < L, the space
    that A maps into itself). Refuses sizes over the memory limit unless ``force``.
    """
    n = check_int("n", n, 1)
    L = check_int("L", L, 1)
    name = f"the Austrian graph of n = {n}, L = {L}"
    estimate = check_estimate(name, estimate_austrian(n, L, bank_up_to_L=bank_up_to_L), force)
    if estimate.nodes >= 2**62:
        raise TooLargeError(f"{name} has ~{estimate.nodes:.3e} states: too many to index")
    cap = min(L, n)
    banks = _banks(n, L, bank_up_to_L)
    table = ak.restricted_table(n, cap)
    counts = np.array([table[n - b, cap] for b in range(banks)], dtype=np.int64)
    offsets = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
    size = int(offsets[-1])
    successor = np.empty(size, dtype=index_dtype(size))
    ak.austrian_successors(n, L, cap, banks, table, offsets, successor)
    return AustrianGraph.from_successor(
        successor, n=n, L=L, bank_up_to_L=bank_up_to_L, offsets=offsets, table=table
    )


def _banks(n: int, L: int, bank_up_to_L: bool) -> int:
    """Number of bank values: b = 0..min(n, L − 1), or 0..min(n, L) with ``bank_up_to_L``."""
    return min(n, L if bank_up_to_L else L - 1) + 1


def _float_counts(n: int, cap: int) -> np.ndarray:
    """P(m, cap) for m = 0..n as floats: one cumulative sum per part size (no recursion)."""
    counts = np.zeros(n + 1, dtype=np.float64)
    counts[0] = 1.0
    for part in range(1, cap + 1):
        padded = np.zeros(-(-(n + 1) // part) * part, dtype=np.float64)
        padded[: n + 1] = counts
        counts = np.cumsum(padded.reshape(-1, part), axis=0).reshape(-1)[: n + 1]
    return counts


# --------------------------------------------------------------------------- Game.engine hooks


def estimate(game: Austrian) -> Estimate:
    return estimate_austrian(game.n, game.L, bank_up_to_L=game.bank_up_to_L)


def build(
    game: Austrian, *, force: bool = False, progress: Progress | None = None
) -> AustrianGraph:
    return build_austrian(game.n, game.L, bank_up_to_L=game.bank_up_to_L, force=force)


def parse_position(game: Austrian, text: str) -> str:
    return state_key(parse_austrian(text, game.n, game.L, bank_up_to_L=game.bank_up_to_L))
