"""The gamegraph Browser guide walked as a user walks it (imported as `browser_walk`): Neo4j
Browser in a headless Chromium (Debian's ``chromium``, driven by Python ``playwright`` with
its own driver and ``executable_path``; no browser is ever downloaded), logged in with the
server's password, ``:play`` of the guide, every block of every slide clicked into the editor
and run with Ctrl+Enter, each result frame read back.

The guide's slides and what each block must answer are read from the guide itself
(:func:`parse_guide`): a runnable ``<pre>`` may carry ``data-expect``, a JSON object with

- ``"rows"``: the rows the block answers (each a subset of a row's columns), in order; all of
  them unless ``"count"`` says how many rows there are (then ``"rows"`` are the first ones);
- ``"graph"``: ``[nodes, relationships]`` the graph view displays.

So a new slide needs no change here. Run as a script, it takes the screenshots of
docs/img/ from a running local Neo4j that has the guide's graphs loaded::

    .venv/bin/python tests/browser_walk.py docs/img
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

CHROMIUM = Path(os.environ.get("GAMEGRAPH_TEST_CHROMIUM") or "/usr/bin/chromium")
"""Debian's chromium package (tools/install-chromium.sh installs it);
``GAMEGRAPH_TEST_CHROMIUM`` names another Chromium binary."""

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # without these three Chromium's own connections are refused here and slow every page
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

TIMEOUT_MS = 60_000

__all__ = [
    "CHROMIUM",
    "Block",
    "BrowserWalk",
    "Frame",
    "Slide",
    "load_commands",
    "parse_guide",
]


@dataclass(frozen=True)
class Block:
    """One runnable block of a slide: its text and what it must answer."""

    code: str
    expect: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_command(self) -> bool:
        """A Browser command (``:style``, ``:config``), not Cypher."""
        return self.code.startswith(":")


@dataclass(frozen=True)
class Slide:
    number: int
    title: str
    text: str
    """The slide's words (its code blocks left out)."""
    blocks: tuple[Block, ...]
    shell: tuple[str, ...]
    """The text of its non-runnable ``<pre>`` blocks (the load commands of the first slide)."""


