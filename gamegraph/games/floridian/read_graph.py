"""G_n and H_n as `gamegraph verify` read them from Neo4j and what :mod:`.checks` recomputes
from that alone (:class:`ReadGraph`), and the arc comparisons of its structure checks (the
two-move paths α-move then Ω-move, the sources whose arcs differ as multisets)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

import numpy as np
from scipy import sparse
from scipy.sparse import csgraph

__all__ = ["ReadGraph", "differing_sources", "two_move_paths"]


class ReadGraph:
    """G_n and H_n as verify read them from Neo4j (position indices of the arcs, not the
    stored labels), and what the checks recompute from that alone: the recurrent states and
    the core's components (scipy's strongly connected components, not the engine's kernel),
    the immediate losses, the losing positions (the retrograde analysis, a fixpoint the
    engine does not compute: it calls losing what cannot reach the core) and the turns to a
    set of positions (breadth-first levels backwards).

    An arc is kept only if its ends are indices 0..size-1, and an end that must be an
    α-position (an α-move's start, an Ω-move's end, either end of a TURN) is one of
    ``alpha``: the structure checks report any other arc.
    """

    def __init__(self, size: int, alpha: Sequence[int], arcs: Mapping[str, Any]) -> None:
        self.size = size
        positions = np.asarray(alpha, dtype=np.int64)
        self.alpha = np.zeros(size, dtype=bool)
        self.alpha[positions[(positions >= 0) & (positions < size)]] = True
        self.alpha_from, self.alpha_to = self._arcs(arcs, "alpha", start=True, end=False)
        self.omega_from, self.omega_to = self._arcs(arcs, "omega", start=False, end=True)
        self.turn_from, self.turn_to = self._arcs(arcs, "turn", start=True, end=True)

    def _arcs(
        self, arcs: Mapping[str, Any], kind: str, *, start: bool, end: bool
    ) -> tuple[np.ndarray, np.ndarray]:
        source = np.asarray(arcs[f"{kind}_from"], dtype=np.int64)
        target = np.asarray(arcs[f"{kind}_to"], dtype=np.int64)
        keep = (source >= 0) & (source < self.size) & (target >= 0) & (target < self.size)
        source, target = source[keep], target[keep]
        keep = (self.alpha[source] | (not start)) & (self.alpha[target] | (not end))
        return source[keep], target[keep]

    def _matrix(self, source: np.ndarray, target: np.ndarray) -> sparse.csr_array:
        ones = np.ones(source.shape, dtype=np.int64)
        return sparse.csr_array((ones, (source, target)), shape=(self.size, self.size))

    @cached_property
    def components(self) -> np.ndarray:
        """Each position's strongly connected component of the TURN arcs (a label)."""
        _, labels = csgraph.connected_components(
            self._matrix(self.turn_from, self.turn_to), directed=True, connection="strong"
        )
        return np.asarray(labels, dtype=np.int64)

    @cached_property
    def recurrent(self) -> np.ndarray:
        """The α-positions on a cycle of TURN arcs: in a component of two or more, or with
        a TURN to itself."""
        sizes = np.bincount(self.components, minlength=1)
        on_cycle = sizes[self.components] > 1
        on_cycle[self.turn_from[self.turn_from == self.turn_to]] = True
        return np.asarray(on_cycle & self.alpha)

    def core_components(self) -> list[tuple[frozenset[int], int]]:
        """The core's components, each with the TURN arcs inside it (with repeats), the
        largest first (ties by least index)."""
        core = np.flatnonzero(self.recurrent)
        labels = self.components
        inside = self.recurrent[self.turn_from] & (labels[self.turn_from] == labels[self.turn_to])
        arcs = Counter(labels[self.turn_from[inside]].tolist())
        members: dict[int, list[int]] = defaultdict(list)
        for node, label in zip(core.tolist(), labels[core].tolist(), strict=True):
            members[label].append(node)
        found = [(frozenset(nodes), arcs[label]) for label, nodes in members.items()]
        return sorted(found, key=lambda c: (-len(c[0]), min(c[0])))

    def core_arcs(self) -> int:
        """TURN arcs (with repeats) from a recurrent state to a recurrent state."""
        return int((self.recurrent[self.turn_from] & self.recurrent[self.turn_to]).sum())

    @property
    def immediate_loss(self) -> np.ndarray:
        """The α-positions no α-move read leaves."""
        moves = np.bincount(self.alpha_from, minlength=self.size)
        return np.asarray(self.alpha & (moves == 0))

    def losing(self) -> tuple[np.ndarray, int]:
        """The losing positions and the rounds it took: the immediate losses, then, round by
        round, each position all of whose two-move paths (α-move then Ω-move, as read) end
        at a losing position and one of them at a position the round before added."""
        paths = self._matrix(self.alpha_from, self.alpha_to) @ self._matrix(
            self.omega_from, self.omega_to
        )
        paths = sparse.csr_array(paths)
        paths.sum_duplicates()  # one entry per (start, end): each end counts once
        remaining = np.diff(paths.indptr).astype(np.int64)  #: ends not yet losing
        back = sparse.csr_array(paths.T)
        losing = self.immediate_loss.copy()
        added = np.flatnonzero(losing)
        rounds = 0
        while added.size:
            rounds += 1
            into = _gather(back.indptr, back.indices, added)
            remaining -= np.bincount(into, minlength=self.size)
            candidates = np.unique(into)
            added = candidates[(remaining[candidates] == 0) & ~losing[candidates]]
            losing[added] = True
        return losing, rounds

    def levels(self, targets: np.ndarray) -> np.ndarray:
        """The least number of TURN arcs from each position to one of ``targets`` (a mask),
        -1 for none: breadth-first levels backwards."""
        back = self._matrix(self.turn_to, self.turn_from)
        level = np.full(self.size, -1, dtype=np.int64)
        frontier = np.flatnonzero(targets)
        level[frontier] = 0
        depth = 0
        while frontier.size:
            depth += 1
            into = np.unique(_gather(back.indptr, back.indices, frontier))
            frontier = into[level[into] < 0]
            level[frontier] = depth
        return level


