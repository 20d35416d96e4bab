"""Carolina solitaire: the functional graph of C on the 2^(n−1) compositions of n.

Positions are ranked exactly, without a table: a composition α = (α_1, …, α_c) of n is the
set of its cut points s_j = α_1 + … + α_j (1 ≤ j < c), and its index is

    index(α) = Σ_j 2^(n − 1 − s_j)        (a cut after the first s cards sets bit n − 1 − s).

This is a bijection onto 0..2^(n−1) − 1, and index order is descending lexicographic order
of the compositions, as for partitions elsewhere in gamegraph: index 0 is (n), then (n−1, 1),
(n−2, 2), (n−2, 1, 1), …, and the last index is 1^n (the first part decides the highest set
bit, a larger first part giving a lower one). The move is computed on these integers in a
compiled kernel (:mod:`._kernels`); no composition is materialised.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.errors import InputError
from gamegraph.games import _kernels as k
from gamegraph.games.carolina import MAX_N  # declared once, with the game's n parameter
from gamegraph.games.carolina import _kernels as ck
from gamegraph.games.engine.functional import (
    FunctionalGraph,
    analysis_bytes_per_position,
    check_estimate,
    check_int,
    index_dtype,
    parse_sequence,
)
from gamegraph.games.limits import Estimate

if TYPE_CHECKING:
    from gamegraph.games.base import Progress
    from gamegraph.games.carolina import Carolina

__all__ = [
    "MAX_N",
    "CarolinaGraph",
    "Composition",
    "CompositionError",
    "build_carolina",
    "carolina_move",
    "composition_index",
    "composition_of_index",
    "estimate_carolina",
    "parse_composition",
]

Composition = tuple[int, ...]

#: indices are int64 bit sets of the n − 1 cut points
#: the compiled successor loop and the analysis allocate nothing else per position
_BASE_BYTES = 64 * 2**20


class CompositionError(InputError):
    """A position that is not a composition of n (positive parts in order, sum n)."""


def carolina_move(composition: Composition) -> Composition:
    """C(α) = (c, α_1 − 1, …, α_c − 1) with the zero entries deleted (SPEC-games.md §1)."""
    return (len(composition), *(part - 1 for part in composition if part > 1))


def parse_composition(text: str, n: int) -> Composition:
    """A composition of n from text: ``3,1,2``, ``3 1 2``, ``[3,1,2]``, ``2^2,1`` (= 2,2,1).

    Order is kept (it is a composition, not a partition); every part must be positive.
    """
    return _checked(parse_sequence(text, "composition", CompositionError), n)


def composition_index(composition: Composition, n: int) -> int:
    """The index of a composition of n (the bijection of the module docstring)."""
    parts = _checked(composition, n)
    index = 0
    cut = 0
    for part in parts[:-1]:
        cut += part
        index |= 1 << (n - 1 - cut)
    return index


def composition_of_index(index: int, n: int) -> Composition:
    """Inverse of :func:`composition_index`."""
    parts: list[int] = []
    previous = 0
    for w in range(n - 2, -1, -1):
        if (index >> w) & 1:
            cut = n - 1 - w
            parts.append(cut - previous)
            previous = cut
    parts.append(n - previous)
    return tuple(parts)


def estimate_carolina(n: int) -> Estimate:
    """Positions, arcs and peak bytes of :func:`build_carolina` (2^(n−1) positions)."""
    n = check_int("n", n, 1)
    positions = 1 << (n - 1)
    per_position = analysis_bytes_per_position(positions) if n <= MAX_N else 32
    return Estimate(positions, positions, positions * per_position + _BASE_BYTES)


@dataclass(frozen=True, eq=False)
class CarolinaGraph(FunctionalGraph):
    """The Carolina graph of n with its analysis; arrays are indexed by composition index."""

    n: int

    def position(self, index: int) -> Composition:
        """The composition with the given index."""
        return composition_of_index(self.check_index(index), self.n)

    def index(self, position: Composition | str) -> int:
        """Index of a composition given as a tuple or as text (see :func:`parse_composition`)."""
        if isinstance(position, str):
            return composition_index(parse_composition(position, self.n), self.n)
        return composition_index(position, self.n)

    def flat_parts(self, rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Parts of the positions ``rows`` (default: all) as flat uint8 parts and offsets."""
        rows = np.arange(self.size, dtype=np.int64) if rows is None else np.asarray(rows)
        rows = rows.astype(np.int64, copy=False)
        parts = np.empty(ck.total_parts(rows), dtype=np.uint8)
        offsets = np.empty(rows.shape[0] + 1, dtype=np.int64)
        ck.composition_parts(self.n, rows, parts, offsets)
        return parts, offsets

    def keys(self) -> list[str]:
        """The canonical key of every position in index order: parts in order, ``3,1,2``."""
        parts, offsets = self.flat_parts()
        rows = np.arange(self.size, dtype=np.int64)
        text = k.format_partitions(parts, offsets, rows, False).tobytes().decode()
        return text.split("\n")[:-1]

    def notation(self, index: int) -> str:
        """The seed's notation of a composition: ``(3,1,2)``."""
        return "(" + ",".join(map(str, self.position(index))) + ")"

    def stats(self) -> dict[str, Any]:
        """n, then the :meth:`FunctionalGraph.summary` keys."""
        return {"n": self.n, **self.summary()}


def build_carolina(n: int, *, force: bool = False) -> CarolinaGraph:
    """Build and analyse the Carolina graph of n (refuses sizes over the memory limit)."""
    n = check_int("n", n, 1, MAX_N)
    check_estimate(f"the Carolina graph of n = {n}", estimate_carolina(n), force)
    size = 1 << (n - 1)
    successor = np.empty(size, dtype=index_dtype(size))
    ck.carolina_successors(n, successor)
    return CarolinaGraph.from_successor(successor, n=n)


def _checked(parts: object, n: int) -> Composition:
    if not isinstance(parts, tuple | list) or not parts:
        raise CompositionError(
            f"a composition is a nonempty tuple of positive parts, not {parts!r}"
        )
    if not all(isinstance(p, int | np.integer) and not isinstance(p, bool) for p in parts):
        raise CompositionError(f"the parts of a composition are integers, not {parts!r}")
    values = tuple(int(p) for p in parts)
    if min(values) < 1:
        raise CompositionError(
            f"{values} has a part below 1: the parts of a composition are positive"
        )
    if sum(values) != n:
        raise CompositionError(f"{values} is a composition of {sum(values)}, not of n = {n}")
    return values


# --------------------------------------------------------------------------- Game.engine hooks


def estimate(game: Carolina) -> Estimate:
    return estimate_carolina(game.n)


def build(
    game: Carolina, *, force: bool = False, progress: Progress | None = None
) -> CarolinaGraph:
    return build_carolina(game.n, force=force)


def parse_position(game: Carolina, text: str) -> str:
    return ",".join(map(str, parse_composition(text, game.n)))
