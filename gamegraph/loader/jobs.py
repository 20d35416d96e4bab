"""What `gamegraph load` and `gamegraph export` do: plan the graphs, check sizes, build, write.

The plan names every graph a request covers (B_n and G_n for each n of the range, Q for
each rule over n <= the range's top) with an estimate of its size, so an oversized request
is refused before anything is computed or written.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from gamegraph.db.runner import QueryRunner
from gamegraph.games.bulgarian import build_bulgarian
from gamegraph.games.floridian import build_floridian
from gamegraph.games.fourcycles import FourCycle
from gamegraph.games.lifting_graph import RULES, Rule, build_lifting_graph, four_cycles_in_range
from gamegraph.games.limits import (
    TooLargeError,
    check_bulgarian,
    check_floridian,
    estimate_bulgarian,
    estimate_floridian,
)
from gamegraph.loader.tables import (
    GraphSpec,
    GraphTables,
    bulgarian_tables,
    floridian_tables,
    lifting_tables,
)
from gamegraph.loader.writer import LoadReport, Progress, get_graph, is_current, load_tables

__all__ = [
    "GAMES",
    "ONLINE_LIMIT",
    "PlannedGraph",
    "TableBuilder",
    "check_plan",
    "parse_games",
    "parse_range",
    "plan",
    "run_load",
]

GAMES = ("bulgarian", "floridian", "lifting")
ONLINE_LIMIT = 15_000_000
"""Nodes + relationships above which an online load is refused without --force: at the
~35k rows/s measured on the local Neo4j that is over 7 minutes; export and bulk import it."""

_RANGE = re.compile(r"^\s*(\d+)\s*(?:(?:\.\.|-|:)\s*(\d+)\s*)?$")


def parse_range(text: str) -> range:
    """``60`` or ``20..40`` (also ``20-40``, ``20:40``), inclusive; refuses empty or reversed."""
    match = _RANGE.match(text)
    if match is None:
        raise ValueError(f"bad n {text!r}: give a number like 60 or a range like 20..40")
    lo = int(match.group(1))
    hi = int(match.group(2)) if match.group(2) is not None else lo
    if lo < 1:
        raise ValueError(f"n must be at least 1 (got {text!r})")
    if hi < lo:
        raise ValueError(f"the range {text!r} is reversed: write {hi}..{lo}")
    return range(lo, hi + 1)


def parse_games(text: str) -> tuple[str, ...]:
    """``bulgarian,floridian,lifting`` (any subset, comma separated; ``all`` for every game)."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if names == ["all"]:
        return GAMES
    unknown = [name for name in names if name not in GAMES]
    if unknown or not names:
        raise ValueError(f"unknown game(s) {unknown or text!r}: choose from {', '.join(GAMES)}")
    return tuple(game for game in GAMES if game in names)


@dataclass(frozen=True)
class PlannedGraph:
    spec: GraphSpec
    nodes: int
    relationships: int
    memory: int

    @property
    def entities(self) -> int:
        return self.nodes + self.relationships


def plan(
    ns: range,
    games: tuple[str, ...],
    *,
    restricted: bool = False,
    rules: tuple[str, ...] = RULES,
) -> list[PlannedGraph]:
    """The graphs a request covers, with size estimates (nothing is computed)."""
    graphs: list[PlannedGraph] = []
    for n in ns:
        if "bulgarian" in games:
            est = estimate_bulgarian(n)
            graphs.append(PlannedGraph(GraphSpec("bulgarian", n), est.nodes, est.arcs, est.bytes))
        if "floridian" in games:
            est = estimate_floridian(n, restricted=restricted)
            # Ω-positions (T(n), ~3/4 of S(n)) are nodes too; H arcs ~ 0.8 of the α-arcs
            nodes = est.nodes + est.nodes * 3 // 4
            arcs = est.arcs * 2 + est.nodes
            spec = GraphSpec("floridian", n, restricted=restricted)
            graphs.append(PlannedGraph(spec, nodes, arcs, est.bytes))
    if "lifting" in games:
        for rule in rules:
            if rule not in RULES:
                raise ValueError(f"unknown rule {rule!r}: use {', '.join(RULES)}")
            spec = GraphSpec("lifting", ns[-1], rule=rule)
            graphs.append(PlannedGraph(spec, 10 * ns[-1], 20 * ns[-1], 2**26))
    return graphs


def check_plan(planned: list[PlannedGraph], *, force: bool = False, online: bool = True) -> None:
    """Refuse graphs that would not fit in memory, or take too long online, unless forced."""
    for graph in planned:
        spec = graph.spec
        if spec.game == "bulgarian":
            check_bulgarian(spec.n, force=force)
        elif spec.game == "floridian":
            check_floridian(spec.n, restricted=spec.restricted, force=force)
        if online and graph.entities > ONLINE_LIMIT and not force:
            raise TooLargeError(
                f"{spec.describe()} has ~{graph.nodes:,} nodes and ~{graph.relationships:,} "
                f"relationships, over the online limit of {ONLINE_LIMIT:,} (about "
                f"{graph.entities / 35_000 / 60:.0f} min at 35k rows/s). Use `gamegraph "
                "export` and neo4j-admin's bulk importer, or --force."
            )


class TableBuilder:
    """Builds each graph's tables in memory; the 4-cycles of G_n are enumerated once for Q."""

    def __init__(self, progress: Callable[[str, int, int], None] | None = None) -> None:
        self.progress = progress
        self._cycles: list[FourCycle] | None = None
        self._cycles_n = 0

    def _report(self, stage: str) -> Callable[[int, int], None]:
        def report(done: int, total: int) -> None:
            if self.progress:
                self.progress(stage, done, total)

        return report

    def four_cycles(self, n_max: int) -> list[FourCycle]:
        if self._cycles is None or self._cycles_n < n_max:
            self._cycles = four_cycles_in_range(1, n_max, self._report("4-cycles of G_n"))
            self._cycles_n = n_max
        return [c for c in self._cycles if c.n <= n_max]

    def build(self, spec: GraphSpec) -> GraphTables:
        if spec.game == "bulgarian":
            return bulgarian_tables(build_bulgarian(spec.n, force=True))
        if spec.game == "floridian":
            built = build_floridian(
                spec.n,
                restricted=spec.restricted,
                force=True,
                progress=self._report(f"α-moves of G_{spec.n}"),
            )
            return floridian_tables(built)
        rule: Rule = "paper" if spec.rule == "paper" else "band"
        cycles = self.four_cycles(spec.n)
        return lifting_tables(build_lifting_graph(spec.n, rule, cycles=cycles))


def run_load(
    runner: QueryRunner,
    planned: list[PlannedGraph],
    *,
    replace: bool = False,
    progress: Progress | None = None,
) -> list[LoadReport]:
    """Build and write every planned graph (each idempotently, see :func:`load_tables`).

    A graph already loaded completely by this engine version is kept without being rebuilt.
    """
    builder = TableBuilder(progress)
    reports = []
    for graph in planned:
        started = time.perf_counter()
        record = get_graph(runner, graph.spec.id)
        if not replace and record is not None and is_current(record, graph.spec):
            report = LoadReport(graph.spec, skipped=True)
            report.nodes = record.nodes or 0
            report.relationships = record.relationships or 0
            report.seconds = {"check": time.perf_counter() - started}
            reports.append(report)
            continue
        tables = builder.build(graph.spec)
        seconds = time.perf_counter() - started
        report = load_tables(runner, tables, replace=True, progress=progress)
        report.seconds = {"engine": seconds, **report.seconds}
        reports.append(report)
    return reports
