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
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
)

from gamegraph.db.runner import DRIVER_CONFIG, Neo4jQueryRunner, one_line
from gamegraph.db.settings import Neo4jSettings
from gamegraph.errors import (
    DatabaseAuthError,
    DatabaseError,
    DatabaseNotFound,
    DatabaseUnavailable,
    InputError,
)
from gamegraph.server import LocalNeo4j, LocalNeo4jError
from gamegraph.server.status import has_databases
from gamegraph.server.swap import recover_interrupted_swap

HINT = "start it with `gamegraph neo4j start` or set NEO4J_URI"
GIVEN_HINT = (
    "is a Neo4j running there? Leave NEO4J_URI and --uri unset for the local one, which "
    "`gamegraph neo4j start` starts"
)


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
        try:  # a bulk load killed while it swapped stores left the database closed
            recover_interrupted_swap(local, on_start or (lambda message: None))
        except LocalNeo4jError as e:
            raise DatabaseUnavailable(
                f"the local Neo4j's database was left closed by a bulk load that died while it "
                f"swapped stores, and could not be opened again: {e}"
            ) from e
        # NEO4J_PASSWORD (or an explicit one) overrides the password file
        try:
            password = password or local.password
        except OSError as e:
            raise DatabaseAuthError(
                f"cannot read the local Neo4j's password file {local.password_file}: "
                f"{e.strerror} (set NEO4J_PASSWORD)"
            ) from e
    else:
        uri = _bolt_uri(settings.uri)
        local = _local_server_at(uri, local)
        if local is not None and password is None:
            # NEO4J_URI naming the local server's own address: its password file, as without
            with contextlib.suppress(OSError):
                password = local.password
    if settings.database.strip().lower() == "system":
        raise InputError(
            f"database {settings.database!r} is Neo4j's administration database and holds no "
            "graphs: set --database or NEO4J_DATABASE to a user database, usually neo4j"
        )

    try:
        # gamegraph runs only its own, reviewed queries: server notifications (such as "label
        # does not exist yet" before a first load) would be noise on the user's terminal
        driver = GraphDatabase.driver(
            uri,
            auth=(settings.user, password or ""),
            notifications_min_severity="OFF",
            **DRIVER_CONFIG,  # the runner retries, saying so (gamegraph.db.runner)
        )
    except (ConfigurationError, ValueError) as e:
        raise DatabaseError(f"invalid Neo4j URI {uri!r}: {e}") from e
    try:
        driver.verify_connectivity()
        # verify_connectivity does not look at the database; one query does (once: the
        # driver does not retry, see DRIVER_CONFIG).
        driver.execute_query("RETURN 1", database_=settings.database, routing_=RoutingControl.READ)
    except Exception as e:
        driver.close()
        translated = _translate(e, uri, settings, local)
        if translated is None:
            raise
        raise translated from e
    except BaseException:
        driver.close()
        raise
    return driver


def start_local_in_background(on_start: Callable[[str], None] | None = None) -> bool | None:
    """Start the local Neo4j without waiting for it to answer (:func:`connect` waits later):
    whether its home is new (never started: its database is empty), or None if it runs
    already."""
    local = LocalNeo4j(log=on_start)
    if local.status().running:
        return None
    new_home = not has_databases(local.home)
    try:
        local.start(wait=False)
    except LocalNeo4jError as e:
        raise DatabaseUnavailable(f"cannot start the local Neo4j: {e}") from e
    return new_home


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


_LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def _local_server_at(uri: str, local: LocalNeo4j | None) -> LocalNeo4j | None:
    """The gamegraph-managed local Neo4j when ``uri`` is its Bolt address (a loopback host
    and its Bolt port, as ``NEO4J_URI=bolt://127.0.0.1:7687`` names it), else None."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(uri)
        host, port = (parts.hostname or "").lower(), parts.port or 7687
    except ValueError:
        return None
    server = local or LocalNeo4j()
    loopback = host in _LOOPBACK or host == server.host
    return server if loopback and port == server.bolt_port else None


BOLT_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
"""The URI schemes gamegraph speaks: Bolt, direct (bolt) or routed (neo4j), with TLS or not."""


def _bolt_uri(uri: str) -> str:
    """`uri` if it is a Bolt URI; DatabaseError otherwise (an http:// address is Neo4j's
    Browser and HTTP API, which the driver reaches only through an extra, preview client)."""
    scheme, sep, rest = uri.strip().partition("://")
    if sep and scheme.lower() in BOLT_SCHEMES:
        return uri.strip()
    host = rest.split("/")[0].rsplit(":", 1)[0] if sep else ""
    example = f"bolt://{host or '127.0.0.1'}:7687"
    raise InputError(
        f"{uri!r} is not a Bolt URI (--uri or NEO4J_URI): gamegraph talks to Neo4j over Bolt, "
        f"e.g. {example}, not HTTP (port 7474 is Neo4j Browser's); the schemes are "
        f"{', '.join(s + '://' for s in BOLT_SCHEMES)}"
    )


UNAVAILABLE = "Neo.TransientError.General.DatabaseUnavailable"
"""The code of a statement sent to a database that is stopped or starting."""


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
        hint = HINT if settings.uri is None else GIVEN_HINT  # the driver's message: one line
        return DatabaseUnavailable(f"cannot reach Neo4j at {uri}: {one_line(error)} ({hint})")
    if isinstance(error, ClientError) and error.code == "Neo.ClientError.Database.DatabaseNotFound":
        return DatabaseNotFound(
            f"Neo4j at {uri} has no database {settings.database!r} (set NEO4J_DATABASE; "
            "Neo4j Community serves only its default database, usually 'neo4j')"
        )
    if isinstance(error, Neo4jError) and error.code == UNAVAILABLE:
        restart = "`gamegraph neo4j stop`, then `gamegraph neo4j start`" if local else "restart it"
        return DatabaseUnavailable(
            f"Neo4j at {uri} runs, but its database {settings.database!r} is not open (stopped, "
            f"or still starting): try again in a moment; if it stays closed, {restart}"
        )
    if isinstance(error, Neo4jError):
        return DatabaseError(
            f"Neo4j at {uri} refused a first query on database {settings.database!r} "
            f"({error.code}: {one_line(error.message or error)}); set NEO4J_DATABASE to a user "
            "database, usually 'neo4j'"
        )
    return None
