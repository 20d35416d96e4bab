"""Every shipped named query, run on graphs loaded into a real Neo4j, against the engine.

G_n for n in {8, 18, 24, 33} and B_n for n in {10, 12} are loaded once for the module (and
dropped afterwards unless they were loaded before); Q is loaded for n <= 40 unless a complete
Q of that rule is there already, whose range is then used.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any, SupportsInt, cast

import networkx as nx
import numpy as np
import pytest
from neo4j import Driver

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import list_graphs
from gamegraph.db.queries import QueryResult, run_named, user_queries
from gamegraph.games.bulgarian.engine import BulgarianGraph, build_bulgarian
from gamegraph.games.floridian.engine import FloridianGraph, build_floridian
from gamegraph.games.lifting.graph import (
    RULES,
    LiftingGraph,
    Rule,
    build_lifting_graph,
    four_cycles_in_range,
)
from gamegraph.games.partitions import canonical_key, from_key
from gamegraph.loader.plan import LoadRequest
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.verify import verify

FLORIDIAN_NS = (8, 18, 24, 33)
BULGARIAN_NS = (10, 12)
Q_N_MAX = 40


@dataclass
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


def ask(runner: Neo4jQueryRunner, name: str, **params: Any) -> QueryResult:
    """Run a shipped query the way `gamegraph query` does (conversion, graph check)."""
    return run_named(runner, name, params)


@cache
def floridian(n: int) -> FloridianGraph:
    return build_floridian(n)


@cache
def bulgarian(n: int) -> BulgarianGraph:
    return build_bulgarian(n)


@cache
def lifting(rule: str, n_max: int) -> LiftingGraph:
    return build_lifting_graph(n_max, cast(Rule, rule), cycles=_cycles(n_max))


@cache
def _cycles(n_max: int) -> list[Any]:
    return four_cycles_in_range(1, n_max)


def fkey(g: FloridianGraph, i: SupportsInt) -> str:
    return canonical_key(g.positions.position(int(i)))


def bkey(b: BulgarianGraph, i: SupportsInt) -> str:
    return canonical_key(b.position(int(i)))


def h_bfs(g: FloridianGraph, start: int) -> dict[int, int]:
    """Least number of turns from `start` to every position it reaches (engine's H_n)."""
    ptr, dst = g.h_full_ptr, g.h_dst
    dist = {start: 0}
    queue = deque([start])
    while queue:
        v = queue.popleft()
        for w in dst[ptr[v] : ptr[v + 1]].tolist():
            if w not in dist:
                dist[w] = dist[v] + 1
                queue.append(w)
    return dist


def sample(count: int, size: int) -> list[int]:
    return sorted(set(np.linspace(0, size - 1, count).astype(int).tolist()))


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


def test_trajectory_of_every_position_of_b12_is_the_engines(runner: Neo4jQueryRunner) -> None:
    b = bulgarian(12)
    for i in range(b.size):
        row = ask(runner, "bulgarian_trajectory", n=12, position=bkey(b, i)).one()
        path = b.trajectory(i)
        assert row["trajectory"] == [bkey(b, j) for j in path]
        assert row["moves"] == int(b.distance[i])
        cycle = b.cycles[int(b.cycle_of[i])].tolist()
        entry = cycle.index(path[-1])
        assert row["cycle"] == [bkey(b, j) for j in cycle[entry:] + cycle[:entry]]
        assert row["cycle_length"] == len(cycle)


def test_reaches_says_whether_and_in_how_many_moves_as_the_engine(
    runner: Neo4jQueryRunner,
) -> None:
    b = bulgarian(12)
    for i in sample(4, b.size):
        first: dict[int, int] = {}
        j = i
        while j not in first:
            first[j] = len(first)
            j = int(b.successor[j])
        for j in range(b.size):
            row = ask(runner, "bulgarian_reaches", n=12, position=bkey(b, i), target=bkey(b, j))
            assert row.one()["reaches"] == (j in first)
            assert row.one()["moves"] == first.get(j)


def test_b12_has_two_cycles_of_length_5_with_the_engines_members_and_basins(
    runner: Neo4jQueryRunner,
) -> None:
    b = bulgarian(12)
    rows = ask(runner, "bulgarian_cycles", n=12).rows
    # 12 = 5·4/2 + 2: binary necklaces of length 5 with 2 black beads, C = binom(5, 2)/5 = 2
    assert [row["length"] for row in rows] == [5, 5]
    expected = {
        frozenset(bkey(b, j) for j in cycle.tolist()): int(b.basin_sizes[cid])
        for cid, cycle in enumerate(b.cycles)
    }
    assert {frozenset(row["members"]): row["basin"] for row in rows} == expected
    assert sum(row["basin"] for row in rows) == b.size
    for row in rows:  # members in move order
        members = [b.index(m) for m in row["members"]]
        assert all(
            b.successor[members[k]] == members[(k + 1) % len(members)] for k in range(len(members))
        )


def test_garden_of_eden_of_b12_is_the_engines_and_the_spec_criterion(
    runner: Neo4jQueryRunner,
) -> None:
    b = bulgarian(12)
    rows = ask(runner, "bulgarian_garden_of_eden", n=12, limit=1000).rows
    found = {row["position"] for row in rows}
    assert found == {bkey(b, i) for i in np.flatnonzero(b.garden_of_eden)}
    assert all(row["total"] == len(found) for row in rows)
    # SPEC §2: λ with s parts is a Garden of Eden position iff λ_1 < s − 1
    assert found == {bkey(b, i) for i in range(b.size) if b.position(i)[0] < len(b.position(i)) - 1}
    assert len(ask(runner, "bulgarian_garden_of_eden", n=12, limit=3).rows) == 3


def test_farthest_positions_of_b10_need_k_k_minus_1_moves_tau_among_them(
    runner: Neo4jQueryRunner,
) -> None:
    b = bulgarian(10)
    rows = ask(runner, "bulgarian_farthest", n=10, limit=100).rows
    assert {row["position"] for row in rows} == {
        bkey(b, i) for i in np.flatnonzero(b.distance == b.distance.max())
    }
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
def test_outcomes_losing_immediate_losses_and_winning_are_the_engines(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    outcome = ask(runner, "floridian_outcomes", n=n).one()
    assert outcome == {
        "positions": g.positions.size,
        "recurrent": int(g.recurrent.sum()),
        "winning": int(g.winning.sum()),
        "losing": int(g.losing.sum()),
        "immediate_losses": int(g.immediate_loss.sum()),
    }
    losing = ask(runner, "floridian_losing", n=n).rows
    assert [r["position"] for r in losing] == [fkey(g, i) for i in np.flatnonzero(g.losing)]
    assert [r["immediate_loss"] for r in losing] == [
        bool(g.immediate_loss[i]) for i in np.flatnonzero(g.losing)
    ]
    immediate = ask(runner, "floridian_immediate_losses", n=n).column("position")
    assert immediate == [fkey(g, i) for i in np.flatnonzero(g.immediate_loss)]
    winning = ask(runner, "floridian_winning", n=n, limit=100_000).rows
    assert [r["position"] for r in winning] == [fkey(g, i) for i in np.flatnonzero(g.winning)]
    assert [r["turns_to_core"] for r in winning] == g.turns_to_core[g.winning].tolist()
    assert {r["total"] for r in winning} == {int(g.winning.sum())}


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
    assert len(arcs) == 99 and len(between) == sum(r["arcs_out"] for r in rows) == 3


def test_core_of_h18_has_four_components(runner: Neo4jQueryRunner) -> None:
    rows = ask(runner, "floridian_core_components", n=18).rows
    assert [r["node_count"] for r in rows] == [10, 4, 1, 1]


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_core_components_arcs_and_graph_are_the_engines(runner: Neo4jQueryRunner, n: int) -> None:
    g = floridian(n)
    rows = ask(runner, "floridian_core_components", n=n).rows
    assert [set(r["nodes"]) for r in rows] == [
        {fkey(g, i) for i in c.nodes.tolist()} for c in g.core_components
    ]
    assert [r["arc_count"] for r in rows] == [c.arcs for c in g.core_components]
    assert all(len(r["arcs"]) == r["arc_count"] for r in rows)
    src, dst = g.h_arcs()
    mask = g.core_arc_mask
    engine_arcs = {(fkey(g, a), fkey(g, b)) for a, b in zip(src[mask], dst[mask], strict=True)}
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
def test_four_cycles_found_by_path_pattern_are_the_engines_each_once(
    runner: Neo4jQueryRunner, n: int
) -> None:
    rows = ask(runner, "floridian_four_cycles", n=n).rows
    found = [f"{n}:{r['alpha1']}>{r['omega1']}>{r['alpha2']}>{r['omega2']}" for r in rows]
    assert sorted(found) == sorted(c.key for c in floridian(n).four_cycles())
    assert len(found) == len(set(found))
    if n == 24:  # the n0 = 24 cycle of Propositions 4 and 5
        assert rows[0]["notation"] == "2^3 5^2 8 → 2^4 4^2 8 → 1^4 3^2 7^2 → 1^3 3^3 6^2"


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_two_cycles_appear_exactly_at_n_2t_squared_as_the_spec_says(
    runner: Neo4jQueryRunner, n: int
) -> None:
    rows = ask(runner, "floridian_two_cycles", n=n).rows
    found = {(r["alpha"], r["omega"]) for r in rows}
    assert found == {(canonical_key(a), canonical_key(x)) for a, x in floridian(n).two_cycles()}
    # 1² 3² … (2t−1)² ↔ 2² 4² … (2t−2)² (2t) at n = 2t²: t = 2 (n = 8), t = 3 (n = 18)
    spec = {8: {"3,3,1,1", "4,2,2"}, 18: {"5,5,3,3,1,1", "6,4,4,2,2"}}.get(n, set())
    assert {key for pair in found for key in pair} == spec


@pytest.mark.parametrize("n", (24, 33))
def test_turn_paths_in_g_and_h_are_shortest_valid_and_agree(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    for start in sample(6, g.positions.size):
        dist = h_bfs(g, start)
        for target in sample(8, g.positions.size):
            params = {"n": n, "position": fkey(g, start), "target": fkey(g, target)}
            in_g = ask(runner, "floridian_turn_path_g", **params).one()
            in_h = ask(runner, "floridian_turn_path_h", **params).one()
            assert in_g["turns"] == in_h["turns"] == dist.get(target)
            if target not in dist:
                assert in_g["positions"] is None and in_h["positions"] is None
                continue
            keys, kinds = in_g["positions"], in_g["kinds"]
            assert kinds == ["alpha", "omega"] * in_g["turns"] + ["alpha"]
            assert keys[0] == fkey(g, start) and keys[-1] == fkey(g, target)
            idx = [g.positions.index(from_key(k)) for k in keys]
            for k in range(0, len(idx) - 1, 2):
                assert idx[k + 1] in g.alpha_targets(idx[k]).tolist()
                assert int(g.omega_of[idx[k + 1]]) == idx[k + 2]
            assert _is_h_path(g, in_h["positions"])
            assert in_h["positions"][0] == keys[0] and in_h["positions"][-1] == keys[-1]


def _is_h_path(g: FloridianGraph, keys: list[str]) -> bool:
    idx = [g.positions.index(from_key(k)) for k in keys]
    ptr, dst = g.h_full_ptr, g.h_dst
    return all(b in dst[ptr[a] : ptr[a + 1]].tolist() for a, b in pairwise(idx))


def test_a_losing_position_reaches_no_recurrent_target(runner: Neo4jQueryRunner) -> None:
    row = ask(runner, "floridian_turn_path_h", n=24, position="4^2 8^2", target="24").one()
    assert row["turns"] is None and row["positions"] is None
    row = ask(runner, "floridian_turn_path_g", n=24, position="4^2 8^2", target="24").one()
    assert row["turns"] is None and row["kinds"] is None


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_reachable_positions_and_least_turns_are_a_bfs_of_the_engine(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    for start in sample(5, g.positions.size):
        rows = ask(runner, "floridian_reachable", n=n, position=fkey(g, start)).rows
        dist = h_bfs(g, start)
        assert {r["position"]: r["turns"] for r in rows} == {fkey(g, i): d for i, d in dist.items()}
        for r in rows:
            assert r["recurrent"] == bool(g.recurrent[g.positions.index(from_key(r["position"]))])


@pytest.mark.parametrize("n", (8, 18))
def test_reaches_core_is_the_engines_winning_flag_for_every_position(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    for i in range(g.positions.size):
        row = ask(runner, "floridian_reaches_core", n=n, position=fkey(g, i)).one()
        assert row["reaches_core"] == bool(g.winning[i])
        turns = int(g.turns_to_core[i])
        assert row["turns_to_core"] == (turns if turns >= 0 else None)
        assert row["reachable"] == len(h_bfs(g, i))


@pytest.mark.parametrize("n", (18, 24, 33))
def test_turns_to_core_and_a_shortest_way_there_are_the_engines(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    chosen = set(sample(25, g.positions.size)) | set(np.flatnonzero(g.losing)[:5].tolist())
    for i in sorted(chosen):
        row = ask(runner, "floridian_turns_to_core", n=n, position=fkey(g, i)).one()
        turns = int(g.turns_to_core[i])
        if turns < 0:
            assert row["turns"] is None and row["path"] is None
            continue
        assert row["turns"] == turns == len(row["path"]) - 1
        assert _is_h_path(g, row["path"])
        end = g.positions.index(from_key(row["path"][-1]))
        assert g.recurrent[end]


@pytest.mark.parametrize("n", FLORIDIAN_NS)
def test_farthest_winning_positions_are_the_engines(runner: Neo4jQueryRunner, n: int) -> None:
    g = floridian(n)
    rows = ask(runner, "floridian_farthest_winning", n=n).rows
    farthest = int(g.turns_to_core.max())
    assert [r["position"] for r in rows] == [
        fkey(g, i) for i in np.flatnonzero(g.turns_to_core == farthest)
    ]
    assert {r["turns"] for r in rows} == {farthest}
    assert all(len(r["path"]) == farthest + 1 and _is_h_path(g, r["path"]) for r in rows)


@pytest.mark.parametrize("n", (8, 24))
def test_moves_from_a_position_are_its_alpha_moves_then_omega_moves(
    runner: Neo4jQueryRunner, n: int
) -> None:
    g = floridian(n)
    for i in sample(20, g.positions.size):
        rows = ask(runner, "floridian_moves", n=n, position=fkey(g, i)).rows
        targets = g.alpha_targets(i).tolist()
        assert [r["omega_position"] for r in rows] == [fkey(g, x) for x in sorted(targets)]
        assert [r["next_position"] for r in rows] == [
            fkey(g, int(g.omega_of[x])) for x in sorted(targets)
        ]


# --------------------------------------------------------------------------- Q


def _q(loaded: Loaded, rule: str) -> LiftingGraph:
    return lifting(rule, loaded.q_n_max[rule])


@pytest.mark.parametrize("rule", RULES)
def test_lifting_summary_is_the_engines(loaded: Loaded, rule: str) -> None:
    q = _q(loaded, rule)
    stats = q.stats()
    row = ask(loaded.runner, "lifting_summary", rule=rule).one()
    assert row["four_cycles"] == stats["four_cycles"]
    assert row["lifts_inside"] == stats["lifts_inside_range"]
    assert row["non_lifting"] == len(stats["non_lifting"])
    assert row["components"] == stats["components"]
    assert row["components_with_multiple_sources"] == stats["components_with_multiple_sources"]
    assert row["n_max"] == max(c.n for c in q.cycles)


@pytest.mark.parametrize("rule", RULES)
def test_components_of_q_with_sizes_and_sources_are_the_engines(loaded: Loaded, rule: str) -> None:
    q = _q(loaded, rule)
    rows = ask(loaded.runner, "lifting_components", rule=rule).rows
    assert [r["size"] for r in rows] == [len(c) for c in q.components]
    assert [r["sources"] for r in rows] == [q.sources(c) for c in q.components]
    assert all(r["source_count"] == len(r["sources"]) for r in rows)


@pytest.mark.parametrize("rule", RULES)
def test_four_cycles_that_do_not_lift_are_the_engines(loaded: Loaded, rule: str) -> None:
    rows = ask(loaded.runner, "lifting_non_lifting", rule=rule).rows
    assert [r["cycle"] for r in rows] == [c.key for c in _q(loaded, rule).non_lifting]


def test_the_n24_cycle_lifts_with_m_5_and_6_by_the_papers_patterns(loaded: Loaded) -> None:
    rows = ask(loaded.runner, "lifting_lifts", rule="paper", n=24, position="2^3 5^2 8").rows
    assert [(r["m"], r["n_to"], r["patterns"]) for r in rows] == [
        (5, 38, ["alpha7", "omega4", "alpha4", "omega3"]),
        (6, 40, ["alpha5", "omega4", "alpha4", "omega2"]),
    ]
    [cycle] = ask(loaded.runner, "lifting_cycles", rule="paper", n=24).rows
    assert cycle["cycle"] == rows[0]["cycle"] and cycle["lifts"] == 2 and cycle["source"]


@pytest.mark.parametrize("rule", RULES)
def test_lifts_and_cycles_of_every_n_are_the_engines(loaded: Loaded, rule: str) -> None:
    q = _q(loaded, rule)
    for n in sorted({c.n for c in q.cycles}):
        listed = ask(loaded.runner, "lifting_cycles", rule=rule, n=n).rows
        cycles = sorted((c for c in q.cycles if c.n == n), key=lambda c: c.key)
        assert [r["cycle"] for r in listed] == [c.key for c in cycles]
        assert [r["lifts"] for r in listed] == [q.lift_counts[c.key] for c in cycles]
        for cycle in cycles:
            rows = ask(
                loaded.runner, "lifting_lifts", rule=rule, n=n, position=canonical_key(cycle[0])
            ).rows
            mine = [r for r in rows if r["cycle"] == cycle.key and r["m"] is not None]
            inside = sorted(
                (lift.m, lift.target.key)
                for lift in q.lifts
                if lift.source.key == cycle.key and q.in_range(lift.target)
            )
            assert sorted((r["m"], r["lifted"]) for r in mine) == inside


@pytest.mark.parametrize("rule", RULES)
def test_chains_of_lifts_are_the_maximal_paths_of_the_engines_q(loaded: Loaded, rule: str) -> None:
    q = _q(loaded, rule)
    graph = q.graph
    for cycle in q.cycles:
        if graph.out_degree(cycle.key) == 0 or cycle.n > 20:
            continue
        rows = ask(
            loaded.runner, "lifting_chain", rule=rule, n=cycle.n, position=canonical_key(cycle[0])
        ).rows
        mine = sorted((tuple(r["cycles"]), tuple(r["ms"])) for r in rows if r["cycle"] == cycle.key)
        expected = []
        for sink in (v for v in graph if graph.out_degree(v) == 0):
            for path in nx.all_simple_edge_paths(graph, cycle.key, sink):
                nodes = (cycle.key, *(v for _, v, _ in path))
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


def test_graph_summary_of_g24_holds_the_engines_figures(runner: Neo4jQueryRunner) -> None:
    row = ask(runner, "graph_summary", graph="floridian:24").one()
    summary = dict(row["summary"])
    assert summary["recurrent"] == 35 and summary["core_arcs"] == 60
    assert summary["separated"] == 424 and summary["omega_t"] == 189


def test_every_shipped_query_of_these_games_is_checked_here() -> None:
    asked = set(re.findall(r'ask\(\s*[\w.]+,\s*"(\w+)"', Path(__file__).read_text("utf-8")))
    games = {"bulgarian", "floridian", "lifting", None}
    shipped = {name for name, q in user_queries().items() if q.requires in games}
    assert shipped == asked


def test_verify_passes_on_every_graph_this_module_loads(loaded: Loaded) -> None:
    for n in FLORIDIAN_NS:
        report = verify(
            loaded.runner, graphs=[LoadRequest.parse(str(n), "floridian").plan()[0].game]
        )
        assert report.ok, [c for c in report.checks if not c.ok]
    for n in BULGARIAN_NS:
        report = verify(
            loaded.runner, graphs=[LoadRequest.parse(str(n), "bulgarian").plan()[0].game]
        )
        assert report.ok, [c for c in report.checks if not c.ok]
