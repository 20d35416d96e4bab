"""`gamegraph load --bulk` on the local Neo4j: the whole database is rebuilt through
neo4j-admin (the graphs already loaded and the requested ones), verified like an online
load, and when anything fails the previous database is there and intact."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from interrupting import killed_once

import gamegraph as gg
from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db import runner as runner_module
from gamegraph.db.catalog import GraphState, get_graph, list_graphs
from gamegraph.errors import DatabaseError, IncompleteLoadError, LoadConflictError
from gamegraph.games import get_game
from gamegraph.games.partitions import count_partitions
from gamegraph.loader import bulk as bulk_module
from gamegraph.loader.claim import DELETE_BATCH, DELETE_RELATIONSHIPS
from gamegraph.loader.plan import LoadRequest
from gamegraph.loader.readback import read_back, read_back_all
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.server import LocalNeo4j
from gamegraph.server.errors import StartTimeoutError
from gamegraph.server.swap import SWAP_JOURNAL, bulk_lock, reopen
from gamegraph.verify import verify


def _database(settings: Neo4jSettings) -> gg.Database:
    """A connection of the test's own (a bulk load restarts the server and reconnects)."""
    return gg.connect(auth=(settings.user, settings.password), database=settings.database)


@pytest.fixture
def local_only(neo4j_settings: Neo4jSettings) -> Neo4jSettings:
    if neo4j_settings.uri is not None:
        pytest.fail("the bulk route needs the local Neo4j; this session tests another server")
    return neo4j_settings


def _count(runner: Neo4jQueryRunner, graph_id: str) -> int:
    rows = runner.run("MATCH (p:GraphNode {graph: $g}) RETURN count(p) AS c", {"g": graph_id})
    return int(rows[0]["c"])


def _env(settings: Neo4jSettings) -> dict[str, str]:
    """The environment of a `gamegraph` process on the local Neo4j (``gamegraph_process``)."""
    return dict(os.environ, NEO4J_USER=settings.user, NEO4J_PASSWORD=settings.password)


@pytest.fixture
def two_graphs(runner: Neo4jQueryRunner) -> Iterator[list[str]]:
    """B_12 loaded online before the bulk load; G_14 is what the bulk load asks for."""
    ids = ["bulgarian:12", "floridian:14"]
    for graph_id in ids:
        drop_graph(runner, graph_id)
    run_load(runner, LoadRequest.parse("12", "bulgarian").plan())
    yield ids
    for graph_id in ids:
        drop_graph(runner, graph_id)


