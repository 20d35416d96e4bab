"""The Browser guide and style the local Neo4j serves (gamegraph/server/browser_guide.py)."""

from __future__ import annotations

import re
import zipfile
from importlib import resources
from pathlib import Path

from gamegraph.server.browser_guide import guide_url, install_guide

# Neo4j 5.26 serves Browser from <home>/web only under these names (BrowserVersion)
NEO4J_NAME = re.compile(
    r"^neo4j-browser(-(?P<year>\d{4})\.(0[1-9]|1[0-2])\.(0[1-9]|[12]\d|3[01])\+\d+)?.zip$"
)


def fake_lib(tmp_path: Path) -> Path:
    lib = tmp_path / "lib"
    lib.mkdir()
    with zipfile.ZipFile(lib / "neo4j-browser-5.24.0.jar", "w") as jar:
        jar.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\n")
        jar.writestr("browser/", b"")
        jar.writestr("browser/index.html", "<html>Browser</html>")
    return lib


def test_the_zip_is_browser_plus_the_guide_pointing_at_the_server(tmp_path: Path) -> None:
    target = install_guide(tmp_path / "home", fake_lib(tmp_path), "http://127.0.0.1:7800")
    assert target is not None and NEO4J_NAME.match(target.name)
    with zipfile.ZipFile(target) as z:
        names = z.namelist()
        assert names[0] == "browser/"  # Neo4j serves the folder it extracts first
        assert "browser/index.html" in names and "META-INF/MANIFEST.MF" not in names
        html = z.read("browser/guides/gamegraph.html").decode()
        assert ":style http://127.0.0.1:7800/browser/guides/gamegraph.grass" in html
        assert "{{HTTP}}" not in html
        assert z.read("browser/guides/gamegraph.grass").startswith(b"node {")


def test_the_zip_is_rebuilt_only_when_something_changes(tmp_path: Path) -> None:
    home, lib = tmp_path / "home", fake_lib(tmp_path)
    first = install_guide(home, lib, "http://127.0.0.1:7474")
    assert first is not None
    stamp = first.stat().st_mtime_ns
    assert install_guide(home, lib, "http://127.0.0.1:7474") == first
    assert first.stat().st_mtime_ns == stamp
    install_guide(home, lib, "http://127.0.0.1:7800")
    with zipfile.ZipFile(first) as z:
        assert b"127.0.0.1:7800" in z.read("browser/guides/gamegraph.html")
    assert sorted(p.name for p in (home / "web").iterdir()) == [
        "neo4j-browser.zip",
        "neo4j-browser.zip.gamegraph",
    ]


def test_without_a_browser_jar_nothing_is_installed(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    assert install_guide(tmp_path / "home", tmp_path / "lib", "http://x") is None
    assert not (tmp_path / "home" / "web").exists()


def test_urls() -> None:
    assert (
        guide_url("http://127.0.0.1:7474/") == "http://127.0.0.1:7474/browser/guides/gamegraph.html"
    )


def test_the_style_colours_every_label_of_the_model_and_captions_positions() -> None:
    grass = resources.files("gamegraph.server").joinpath("guide/gamegraph.grass").read_text()
    assert grass.count("{") == grass.count("}")
    blocks = dict(re.findall(r"(node\.\w+|relationship\.\w+)\s*\{((?:[^{}]|\{\w+\})*)\}", grass))
    for label in (
        "Alpha",
        "Omega",
        "Recurrent",
        "Losing",
        "ImmediateLoss",
        "Bulgarian",
        "GardenOfEden",
        "FourCycle",
        "NonLifting",
    ):
        assert "color:" in blocks[f"node.{label}"], label
    for label in ("Alpha", "Omega", "Recurrent", "Bulgarian"):
        assert "caption: '{notation}'" in blocks[f"node.{label}"]


def test_every_guide_query_reads_only_labels_and_types_of_the_model() -> None:
    html = resources.files("gamegraph.server").joinpath("guide/gamegraph.html").read_text()
    queries = re.findall(r'<pre class="pre-scrollable code runnable"[^>]*>(.*?)</pre>', html, re.S)
    assert len(queries) >= 15
    labels = set(
        re.findall(r":([A-Z][A-Za-z_]+)", " ".join(q for q in queries if not q.startswith(":")))
    )
    known = {
        "Alpha",
        "Omega",
        "Recurrent",
        "Losing",
        "ImmediateLoss",
        "Bulgarian",
        "GardenOfEden",
        "FourCycle",
        "NonLifting",
        "TURN",
        "ALPHA_MOVE",
        "OMEGA_MOVE",
        "LIFTS_TO",
        "BULGARIAN_MOVE",
        "Montreal",
        "MONTREAL_MOVE",
        "Tchoukaillon",
        "Tchouk",
        "DeadEnd",
        "TCHOUKAILLON_MOVE",
        "Crim",
        "PPosition",
        "MultiplayerBulgarian",
        "ServedioYeh",
        "Janetzko",
        "JANETZKO_MOVE",
        "RedGreenBulgarian",
    }
    assert labels <= known, labels - known


def test_the_guide_has_a_slide_with_a_runnable_query_for_each_seed_and_the_frontier() -> None:
    html = resources.files("gamegraph.server").joinpath("guide/gamegraph.html").read_text()
    slides = re.findall(r"<slide.*?</slide>", html, flags=re.S)
    titles = [re.search(r"<h3>(.*?)</h3>", s, flags=re.S).group(1) for s in slides]  # type: ignore[union-attr]
    wanted = {
        "000": ("H_25", "The lifting graph Q"),
        "001": ("Bulgarian solitaire", "Seed 001"),
        "002": ("Seed 002",),
        "003": ("Seed 003",),
        "frontier": ("The frontier",),
    }
    for seed, heads in wanted.items():
        found = [s for s, t in zip(slides, titles, strict=True) if t.startswith(heads)]
        assert found, seed
        assert all(re.search(r'class="pre-scrollable code runnable"[^>]*>MATCH', s) for s in found)


def test_every_slide_keeps_to_two_blocks_and_states_what_they_answer() -> None:
    """What tests/integration/test_guide_in_browser.py checks in Browser: each block's
    data-expect is rows and/or a graph; the first slide keeps the guide's frame."""
    from browser_walk import load_commands, parse_guide

    html = resources.files("gamegraph.server").joinpath("guide/gamegraph.html").read_text()
    slides = parse_guide(html)
    assert [s.number for s in slides] == list(range(1, len(slides) + 1))
    assert all(s.title and len(s.blocks) <= 2 for s in slides)
    for slide in slides:
        for block in slide.blocks:
            assert set(block.expect) <= {"rows", "count", "graph"}, slide.title
            assert "count" not in block.expect or "rows" in block.expect, slide.title
            graph = block.expect.get("graph", [0, 0])
            assert len(graph) == 2 and all(isinstance(x, int) for x in graph), slide.title
    assert ":config maxFrames: 100" in [b.code for b in slides[0].blocks]
    assert "pin this frame" in slides[0].text
    commands = load_commands(slides)
    assert ["load", "--n", "60", "--games", "lifting", "--rules", "paper,paper-free,band"] in (
        commands
    )
    assert all(
        line.startswith(".venv/bin/gamegraph load") for line in slides[0].shell[0].splitlines()
    )
    assert all(
        not re.search("[\u00b2\u00b3\u2070-\u2079]", s.text) for s in slides
    )  # no superscripts
