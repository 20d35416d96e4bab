"""Random Bulgarian solitaire as a gamegraph game: its parameters and graph id (a fraction in
the id), its Neo4j tables and export files, networkx, positions in queries, the Python API.

Expected values come from the brute force of tests/unit/test_random_bulgarian.py (every
subset of piles or cards picked with its probability, π by Gaussian elimination in
Fractions) and from B_n iterated with :func:`omega` (the cradle shapes are the partitions
on its cycles), never from the engine.
"""

from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from test_random_bulgarian import brute_matrix, gauss_stationary

import gamegraph as gg
from gamegraph.errors import InputError
from gamegraph.games import parse_graph_id
from gamegraph.games.partitions import Partition, canonical_key, omega, partitions
from gamegraph.games.random_bulgarian import RandomBulgarian
from gamegraph.games.random_bulgarian import engine as rb_engine
from gamegraph.loader.export import write_csv, write_graphml


def _cycles_of_b(n: int) -> set[Partition]:
    """Partitions on a cycle of B_n: iterate Ω until a repeat (no engine)."""
    on_cycle: set[Partition] = set()
    for lam in partitions(n):
        seen: list[Partition] = []
        while lam not in seen:
            seen.append(lam)
            lam = omega(lam)
        on_cycle.update(seen[seen.index(lam) :])
    return on_cycle


def _cells_outside(lam: Partition, mu: Partition) -> int:
    width = max(len(lam), len(mu))
    a = list(lam) + [0] * (width - len(lam))
    b = list(mu) + [0] * (width - len(mu))
    return sum(max(x - y, 0) for x, y in zip(a, b, strict=True))


# --------------------------------------------------------------------------- the id


@pytest.mark.parametrize("p", [Fraction(1, 2), "1/2", "0.5", 0.5, "2/4"])
def test_graph_id_holds_p_as_a_fraction_and_round_trips(p: object) -> None:
    game = RandomBulgarian.create(n=12, p=p)
    assert game.id == "random-bulgarian:p=1/2:popov:12"
    assert parse_graph_id(game.id) == game
    assert RandomBulgarian.from_record(game.record()) == game
    assert game.record()["p"] == "1/2"


def test_graph_ids_of_other_chains_and_p_round_trip() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"n": 7, "p": Fraction(1, 3), "chain": "cardwise"}, "random-bulgarian:p=1/3:cardwise:7"),
        ({"n": 20, "p": 1}, "random-bulgarian:p=1:popov:20"),
        ({"n": 9, "p": "0.25"}, "random-bulgarian:p=1/4:popov:9"),
    ]
    for values, expected in cases:
        game = RandomBulgarian.create(**values)
        assert game.id == expected
        assert parse_graph_id(expected) == game


@pytest.mark.parametrize(
    "text",
    [
        "random-bulgarian:p=0:popov:12",
        "random-bulgarian:p=3/2:popov:12",
        "random-bulgarian:p=1/0:popov:12",
        "random-bulgarian:p=half:popov:12",
        "random-bulgarian:1/2:popov:12",
        "random-bulgarian:p=1/2:pilewise:12",
        "random-bulgarian:p=1/2:popov:63",
    ],
)
def test_bad_graph_ids_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(InputError) as info:
        parse_graph_id(text)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("p", [0, -1, Fraction(3, 2), "abc", "1/0", True])
def test_p_outside_zero_one_is_refused_in_one_line(p: object) -> None:
    with pytest.raises(InputError) as info:
        RandomBulgarian.create(n=8, p=p)
    assert "\n" not in str(info.value)


def test_export_file_names_of_a_fraction_id_are_plain_file_names(tmp_path: Path) -> None:
    game = RandomBulgarian.create(n=6, p="1/2")
    tables = game.tables(game.build())
    paths = [*write_csv(tables, tmp_path), write_graphml(tables, tmp_path)]
    for path in paths:
        assert path.parent == tmp_path and path.exists()
        assert re.fullmatch(r"[A-Za-z0-9=._-]+", path.name), path.name
        assert path.name.startswith("random-bulgarian-p=1over2-popov-6")
    names = {path.name for path in paths}
    assert "random-bulgarian-p=1over2-popov-6.rels.RANDOM_BULGARIAN_MOVE.csv" in names
    header = tmp_path / "random-bulgarian-p=1over2-popov-6.rels.RANDOM_BULGARIAN_MOVE.csv"
    assert "probability:double" in header.read_text().splitlines()[0]


# --------------------------------------------------------------------------- the tables


