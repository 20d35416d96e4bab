"""The Cypher `gamegraph check` prints for a counterexample finds it in a real Neo4j: the
naive one-cycle conjecture fails at B_2, and its query (the ``:param`` lines as parameters)
returns the position (2) and its move to (1,1) once B_2 is loaded."""

from __future__ import annotations

from pathlib import Path

from neo4j import Driver

from gamegraph.cluster import configure
from gamegraph.db.runner import Neo4jQueryRunner
from gamegraph.db.settings import Neo4jSettings
from gamegraph.games.registry import get_game
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.questions.conjectures import check_file

EXAMPLE = Path(__file__).parents[2] / "examples" / "conjectures" / "conjectures.py"


def test_the_printed_cypher_shows_the_counterexample(
    neo4j_driver: Driver, neo4j_settings: Neo4jSettings
) -> None:
    configure(local=True)
    try:
        (verdict,) = check_file(EXAMPLE, range(1, 6), only=["one_cycle_only_for_triangular_n"])
    finally:
        configure()
    assert verdict.n == 2
    params: dict[str, object] = {}
    query = []
    for line in verdict.cypher.splitlines():
        if line.startswith(":param "):
            name, _, value = line.removeprefix(":param ").partition(" => ")
            params[name] = value.strip("'")
        else:
            query.append(line)
    runner = Neo4jQueryRunner(neo4j_driver, neo4j_settings.database)
    game = get_game("bulgarian").create(n=2)
    try:
        run_load(runner, [PlannedGraph(game, game.estimate())])
        rows = runner.run(
            "\n".join(query).replace("RETURN p, move", "RETURN p.key AS key, "
            "[n IN nodes(move) | n.key] AS path"),
            params,
        )  # fmt: skip
    finally:
        drop_graph(runner, game.id)
    assert rows == [{"key": "2", "path": ["2", "1,1"]}]
