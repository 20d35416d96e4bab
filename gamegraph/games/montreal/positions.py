"""The positions of Montreal solitaire: the irreducible positions I(n) and the orbits X(n) of
the compositions, as a space (:class:`MontrealPositions`), and the move M on them.

Positions of size n form an infinite set ((1, 0^r, 1) is fixed for every r), so the graph is
built on the finite M-invariant set I(n) of irreducible positions, or on its subset X(n),
the union of the orbits of the 2^(n−1) zero-free compositions (``space="X"``).

Reducible: α = (…, 0^r, γ) has an inner zero gap of length r followed by the suffix γ with
r + len(γ) > max_t len(M^t γ). Such a gap is never crossed: γ's left end never comes within
one step of the part before it. A suffix of an irreducible position is irreducible, so

    I(n) = {zero-free compositions of n} ∪ {(β, 0^r, γ) : β zero-free, γ ∈ I(s), s < n,
                                            1 ≤ r ≤ slack(γ)},
    slack(γ) = max_t len(M^t γ) − len(γ),

each position arising once (β is its first block, r its first gap). I(1), I(2), … are built
in turn: M on I(s) (a compiled kernel) gives the orbits, hence the slack of every member,
which the larger sets are made from.

Positions are integers in stars and bars (:mod:`._kernels`); I(n) is the sorted array of its
codes and a position's index is its code's place in it (binary search). Index order is by
length, then lexicographic: index 0 is (n).
"""

from __future__ import annotations

import math
from collections.abc import Sequence as Sequence_
from functools import cached_property
from typing import Any, Literal

import numpy as np

from gamegraph.core.graphs import FunctionalGraph as CoreFunctionalGraph
from gamegraph.core.graphs import distance_to, functional_analysis, index_dtype, reverse
from gamegraph.core.notation import integers
from gamegraph.core.spaces import PositionError, Space, flat_rows
from gamegraph.games.montreal import A007075
from gamegraph.games.montreal import _kernels as mk

__all__ = [
    "MontrealClosureError",
    "MontrealPositionError",
    "MontrealPositions",
    "Sequence",
    "count_positions",
    "decode",
    "encode",
    "montreal_move",
    "parse_member",
    "parse_montreal",
]

Sequence = tuple[int, ...]
Which = Literal["I", "X"]

_GROWTH = 2.77
"""Growth of |I(n)| beyond n = 10 (|I(n)| / |I(n−1)| measured 2.761 at n = 18, rising)."""


class MontrealPositionError(PositionError):
    """Text or a tuple that is not a position of the Montreal graph asked for."""


class MontrealClosureError(RuntimeError):
    """M mapped a position of I(n) outside I(n) (the set would not be M-invariant)."""


def montreal_move(position: Sequence) -> Sequence:
    """M(α) by the block rule (β, 0^r, γ) ↦ (M(β), 0^(r−1), M(γ)), leading zeros trimmed."""
    return _trim(_block_move(_trim(tuple(position))))


def encode(position: Sequence) -> int:
    """Stars and bars: 1^(a_1) 0 1^(a_2) 0 … 0 1^(a_ℓ) as an integer."""
    code = 0
    for i, entry in enumerate(position):
        if i:
            code <<= 1
        code = (code << entry) | ((1 << entry) - 1)
    return code


def decode(code: int) -> Sequence:
    """Inverse of :func:`encode` (the code's first and last bits are 1)."""
    entries = [len(run) for run in bin(code)[2:].split("0")]
    return tuple(entries)


def count_positions(n: int) -> tuple[int, bool]:
    """|I(n)| (OEIS A007075) for n ≤ 10, extrapolated beyond; whether it is extrapolated."""
    if n <= len(A007075):
        return A007075[n - 1], False
    log_count = math.log(A007075[-1]) + (n - len(A007075)) * math.log(_GROWTH)
    return int(math.exp(min(log_count, 200.0))), True


def parse_montreal(text: str, n: int) -> Sequence:
    """A position from text: ``1,0,2``, ``1 0 2``, ``[1,0,2]``, ``(1, 0, 2)``; ``2^2`` is 2,2.

    Leading and trailing zeros are dropped (SPEC-games.md §3 identifies them away); the
    entries must sum to n.
    """
    if not isinstance(text, str):
        raise MontrealPositionError(f"a Montreal position is given as text, not {text!r}")
    try:
        entries = integers(text, positive=False, what="Montreal position")
    except PositionError as error:
        raise MontrealPositionError(str(error)) from None
    return check_position(entries, n)