def test_a_bulk_load_rebuilds_the_loaded_graphs_and_adds_the_requested_ones(
    local_only: Neo4jSettings,
    runner: Neo4jQueryRunner,
    two_graphs: list[str],
    gamegraph_process: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    before = {r.id for r in list_graphs(runner) if r.complete}
    server = LocalNeo4j()
    assert server.can_swap_store()  # a server this launcher started
    pid = server.status().pid
    result = gamegraph_process(
        _env(local_only), "load", "--n", "14", "--games", "floridian", "--bulk"
    )
    assert result.returncode == 0, result.stderr
    assert "G_14, H_14 [floridian:14]: loaded" in result.stdout
    assert "bulgarian:12" in result.stdout  # rebuilt as it was loaded
    records = {r.id: r for r in list_graphs(runner)}
    assert before | {"floridian:14"} <= {i for i, r in records.items() if r.complete}
    for graph_id in two_graphs:
        assert records[graph_id].state() is GraphState.CURRENT
    assert _count(runner, "bulgarian:12") == count_partitions(12)
    graphs = [get_game("bulgarian").create(n=12), get_game("floridian").create(n=14)]
    report = verify(runner, graphs=graphs)
    assert report.ok, [(c.name, c.problems) for c in report.failures]
    home = LocalNeo4j().home  # the old store and the staging files are gone
    assert not list((home / "data" / "databases").glob("*.previous"))
    assert not (home / "bulk").exists()
    assert server.status().pid == pid  # the store was swapped inside the running server


@pytest.mark.slow
def test_c20_whose_first_nodes_hold_most_of_its_moves_is_dropped_whole(
    local_only: Neo4jSettings,
    runner: Neo4jQueryRunner,
    gamegraph_process: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    """C_20 by the bulk route (as `load --n 20..22 --games carolina` has it): its nodes in
    index order, whose positions of large in-degree come first (its first 5,000 nodes hold
    most of its 524,288 moves). A DETACH DELETE of 5,000 nodes a transaction went past the
    server's 1 GiB of transaction memory, so `drop` failed and C_20 stayed `incomplete`,
    which no load could repair. Batches bounded by relationships drop it whole: no record
    and no node is left, so the next load starts from nothing. (Loading C_20 online again
    took 62 s of this test's 120 s; it is done only to put back a C_20 found loaded.)"""
    game = get_game("carolina").create(n=20)
    before = get_graph(runner, game.id)
    try:
        drop_graph(runner, game.id)
        loaded = gamegraph_process(
            _env(local_only), "load", "--n", "20", "--games", "carolina", "--bulk"
        )
        assert loaded.returncode == 0, loaded.stderr
        first = runner.run(
            "MATCH (p:GraphNode {graph: $id}) WITH p LIMIT $limit "
            "RETURN sum(COUNT { (p)--() }) AS moves",
            {"id": game.id, "limit": DELETE_BATCH},
        )
        # what the old batch took into one transaction: 461,451 and 366,573 moves in two
        # runs (the store's order of C_20's nodes depends on the graphs imported beside it),
        # ten times and more what a batch now deletes
        assert first[0]["moves"] > 10 * DELETE_RELATIONSHIPS
        dropped = gamegraph_process(_env(local_only), "drop", game.id)
        assert dropped.returncode == 0, dropped.stdout + dropped.stderr
        assert dropped.stdout == "carolina:20: dropped\n"
        assert get_graph(runner, game.id) is None and _count(runner, game.id) == 0
    finally:
        if before is None:
            drop_graph(runner, game.id)
        else:
            run_load(runner, LoadRequest.parse("20", "carolina").plan())


def test_a_bulk_load_of_q_for_another_n_says_which_complete_graph_of_its_slot_it_replaced(
    local_only: Neo4jSettings,
    runner: Neo4jQueryRunner,
    gamegraph_process: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    """Q for n <= 16 loaded online, then Q for n <= 18 of the same rule by the bulk route: the
    new store holds only the second (one Q per rule), and the load's line says so."""
    ids = ["lifting:paper:16", "lifting:paper:18"]
    for graph_id in ids:
        drop_graph(runner, graph_id)
    try:
        run_load(runner, LoadRequest.parse("16", "lifting", {"rule": "paper"}).plan())
        command = ["load", "--n", "18", "--games", "lifting", "--rule", "paper", "--bulk"]
        result = gamegraph_process(_env(local_only), *command)
        assert result.returncode == 0, result.stderr
        assert "[lifting:paper:18]: loaded (replaced lifting:paper:16)\n" in result.stdout
        assert get_graph(runner, "lifting:paper:16") is None
        record = get_graph(runner, "lifting:paper:18")
        assert record is not None and record.complete and record.nodes
    finally:
        for graph_id in ids:
            drop_graph(runner, graph_id)


def test_the_database_closes_and_reopens_inside_the_running_server(
    local_only: Neo4jSettings,
    runner: Neo4jQueryRunner,
    two_graphs: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = LocalNeo4j()
    pid = server.status().pid
    server.stop_database()
    # a closed database is a transient error, which the runner retries for 30 s (a query
    # that meets a bulk load's swap waits for it); one try says what this test asks
    monkeypatch.setattr(runner_module, "TRANSIENT_SECONDS", 0.0)
    try:
        with pytest.raises(DatabaseError, match="not currently available"):
            runner.run("MATCH (p:GraphNode) RETURN count(p) AS c")
        # a second stop (the recovery of a swap whose process died) is answered, not ignored
        assert server.stop_database(timeout=60) < 60
    finally:
        server.start_database()
    assert _count(runner, "bulgarian:12") == count_partitions(12)  # the same store again
    status = server.status()
    assert status.pid == pid and status.ready


def test_a_request_left_by_a_dead_process_does_not_take_the_next_ones_answer(
    local_only: Neo4jSettings, runner: Neo4jQueryRunner, two_graphs: list[str]
) -> None:
    """A bulk load killed in its swap can leave run/database.start behind. The launcher
    serves it after the next process's stop; that must not swallow the stop's answer, and
    the answer to the stale request (its token) is not taken for the next start's."""
    server = LocalNeo4j()
    stale = server.run_dir / "database.start"
    stale.write_text(f"{server.default_database}\ndead-process\n")
    assert server.stop_database(timeout=60) < 60
    assert server.start_database(timeout=60) < 60
    assert not stale.exists()
    assert _count(runner, "bulgarian:12") == count_partitions(12)


def test_a_swap_whose_stop_is_not_answered_restarts_the_server_around_it(
    local_only: Neo4jSettings,
    runner: Neo4jQueryRunner,
    two_graphs: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the JVM does not close its database when asked (the stop times out), the swap
    does not give up with the database in an unknown state: it stops and starts the whole
    server around the move, and the store it moved in is the one served."""
    server = LocalNeo4j()
    pid = server.status().pid

    def no_answer(self: LocalNeo4j, *, timeout: float = 120.0) -> float:
        raise StartTimeoutError("Neo4j did not stop its database 'neo4j' within 120s")

    monkeypatch.setattr(LocalNeo4j, "stop_database", no_answer)
    moved: list[bool] = []
    reopen(server, lambda: moved.append(not server.status().running), lambda stage: None)
    assert moved == [True]  # the move ran while no JVM had the store open
    status = server.status()
    assert status.ready and status.pid != pid
    assert _count(runner, "bulgarian:12") == count_partitions(12)


def test_a_bulk_load_killed_in_its_store_swap_leaves_the_database_as_it_was(
    local_only: Neo4jSettings, runner: Neo4jQueryRunner, two_graphs: list[str]
) -> None:
    """Found by the torture test: a bulk load SIGKILLed while the database was closed for
    the swap left it closed for good ("The database is not currently available" on every
    command after). The process is killed once the old store is aside (the database closed,
    the new store moving in); the next connection puts the old store back and opens the
    database, with its graphs as they were and nothing of the bulk load."""
    server = LocalNeo4j()
    aside = server.home / "data" / "databases" / f"{server.default_database}.previous"
    load = ["load", "--n", "14", "--games", "floridian", "--bulk"]
    killed = killed_once(load, aside, env=_env(local_only), within=600)
    assert killed, "the bulk load ended before its swap"
    assert (server.home / SWAP_JOURNAL).exists()
    messages: list[str] = []
    with gg.connect(auth=(local_only.user, local_only.password), on_start=messages.append) as db:
        record = get_graph(db.runner, "bulgarian:12")
        assert record is not None and record.state() is GraphState.CURRENT
        assert _count(db.runner, "bulgarian:12") == count_partitions(12)
        assert get_graph(db.runner, "floridian:14") is None  # nothing of the bulk load
        report = verify(db.runner, graphs=[get_game("bulgarian").create(n=12)])
        assert report.ok, [(c.name, c.problems) for c in report.failures]
    assert messages == ["a bulk load or restore died in its store swap: putting the old store back"]
    assert not (server.home / SWAP_JOURNAL).exists() and not aside.exists()
    assert not (server.home / "bulk").exists()


def test_a_server_that_cannot_swap_its_store_is_restarted_around_the_swap(
    local_only: Neo4jSettings,
    runner: Neo4jQueryRunner,
    two_graphs: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server started by an older launcher (no store swap in ready.json) still takes a bulk
    load: it is stopped and started around the swap, as before."""
    monkeypatch.setattr(LocalNeo4j, "can_swap_store", lambda self: False)
    pid = LocalNeo4j().status().pid
    with _database(local_only) as db:
        summary = db.load(LoadRequest.parse("14", "floridian", route="bulk"))
    assert LocalNeo4j().status().pid != pid
    assert [r.game.id for r in summary.reports][:1] == ["floridian:14"]
    with _database(local_only) as db:
        record = get_graph(db.runner, "floridian:14")
        assert record is not None and record.state() is GraphState.CURRENT
        assert _count(db.runner, "bulgarian:12") == count_partitions(12)


def test_a_failed_import_leaves_the_database_as_it_was(
    local_only: Neo4jSettings,
    runner: Neo4jQueryRunner,
    two_graphs: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gamegraph.server.errors import BulkImportError

    def broken(*_: object, **__: object) -> None:
        raise BulkImportError("neo4j-admin failed (simulated)")

    monkeypatch.setattr(bulk_module, "bulk_import", broken)
    request = LoadRequest.parse("14", "floridian", route="bulk")
    with _database(local_only) as db, pytest.raises(BulkImportError, match="simulated"):
        db.load(request)
    record = get_graph(runner, "bulgarian:12")
    assert record is not None and record.state() is GraphState.CURRENT
    assert _count(runner, "bulgarian:12") == count_partitions(12)
    assert get_graph(runner, "floridian:14") is None


def test_a_new_store_that_does_not_verify_is_swapped_back_out(
    local_only: Neo4jSettings,
    runner: Neo4jQueryRunner,
    two_graphs: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def wrong(*_: object, **__: object) -> None:
        raise IncompleteLoadError("counts differ (simulated)")

    monkeypatch.setattr(bulk_module, "read_back_all", wrong)
    request = LoadRequest.parse("14", "floridian", route="bulk")
    with _database(local_only) as db, pytest.raises(IncompleteLoadError, match="simulated"):
        db.load(request)
    with _database(local_only) as db:  # the database reopened on the previous store
        record = get_graph(db.runner, "bulgarian:12")
        assert record is not None and record.state() is GraphState.CURRENT
        assert _count(db.runner, "bulgarian:12") == count_partitions(12)
        assert get_graph(db.runner, "floridian:14") is None
        assert _count(db.runner, "floridian:14") == 0


def test_the_store_read_back_agrees_with_a_graphs_own_and_names_a_graph_that_differs(
    runner: Neo4jQueryRunner, two_graphs: list[str]
) -> None:
    """read_back_all (every graph of the store at once: the nodes, then each relationship
    type, two queries at a time) answers for B_12 what its own one-pass read_back answers,
    the counts and the engine's fingerprint, whether it reads every relationship's end
    (fresh store) or only those inside the graph; a count that differs is named."""
    game = get_game("bulgarian").create(n=12)
    tables = game.tables(game.build(force=True))
    expected, fingerprint = tables.expected_counts(), tables.fingerprint()
    assert expected == {"nodes": count_partitions(12), "BULGARIAN_MOVE": count_partitions(12)}
    assert read_back(runner, game, expected, fingerprint) == (expected, fingerprint)
    for fresh in (False, True):
        assert read_back_all(runner, [(game, expected, fingerprint)], fresh_store=fresh) == [
            (expected, fingerprint)
        ]
    more = {**expected, "BULGARIAN_MOVE": expected["BULGARIAN_MOVE"] + 1}
    with pytest.raises(IncompleteLoadError, match=r"bulgarian:12|B_12"):
        read_back_all(runner, [(game, more, fingerprint)])
    with pytest.raises(IncompleteLoadError, match=r"bulgarian:12|B_12"):
        read_back(runner, game, more, fingerprint)


def test_a_load_that_lands_during_the_import_stops_the_swap(
    local_only: Neo4jSettings,
    runner: Neo4jQueryRunner,
    two_graphs: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A graph loaded online while the bulk load imports is not in the new store: the bulk
    load must refuse to swap rather than lose it."""
    real = bulk_module.bulk_import

    def import_while_another_load_runs(*args: object, **kwargs: object) -> object:
        run_load(runner, LoadRequest.parse("10", "bulgarian").plan())
        return real(*args, **kwargs)

    monkeypatch.setattr(bulk_module, "bulk_import", import_while_another_load_runs)
    drop_graph(runner, "bulgarian:10")
    request = LoadRequest.parse("14", "floridian", route="bulk")
    try:
        with _database(local_only) as db, pytest.raises(LoadConflictError, match="again"):
            db.load(request)
        for graph_id, size in (("bulgarian:12", 12), ("bulgarian:10", 10)):
            record = get_graph(runner, graph_id)
            assert record is not None and record.state() is GraphState.CURRENT
            assert _count(runner, graph_id) == count_partitions(size)
        assert get_graph(runner, "floridian:14") is None
        assert not (LocalNeo4j().home / "bulk").exists()
    finally:
        drop_graph(runner, "bulgarian:10")


def test_a_second_bulk_load_at_once_is_refused(
    local_only: Neo4jSettings, runner: Neo4jQueryRunner, two_graphs: list[str]
) -> None:
    home = LocalNeo4j().home
    request = LoadRequest.parse("14", "floridian", route="bulk")
    with (
        bulk_lock(home, wait=True),  # what a running bulk load holds
        _database(local_only) as db,
        pytest.raises(LoadConflictError, match="another bulk"),
    ):
        db.load(request)
    assert get_graph(runner, "floridian:14") is None
    record = get_graph(runner, "bulgarian:12")
    assert record is not None and record.state() is GraphState.CURRENT


def test_a_large_load_into_the_empty_local_database_goes_through_the_importer(
    fresh_home: dict[str, str],
    gamegraph_process: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    """`gamegraph load` on a fresh home takes the importer (one command, one result), but
    never when the database holds anything (a rebuild must not be paid for, or lose what a
    user wrote) nor with --online. The threshold is lowered so small graphs count as large.
    Into a home never started, the server's first start runs beside the import, and a
    second first load at once waits for that import's store."""
    # and a fresh home's password may start with "-" (neo4j-admin once took it for an option)
    env = dict(fresh_home, GAMEGRAPH_AUTO_BULK_ROWS="200", GAMEGRAPH_NEO4J_PASSWORD="-" + "x" * 31)
    importer = "through neo4j-admin's importer"

    # two first loads at once: one imports while Neo4j starts; the other, refused the bulk
    # lock, waits for that import's store (or finds it in place) and writes into it what it
    # does not hold yet: both end well, with one import
    with ThreadPoolExecutor(max_workers=2) as pool:
        loads = [
            pool.submit(gamegraph_process, env, "load", "--n", "14", "--games", games)
            for games in ("floridian", "floridian,bulgarian")
        ]
        new, other = (load.result() for load in loads)
    assert new.returncode == 0 and other.returncode == 0, new.stderr + other.stderr
    both = new.stderr + other.stderr
    assert "the local database is new: ~" in both and importer in both
    assert both.count("with neo4j-admin (while Neo4j starts)") == 1
    assert "server start" in new.stdout + other.stdout
    verified = gamegraph_process(env, "verify", "--n", "14")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "bulgarian:14, floridian:14:" in verified.stdout
    dropped = gamegraph_process(env, "drop", "--all")
    assert dropped.returncode == 0, dropped.stderr

    online = gamegraph_process(env, "load", "--n", "14", "--games", "bulgarian", "--online")
    assert online.returncode == 0, online.stderr
    assert importer not in online.stderr and "bulk:" not in online.stdout
    dropped = gamegraph_process(env, "drop", "--all")
    assert dropped.returncode == 0, dropped.stderr

    first = gamegraph_process(env, "load", "--n", "14", "--games", "floridian")
    assert first.returncode == 0, first.stderr
    assert "the local database is empty: ~" in first.stderr and importer in first.stderr
    assert "G_14, H_14 [floridian:14]: loaded" in first.stdout
    assert "bulk:" in first.stdout

    second = gamegraph_process(env, "load", "--n", "14", "--games", "bulgarian")
    assert second.returncode == 0, second.stderr
    assert importer not in second.stderr and "bulk:" not in second.stdout
    assert "B_14 [bulgarian:14]: loaded" in second.stdout

    both = gamegraph_process(env, "load", "--n", "14", "--games", "bulgarian", "--online", "--bulk")
    assert both.returncode == 2
    assert both.stderr.strip().splitlines()[-1].startswith("error:")

    server = LocalNeo4j(
        home=Path(env["GAMEGRAPH_NEO4J_HOME"]),
        bolt_port=int(env["GAMEGRAPH_NEO4J_BOLT_PORT"]),
        http_port=int(env["GAMEGRAPH_NEO4J_HTTP_PORT"]),
    )
    with gg.connect(server.bolt_uri, auth=("neo4j", server.password)) as db:
        records = {r.id: r for r in db.graphs()}
        assert sorted(records) == ["bulgarian:14", "floridian:14"]
        assert all(r.state() is GraphState.CURRENT for r in records.values())
        assert _count(db.runner, "bulgarian:14") == count_partitions(14)
        graphs = [get_game("bulgarian").create(n=14), get_game("floridian").create(n=14)]
        report = verify(db.runner, graphs=graphs)
        assert report.ok, [(c.name, c.problems) for c in report.failures]
