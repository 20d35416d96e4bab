"""Open a Neo4j driver from `Neo4jSettings`, starting the local Neo4j when that is the target.

Failures come back as `DatabaseError` subclasses whose messages name the URI and say
what to do, instead of the driver's raw exceptions.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from neo4j import Driver, GraphDatabase, RoutingControl
from neo4j.exceptions import (
    AuthError,
    ClientError,
    ConfigurationError,
    ServiceUnavailable,
    SessionExpired,
)

from gamegraph.db.runner import Neo4jQueryRunner
from gamegraph.db.settings import Neo4jSettings
from gamegraph.errors import (
    DatabaseAuthError,
    DatabaseError,
    DatabaseNotFound,
    DatabaseUnavailable,
)
from gamegraph.server import LocalNeo4j, LocalNeo4jError

HINT = "start it with `gamegraph neo4j start` or set NEO4J_URI"


def local_uri(local: LocalNeo4j | None = None) -> str:
    """Bolt URI of the gamegraph-managed local Neo4j (honours GAMEGRAPH_NEO4J_BOLT_PORT)."""
    return (local or LocalNeo4j()).bolt_uri


def connect(
    settings: Neo4jSettings | None = None,
    *,
    start_local: bool = True,
    local: LocalNeo4j | None = None,
    on_start: Callable[[str], None] | None = None,
) -> Driver:
    """A driver connected to the Neo4j that `settings` names, its connectivity verified.

    With ``settings.uri`` None the target is the local Neo4j: if `start_local`, it is
    installed and started when not running (progress goes to `on_start`, e.g. ``print``);
    otherwise a stopped local Neo4j is reported as unavailable. The caller closes the driver.
    """
    settings = settings or Neo4jSettings.resolve()
    password = settings.password
    if settings.uri is None:
        local = local or LocalNeo4j(log=on_start)
        uri = local.bolt_uri
        if start_local:
            try:
                local.start()
            except LocalNeo4jError as e:
                raise DatabaseUnavailable(f"cannot start the local Neo4j: {e}") from e
        elif not local.status().running:
            raise DatabaseUnavailable(f"the local Neo4j at {uri} is not running ({HINT})")
        # NEO4J_PASSWORD (or an explicit one) overrides the password file
        password = password or local.password
    else:
        uri = settings.uri

    try:
        # gamegraph runs only its own, reviewed queries: server notifications (such as "label
        # does not exist yet" before a first load) would be noise on the user's terminal
        driver = GraphDatabase.driver(
            uri, auth=(settings.user, password or ""), notifications_min_severity="OFF"
        )
    except (ConfigurationError, ValueError) as e:
        raise DatabaseError(f"invalid Neo4j URI {uri!r}: {e}") from e
    try:
        driver.verify_connectivity()
        # verify_connectivity does not look at the database; one query does, without retries
        # (the driver would retry an unreachable server for 30 s).
        driver.execute_query("RETURN 1", database_=settings.database, routing_=RoutingControl.READ)
    except Exception as e:
        driver.close()
        translated = _translate(e, uri, settings, local if settings.uri is None else None)
        if translated is None:
            raise
        raise translated from e
    except BaseException:
        driver.close()
        raise
    return driver


@contextlib.contextmanager
def open_runner(
    settings: Neo4jSettings | None = None,
    *,
    start_local: bool = True,
    on_start: Callable[[str], None] | None = None,
) -> Iterator[Neo4jQueryRunner]:
    """`connect`, wrap the driver in a `Neo4jQueryRunner` for the settings' database, and
    close the driver afterwards."""
    settings = settings or Neo4jSettings.resolve()
    driver = connect(settings, start_local=start_local, on_start=on_start)
    try:
        yield Neo4jQueryRunner(driver, settings.database)
    finally:
        driver.close()


def _translate(
    error: Exception, uri: str, settings: Neo4jSettings, local: LocalNeo4j | None
) -> DatabaseError | None:
    if isinstance(error, AuthError):
        where = (
            f"; the local Neo4j's own is in {local.password_file}, which NEO4J_PASSWORD "
            "overrides: `gamegraph neo4j password` prints it"
            if local is not None
            else ""
        )
        return DatabaseAuthError(
            f"wrong credentials for {uri} as {settings.user} (set NEO4J_USER / NEO4J_PASSWORD"
            f"{where})"
        )
    if isinstance(error, (ServiceUnavailable, SessionExpired, OSError)):
        return DatabaseUnavailable(f"cannot reach Neo4j at {uri}: {error} ({HINT})")
    if isinstance(error, ClientError) and error.code == "Neo.ClientError.Database.DatabaseNotFound":
        return DatabaseNotFound(
            f"Neo4j at {uri} has no database {settings.database!r} (set NEO4J_DATABASE; "
            "Neo4j Community serves only its default database, usually 'neo4j')"
        )
    return None