def parse_member(text: str, n: int, space: str = "I") -> Sequence:
    """A position of I(n) (``space="I"``) or X(n) (``space="X"``) from text, as
    :func:`parse_montreal` reads it; MontrealPositionError, saying why, when it is none.

    Decided from the definitions, without building the graph: irreducible (no zero gap its
    suffix's orbit never closes), and for X(n) an orbit through a zero-free composition.
    """
    entries = parse_montreal(text, n)
    if not _is_irreducible(entries) or (space == "X" and not _orbit_has_composition(entries)):
        raise _not_a_member(entries, n, space)
    return entries


def _not_a_member(entries: Sequence, n: int, space: str) -> MontrealPositionError:
    """Why a position of size n is not in I(n) or X(n): reducible, or (for X(n)) reached
    by no zero-free composition."""
    if space == "X" and _is_irreducible(entries):
        return MontrealPositionError(
            f"{entries} is not in X({n}): no zero-free composition reaches it"
        )
    return MontrealPositionError(
        f"{entries} is not in I({n}): it is reducible (a zero gap that M never closes)"
    )


def check_position(position: object, n: int) -> Sequence:
    """``position`` trimmed of outer zeros, if its entries are ≥ 0 and sum to n."""
    if not isinstance(position, tuple | list) or not all(
        isinstance(e, int | np.integer) and not isinstance(e, bool) for e in position
    ):
        raise MontrealPositionError(
            f"a Montreal position is a tuple of nonnegative integers, not {position!r}"
        )
    entries = tuple(int(e) for e in position)
    if any(e < 0 for e in entries):
        raise MontrealPositionError(f"{entries} has a negative entry: entries are >= 0")
    if sum(entries) != n:
        raise MontrealPositionError(f"{entries} has size {sum(entries)}, not n = {n}")
    return _trim(entries)


