"""The graphs a defined game builds: a functional graph (a solitaire), a choice solitaire's
arc graph analysed as Floridian's H_n, an impartial game's analysed as CRIM's (P/N by
retrograde analysis, Grundy values where play is finite)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from gamegraph.core import graphs
from gamegraph.games.engine.functional import FunctionalGraph
from gamegraph.games.engine.positions import Positions
from gamegraph.games.engine.spaces import Position


@dataclass(frozen=True, eq=False)
class FunctionalGameGraph(FunctionalGraph):
    """A functional game's graph (a solitaire, built in or defined) with its analysis
    (cycles, components, Garden of Eden, transients, basins); arrays indexed by position
    index, positions read through :attr:`positions`."""

    game: Any
    positions: Positions

    @property
    def n(self) -> int:
        return int(self.game.n)

    def index(self, position: Sequence[int] | str) -> int:
        """The index of a position, given as itself or as text in the game's notations."""
        if isinstance(position, str):
            return self.positions.index(self.game.read_position(position))
        return self.positions.index(position)

    def position(self, index: int) -> Any:
        """The position with this index."""
        return self.positions.position(self.check_index(index))

    def keys(self) -> list[str]:
        return self.positions.keys()

    def notations(self) -> list[str]:
        """The papers' notation of every position, in index order."""
        return self.positions.notations()

    def notation(self, index: int) -> str:
        """The papers' notation of one position."""
        return self.positions.notations(np.asarray([self.check_index(index)]))[0]

    def flat_parts(self, rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """The positions ``rows`` (default: all) as their space's rows: flat entries with
        int64 offsets."""
        return self.positions.flat(rows)

    def stats(self) -> dict[str, Any]:
        """The parameters, then the functional graph's summary."""
        return {**_param_values(self.game), **self.summary()}


def _param_values(game: Any) -> dict[str, Any]:
    """n and the game's parameters that its stats name, as stored."""
    values = {"n": game.n}
    for param in game.params:
        if param.name != "n" and param.name in game.stats_keys:
            values[param.name] = param.stored(getattr(game, param.name))
    return values


@dataclass(frozen=True, eq=False)
class _ArcGraph(graphs.ArcGraph):
    """A graph with any number of moves per position: the core's CSR type (each distinct
    move once), its positions and its game; the analyses are the core's functions."""

    game: Any
    positions: Positions

    @property
    def n(self) -> int:
        return int(self.game.n)

    @property
    def arcs(self) -> int:
        return self.arc_count

    def index(self, position: Sequence[int] | str) -> int:
        return self.positions.index(position)

    def position(self, index: int) -> Any:
        return self.positions.position(index)

    def keys(self) -> list[str]:
        return self.positions.keys()


def core_groups(recurrent: np.ndarray, scc: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """The recurrent states grouped by strongly connected component, as (the component's
    label in ``scc``, its members) pairs, largest first (ties: by first member): the core's
    components of a choice solitaire, H_n's and a defined one's."""
    nodes = np.flatnonzero(recurrent)
    if nodes.shape[0] == 0:
        return []
    labels = scc[nodes]
    order = np.argsort(labels, kind="stable")
    ids, starts = np.unique(labels[order], return_index=True)
    groups = list(zip(ids.tolist(), np.split(nodes[order], starts[1:]), strict=True))
    groups.sort(key=lambda group: (-group[1].shape[0], int(group[1][0])))
    return groups


class WinningAndLosing:
    """A choice solitaire's winning positions (a recurrent state can be reached, so play can
    go on for ever) and losing ones, from its turns to the core (-1: none): H_n's and a
    defined choice game's."""

    @property
    def turns_to_core(self) -> np.ndarray:
        raise NotImplementedError

    @property
    def winning(self) -> np.ndarray:
        return np.asarray(self.turns_to_core >= 0)

    @property
    def losing(self) -> np.ndarray:
        return np.asarray(self.turns_to_core < 0)


@dataclass(frozen=True, eq=False)
class ChoiceGraph(WinningAndLosing, _ArcGraph):
    """A choice solitaire's graph with the analysis of Floridian's H_n: recurrent states (on
    a cycle), the core's strongly connected components, winning positions (a recurrent state
    can be reached, so play can go on for ever) and losing ones, turns to the core."""

    @cached_property
    def scc(self) -> np.ndarray:
        return graphs.strongly_connected_components(self)

    @cached_property
    def recurrent(self) -> np.ndarray:
        return graphs.recurrent(self, self.scc)

    @cached_property
    def turns_to_core(self) -> np.ndarray:
        """Least number of turns to a recurrent state; -1 for a losing position."""
        return graphs.distance_to(self, self.recurrent)

    @property
    def immediate_loss(self) -> np.ndarray:
        return np.asarray(self.out_degree == 0)

    @cached_property
    def core_components(self) -> list[np.ndarray]:
        """The members of each SCC of the core, largest first (ties: by first member)."""
        return [members for _, members in core_groups(self.recurrent, self.scc)]

    @cached_property
    def core_component_of(self) -> np.ndarray:
        out = np.full(self.size, -1, dtype=np.int64)
        for cid, members in enumerate(self.core_components):
            out[members] = cid
        return out

    @cached_property
    def core_arcs(self) -> int:
        return int(np.count_nonzero(self.recurrent[self.sources] & self.recurrent[self.indices]))

    def stats(self) -> dict[str, Any]:
        turns = self.turns_to_core
        values = {
            **_param_values(self.game),
            "positions": self.size,
            "arcs": self.arcs,
            "recurrent": int(self.recurrent.sum()),
            "winning": int(self.winning.sum()),
            "losing": int(self.losing.sum()),
            "immediate_losses": int(self.immediate_loss.sum()),
            "core_sccs": len(self.core_components),
            "core_scc_sizes": [int(c.shape[0]) for c in self.core_components],
            "core_arcs": self.core_arcs,
            "max_turns_to_core": int(turns.max()) if (turns >= 0).any() else None,
        }
        return {key: value for key, value in values.items() if value is not None}


OUTCOMES = {graphs.DRAW: "D", graphs.LOSS: "P", graphs.WIN: "N"}
"""Outcome codes of :func:`gamegraph.core.graphs.outcomes` as stored."""


class ImpartialValues(graphs.ArcGraph):
    """What every impartial game's graph answers (a defined game's, a sum's), normal play:
    the outcome of every position (P: the player to move loses, N: wins, D: a draw, play
    never ends) and Smith's loopy value (a finite value, or ∞ with the set of its options'
    finite values), by index and by position."""

    @cached_property
    def outcome(self) -> np.ndarray:
        """P/N/D of every position (:data:`gamegraph.core.graphs.LOSS` etc.)."""
        return graphs.outcomes(self)

    @cached_property
    def loopy(self) -> graphs.LoopyValues:
        """Smith's generalized Sprague-Grundy values (:func:`.graphs.loopy_values`)."""
        return graphs.loopy_values(self)

    def index(self, position: Any) -> int:
        raise NotImplementedError

    def loopy_value(self, position: Any) -> str:
        """A position's loopy value as written: ``2``, ``∞``, ``∞{0,1}``."""
        return self.loopy.label(self.index(position))


@dataclass(frozen=True, eq=False)
class ImpartialGraph(_ArcGraph, ImpartialValues):
    """An impartial game's graph: its outcomes and loopy values (:class:`ImpartialValues`)
    and each position's Sprague-Grundy value where play is finite (-1 where a cycle can be
    reached)."""

    @cached_property
    def grundy(self) -> np.ndarray:
        return graphs.grundy(self)

    @cached_property
    def loopy(self) -> graphs.LoopyValues:
        """Smith's values; where play is finite everywhere they are the Grundy values, and
        are not computed again."""
        if self.finite:
            return graphs.LoopyValues(self, self.grundy)
        return graphs.loopy_values(self)

    @property
    def finite(self) -> bool:
        """Whether play is finite from every position (no cycle)."""
        return bool((self.grundy >= 0).all())

    @property
    def p_position(self) -> np.ndarray:
        return np.asarray(self.outcome == 1)

    def winning_moves(self, position: Sequence[int] | str) -> list[Position]:
        """The options of a position that are P-positions."""
        i = self.index(position)
        row = self.indices[self.indptr[i] : self.indptr[i + 1]]
        return [self.position(int(j)) for j in row if self.outcome[j] == 1]

    def stats(self) -> dict[str, Any]:
        finite = self.grundy[self.grundy >= 0]
        sizes = self.positions.sizes()
        by_size = np.bincount(
            sizes[self.p_position], minlength=int(sizes.max()) + 1 if self.size else 0
        )
        histogram = np.bincount(finite) if finite.shape[0] else np.zeros(0, dtype=np.int64)
        values = {
            **_param_values(self.game),
            "positions": self.size,
            "arcs": self.arcs,
            "p_positions": int(np.count_nonzero(self.outcome == 1)),
            "n_positions": int(np.count_nonzero(self.outcome == 2)),
            "draws": int(np.count_nonzero(self.outcome == 0)),
            "max_grundy": int(finite.max()) if finite.shape[0] else None,
            "grundy": {int(v): int(histogram[v]) for v in np.flatnonzero(histogram)},
            "p_positions_by_size": {int(s): int(c) for s, c in enumerate(by_size.tolist()) if c},
            "loopy_values": None if self.finite else self.loopy.histogram(),
        }
        return {key: value for key, value in values.items() if value is not None}
