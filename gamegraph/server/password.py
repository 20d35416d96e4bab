"""The local Neo4j's password: random, made when its home is created, kept in a file only
the user can read.

On a shared machine (a cluster's login node, a department server) any user can reach
127.0.0.1:7687, so a fixed password would let them change or delete the graphs. A new home
gets a random password in ``<home>/password`` (mode 0600, the home itself 0700); everything
gamegraph runs reads it from there, and ``NEO4J_PASSWORD`` overrides it. A home made by an
older gamegraph, with the fixed password ``gamegraph`` and no file, is migrated at its next
start (`LocalNeo4j.start`): a random password is set and written, and that is said once.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from pathlib import Path
from typing import Protocol

from gamegraph.server.defaults import DEFAULT_USER
from gamegraph.server.status import has_databases

__all__ = [
    "LEGACY_PASSWORD",
    "is_legacy_home",
    "migrate_legacy_password",
    "new_password",
    "password_file",
    "pending_file",
    "read_password",
    "write_password",
]

LEGACY_PASSWORD = "gamegraph"
"""The fixed password of homes made before passwords were random (migrated on start)."""


def password_file(home: Path) -> Path:
    """Where the password of the local Neo4j in `home` is kept."""
    return home / "password"


def pending_file(home: Path) -> Path:
    """The new password while a legacy home is being migrated (so a crash loses nothing)."""
    return home / "password.new"


def new_password() -> str:
    """A random password (32 URL-safe characters, 192 bits), never starting with "-" (one in
    64 would, and a leading dash reads as an option on a command line)."""
    while (password := secrets.token_urlsafe(24)).startswith("-"):
        pass
    return password


def is_legacy_home(home: Path) -> bool:
    """A home whose databases exist but that has no password file: made by an older
    gamegraph, with the fixed password `LEGACY_PASSWORD`."""
    return has_databases(home) and not password_file(home).is_file()


def read_password(path: Path) -> str | None:
    """The password in `path`, or None if there is no such file. A file that others may read
    (copied around, or made by hand) is first made private again."""
    try:
        info = path.stat()
        if stat.S_IMODE(info.st_mode) & 0o077 and info.st_uid == os.geteuid():
            path.chmod(0o600)
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    return text or None


def write_password(path: Path, password: str) -> None:
    """Write `password` to `path` atomically, readable and writable by the owner only
    (created with mode 0600, never wider for a moment whatever the umask)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(password + "\n")
    os.chmod(tmp, 0o600)
    tmp.replace(path)


class _Server(Protocol):
    """What the migration needs of a local server (a :class:`~.local.LocalNeo4j`)."""

    @property
    def home(self) -> Path: ...
    @property
    def initial_password(self) -> str | None: ...
    @property
    def bolt_uri(self) -> str: ...
    @property
    def password_file(self) -> Path: ...
    def log(self, message: str) -> None: ...


def migrate_legacy_password(local: _Server) -> None:
    """A home made with the old fixed password gets a random one (said once, here)."""
    if not is_legacy_home(local.home):
        return
    from neo4j import GraphDatabase
    from neo4j.exceptions import AuthError, Neo4jError, ServiceUnavailable

    pending = pending_file(local.home)
    new = read_password(pending)
    if new is None:
        explicit = local.initial_password
        new = explicit if explicit and explicit != LEGACY_PASSWORD else new_password()
        write_password(pending, new)
    try:
        with GraphDatabase.driver(
            local.bolt_uri, auth=(DEFAULT_USER, LEGACY_PASSWORD), connection_timeout=10.0
        ) as driver:
            driver.execute_query(
                "ALTER CURRENT USER SET PASSWORD FROM $old TO $new",
                old=LEGACY_PASSWORD,
                new=new,
                database_="system",
            )
    except AuthError:
        if not _password_works(local.bolt_uri, new):
            pending.unlink(missing_ok=True)
            local.log(
                f"The local Neo4j in {local.home} has no password file and its password is "
                f"not the old default: write it to {local.password_file} (mode 0600) or set "
                "NEO4J_PASSWORD"
            )
            return
    except (ServiceUnavailable, Neo4jError, OSError) as e:
        local.log(f"The old fixed password of {local.home} could not be replaced yet ({e})")
        return
    pending.replace(local.password_file)
    local.log(
        f"The local Neo4j in {local.home} had the old fixed password 'gamegraph'; it now has "
        f"a random one, kept in {local.password_file} (mode 0600): `gamegraph neo4j password` "
        "prints it"
    )


def _password_works(bolt_uri: str, password: str) -> bool:
    from neo4j import GraphDatabase
    from neo4j.exceptions import AuthError

    try:
        with GraphDatabase.driver(
            bolt_uri, auth=(DEFAULT_USER, password), connection_timeout=10.0
        ) as driver:
            driver.verify_connectivity()
    except AuthError:
        return False
    return True
