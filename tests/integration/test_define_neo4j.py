"""Defined games on a real Neo4j (issue 18 items 3, 4 and 6): two variants no seed has,
from the examples package installed under the entry-point group gamegraph.games, loaded,
verified and queried, their numbers checked against brute force (tests/define_reference.py);
and a definitions file through the command line (--games-from): stats, load, query, verify,
a bad definition that loads nothing, and an edited move that marks its graph stale."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_support import CliResult
from define_reference import outcomes, partitions, pile_options, two_card, walk
from neo4j import Driver
from neo4j_support import graphs_loaded

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import get_graph
from gamegraph.db.queries import QueryResult, run_named
from gamegraph.errors import InputError
from gamegraph.games import get_game
from gamegraph.verify import verify

Cli = Callable[..., CliResult]
TWO_CARD = get_game("two-card-bulgarian").create(n=14)
OR_PILE = get_game("bulgarian-or-pile").create(n=9)
FLORIDIAN = get_game("defined-floridian").create(n=8)  # its space narrowed by where=
AUSTRIAN = get_game("defined-austrian").create(n=8, L=3)  # its space found by search


@pytest.fixture(scope="module")
def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
    with graphs_loaded(
        neo4j_driver, neo4j_settings, [TWO_CARD, OR_PILE, FLORIDIAN, AUSTRIAN]
    ) as runner:
        yield runner


def ask(runner: Neo4jQueryRunner, name: str, **params: Any) -> QueryResult:
    return run_named(runner, name, params)


def key(p: tuple[int, ...]) -> str:
    return ",".join(map(str, p)) or "0"


def test_the_variants_verify(runner: Neo4jQueryRunner) -> None:
    report = verify(runner, graphs=[TWO_CARD, OR_PILE])
    assert report.graphs == [TWO_CARD.id, OR_PILE.id]
    assert report.ok, [(c.name, c.problems) for c in report.failures]
    assert len(report.checks) >= 10


def test_two_card_bulgarian_trajectories_and_cycles_equal_brute_force(
    runner: Neo4jQueryRunner,
) -> None:
    image = {p: two_card(p) for p in partitions(14)}
    cycles = set()
    for p in image:
        path, cycle = walk(image, p)
        row = ask(runner, "two_card_bulgarian_trajectory", n=14, position=key(p)).one()
        assert row["trajectory"] == [key(q) for q in path]
        assert row["moves"] == len(path) - 1
        assert sorted(row["cycle"]) == sorted(key(q) for q in cycle)
        cycles.add(frozenset(cycle))
    rows = ask(runner, "two_card_bulgarian_cycles", n=14, limit=100).rows
    assert {frozenset(r["members"]) for r in rows} == {frozenset(map(key, c)) for c in cycles}
    eden = set(image) - set(image.values())
    rows = ask(runner, "two_card_bulgarian_garden_of_eden", n=14, limit=10_000).rows
    assert {r["position"] for r in rows} == {key(p) for p in eden}
    assert rows[0]["total"] == len(eden)


def test_the_bulgarian_or_pile_outcomes_equal_brute_force(runner: Neo4jQueryRunner) -> None:
    options = pile_options(9)
    truth = outcomes(options)
    for p, outcome in truth.items():
        row = ask(runner, "bulgarian_or_pile_position", n=9, position=key(p)).one()
        assert row["outcome"] == outcome, p
        assert sorted(row["options"]) == sorted(key(q) for q in options[p])
        assert sorted(row["winning_moves"]) == sorted(key(q) for q in options[p] if truth[q] == "P")
    p_rows = ask(runner, "bulgarian_or_pile_p_positions", n=9, limit=10_000).rows
    assert {r["position"] for r in p_rows} == {key(p) for p, o in truth.items() if o == "P"}
    by_size = {r["size"]: r for r in ask(runner, "bulgarian_or_pile_outcomes", n=9).rows}
    for size in range(10):
        sized = [o for p, o in truth.items() if sum(p) == size]
        assert by_size[size]["positions"] == len(sized)
        assert by_size[size]["draws"] == sized.count("D")
        assert by_size[size]["p_positions"] == sized.count("P")
    assert sum(r["draws"] for r in by_size.values()) > 0  # loopy play


def test_a_position_its_space_excludes_is_one_error_naming_the_game_and_the_position(
    gamegraph: Cli, neo4j_settings: Neo4jSettings, runner: Neo4jQueryRunner
) -> None:
    """3,2,2,1 is a partition of 8 but not separated: no position of the defined H_8. The
    query answered no rows (the built-in Floridian's says it is not separated)."""
    moves = ask(runner, "defined_floridian_moves", n=8, position="5,3").rows
    assert [r["move_to"] for r in moves] == ["3,3,1,1"]  # a position of the graph: answered
    wanted = "3,2,2,1 is no position of defined-floridian(n=8): its positions are the partitions"
    with pytest.raises(InputError, match=re.escape(f"parameter position: {wanted}")):
        ask(runner, "defined_floridian_moves", n=8, position="3,2,2,1")
    env = {
        "NEO4J_URI": neo4j_settings.uri,
        "NEO4J_USER": neo4j_settings.user,
        "NEO4J_PASSWORD": neo4j_settings.password,
        "NEO4J_DATABASE": neo4j_settings.database,
    }
    result = gamegraph(
        "query", "defined_floridian_moves", "-p", "n=8", "-p", "position=1 2^2 3", env=env
    )
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    assert lines[0].startswith(f"error: parameter position: {wanted}"), lines


def test_a_position_its_search_did_not_reach_is_one_error_naming_it(
    runner: Neo4jQueryRunner,
) -> None:
    """A searched space (gg.reachable) holds what the search reached: (0, 8), a pile of 8
    cards where new piles hold L = 3, is no state of A_8's graph. The query answered no rows;
    a reached state is answered as before."""
    reached = ask(runner, "defined_austrian_trajectory", n=8, L=3, position="2,3,3").one()
    assert reached["trajectory"][0] == "2,3,3"
    with pytest.raises(InputError) as caught:
        ask(runner, "defined_austrian_trajectory", n=8, L=3, position="0,8")
    assert str(caught.value) == (
        f"parameter position: 0,8 is no position of {AUSTRIAN.id}: the search from its start "
        "did not reach it"
    )


MOVE = "return tuple(sorted([len(p), *(x - 1 for x in p if x > 1)], reverse=True))"


def _write(path: Path, body: str) -> None:
    path.write_text(
        "import gamegraph as gg\n\n"
        '@gg.solitaire(name="cli-bulgarian", title="Bulgarian from a file")\n'
        f"def move(p, n):\n    {body}\n",
        "utf-8",
    )


def test_a_definitions_file_through_the_command_line(
    gamegraph: Cli, neo4j_settings: Neo4jSettings, runner: Neo4jQueryRunner, tmp_path: Path
) -> None:
    env = {
        "NEO4J_URI": neo4j_settings.uri,
        "NEO4J_USER": neo4j_settings.user,
        "NEO4J_PASSWORD": neo4j_settings.password,
        "NEO4J_DATABASE": neo4j_settings.database,
    }
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import gamegraph as gg\n\n"
        '@gg.solitaire(name="cli-bad")\ndef move(p, n):\n    return (*p, 1)\n',
        "utf-8",
    )
    refused = gamegraph("load", "--games", "cli-bad", "--n", "8", "--games-from", str(bad), env=env)
    assert refused.exit_code == 2 and refused.stderr.startswith("error: game 'cli-bad' (")
    assert get_graph(runner, "cli-bad:8") is None  # nothing loaded or half-loaded: no record
    [count] = runner.run("MATCH (p:CliBad) RETURN count(p) AS nodes")
    assert count["nodes"] == 0
    mine = tmp_path / "mygame.py"
    _write(mine, MOVE)
    args = ("--games-from", str(mine))
    try:
        loaded = gamegraph("load", "--games", "cli-bulgarian", "--n", "10", *args, env=env)
        assert loaded.exit_code == 0, loaded.output
        query = gamegraph(
            "query",
            "cli_bulgarian_reaches",
            "-p",
            "n=10",
            "-p",
            "position=10",
            "-p",
            "target=4,3,2,1",
            "-f",
            "json",
            *args,
            env=env,
        )
        assert query.exit_code == 0, query.output
        assert '"reaches": true' in query.stdout and '"moves": 6' in query.stdout
        checked = gamegraph("verify", "cli-bulgarian:10", *args, env=env)
        assert checked.exit_code == 0 and "all agree" in checked.output, checked.output
        record = get_graph(runner, "cli-bulgarian:10")
        assert record is not None and record.nodes == 42
    finally:
        gamegraph("drop", "cli-bulgarian:10", *args, env=env)


def test_the_loopy_values_are_stored_on_every_position_and_verified(
    runner: Neo4jQueryRunner,
) -> None:
    graph = OR_PILE.build()
    rows = runner.run(
        f"MATCH (p:{OR_PILE.label} {{n: $n}}) RETURN p.idx AS idx, p.loopy AS loopy", {"n": 9}
    )
    stored = {int(r["idx"]): r["loopy"] for r in rows}
    assert stored == dict(enumerate(graph.loopy.labels()))
    assert any(text.startswith("∞{") for text in stored.values())  # loopy play, values ∞_K
    report = verify(runner, graphs=[OR_PILE])
    [check] = [c for c in report.checks if c.name == "Smith's loopy values"]
    assert check.ok, check.problems
