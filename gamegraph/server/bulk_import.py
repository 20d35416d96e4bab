"""Offline bulk import into the local Neo4j with `neo4j-admin database import full`.

The importer ships in the same Maven Central jars as the server (`neo4j-import-tool`,
entry point `org.neo4j.cli.AdminTool`), so no Neo4j distribution is needed. It writes a new
store directly, far faster than Cypher, but only while the server is stopped. The command run:

    NEO4J_HOME=<home> NEO4J_CONF=<home>/conf \\
    java -Xmx2g <flags> -cp '<cache>/lib/*' org.neo4j.cli.AdminTool \\
        database import full --nodes=<csv> ... --relationships=<csv> ... \\
        --overwrite-destination=true --report-file=<home>/logs/import-<db>.report <database>

Neo4j Community serves one user database, the default one. Import into ``neo4j`` to query
the data after the next `LocalNeo4j.start()`, or import into another name (e.g. ``bench``)
and start with ``LocalNeo4j(default_database="bench")`` (or
``GAMEGRAPH_NEO4J_DEFAULT_DATABASE=bench``); the ``neo4j`` database then stays on disk unserved
until the default is switched back.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gamegraph.server.cds import sharing_flags
from gamegraph.server.errors import BulkImportError, ServerRunningError, tail
from gamegraph.server.install import ensure_installed
from gamegraph.server.local import LocalNeo4j
from gamegraph.server.processes import die_with_parent, jvm_flags


@dataclass(frozen=True)
class ImportResult:
    """Outcome of a bulk import: the command that ran, its output and how long it took."""

    command: list[str]
    output: str
    seconds: float
    report_file: Path


def bulk_import(
    nodes_csv: Sequence[Path | str],
    rels_csv: Sequence[Path | str],
    database: str = "neo4j",
    *,
    server: LocalNeo4j | None = None,
    overwrite: bool = True,
    heap: str = "2g",
    extra_args: Sequence[str] = (),
) -> ImportResult:
    """Import CSV files into `database` of the (stopped) local Neo4j, replacing its store.

    Each entry of `nodes_csv` / `rels_csv` is one `--nodes=` / `--relationships=` value: a
    path, or a string in neo4j-admin syntax such as ``"Position=header.csv,part1.csv"``.
    `extra_args` go to the importer unchanged (e.g. ``"--array-delimiter=|"``,
    ``"--threads=2"``, ``"--max-off-heap-memory=2G"``).
    Raises ServerRunningError if the server runs, BulkImportError if the import fails.
    """
    server = server or LocalNeo4j()
    if server.status().running:
        raise ServerRunningError(
            f"the local Neo4j ({server.home}) is running; the offline importer needs it "
            "stopped: `gamegraph neo4j stop`"
        )
    if not nodes_csv:
        raise BulkImportError("bulk_import needs at least one node file")
    logs = server.home / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    report = logs / f"import-{database}.report"
    args = [
        "database",
        "import",
        "full",
        *[f"--nodes={_arg(n)}" for n in nodes_csv],
        *[f"--relationships={_arg(r)}" for r in rels_csv],
        f"--overwrite-destination={'true' if overwrite else 'false'}",
        f"--report-file={report}",
        *extra_args,
        database,
    ]
    command, done, seconds = run_admin(server, args, heap=heap, archive="import")
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise BulkImportError(
            f"neo4j-admin database import full failed (exit code {done.returncode}) for "
            f"database {database!r} in {server.home}:\n{tail(output)}\n"
            f"report: {report}"
        )
    return ImportResult(command=command, output=output, seconds=seconds, report_file=report)


def run_admin(
    server: LocalNeo4j, args: Sequence[str], *, heap: str, archive: str | None = None
) -> tuple[list[str], subprocess.CompletedProcess[str], float]:
    """`neo4j-admin <args>` on the home of ``server`` (its JVM mapping the class data sharing
    archive named ``archive``, if given): the command, the finished process, its seconds."""
    installation = ensure_installed(server.install_root)
    conf = server.home / "conf"
    conf.mkdir(parents=True, exist_ok=True)
    classpath = installation.admin_classpath
    sharing = sharing_flags(installation, archive, classpath) if archive is not None else []
    command = [
        str(installation.java.java),
        *jvm_flags(heap),
        *sharing,
        "-cp",
        classpath,
        "org.neo4j.cli.AdminTool",
        *args,
    ]
    env = dict(os.environ, NEO4J_HOME=str(server.home), NEO4J_CONF=str(conf))
    began = time.monotonic()
    done = subprocess.run(
        command,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
        preexec_fn=die_with_parent(),
    )
    return command, done, time.monotonic() - began


def _arg(value: Path | str) -> str:
    return str(value.absolute()) if isinstance(value, Path) else value
