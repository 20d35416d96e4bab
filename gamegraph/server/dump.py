"""Dump and restore the local Neo4j's database with Neo4j's own tools: `neo4j-admin database
dump` and `neo4j-admin database load`, run from the same Maven Central jars as the server
(entry point `org.neo4j.cli.AdminTool`, as :mod:`.bulk_import` runs the importer).

Both need the database offline: inside a running server whose launcher can stop and start
its default database (:meth:`LocalNeo4j.can_swap_store`), only the database closes, for the
seconds the tool runs (the DBMS, Bolt and HTTP stay up); otherwise the server is stopped and
started again. A stopped server stays stopped while the tool runs and is not started.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from gamegraph.server.bulk_import import run_admin
from gamegraph.server.errors import LocalNeo4jError, tail
from gamegraph.server.local import LocalNeo4j

__all__ = ["dump_database", "load_database"]

Note = Callable[[str], None]


def dump_database(server: LocalNeo4j, target: Path, note: Note = lambda message: None) -> int:
    """Write the default database of ``server`` into the file ``target`` (replacing it);
    its size in bytes."""
    database = server.default_database
    folder = target.parent.absolute()  # the dump is written beside it: moved, not copied
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        with _offline(server, note):
            _admin(server, ["database", "dump", f"--to-path={scratch}", database])
        written = Path(scratch) / f"{database}.dump"
        if not written.exists():
            raise LocalNeo4jError(f"neo4j-admin database dump wrote no {written.name}")
        os.replace(written, target)
    return target.stat().st_size


def load_database(server: LocalNeo4j, source: Path, note: Note = lambda message: None) -> None:
    """Replace the default database of ``server`` by the dump ``source``."""
    database = server.default_database
    with tempfile.TemporaryDirectory(dir=server.home) as scratch:
        # neo4j-admin reads <database>.dump from a directory
        staged = Path(scratch) / f"{database}.dump"
        try:
            os.link(source, staged)
        except OSError:
            shutil.copyfile(source, staged)
        with _offline(server, note):
            _admin(
                server,
                [
                    "database",
                    "load",
                    f"--from-path={scratch}",
                    "--overwrite-destination=true",
                    database,
                ],
            )


@contextmanager
def _offline(server: LocalNeo4j, note: Note) -> Iterator[None]:
    """The default database closed for the block, then open again as it was."""
    status = server.status()
    if not status.running:
        yield
        return
    if server.can_swap_store():
        note("closing the database (the server keeps running) ...")
        server.stop_database()
        try:
            yield
        finally:
            note("opening the database again ...")
            try:
                server.start_database()
            except LocalNeo4jError:
                server.stop()  # the JVM is there but its database did not start: restart
                server.start()
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
