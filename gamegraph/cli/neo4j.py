"""`gamegraph neo4j ...`: install, start, stop and inspect the local Neo4j (no Docker needed)."""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from gamegraph.server.defaults import (
    APOC_VERSION,
    BROWSER_VERSION,
    DEFAULT_USER,
    GDS_VERSION,
    NEO4J_VERSION,
)

if TYPE_CHECKING:
    from gamegraph.server.local import LocalNeo4j, ServerStatus

app = typer.Typer(
    help="The local Neo4j 5 managed by gamegraph: a JVM running Neo4j Community from Maven "
    "Central jars, with APOC, Graph Data Science (GAMEGRAPH_NEO4J_GDS=false: without) and "
    "Neo4j Browser. Bolt on 127.0.0.1:7687, Browser on "
    "http://127.0.0.1:7474/browser/ (GAMEGRAPH_NEO4J_BOLT_PORT, GAMEGRAPH_NEO4J_HTTP_PORT: "
    f"other ports), user {DEFAULT_USER!r} with a random password made with "
    "the server (`gamegraph neo4j password` prints it).\n\nIts JVM and the importer's map an "
    "archive of the classes their earlier runs loaded (a start a third quicker; "
    "GAMEGRAPH_NEO4J_CDS=false: without).",
    no_args_is_help=True,
)

HomeOption = Annotated[
    Path | None,
    typer.Option(
        "--home",
        envvar="GAMEGRAPH_NEO4J_HOME",
        help="Neo4j home (data, logs, plugins). Default: ~/.local/share/gamegraph/neo4j.",
        show_default=False,
    ),
]
BoltPortOption = Annotated[
    int,
    typer.Option("--bolt-port", envvar="GAMEGRAPH_NEO4J_BOLT_PORT", help="Bolt port."),
]
GdsOption = Annotated[
    bool | None,
    typer.Option(
        "--gds/--no-gds",
        help="Load the Graph Data Science library. Default: yes, unless GAMEGRAPH_NEO4J_GDS=false.",
        show_default=False,
    ),
]
HttpPortOption = Annotated[
    int,
    typer.Option(
        "--http-port", envvar="GAMEGRAPH_NEO4J_HTTP_PORT", help="HTTP port (Neo4j Browser)."
    ),
]


def _server(home: Path | None, bolt_port: int, http_port: int, **options: Any) -> LocalNeo4j:
    from gamegraph.server.local import LocalNeo4j

    return LocalNeo4j(home, bolt_port=bolt_port, http_port=http_port, log=typer.echo, **options)


def _describe(status: ServerStatus) -> str:
    if not status.running:
        return f"Neo4j is not running (home {status.home})"
    state = "running" if status.ready else "starting"
    memory = f", {status.rss_bytes / 2**20:.0f} MiB resident" if status.rss_bytes else ""
    return "\n".join(
        [
            f"Neo4j {status.version or NEO4J_VERSION} is {state} (pid {status.pid}{memory})",
            f"  Bolt:     {status.bolt_uri}  (user {DEFAULT_USER!r})",
            f"  GDS:      {_gds_line(status)}",
            f"  Browser:  {status.browser_url}",
            f"  password: `gamegraph neo4j password` prints it ({status.home / 'password'})",
            f"  home:     {status.home}",
            f"  log:      {status.log_file}",
        ]
    )


def _gds_line(status: ServerStatus) -> str:
    if status.gds_version:
        return f"Graph Data Science {status.gds_version} loaded (gds.*; OpenGDS, GPLv3)"
    if status.ready:
        return "not loaded (restart without GAMEGRAPH_NEO4J_GDS=false / --no-gds to load it)"
    return "not known until the server is ready"


@app.command()
def install(gds: GdsOption = None) -> None:
    """Download the Neo4j, APOC, Neo4j Browser and Graph Data Science jars (once; needs java
    17+ and mvn)."""
    began = time.monotonic()
    from gamegraph.server.local import LocalNeo4j

    installation = LocalNeo4j(gds=gds, log=typer.echo).ensure_installed()
    with_gds = f", Graph Data Science {GDS_VERSION}" if installation.gds else ""
    typer.echo(
        f"Neo4j {NEO4J_VERSION}, APOC {APOC_VERSION}, Neo4j Browser {BROWSER_VERSION}"
        f"{with_gds}: {len(installation.jars())} jars in {installation.root} "
        f"({time.monotonic() - began:.1f}s)"
    )


