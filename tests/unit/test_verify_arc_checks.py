"""`verify` of a defined choice or impartial game against a faithful copy of what Neo4j
returns for ``verify_<game>_arcs`` (the rows made here from the game's own node and
relationship tables, as the loader writes them), then against copies with one thing wrong:
each stored figure must be compared with something, so each corruption fails a check.
tests/integration/test_verify.py corrupts real databases."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gamegraph.games import get_game
from gamegraph.games.checks import Check, storable, stored_stats
from gamegraph.games.engine.cypher import prefix_of

Corrupt = Callable[[list[dict[str, Any]], list[set[str]], list[list[int]]], None]


def _verify(name: str, corrupt: Corrupt, drop_stats: tuple[str, ...] = ()) -> list[Check]:
    """The game's example graph checked against rows made from its tables, corrupted."""
    cls = get_game(name)
    game = cls.create(**cls.example)
    built = game.build()
    tables = game.tables(built)
    [nodes], [moves] = tables.nodes, tables.rels
    size = len(nodes)
    props = [
        {k: nodes.column(k)[i] for k in nodes.columns if nodes.column(k)[i] is not None}
        for i in range(size)
    ]
    labels = [{nodes.label, *(f for f in nodes.flags if nodes.flag(f)[i])} for i in range(size)]
    successors: list[list[int]] = [[] for _ in range(size)]
    for start, end in zip(moves.start.tolist(), moves.end.tolist(), strict=True):
        successors[start].append(end)
    corrupt(props, labels, successors)
    stray = [0] * size
    if successors and any(-1 in row for row in successors):  # a move to another graph's node
        stray = [row.count(-1) for row in successors]
        successors = [[v for v in row if v != -1] for row in successors]
    in_degree = [0] * size
    for row in successors:
        for end in row:
            in_degree[end] += 1
    query = f"verify_{prefix_of(game.name)}_arcs"

    def read(name: str, params: dict[str, Any]) -> list[dict[str, Any]]:
        assert name == query, name
        return [
            {
                "idx": i,
                "key": props[i]["key"],
                "successors": successors[i],
                "stray": stray[i],
                "in_degree": in_degree[i],
                "stored": props[i],
                "labels": sorted(labels[i]),
            }
            for i in range(params["lo"], min(params["hi"], size))
        ]

    stored = {k: storable(v) for k, v in game.summary(built).items() if k not in drop_stats}
    return game.verify(built, read, stored, lambda _: None)


def _failing(checks: list[Check]) -> list[str]:
    return [c.name for c in checks if not c.ok]


def _untouched(props: list[dict[str, Any]], labels: list[set[str]], moves: list[list[int]]) -> None:
    pass


def _out_degree(
    props: list[dict[str, Any]], labels: list[set[str]], moves: list[list[int]]
) -> None:
    props[0]["out_degree"] += 1


def _stray(props: list[dict[str, Any]], labels: list[set[str]], moves: list[list[int]]) -> None:
    moves[0].append(-1)


@pytest.mark.parametrize("name", ["bulgarian-or-pile", "defined-floridian", "defined-crim"])
def test_a_faithful_copy_passes_and_a_wrong_out_degree_or_a_stray_move_does_not(name: str) -> None:
    assert _failing(_verify(name, _untouched)) == []
    assert _failing(_verify(name, _out_degree)) == ["in-degree and out-degree"]
    assert _failing(_verify(name, _stray)) == ["moves of every position"]


@pytest.mark.parametrize("label", ["NPosition", "Draw"])
@pytest.mark.parametrize("name", ["bulgarian-or-pile", "defined-crim"])
def test_an_n_or_draw_label_moved_fails_the_outcomes(name: str, label: str) -> None:
    def move_label(props: list[dict[str, Any]], labels: list[set[str]], _: list[list[int]]) -> None:
        carrying = [i for i, found in enumerate(labels) if label in found]
        target = carrying[0] if carrying else 0
        labels[target] ^= {label}

    assert _failing(_verify(name, move_label)) == ["outcomes by retrograde analysis"]


def test_a_figure_missing_from_the_record_fails_the_summary() -> None:
    checks = _verify("bulgarian-or-pile", _untouched, drop_stats=("positions",))
    [summary] = [c for c in checks if not c.ok]
    assert summary.name == "summary on the :Graph node"
    assert any("stat_positions: not stored" in p for p in summary.problems)


def test_a_none_figure_is_not_missing() -> None:
    check = stored_stats({"a": 1}, {"a": 1, "b": None}, "G")
    assert check.ok
    assert not stored_stats({"a": 1}, {"a": 1, "b": 2}, "G").ok
