"""A local Neo4j 5 managed by gamegraph: one detached JVM per Neo4j home.

`LocalNeo4j().start()` installs the jars if needed (see `install.py`; the launcher is
compiled once), spawns ``java ... Launcher --home <home>`` detached from the calling process,
and waits until Bolt answers a query. `stop()` sends SIGTERM (Neo4j then shuts its databases
down cleanly) and uses SIGKILL only as a last resort. `status()` reads the pid and readiness
files that the launcher keeps in ``<home>/run`` and checks the process behind them.

Defaults: Bolt ``bolt://127.0.0.1:7687``, HTTP ``http://127.0.0.1:7474`` (Neo4j Browser at
``/browser/``), user ``neo4j`` with a random password made with the home and kept in
``<home>/password`` (mode 0600; see :mod:`.password`). Environment variables:
``GAMEGRAPH_NEO4J_HOME``, ``GAMEGRAPH_NEO4J_BOLT_PORT``, ``GAMEGRAPH_NEO4J_HTTP_PORT``,
``GAMEGRAPH_NEO4J_HEAP`` (default 2g, at least 128m), ``GAMEGRAPH_NEO4J_PAGECACHE``
(default 512m, at least 8m; both a whole number with k, m or g after it),
``GAMEGRAPH_NEO4J_PASSWORD`` (initial password of a new home instead of a random one),
``GAMEGRAPH_NEO4J_CACHE``,
``GAMEGRAPH_NEO4J_DEFAULT_DATABASE`` (default ``neo4j``; Community serves only this one user
database, so switch it to serve a database made by `bulk_import` under another name),
``GAMEGRAPH_NEO4J_GDS`` (``false`` starts it without the Graph Data Science library).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gamegraph.errors import InputError
from gamegraph.server.cds import sharing_flags
from gamegraph.server.defaults import (
    DEFAULT_BOLT_PORT,
    DEFAULT_HEAP,
    DEFAULT_HOST,
    DEFAULT_HTTP_PORT,
    DEFAULT_PAGECACHE,
    DEFAULT_USER,
    MIN_HEAP,
    MIN_PAGECACHE,
)
from gamegraph.server.errors import (
    LocalNeo4jError,
    PortInUseError,
    ServerExitedError,
    StartTimeoutError,
    tail,
)
from gamegraph.server.install import (
    Installation,
    default_home,
    ensure_installed,
    file_lock,
    gds_enabled,
)
from gamegraph.server.password import (
    LEGACY_PASSWORD,
    is_legacy_home,
    migrate_legacy_password,
    new_password,
    password_file,
    pending_file,
    read_password,
    write_password,
)
from gamegraph.server.processes import (
    SIZE_FORMS,
    file_tail,
    is_launcher_process,
    jvm_flags,
    make_private,
    memory_size,
    port_problem,
    rss_bytes,
    wait_for_exit,
)
from gamegraph.server.status import (
    HomeFiles,
    ServerStatus,
    StartResult,
    StopResult,
    browser_url,
)

__all__ = [
    "LocalNeo4j",
    "ServerStatus",
    "StartResult",
    "StopResult",
    "browser_url",
    "jvm_flags",
    "port_problem",
]


def _port(kind: str, given: int | None, default: int) -> int:
    """The `kind` ("bolt", "http") port: `given` (an option), else the environment variable
    GAMEGRAPH_NEO4J_<KIND>_PORT, else `default`; InputError unless it is 1..65535."""
    name = f"GAMEGRAPH_NEO4J_{kind.upper()}_PORT"
    label = "Bolt" if kind == "bolt" else kind.upper()
    text = str(os.environ.get(name) or default if given is None else given).strip()
    if not text.isdecimal() or not 1 <= int(text) <= 65535:
        raise InputError(
            f"{text!r} is not a port number for the {label} port (--{kind}-port or {name}): "
            "use one of 1..65535"
        )
    return int(text)


def _size(what: str, name: str, given: str | None, default: str, least: str) -> str:
    """The size of the JVM's `what` ("heap", "page cache"): `given` (an argument), else the
    environment variable `name`, else `default`; InputError unless it is a size that
    :func:`~.processes.memory_size` reads and at least `least` (e.g. 100, bare bytes, or 0:
    a server that cannot start, after a long log)."""
    if given is None and os.environ.get(name):
        source, text = name, os.environ[name]
    else:
        source, text = f"the {what} argument", given or default
    size = memory_size(text)
    if size is None or size < (memory_size(least) or 0):
        raise InputError(
            f"{source}={text!r} is not a {what} size: use {SIZE_FORMS}, at least {least}"
        )
    return text.strip()


class LocalNeo4j(HomeFiles):
    """The gamegraph-managed Neo4j in one home directory (see the module docstring)."""

    def __init__(
        self,
        home: Path | None = None,
        *,
        host: str = DEFAULT_HOST,
        bolt_port: int | None = None,
        http_port: int | None = None,
        password: str | None = None,
        heap: str | None = None,
        pagecache: str | None = None,
        default_database: str | None = None,
        install_root: Path | None = None,
        gds: bool | None = None,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.home = (home or default_home()).expanduser().absolute()
        self.host = host
        self.bolt_port = _port("bolt", bolt_port, DEFAULT_BOLT_PORT)
        self.http_port = _port("http", http_port, DEFAULT_HTTP_PORT)
        self.initial_password = password or os.environ.get("GAMEGRAPH_NEO4J_PASSWORD") or None
        self.heap = _size("heap", "GAMEGRAPH_NEO4J_HEAP", heap, DEFAULT_HEAP, MIN_HEAP)
        self.pagecache = _size(
            "page cache", "GAMEGRAPH_NEO4J_PAGECACHE", pagecache, DEFAULT_PAGECACHE, MIN_PAGECACHE
        )
        self.default_database = (
            default_database or os.environ.get("GAMEGRAPH_NEO4J_DEFAULT_DATABASE") or "neo4j"
        )
        self.install_root = install_root
        self.gds = gds_enabled() if gds is None else gds
        """Load the Graph Data Science library (default: unless GAMEGRAPH_NEO4J_GDS=false)."""
        self.log = log or (lambda _message: None)

    # -- paths ---------------------------------------------------------------------------------

    @property
    def bolt_uri(self) -> str:
        """The Bolt address of this home's server: the one it runs on (its ready.json) while
        it runs, whatever the settings say now, so that no command reaches another server
        on the configured port with this home's password; the configured one otherwise."""
        return self._running("bolt_uri") or f"bolt://{self.host}:{self.bolt_port}"

    @property
    def http_uri(self) -> str:
        return self._running("http_uri") or f"http://{self.host}:{self.http_port}"

    def _running(self, key: str) -> str | None:
        _, info = self._launcher()
        value = info.get(key) if info is not None else None
        return value if isinstance(value, str) else None

    @property
    def password_file(self) -> Path:
        """The 0600 file holding the password of user neo4j (see :mod:`.password`)."""
        return password_file(self.home)

    @property
    def password(self) -> str | None:
        """The password of user neo4j: the password file's, the old fixed one for a home made
        before passwords were random (until `start` migrates it), or None for a home not yet
        created (`start` creates it with its password)."""
        stored = read_password(self.password_file)
        if stored is not None:
            return stored
        if is_legacy_home(self.home):
            return read_password(pending_file(self.home)) or LEGACY_PASSWORD
        return None

    # -- public API ----------------------------------------------------------------------------

    def ensure_installed(self) -> Installation:
        """Download the jars once (see `install.ensure_installed`)."""
        return ensure_installed(self.install_root, gds=self.gds, log=self.log)

    def status(self) -> ServerStatus:
        """Whether the JVM for this home runs and is ready; never starts or stops anything."""
        pid, info = self._launcher()
        version, gds = (info.get("version"), info.get("gds")) if info else (None, None)
        return ServerStatus(
            running=pid is not None,
            ready=info is not None,
            pid=pid,
            version=str(version) if version else None,
            bolt_uri=self.bolt_uri,
            http_uri=self.http_uri,
            home=self.home,
            rss_bytes=rss_bytes(pid) if pid is not None else None,
            gds_version=str(gds) if gds else None,
        )

    def start(self, *, wait: bool = True, timeout: float = 180.0) -> StartResult:
        """Start Neo4j unless it already runs; with `wait`, return once Bolt answers a query.

        Two processes calling this at once start one JVM: the second waits on a lock file and
        then finds the server running. Raises a `LocalNeo4jError` subclass on failure.
        """
        began = time.monotonic()
        installation = self.ensure_installed()
        # a new home: only its user may look into it (the password file is 0600 as well);
        # another process starting the same new home at once may create it first
        try:
            self.home.mkdir(parents=True, mode=0o700, exist_ok=True)
        except OSError as e:
            raise LocalNeo4jError(f"cannot create the home {self.home}: {e.strerror}") from e
        make_private(self.home)
        with file_lock(self.run_dir / "start.lock"):
            current = self.status()
            if current.running and current.pid is not None:
                # a running, ready server is the common case of every command: say nothing
                if wait and not current.ready:
                    self.log(f"Neo4j (pid {current.pid}) is starting; waiting until it answers")
                    self._wait_until_ready(current.pid, began + timeout, timeout)
                if wait:
                    migrate_legacy_password(self)
                return StartResult(self.status(), True, time.monotonic() - began)
            self._prepare_password()
            self._remove_run_files()
            self._check_port_free(self.bolt_port, "Bolt", "GAMEGRAPH_NEO4J_BOLT_PORT")
            self._check_port_free(self.http_port, "HTTP", "GAMEGRAPH_NEO4J_HTTP_PORT")
            self.log(f"Starting Neo4j (home {self.home}) ...")
            self._install_guide(installation)
            pid = self._spawn(installation)
            if wait:
                self._wait_until_ready(pid, began + timeout, timeout)
                self.log(f"Neo4j ready at {self.bolt_uri} (pid {pid})")
                migrate_legacy_password(self)
        return StartResult(self.status(), False, time.monotonic() - began)

    def stop(self, *, timeout: float = 60.0) -> StopResult:
        """Stop the JVM: SIGTERM, wait up to `timeout` seconds, then SIGKILL as a last resort."""
        began = time.monotonic()
        current = self.status()
        if not current.running or current.pid is None:
            self._remove_run_files()
            return StopResult(False, None, False, 0.0)
        pid = current.pid
        self.log(f"Stopping Neo4j (pid {pid}) ...")
        killed = False
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        if not wait_for_exit(pid, timeout):
            self.log(f"Neo4j (pid {pid}) did not stop within {timeout:.0f}s; sending SIGKILL")
            killed = True
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            if not wait_for_exit(pid, 15.0):
                raise LocalNeo4jError(f"Neo4j (pid {pid}) survived SIGKILL")
        self._remove_run_files()
        return StopResult(True, pid, killed, time.monotonic() - began)

    def drop_swap_requests(self) -> None:
        """Remove store-swap requests not yet taken by the launcher: those of a process that
        died waiting (the launcher would otherwise serve them after the next one's)."""
        for verb in ("stop", "start"):
            (self.run_dir / f"database.{verb}").unlink(missing_ok=True)

    def can_swap_store(self) -> bool:
        """The running server can stop and start its default database inside its JVM (its
        launcher says so in ready.json), so :meth:`stop_database` / :meth:`start_database`
        replace a restart; a server started by an older launcher cannot."""
        _, info = self._launcher()
        return info is not None and info.get("store_swap") is True

    def stop_database(self, *, timeout: float = 120.0) -> float:
        """Stop the default database inside the running JVM (the DBMS, its plugins, Bolt and
        HTTP stay up), so that its store directories can be replaced; seconds taken. Requires
        :meth:`can_swap_store`; LocalNeo4jError if the server does not answer in time."""
        return self._database_request("stop", "stopped", timeout)

    def start_database(self, *, timeout: float = 180.0) -> float:
        """Start the default database again after :meth:`stop_database` (on whatever store
        is in place now) and wait until it runs a transaction; seconds taken."""
        return self._database_request("start", "started", timeout)

    def command(self, installation: Installation) -> list[str]:
        """The java command line that runs this server (the password travels in the env)."""
        return [
            str(installation.java.java),
            *jvm_flags(self.heap),
            *sharing_flags(installation, "server", installation.launcher_classpath),
            *installation.launcher_command(),
            "--home",
            str(self.home),
            "--host",
            self.host,
            "--bolt-port",
            str(self.bolt_port),
            "--http-port",
            str(self.http_port),
            "--pagecache",
            self.pagecache,
            "--default-database",
            self.default_database,
            # GDS's jars, which the launcher copies into plugins/ (besides APOC's)
            *(("--plugin-jars", str(installation.gds_plugin)) if installation.gds else ()),
        ]

    # -- internals -----------------------------------------------------------------------------

    def _prepare_password(self) -> None:
        """A home without databases gets its password file before its first start: the
        launcher sets that password when it creates the user neo4j."""
        if self.password_file.is_file() or is_legacy_home(self.home):
            return
        write_password(self.password_file, self.initial_password or new_password())

    def _install_guide(self, installation: Installation) -> None:
        """Browser with the gamegraph guide and style (:mod:`.browser_guide`); a failure only
        costs the guide, never the start."""
        from gamegraph.server.browser_guide import install_guide

        try:
            install_guide(self.home, installation.lib, self.http_uri)
        except (OSError, ValueError) as e:
            self.log(f"The Browser guide was not installed ({e}); Neo4j serves plain Browser")

    def _spawn(self, installation: Installation) -> int:
        self.log_file.parent.mkdir(parents=True, exist_ok=True)
        with self.log_file.open("a") as log:
            log.write(f"\n==== gamegraph: starting Neo4j at {time.strftime('%Y-%m-%d %H:%M:%S')}\n")
        env = dict(os.environ)
        # the launcher sets it only when it creates the DBMS; the environment, unlike argv,
        # is not visible to other users in ps
        env["GAMEGRAPH_NEO4J_PASSWORD"] = self.password or new_password()
        env["GAMEGRAPH_NEO4J_LAUNCHER_LOG"] = str(self.log_file)
        # The shell puts the JVM in the background and exits at once, so the JVM is re-parented
        # to init: it outlives this process and never lingers as our zombie.
        script = 'exec </dev/null; "$@" >>"$GAMEGRAPH_NEO4J_LAUNCHER_LOG" 2>&1 & echo $!'
        done = subprocess.run(
            ["/bin/sh", "-c", script, "gamegraph-neo4j", *self.command(installation)],
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            start_new_session=True,
            check=False,
        )
        if done.returncode != 0 or not done.stdout.strip().isdigit():
            raise LocalNeo4jError(f"could not spawn the Neo4j JVM:\n{tail(done.stderr)}")
        pid = int(done.stdout.strip())
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.pid_file.write_text(f"{pid}\n")
        return pid

    def _wait_until_ready(self, pid: int, deadline: float, timeout: float) -> None:
        while True:
            if not is_launcher_process(pid):
                raise ServerExitedError(
                    f"the Neo4j JVM (pid {pid}) exited while starting. Last lines of "
                    f"{self.log_file}:\n{file_tail(self.log_file)}\n"
                    f"Last lines of {self.debug_log}:\n{file_tail(self.debug_log, 15)}"
                )
            info = self._read_ready()
            if info is not None and info.get("pid") == pid and self._bolt_answers():
                return
            if time.monotonic() > deadline:
                raise StartTimeoutError(
                    f"Neo4j (pid {pid}) was not ready after {timeout:.0f}s; it may still be "
                    f"starting (see {self.log_file} and {self.debug_log}; "
                    f"`gamegraph neo4j status`, `gamegraph neo4j stop`). Last lines of "
                    f"{self.log_file}:\n{file_tail(self.log_file)}"
                )
            time.sleep(0.25)

    def _bolt_answers(self) -> bool:
        """True once Bolt runs a query (a wrong password still proves the server answers)."""
        from neo4j import GraphDatabase
        from neo4j.exceptions import AuthError, Neo4jError, ServiceUnavailable

        try:
            with GraphDatabase.driver(
                self.bolt_uri, auth=(DEFAULT_USER, self.password or ""), connection_timeout=5.0
            ) as driver:
                driver.execute_query("RETURN 1")
        except AuthError:
            return True
        except (ServiceUnavailable, Neo4jError, OSError):
            return False
        return True

    def _check_port_free(self, port: int, what: str, env_name: str) -> None:
        problem = port_problem(self.host, port)
        if problem is not None:
            raise PortInUseError(
                f"{what} port {port} on {self.host} is already in use by another program "
                f"({problem}), and the gamegraph Neo4j of {self.home} is not running. Stop that "
                f"program or pick another port (--{what.lower()}-port or {env_name})."
            )

    def _database_request(self, verb: str, answer: str, timeout: float) -> float:
        """Ask the launcher to ``verb`` the default database (run/database.<verb>) and wait
        for its answer (run/database.<answer>: "ok" or "error: ...", then the request's
        token: a reply to a request left by a process that died is not this one's)."""
        began = time.monotonic()
        reply = self.run_dir / f"database.{answer}"
        reply.unlink(missing_ok=True)
        request = self.run_dir / f"database.{verb}"
        token = os.urandom(8).hex()
        pending = self.run_dir / f".database.{verb}.{token}"
        pending.write_text(f"{self.default_database}\n{token}\n")
        os.replace(pending, request)  # the launcher never reads half a request
        deadline = began + timeout
        while True:
            pid = self._read_pid()
            if pid is None or not is_launcher_process(pid):
                raise ServerExitedError(
                    f"the Neo4j JVM exited while its database was asked to {verb}. Last lines "
                    f"of {self.log_file}:\n{file_tail(self.log_file)}"
                )
            try:
                lines = [line for line in reply.read_text().splitlines() if line.strip()]
            except OSError:
                lines = []
            # a launcher older than the token answers with one line
            if lines and (len(lines) == 1 or lines[-1] == token):
                reply.unlink(missing_ok=True)
                text = lines[0].strip()
                if text != "ok":
                    raise LocalNeo4jError(
                        f"Neo4j could not {verb} its database {self.default_database!r} "
                        f"({text.removeprefix('error: ')}); see {self.debug_log}"
                    )
                return time.monotonic() - began
            if time.monotonic() > deadline:
                request.unlink(missing_ok=True)
                raise StartTimeoutError(
                    f"Neo4j did not {verb} its database {self.default_database!r} within "
                    f"{timeout:.0f}s (see {self.debug_log}; `gamegraph neo4j stop` and `start` "
                    "restart it)"
                )
            time.sleep(0.1)

    def _launcher(self) -> tuple[int | None, dict[str, Any] | None]:
        """The pid of this home's running launcher (None: none runs) and its readiness file
        once the file names that pid (None: not ready)."""
        pid = self._read_pid()
        if pid is None or not is_launcher_process(pid):
            return None, None
        info = self._read_ready()
        return pid, info if info is not None and info.get("pid") == pid else None

    def _read_pid(self) -> int | None:
        try:
            text = self.pid_file.read_text().strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def _read_ready(self) -> dict[str, Any] | None:
        try:
            data = json.loads(self.ready_file.read_text())
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def _remove_run_files(self) -> None:
        """The files of a running JVM, and the store-swap requests and replies left by a
        process killed while it waited (a stale database.stop would close the next JVM's
        database as soon as it started), half-written ones (.database.*) included."""
        left = (*self.run_dir.glob("database.*"), *self.run_dir.glob(".database.*"))
        for path in (self.pid_file, self.ready_file, *left):
            path.unlink(missing_ok=True)
