"""`gamegraph verify`: recompute each loaded graph's analysis from its relationships, in
Cypher, and compare it with what the loader stored and with the engine.

What is checked belongs to each game (:meth:`gamegraph.games.base.Game.verify`, its
``checks.py`` and ``verify.cypher``); this package picks the graphs, builds the engine's
side, hands each game a reader of its queries and gathers the :class:`Check` results. When
the server has Neo4j's Graph Data Science library, the components are also computed by GDS
and compared with the stored ones (:mod:`.gds`).

Graphs are verified :data:`WORKERS` tasks at a time, each in a thread of its own: a graph's
own checks (the largest graph first), then its content fingerprint, then its GDS checks.
Neo4j runs each query on one core, and the driver waits on its socket without the GIL, so
two tasks' queries keep two cores busy where one's keep one: a single large graph (B_70)
reads its fingerprint and its GDS components beside its own checks. The report lists each
graph's checks in the order the graphs were chosen, whatever finished first.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from gamegraph.core.notation import span
from gamegraph.db.catalog import GraphRecord, GraphState, get_graph, list_graphs
from gamegraph.db.fingerprints import read_graph
from gamegraph.db.query_files import named_queries
from gamegraph.db.runner import QueryRunner
from gamegraph.errors import GraphNotLoadedError
from gamegraph.games.base import Game
from gamegraph.games.checks import Check, Comparison
from gamegraph.games.registry import all_games, get_game
from gamegraph.verify.gds import checks_by_gds, gds_checks

__all__ = ["Check", "VerifyReport", "verify"]

Say = Callable[[str], None]
"""``say(message)``: what `verify` reports as it goes (one line per check)."""

WORKERS = 2
"""Graphs verified at once (threads; see the module docstring)."""


@dataclass
class VerifyReport:
    """The checks of every graph verified, and what was skipped and why."""

    checks: list[Check] = field(default_factory=list)
    graphs: list[str] = field(default_factory=list)  #: ids of the graphs verified
    skipped: list[str] = field(default_factory=list)  #: what was not verified, and why

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    @property
    def failures(self) -> list[Check]:
        return [check for check in self.checks if not check.ok]


_NOT_SERVING = (GraphState.INCOMPLETE, GraphState.LOADING, GraphState.DROPPING)
"""States of a record verify skips: no complete graph to check."""


def verify(
    runner: QueryRunner,
    *,
    n: int | Collection[int] | None = None,
    graphs: Sequence[Game[Any]] = (),
    games: Collection[str] = (),
    progress: Say | None = None,
) -> VerifyReport:
    """Verify the named graphs, or every loaded graph of ``n`` (one n or several), or, with
    neither, every loaded graph; of the named ``games`` only, if any are named. Raises
    GraphNotLoadedError when nothing to verify is loaded."""
    n = set() if n is None else {n} if isinstance(n, int) else set(n)
    say = progress or (lambda message: None)
    report = VerifyReport()
    graphs = list({game.id: game for game in graphs}.values())  # `verify X X` checks X once
    records = _choose(runner, n, graphs, games, report)
    if not records:
        where = f"n = {span(sorted(n))}" if n else "any n"
        what = ", ".join(g.id for g in graphs) if graphs else where
        what += f" of {', '.join(sorted(games))}" if games else ""
        command = graphs[0].load_command() if graphs else _load_command(n, games)
        why = f" ({'; '.join(report.skipped)})" if report.skipped else ""
        raise GraphNotLoadedError(f"no complete graph to verify for {what}{why}", command)
    by_gds = checks_by_gds(runner, [game for _, game in records], say)
    engines = {record.id: _Engine(game, say) for record, game in records}
    changed: set[str] = set()  # graphs a load, replace or drop took over while verify read

    def own(record: GraphRecord, game: Game[Any]) -> list[Check]:
        return game.verify(engines[record.id].graph(), _reader(runner), record.summary, say)

    def fingerprint_of(record: GraphRecord, game: Game[Any]) -> list[Check]:
        return [fingerprint_check(runner, record, game, engines[record.id].graph)]

    def by_gds_of(record: GraphRecord, game: Game[Any]) -> list[Check]:
        return gds_checks(runner, game, say, record.summary)

    def part(i: int, k: int) -> list[Check]:  # graph i's part k, unless the graph changed
        record, game = records[i]
        return _unless_changed(runner, record, changed, lambda: parts[k](record, game))

    # (graph, part): the graphs' own checks, the largest graphs first, then apart their
    # fingerprints (Neo4j's pass over a graph, beside its own checks: one engine build for
    # both) and their GDS checks (no engine), which the report lists after each graph's own
    parts = [own, fingerprint_of, by_gds_of] if by_gds else [own, fingerprint_of]
    tasks = sorted(
        ((i, k) for i in range(len(records)) for k in range(len(parts))),
        key=lambda task: (task[1], -_size(records[task[0]][0])),
    )
    found: dict[tuple[int, int], list[Check]] = {}
    with ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="verify") as pool:
        try:
            futures = {(i, k): pool.submit(part, i, k) for i, k in tasks}
            for task in sorted(futures):
                found[task] = futures[task].result()
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    for i, (record, game) in enumerate(records):
        report.graphs.append(game.id)
        if record.id in changed:  # none of its checks read one graph: it has none
            report.skipped.append(
                f"{record.id}: changed while it was verified (a load, replace or drop of it "
                "ran meanwhile): verify it again"
            )
            continue
        own_checks = found[i, 0]
        name = own_checks[0].graph if own_checks else game.describe()  # "G_30", as they say
        found[i, 1] = [replace(check, graph=name) for check in found[i, 1]]
        for k in range(len(parts)):
            report.checks += found[i, k]
    return report


def _load_command(n: Collection[int], games: Collection[str]) -> str:
    """What loads a graph to verify: of the one game named, its example's (with its other
    parameters: austrian needs L), at the n given; else the default games at them (or 24)."""
    if len(games) == 1 and (name := next(iter(games))) in {g.name for g in all_games()}:
        game = get_game(name)
        first = game.create(**(game.example | ({"n": min(n)} if n else {})))
        ns = span(sorted(n or [first.n]))
        return first.load_command().replace(f"--n {first.n}", f"--n {ns}", 1)
    named = f" --games {','.join(sorted(games))}" if games else ""
    return f"gamegraph load --n {span(sorted(n or [24]))}{named}"


class _Engine:
    """One graph's engine build, made once (by whichever of its checks needs it first) and
    shared by its own checks and its fingerprint check."""

    def __init__(self, game: Game[Any], say: Say) -> None:
        self.game = game
        self.say = say
        self._graph: Any = None
        self._lock = threading.Lock()

    def graph(self) -> Any:
        with self._lock:
            if self._graph is None:
                self.say(f"{self.game.describe()}: building the engine's graph")
                self._graph = self.game.build(force=True)
            return self._graph


def fingerprint_check(
    runner: QueryRunner, record: GraphRecord, game: Game[Any], graph: Callable[[], Any]
) -> Check:
    """The graph's content fingerprint (:mod:`gamegraph.games.fingerprint`): what Cypher
    computes from the stored nodes and relationships, the one its load checked and recorded,
    and the engine's (of the graph ``graph()`` builds, after Neo4j's pass) must be one. A
    record completed before fingerprints were recorded has none; then Cypher's and the
    engine's are compared."""
    comparison = Comparison(game.describe(), "content fingerprint")
    found = read_graph(runner, record.id).fingerprint
    engine = game.tables(graph()).fingerprint()
    stored = record.fingerprint if record.fingerprint is not None else found
    comparison.three("fingerprint", found, stored, engine)
    held = "stored = " if record.fingerprint is not None else "(none stored) "
    return comparison.check(f"{found}: Cypher = {held}engine")


