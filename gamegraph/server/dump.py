"""Dump and restore the local Neo4j's database with Neo4j's own tools: `neo4j-admin database
dump` and `neo4j-admin database load`, run from the same Maven Central jars as the server
(entry point `org.neo4j.cli.AdminTool`, as :mod:`.bulk_import` runs the importer).

A dump needs the database offline: inside a running server whose launcher can stop and
start its default database (:meth:`LocalNeo4j.can_swap_store`), only the database closes, for
the seconds the tool runs (the DBMS, Bolt and HTTP stay up); otherwise the server is stopped
and started again. A stopped server stays stopped while the tool runs and is not started. A
dump holds the home's bulk lock (one dump, bulk load or restore at a time) and journals the
closed database (phase ``closed``), so a dump killed meanwhile leaves it to the next
connection to open (:func:`~.swap.recover_interrupted_swap`).

A restore never loads over the live store: `neo4j-admin database load` writes the dump into a
staging home (``<home>/bulk/home``, the bulk route's) while the database keeps serving, and
only a store that loaded whole takes the live one's place, by the bulk route's journaled swap
(:class:`~.swap.StoreSwap`, under the home's bulk lock). A dump that does not load, or a
store that does not open, leaves the database as it was; a process killed during the swap is
undone by the next connection (:func:`~.swap.recover_interrupted_swap`).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from gamegraph.errors import InputError, LoadConflictError, OutputError
from gamegraph.server.bulk_import import run_admin
from gamegraph.server.errors import LocalNeo4jError, tail
from gamegraph.server.local import LocalNeo4j
from gamegraph.server.swap import (
    SWAP_JOURNAL,
    StoreSwap,
    bulk_lock,
    bulk_scratch,
    reopen,
    write_journal,
)

__all__ = ["dump_database", "load_database"]

Note = Callable[[str], None]


def dump_database(server: LocalNeo4j, target: Path, note: Note = lambda message: None) -> int:
    """Write the default database of ``server`` into the file ``target`` (replacing it);
    its size in bytes."""
    _outside_scratch(server, target)
    database = server.default_database
    folder = target.parent.absolute()  # the dump is written beside it: moved, not copied
    try:
        folder.mkdir(parents=True, exist_ok=True)
        scratch = tempfile.TemporaryDirectory(dir=folder)
    except OSError as e:
        raise OutputError(f"cannot write {target}: {e.strerror} ({e.filename})") from None
    with scratch, bulk_lock(server.home, wait=False) as free:
        if not free:
            raise LoadConflictError(
                f"a bulk load, restore or dump is running on the Neo4j in {server.home}: "
                "nothing was dumped; dump again when it has ended"
            )
        with _offline(server, note):
            _admin(server, ["database", "dump", f"--to-path={scratch.name}", database])
        written = Path(scratch.name) / f"{database}.dump"
        if not written.exists():
            raise LocalNeo4jError(f"neo4j-admin database dump wrote no {written.name}")
        os.replace(written, target)
    return target.stat().st_size


def load_database(server: LocalNeo4j, source: Path, note: Note = lambda message: None) -> None:
    """Replace the default database of ``server`` by the dump ``source``; if it fails, at any
    point, the database is left as it was (see the module docstring)."""
    _outside_scratch(server, source)
    database = server.default_database
    with bulk_lock(server.home, wait=False) as free:
        if not free:
            raise LoadConflictError(
                f"a bulk load or restore is running on the Neo4j in {server.home}; nothing was "
                "restored: run the restore again when it has ended"
            )
        staging = bulk_scratch(server.home)
        shutil.rmtree(staging, ignore_errors=True)
        try:
            stage = LocalNeo4j(staging / "home", install_root=server.install_root)
            dumps = staging / "dump"
            dumps.mkdir(parents=True)
            staged = dumps / f"{database}.dump"  # neo4j-admin reads <database>.dump
            try:
                os.link(source, staged)
            except OSError:
                shutil.copyfile(source, staged)
            note(f"loading {source} beside the database (untouched until the dump has loaded) ...")
            _, done, _ = run_admin(
                stage, ["database", "load", f"--from-path={dumps}", database], heap="1g"
            )
            if done.returncode != 0:
                raise LocalNeo4jError(
                    f"{source} is not a dump that neo4j-admin database load accepts (exit code "
                    f"{done.returncode}); the database is unchanged:\n"
                    f"{tail(done.stdout + done.stderr)}"
                )
            _swap_in(server, StoreSwap(server.home, stage.home, database), note)
        finally:
            shutil.rmtree(staging, ignore_errors=True)


def _outside_scratch(server: LocalNeo4j, file: Path) -> None:
    """InputError if ``file`` lies in the folder each bulk load and restore empties."""
    scratch = bulk_scratch(server.home).resolve()
    if file.resolve().is_relative_to(scratch):
        raise InputError(
            f"{file} is inside {scratch}, the folder every bulk load and restore empties: "
            "keep dumps elsewhere"
        )


def _swap_in(server: LocalNeo4j, swap: StoreSwap, note: Note) -> None:
    """Put the staged store in place of the live one and open it; the old one back if that
    fails. A stopped server only has its store swapped."""
    running = server.status().running

    def move(step: Callable[[], None]) -> None:
        if running:
            reopen(server, step, lambda stage: None)
        else:
            step()

    note("putting the restored store in place ...")
    swap.begin()  # a process killed from here on is undone by the next connection
    try:
        move(swap.put_new_in_place)
    except BaseException:
        note("the restored store did not open: putting the previous database back")
        move(swap.put_old_back)
        swap.end()
        raise
    swap.recorded()
    swap.forget_old()
    swap.end()


@contextmanager
def _offline(server: LocalNeo4j, note: Note) -> Iterator[None]:
    """The default database closed for the block, then open again as it was."""
    status = server.status()
    if not status.running:
        yield
        return
    if server.can_swap_store():
        note("closing the database (the server keeps running) ...")
        write_journal(server.home, "closed")  # a process killed from here on: see above
        try:
            server.stop_database()
            yield
        finally:
            note("opening the database again ...")
            try:
                server.start_database()
            except LocalNeo4jError:
                server.stop()  # the JVM is there but its database did not start: restart
                server.start()
            (server.home / SWAP_JOURNAL).unlink(missing_ok=True)
        return
    note("stopping Neo4j ...")
    server.stop()
    try:
        yield
    finally:
        note("starting Neo4j again ...")
        server.start()


def _admin(server: LocalNeo4j, args: list[str]) -> None:
    """Run `neo4j-admin <args>` on the home of ``server``; LocalNeo4jError if it fails."""
    _, done, _ = run_admin(server, args, heap="1g")
    if done.returncode != 0:
        raise LocalNeo4jError(
            f"neo4j-admin {' '.join(args[:2])} failed (exit code {done.returncode}) in "
            f"{server.home}:\n{tail(done.stdout + done.stderr)}"
        )
