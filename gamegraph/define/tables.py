"""A defined game's graph as Neo4j tables (docs/schema.md, "Defined games").

Every position is one node of the game's label (``TwoCardBulgarian``) with ``n``, the
graph's other parameters, ``idx``, ``key``, ``parts`` (its entries; absent for the empty
partition), ``notation``, ``num_parts`` and ``size`` (the sum of its entries), plus its
analysis; every move is one relationship of the game's move type. By kind:

- functional: the shared columns of functional graphs (``cycle``, ``cycle_length``,
  ``distance``, ``in_degree``; ``:Recurrent``, ``:GardenOfEden``), as B_n;
- choice: ``out_degree``, ``in_degree``, ``turns_to_core`` and ``core_component`` (absent
  where there is none); ``:Recurrent``, ``:Winning``, ``:Losing``, ``:ImmediateLoss``;
- impartial: ``outcome`` (``P``, ``N`` or ``D``), ``grundy`` (absent where play can go on for
  ever), ``loopy`` (Smith's loopy value as text: ``2``, ``∞``, ``∞{0,1}``; the Grundy value
  where play is finite), ``out_degree``, ``in_degree``; ``:PPosition``, ``:NPosition``,
  ``:Draw``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.define.graphs import OUTCOMES, ChoiceGraph, ImpartialGraph
from gamegraph.define.positions import DefinedPositions
from gamegraph.games.model import Column, GraphTables, LazyColumn, NodeTable, RelTable
from gamegraph.games.model import position_columns as partition_columns

if TYPE_CHECKING:
    from gamegraph.define.games import DefinedGame

__all__ = ["choice_tables", "impartial_tables", "position_columns", "tables"]


def tables(game: Any, built: Any) -> GraphTables:
    """The ``tables`` hook the base class calls: a solitaire's are the shared functional
    tables (as B_n's), the other kinds' are below."""
    columns = position_columns(game, built.positions)
    kind = game.definition.kind
    if kind == "functional":
        from gamegraph.games.functional.tables import functional_tables

        return functional_tables(game, built, columns)
    if kind == "choice":
        return choice_tables(game, built, columns)
    return impartial_tables(game, built, columns)


def position_columns(game: DefinedGame, positions: DefinedPositions) -> dict[str, Column]:
    """The columns that identify and describe each position (see the module docstring)."""
    size = positions.size
    rows = np.arange(size, dtype=np.int64)
    flat, offsets = positions.flat_parts()
    space = positions.space
    if space.kind == "partitions":
        columns: dict[str, Column] = dict(partition_columns(game.n, flat, offsets, rows))
        columns.pop("largest", None)
    else:
        tuples = positions.tuples()
        columns = {
            "n": np.full(size, game.n, dtype=np.int64),
            "idx": rows,
            "key": [space.key(p) for p in tuples],
            # neo4j-admin reads an empty list as no value: the empty position has no parts
            "parts": [list(p) if p else None for p in tuples],
            "notation": [space.notation(p) for p in tuples],
            "num_parts": np.diff(offsets).astype(np.int64),
        }
    sums = np.concatenate(([0], np.cumsum(flat, dtype=np.int64)))
    columns["size"] = np.asarray(sums[offsets[1:]] - sums[offsets[:-1]])
    for param in game.params:
        if param.in_id and param.name != "n":
            value = param.stored(getattr(game, param.name))
            columns[param.name] = [value] * size
    return columns


def _absent_below_zero(values: np.ndarray) -> LazyColumn:
    def fetch(a: int, b: int) -> list[Any]:
        return [None if v < 0 else v for v in values[a:b].tolist()]

    return LazyColumn(int(values.shape[0]), fetch)


def choice_tables(game: DefinedGame, graph: ChoiceGraph, columns: dict[str, Column]) -> GraphTables:
    """Positions with the analysis of a choice solitaire; every distinct move once."""
    columns = columns | {
        "out_degree": graph.out_degree.astype(np.int64),
        "in_degree": graph.in_degree.astype(np.int64),
        "turns_to_core": _absent_below_zero(graph.turns_to_core),
        "core_component": _absent_below_zero(graph.core_component_of),
    }
    flags: dict[str, Column] = {
        "Recurrent": graph.recurrent,
        "Winning": graph.winning,
        "Losing": graph.losing,
        "ImmediateLoss": graph.immediate_loss,
    }
    nodes = NodeTable(game.label, columns, flags)
    moves = RelTable(game.move, game.label, game.label, graph.sources, graph.indices)
    return GraphTables(game, [nodes], [moves], game.summary(graph))


def impartial_tables(
    game: DefinedGame, graph: ImpartialGraph, columns: dict[str, Column]
) -> GraphTables:
    """Positions with their outcome and Sprague-Grundy value; every distinct option once."""
    outcome = graph.outcome
    codes = np.asarray([OUTCOMES[i] for i in range(3)], dtype=object)
    columns = columns | {
        "outcome": codes[outcome.astype(np.int64)].tolist(),
        "grundy": _absent_below_zero(graph.grundy),
        "loopy": graph.loopy.labels(),
        "out_degree": graph.out_degree.astype(np.int64),
        "in_degree": graph.in_degree.astype(np.int64),
    }
    flags: dict[str, Column] = {
        "PPosition": outcome == 1,
        "NPosition": outcome == 2,
        "Draw": outcome == 0,
    }
    nodes = NodeTable(game.label, columns, flags)
    moves = RelTable(game.move, game.label, game.label, graph.sources, graph.indices)
    return GraphTables(game, [nodes], [moves], game.summary(graph))
