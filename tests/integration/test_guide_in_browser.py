"""The Browser guide (gamegraph/server/guide/gamegraph.html) walked as a user walks it, in a
real Neo4j Browser in a headless Chromium (tests/browser_walk.py): logged in with the
server's password, the guide played, every block of every slide clicked and run; no frame
may be an error, every result must be what the slide states (the guide's ``data-expect``),
and the guide's own frame must still be there at the end (its first slide raises Browser's
frame limit). A screenshot of each slide goes to the test's tmp_path, and one of each frame
found wrong. The same blocks are run again over Bolt, a second reading of the same numbers,
with no warning allowed (an unbounded shortest path, say).

Chromium is Debian's package: tools/install-chromium.sh installs it when it is missing (as
root, with apt-get; ``GAMEGRAPH_TEST_CHROMIUM`` names another binary); where that cannot be
done the Browser test is skipped with the reason, except under CI=true, where it fails. The
graphs loaded are exactly those of the guide's `gamegraph load` lines, at the n it names,
and are dropped again afterwards unless they were loaded before.
"""

from __future__ import annotations

import json
import os
import subprocess
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import pytest
from browser_walk import (
    CHROMIUM,
    Block,
    Slide,
    browser,
    expected_cells,
    load_commands,
    parse_guide,
)
from cli_support import gamegraph_cli
from neo4j import Driver, Record
from neo4j.graph import Node, Relationship
from neo4j.graph import Path as GraphPath

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import list_graphs
from gamegraph.db.queries import get_query
from gamegraph.loader.writer import drop_graph
from gamegraph.server import LocalNeo4j
from gamegraph.server.browser_guide import _guide_bytes, guide_url
from gamegraph.server.local import browser_url

ROOT = Path(__file__).parents[2]
INSTALL_CHROMIUM = ROOT / "tools" / "install-chromium.sh"


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _cannot(reason: str) -> NoReturn:
    if _in_ci():
        pytest.fail(f"CI=true and the Browser guide test cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


@dataclass(frozen=True)
class ServedGuide:
    local: LocalNeo4j
    password: str
    url: str
    slides: list[Slide]


def _fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return bytes(answer.read()).decode()


@pytest.fixture(scope="module")
def served(neo4j_target: Any) -> ServedGuide:
    """The guide as the session's local Neo4j serves it, restarted once if it serves an
    older guide than the package's (the zip is written at each start)."""
    local = neo4j_target.local
    if local is None:
        _cannot(
            f"this session's Neo4j is {neo4j_target.source}; the guide is served by the local "
            "Neo4j gamegraph manages"
        )
    url = guide_url(local.http_uri)
    expected = (
        _guide_bytes()["gamegraph.html"].replace(b"{{HTTP}}", local.http_uri.encode()).decode()
    )
    html = _fetch(url)
    if html != expected:
        local.stop()
        local.start()
        html = _fetch(url)
    assert html == expected, f"{url} does not serve the packaged guide"
    password = neo4j_target.settings.password or local.password
    assert password
    return ServedGuide(local, password, url, parse_guide(html))


@pytest.fixture(scope="module")
def loaded(
    served: ServedGuide, neo4j_driver: Driver, neo4j_settings: Neo4jSettings
) -> Iterator[Neo4jQueryRunner]:
    """The graphs of the guide's `gamegraph load` lines, loaded with those very commands;
    those that were not loaded before are dropped again after the module."""
    runner = Neo4jQueryRunner(neo4j_driver, neo4j_settings.database)
    before = {g.id for g in list_graphs(runner) if g.complete}
    commands = load_commands(served.slides)
    assert commands, "the guide names no `gamegraph load` command"
    try:
        for command in commands:
            result = gamegraph_cli(*command)
            assert result.exit_code == 0, f"gamegraph {' '.join(command)}: {result.output}"
        yield runner
    finally:
        for graph in list_graphs(runner):
            if graph.id not in before:
                drop_graph(runner, graph.id)


@pytest.fixture(scope="module")
def chromium() -> Path:
    """Debian's Chromium, installed when missing; and the playwright package."""
    if not CHROMIUM.exists() and not os.environ.get("GAMEGRAPH_TEST_CHROMIUM"):
        done = subprocess.run(
            ["bash", str(INSTALL_CHROMIUM)], capture_output=True, text=True, check=False
        )
        if not CHROMIUM.exists():
            why = done.stderr.strip().splitlines()[-1:] or [f"exit status {done.returncode}"]
            _cannot(f"no Chromium for the Browser guide test ({why[0]})")
    if not CHROMIUM.exists():
        _cannot(f"no Chromium for the Browser guide test: GAMEGRAPH_TEST_CHROMIUM={CHROMIUM}")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _cannot("the Python package playwright is missing (`make install` installs it)")
    return CHROMIUM


def _blocks(slides: list[Slide]) -> list[tuple[Slide, int, Block]]:
    return [(slide, i, block) for slide in slides for i, block in enumerate(slide.blocks)]


def _graph_of(records: list[Record]) -> tuple[int, int]:
    nodes: set[str] = set()
    relationships: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, GraphPath):
            nodes.update(n.element_id for n in value.nodes)
            relationships.update(r.element_id for r in value.relationships)
        elif isinstance(value, Node):
            nodes.add(value.element_id)
        elif isinstance(value, Relationship):
            relationships.add(value.element_id)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for record in records:
        for value in record.values():
            walk(value)
    return len(nodes), len(relationships)


