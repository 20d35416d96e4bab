"""What a partly loaded graph looks like (issue 22): `gamegraph graphs` tells a load in
progress (`loading`, its lease held by a live process) from an interrupted one (`incomplete`),
queries and `verify` refuse both, and the guard docs/browser.md gives for raw Cypher in
Browser hides the partial graph's nodes. Also: `verify X X` checks X once.

The load in progress is a real lease taken on G_8 (as a load takes it before writing), the
interrupted one that lease released (as a failed load releases it)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import gamegraph_cli
from neo4j import Driver
from neo4j_support import graphs_loaded

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import Lease
from gamegraph.db.queries import run_named
from gamegraph.errors import GraphNotLoadedError
from gamegraph.games import get_game
from gamegraph.loader.claim import record_props
from gamegraph.verify import verify

BROWSER = Path(__file__).parents[2] / "docs" / "browser.md"
N = 8
GAME = get_game("floridian").create(n=N)


def _blocks(text: str) -> list[str]:
    return re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.DOTALL)


GUARDED = next(b for b in _blocks(BROWSER.read_text()) if b.startswith("MATCH (:Graph {id:"))
PER_NODE = re.search(
    r"`(MATCH \(a:Alpha \{n: \$n\}\) WHERE EXISTS .*?RETURN a\.key)`",
    " ".join(BROWSER.read_text().split()),
)


@pytest.fixture(scope="module")
def runner(neo4j_driver: Driver, neo4j_settings: Neo4jSettings) -> Iterator[Neo4jQueryRunner]:
    with graphs_loaded(neo4j_driver, neo4j_settings, [GAME]) as runner:
        yield runner


def _state(graph_id: str) -> str:
    result = gamegraph_cli("graphs", "--json")
    assert result.exit_code == 0, result.output
    return str(next(g["state"] for g in json.loads(result.stdout) if g["id"] == graph_id))


def _recurrent(runner: Neo4jQueryRunner) -> int:
    rows = runner.run("MATCH (a:Alpha:Recurrent {n: $n}) RETURN count(a) AS c", {"n": N})
    return int(rows[0]["c"])


def test_the_graphs_table_of_the_docs_has_the_columns_graphs_prints(
    runner: Neo4jQueryRunner,
) -> None:
    printed = gamegraph_cli("graphs").stdout.splitlines()
    block = next(b for b in _blocks(BROWSER.read_text()) if "$ gamegraph graphs" in b)
    lines = block.splitlines()
    header = lines[lines.index("$ gamegraph graphs") + 1]
    assert header == printed[0]  # graph, state, nodes, relationships
    line = next(line for line in printed if line.startswith(GAME.id))
    assert line.split()[1] == "current" == _state(GAME.id)


def test_verify_of_one_graph_named_twice_checks_it_once(runner: Neo4jQueryRunner) -> None:
    once = verify(runner, graphs=[GAME])
    twice = verify(runner, graphs=[GAME, GAME])
    assert once.ok and twice.ok
    assert twice.graphs == [GAME.id]
    assert [c.name for c in twice.checks] == [c.name for c in once.checks]


def test_a_load_in_progress_and_an_interrupted_one_are_shown_apart_and_hidden_by_the_guard(
    runner: Neo4jQueryRunner,
) -> None:
    assert PER_NODE is not None
    recurrent = _recurrent(runner)
    assert recurrent > 0
    assert runner.run(GUARDED, {"n": N}) == [{"recurrent": recurrent}]
    lease = Lease(runner, GAME)
    assert lease.try_claim(record_props(GAME)) is None  # as a load does before it writes
    try:
        assert _state(GAME.id) == "loading"
        with pytest.raises(GraphNotLoadedError, match="still being loaded by process"):
            run_named(runner, "floridian_core_components", {"n": N})
        assert _recurrent(runner) == recurrent  # raw Cypher still sees the nodes ...
        assert runner.run(GUARDED, {"n": N}) == [{"recurrent": 0}]  # ... the guard does not
        assert runner.run(PER_NODE.group(1), {"n": N}) == []
        with pytest.raises(GraphNotLoadedError, match="no complete graph to verify"):
            verify(runner, graphs=[GAME])
    finally:
        lease.release()  # as a failed load releases it
    assert _state(GAME.id) == "incomplete"
    with pytest.raises(GraphNotLoadedError, match="only partly loaded"):
        run_named(runner, "floridian_core_components", {"n": N})
    assert runner.run(GUARDED, {"n": N}) == [{"recurrent": 0}]
