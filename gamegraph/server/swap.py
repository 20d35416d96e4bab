"""The bulk route's store swap on the local Neo4j, made safe against a process killed at any
point of it (a restore, :func:`~.dump.load_database`, swaps its loaded dump in the same way).

A bulk load builds a new store beside the live one, then closes the default database, moves
the new store's directories in place (the old ones aside, as ``<db>.previous``) and opens the
database again (:func:`reopen`). A process killed in that window used to leave the database
closed for good (every command then met "The database is not currently available"), and a
store half moved. So the swap keeps a journal, ``<home>/bulk-swap.json``, from just before the
database closes until the swap is over:

- ``swapping``: the old store may be aside, the new one in place or half moved, the graphs
  not yet recorded complete. Recovery puts the old store back (nothing of the bulk load is
  kept: its graphs were never listed complete) and opens the database.
- ``recorded``: the new store holds every graph recorded complete. Recovery forgets the old
  store and opens the database.
- ``closed``: a dump (:func:`~.dump.dump_database`) closed the database to copy its store.
  Recovery opens it again.

:func:`recover_interrupted_swap` runs on every connection to the local server
(:func:`gamegraph.db.connection.connect`): with no journal it costs one ``stat``; with one, it
waits for the home's bulk lock (a live bulk load holds it until its swap is over, and the OS
releases it when the process dies), so a journal whose bulk load is still alive is left to
that load.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

from gamegraph.server.errors import LocalNeo4jError
from gamegraph.server.install import file_lock
from gamegraph.server.local import LocalNeo4j

__all__ = [
    "BULK_LOCK",
    "SWAP_JOURNAL",
    "StoreSwap",
    "bulk_scratch",
    "recover_interrupted_swap",
    "reopen",
    "write_journal",
]

SWAP_JOURNAL = "bulk-swap.json"
"""The swap's journal, in the Neo4j home."""
BULK_LOCK = "bulk.lock"
"""The file a bulk load or a restore holds an OS lock on (one at a time per home), in the Neo4j
home."""


def bulk_scratch(home: Path) -> Path:
    """The folder a bulk load or a restore works in (its CSV files, dump and staging home
    ``<scratch>/home``), in the Neo4j home; emptied at each one's start and end."""
    return home / "bulk"


class StoreSwap:
    """Moves one database's store (databases/<db> and transactions/<db>) of a staging home
    into a live home, keeping the old one aside until it is forgotten or put back, with the
    journal that lets :func:`recover_interrupted_swap` finish the job of a killed process."""

    def __init__(self, home: Path, staging: Path, database: str) -> None:
        self.journal = home / SWAP_JOURNAL
        self.parts = [
            (home / "data" / kind / database, staging / "data" / kind / database)
            for kind in ("databases", "transactions")
        ]

    def begin(self) -> None:
        """Write the journal (phase ``swapping``): from now on a killed process is undone."""
        write_journal(self.journal.parent, "swapping")

    def recorded(self) -> None:
        """The new store holds its graphs recorded complete (phase ``recorded``): from now on
        a killed process is finished, not undone."""
        write_journal(self.journal.parent, "recorded")

    def put_new_in_place(self) -> None:
        for live, new in self.parts:
            old = _aside(live)
            shutil.rmtree(old, ignore_errors=True)
            if live.exists():
                live.rename(old)
            live.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(new), str(live))

    def put_old_back(self) -> None:
        for live, _ in self.parts:
            old = _aside(live)
            if old.exists():
                shutil.rmtree(live, ignore_errors=True)
                old.rename(live)

    def forget_old(self) -> None:
        for live, _ in self.parts:
            shutil.rmtree(_aside(live), ignore_errors=True)

    def end(self) -> None:
        """The swap is over, either way: no journal."""
        self.journal.unlink(missing_ok=True)


def write_journal(home: Path, phase: str) -> None:
    """Write the journal of ``home`` (``phase``, this process's pid): atomic, a reader sees
    one phase or the other."""
    journal = home / SWAP_JOURNAL
    partial = journal.with_name(journal.name + ".partial")
    partial.write_text(json.dumps({"phase": phase, "pid": os.getpid()}))
    partial.replace(journal)


def _aside(live: Path) -> Path:
    return live.with_name(live.name + ".previous")


def reopen(local: LocalNeo4j, move: Callable[[], None], clock: Callable[[str], None]) -> None:
    """Run ``move()`` (which replaces the database's store directories) while the local
    Neo4j has its default database closed: inside the running JVM when its launcher can
    (the DBMS, its plugins, Bolt and HTTP stay up: a second or two), else by stopping and
    starting the whole server (a new JVM loads every plugin again: most of a minute), which is
    also the way out when the JVM does not answer the stop."""
    if local.can_swap_store() and _closed_in_the_jvm(local):
        clock("stop")
        move()
        try:
            local.start_database()
        except LocalNeo4jError:
            # the JVM is still there but its database did not start: a clean restart
            local.stop()
            local.start()
        clock("start")
        return
    local.stop()
    clock("stop")
    move()
    local.start()
    clock("start")


def _closed_in_the_jvm(local: LocalNeo4j) -> bool:
    """Ask the running JVM to close its default database; False when it does not (then a
    whole restart closes it)."""
    try:
        local.stop_database()
    except LocalNeo4jError:
        return False
    return True


def bulk_lock(home: Path, *, wait: bool) -> contextlib.AbstractContextManager[bool]:
    """The home's bulk lock (:func:`~.install.file_lock` on :data:`BULK_LOCK`). Yields whether
    it is held; without ``wait`` it is not taken when another process holds it."""
    return file_lock(home / BULK_LOCK, wait=wait)


def recover_interrupted_swap(local: LocalNeo4j, say: Callable[[str], None]) -> bool:
    """Finish or undo the store swap of a bulk load or restore that died in it, or open the
    database a dump died with closed (see the module docstring); True if there was one. Does
    nothing while that process is alive, nor in the process itself."""
    journal = local.home / SWAP_JOURNAL
    if not journal.exists() or _phase(journal)[1] == os.getpid():
        return False
    with bulk_lock(local.home, wait=True):
        phase, _ = _phase(journal)
        if phase is None:  # its bulk load ended the swap while this one waited
            return False
        local.drop_swap_requests()  # the dead load's: a stale start would open the half-moved store
        staging = bulk_scratch(local.home) / "home"
        swap = StoreSwap(local.home, staging, local.default_database)
        if phase == "closed":
            say("a dump died while the database was closed: opening it again")
            reopen(local, lambda: None, lambda stage: None)
        elif phase == "recorded":
            say("a bulk load or restore died after its new store opened: keeping that store")
            reopen(local, swap.forget_old, lambda stage: None)
        else:
            say("a bulk load or restore died in its store swap: putting the old store back")
            reopen(local, swap.put_old_back, lambda stage: None)
        swap.end()
        shutil.rmtree(bulk_scratch(local.home), ignore_errors=True)
    return True


def _phase(journal: Path) -> tuple[str | None, int | None]:
    try:
        data = json.loads(journal.read_text())
    except (OSError, ValueError):
        return None, None
    return data.get("phase"), data.get("pid")
