"""Options shared by every command that talks to Neo4j.

A command declares the four connection options with these annotated types and turns them into
`Neo4jSettings` with `neo4j_settings`; `database_errors` turns gamegraph's database errors into
a one-line message and exit code 1::

    @app.command()
    def count(
        uri: UriOption = None,
        user: UserOption = DEFAULT_USER,
        password: PasswordOption = DEFAULT_PASSWORD,
        database: DatabaseOption = DEFAULT_DATABASE,
    ) -> None:
        \"\"\"Count the positions.\"\"\"
        settings = neo4j_settings(uri, user, password, database)
        with database_errors(), open_runner(settings, on_start=typer.echo) as runner:
            typer.echo(runner.run("MATCH (p:Position) RETURN count(p) AS n")[0]["n"])
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Annotated

import typer

from gamegraph.db import DEFAULT_DATABASE, GamegraphDatabaseError, Neo4jSettings
from gamegraph.server import DEFAULT_PASSWORD, DEFAULT_USER, LocalNeo4jError

__all__ = [
    "DEFAULT_DATABASE",
    "DEFAULT_PASSWORD",
    "DEFAULT_USER",
    "DatabaseOption",
    "PasswordOption",
    "UriOption",
    "UserOption",
    "database_errors",
    "neo4j_settings",
]

_PANEL = "Neo4j connection"

UriOption = Annotated[
    str | None,
    typer.Option(
        "--uri",
        envvar="NEO4J_URI",
        help="Bolt URI of Neo4j, e.g. neo4j://db.example:7687. "
        "Unset: the local Neo4j managed by gamegraph (started if needed).",
        show_default=False,
        rich_help_panel=_PANEL,
    ),
]
UserOption = Annotated[
    str,
    typer.Option("--user", envvar="NEO4J_USER", help="Neo4j user.", rich_help_panel=_PANEL),
]
PasswordOption = Annotated[
    str,
    typer.Option(
        "--password",
        envvar="NEO4J_PASSWORD",
        help="Neo4j password (the local Neo4j's default is 'gamegraph').",
        show_default=False,
        rich_help_panel=_PANEL,
    ),
]
DatabaseOption = Annotated[
    str,
    typer.Option(
        "--database", envvar="NEO4J_DATABASE", help="Database name.", rich_help_panel=_PANEL
    ),
]


def neo4j_settings(
    uri: str | None = None,
    user: str = DEFAULT_USER,
    password: str = DEFAULT_PASSWORD,
    database: str = DEFAULT_DATABASE,
) -> Neo4jSettings:
    """Settings from the parsed connection options (typer already applied the env vars)."""
    return Neo4jSettings.resolve(uri=uri, user=user, password=password, database=database)


@contextlib.contextmanager
def database_errors() -> Iterator[None]:
    """Print a gamegraph database or local-server error as ``error: ...`` and exit with 1."""
    try:
        yield
    except (GamegraphDatabaseError, LocalNeo4jError) as e:
        typer.secho(f"error: {e}", err=True, fg=typer.colors.RED)
        raise typer.Exit(code=1) from e
