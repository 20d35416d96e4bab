"""A graph of the engine as Neo4j tables (docs/schema.md): one node per position with its
analysis, one relationship per move.

Every position is one node of the game's label with the game's position columns (``n``,
``idx``, ``key``, its parts, its notation, ...: a built-in game's own, a defined game's from
its space, :func:`position_columns`) and its analysis; every move one relationship of the
game's move type. By kind:

- functional: ``cycle``, ``cycle_length``, ``distance``, ``in_degree``; ``:Recurrent``,
  ``:GardenOfEden``, as B_n;
- choice: ``out_degree``, ``in_degree``, ``turns_to_core`` and ``core_component`` (absent
  where there is none); ``:Recurrent``, ``:Winning``, ``:Losing``, ``:ImmediateLoss``;
- impartial: ``outcome`` (``P``, ``N`` or ``D``), ``grundy`` (absent where play can go on
  for ever), ``loopy`` (Smith's loopy value as text: ``2``, ``∞``, ``∞{0,1}``; the Grundy
  value where play is finite), ``out_degree``, ``in_degree``; ``:PPosition``,
  ``:NPosition``, ``:Draw``.

A defined game's positions also carry ``size`` (the sum of their entries) and the graph's
other parameters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gamegraph.core.spaces import Partitions
from gamegraph.games.engine.functional import FunctionalGraph
from gamegraph.games.engine.graphs import OUTCOMES, ChoiceGraph, ImpartialGraph
from gamegraph.games.engine.positions import Positions, base_of
from gamegraph.games.model import (
    Column,
    GraphTables,
    LazyColumn,
    NodeTable,
    RelTable,
    absent_below_zero,
    partition_texts,
    row_lists,
)
from gamegraph.games.model import position_columns as partition_columns

__all__ = [
    "cycle_length_of",
    "defined_columns",
    "position_columns",
    "sequence_columns",
    "tables",
]


Analysis = tuple[dict[str, Column], dict[str, Column], tuple[np.ndarray, np.ndarray]]
"""A kind's columns of analysis, its flag labels and its moves (start and end indices)."""


def tables(game: Any, built: Any) -> GraphTables:
    """The ``tables`` hook of every game of the engine: one node per position, its columns
    (``game.node_columns``, in index order: ``n``, ``idx``, ``key`` and whatever else
    identifies and describes it) with its kind's analysis, and one relationship per move."""
    analysis, flags, (starts, ends) = _ANALYSIS[game.kind](built)
    nodes = NodeTable(game.label, {**game.node_columns(built.positions), **analysis}, flags)
    moves = RelTable(game.move, game.label, game.label, starts, ends)
    return GraphTables(game, [nodes], [moves], game.summary(built))


def cycle_length_of(graph: FunctionalGraph) -> np.ndarray:
    """Length of the cycle each position's trajectory ends in."""
    lengths: np.ndarray = graph.cycle_lengths[graph.cycle_of]
    return lengths


def sequence_columns(
    n: int, name: str, values: np.ndarray, offsets: np.ndarray
) -> dict[str, Column]:
    """Columns of positions that are sequences kept in order (compositions, Montreal
    positions): ``n``, ``idx``, ``key`` (``3,1,2``), the entries as a list under ``name``,
    and ``notation`` as the seed writes them (``(3,1,2)``); the texts and lists are made a
    batch at a time."""
    rows = np.arange(len(offsets) - 1, dtype=np.int64)

    def keys(a: int, b: int) -> list[str]:
        return partition_texts(values, offsets, rows[a:b], paper=False)

    return {
        "n": np.broadcast_to(np.int64(n), rows.shape),
        "idx": rows,
        "key": LazyColumn(len(rows), keys),
        name: row_lists(values, offsets),
        "notation": LazyColumn(len(rows), lambda a, b: [f"({key})" for key in keys(a, b)]),
    }