def _unless_changed(
    runner: QueryRunner,
    record: GraphRecord,
    changed: set[str],
    checks: Callable[[], list[Check]],
) -> list[Check]:
    """``checks()``, unless the graph changed while they read it (a load, replace or drop of
    it took its record over meanwhile): then no checks, and its id in ``changed``.
    Verify reads a graph in many queries, so a mismatch, or an error, is the graph's only if
    its record is still the one verify chose (same status, same completion)."""
    try:
        found = checks()
    except Exception:
        if _same(runner, record):
            raise
        found = []
    else:
        if all(check.ok for check in found) or _same(runner, record):
            return found
    changed.add(record.id)
    return []


def _same(runner: QueryRunner, record: GraphRecord) -> bool:
    now = get_graph(runner, record.id)
    return (
        now is not None
        and now.complete
        and now.completed_at == record.completed_at
        and now.started_at == record.started_at
    )


def _size(record: GraphRecord) -> int:
    """How much a graph's verify reads: its nodes and relationships as stored."""
    return (record.nodes or 0) + (record.relationships or 0)


def _choose(
    runner: QueryRunner,
    n: Collection[int],
    graphs: Sequence[Game[Any]],
    games: Collection[str],
    report: VerifyReport,
) -> list[tuple[GraphRecord, Game[Any]]]:
    if graphs:
        candidates: list[GraphRecord | None] = [get_graph(runner, g.id) for g in graphs]
        named = [(g.id, r) for g, r in zip(graphs, candidates, strict=True)]
    else:
        named = [(r.id, r) for r in list_graphs(runner) if not n or r.n in n]
    if games:  # the graphs of these games only
        named = [(graph_id, r) for graph_id, r in named if r is None or r.game in games]
    chosen = []
    for graph_id, record in named:
        if record is None:
            report.skipped.append(f"{graph_id}: not loaded")
            continue
        state = record.state()
        game = record.loaded_game()
        if game is None and state is GraphState.STALE:
            report.skipped.append(
                f"{graph_id}: its game {record.game!r} is not known here (one defined in a "
                "file: name the file with --games-from)"
            )
        elif game is None or state in _NOT_SERVING:
            report.skipped.append(f"{graph_id}: {record.describe_state()}")
        elif state is GraphState.STALE:
            report.skipped.append(
                f"{graph_id}: stale, built by another version of the code of game "
                f"{game.name!r} (its move or engine was edited since it was loaded; "
                f"`{game.load_command()}` rebuilds it)"
            )
        else:
            chosen.append((record, game))
    return chosen


def _reader(runner: QueryRunner) -> Callable[[str, Mapping[str, Any]], list[dict[str, Any]]]:
    queries = named_queries()

    def read(name: str, params: Mapping[str, Any]) -> list[dict[str, Any]]:
        return runner.run(queries[name].cypher, params)

    return read
