"""`gamegraph load --bulk`: load through `neo4j-admin database import`, for the local Neo4j.

Every graph is a deterministic function of its game and parameters, so a bulk load rebuilds
the whole database: every graph already in the catalog plus the requested ones. A graph
whose game is not known now (defined in a notebook, or in a file not named with
--games-from) cannot be rebuilt: it is carried over as it is, copied from the old store into
the new one (:mod:`.carry`), never dropped. It

1. reads the catalog from the running server (started if needed; a new home's server, whose
   database is empty, is left starting while steps 2 and 3 run, and asked when it answers
   whether its database is still empty);
2. builds each graph and writes its import files (CSV, :mod:`.export`), one graph at a time,
   never all in memory at once, while the server keeps serving;
3. imports them with `neo4j-admin database import full` into a new store in a staging home
   (the server's own store is not touched);
4. closes the database, puts the new store in place of the old one (kept aside) and opens
   it again: inside the running server's JVM when its launcher can (a second or two: the
   DBMS, its plugins, Bolt and HTTP stay up), else by stopping and starting the server;
5. creates the schema, reads every graph's counts back (while Neo4j populates the indexes)
   and compares them with the tables exactly as an online load does, runs the games'
   after-load links, and records each graph as complete. Only then is the old store deleted.

One bulk load runs at a time per Neo4j home (a file lock). Before the swap it holds every
slot of the old store (:func:`~gamegraph.db.catalog.hold_slots`, the leases online loads
take), so no online load writes into a store about to be replaced: a live online load or
drop makes it refuse, and loads that start meanwhile wait for the new store. If another
load changed the catalog while the new store was built, nothing is swapped
(LoadConflictError), so no graph loaded meanwhile is lost. If anything fails before step 4,
the database never closed; if step 5 fails, the old store is put back and the database
opened on it: the previous database is there and intact either way.

For a server elsewhere (``NEO4J_URI``) the bulk route needs that server's filesystem:
:func:`remote_instructions` gives the `export` and `neo4j-admin` commands for its
administrator, and :func:`record_imported_graphs` (`gamegraph load --imported`) then checks
and records the graphs they imported.

Both routes hold each graph through :class:`~gamegraph.loader.claim.GraphClaim`, the same
claim, completion and release as an online load.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamegraph.db.catalog import (
    GraphRecord,
    describe_owner,
    get_graph,
    hold_slots,
    list_graphs,
    new_owner,
    release_slots,
)
from gamegraph.db.query_files import cypher
from gamegraph.db.runner import QueryRunner
from gamegraph.errors import LoadConflictError
from gamegraph.games.base import Game, Progress
from gamegraph.loader.carry import Carried, export_carried, record_carried
from gamegraph.loader.claim import GraphClaim, Stopwatch
from gamegraph.loader.export import (
    ARRAY_DELIMITER,
    IMPORT_OPTIONS,
    file_stem,
    import_files,
    writable_directory,
    write_csv,
)
from gamegraph.loader.plan import PlannedGraph
from gamegraph.loader.readback import read_back_all
from gamegraph.loader.schema import await_indexes, schema_statements
from gamegraph.loader.writer import LoadReport, LoadSummary
from gamegraph.server.bulk_import import bulk_import
from gamegraph.server.local import LocalNeo4j
from gamegraph.server.swap import StoreSwap, bulk_lock, bulk_scratch, reopen

__all__ = [
    "Expected",
    "bulk_load",
    "expected_of",
    "record_imported",
    "record_imported_graphs",
    "remote_instructions",
]

Note = Callable[[str], None]

HOLD_SECONDS = 300
"""How long a bulk load holds every slot of the old store, from just before the swap until
the database reopens on the new one (a full restart of the server takes most of a minute)."""


@dataclass(frozen=True)
class Expected:
    """What Neo4j must hold for one graph after an import (from its tables)."""

    game: Game[Any]
    counts: dict[str, int]
    summary: dict[str, Any]
    fingerprint: str


def expected_of(
    game: Game[Any], progress: Progress | None = None, *, force: bool = True
) -> tuple[Expected, Any]:
    """Build one graph; its expected counts, summary and fingerprint, and its tables
    (``force``: past the size limits; see :meth:`PlannedGraph.build`)."""
    tables = game.tables(game.build(force=force, progress=progress))
    expected = Expected(game, tables.expected_counts(), tables.summary, tables.fingerprint())
    return expected, tables


def bulk_load(
    runner: Callable[[], QueryRunner],
    local: LocalNeo4j,
    planned: Sequence[PlannedGraph],
    *,
    reconnect: Callable[[], Any],
    progress: Progress | None = None,
    note: Note = lambda message: None,
    empty: bool = False,
) -> LoadSummary:
    """Rebuild the database of ``local`` from the catalog's graphs and ``planned`` (see the
    module docstring). ``runner()`` is its connection, which may wait for it to start;
    ``reconnect()`` opens a runner again once the database has reopened on the new store (a
    context manager). ``empty``: the database is a new home's, so step 1 reads nothing and
    the server's first start runs beside steps 2 and 3 (what is there is checked when it
    answers: still empty)."""
    with bulk_lock(local.home, wait=False) as held:
        if not held:
            raise LoadConflictError(
                f"another bulk load is running on the Neo4j in {local.home}; wait for it to end"
            )
        return _bulk_load(runner, local, planned, reconnect, progress, note, empty)


def _bulk_load(
    connection: Callable[[], QueryRunner],
    local: LocalNeo4j,
    planned: Sequence[PlannedGraph],
    reconnect: Callable[[], Any],
    progress: Progress | None,
    note: Note,
    empty: bool,
) -> LoadSummary:
    clock = Stopwatch()
    records = [] if empty else list_graphs(connection())  # empty: the server starts meanwhile
    games, unknown, summary, replaced = _graphs_to_build(records, planned)
    catalog = _catalog_state(records)
    staging = bulk_scratch(local.home)
    shutil.rmtree(staging, ignore_errors=True)
    csv_dir = writable_directory(staging / "csv")
    expected: list[Expected] = []
    carried: list[Carried] = []
    files: list[Path] = []
    if unknown:
        carried, files = export_carried(connection(), unknown, csv_dir)
        clock("carry")
    forced = {p.game.id: p.forced for p in planned}  # a graph kept from the catalog: True
    for game in games:
        report = LoadReport(game, replaced=replaced.get(game.id, []))
        tick = Stopwatch(report.seconds)
        item, tables = expected_of(game, progress, force=forced.get(game.id, True))
        tick("engine")
        files += write_csv(tables, csv_dir, progress)
        tick("csv")
        del tables
        expected.append(item)
        summary.reports.append(report)
    clock("engine and files")
    summary.rows = sum(sum(e.counts.values()) for e in expected)
    summary.rows += sum(sum(c.counts.values()) for c in carried)
    beside = "while Neo4j starts" if empty else "the server keeps running"
    note(f"importing {summary.rows:,} rows with neo4j-admin ({beside}) ...")
    stage = LocalNeo4j(staging / "home", install_root=local.install_root)
    nodes, rels = import_files(files)
    bulk_import(
        nodes,
        rels,
        local.default_database,
        server=stage,
        extra_args=[*IMPORT_OPTIONS, "--threads=2"],
    )
    clock("import")
    runner = connection()
    if empty:
        clock("server start")
        if not runner.run(cypher("database_is_empty"))[0]["empty"]:
            shutil.rmtree(staging, ignore_errors=True)
            raise LoadConflictError(
                "another process wrote into the new database while the bulk load built its "
                "store; nothing was replaced"
            )
    owner = new_owner()
    busy = hold_slots(runner, [game.slot for game in games], owner, HOLD_SECONDS)
    if busy:
        shutil.rmtree(staging, ignore_errors=True)
        raise LoadConflictError(
            f"a graph of this database is being loaded or dropped by "
            f"{describe_owner(busy[0])}: a bulk load replaces the whole store, so it does not "
            "swap it under a live load; nothing was replaced: run the bulk load again when "
            "that load has ended"
        )
    if _catalog_state(list_graphs(runner)) != catalog:
        release_slots(runner, owner)
        shutil.rmtree(staging, ignore_errors=True)
        raise LoadConflictError(
            "another load changed the graphs of this database while the bulk load built its "
            "store (its graphs would be lost in the swap); nothing was replaced: run the bulk "
            "load again"
        )
    swap = StoreSwap(local.home, stage.home, local.default_database)
    note("putting the new store in place ...")
    swap.begin()  # a process killed from here on is undone by the next connection
    try:
        reopen(local, swap.put_new_in_place, clock)
        with reconnect() as fresh, ThreadPoolExecutor(max_workers=1) as pool:
            indexes_ready = _schema_after_import(fresh, pool)
            clock("schema")
            record_imported(
                fresh,
                expected,
                summary.reports,
                indexes_ready=indexes_ready,
                clock=clock,
                fresh_store=not carried,
            )
            record_carried(fresh, carried)
            swap.recorded()
    except BaseException:
        note("the new store did not verify: putting the previous database back")
        reopen(local, swap.put_old_back, clock)
        swap.end()
        with reconnect() as old:
            release_slots(old, owner)  # the online loads that wait for a slot go on
        raise
    swap.forget_old()
    swap.end()
    shutil.rmtree(staging, ignore_errors=True)
    clock("clean up")
    summary.seconds = clock.seconds
    return summary


def record_imported(
    runner: QueryRunner,
    expected: Sequence[Expected],
    reports: Sequence[LoadReport] = (),
    *,
    indexes_ready: Callable[[], object] | None = None,
    clock: Callable[[str], None] = lambda stage: None,
    fresh_store: bool = False,
) -> None:
    """Check that Neo4j holds exactly each graph's counts (as an online load does), then run
    the games' after-load links and record each graph as complete; IncompleteLoadError names
    the first graph that differs, and every graph is left as it was before (this writes no
    data: a graph never imported is not recorded). Counts are read for every graph, in
    passes that need no index (the nodes, then each relationship type), while the graphs are
    claimed and before any link is made (a link from one graph's nodes to another's is no
    part of either's counts);
    ``indexes_ready()`` then waits for the indexes the links use (default:
    :func:`~gamegraph.loader.schema.await_indexes`). ``clock(stage)`` closes each stage
    (claim, counts, indexes, links, complete) of a stopwatch. ``fresh_store``: the store
    holds these graphs alone, as the importer made it from their files
    (:func:`~gamegraph.loader.readback.read_back_all`)."""
    with ExitStack() as stack:
        # the read-back runs while the graphs are claimed (it reads, the claims write a few
        # catalog nodes); a claim that fails ends the whole record before anything is written
        reader = stack.enter_context(ThreadPoolExecutor(max_workers=1))
        wanted = [(item.game, item.counts, item.fingerprint) for item in expected]
        counting = reader.submit(read_back_all, runner, wanted, fresh_store=fresh_store)
        claims = []
        for item in expected:
            claim = GraphClaim(runner, item.game, get_graph(runner, item.game.id)).claim()
            claims.append(stack.enter_context(claim))
        clock("claim")
        counted = counting.result()
        clock("counts")
        if indexes_ready is None:
            await_indexes(runner)
        else:
            indexes_ready()
        clock("indexes")
        for name, params in _links(expected):
            runner.write(cypher(name), params)
        clock("links")
        for i, (claim, item, (counts, fingerprint)) in enumerate(
            zip(claims, expected, counted, strict=True)
        ):
            nodes, relationships = claim.complete(counts, item.summary, fingerprint)
            if i < len(reports):
                reports[i].nodes, reports[i].relationships = nodes, relationships
    clock("complete")


def record_imported_graphs(
    runner: QueryRunner, planned: Sequence[PlannedGraph], progress: Progress | None = None
) -> LoadSummary:
    """`gamegraph load --imported`: build each planned graph to know its counts, then
    :func:`record_imported` them; a report per graph."""
    expected = [expected_of(p.game, progress, force=p.forced)[0] for p in planned]
    reports = [LoadReport(item.game) for item in expected]
    record_imported(runner, expected, reports)
    return LoadSummary(reports, route="imported")


def remote_instructions(planned: Sequence[PlannedGraph], out: str = "gamegraph-import") -> str:
    """What the administrator of a server elsewhere runs for a bulk load of ``planned``."""
    games = sorted({p.game.name for p in planned})
    ns = sorted({p.game.n for p in planned})
    span = str(ns[0]) if len(ns) == 1 else f"{ns[0]}..{ns[-1]}"
    files = [f"{out}/{file_stem(graph.game.id)}.*.csv" for graph in planned]
    return "\n".join(
        [
            "The bulk route writes the server's store directly, so it needs that server's "
            "filesystem. On the machine of the Neo4j server:",
            f"  1. gamegraph export --n {span} --games {','.join(games)} --out {out}",
            "  2. stop Neo4j, then import every file written (this replaces the database):",
            f"     neo4j-admin database import full --nodes={out}/<each *.nodes.*.csv> "
            f"--relationships={out}/<each *.rels.*.csv> --array-delimiter='{ARRAY_DELIMITER}' "
            "--id-type=INTEGER --overwrite-destination=true neo4j",
            "  3. start Neo4j, then check and record the imported graphs:",
            f"     gamegraph load --n {span} --games {','.join(games)} --imported",
            "Files: " + "; ".join(files),
        ]
    )


# --------------------------------------------------------------------------- internals


def _links(expected: Sequence[Expected]) -> list[tuple[str, dict[str, Any]]]:
    """The games' after-load links, each once: a link query reaches every graph it links
    (Q's three rules link their 4-cycles of an n to G_n in one query, which each rule's Q
    asks for: `load --n 60` asks for 181, 60 of them different)."""
    links: dict[tuple[str, str], tuple[str, dict[str, Any]]] = {}
    for item in expected:
        for name, params in item.game.after_load():
            links.setdefault((name, repr(sorted(params.items()))), (name, params))
    return list(links.values())


def _schema_after_import(runner: QueryRunner, pool: ThreadPoolExecutor) -> Callable[[], None]:
    """Create the schema on a just imported store so that its population overlaps the
    count read-back; returns the wait for all of it. The catalog's, and the games' for the
    labels the store holds (a game's schema for a label it does not hold yet, the next load
    of that game creates: every load creates what is missing; 24 constraints of games not
    loaded were a fixed 10 s of the bulk route, each populated apart). In three
    transactions: the catalog's constraints (a few nodes; the claims need them), then every
    index (one transaction, so Neo4j populates them together in the background after it
    commits), then the games' constraints in a second session (each is populated inside that
    transaction, which locks its labels until it ends: it touches neither :Graph nor
    :GraphSlot, so the claims and the read-back go on meanwhile)."""
    held = {str(row["label"]) for row in runner.run(cypher("labels_held"))}
    runner.write_all(schema_statements("schema_graph_", constraints=True))
    runner.write_all(
        schema_statements("schema_graph_", constraints=False)
        + schema_statements(constraints=False, exclude="schema_graph_", labels=held)
    )
    constraints = pool.submit(
        runner.write_all,
        schema_statements(constraints=True, exclude="schema_graph_", labels=held),
    )

    def ready() -> None:
        constraints.result()
        await_indexes(runner)

    return ready


def _catalog_state(records: Sequence[GraphRecord]) -> list[tuple[str, str, str | None]]:
    """What a concurrent load would change: every :Graph record's id, status and engine."""
    return sorted((r.id, r.status, r.engine) for r in records)


def _graphs_to_build(
    records: Sequence[GraphRecord], planned: Sequence[PlannedGraph]
) -> tuple[list[Game[Any]], list[GraphRecord], LoadSummary, dict[str, list[str]]]:
    """The requested graphs, then every graph of the catalog (``records``) they do not
    replace; the records of the graphs whose game is not known now, which the bulk load
    carries over (:mod:`.carry`): a user's graph is never dropped but by `gamegraph drop`;
    and, by the id of a requested graph, the complete graphs of its slot it replaces (Q for
    another n)."""
    summary = LoadSummary([], route="bulk")
    wanted = [p.game for p in planned]
    by_slot = {g.slot: g.id for g in wanted}
    slots = set(by_slot)
    games = list(wanted)
    unknown: list[GraphRecord] = []
    replaced: dict[str, list[str]] = {}
    for record in records:
        game = record.loaded_game()
        if game is None:
            unknown.append(record)
            summary.carried.append(record.id)
        elif game.slot not in slots:
            slots.add(game.slot)
            games.append(game)
            summary.kept.append(game.id)
        elif game.slot in by_slot and record.id != by_slot[game.slot] and record.complete:
            replaced.setdefault(by_slot[game.slot], []).append(record.id)
    return games, unknown, summary, replaced
