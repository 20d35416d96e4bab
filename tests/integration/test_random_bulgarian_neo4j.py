"""Random Bulgarian chains loaded into a real Neo4j: `gamegraph verify` agrees (and catches a
wrong probability), and every query of random_bulgarian.cypher answers what a brute force
written here computes from the definition (every subset of piles or cards picked with its
probability, π by exact Gaussian elimination, the cradle shapes as the partitions on the
cycles of B_n), not what the engine stored."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations, product
from typing import Any

import pytest
from neo4j import Driver
from neo4j_support import graphs_loaded

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.queries import run_named
from gamegraph.errors import InputError
from gamegraph.games.partitions import Partition, canonical_key, omega, partitions
from gamegraph.games.random_bulgarian import RandomBulgarian
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.verify import verify

Matrix = dict[Partition, dict[Partition, Fraction]]

HALF = Fraction(1, 2)
POPOV_8 = RandomBulgarian.create(n=8, p=HALF)
CARDWISE_7 = RandomBulgarian.create(n=7, p=Fraction(1, 3), chain="cardwise")
DETERMINISTIC_7 = RandomBulgarian.create(n=7, p=1)
FLOAT_14 = RandomBulgarian.create(n=14, p=Fraction(1, 4))
CHAINS = (POPOV_8, CARDWISE_7, DETERMINISTIC_7, FLOAT_14)


# --------------------------------------------------------------------------- brute force


def _after(piles: Partition, losses: tuple[int, ...]) -> Partition:
    kept = [a - j for a, j in zip(piles, losses, strict=True) if a > j]
    picked = sum(losses)
    return tuple(sorted([*kept, picked] if picked else kept, reverse=True))


def brute_row(lam: Partition, p: Fraction, cardwise: bool) -> dict[Partition, Fraction]:
    """P(λ → ·) from the definition: every subset of piles (or of cards) is picked."""
    row: dict[Partition, Fraction] = defaultdict(Fraction)
    if not cardwise:
        for chosen in product((0, 1), repeat=len(lam)):
            k = sum(chosen)
            row[_after(lam, chosen)] += p**k * (1 - p) ** (len(lam) - k)
        return {mu: v for mu, v in row.items() if v}
    cards = [pile for pile, size in enumerate(lam) for _ in range(size)]
    for k in range(len(cards) + 1):
        for subset in combinations(range(len(cards)), k):
            losses = [0] * len(lam)
            for card in subset:
                losses[cards[card]] += 1
            row[_after(lam, tuple(losses))] += p**k * (1 - p) ** (len(cards) - k)
    return {mu: v for mu, v in row.items() if v}


def brute_matrix(game: RandomBulgarian) -> Matrix:
    return {lam: brute_row(lam, game.p, game.cardwise) for lam in partitions(game.n)}


def brute_stationary(matrix: Matrix) -> dict[Partition, Fraction]:
    """π(P − I) = 0, Σπ = 1, by Gaussian elimination in Fractions (irreducible chains)."""
    states = list(matrix)
    at = {s: i for i, s in enumerate(states)}
    size = len(states)
    system = [[Fraction(0)] * (size + 1) for _ in range(size)]
    for i, s in enumerate(states):
        for t, v in matrix[s].items():
            system[at[t]][i] += v
        system[i][i] -= 1
    system[-1] = [Fraction(1)] * (size + 1)
    for col in range(size):
        pivot = next(r for r in range(col, size) if system[r][col] != 0)
        system[col], system[pivot] = system[pivot], system[col]
        lead = system[col][col]
        system[col] = [v / lead for v in system[col]]
        for r in range(size):
            if r != col and system[r][col] != 0:
                factor = system[r][col]
                system[r] = [a - factor * b for a, b in zip(system[r], system[col], strict=True)]
    return {s: system[i][size] for i, s in enumerate(states)}


def cradle_shapes(n: int) -> set[Partition]:
    """The partitions on the cycles of B_n (iterating Ω until a repeat)."""
    on_cycle: set[Partition] = set()
    for lam in partitions(n):
        seen: list[Partition] = []
        while lam not in seen:
            seen.append(lam)
            lam = omega(lam)
        on_cycle.update(seen[seen.index(lam) :])
    return on_cycle


def staircase_distance(lam: Partition, shapes: set[Partition]) -> int:
    def outside(mu: Partition) -> int:
        width = max(len(lam), len(mu))
        a, b = [*lam, *[0] * (width - len(lam))], [*mu, *[0] * (width - len(mu))]
        return sum(max(x - y, 0) for x, y in zip(a, b, strict=True))

    return min(outside(mu) for mu in shapes)


def key(lam: Partition) -> str:
    return canonical_key(lam)


# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
    """The chains of CHAINS loaded for the module (dropped afterwards unless already there)."""
    with graphs_loaded(neo4j_driver, neo4j_settings, CHAINS) as runner:
        yield runner


def _rows(
    runner: Neo4jQueryRunner, name: str, game: RandomBulgarian, **params: object
) -> list[dict[str, Any]]:
    values: dict[str, object] = {"n": game.n, "p": game.p_text, "chain": game.chain}
    return run_named(runner, name, values | params).rows


# --------------------------------------------------------------------------- verify


def test_verify_recomputes_every_chain_from_its_relationships(runner: Neo4jQueryRunner) -> None:
    report = verify(runner, graphs=list(CHAINS))
    assert report.ok, [(c.graph, c.name, c.problems) for c in report.failures]
    assert report.graphs == [game.id for game in CHAINS]
    names = {c.name for c in report.checks}
    assert {
        "transitions of every state",
        "every row sums to 1",
        "πP = π",
        "the mode of π",
        "staircase distances",
        "irreducible and aperiodic",
        "summary on the :Graph node",
    } <= names
    detail = {(c.graph, c.name): c.detail for c in report.checks}
    assert "exactly, in fractions" in detail[(POPOV_8.describe(), "πP = π")]
    assert "period 4" in detail[(DETERMINISTIC_7.describe(), "irreducible and aperiodic")]


def test_verify_catches_a_changed_probability(runner: Neo4jQueryRunner) -> None:
    game = RandomBulgarian.create(n=5, p=HALF)
    run_load(runner, [PlannedGraph(game, game.estimate())])
    try:
        runner.write(
            "MATCH (:RandomBulgarian {chain: 'popov', p: '1/2', n: 5, key: '5'})"
            "-[m:RANDOM_BULGARIAN_MOVE]->() "
            "SET m.probability = m.probability + 0.125, m.probability_exact = '5/8'"
        )
        report = verify(runner, graphs=[game])
        failed = {c.name for c in report.failures}
        assert {"transitions of every state", "every row sums to 1", "πP = π"} <= failed
    finally:
        drop_graph(runner, game.id)


# --------------------------------------------------------------------------- queries


def test_most_likely_states_are_the_brute_force_ranking(runner: Neo4jQueryRunner) -> None:
    pi = brute_stationary(brute_matrix(POPOV_8))
    order = sorted(pi, key=lambda lam: -pi[lam])  # partitions() is in index order; sort is stable
    rows = _rows(runner, "random_bulgarian_most_likely", POPOV_8, limit=6)
    assert [row["position"] for row in rows] == [key(lam) for lam in order[:6]]
    for row, lam in zip(rows, order, strict=False):
        assert Fraction(row["exact"]) == pi[lam]
        assert row["rank"] == 1 + sum(1 for v in pi.values() if v > pi[lam])
        assert row["staircase_distance"] == staircase_distance(lam, cradle_shapes(8))
    assert [row["mode"] for row in rows] == [True] + [False] * 5


@pytest.mark.parametrize("p", ["0.5", 0.5, "2/4", HALF])
def test_p_is_accepted_in_any_form_and_reads_the_same_chain(
    runner: Neo4jQueryRunner, p: object
) -> None:
    rows = run_named(
        runner, "random_bulgarian_most_likely", {"n": 8, "p": p, "chain": "popov", "limit": 2}
    ).rows
    assert rows == _rows(runner, "random_bulgarian_most_likely", POPOV_8, limit=2)


@pytest.mark.parametrize("game", [POPOV_8, CARDWISE_7], ids=lambda g: g.chain)
def test_transitions_out_of_a_position_are_the_brute_force_row(
    runner: Neo4jQueryRunner, game: RandomBulgarian
) -> None:
    lam = (4, 2, 1, 1) if game.n == 8 else (3, 2, 1, 1)
    text = " ".join(str(v) for v in sorted(lam))  # the papers' ascending notation
    rows = _rows(runner, "random_bulgarian_transitions", game, position=text)
    expected = brute_row(lam, game.p, game.cardwise)
    assert {row["target"]: Fraction(row["exact"]) for row in rows} == {
        key(mu): v for mu, v in expected.items()
    }
    assert [row["probability"] for row in rows] == sorted(
        (row["probability"] for row in rows), reverse=True
    )
    assert [row["target"] for row in rows if row["stays"]] == [key(lam)]


def test_staircase_query_groups_pi_by_distance_to_the_cradle_shapes(
    runner: Neo4jQueryRunner,
) -> None:
    pi = brute_stationary(brute_matrix(POPOV_8))
    shapes = cradle_shapes(8)
    groups: dict[int, list[Partition]] = defaultdict(list)
    for lam in pi:
        groups[staircase_distance(lam, shapes)].append(lam)
    rows = _rows(runner, "random_bulgarian_staircase", POPOV_8)
    assert [row["distance"] for row in rows] == sorted(groups)
    for row in rows:
        members = groups[row["distance"]]
        best = max(members, key=lambda lam: pi[lam])  # first of the ties in index order
        assert row["states"] == len(members)
        assert row["probability"] == pytest.approx(float(sum(pi[lam] for lam in members)))
        assert row["most_likely"] == key(best)
        assert row["its_rank"] == 1 + sum(1 for v in pi.values() if v > pi[best])


@pytest.mark.parametrize("game", [POPOV_8, DETERMINISTIC_7], ids=lambda g: g.p_text)
def test_cradles_query_lists_the_cycles_of_b_n_against_the_mode(
    runner: Neo4jQueryRunner, game: RandomBulgarian
) -> None:
    rows = _rows(runner, "random_bulgarian_cradles", game)
    assert {row["position"] for row in rows} == {key(lam) for lam in cradle_shapes(game.n)}
    if game.p == 1:  # B_7: one 4-cycle holding all the Cesàro mass (BUL-n7)
        assert {row["exact"] for row in rows} == {"1/4"}
        assert all(row["rank"] == 1 and row["relative_to_mode"] == 1 for row in rows)
        return
    pi = brute_stationary(brute_matrix(game))
    top = max(pi.values())
    for row in rows:
        lam = tuple(int(v) for v in row["position"].split(","))
        assert row["relative_to_mode"] == pytest.approx(float(pi[lam] / top))
        assert row["rank"] == 1 + sum(1 for v in pi.values() if v > pi[lam])


def test_inflow_query_adds_up_to_pi(runner: Neo4jQueryRunner) -> None:
    matrix = brute_matrix(CARDWISE_7)
    pi = brute_stationary(matrix)
    target = (3, 2, 1, 1)
    rows = _rows(runner, "random_bulgarian_inflow", CARDWISE_7, position="3,2,1,1")
    expected = {key(lam): pi[lam] * row[target] for lam, row in matrix.items() if target in row}
    assert {row["source"]: row["flow"] for row in rows} == pytest.approx(
        {k: float(v) for k, v in expected.items()}
    )
    assert rows[0]["inflow"] == pytest.approx(float(pi[target]), abs=1e-15)
    assert rows[0]["stationary"] == pytest.approx(float(pi[target]), abs=1e-15)


def test_float_chain_answers_with_floats_only(runner: Neo4jQueryRunner) -> None:
    rows = _rows(runner, "random_bulgarian_most_likely", FLOAT_14, limit=3)
    assert all(row["exact"] is None and 0 < row["probability"] < 1 for row in rows)
    assert rows[0]["mode"] and rows[0]["rank"] == 1


@pytest.mark.parametrize("position", ["3,-1,5", "4,3", "x"])
def test_positions_that_are_no_state_are_refused_in_one_line(
    runner: Neo4jQueryRunner, position: str
) -> None:
    with pytest.raises(InputError) as info:
        _rows(runner, "random_bulgarian_transitions", POPOV_8, position=position)
    assert "\n" not in str(info.value)
