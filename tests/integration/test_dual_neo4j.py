"""Dual Bulgarian solitaire D_n on a real Neo4j: D_n ≅ B_n by conjugation, proved on the
loaded graphs; its queries against the move D applied by hand (tests/functional_definitions.py,
networkx) and the seed's worked moves; and `verify`.

D_17, D_18 and B_17 are loaded once for the module (dropped afterwards unless they were
there)."""

from __future__ import annotations

from math import comb, gcd

import pytest
from neo4j_support import ask, definition, module_runner

from gamegraph.db import Neo4jQueryRunner
from gamegraph.games.base import Game
from gamegraph.games.bulgarian import Bulgarian
from gamegraph.games.dual import Dual
from gamegraph.games.partitions import partitions
from gamegraph.verify import verify

GAMES: tuple[Game, ...] = (Dual(n=17), Dual(n=18), Bulgarian(n=17))

ISOMORPHISM = """
MATCH (d:Dual {n: $n})-[:DUAL_MOVE]->(e:Dual)
WITH d, e,
     [j IN range(1, d.parts[0]) | size([v IN d.parts WHERE v >= j])] AS dc,
     [j IN range(1, e.parts[0]) | size([v IN e.parts WHERE v >= j])] AS ec
WITH d, e,
     reduce(s = toString(dc[0]), x IN dc[1..] | s + ',' + toString(x)) AS d_conjugate,
     reduce(s = toString(ec[0]), x IN ec[1..] | s + ',' + toString(x)) AS e_conjugate
OPTIONAL MATCH (b:Bulgarian {n: $n, key: d_conjugate})
OPTIONAL MATCH (b)-[m:BULGARIAN_MOVE]->(:Bulgarian {n: $n, key: e_conjugate})
RETURN
  count(*) AS dual_arcs,
  count(b) AS conjugates_found,
  count(DISTINCT b) AS distinct_conjugates,
  count(m) AS arcs_mapped,
  COUNT { MATCH (:Dual {n: $n}) } AS dual_positions,
  COUNT { MATCH (:Bulgarian {n: $n}) } AS bulgarian_positions,
  COUNT { MATCH (:Bulgarian {n: $n})-[:BULGARIAN_MOVE]->() } AS bulgarian_arcs,
  sum(CASE WHEN b IS NOT NULL AND (d.distance <> b.distance OR d.cycle_length <> b.cycle_length
                 OR d:GardenOfEden <> b:GardenOfEden) THEN 1 ELSE 0 END) AS analysis_differs
"""


runner = module_runner(GAMES)


def test_dual_iso_conjugation_maps_the_loaded_d17_onto_the_loaded_b17(
    runner: Neo4jQueryRunner,
) -> None:
    [row] = runner.run(ISOMORPHISM, {"n": 17})
    positions = 297  # p(17)
    # conjugation is a bijection of the positions (every conjugate found, all distinct) ...
    assert row["dual_positions"] == row["bulgarian_positions"] == positions
    assert row["conjugates_found"] == row["distinct_conjugates"] == positions
    # ... which maps every DUAL_MOVE arc onto a BULGARIAN_MOVE arc, and both graphs have one
    # arc per position, so it is an isomorphism D_17 ≅ B_17
    assert row["dual_arcs"] == row["arcs_mapped"] == row["bulgarian_arcs"] == positions
    assert row["analysis_differs"] == 0


def test_dual_ex_the_seed_s_two_worked_moves(runner: Neo4jQueryRunner) -> None:
    row = ask(runner, "dual_trajectory", n=17, position="4,4,3,2,2,1,1").one()
    assert row["trajectory"][:2] == ["4,4,3,2,2,1,1", "5,4,3,3,1,1"]
    row = ask(runner, "dual_reaches", n=18, position="6,6,3,2,1", target="7,4,3,2,1,1").one()
    assert (row["reaches"], row["moves"]) == (True, 1)


@pytest.mark.parametrize("n", [17, 18])
def test_trajectory_of_every_partition_follows_d_to_its_cycle(
    runner: Neo4jQueryRunner, n: int
) -> None:
    truth = definition(Dual(n=n), partitions(n))
    for key in truth.graph:
        row = ask(runner, "dual_trajectory", n=n, position=key).one()
        assert row["trajectory"] == truth.trajectory[key]
        assert truth.rotation(row["cycle"]) == truth.cycle_of[key]


@pytest.mark.parametrize("n", [17, 18])
def test_cycles_are_counted_by_binary_necklaces_as_for_b_n(
    runner: Neo4jQueryRunner, n: int
) -> None:
    truth = definition(Dual(n=n), partitions(n))
    rows = ask(runner, "dual_cycles", n=n, limit=100).rows
    assert sorted(truth.rotation(row["members"]) for row in rows) == list(range(len(truth.cycles)))
    k = next(k for k in range(1, n + 2) if k * (k - 1) // 2 < n <= k * (k + 1) // 2)
    r = n - k * (k - 1) // 2
    phi = [sum(1 for i in range(1, d + 1) if gcd(i, d) == 1) for d in range(k + 1)]
    necklaces = sum(phi[d] * comb(k // d, r // d) for d in range(1, k + 1) if gcd(r, k) % d == 0)
    assert rows[0]["total"] == len(truth.cycles) == necklaces // k
    assert all(k % row["length"] == 0 for row in rows)


def test_garden_of_eden_is_fewer_parts_than_the_largest_minus_one(
    runner: Neo4jQueryRunner,
) -> None:
    truth = definition(Dual(n=18), partitions(18))
    rows = ask(runner, "dual_garden_of_eden", n=18, limit=1000).rows
    eden = {key for key in truth.graph if truth.graph.in_degree(key) == 0}
    assert {row["position"] for row in rows} == eden
    assert all(row["parts"] < row["largest"] - 1 for row in rows)  # SPEC-games.md §4
    farthest = max(truth.distance.values())
    rows = ask(runner, "dual_farthest", n=18, limit=1000).rows
    assert {row["position"] for row in rows} == {
        key for key, d in truth.distance.items() if d == farthest
    }


def test_verify_passes_on_the_loaded_graphs(runner: Neo4jQueryRunner) -> None:
    report = verify(runner, graphs=list(GAMES[:2]))
    assert report.ok, [(c.graph, c.name, c.problems) for c in report.failures]
