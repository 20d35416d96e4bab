"""`gamegraph verify` on a defined choice solitaire or impartial game: the stored analysis
recomputed from the relationships alone.

``verify_<game>_arcs`` reads the positions a slice at a time, each with the indices its
moves lead to, its number of predecessors and its stored properties and labels. From those
moves alone the analysis is computed again, by the same kernels but on Cypher's arcs (a
choice solitaire: strongly connected components, recurrent states, turns to the core; an
impartial game: retrograde P/N/draw and Grundy values); each figure must equal the stored
one and the engine's (whose moves came from calling the definition). Then the :Graph
record's ``stat_*`` figures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.games.checks import MAX_PROBLEMS, Check, Comparison, Reader, stored_stats
from gamegraph.games.engine.cypher import prefix_of
from gamegraph.games.engine.graphs import OUTCOMES, ChoiceGraph, ImpartialGraph

if TYPE_CHECKING:
    from gamegraph.games.engine.defined import DefinedGame

__all__ = ["SLICE", "arc_checks"]

SLICE = 50_000
"""Positions read per query."""
_ABSENT = -2


def arc_checks(
    game: DefinedGame,
    graph: ChoiceGraph | ImpartialGraph,
    reader: Reader,
    stored: Mapping[str, Any],
    say: Callable[[str], None],
) -> list[Check]:
    """The checks of one loaded choice or impartial graph (see the module docstring)."""
    name = game.describe()
    size = graph.size
    seen = np.zeros(size, dtype=bool)
    rows: list[list[int]] = [[] for _ in range(size)]
    in_degree = np.full(size, -1, dtype=np.int64)
    props: list[dict[str, Any]] = [{} for _ in range(size)]
    labels: list[set[str]] = [set() for _ in range(size)]
    moves = Comparison(name, "moves of every position")
    query = f"verify_{prefix_of(game.name)}_arcs"
    params = game.graph_params()
    for lo in range(0, max(size, 1), SLICE):
        hi = min(size, lo + SLICE)
        say(f"{name}: reading positions {lo:,}..{max(hi - 1, 0):,} of {size:,}")
        for row in reader(query, params | {"lo": lo, "hi": hi}):
            index = row["idx"]
            if not isinstance(index, int) or not 0 <= index < size or seen[index]:
                moves.problem(f"{row['key']}: idx {index!r} is out of range or stored twice")
                continue
            seen[index] = True
            rows[index] = sorted(int(v) for v in row["successors"])
            in_degree[index] = int(row["in_degree"])
            props[index] = dict(row["stored"])
            labels[index] = set(row["labels"])
    missing = int(size - seen.sum())
    if missing:
        moves.problem(
            f"{missing:,} positions missing (idx {np.flatnonzero(~seen)[:5].tolist()}...)"
        )
    keys = graph.keys()
    for i in np.flatnonzero(seen).tolist():
        engine = graph.indices[graph.indptr[i] : graph.indptr[i + 1]].tolist()
        if rows[i] != engine:
            moves.problem(f"{keys[i]}: moves to idx {rows[i][:8]} in Neo4j, engine {engine[:8]}")
    counts = np.fromiter((len(r) for r in rows), np.int64, size)
    indptr = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
    indices = np.fromiter((v for r in rows for v in r), np.int64, int(counts.sum()))
    again = type(graph)(game=game, positions=graph.positions, indptr=indptr, indices=indices)
    degree = Comparison(name, "in-degree")
    _three(degree, keys, seen, "in-degree", in_degree, _stored(props, "in_degree"), graph.in_degree)
    checks = [
        moves.check(f"{int(seen.sum()):,} positions, {graph.arcs:,} moves: Neo4j = engine"),
        degree.check("predecessors counted in Cypher = stored = engine"),
    ]
    if isinstance(graph, ChoiceGraph):
        assert isinstance(again, ChoiceGraph)
        checks += _choice(name, keys, seen, graph, again, props, labels)
    else:
        assert isinstance(again, ImpartialGraph)
        checks += _impartial(name, keys, seen, graph, again, props, labels)
    checks.append(stored_stats(stored, game.summary(graph), name))
    return checks


def _choice(
    name: str,
    keys: list[str],
    seen: np.ndarray,
    graph: ChoiceGraph,
    again: ChoiceGraph,
    props: list[dict[str, Any]],
    labels: list[set[str]],
) -> list[Check]:
    core = Comparison(name, "recurrent states and the core")
    _three(
        core, keys, seen, "recurrent", again.recurrent, _flag(labels, "Recurrent"), graph.recurrent
    )
    _three(
        core,
        keys,
        seen,
        "core component",
        again.core_component_of,
        _stored(props, "core_component", absent=-1),
        graph.core_component_of,
    )
    play = Comparison(name, "winning, losing, turns to the core")
    _three(
        play,
        keys,
        seen,
        "turns to the core",
        again.turns_to_core,
        _stored(props, "turns_to_core", absent=-1),
        graph.turns_to_core,
    )
    _three(play, keys, seen, "winning", again.winning, _flag(labels, "Winning"), graph.winning)
    _three(play, keys, seen, "losing", again.losing, _flag(labels, "Losing"), graph.losing)
    _three(
        play,
        keys,
        seen,
        "immediate loss",
        again.immediate_loss,
        _flag(labels, "ImmediateLoss"),
        graph.immediate_loss,
    )
    return [
        core.check(
            f"{int(graph.recurrent.sum()):,} recurrent states in {len(graph.core_components)} "
            "strongly connected components, recomputed from the moves = stored = engine"
        ),
        play.check(
            f"{int(graph.winning.sum()):,} winning, {int(graph.losing.sum()):,} losing "
            "positions and their turns: recomputed = stored = engine"
        ),
    ]


def _impartial(
    name: str,
    keys: list[str],
    seen: np.ndarray,
    graph: ImpartialGraph,
    again: ImpartialGraph,
    props: list[dict[str, Any]],
    labels: list[set[str]],
) -> list[Check]:
    outcome = Comparison(name, "outcomes by retrograde analysis")
    codes = {v: k for k, v in OUTCOMES.items()}
    stored_outcome = np.asarray(
        [codes.get(str(p.get("outcome")), _ABSENT) for p in props], dtype=np.int64
    )
    _three(outcome, keys, seen, "outcome", again.outcome, stored_outcome, graph.outcome)
    _three(
        outcome,
        keys,
        seen,
        "P label",
        again.p_position,
        _flag(labels, "PPosition"),
        graph.p_position,
    )
    grundy = Comparison(name, "Sprague-Grundy values")
    _three(
        grundy,
        keys,
        seen,
        "grundy",
        again.grundy,
        _stored(props, "grundy", absent=-1),
        graph.grundy,
    )
    return [
        outcome.check(
            f"{int(graph.p_position.sum()):,} P-positions, {int((graph.outcome == 0).sum()):,} "
            "draws: recomputed from the moves = stored = engine"
        ),
        grundy.check("Grundy values recomputed from the moves = stored = engine"),
        _loopy(name, keys, seen, graph, again, props),
    ]


def _loopy(
    name: str,
    keys: list[str],
    seen: np.ndarray,
    graph: ImpartialGraph,
    again: ImpartialGraph,
    props: list[dict[str, Any]],
) -> Check:
    """Smith's loopy values (text) recomputed from the moves = stored = engine."""
    loopy = Comparison(name, "Smith's loopy values")
    cypher, engine = again.loopy.labels(), graph.loopy.labels()
    for i in np.flatnonzero(seen).tolist():
        loopy.three(f"{keys[i]} loopy value", cypher[i], props[i].get("loopy"), engine[i])
    infinite = int(graph.loopy.infinite.sum())
    return loopy.check(
        f"{infinite:,} positions of value ∞: recomputed from the moves = stored = engine"
    )


def _stored(props: list[dict[str, Any]], name: str, absent: int = _ABSENT) -> np.ndarray:
    return np.asarray(
        [absent if p.get(name) is None else int(p[name]) for p in props], dtype=np.int64
    )


def _flag(labels: list[set[str]], label: str) -> np.ndarray:
    return np.asarray([label in found for found in labels], dtype=np.int64)


def _three(
    comparison: Comparison,
    keys: list[str],
    seen: np.ndarray,
    what: str,
    cypher: np.ndarray,
    stored: np.ndarray,
    engine: np.ndarray,
) -> None:
    """Cypher's recomputation = stored = engine, over every position read."""
    cypher = np.asarray(cypher, dtype=np.int64)
    engine = np.asarray(engine, dtype=np.int64)
    bad = ((cypher != engine) | (stored != engine)) & seen
    wrong = np.flatnonzero(bad)
    for i in wrong[:MAX_PROBLEMS].tolist():
        comparison.problem(
            f"{keys[i]} {what}: from the moves {int(cypher[i])}, stored {int(stored[i])}, "
            f"engine {int(engine[i])}"
        )
    comparison.count += max(0, wrong.shape[0] - MAX_PROBLEMS)
