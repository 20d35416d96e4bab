"""`gamegraph dump FILE` and `gamegraph restore FILE`: keep and share what the local Neo4j
holds, as one file made by Neo4j's own `neo4j-admin database dump` (restored with
`neo4j-admin database load`, then verified)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from gamegraph.cli._output import note
from gamegraph.cli.options import DEFAULT_PASSWORD, DEFAULT_USER, PasswordOption, UserOption
from gamegraph.errors import InputError, LoadConflictError, VerificationError

__all__ = ["dump", "restore"]

FileArgument = Annotated[
    Path, typer.Argument(help="The dump file (Neo4j's own format).", show_default=False)
]


def _local_only(what: str) -> None:
    if os.environ.get("NEO4J_URI"):
        raise InputError(
            f"`gamegraph {what}` works on the local Neo4j's files; NEO4J_URI names another "
            "server: unset it, or use that server's own `neo4j-admin database "
            f"{'dump' if what == 'dump' else 'load'}`"
        )


def dump(
    file: FileArgument,
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
    user: UserOption = DEFAULT_USER,
    password: PasswordOption = DEFAULT_PASSWORD,
) -> None:
    """Write the local Neo4j's database (every loaded graph and its catalogue) into FILE,
    with `neo4j-admin database dump`. The database closes for the seconds that takes (the
    server keeps running); `gamegraph restore FILE` brings it back, here or on another
    machine.

    Example: `gamegraph dump graphs-2026-12.dump`
    """
    from gamegraph.api import connect
    from gamegraph.db.catalog import GraphState, describe_owner
    from gamegraph.server import LocalNeo4j
    from gamegraph.server.dump import dump_database

    _local_only("dump")
    if file.is_dir():
        raise InputError(f"{file} is a directory: give the name of the dump file to write")
    if file.exists() and not force:
        raise InputError(f"{file} exists: give another name, or --force to replace it")
    with connect(auth=(user, password), on_start=note) as db:
        records = db.graphs()
    for record in records:  # a dump would hold it half written
        if (state := record.state()) in (GraphState.LOADING, GraphState.DROPPING):
            raise LoadConflictError(
                f"{record.id} is {state.value.removesuffix(' by another process')} by "
                f"{describe_owner(record.lease_owner)}: nothing was dumped; dump again when "
                "it has ended"
            )
    size = dump_database(LocalNeo4j(log=note), file, note)
    ids = [record.id for record in records if record.complete]
    partial = [record.id for record in records if not record.complete]
    typer.echo(
        f"dumped {len(ids)} graph(s) into {file} ({size / 1e6:.1f} MB)"
        + (f": {', '.join(ids)}" if ids else "")
        + (f"; and {len(partial)} incomplete: {', '.join(partial)}" if partial else "")
    )


def restore(
    file: FileArgument,
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace the graphs the database holds without asking."),
    ] = False,
    user: UserOption = DEFAULT_USER,
    password: PasswordOption = DEFAULT_PASSWORD,
) -> None:
    """Replace the local Neo4j's database by a dump (`gamegraph dump`), with `neo4j-admin
    database load`, then verify every restored graph. If the database holds graphs, it asks
    first (--force: do not ask; without a terminal it refuses unless --force). The dump is
    loaded beside the database, which keeps serving, and replaces it only once loaded: a
    file that does not load leaves the database as it was.

    Example: `gamegraph restore graphs-2026-12.dump`
    """
    from gamegraph.api import connect
    from gamegraph.server import LocalNeo4j
    from gamegraph.server.dump import load_database

    _local_only("restore")
    if file.is_dir():
        raise InputError(f"{file} is a directory: give the dump file to restore")
    if not file.is_file():
        raise InputError(f"no dump file {file}")
    with connect(auth=(user, password), on_start=note) as db:
        ids = [record.id for record in db.graphs()]
    if ids and not force:
        held = f"the local Neo4j holds {len(ids)} graph(s) ({', '.join(ids[:5])}" + (
            ", ...)" if len(ids) > 5 else ")"
        )
        if not sys.stdin.isatty():
            raise InputError(f"{held}, which a restore replaces: run again with --force")
        if not typer.confirm(f"{held}. Replace them by {file}?", default=False):
            raise InputError("nothing restored")
    load_database(LocalNeo4j(log=note), file, note)
    with connect(auth=(user, password), on_start=note) as db:
        restored = [record.id for record in db.graphs()]
        report = db.verify(progress=note)
    typer.echo(
        f"restored {len(restored)} graph(s) from {file}"
        + (f": {', '.join(restored)}" if restored else "")
    )
    if report.skipped:
        typer.echo("not verified: " + "; ".join(report.skipped))
    if not report.ok:
        raise VerificationError(
            f"{len(report.failures)} check(s) of the restored graphs found mismatches"
        )
    typer.echo(f"verified {len(report.graphs)} graph(s): {len(report.checks)} checks passed")
