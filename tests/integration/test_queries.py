"""Every shipped named query, run on graphs loaded into a real Neo4j, against a second
computation: B_n and G_n straight from the definitions (tests/reference.py: the scalar moves,
networkx), Q from its LIFTS_TO relationships read back with Cypher written here and from the
brute-force 4-cycles. Nothing is compared with a property the engine stored, but for the
:NonLifting label: whether a 4-cycle lifts beyond the loaded range (m is unbounded) only the
engine knows, so that label is compared with the engine's.

G_n for n in {8, 18, 24, 33} and B_n for n in {10, 12} are loaded once for the module (and
dropped afterwards unless they were loaded before); Q is loaded for n <= 40 unless a complete
Q of that rule is there already, whose range is then used. `verify` passes on all of them.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any, cast

import networkx as nx
import numpy as np
import pytest
from neo4j import Driver
from neo4j_support import ask
from reference import (
    BulgarianReference,
    FloridianReference,
    band_lifts_by_search,
    bulgarian_reference,
    floridian_reference,
    four_cycles_by_brute_force,
)

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import list_graphs
from gamegraph.db.queries import user_queries
from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.lifting.graph import (
    RULES,
    LiftingGraph,
    Rule,
    build_lifting_graph,
    four_cycles_in_range,
)
from gamegraph.games.partitions import Partition, canonical_key, from_key, omega
from gamegraph.loader.plan import LoadRequest
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.verify import verify

FLORIDIAN_NS = (8, 18, 24, 33)
BULGARIAN_NS = (10, 12)
Q_N_MAX = 40


@dataclass(eq=False)  # hashed by identity: the module's one load, a cache key
class Loaded:
    runner: Neo4jQueryRunner
    q_n_max: dict[str, int]  #: rule -> n_max of the Q in Neo4j


@pytest.fixture(scope="module")
def loaded(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Loaded]:
    runner = Neo4jQueryRunner(neo4j_driver, neo4j_settings.database)
    before = {g.id for g in list_graphs(runner) if g.complete}
    planned = [
        graph for n in FLORIDIAN_NS for graph in LoadRequest.parse(str(n), "floridian").plan()
    ] + [graph for n in BULGARIAN_NS for graph in LoadRequest.parse(str(n), "bulgarian").plan()]
    q_n_max = {
        str(g.properties["rule"]): g.n
        for g in list_graphs(runner)
        if g.game == "lifting" and g.complete and g.state().name == "CURRENT"
    }
    missing_rules = tuple(rule for rule in RULES if q_n_max.get(rule, 0) < Q_N_MAX)
    if missing_rules:
        options = {"rule": ",".join(missing_rules)}
        planned += LoadRequest.parse(str(Q_N_MAX), "lifting", options).plan()
    try:
        run_load(runner, planned)
        q_n_max |= dict.fromkeys(missing_rules, Q_N_MAX)
        yield Loaded(runner, q_n_max)
    finally:
        for graph in planned:
            if graph.game.id not in before:
                drop_graph(runner, graph.game.id)


@pytest.fixture
def runner(loaded: Loaded) -> Neo4jQueryRunner:
    return loaded.runner


def floridian(n: int) -> FloridianReference:
    return floridian_reference(n)


def bulgarian(n: int) -> BulgarianReference:
    return bulgarian_reference(n)


@cache
def lifting(rule: str, n_max: int) -> LiftingGraph:
    return build_lifting_graph(n_max, cast(Rule, rule), cycles=_cycles(n_max))


@cache
def _cycles(n_max: int) -> list[Any]:
    return four_cycles_in_range(1, n_max)


def key(p: Partition) -> str:
    return canonical_key(p)


def keys(positions: set[Partition] | list[Partition]) -> list[str]:
    """Canonical keys in the order the queries list positions (descending lexicographic)."""
    return [key(p) for p in sorted(positions, reverse=True)]


def h_bfs(g: FloridianReference, start: Partition) -> dict[Partition, int]:
    """Least number of turns from `start` to every position it reaches in H_n."""
    return dict(nx.single_source_shortest_path_length(g.h, start))


def sample(count: int, items: list[Partition]) -> list[Partition]:
    """`count` positions spread evenly over `items`."""
    picks = sorted(set(np.linspace(0, len(items) - 1, count).astype(int).tolist()))
    return [items[i] for i in picks]


# --------------------------------------------------------------------------- B_n


def test_trajectory_of_433_in_b10_is_the_worked_example_ending_at_4321(
    runner: Neo4jQueryRunner,
) -> None:
    row = ask(runner, "bulgarian_trajectory", n=10, position="3^2 4").one()
    assert row["trajectory"] == [
        "4,3,3", "3,3,2,2", "4,2,2,1,1", "5,3,1,1", "4,4,2",
        "3,3,3,1", "4,2,2,2", "4,3,1,1,1", "5,3,2", "4,3,2,1",
    ]  # fmt: skip
    assert row["notation"][0] == "3^2 4" and row["notation"][-1] == "1 2 3 4"
    assert row["moves"] == 9
    assert row["cycle"] == ["4,3,2,1"] and row["cycle_length"] == 1


def _orbit(b: BulgarianReference, start: Partition) -> list[Partition]:
    """Ω applied from `start` until a position repeats (the repeat not included)."""
    path = [start]
    while b.successor[path[-1]] not in path:
        path.append(b.successor[path[-1]])
    return path


def test_trajectory_of_every_position_of_b12_is_iterating_omega(runner: Neo4jQueryRunner) -> None:
    b = bulgarian(12)
    for start in b.successor:
        row = ask(runner, "bulgarian_trajectory", n=12, position=key(start)).one()
        orbit = _orbit(b, start)
        moves = b.distance[start]
        assert row["trajectory"] == [key(p) for p in orbit[: moves + 1]]
        assert row["moves"] == moves and orbit[moves] == b.entry[start]
        assert row["cycle"] == [key(p) for p in orbit[moves:]]  # from the entry, in move order
        assert row["cycle_length"] == len(orbit) - moves


def test_reaches_says_whether_and_in_how_many_moves_by_iterating_omega(
    runner: Neo4jQueryRunner,
) -> None:
    b = bulgarian(12)
    for start in sample(4, list(b.successor)):
        first = {p: moves for moves, p in enumerate(_orbit(b, start))}
        for target in b.successor:
            row = ask(runner, "bulgarian_reaches", n=12, position=key(start), target=key(target))
            assert row.one()["reaches"] == (target in first)
            assert row.one()["moves"] == first.get(target)


def test_b12_has_two_cycles_of_length_5_with_their_members_and_basins(
    runner: Neo4jQueryRunner,
) -> None:
    b = bulgarian(12)
    rows = ask(runner, "bulgarian_cycles", n=12).rows
    # 12 = 5·4/2 + 2: binary necklaces of length 5 with 2 black beads, C = binom(5, 2)/5 = 2
    assert [row["length"] for row in rows] == [5, 5]
    basins = Counter(next(c for c in b.cycles if b.entry[p] in c) for p in b.successor)
    assert {frozenset(from_key(m) for m in row["members"]): row["basin"] for row in rows} == dict(
        basins
    )
    assert sum(row["basin"] for row in rows) == len(b.successor) == 77  # p(12)
    for row in rows:  # members in move order
        members = [from_key(m) for m in row["members"]]
        assert [omega(p) for p in members] == members[1:] + members[:1]


def test_garden_of_eden_of_b12_has_no_predecessor_and_meets_the_spec_criterion(
    runner: Neo4jQueryRunner,
) -> None:
    b = bulgarian(12)
    rows = ask(runner, "bulgarian_garden_of_eden", n=12, limit=1000).rows
    found = {row["position"] for row in rows}
    assert found == {key(p) for p in b.garden_of_eden}
    assert all(row["total"] == len(found) for row in rows)
    # SPEC §2: λ with s parts is a Garden of Eden position iff λ_1 < s − 1
    assert found == {key(p) for p in b.successor if p[0] < len(p) - 1}
    assert len(ask(runner, "bulgarian_garden_of_eden", n=12, limit=3).rows) == 3


def test_farthest_positions_of_b10_need_k_k_minus_1_moves_tau_among_them(
    runner: Neo4jQueryRunner,
) -> None:
    b = bulgarian(10)
    rows = ask(runner, "bulgarian_farthest", n=10, limit=100).rows
    assert {row["position"] for row in rows} == {key(p) for p in b.farthest}
    # n = 10 is triangular with k = 4: at most k(k−1) = 12 moves, τ = 3 3 2 1 1 needs them all
    assert {row["moves"] for row in rows} == {12}
    assert "3,3,2,1,1" in {row["position"] for row in rows}
    assert {row["entry"] for row in rows} == {"4,3,2,1"}
    assert {row["total"] for row in rows} == {len(rows)}


# --------------------------------------------------------------------------- G_n, H_n


def test_g8_the_only_losing_position_is_4_squared_an_immediate_loss(
    runner: Neo4jQueryRunner,
) -> None:
    rows = ask(runner, "floridian_losing", n=8).rows
    assert rows == [
        {"position": "4,4", "notation": "4^2", "immediate_loss": True, "alpha_moves": 0}
    ]
    assert ask(runner, "floridian_immediate_losses", n=8).column("position") == ["4,4"]


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_outcomes_losing_immediate_losses_and_winning_are_those_of_the_definitions(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    outcome = ask(runner, "floridian_outcomes", n=n).one()
    assert outcome == {
        "positions": len(g.separated),
        "recurrent": len(g.recurrent),
        "winning": len(g.winning),
        "losing": len(g.losing),
        "immediate_losses": len(g.immediate_losses),
    }
    losing = ask(runner, "floridian_losing", n=n).rows
    assert [r["position"] for r in losing] == keys(g.losing)
    assert [r["immediate_loss"] for r in losing] == [
        p in g.immediate_losses for p in sorted(g.losing, reverse=True)
    ]
    assert [r["alpha_moves"] for r in losing] == [
        len(g.alpha[p]) for p in sorted(g.losing, reverse=True)
    ]
    immediate = ask(runner, "floridian_immediate_losses", n=n).column("position")
    assert immediate == keys(g.immediate_losses)
    winning = ask(runner, "floridian_winning", n=n, limit=100_000).rows
    assert [r["position"] for r in winning] == keys(g.winning)
    assert [r["turns_to_core"] for r in winning] == [
        g.turns_to_core[p] for p in sorted(g.winning, reverse=True)
    ]
    assert {r["total"] for r in winning} == {len(g.winning)}


def test_core_of_h24_is_strongly_connected_with_35_nodes_and_60_arcs(
    runner: Neo4jQueryRunner,
) -> None:
    [component] = ask(runner, "floridian_core_components", n=24).rows
    assert (component["node_count"], component["arc_count"], component["arcs_out"]) == (35, 60, 0)
    assert len(ask(runner, "floridian_core_arcs", n=24).rows) == 60


def test_core_of_h33_has_components_of_53_nodes_91_arcs_and_4_nodes_5_arcs(
    runner: Neo4jQueryRunner,
) -> None:
    rows = ask(runner, "floridian_core_components", n=33).rows
    assert [(r["core_scc"], r["node_count"], r["arc_count"]) for r in rows] == [
        (0, 53, 91),
        (1, 4, 5),
    ]
    arcs = ask(runner, "floridian_core_arcs", n=33).rows
    between = [a for a in arcs if a["source_scc"] != a["target_scc"]]
    # the arcs of the core that join its two components, counted from the definitions
    g = floridian(33)
    scc_of = {p: i for i, (nodes, _) in enumerate(g.core_components) for p in nodes}
    joining = [(a, b) for a, b in g.core_arcs if scc_of[a] != scc_of[b]]
    assert len(arcs) == len(g.core_arcs) == 91 + 5 + len(joining)
    assert len(between) == sum(r["arcs_out"] for r in rows) == len(joining)


def test_core_of_h18_has_four_components(runner: Neo4jQueryRunner) -> None:
    rows = ask(runner, "floridian_core_components", n=18).rows
    assert len(rows) == 4  # SPEC.md §3
    assert [r["node_count"] for r in rows] == [len(c) for c, _ in floridian(18).core_components]


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_core_components_arcs_and_graph_are_those_of_networkx_on_the_definitions(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    rows = ask(runner, "floridian_core_components", n=n).rows
    assert [set(r["nodes"]) for r in rows] == [{key(p) for p in c} for c, _ in g.core_components]
    assert [r["arc_count"] for r in rows] == [arcs for _, arcs in g.core_components]
    assert all(len(r["arcs"]) == r["arc_count"] for r in rows)
    engine_arcs = {(key(a), key(b)) for a, b in g.core_arcs}
    arcs = ask(runner, "floridian_core_arcs", n=n).rows
    assert {(a["source"], a["target"]) for a in arcs} == engine_arcs
    assert len(arcs) == len(engine_arcs)
    inside = {(a, b) for r in rows for a, b in r["arcs"]}
    assert inside == {
        (a["source"], a["target"]) for a in arcs if a["source_scc"] == a["target_scc"]
    }
    paths = ask(runner, "floridian_core_graph", n=n).column("core")
    assert {(p[0]["key"], p[2]["key"]) for p in paths} == engine_arcs
    assert {p[1] for p in paths} <= {"TURN"}


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_four_cycles_found_by_path_pattern_are_the_brute_force_ones_each_once(
    runner: Neo4jQueryRunner, n: int
) -> None:
    rows = ask(runner, "floridian_four_cycles", n=n).rows
    found = [f"{n}:{r['alpha1']}>{r['omega1']}>{r['alpha2']}>{r['omega2']}" for r in rows]
    assert sorted(found) == sorted(c.key for c in four_cycles_by_brute_force(n))
    assert len(found) == len(set(found))
    if n == 24:  # the n0 = 24 cycle of Propositions 4 and 5
        assert rows[0]["notation"] == "2^3 5^2 8 → 2^4 4^2 8 → 1^4 3^2 7^2 → 1^3 3^3 6^2"


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_two_cycles_appear_exactly_at_n_2t_squared_as_the_spec_says(
    runner: Neo4jQueryRunner, n: int
) -> None:
    rows = ask(runner, "floridian_two_cycles", n=n).rows
    found = {(r["alpha"], r["omega"]) for r in rows}
    assert found == {(key(a), key(x)) for a, x in floridian(n).two_cycles}
    # 1² 3² … (2t−1)² ↔ 2² 4² … (2t−2)² (2t) at n = 2t²: t = 2 (n = 8), t = 3 (n = 18)
    spec = {8: {"3,3,1,1", "4,2,2"}, 18: {"5,5,3,3,1,1", "6,4,4,2,2"}}.get(n, set())
    assert {key for pair in found for key in pair} == spec


@pytest.mark.parametrize("n", (24, 33))
def test_turn_paths_in_g_and_h_are_shortest_valid_and_agree(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    for start in sample(6, g.separated):
        dist = h_bfs(g, start)
        for target in sample(8, g.separated):
            params = {"n": n, "position": key(start), "target": key(target)}
            in_g = ask(runner, "floridian_turn_path_g", **params).one()
            in_h = ask(runner, "floridian_turn_path_h", **params).one()
            assert in_g["turns"] == in_h["turns"] == dist.get(target)
            if target not in dist:
                assert in_g["positions"] is None and in_h["positions"] is None
                continue
            path, kinds = [from_key(k) for k in in_g["positions"]], in_g["kinds"]
            assert kinds == ["alpha", "omega"] * in_g["turns"] + ["alpha"]
            assert path[0] == start and path[-1] == target
            for k in range(0, len(path) - 1, 2):
                assert path[k + 1] in g.alpha[path[k]]
                assert omega(path[k + 1]) == path[k + 2]
            assert _is_h_path(g, in_h["positions"])
            assert in_h["positions"][0] == key(start) and in_h["positions"][-1] == key(target)


def _is_h_path(g: FloridianReference, path: list[str]) -> bool:
    return all(g.h.has_edge(from_key(a), from_key(b)) for a, b in pairwise(path))


def test_a_losing_position_reaches_no_recurrent_target(runner: Neo4jQueryRunner) -> None:
    row = ask(runner, "floridian_turn_path_h", n=24, position="4^2 8^2", target="24").one()
    assert row["turns"] is None and row["positions"] is None
    row = ask(runner, "floridian_turn_path_g", n=24, position="4^2 8^2", target="24").one()
    assert row["turns"] is None and row["kinds"] is None


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_reachable_positions_and_least_turns_are_a_bfs_of_h_n(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    for start in sample(5, g.separated):
        rows = ask(runner, "floridian_reachable", n=n, position=key(start)).rows
        dist = h_bfs(g, start)
        assert {r["position"]: r["turns"] for r in rows} == {key(p): d for p, d in dist.items()}
        for r in rows:
            assert r["recurrent"] == (from_key(r["position"]) in g.recurrent)


@pytest.mark.parametrize("n", (8, 18))
def test_reaches_core_is_winning_by_the_definitions_for_every_position(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    for p in g.separated:
        row = ask(runner, "floridian_reaches_core", n=n, position=key(p)).one()
        assert row["reaches_core"] == (p in g.winning)
        assert row["turns_to_core"] == g.turns_to_core.get(p)
        assert row["reachable"] == len(h_bfs(g, p))


@pytest.mark.parametrize("n", (18, 24, 33))
def test_turns_to_core_and_a_shortest_way_there_are_those_of_h_n(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    chosen = set(sample(25, g.separated)) | set(sorted(g.losing, reverse=True)[:5])
    for p in sorted(chosen, reverse=True):
        row = ask(runner, "floridian_turns_to_core", n=n, position=key(p)).one()
        if p in g.losing:
            assert row["turns"] is None and row["path"] is None
            continue
        assert row["turns"] == g.turns_to_core[p] == len(row["path"]) - 1
        assert _is_h_path(g, row["path"])
        assert from_key(row["path"][-1]) in g.recurrent


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_farthest_winning_positions_are_those_of_the_definitions(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    rows = ask(runner, "floridian_farthest_winning", n=n).rows
    farthest = max(g.turns_to_core.values())
    assert [r["position"] for r in rows] == keys(g.farthest_winning)
    assert {r["turns"] for r in rows} == {farthest}
    assert all(len(r["path"]) == farthest + 1 and _is_h_path(g, r["path"]) for r in rows)


@pytest.mark.parametrize("n", (8, 24))
def test_moves_from_a_position_are_its_alpha_moves_then_omega_moves(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    for p in sample(20, g.separated):
        rows = ask(runner, "floridian_moves", n=n, position=key(p)).rows
        targets = sorted(g.alpha[p], reverse=True)
        assert [r["omega_position"] for r in rows] == [key(x) for x in targets]
        assert [r["next_position"] for r in rows] == [key(omega(x)) for x in targets]


# --------------------------------------------------------------------------- Q


@dataclass(frozen=True)
class QRead:
    """Q of one rule as Neo4j's nodes and LIFTS_TO relationships have it, read back with
    Cypher written for this test (no stored analysis property is read)."""

    cycles: dict[str, FourCycle]  #: key -> the 4-cycle its node visits, in its order
    graph: nx.MultiDiGraph  #: one arc per LIFTS_TO, with its m

    def n_of(self, cycle_key: str) -> int:
        return self.cycles[cycle_key].n

    def order(self, cycle_keys: set[str] | list[str]) -> list[str]:
        return sorted(cycle_keys, key=lambda k: (self.n_of(k), k))

    def sources(self) -> set[str]:
        return {v for v in self.graph if self.graph.in_degree(v) == 0}


@cache
def _read_q(loaded: Loaded, rule: str) -> QRead:
    nodes = loaded.runner.run(
        "MATCH (c:FourCycle {rule: $rule}) RETURN c.key AS key, c.positions AS positions",
        {"rule": rule},
    )
    arcs = loaded.runner.run(
        "MATCH (c:FourCycle {rule: $rule})-[l:LIFTS_TO]->(d:FourCycle) "
        "RETURN c.key AS source, d.key AS target, l.m AS m",
        {"rule": rule},
    )
    graph = nx.MultiDiGraph()
    cycles = {}
    for node in nodes:
        a, x, b, y = (from_key(k) for k in node["positions"])
        cycles[node["key"]] = FourCycle(a, x, b, y)
        graph.add_node(node["key"])
    for arc in arcs:
        graph.add_edge(arc["source"], arc["target"], m=arc["m"])
    return QRead(cycles, graph)


@pytest.mark.parametrize("rule", RULES)
def test_q_nodes_are_the_brute_force_four_cycles_and_its_arcs_lifts_into_g_n_plus_2m_plus_4(
    loaded: Loaded, rule: str
) -> None:
    q = _read_q(loaded, rule)
    n_max = loaded.q_n_max[rule]
    small = {c.key for n in range(1, min(n_max, 40) + 1) for c in four_cycles_by_brute_force(n)}
    assert {k for k in q.cycles if q.n_of(k) <= 40} == small
    for cycle_key, cycle in q.cycles.items():
        assert cycle.key == cycle_key and is_four_cycle(cycle)
    for source, target, m in q.graph.edges(data="m"):
        assert q.n_of(target) == q.n_of(source) + 2 * m + 4


def test_band_lifts_inside_n_40_are_the_pairs_a_search_by_the_rule_admits(loaded: Loaded) -> None:
    q = _read_q(loaded, "band")
    inside = {(s, t, m) for s, t, m in q.graph.edges(data="m") if q.n_of(t) <= 40}
    small = [c for n in range(1, 41) for c in four_cycles_by_brute_force(n)]
    assert inside == band_lifts_by_search(small)
    paper = _read_q(loaded, "paper")  # every paper-rule lift is a band-rule lift
    assert {(s, t, m) for s, t, m in paper.graph.edges(data="m") if q.n_of(t) <= 40} <= inside


@pytest.mark.parametrize("rule", RULES)
def test_lifting_summary_is_recomputed_from_the_relationships(loaded: Loaded, rule: str) -> None:
    q = _read_q(loaded, rule)
    row = ask(loaded.runner, "lifting_summary", rule=rule).one()
    components = list(nx.weakly_connected_components(q.graph))
    sources = q.sources()
    assert row["four_cycles"] == len(q.cycles)
    assert row["lifts_inside"] == q.graph.number_of_edges()
    assert row["components"] == len(components)
    assert row["components_with_multiple_sources"] == sum(
        1 for comp in components if len(comp & sources) > 1
    )
    assert (row["n_min"], row["n_max"]) == (
        min(map(q.n_of, q.cycles)),
        max(map(q.n_of, q.cycles)),
    )
    # lifts beyond the range have no relationship: the non-lifting cycles are the engine's
    # (test_lifting proves the n = 28 one from the definitions); none has a lift inside
    non_lifting = ask(loaded.runner, "lifting_non_lifting", rule=rule).rows
    assert row["non_lifting"] == len(non_lifting)
    assert all(q.graph.out_degree(r["cycle"]) == 0 for r in non_lifting)


@pytest.mark.parametrize("rule", RULES)
def test_components_of_q_with_sizes_and_sources_are_those_of_its_relationships(
    loaded: Loaded, rule: str
) -> None:
    q = _read_q(loaded, rule)
    rows = ask(loaded.runner, "lifting_components", rule=rule).rows
    sources = q.sources()
    components = list(nx.weakly_connected_components(q.graph))
    assert [r["size"] for r in rows] == sorted(map(len, components), reverse=True)
    assert sorted((r["size"], tuple(r["sources"])) for r in rows) == sorted(
        (len(comp), tuple(q.order(comp & sources))) for comp in components
    )
    assert all(r["source_count"] == len(r["sources"]) for r in rows)


@pytest.mark.parametrize("rule", RULES)
def test_four_cycles_that_do_not_lift_are_the_engines(loaded: Loaded, rule: str) -> None:
    """The :NonLifting label as the engine wrote it (a lift may lie beyond the range, where no
    relationship shows it); that no such cycle lifts inside the range is checked against the
    relationships above, and those against the brute force."""
    rows = ask(loaded.runner, "lifting_non_lifting", rule=rule).rows
    expected = [c.key for c in lifting(rule, loaded.q_n_max[rule]).non_lifting]
    assert [r["cycle"] for r in rows] == expected
    if rule == "band":  # README: the n = 28 cycle is the first that lifts under neither rule
        assert min(r["n"] for r in rows) == 28


def test_the_n24_cycle_lifts_with_m_5_and_6_by_the_papers_patterns(loaded: Loaded) -> None:
    rows = ask(loaded.runner, "lifting_lifts", rule="paper", n=24, position="2^3 5^2 8").rows
    # SPEC.md §4: the two n0 = 24 families, m0 = 5 (α7 Ω4 α4 Ω3) and m0 = 6 (α5 Ω4 α4 Ω2),
    # to n = 24 + 2m + 4
    assert [(r["m"], r["n_to"], r["patterns"]) for r in rows] == [
        (5, 38, ["alpha7", "omega4", "alpha4", "omega3"]),
        (6, 40, ["alpha5", "omega4", "alpha4", "omega2"]),
    ]
    [cycle] = ask(loaded.runner, "lifting_cycles", rule="paper", n=24).rows
    assert cycle["cycle"] == rows[0]["cycle"] and cycle["lifts"] == 2 and cycle["source"]


@pytest.mark.parametrize("rule", RULES)
def test_lifts_and_cycles_of_every_n_are_those_of_the_relationships(
    loaded: Loaded, rule: str
) -> None:
    q = _read_q(loaded, rule)
    for n in sorted({c.n for c in q.cycles.values()}):
        listed = ask(loaded.runner, "lifting_cycles", rule=rule, n=n).rows
        cycles = sorted(k for k in q.cycles if q.n_of(k) == n)
        assert [r["cycle"] for r in listed] == cycles
        for r in listed:
            assert r["lifts"] - r["lifts_beyond"] == q.graph.out_degree(r["cycle"])
            assert r["source"] == (q.graph.in_degree(r["cycle"]) == 0)
        for cycle_key in cycles:
            position = canonical_key(q.cycles[cycle_key][0])
            rows = ask(loaded.runner, "lifting_lifts", rule=rule, n=n, position=position).rows
            mine = [r for r in rows if r["cycle"] == cycle_key and r["m"] is not None]
            expected = sorted((m, t) for _, t, m in q.graph.out_edges(cycle_key, data="m"))
            assert sorted((r["m"], r["lifted"]) for r in mine) == expected
            assert all(r["n_to"] == n + 2 * r["m"] + 4 for r in mine)


@pytest.mark.parametrize("rule", RULES)
def test_chains_of_lifts_are_the_maximal_paths_of_q_s_relationships(
    loaded: Loaded, rule: str
) -> None:
    q = _read_q(loaded, rule)
    graph = q.graph
    for cycle_key, cycle in q.cycles.items():
        if graph.out_degree(cycle_key) == 0 or cycle.n > 20:
            continue
        rows = ask(
            loaded.runner, "lifting_chain", rule=rule, n=cycle.n, position=canonical_key(cycle[0])
        ).rows
        mine = sorted((tuple(r["cycles"]), tuple(r["ms"])) for r in rows if r["cycle"] == cycle_key)
        expected = []
        for sink in (v for v in graph if graph.out_degree(v) == 0):
            for path in nx.all_simple_edge_paths(graph, cycle_key, sink):
                nodes = (cycle_key, *(v for _, v, _ in path))
                ms = tuple(graph.edges[e]["m"] for e in path)
                expected.append((nodes, ms))
        assert mine == sorted(expected)
        for r in rows:
            assert r["family"] == all(b - a == 2 for a, b in pairwise(r["ms"]))


# --------------------------------------------------------------------------- loaded graphs


def test_graphs_loaded_lists_each_graph_complete_with_its_counts(loaded: Loaded) -> None:
    rows = {r["graph"]: r for r in ask(loaded.runner, "graphs_loaded").rows}
    for record in list_graphs(loaded.runner):
        row = rows[record.id]
        assert (row["status"], row["nodes"], row["relationships"]) == (
            record.status,
            record.nodes,
            record.relationships,
        )
    for n in FLORIDIAN_NS:
        assert rows[f"floridian:{n}"]["status"] == "complete"
    assert rows["bulgarian:10"]["n"] == 10 and rows["bulgarian:10"]["game"] == "bulgarian"


def test_graph_summary_of_g24_holds_the_spec_figures(runner: Neo4jQueryRunner) -> None:
    row = ask(runner, "graph_summary", graph="floridian:24").one()
    summary = dict(row["summary"])
    # SPEC.md §3, n = 24
    assert summary["recurrent"] == 35 and summary["core_arcs"] == 60
    assert summary["separated"] == 424 and summary["omega_t"] == 189


def test_every_shipped_query_of_these_games_is_checked_here() -> None:
    asked = set(re.findall(r'ask\(\s*[\w.]+,\s*"(\w+)"', Path(__file__).read_text("utf-8")))
    games = {"bulgarian", "floridian", "lifting", None}
    shipped = {name for name, q in user_queries().items() if q.requires in games}
    assert shipped == asked


def test_verify_passes_on_every_graph_this_module_loads(loaded: Loaded) -> None:
    graphs = [
        planned.game
        for n, game in [
            *((n, "floridian") for n in FLORIDIAN_NS),
            *((n, "bulgarian") for n in BULGARIAN_NS),
        ]
        for planned in LoadRequest.parse(str(n), game).plan()
    ]
    graphs += [
        planned.game
        for rule, n_max in loaded.q_n_max.items()
        for planned in LoadRequest.parse(str(n_max), "lifting", {"rule": rule}).plan()
    ]
    report = verify(loaded.runner, graphs=graphs)
    assert report.ok, [(c.graph, c.name, c.problems) for c in report.failures]
    assert sorted(report.graphs) == sorted(g.id for g in graphs) and not report.skipped


@pytest.fixture
def with_gds(runner: Neo4jQueryRunner) -> Neo4jQueryRunner:
    """The runner, on a server with GDS (skipped without, except under CI=true)."""
    from gamegraph.db.gds import gds_version

    if gds_version(runner) is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("CI=true and the test server has no GDS", pytrace=False)
        pytest.skip("the test server has no Graph Data Science plugin")
    return runner


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_gds_strongly_connected_components_of_the_core_are_networkx_ones(
    with_gds: Neo4jQueryRunner, n: int
) -> None:
    rows = ask(with_gds, "floridian_gds_core_components", n=n).rows
    expected = [(len(c), arcs, key(max(c))) for c, arcs in floridian(n).core_components]
    assert sorted((r["size"], r["arcs"], r["first"]) for r in rows) == sorted(expected)
    assert sorted(r["stored"] for r in rows) == [[i] for i in range(len(expected))]


@pytest.mark.parametrize("n", BULGARIAN_NS)
def test_gds_weak_components_of_b_n_are_its_cycles_basins(
    with_gds: Neo4jQueryRunner, n: int
) -> None:
    b = bulgarian(n)
    basins = Counter(b.entry.values())
    by_cycle = {
        cycle: sum(basins[p] for p in cycle) for cycle in b.cycles
    }  # positions whose trajectory ends in each cycle
    rows = ask(with_gds, "bulgarian_gds_components", n=n).rows
    assert sorted(r["size"] for r in rows) == sorted(by_cycle.values())
    assert all(len(r["stored"]) == 1 for r in rows)
    assert len({r["stored"][0] for r in rows}) == len(b.cycles)


@pytest.mark.parametrize("rule", RULES)
def test_gds_weak_components_of_q_are_the_engines(
    with_gds: Neo4jQueryRunner, loaded: Loaded, rule: str
) -> None:
    q = lifting(rule, loaded.q_n_max[rule])
    rows = ask(with_gds, "lifting_gds_components", rule=rule).rows
    expected = [(len(c), c[0], len(q.sources(c))) for c in q.components]
    assert sorted((r["size"], r["first"], r["sources"]) for r in rows) == sorted(expected)
    assert sorted(r["stored"] for r in rows) == [[i] for i in range(len(expected))]