class MontrealPositions(Space[Sequence]):
    """I(n), or X(n) with ``which="X"``, in index order (see the module docstring); M on them
    is :attr:`successor`, found while the set is built."""

    order = "by length, then lexicographic: (n) first"

    def __init__(self, n: int, which: Which = "I") -> None:
        self.n, self.which = n, which
        codes, lengths, successor = _irreducible(n)
        if which == "X":
            seeds = np.isin(codes, mk.composition_codes(n)[0])
            # reached by moves from a seed: a way back to the seeds on the reversed graph
            keep = distance_to(reverse(CoreFunctionalGraph(successor)), seeds) >= 0
            renumber = np.cumsum(keep) - 1
            codes, lengths = codes[keep], lengths[keep]
            successor = renumber[successor[keep]].astype(successor.dtype)
        self.codes, self.lengths, self.successor = codes, lengths, successor

    def __repr__(self) -> str:
        return f"MontrealPositions({self.n}, {self.which!r})"

    def cardinality(self) -> int:
        return int(self.codes.shape[0])

    def rank(self, position: Sequence) -> int:
        entries = check_position(position, self.n)
        code = encode(entries)
        place = int(np.searchsorted(self.codes, code))
        if place < self.cardinality() and int(self.codes[place]) == code:
            return place
        raise _not_a_member(entries, self.n, self.which)

    def unrank(self, index: int) -> Sequence:
        return decode(int(self.codes[self._index(index)]))

    @cached_property
    def _all(self) -> tuple[np.ndarray, np.ndarray]:
        entries = np.empty(int(self.lengths.sum()), dtype=np.uint8)
        offsets = np.empty(self.cardinality() + 1, dtype=np.int64)
        mk.decode_all(self.n, self.codes, self.lengths, entries, offsets)
        return entries, offsets

    def unrank_range(self, lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
        """The entries of the positions lo..hi − 1, flat, with int64 offsets."""
        entries, offsets = self._all
        return entries[offsets[lo] : offsets[hi]], offsets[lo : hi + 1] - offsets[lo]

    def unrank_many(self, ids: np.ndarray | Sequence_[int]) -> tuple[np.ndarray, np.ndarray]:
        chosen = self._check_ids(ids)
        flat, offsets = flat_rows([decode(int(code)) for code in self.codes[chosen].tolist()])
        return flat.astype(np.uint8), offsets

    def encode(self, position: Sequence) -> tuple[int, ...]:
        return tuple(position)

    def decode(self, row: Sequence_[int]) -> Sequence:
        return tuple(int(v) for v in row)

    def row_width(self) -> int:
        return int(self.lengths.max()) if self.cardinality() else 0

    def max_entry(self) -> int:
        return self.n

    def canonical(self, position: Any) -> Sequence:
        return _trim(tuple(int(v) for v in position))

    def parse(self, text: str) -> Sequence:
        return parse_member(text, self.n, self.which)

    def format(self, position: Sequence) -> str:
        return ",".join(map(str, position))

    def notation(self, position: Sequence) -> str:
        return f"({self.format(position)})"


# --------------------------------------------------------------------------- I(n)


def _irreducible(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Codes, lengths and M-successor indices of I(n), built through I(2), …, I(n − 1)."""
    # members of I(s) with slack ≥ 1 (the only ones a larger position can end with); I(1) =
    # {(1)}, a fixed point of length 1, has none
    suffixes: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    for s in range(2, n):
        codes, lengths = _generate(s, suffixes)
        successor = _successor_indices(s, codes, lengths)
        orbits = functional_analysis(CoreFunctionalGraph(successor))
        cycle_of, distance = orbits.cycle_of, orbits.distance
        longest = mk.orbit_maximum(successor, cycle_of, distance, lengths, orbits.cycle_count)
        slack = longest - lengths
        keep = slack >= 1
        suffixes[s] = (codes[keep], lengths[keep], slack[keep])
    codes, lengths = _generate(n, suffixes)
    return codes, lengths, _successor_indices(n, codes, lengths)


def _generate(
    size: int, suffixes: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]
) -> tuple[np.ndarray, np.ndarray]:
    """Sorted codes and lengths of I(size) from the slack of the smaller sets."""
    first_codes, first_lengths = mk.composition_codes(size)
    code_parts, length_parts = [first_codes], [first_lengths]
    for s, (gamma, gamma_len, gamma_slack) in suffixes.items():
        if gamma.size == 0:
            continue
        beta, beta_len = mk.composition_codes(size - s)
        gamma_width = s + gamma_len - 1
        for r in range(int(gamma_slack.max()), 0, -1):  # in any order: sorted below
            fits = gamma_slack >= r
            shift = r + 1 + gamma_width[fits]
            code_parts.append(((beta[:, None] << shift[None, :]) | gamma[fits][None, :]).ravel())
            length_parts.append((beta_len[:, None] + r + gamma_len[fits][None, :]).ravel())
    codes = np.concatenate(code_parts)
    lengths = np.concatenate(length_parts)
    order = np.argsort(codes, kind="stable")
    return codes[order], lengths[order]


def _successor_indices(size: int, codes: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Index of M(α) for every α of I(size) (MontrealClosureError if one falls outside)."""
    out_codes = np.empty_like(codes)
    out_lengths = np.empty_like(lengths)
    mk.montreal_successors(size, codes, lengths, out_codes, out_lengths)
    place = np.minimum(np.searchsorted(codes, out_codes), codes.size - 1)
    missing = np.flatnonzero(codes[place] != out_codes)
    if missing.size:
        first = int(missing[0])
        raise MontrealClosureError(
            f"M{decode(int(codes[first]))} = {decode(int(out_codes[first]))} is not in "
            f"I({size}): I({size}) is not M-invariant"
        )
    return place.astype(index_dtype(codes.size))


# --------------------------------------------------------------------------- scalar rules


def _trim(entries: Sequence) -> Sequence:
    """The entries without their leading and trailing zeros."""
    nonzero = [i for i, entry in enumerate(entries) if entry]
    return entries[nonzero[0] : nonzero[-1] + 1] if nonzero else ()


def _block_move(entries: Sequence) -> Sequence:
    """M without trimming: the image of a sequence starting with a positive block."""
    c = 0
    while c < len(entries) and entries[c] > 0:
        c += 1
    beta = (*(a - 1 for a in entries[:c]), c)
    if c == len(entries):
        return beta
    r = 0
    while entries[c + r] == 0:
        r += 1
    return (*beta, *([0] * (r - 1)), *_block_move(entries[c + r :]))


def _is_irreducible(entries: Sequence) -> bool:
    """The definition, on one position: no zero gap that the suffix's orbit never closes."""
    i = 0
    while i < len(entries):
        if entries[i] == 0:
            r = 0
            while entries[i + r] == 0:
                r += 1
            gamma = entries[i + r :]
            if r + len(gamma) > _orbit_longest(gamma):
                return False
            i += r
        else:
            i += 1
    return True


def _orbit_has_composition(position: Sequence) -> bool:
    """Whether the (periodic) orbit of a position of I(n) passes a zero-free composition."""
    current = position
    while True:
        if 0 not in current:
            return True
        current = montreal_move(current)
        if current == position:
            return False


def _orbit_longest(position: Sequence) -> int:
    """max_t len(M^t(position)) over the (periodic) orbit."""
    seen = {position}
    longest = len(position)
    current = montreal_move(position)
    while current not in seen:
        seen.add(current)
        longest = max(longest, len(current))
        current = montreal_move(current)
    return longest
