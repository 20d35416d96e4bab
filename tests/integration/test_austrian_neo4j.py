"""Austrian solitaire A_n(L) on a real Neo4j: its queries against the move A applied by hand
(tests/functional_definitions.py, networkx), the b ≤ L variant, and `verify`.

A_20(L=5), A_14(L=3) and A_12(L=4) with a bank of up to L are loaded once for the module
(dropped afterwards unless they were there)."""

from __future__ import annotations

import pytest
from functional_definitions import Analysis, analyse, austrian_states, key_move, key_of
from neo4j_support import ask, module_runner

from gamegraph.api import Database
from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import GraphState, get_graph
from gamegraph.errors import GraphNotLoadedError, InputError
from gamegraph.games.austrian import Austrian
from gamegraph.verify import verify

GAMES = (Austrian(n=20, L=5), Austrian(n=14, L=3), Austrian(n=12, L=4, bank_up_to_L=True))


runner = module_runner(GAMES)


def definition(game: Austrian) -> Analysis:
    """Every state (μ, b) of the game, by definition, under the move A."""
    states = austrian_states(game.n, game.L, game.bank_up_to_L)
    return analyse([f"{key_of(mu)}|{b}" for mu, b in states], key_move(game))


@pytest.mark.parametrize("game", GAMES[:2], ids=str)
def test_trajectory_of_every_state_follows_a_to_its_cycle(
    runner: Neo4jQueryRunner, game: Austrian
) -> None:
    truth = definition(game)
    for key in truth.graph:
        row = ask(runner, "austrian_trajectory", n=game.n, L=game.L, position=key).one()
        assert row["trajectory"] == truth.trajectory[key]
        assert row["moves"] == truth.distance[key]
        assert truth.rotation(row["cycle"]) == truth.cycle_of[key]
        assert row["cycle_length"] == len(truth.cycles[truth.cycle_of[key]])


def test_a_state_is_named_in_the_papers_notation_too(runner: Neo4jQueryRunner) -> None:
    row = ask(runner, "austrian_trajectory", n=20, L=5, position="3^2 5^2 | 4").one()
    assert row["trajectory"][0] == "5,5,3,3|4" and row["notation"][0] == "3^2 5^2 | 4"


@pytest.mark.parametrize("game", GAMES[:2], ids=str)
def test_cycles_garden_of_eden_and_farthest_states_are_the_definition_s(
    runner: Neo4jQueryRunner, game: Austrian
) -> None:
    truth = definition(game)
    ids = {"n": game.n, "L": game.L}
    cycles = ask(runner, "austrian_cycles", **ids, limit=100).rows
    assert sorted(truth.rotation(row["members"]) for row in cycles) == list(
        range(len(truth.cycles))
    )
    for row in cycles:
        number = truth.rotation(row["members"])
        assert row["basin"] == sum(1 for c in truth.cycle_of.values() if c == number)
    eden = {key for key in truth.graph if truth.graph.in_degree(key) == 0}
    rows = ask(runner, "austrian_garden_of_eden", **ids, limit=10_000).rows
    assert {row["position"] for row in rows} == eden
    for row in rows:
        q = sum(1 for pile in row["piles"] if pile == game.L)
        assert (game.L + 1) * q + row["bank"] < len(row["piles"])  # derived criterion
    farthest = max(truth.distance.values())
    rows = ask(runner, "austrian_farthest", **ids, limit=10_000).rows
    assert {row["position"] for row in rows} == {
        key for key, d in truth.distance.items() if d == farthest
    }
    assert all(row["moves"] == farthest for row in rows)


def test_reaches_counts_the_moves_between_two_states(runner: Neo4jQueryRunner) -> None:
    row = ask(
        runner, "austrian_reaches", n=20, L=5, position="5,5,3,3|4", target="5,4,3,2,1,1|4"
    ).one()
    assert (row["reaches"], row["moves"]) == (True, 4)  # 5533|4 5442 2|3 543311|3 54322|4 ...
    row = ask(
        runner, "austrian_reaches", n=20, L=5, position="5,4,3,2,1,1|4", target="5,5,3,3|4"
    ).one()
    assert (row["reaches"], row["moves"]) == (False, None)


def test_the_variant_with_a_full_bank_adds_only_garden_of_eden_states_and_is_verified(
    runner: Neo4jQueryRunner,
) -> None:
    variant = GAMES[2]
    truth = definition(variant)
    rows = runner.run(
        "MATCH (p:Austrian {L: 4, n: 12}) RETURN p.key AS key, p:GardenOfEden AS eden, p.bank AS b"
    )
    assert {row["key"] for row in rows} == set(truth.graph)
    assert all(row["eden"] for row in rows if row["b"] == 4)
    # the named queries read the graph b < L names: they refuse the variant in one line
    with pytest.raises(GraphNotLoadedError, match="gamegraph load --games austrian --n 12 --L 4"):
        ask(runner, "austrian_cycles", n=12, L=4, limit=5)


def test_a_load_with_a_misspelt_parameter_is_refused_and_keeps_the_loaded_variant(
    runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings
) -> None:
    """db.load('austrian', n=12, L=4, bank_up_to_l=True) loaded A_12(L = 4) without the
    flag, which is not in the graph id: it replaced the variant loaded under that id."""
    variant = GAMES[2]
    db = Database(runner, neo4j_settings)  # not closed: the module's runner stays open
    with pytest.raises(
        InputError, match=r"^austrian has no parameter 'bank_up_to_l'; it takes n, L, bank_up_to_L$"
    ):
        db.load("austrian", n=12, L=4, bank_up_to_l=True)
    with pytest.raises(InputError, match=r"^bulgarian has no parameter 'L'; it takes n$"):
        db.load("bulgarian", n=5, L=3)
    rows = runner.run("MATCH (p:Austrian {L: 4, n: 12}) RETURN p.key AS key")
    assert {row["key"] for row in rows} == set(definition(variant).graph)
    assert sum(1 for row in rows if row["key"].endswith("|4")) > 0  # the bank of L is there
    record = get_graph(runner, variant.id)
    assert record is not None and record.state() is GraphState.CURRENT


def test_verify_passes_on_the_loaded_graphs(runner: Neo4jQueryRunner) -> None:
    report = verify(runner, graphs=list(GAMES))
    assert report.ok, [(c.graph, c.name, c.problems) for c in report.failures]
    assert report.graphs == [game.id for game in GAMES]