@app.command()
def start(
    home: HomeOption = None,
    bolt_port: BoltPortOption = 7687,
    http_port: HttpPortOption = 7474,
    wait: Annotated[
        bool, typer.Option(help="Wait until Bolt answers a query before returning.")
    ] = True,
    timeout: Annotated[float, typer.Option(help="Seconds to wait for readiness.")] = 180.0,
    default_database: Annotated[
        str,
        typer.Option(
            envvar="GAMEGRAPH_NEO4J_DEFAULT_DATABASE",
            help="Database to serve (Community serves one user database).",
        ),
    ] = "neo4j",
    gds: GdsOption = None,
) -> None:
    """Start the local Neo4j in the background (installing it first if needed).

    Does nothing if it is already running.

    A new home gets user neo4j with a random password (or $GAMEGRAPH_NEO4J_PASSWORD), kept
    in <home>/password (mode 0600); `gamegraph neo4j password` prints it.
    """
    server = _server(home, bolt_port, http_port, default_database=default_database, gds=gds)
    result = server.start(wait=wait, timeout=timeout)
    if not result.already_running:
        typer.echo(f"started in {result.seconds:.1f}s")
    typer.echo(_describe(result.status))


@app.command()
def stop(
    home: HomeOption = None,
    bolt_port: BoltPortOption = 7687,
    http_port: HttpPortOption = 7474,
    timeout: Annotated[
        float, typer.Option(help="Seconds to wait after SIGTERM before SIGKILL.")
    ] = 60.0,
) -> None:
    """Stop the local Neo4j cleanly (SIGTERM; SIGKILL only if it does not stop in time)."""
    server = _server(home, bolt_port, http_port)
    result = server.stop(timeout=timeout)
    if not result.was_running:
        typer.echo(f"Neo4j is not running (home {server.home})")
    elif result.killed:
        typer.echo(f"Neo4j (pid {result.pid}) did not stop in time and was killed")
    else:
        typer.echo(f"Neo4j (pid {result.pid}) stopped in {result.seconds:.1f}s")


@app.command()
def status(
    home: HomeOption = None,
    bolt_port: BoltPortOption = 7687,
    http_port: HttpPortOption = 7474,
    as_json: Annotated[bool, typer.Option("--json", help="Print the status as JSON.")] = False,
) -> None:
    """Show whether the local Neo4j runs, its pid, version, URIs, memory and home."""
    current = _server(home, bolt_port, http_port).status()
    if as_json:
        data = asdict(current)
        data.update(
            home=str(current.home),
            data_dir=str(current.data_dir),
            log_file=str(current.log_file),
            browser_url=current.browser_url,
        )
        typer.echo(json.dumps(data, indent=2))
    else:
        typer.echo(_describe(current))


@app.command("browser-url")
def browser_url(
    bolt_port: BoltPortOption = 7687,
    http_port: HttpPortOption = 7474,
) -> None:
    """Print the Neo4j Browser URL for the local Neo4j, and how to get its password."""
    server = _server(None, bolt_port, http_port)
    typer.echo(server.status().browser_url)
    typer.echo(
        f"log in as {DEFAULT_USER!r}; the password: `gamegraph neo4j password` "
        f"(kept in {server.password_file})",
        err=True,
    )


@app.command()
def password(home: HomeOption = None) -> None:
    """Print the password of user neo4j in the local Neo4j (made at random with its home,
    kept in <home>/password, mode 0600; NEO4J_PASSWORD overrides it when connecting)."""
    from gamegraph.errors import GamegraphError
    from gamegraph.server.local import LocalNeo4j
    from gamegraph.server.password import LEGACY_PASSWORD

    server = LocalNeo4j(home)
    try:
        current = server.password
    except OSError as e:
        raise GamegraphError(f"cannot read {server.password_file}: {e.strerror}") from None
    if current is None:
        raise GamegraphError(
            f"the local Neo4j in {server.home} has not been created yet: `gamegraph neo4j "
            "start` creates it with a random password"
        )
    typer.echo(current)
    if current == LEGACY_PASSWORD and not server.password_file.is_file():
        typer.echo(
            "(the old fixed password: the next `gamegraph neo4j start` replaces it with a "
            "random one)",
            err=True,
        )
