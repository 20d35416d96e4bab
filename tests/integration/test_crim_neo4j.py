"""CRIM in a real Neo4j: every shipped query on the graph of every partition of size <= 10,
against a brute force straight from the move rule (SPEC-games.md §7), never against what the
engine stored; the empty diagram under all its names; `verify` agreeing, and catching a
corrupted value and a missing move; one CRIM graph at a time."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from neo4j import Driver

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import graph_in_slot, list_graphs
from gamegraph.db.queries import run_named, user_queries
from gamegraph.errors import GraphNotLoadedError
from gamegraph.games.crim import Crim
from gamegraph.games.partitions import Partition, canonical_key, paper_notation, partitions
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.verify import verify

N = 10


# --------------------------------------------------------------------------- brute force


def rows_deleted(lam: Partition) -> set[Partition]:
    return {lam[:i] + lam[i + 1 :] for i in range(len(lam))}


def columns_deleted(lam: Partition) -> set[Partition]:
    """Delete column j: every part >= j loses a cell."""
    return {
        tuple(x for x in (part - 1 if part >= j else part for part in lam) if x > 0)
        for j in range(1, (lam[0] if lam else 0) + 1)
    }


@cache
def sg(lam: Partition) -> int:
    values = {sg(o) for o in rows_deleted(lam) | columns_deleted(lam)}
    return next(v for v in range(len(values) + 1) if v not in values)


def key(lam: Partition) -> str:
    return canonical_key(lam) if lam else "0"


def every(n: int) -> list[Partition]:
    return [lam for m in range(n + 1) for lam in partitions(m)]


def deletes(lam: Partition, option: Partition) -> str:
    kinds = [
        k
        for k, found in (("row", rows_deleted), ("column", columns_deleted))
        if option in found(lam)
    ]
    return " or ".join(kinds)


# --------------------------------------------------------------------------- the graph


@pytest.fixture(scope="module")
def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
    """CRIM up to size 10 loaded for the module; whatever CRIM graph is left is dropped."""
    runner = Neo4jQueryRunner(neo4j_driver, neo4j_settings.database)
    game = Crim(N)
    try:
        run_load(runner, [PlannedGraph(game, game.estimate())])
        yield runner
    finally:
        record = graph_in_slot(runner, game.slot)
        if record is not None:
            drop_graph(runner, record.id)


def cypher(runner: Neo4jQueryRunner, name: str, **params: Any) -> list[dict[str, Any]]:
    """A shipped query's Cypher run as it stands (the parameters already keys)."""
    return runner.run(user_queries()[name].cypher, params)


def test_the_moves_of_every_position_are_the_brute_force_deletions(
    runner: Neo4jQueryRunner,
) -> None:
    for lam in every(N):
        expected = {
            key(o): (deletes(lam, o), sum(lam) - sum(o), sg(o), sg(o) == 0)
            for o in rows_deleted(lam) | columns_deleted(lam)
        }
        rows = cypher(runner, "crim_moves", position=key(lam))
        found = {r["option"]: (r["deletes"], r["cells"], r["grundy"], r["winning"]) for r in rows}
        assert found == expected, lam
        assert len(rows) == len(expected)
        winning = cypher(runner, "crim_winning_moves", position=key(lam))
        assert {r["move_to"]: (r["deletes"], r["cells"]) for r in winning} == {
            k: v[:2] for k, v in expected.items() if v[3]
        }
        (row,) = cypher(runner, "crim_position", position=key(lam))
        assert row == {
            "position": key(lam),
            "notation": paper_notation(lam) if lam else "∅",
            "size": sum(lam),
            "rank": lam[0] - len(lam) if lam else 0,
            "grundy": sg(lam),
            "outcome": "P" if sg(lam) == 0 else "N",
            "options": len(expected),
            "winning_moves": sum(1 for v in expected.values() if v[3]),
        }


def test_a_staircase_has_one_move_that_is_a_row_and_a_column(runner: Neo4jQueryRunner) -> None:
    rows = run_named(runner, "crim_moves", {"position": "1 2 3 4"}).rows
    assert [(r["option"], r["deletes"]) for r in rows if "or" in r["deletes"]] == [
        ("3,2,1", "row or column")
    ]


def test_p_positions_of_every_size_are_the_brute_force_ones_in_index_order(
    runner: Neo4jQueryRunner,
) -> None:
    for size in range(N + 1):
        # index order within a size is descending lexicographic, as partitions() yields them
        expected = [key(lam) for lam in partitions(size) if sg(lam) == 0]
        rows = cypher(runner, "crim_p_positions", n=size, limit=1000)
        assert [r["position"] for r in rows] == expected
        assert all(r["total"] == len(expected) for r in rows)
        firsts = run_named(runner, "crim_p_positions", {"n": size, "limit": 2}).rows
        assert [r["position"] for r in firsts] == expected[:2]


def test_the_grundy_distribution_of_every_size_is_the_brute_force_one(
    runner: Neo4jQueryRunner,
) -> None:
    for size in range(N + 1):
        rows = cypher(runner, "crim_grundy_distribution", n=size)
        expected = Counter(sg(lam) for lam in partitions(size))
        assert {r["grundy"]: r["positions"] for r in rows} == expected
        assert [r["grundy"] for r in rows] == sorted(expected)


