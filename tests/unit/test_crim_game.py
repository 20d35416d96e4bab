"""CRIM as a gamegraph game (issue 11): the Game class, its positions as text, the graph a
query needs, the estimate, the Neo4j tables, the summary, networkx and the CSV export, each
against a brute force straight from the move rule of SPEC-games.md §7 (the engine's own
tests are in test_crim.py).
"""

from __future__ import annotations

import csv
import time
from collections import Counter
from functools import cache
from pathlib import Path

import networkx as nx
import pytest

import gamegraph as gg
from gamegraph.errors import InputError
from gamegraph.games import get_game, parse_graph_id
from gamegraph.games._kernels import MAX_N as KERNEL_MAX_N
from gamegraph.games.crim import MAX_N, Crim
from gamegraph.games.crim.engine import build_crim
from gamegraph.games.model import column_slice
from gamegraph.games.partitions import Partition, canonical_key, paper_notation, partitions
from gamegraph.loader.export import write_csv, write_graphml

# --------------------------------------------------------------------------- brute force


def options(lam: Partition) -> set[Partition]:
    """Delete any row i, or any column j (every part >= j loses a cell), as the rule says."""
    rows = {lam[:i] + lam[i + 1 :] for i in range(len(lam))}
    columns = {
        tuple(x for x in (part - 1 if part >= j else part for part in lam) if x > 0)
        for j in range(1, (lam[0] if lam else 0) + 1)
    }
    return rows | columns


@cache
def sg(lam: Partition) -> int:
    values = {sg(option) for option in options(lam)}
    return next(v for v in range(len(values) + 1) if v not in values)


def every(n: int) -> list[Partition]:
    return [lam for m in range(n + 1) for lam in partitions(m)]


def key(lam: Partition) -> str:
    return canonical_key(lam) if lam else "0"


# --------------------------------------------------------------------------- the class


def test_crim_is_registered_with_the_stats_keys_of_the_issue() -> None:
    assert get_game("crim") is Crim
    assert Crim.stats_keys == ("n", "positions", "p_positions", "grundy", "max_grundy")
    assert not Crim.loaded_by_default
    assert MAX_N == KERNEL_MAX_N
    with pytest.raises(InputError, match="<= 255"):
        Crim.create(n=MAX_N + 1)
    assert parse_graph_id("crim:30") == Crim(30)


def test_stats_of_the_example_count_the_partitions_of_n_by_brute_force() -> None:
    game = Crim.create(**Crim.example)
    values = Counter(sg(lam) for lam in partitions(game.n))
    assert game.stats(game.build()) == {
        "n": game.n,
        "positions": len(every(game.n)),
        "p_positions": values[0],
        "grundy": dict(sorted(values.items())),
        "max_grundy": max(values),
    }


def test_the_summary_adds_the_moves_and_the_p_positions_of_every_size() -> None:
    game = Crim(12)
    summary = game.summary(game.build())
    everything = every(12)
    p_positions = [lam for lam in everything if sg(lam) == 0]
    assert summary["arcs"] == sum(len(options(lam)) for lam in everything)
    assert summary["p_positions_all_sizes"] == len(p_positions)
    # the even-rank conjecture (seed 003) holds this far, so none are of odd rank
    assert (
        summary["odd_rank_p_positions"]
        == 0
        == sum(1 for lam in p_positions if lam and (lam[0] - len(lam)) % 2 != 0)
    )


# --------------------------------------------------------------------------- positions


@pytest.mark.parametrize("text", ["5,3,3,1", "1 3^2 5", "[5, 3, 3, 1]", "(1,3,5,3)", "3^2 1 5"])
def test_a_position_in_any_notation_becomes_its_canonical_key(text: str) -> None:
    assert Crim(4).parse_position(text) == "5,3,3,1"  # any size: the loaded graph decides


@pytest.mark.parametrize("text", ["", "  ", "[]", "()", "∅", " ∅ ", "0", "[ ]"])
def test_every_name_of_the_empty_diagram_becomes_its_key_0(text: str) -> None:
    assert Crim(1).parse_position(text) == "0"


@pytest.mark.parametrize("text", ["3,x", "3,0", "2^0", "-1", "0,0", "1,,,a"])
def test_a_bad_position_is_one_line_quoting_it(text: str) -> None:
    with pytest.raises(InputError) as caught:
        Crim(10).parse_position(text)
    assert "\n" not in str(caught.value) and text in str(caught.value)


def test_a_query_wants_the_graph_reaching_its_size_and_any_larger_graph_serves() -> None:
    assert Crim.for_query({"n": 12, "limit": 3}) == Crim(12)
    assert Crim.for_query({"position": "1 3^2 5"}) == Crim(12)
    assert Crim.for_query({"position": "0"}) == Crim(1)
    assert Crim.for_query({"n": 0}) == Crim.for_query({}) == Crim(1)
    with pytest.raises(InputError, match="at least 0"):
        Crim.for_query({"n": -1})
    with pytest.raises(InputError, match="at most 255"):
        Crim.for_query({"position": "300"})
    assert Crim(40).serves(Crim(12), "") is None
    assert Crim(12).serves(Crim(12), "") is None
    reason = Crim(10).serves(Crim(12), "")
    assert reason is not None and "up to 10, not 12" in reason
    assert Crim(12).load_command() == "gamegraph load --games crim --n 12"