def _functional(graph: FunctionalGraph) -> Analysis:
    """The analysis of B_n: its cycles and transients; the move of every position."""
    analysis: dict[str, Column] = {
        "cycle": graph.cycle_of,
        "cycle_length": cycle_length_of(graph),
        "distance": graph.distance,
        "in_degree": graph.in_degree,
    }
    flags: dict[str, Column] = {
        "Recurrent": graph.on_cycle,
        "GardenOfEden": graph.garden_of_eden,
    }
    return analysis, flags, (np.arange(graph.size), graph.successor)


def position_columns(
    game: Any, positions: Positions, listed: tuple[np.ndarray, np.ndarray] | None = None
) -> dict[str, Column]:
    """The columns that identify and describe each position of a space: ``n``, ``idx``,
    ``key``, ``parts`` (its entries; absent for an empty position), ``notation`` and
    ``num_parts``, and for partitions ``largest`` (the first part); from the positions'
    rows (:meth:`~.positions.Positions.flat`) if the caller ``listed`` them already."""
    size = positions.size
    rows = np.arange(size, dtype=np.int64)
    flat, offsets = positions.flat() if listed is None else listed
    if isinstance(base_of(positions.space), Partitions):
        return dict(partition_columns(game.n, flat, offsets, rows))
    return {
        "n": np.broadcast_to(np.int64(game.n), rows.shape),
        "idx": rows,
        "key": positions.text_column(flat, offsets, paper=False),
        # neo4j-admin reads an empty list as no value: the empty position has no parts
        "parts": row_lists(flat, offsets, empty_as_none=True),
        "notation": positions.text_column(flat, offsets, paper=True),
        "num_parts": np.diff(offsets).astype(np.int64),
    }


def defined_columns(game: Any, positions: Positions) -> dict[str, Column]:
    """A defined game's columns: its space's (:func:`position_columns`), ``size`` (the sum
    of a position's entries) and the graph's other parameters."""
    listed = positions.flat()
    columns = position_columns(game, positions, listed)
    columns["size"] = positions.sizes(listed)
    for param in game.params:
        if param.in_id and param.name != "n":
            columns[param.name] = _repeated(param.stored(getattr(game, param.name)), positions.size)
    return columns


def _repeated(value: Any, size: int) -> LazyColumn:
    """One value in every row, a batch at a time."""

    def fetch(a: int, b: int) -> list[Any]:
        return [value] * (b - a)

    return LazyColumn(size, fetch)


def _choice(graph: ChoiceGraph) -> Analysis:
    """The analysis of a choice solitaire; every distinct move once."""
    analysis: dict[str, Column] = {
        "out_degree": graph.out_degree.astype(np.int64),
        "in_degree": graph.in_degree.astype(np.int64),
        "turns_to_core": absent_below_zero(graph.turns_to_core),
        "core_component": absent_below_zero(graph.core_component_of),
    }
    flags: dict[str, Column] = {
        "Recurrent": graph.recurrent,
        "Winning": graph.winning,
        "Losing": graph.losing,
        "ImmediateLoss": graph.immediate_loss,
    }
    return analysis, flags, (graph.sources, graph.indices)


def _impartial(graph: ImpartialGraph) -> Analysis:
    """The outcome and Sprague-Grundy value of every position; every distinct option once."""
    outcome = graph.outcome
    codes = np.asarray([OUTCOMES[i] for i in range(3)], dtype=object)
    analysis: dict[str, Column] = {
        "outcome": codes[outcome.astype(np.int64)].tolist(),
        "grundy": absent_below_zero(graph.grundy),
        "loopy": graph.loopy.labels(),
        "out_degree": graph.out_degree.astype(np.int64),
        "in_degree": graph.in_degree.astype(np.int64),
    }
    flags: dict[str, Column] = {
        "PPosition": outcome == 1,
        "NPosition": outcome == 2,
        "Draw": outcome == 0,
    }
    return analysis, flags, (graph.sources, graph.indices)


_ANALYSIS: dict[str, Callable[[Any], Analysis]] = {
    "functional": _functional,
    "choice": _choice,
    "impartial": _impartial,
}