def _gather(indptr: np.ndarray, indices: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The column indices of ``rows`` of a CSR matrix, concatenated."""
    starts = indptr[rows].astype(np.int64)
    counts = indptr[rows + 1].astype(np.int64) - starts
    offsets = np.repeat(starts - np.cumsum(counts) + counts, counts)
    return np.asarray(indices[offsets + np.arange(offsets.size)], dtype=np.int64)


def two_move_paths(
    alpha_from: np.ndarray, alpha_to: np.ndarray, omega_from: np.ndarray, omega_to: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The distinct (start, end) of the paths α-move then Ω-move, each pair once."""
    order = np.argsort(omega_from, kind="stable")
    middle, end = omega_from[order], omega_to[order]
    lo = np.searchsorted(middle, alpha_to, side="left")
    counts = np.searchsorted(middle, alpha_to, side="right") - lo
    starts = np.repeat(alpha_from, counts)
    offsets = np.repeat(lo - np.cumsum(counts) + counts, counts) + np.arange(int(counts.sum()))
    ends = end[offsets]
    order = np.lexsort((ends, starts))
    starts, ends = starts[order], ends[order]
    new = _group_starts(starts, ends)
    return starts[new], ends[new]


def _group_starts(*columns: np.ndarray) -> np.ndarray:
    """Where a new value begins in sorted columns (rows compared across all of them)."""
    starts = np.zeros(columns[0].size, dtype=bool)
    starts[:1] = True
    for column in columns:
        starts[1:] |= column[1:] != column[:-1]
    return starts


_SPAN = 1 << 31
"""Indices a pair of which :func:`_differing_sources` packs into one integer (-2 .. 2^31-3)."""


def differing_sources(
    a_from: np.ndarray, a_to: np.ndarray, b_from: np.ndarray, b_to: np.ndarray
) -> set[int]:
    """The sources whose targets differ, as multisets, between the arcs a and the arcs b
    (a source of an arc whose ends cannot be packed is always listed)."""
    keys, odd = [], []
    for source, target in ((a_from, a_to), (b_from, b_to)):
        packs = (source >= -2) & (source < _SPAN - 2) & (target >= -2) & (target < _SPAN - 2)
        keys.append((source[packs] + 2) * _SPAN + (target[packs] + 2))
        odd.append(source[~packs])
    # each arc of a counts +1, of b -1: a pair whose sum is not 0 differs
    packed = np.concatenate(keys)
    sign = np.concatenate([np.ones(keys[0].size, np.int64), -np.ones(keys[1].size, np.int64)])
    order = np.argsort(packed, kind="stable")  # timsort: the arcs come nearly in order
    packed, sign = packed[order], sign[order]
    first = np.flatnonzero(_group_starts(packed))
    balance = np.add.reduceat(sign, first) if first.size else sign
    differ = packed[first[balance != 0]] // _SPAN - 2
    return set(differ.tolist()) | set(np.concatenate(odd).tolist())