@pytest.mark.parametrize(
    ("n", "p", "chain"),
    [(6, Fraction(1, 2), "popov"), (7, Fraction(1, 3), "cardwise"), (5, Fraction(1), "popov")],
)
def test_tables_hold_the_brute_force_chain_and_its_stationary_distribution(
    n: int, p: Fraction, chain: str
) -> None:
    game = RandomBulgarian.create(n=n, p=p, chain=chain)
    tables = game.tables(game.build())
    (nodes,) = tables.nodes
    (moves,) = tables.rels
    keys = nodes.columns["key"]
    assert sorted(keys) == sorted(canonical_key(lam) for lam in partitions(n))
    assert set(nodes.columns["p"]) == {game.p_text} and set(nodes.columns["chain"]) == {chain}
    # every transition with its exact probability, as the brute force gives it
    matrix = brute_matrix(n, p, cardwise=chain == "cardwise")
    rows: dict[str, dict[str, Fraction]] = defaultdict(dict)
    for start, end, text, value in zip(
        moves.start.tolist(),
        moves.end.tolist(),
        moves.properties["probability_exact"],
        moves.properties["probability"],
        strict=True,
    ):
        rows[keys[start]][keys[end]] = Fraction(text)
        assert value == float(Fraction(text))
    expected = {
        canonical_key(lam): {canonical_key(mu): v for mu, v in row.items()}
        for lam, row in matrix.items()
    }
    assert rows == expected
    assert all(sum(row.values()) == 1 for row in rows.values())
    # π: the stationary distribution of an irreducible chain, else (p = 1) the Cesàro limit
    pi = dict(zip(keys, map(Fraction, nodes.columns["stationary_exact"]), strict=True))
    assert sum(pi.values()) == 1
    for key in keys:
        assert sum((pi[s] * rows[s].get(key, 0) for s in keys), Fraction(0)) == pi[key]
    if p < 1:
        brute = gauss_stationary(matrix)
        assert pi == {canonical_key(lam): v for lam, v in brute.items()}
    # the mode label: the most likely state, the smallest index among ties
    best = max(pi.values())
    modes = [k for k, flag in zip(keys, nodes.flags["StationaryMode"], strict=True) if flag]
    assert modes == [next(k for k in keys if pi[k] == best)]
    assert tables.summary["stationary_mode"] == modes[0]


@pytest.mark.parametrize("n", [1, 2, 6, 7, 10, 11])
def test_staircase_label_marks_exactly_the_partitions_on_the_cycles_of_b_n(n: int) -> None:
    game = RandomBulgarian.create(n=n)
    (nodes,) = game.tables(game.build()).nodes
    cradles = {canonical_key(lam) for lam in _cycles_of_b(n)}
    flagged = {k for k, f in zip(nodes.columns["key"], nodes.flags["Staircase"], strict=True) if f}
    assert flagged == cradles
    for key, distance in zip(
        nodes.columns["key"], nodes.columns["staircase_distance"], strict=True
    ):
        lam = tuple(int(v) for v in key.split(","))
        assert distance == min(_cells_outside(lam, mu) for mu in _cycles_of_b(n))


def test_float_chains_store_no_fraction_texts() -> None:
    game = RandomBulgarian.create(n=14, p="1/2")
    tables = game.tables(game.build())
    assert "stationary_exact" not in tables.nodes[0].columns
    assert "probability_exact" not in tables.rels[0].properties
    assert tables.summary["exact"] is False and "stationary_mode_probability_exact" not in (
        tables.summary
    )


def test_summary_holds_the_stats_and_the_chain_period_and_exact_mode() -> None:
    game = RandomBulgarian.create(n=7, p=1)
    summary = game.summary(game.build())
    assert summary["chain"] == "popov" and summary["exact"] is True
    assert summary["period"] == 4 and summary["aperiodic"] is False  # BUL-n7: one 4-cycle
    assert summary["stationary_mode_probability_exact"] == "1/4"
    assert set(RandomBulgarian.stats_keys) <= set(summary)


# --------------------------------------------------------------------------- positions, API


@pytest.mark.parametrize(("text", "key"), [("1 3^2", "3,3,1"), ("[3,3,1]", "3,3,1"), ("7", "7")])
def test_positions_in_any_notation_become_keys(text: str, key: str) -> None:
    assert RandomBulgarian.create(n=7).parse_position(text) == key


@pytest.mark.parametrize("text", ["3,3", "3,3,2", "3,x,1", "3,-1,5", "3,0,4"])
def test_positions_that_are_no_partition_of_n_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(InputError) as info:
        RandomBulgarian.create(n=7).parse_position(text)
    assert "\n" not in str(info.value)


def test_python_api_builds_through_the_generic_factory() -> None:
    chain = gg.random_bulgarian(7, p="1/3", chain="cardwise")
    assert chain.n == 7 and chain.p == Fraction(1, 3) and chain.cardwise
    expected = gauss_stationary(brute_matrix(7, Fraction(1, 3), cardwise=True))
    assert chain.stationary_exact is not None
    assert {chain.position(i): v for i, v in enumerate(chain.stationary_exact)} == expected


def test_to_networkx_is_the_brute_force_chain() -> None:
    p = Fraction(1, 2)
    graph = gg.random_bulgarian(6, p=p).to_networkx()
    matrix = brute_matrix(6, p, cardwise=False)
    assert set(graph.nodes) == {canonical_key(lam) for lam in matrix}
    for lam, row in matrix.items():
        out = {
            v: data["probability"] for _, v, data in graph.out_edges(canonical_key(lam), data=True)
        }
        assert out == {canonical_key(mu): value for mu, value in row.items()}
    assert nx.is_strongly_connected(graph) and nx.is_aperiodic(graph)
    assert sum(data["stationary"] for _, data in graph.nodes(data=True)) == 1


def test_to_networkx_refuses_big_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rb_engine, "NETWORKX_LIMIT", 100)
    with pytest.raises(InputError, match="to_networkx"):
        gg.random_bulgarian(8).to_networkx()
