"""`gamegraph dump FILE` and `gamegraph restore FILE`: the local Neo4j's database into one file
(Neo4j's own `neo4j-admin database dump`) and back, on a fresh home, where every restored graph
passes `verify` and the queries answer as they did; restoring over graphs asks first."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from cli_support import CliResult
from interrupting import killed_once

import gamegraph as gg
from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.loader.plan import LoadRequest
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.server import LocalNeo4j
from gamegraph.server.dump import dump_database, load_database
from gamegraph.server.swap import SWAP_JOURNAL, StoreSwap

GRAPHS = ["bulgarian:10", "floridian:10"]
QUERIES = [("bulgarian_cycles", {"n": 10}), ("floridian_outcomes", {"n": 10})]


@pytest.fixture
def loaded(runner: Neo4jQueryRunner, neo4j_settings: Neo4jSettings) -> Iterator[None]:
    if neo4j_settings.uri is not None:
        pytest.fail("dump and restore need the local Neo4j; this session tests another server")
    for graph_id in GRAPHS:
        drop_graph(runner, graph_id)
    run_load(runner, LoadRequest.parse("10", "bulgarian,floridian").plan())
    yield
    for graph_id in GRAPHS:
        drop_graph(runner, graph_id)


def _killed_once(
    settings: Neo4jSettings, args: list[str], marker: Path, settle: float = 0.0
) -> bool:
    """`gamegraph ARGS` on the local Neo4j, SIGKILLed once ``marker`` exists (and ``settle``
    seconds more); whether it was killed (not ended before)."""
    env = dict(os.environ, NEO4J_USER=settings.user)
    env.pop("NEO4J_URI", None)
    return killed_once(args, marker, env=env, settle=settle)


def test_a_dump_restored_on_a_fresh_home_verifies_and_answers_as_before(
    loaded: None,
    neo4j_settings: Neo4jSettings,
    fresh_home: dict[str, str],
    tmp_path: Path,
    gamegraph_process: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    with gg.connect(auth=(neo4j_settings.user, neo4j_settings.password)) as db:
        before = [db.query(name, **params) for name, params in QUERIES]
        graphs = sorted(r.id for r in db.graphs() if r.complete)
    assert set(GRAPHS) <= set(graphs)
    assert all(before)  # each query has an answer to compare
    dump = tmp_path / "graphs.dump"
    env = dict(os.environ, NEO4J_USER=neo4j_settings.user)
    env.pop("NEO4J_URI", None)
    done = gamegraph_process(env, "dump", str(dump))
    assert done.returncode == 0, done.stderr
    assert f"dumped {len(graphs)} graph(s) into {dump}" in done.stdout
    again = gamegraph_process(env, "dump", str(dump))
    assert again.returncode == 2
    assert again.stderr.strip().splitlines()[-1].startswith("error:")
    assert "--force" in again.stderr

    restored = gamegraph_process(fresh_home, "restore", str(dump))
    assert restored.returncode == 0, restored.stderr
    assert f"restored {len(graphs)} graph(s)" in restored.stdout
    assert f"verified {len(graphs)} graph(s)" in restored.stdout
    verified = gamegraph_process(fresh_home, "verify")
    assert verified.returncode == 0, verified.stderr
    for name, params in QUERIES:
        answer = gamegraph_process(
            fresh_home,
            "query",
            name,
            "--format",
            "json",
            *[f"--param={k}={v}" for k, v in params.items()],
        )
        assert answer.returncode == 0, answer.stderr
    server = LocalNeo4j(
        home=Path(fresh_home["GAMEGRAPH_NEO4J_HOME"]),
        bolt_port=int(fresh_home["GAMEGRAPH_NEO4J_BOLT_PORT"]),
        http_port=int(fresh_home["GAMEGRAPH_NEO4J_HTTP_PORT"]),
    )
    with gg.connect(server.bolt_uri, auth=("neo4j", server.password)) as fresh:
        after = [fresh.query(name, **params) for name, params in QUERIES]
        assert sorted(r.id for r in fresh.graphs() if r.complete) == graphs
    assert after == before

    # the fresh home holds graphs now: a restore without a terminal refuses, naming --force
    refused = gamegraph_process(fresh_home, "restore", str(dump))
    assert refused.returncode == 2
    lines = refused.stderr.strip().splitlines()
    assert lines[-1].startswith("error:") and "--force" in lines[-1]
    assert "Traceback" not in refused.stderr


def test_a_restore_of_a_file_that_is_no_dump_fails_and_leaves_the_database_as_it_was(
    loaded: None,
    neo4j_settings: Neo4jSettings,
    local_neo4j: LocalNeo4j,
    runner: Neo4jQueryRunner,
    tmp_path: Path,
    gamegraph_process: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    def state() -> tuple[list[tuple[object, ...]], int, int]:
        with gg.connect(auth=(neo4j_settings.user, neo4j_settings.password)) as db:
            records = sorted(
                (r.id, r.status, r.nodes, r.relationships, r.fingerprint) for r in db.graphs()
            )
        nodes = runner.run("MATCH (x) RETURN count(x) AS c")[0]["c"]
        rels = runner.run("MATCH ()-[r]->() RETURN count(r) AS c")[0]["c"]
        return records, nodes, rels

    before = state()
    assert set(GRAPHS) <= {record[0] for record in before[0]}
    bad = tmp_path / "bad.dump"
    bad.write_text("this is not a Neo4j dump\n")
    env = dict(os.environ, NEO4J_USER=neo4j_settings.user)
    env.pop("NEO4J_URI", None)
    done = gamegraph_process(env, "restore", str(bad), "--force")
    assert done.returncode == 1, done.stdout + done.stderr
    assert state() == before
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and str(bad) in errors[0] and "unchanged" in errors[0], errors
    assert "Traceback" not in done.stderr
    with gg.connect(auth=(neo4j_settings.user, neo4j_settings.password)) as db:
        report = db.verify(graphs=GRAPHS)
    assert report.ok, [(c.name, c.problems) for c in report.failures]
    assert not (local_neo4j.home / "bulk").exists()
    assert not (local_neo4j.home / SWAP_JOURNAL).exists()


def test_a_dump_file_in_the_bulk_scratch_folder_is_refused_and_kept(
    loaded: None,
    neo4j_settings: Neo4jSettings,
    local_neo4j: LocalNeo4j,
    runner: Neo4jQueryRunner,
    gamegraph_process: Callable[..., subprocess.CompletedProcess[str]],
) -> None:
    """Each bulk load and restore empties <home>/bulk: a dump kept there would be deleted by
    the restore that reads it, so dump and restore refuse such a file, and it stays."""
    env = dict(os.environ, NEO4J_USER=neo4j_settings.user)
    env.pop("NEO4J_URI", None)
    nodes = runner.run("MATCH (x) RETURN count(x) AS c")[0]["c"]
    scratch = local_neo4j.home / "bulk"
    kept = scratch / "kept.dump"
    try:
        scratch.mkdir(exist_ok=True)  # another test may have left it (a bulk load refused)
        kept.write_bytes(b"a user's file")
        for command in ("dump", "restore"):
            done = gamegraph_process(env, command, str(kept), "--force")
            assert done.returncode == 2, done.stdout + done.stderr
            errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
            assert len(errors) == 1 and "keep dumps elsewhere" in errors[0], done.stderr
            assert kept.read_bytes() == b"a user's file"
        assert runner.run("MATCH (x) RETURN count(x) AS c")[0]["c"] == nodes
    finally:
        kept.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            scratch.rmdir()


def test_a_restore_killed_in_its_store_swap_leaves_the_database_as_it_was(
    loaded: None,
    neo4j_settings: Neo4jSettings,
    local_neo4j: LocalNeo4j,
    runner: Neo4jQueryRunner,
    tmp_path: Path,
) -> None:
    """The restore swaps its store in as a bulk load does: a process SIGKILLed once the old
    store is aside (the database closed, the dump's store moving in) is undone by the next
    connection, which puts the old store back and opens the database."""
    dump = tmp_path / "both.dump"
    dump_database(local_neo4j, dump)
    drop_graph(runner, "floridian:10")  # the database now differs from the dump
    aside = local_neo4j.home / "data" / "databases" / f"{local_neo4j.default_database}.previous"
    killed = _killed_once(neo4j_settings, ["restore", str(dump), "--force"], aside)
    assert killed, "the restore ended before its swap"
    assert (local_neo4j.home / SWAP_JOURNAL).exists()
    messages: list[str] = []
    with gg.connect(
        auth=(neo4j_settings.user, neo4j_settings.password), on_start=messages.append
    ) as db:
        assert sorted(r.id for r in db.graphs() if r.complete) == ["bulgarian:10"]
        report = db.verify(graphs=["bulgarian:10"])
        assert report.ok, [(c.name, c.problems) for c in report.failures]
    assert messages == ["a bulk load or restore died in its store swap: putting the old store back"]
    assert not aside.exists() and not (local_neo4j.home / SWAP_JOURNAL).exists()
    assert not (local_neo4j.home / "bulk").exists()


def test_a_restore_whose_store_swap_fails_puts_the_previous_database_back(
    loaded: None,
    neo4j_settings: Neo4jSettings,
    local_neo4j: LocalNeo4j,
    runner: Neo4jQueryRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A swap that fails once the dump's store is in place (a disk that fills as the second
    folder moves, say) puts the previous store back and opens it: the restore raises, the
    database is as it was, with no journal and no scratch left."""
    dump = tmp_path / "both.dump"
    dump_database(local_neo4j, dump)
    drop_graph(runner, "floridian:10")  # the database now differs from the dump
    real = StoreSwap.put_new_in_place

    def fails_once_moved(swap: StoreSwap) -> None:
        real(swap)
        raise OSError(28, "No space left on device (injected)")

    monkeypatch.setattr(StoreSwap, "put_new_in_place", fails_once_moved)
    said: list[str] = []
    with pytest.raises(OSError, match="injected"):
        load_database(local_neo4j, dump, said.append)
    assert "the restored store did not open: putting the previous database back" in said
    with gg.connect(auth=(neo4j_settings.user, neo4j_settings.password)) as db:
        assert sorted(r.id for r in db.graphs() if r.complete) == ["bulgarian:10"]
        report = db.verify(graphs=["bulgarian:10"])
        assert report.ok, [(c.name, c.problems) for c in report.failures]
    assert not (local_neo4j.home / SWAP_JOURNAL).exists()
    assert not (local_neo4j.home / "bulk").exists()


def test_a_dump_killed_with_the_database_closed_leaves_it_to_the_next_connection(
    loaded: None,
    neo4j_settings: Neo4jSettings,
    local_neo4j: LocalNeo4j,
    tmp_path: Path,
) -> None:
    """Before, a dump SIGKILLed once it had closed the database left it closed: every
    command then met "The database is not currently available" until the server was stopped
    and started. The closed database is journaled; the next connection opens it again."""
    journal = local_neo4j.home / SWAP_JOURNAL
    # killed half a second after the journal appears: the database closing, or closed
    killed = _killed_once(neo4j_settings, ["dump", str(tmp_path / "killed.dump")], journal, 0.5)
    assert killed, "the dump ended before it was killed"
    assert journal.exists()
    messages: list[str] = []
    with gg.connect(
        auth=(neo4j_settings.user, neo4j_settings.password), on_start=messages.append
    ) as db:
        assert set(GRAPHS) <= {r.id for r in db.graphs() if r.complete}
        report = db.verify(graphs=GRAPHS)
        assert report.ok, [(c.name, c.problems) for c in report.failures]
    assert messages == ["a dump died while the database was closed: opening it again"]
    assert not journal.exists()


def test_a_dump_refuses_while_a_load_holds_a_graph_and_names_bad_targets(
    loaded: None,
    neo4j_settings: Neo4jSettings,
    runner: Neo4jQueryRunner,
    tmp_path: Path,
    gamegraph_process: Callable[..., subprocess.CompletedProcess[str]],
    gamegraph: Callable[..., CliResult],
) -> None:
    """A dump taken while a load writes a graph held it half written, listed as dumped. It
    now refuses, naming the graph and the load; a directory or an unwritable path is one
    plain error line, not an internal error."""
    from gamegraph.db.catalog import Lease
    from gamegraph.games.registry import parse_graph_id
    from gamegraph.loader.claim import record_props

    env = dict(os.environ, NEO4J_USER=neo4j_settings.user)
    env.pop("NEO4J_URI", None)
    game = parse_graph_id("bulgarian:10")
    lease = Lease(runner, game)
    assert lease.try_claim(record_props(game)) is None  # as a load does before it writes
    try:
        done = gamegraph_process(env, "dump", str(tmp_path / "during.dump"))
    finally:
        lease.release()
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert done.returncode == 1 and len(errors) == 1, done.stderr
    assert "bulgarian:10 is being loaded by process" in errors[0], errors
    assert not (tmp_path / "during.dump").exists()
    local = {"NEO4J_USER": neo4j_settings.user, "NEO4J_URI": None}
    for args, expected in [
        (["dump", str(tmp_path)], "is a directory"),
        (["dump", str(tmp_path), "--force"], "is a directory"),
        (["dump", "/proc/no-such/x.dump"], "cannot write /proc/no-such/x.dump"),
        (["restore", str(tmp_path), "--force"], "is a directory"),
    ]:
        result = gamegraph(*args, env=local)  # in this process: each is refused at once
        lines = result.stderr.strip().splitlines()
        assert result.exit_code in (1, 2) and lines[-1].startswith("error:"), result.output
        assert expected in lines[-1] and "internal error" not in lines[-1], lines[-1]


def test_a_closed_database_is_named_as_closed(
    neo4j_settings: Neo4jSettings,
    local_neo4j: LocalNeo4j,
    gamegraph: Callable[..., CliResult],
) -> None:
    """A database closed under a running server (as a dump closes it) was reported as "set
    NEO4J_DATABASE to a user database, usually 'neo4j'", which it was. The error says it is
    closed and how to open it."""
    local_neo4j.stop_database()
    try:
        done = gamegraph("graphs", env={"NEO4J_USER": neo4j_settings.user, "NEO4J_URI": None})
    finally:
        local_neo4j.start_database()
    lines = done.stderr.strip().splitlines()
    assert done.exit_code == 1 and len(lines) == 1, done.stderr
    assert f"its database '{neo4j_settings.database}' is not open" in lines[0], lines[0]
    assert "NEO4J_DATABASE" not in lines[0] and "gamegraph neo4j start" in lines[0]