def test_sizes_and_the_even_rank_conjecture_count_as_the_brute_force(
    runner: Neo4jQueryRunner,
) -> None:
    sizes = run_named(runner, "crim_sizes", {"n": N}).rows
    even = run_named(runner, "crim_even_rank", {"n": N}).rows
    assert [r["size"] for r in sizes] == [r["size"] for r in even] == list(range(N + 1))
    for size, row, conjecture in zip(range(N + 1), sizes, even, strict=True):
        values = [sg(lam) for lam in partitions(size)]
        p_positions = [lam for lam in partitions(size) if sg(lam) == 0]
        odd = [key(lam) for lam in p_positions if lam and (lam[0] - len(lam)) % 2]
        assert row == {
            "size": size,
            "positions": len(values),
            "p_positions": len(p_positions),
            "max_grundy": max(values),
        }
        assert conjecture == {
            "size": size,
            "p_positions": len(p_positions),
            "odd_rank": len(odd),
            "first_odd_rank": odd[0] if odd else None,
        }
        assert not odd  # seed 003's conjecture, confirmed by the brute force this far


@pytest.mark.parametrize("name", ["", "[]", "()", "∅", "0", " [ ] "])
def test_the_empty_diagram_answers_under_every_name(runner: Neo4jQueryRunner, name: str) -> None:
    (row,) = run_named(runner, "crim_position", {"position": name}).rows
    assert (row["position"], row["notation"], row["size"], row["outcome"]) == ("0", "∅", 0, "P")
    assert row["options"] == row["winning_moves"] == 0
    assert run_named(runner, "crim_winning_moves", {"position": name}).rows == []


def test_the_empty_diagram_is_the_winning_move_from_a_single_cell(
    runner: Neo4jQueryRunner,
) -> None:
    rows = run_named(runner, "crim_winning_moves", {"position": [1]}).rows
    assert rows == [{"move_to": "0", "notation": "∅", "deletes": "row or column", "cells": 1}]
    assert [
        r["position"] for r in run_named(runner, "crim_p_positions", {"n": 0, "limit": 5}).rows
    ] == ["0"]


# --------------------------------------------------------------------------- verify


def test_verify_agrees_and_catches_a_wrong_value_and_a_missing_move(
    runner: Neo4jQueryRunner,
) -> None:
    record = graph_in_slot(runner, "crim")
    assert record is not None
    game = record.loaded_game()
    assert isinstance(game, Crim)
    report = verify(runner, graphs=[game])
    assert report.ok, [(c.name, c.problems) for c in report.failures]
    # eight checks of our own and the content fingerprint, and the acyclic check by GDS when
    # the server has it
    assert len([c for c in report.checks if "GDS" not in c.name]) == 9
    assert [c.name for c in report.checks].count("content fingerprint") == 1
    # (2,1) is a P-position: claim it is not, with value 1
    runner.write("MATCH (p:Crim {key: '2,1'}) SET p.grundy = 1 REMOVE p:PPosition")
    # and drop the move (3,1) -> (2,1) (deleting its second column), its only winning move
    runner.write("MATCH (:Crim {key: '3,1'})-[m:CRIM_MOVE]->(:Crim {key: '2,1'}) DELETE m")
    try:
        failures = {c.name: c.problems for c in verify(runner, graphs=[game]).failures}
    finally:
        runner.write("MATCH (p:Crim {key: '2,1'}) SET p.grundy = 0, p:PPosition")
        runner.write(
            "MATCH (a:Crim {key: '3,1'}), (b:Crim {key: '2,1'}) CREATE (a)-[:CRIM_MOVE]->(b)"
        )
    grundy = failures.pop("Sprague-Grundy values (mex over the options)")
    outcome = failures.pop("P- and N-positions (retrograde rule)")
    moves = failures.pop("moves of every position")
    # the value of (2,1) is recomputed from its moves, not read: Cypher 0, stored 1
    assert "2,1: Cypher 0, stored 1, engine 0" in grundy
    assert "2,1: Cypher True, stored False, engine True" in outcome
    assert any(p.startswith("3,1: moves to") for p in moves)
    assert "3,1: its moves are not the distinct row and column deletions" in moves
    # without its winning move (3,1) would be a P-position: the rounds recompute that
    assert "3,1: Cypher 0, stored 3, engine 3" in grundy
    # one move fewer: the stored structure is no longer the one the load recorded
    assert failures.pop("content fingerprint")
    assert set(failures) <= {"positions and moves", "summary recomputed"}
    assert verify(runner, graphs=[game]).ok


# --------------------------------------------------------------------------- one graph


def test_one_crim_graph_at_a_time_serves_every_size_it_reaches(
    runner: Neo4jQueryRunner,
) -> None:
    bigger = Crim(N + 1)
    run_load(runner, [PlannedGraph(bigger, bigger.estimate())])
    crim = [g for g in list_graphs(runner) if g.game == "crim"]
    assert [g.id for g in crim] == ["crim:11"] and crim[0].nodes == len(every(N + 1))
    rows = run_named(runner, "crim_p_positions", {"n": N + 1, "limit": 100}).rows
    assert [r["position"] for r in rows] == [key(lam) for lam in partitions(N + 1) if sg(lam) == 0]
    with pytest.raises(GraphNotLoadedError, match="up to 11, not 12") as caught:
        run_named(runner, "crim_position", {"position": "6 6"})
    assert caught.value.command == "gamegraph load --games crim --n 12"
