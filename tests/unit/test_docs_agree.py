"""Sentences of the README and docs/browser.md that once disagreed with the tool (issue 22):
the graph states `gamegraph graphs` prints, what `stats` takes, and what Neo4j Browser shows
for a pasted multi-statement frame."""

from __future__ import annotations

import re
from pathlib import Path

from cli_support import gamegraph_cli

from gamegraph.db.catalog import GraphState

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text()
BROWSER = (ROOT / "docs" / "browser.md").read_text()
PRINTED = {state.name.lower() for state in GraphState} - {"missing"}


def test_the_readme_names_the_states_graphs_prints() -> None:
    row = next(line for line in README.splitlines() if line.startswith("| `gamegraph graphs`"))
    assert set(re.findall(r"`(\w+)`", row)) & PRINTED == PRINTED
    assert "complete, incomplete, stale" not in README


def test_browser_md_explains_each_state_graphs_prints() -> None:
    section = BROWSER[BROWSER.index("$ gamegraph graphs") : BROWSER.index("## 2.")]
    assert set(re.findall(r"`(\w+)`", section)) >= PRINTED
    assert "status " not in section.splitlines()[1]


def test_the_readme_does_not_promise_stats_over_a_range_of_n() -> None:
    assert "`stats` over a range" not in README
    assert "`stats` itself takes one n" in README
    for args in (["bulgarian", "--n", "10..12"], ["lifting", "--n-max", "10..12"]):
        refused = gamegraph_cli("stats", *args)
        assert refused.exit_code == 2 and "'10..12' is not an integer" in refused.stderr


def test_browser_md_does_not_promise_a_result_from_a_multi_statement_frame() -> None:
    flat = " ".join(BROWSER.split())
    assert "click the last one to see its result" not in flat
    assert "Run the `:param` lines first" in flat


def test_games_md_counts_the_built_in_games_and_browser_md_names_real_query_files() -> None:
    from gamegraph.games.registry import BUILT_IN, all_games, origin

    words = {15: "fifteen", 16: "sixteen", 17: "seventeen", 18: "eighteen", 19: "nineteen"}
    built_in = sum(origin(game.name) == BUILT_IN for game in all_games())
    games_md = (ROOT / "docs" / "games.md").read_text()
    assert f"gamegraph ships {words[built_in]} games" in games_md
    [pattern] = re.findall(r"`(gamegraph/[^`]*\*\.cypher)`", BROWSER)
    assert list(ROOT.glob(pattern.replace("<game>", "*")))