def test_one_crim_graph_is_loaded_at_a_time_and_a_range_loads_its_largest() -> None:
    assert Crim(10).slot == Crim(60).slot == "crim"
    assert Crim.plan(range(5, 21)) == [Crim(20)]


# --------------------------------------------------------------------------- size


@pytest.mark.parametrize("n", [1, 2, 3, 6, 10, 15, 21])
def test_the_estimate_counts_exactly_the_positions_and_moves(n: int) -> None:
    estimate = Crim(n).estimate()
    everything = every(n)
    assert estimate.nodes == len(everything)
    assert estimate.arcs == sum(len(options(lam)) for lam in everything)
    assert not estimate.approximate


def test_the_estimate_equals_the_tables_at_30_and_is_instant_at_255() -> None:
    game = Crim(30)
    tables = game.tables(game.build())
    assert (game.estimate().nodes, game.estimate().arcs) == (
        tables.node_count,
        sum(map(len, tables.rels)),
    )
    started = time.perf_counter()
    huge = Crim(255).estimate()
    assert time.perf_counter() - started < 1 and huge.bytes > 2**40


# --------------------------------------------------------------------------- tables


def test_the_tables_hold_every_partition_with_its_brute_force_analysis() -> None:
    game = Crim(12)
    tables = game.tables(game.build())
    (nodes,) = tables.nodes
    (moves,) = tables.rels
    assert nodes.label == "Crim" and moves.type == "CRIM_MOVE"
    everything = every(12)
    columns = {name: column_slice(c, 0, len(c)) for name, c in nodes.columns.items()}
    flags = {name: column_slice(c, 0, len(c)) for name, c in nodes.flags.items()}
    assert columns["key"] == [key(lam) for lam in everything]
    assert columns["n"] == [sum(lam) for lam in everything]
    assert columns["parts"] == [list(lam) if lam else None for lam in everything]
    assert columns["notation"] == [paper_notation(lam) if lam else "∅" for lam in everything]
    assert columns["num_parts"] == [len(lam) for lam in everything]
    assert columns["largest"] == [lam[0] if lam else 0 for lam in everything]
    assert columns["rank"] == [lam[0] - len(lam) if lam else 0 for lam in everything]
    assert columns["grundy"] == [sg(lam) for lam in everything]
    assert columns["idx"] == list(range(len(everything)))
    assert flags == {"PPosition": [sg(lam) == 0 for lam in everything]}
    ends = zip(moves.start.tolist(), moves.end.tolist(), strict=True)
    arcs = {(key(everything[a]), key(everything[b])) for a, b in ends}
    assert len(arcs) == len(moves)
    assert arcs == {(key(lam), key(o)) for lam in everything for o in options(lam)}
    assert tables.summary == game.summary(game.build())


def test_the_csv_export_keeps_the_empty_diagram_and_integer_parts(tmp_path: Path) -> None:
    game = Crim(6)
    tables = game.tables(game.build())
    nodes_file = next(p for p in write_csv(tables, tmp_path) if ".nodes." in p.name)
    with nodes_file.open(encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    header = rows[0]
    assert "parts:long[]" in header and "key:string" in header
    column = {name.split(":")[0]: i for i, name in enumerate(header)}
    empty = rows[1]
    assert empty[column["key"]] == "0" and empty[column["parts"]] == ""
    assert empty[column["notation"]] == "∅" and "PPosition" in empty[-1].split(";")
    keys = [row[column["key"]] for row in rows[1:]]
    assert all(keys) and len(set(keys)) == len(keys) == len(every(6))
    graphml = write_graphml(tables, tmp_path).read_text(encoding="utf-8")
    assert '<data key="n_key">0</data>' in graphml


# --------------------------------------------------------------------------- Python API


def test_the_python_api_builds_crim_and_its_networkx_graph_is_the_brute_force_one() -> None:
    graph = gg.crim(9)
    assert gg.crim.graph(9) == Crim(9)
    digraph = graph.to_networkx()
    everything = every(9)
    assert set(digraph.nodes) == {key(lam) for lam in everything}
    assert set(digraph.edges) == {(key(lam), key(o)) for lam in everything for o in options(lam)}
    # a second computation of the values: mex over the successors, in reverse topological order
    assert nx.is_directed_acyclic_graph(digraph)
    values: dict[str, int] = {}
    for node in reversed(list(nx.topological_sort(digraph))):
        taken = {values[s] for s in digraph.successors(node)}
        values[node] = next(v for v in range(len(taken) + 1) if v not in taken)
    assert values == {node: data["grundy"] for node, data in digraph.nodes(data=True)}
    assert all(data["p_position"] == (values[k] == 0) for k, data in digraph.nodes(data=True))
    assert digraph.nodes["0"]["parts"] == () and digraph.nodes["4,3,1"]["rank"] == 1
    assert graph.key(0) == graph.key("∅") == "0" and graph.key("1 3 4") == "4,3,1"


def test_networkx_refuses_a_graph_above_its_limit_in_one_line() -> None:
    with pytest.raises(InputError, match="too many for networkx") as caught:
        build_crim(8).to_networkx(limit=20)
    assert "\n" not in str(caught.value)


def test_networkx_takes_a_graph_of_exactly_its_limit() -> None:
    graph = build_crim(8)
    assert graph.to_networkx(limit=graph.size).number_of_nodes() == graph.size