def _where(slide: Slide, index: int) -> str:
    return f"slide {slide.number} ({slide.title}), block {index + 1}"


def test_every_block_answers_what_its_slide_states_over_bolt(
    served: ServedGuide, loaded: Neo4jQueryRunner, neo4j_driver: Driver
) -> None:
    cypher = [(s, i, b) for s, i, b in _blocks(served.slides) if not b.is_command]
    assert len(cypher) >= 20
    for slide, index, block in cypher:
        records, summary, _ = neo4j_driver.execute_query(
            block.code, database_="neo4j", bookmark_manager_=None
        )
        where = _where(slide, index)
        warnings = [
            status.status_description
            for status in summary.gql_status_objects
            if status.is_notification and str(status.severity).endswith("WARNING")
        ]
        assert not warnings, f"{where}: {warnings}"
        expect = block.expect
        if "graph" in expect:
            assert list(_graph_of(records)) == expect["graph"], where
        if "rows" in expect:
            rows = [dict(record) for record in records]
            assert len(rows) == expect.get("count", len(expect["rows"])), where
            for row, wanted in zip(rows, expect["rows"], strict=False):
                assert {k: row.get(k) for k in wanted} == wanted, where


def test_the_tchoukaillon_slide_states_the_rule_its_table_shows(served: ServedGuide) -> None:
    """sr(n) = 1 + the rightmost hole of Tchouk_{n-1}, row by row of the slide's own table."""
    (slide,) = [s for s in served.slides if "Tchoukaillon" in s.title]
    assert "sr(n) = 1 + the rightmost hole of Tchouk_{n−1}" in slide.text
    rows = slide.blocks[0].expect["rows"]
    assert rows and all(row["sr"] == 1 + row["hole_before"] for row in rows)
    assert any(row["sr"] != 1 + row["hole"] for row in rows)  # what the slide said before


def test_outcomes_of_a_graph_not_loaded_is_no_row(neo4j_driver: Driver) -> None:
    """docs/browser.md: a query on a missing graph answers no rows in Browser."""
    records, _, _ = neo4j_driver.execute_query(
        get_query("floridian_outcomes").cypher,
        n=9_999,
        database_="neo4j",
        bookmark_manager_=None,  # a bulk test may have swapped the store since: no old bookmark
    )
    assert records == []


def test_the_guide_walked_in_neo4j_browser(
    chromium: Path, served: ServedGuide, loaded: Neo4jQueryRunner, tmp_path: Path
) -> None:
    slides = served.slides
    total = len(slides)
    problems: list[str] = []
    ran = 0
    with browser(chromium) as walk:
        walk.login(browser_url(served.local.http_uri, served.local.bolt_uri), served.password)
        walk.play(served.url, total)
        for slide in slides:
            walk.show_slide(slide.number, total)
            walk.screenshot(tmp_path / f"slide-{slide.number:02}.png", walk.guide_frame())
            for index, block in enumerate(slide.blocks):
                frame = walk.run_block(index, block)
                ran += 1
                where = _where(slide, index)
                found = len(problems)
                if frame.error is not None:
                    problems.append(f"{where}: error frame: {frame.error}")
                expect = block.expect
                if "graph" in expect and frame.displayed != tuple(expect["graph"]):
                    problems.append(f"{where}: displays {frame.displayed}, not {expect['graph']}")
                if "rows" in expect:
                    count = expect.get("count", len(expect["rows"]))
                    if frame.records != count:
                        problems.append(f"{where}: {frame.records} records, not {count}")
                    missing = [cell for cell in expected_cells(expect) if cell not in frame.text]
                    if missing:
                        problems.append(f"{where}: the table lacks {json.dumps(missing)}")
                if len(problems) > found:  # the frame as Browser showed it
                    shot = tmp_path / f"slide-{slide.number:02}-block-{index + 1}.png"
                    walk.screenshot(shot, walk.frames().first)
                    problems[-1] += f" (screenshot {shot})"
        # the first slide's `:config maxFrames` keeps the guide through every slide
        if walk.guide_frame().count() != 1:
            problems.append("the guide's frame was dropped before its last slide")
        # and an error frame is seen as one (the check above is not blind)
        walk.editor_run("MATCH (a:Alpha) RETURN b")
        walk.frames().first.locator('[data-testid="cypherFrameErrorMessage"]').wait_for()
        broken = walk.read(walk.frames().first)
        assert broken.error is not None and "Variable `b` not defined" in broken.error
    assert ran == sum(len(slide.blocks) for slide in slides)
    assert not problems, "\n".join(problems)