class _GuideParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.slides: list[Slide] = []
        self._in_slide = False
        self._title: list[str] = []
        self._text: list[str] = []
        self._blocks: list[Block] = []
        self._shell: list[str] = []
        self._in_h3 = False
        self._pre: list[str] | None = None
        self._pre_attrs: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "slide":
            self._in_slide, self._title, self._text = True, [], []
            self._blocks, self._shell = [], []
        elif tag == "h3" and self._in_slide:
            self._in_h3 = True
        elif tag == "pre" and self._in_slide:
            self._pre, self._pre_attrs = [], dict(attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "slide" and self._in_slide:
            self._in_slide = False
            self.slides.append(
                Slide(
                    len(self.slides) + 1,
                    " ".join("".join(self._title).split()),
                    " ".join("".join(self._text).split()),
                    tuple(self._blocks),
                    tuple(self._shell),
                )
            )
        elif tag == "h3":
            self._in_h3 = False
        elif tag == "pre" and self._pre is not None:
            code = "".join(self._pre).strip()
            if "runnable" in (self._pre_attrs.get("class") or "").split():
                raw = self._pre_attrs.get("data-expect")
                self._blocks.append(Block(code, json.loads(raw) if raw else {}))
            else:
                self._shell.append(code)
            self._pre = None

    def handle_data(self, data: str) -> None:
        if self._pre is not None:
            self._pre.append(data)
        elif self._in_slide:
            (self._title if self._in_h3 else self._text).append(data)


def parse_guide(html: str) -> list[Slide]:
    """The slides of the guide's HTML, in order."""
    parser = _GuideParser()
    parser.feed(html)
    parser.close()
    return parser.slides


def load_commands(slides: Sequence[Slide]) -> list[list[str]]:
    """The arguments of every ``gamegraph load`` line the guide tells the user to run."""
    commands = []
    for slide in slides:
        for text in slide.shell:
            for line in text.splitlines():
                words = shlex.split(line)
                if len(words) > 1 and Path(words[0]).name == "gamegraph" and words[1] == "load":
                    commands.append(words[1:])
    return commands


@dataclass(frozen=True)
class Frame:
    """What Browser shows for one run block."""

    command: str
    text: str
    error: str | None
    """The error message of an error frame, else None."""
    records: int | None
    """How many records Browser streamed (None for a command, or an error)."""
    displayed: tuple[int, int] | None
    """(nodes, relationships) of the graph view, when Browser drew a graph."""


_RECORDS = re.compile(r"Started streaming (\d+) records?")
_DISPLAYING = re.compile(r"Displaying (\d+) nodes?, (\d+) relationships?")


class BrowserWalk:
    """Neo4j Browser in a headless Chromium with a new empty profile (use :func:`browser`)."""

    def __init__(self, page: Any) -> None:
        self.page = page

    # -- the session ---------------------------------------------------------------------------

    def login(self, url: str, password: str) -> None:
        page = self.page
        page.goto(url)
        page.wait_for_selector("input[type=password]", timeout=TIMEOUT_MS)
        page.fill("input[type=password]", password)
        page.click('button[data-testid="connect"]')
        page.wait_for_selector("text=You are connected as user", timeout=TIMEOUT_MS)
        # Browser reads the server's settings (the remote-content allowlist among them) just
        # after connecting: a :play before that looks for the guide elsewhere (play retries)
        page.wait_for_timeout(1000)

    def editor_run(self, text: str | None = None) -> None:
        """Type ``text`` into the editor (or keep what is there) and press Ctrl+Enter."""
        editor = self.page.locator("#monaco-main-editor textarea").first
        editor.click()
        if text:
            self.page.keyboard.insert_text(text)
        self.page.keyboard.press("Control+Enter")

    def frames(self) -> Any:
        return self.page.locator('[data-testid="frame"]')

    def guide_frame(self) -> Any:
        return self.frames().filter(has=self.page.locator('[data-testid="carousel"]')).first

    def play(self, url: str, slides: int) -> None:
        """``:play`` the guide; waits for its first slide (``1 / slides``). Until Browser has
        read the server's allowlist it looks for the guide elsewhere and answers "No guide by
        that name": then it is played again, up to five times."""
        first = self.page.get_by_text(f"1 / {slides}", exact=True)
        missing = self.page.get_by_text("No guide by that name")
        for _ in range(5):
            before = missing.count()
            self.editor_run(f":play {url}")
            self.page.wait_for_function(
                """([slides, before]) => {
                  const text = document.body.innerText;
                  return text.includes(`1 / ${slides}`)
                    || text.split('No guide by that name').length - 1 > before;
                }""",
                arg=[slides, before],
                timeout=TIMEOUT_MS,
            )
            if first.count():
                return
            self.page.wait_for_timeout(2000)
        first.wait_for(timeout=1)

    def show_slide(self, number: int, slides: int) -> None:
        """Turn the guide's pages forward until slide ``number`` shows."""
        guide = self.guide_frame()
        for _ in range(slides):
            if guide.get_by_text(f"{number} / {slides}", exact=True).count():
                return
            guide.locator('[data-testid="nextSlide"]').first.click()
            self.page.wait_for_timeout(200)
        guide.get_by_text(f"{number} / {slides}", exact=True).wait_for(timeout=TIMEOUT_MS)

    def run_block(self, index: int, block: Block) -> Frame:
        """Click the slide's ``index``-th runnable block (it goes into the editor), run it and
        read the frame it opens."""
        before = self.frames().count()
        guide = self.guide_frame()
        guide.locator('[data-testid="carousel"] pre.runnable').nth(index).click()
        self.page.wait_for_timeout(300)
        self.editor_run()
        self.page.wait_for_function(
            "n => document.querySelectorAll('[data-testid=\"frame\"]').length > n",
            arg=before,
            timeout=TIMEOUT_MS,
        )
        frame = self.frames().first
        if not block.is_command:
            frame.locator(
                '[data-testid="frame-loaded-contents"], [data-testid="cypherFrameErrorMessage"]'
            ).first.wait_for(timeout=TIMEOUT_MS)
            if "graph" in block.expect:
                frame.get_by_text(_DISPLAYING).first.wait_for(timeout=TIMEOUT_MS)
        else:
            self.page.wait_for_timeout(1000)
        return self.read(frame)

    def read(self, frame: Any) -> Frame:
        text = frame.inner_text()
        command = frame.locator('[data-testid="frameCommand"]').first.inner_text()
        error = None
        message = frame.locator('[data-testid="cypherFrameErrorMessage"]')
        if message.count():
            error = " ".join(message.first.inner_text().split())
        elif re.search(r"\bERROR\b|Neo\.ClientError|Neo\.TransientError", text):
            error = " ".join(text.split())[:300]
        records = _RECORDS.search(text)
        displaying = _DISPLAYING.search(text)
        return Frame(
            command,
            text,
            error,
            int(records.group(1)) if records else None,
            (int(displaying.group(1)), int(displaying.group(2))) if displaying else None,
        )

    def fullscreen_graph(self) -> None:
        """The newest frame in fullscreen, its graph zoomed to fit."""
        frame = self.frames().first
        frame.locator('[title="Fullscreen"]').first.click()
        self.page.wait_for_timeout(3000)
        frame.locator('[aria-label="zoom-to-fit"]').first.click()
        self.page.wait_for_timeout(1500)

    def close_fullscreen(self) -> None:
        frame = self.frames().first
        frame.locator('[title="Close fullscreen"], [title="Fullscreen"]').first.click()
        self.page.wait_for_timeout(1000)

    def screenshot(self, path: Path, element: Any = None) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        (element or self.page).screenshot(path=str(path))


@contextmanager
def browser(chromium: Path = CHROMIUM) -> Iterator[BrowserWalk]:
    """A :class:`BrowserWalk` on a fresh Chromium profile, closed on leaving."""
    from playwright.sync_api import sync_playwright

    profiles = tempfile.TemporaryDirectory(prefix="gamegraph-chromium-", ignore_cleanup_errors=True)
    with profiles as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=str(chromium),
            args=list(FLAGS),
            headless=True,
            viewport={"width": 1500, "height": 1000},
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            yield BrowserWalk(page)
        finally:
            context.close()


def expected_cells(expect: Mapping[str, Any]) -> list[str]:
    """How Browser's table view prints each expected value (JSON: strings quoted)."""
    cells = []
    for row in expect.get("rows", ()):
        for value in row.values():
            cells.append(json.dumps(value, ensure_ascii=False))
    return cells


def docs_screenshots(out: Path) -> None:
    """docs/img/*.png from the running local Neo4j (the guide's graphs loaded)."""
    from gamegraph.db.queries import get_query
    from gamegraph.server import LocalNeo4j
    from gamegraph.server.browser_guide import guide_url
    from gamegraph.server.local import browser_url

    local = LocalNeo4j()
    password = local.password
    if password is None:
        raise SystemExit("error: the local Neo4j has no password file: `gamegraph neo4j start`")
    html = Path(__file__).parent.parent / "gamegraph" / "server" / "guide" / "gamegraph.html"
    slides = parse_guide(html.read_text())
    with browser() as walk:
        walk.login(browser_url(local.http_uri, local.bolt_uri), password)
        walk.editor_run(":clear")
        walk.page.wait_for_timeout(500)
        walk.play(guide_url(local.http_uri), len(slides))
        walk.page.wait_for_timeout(1000)
        walk.screenshot(out / "browser-guide.png")
        first = slides[0]
        for index, block in enumerate(first.blocks):
            walk.run_block(index, block)
        walk.show_slide(2, len(slides))
        walk.run_block(0, slides[1].blocks[0])
        walk.fullscreen_graph()
        walk.screenshot(out / "browser-guide-core-h24.png")
        walk.close_fullscreen()
        walk.editor_run(":param n => 33")
        walk.page.wait_for_timeout(1500)
        walk.editor_run(get_query("floridian_core_graph").cypher)
        walk.frames().first.get_by_text(_DISPLAYING).first.wait_for(timeout=TIMEOUT_MS)
        walk.fullscreen_graph()
        walk.screenshot(out / "browser-core-h33.png")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python tests/browser_walk.py OUT_DIR (docs/img)")
    docs_screenshots(Path(sys.argv[1]))
