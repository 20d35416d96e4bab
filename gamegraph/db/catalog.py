"""The catalog of loaded graphs: one :Graph node per graph, read and written only here.

A record holds the game and its parameters (:meth:`gamegraph.games.base.Game.record`), the
engine version that built it, its status (``loading`` until the loader has verified the
counts, then ``complete``), its counts and the engine's summary (``stat_*``). While a load
writes, it holds a lease on the graph's slot (:class:`Lease`; graphs of one slot replace each
other, so two loads of one slot must not write at once): a second load waits for it instead
of writing beside it, and a lease whose process died is taken over.

:func:`state_of` is the one "is this graph current?" decision, from one read.
"""

from __future__ import annotations

import os
import socket
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from gamegraph.db.query_files import cypher as _q
from gamegraph.db.runner import QueryRunner
from gamegraph.errors import InputError, LoadConflictError
from gamegraph.games.base import Game
from gamegraph.games.registry import get_game

__all__ = [
    "GraphRecord",
    "GraphState",
    "Held",
    "Lease",
    "describe_owner",
    "get_graph",
    "graph_in_slot",
    "hold_slots",
    "list_graphs",
    "new_owner",
    "release_slots",
    "state_of",
]

LEASE_SECONDS = 60
"""How long a load's claim on a graph lasts without renewal (renewed every third of it)."""


class Held(Protocol):
    """What a :class:`Lease` holds: a graph's id and slot, and how a message names it (a
    :class:`~gamegraph.games.base.Game`, or the :class:`GraphRecord` of a graph whose game
    is not known now, which a drop or a bulk load's carry-over holds as a load does)."""

    @property
    def id(self) -> str: ...

    @property
    def slot(self) -> str: ...

    def describe(self) -> str: ...


class GraphState(Enum):
    """Where a graph stands for a load that wants it."""

    MISSING = "not loaded"
    CURRENT = "complete"
    STALE = "complete, but built by another engine version or with other parameters"
    INCOMPLETE = "incomplete (an interrupted load or drop)"
    LOADING = "being loaded by another process"
    DROPPING = "being dropped by another process"


@dataclass(frozen=True)
class GraphRecord:
    """The :Graph node of a loaded (or loading) graph, as stored."""

    id: str
    game: str
    n: int
    status: str
    slot: str = ""
    params: tuple[str, ...] = ()
    nodes: int | None = None
    relationships: int | None = None
    engine: str | None = None
    fingerprint: str | None = None  #: the content fingerprint checked when it completed
    lease_owner: str | None = None
    lease_running: bool = False
    started_at: Any = None
    completed_at: Any = None
    summary: dict[str, Any] = field(default_factory=dict)
    properties: dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def from_node(cls, props: Mapping[str, Any]) -> GraphRecord:
        summary = {k.removeprefix("stat_"): v for k, v in props.items() if k.startswith("stat_")}
        return cls(
            id=props["id"],
            game=props.get("game", "?"),
            n=int(props.get("n") or 0),
            status=props.get("status", "unknown"),
            slot=props.get("slot") or props["id"],
            params=tuple(props.get("params") or ()),
            nodes=props.get("nodes"),
            relationships=props.get("relationships"),
            engine=props.get("engine"),
            fingerprint=props.get("fingerprint"),
            lease_owner=props.get("lease_owner"),
            lease_running=bool(props.get("lease_running")),
            started_at=props.get("started_at"),
            completed_at=props.get("completed_at"),
            summary=summary,
            properties=dict(props),
        )

    @property
    def complete(self) -> bool:
        return self.status == "complete"

    def describe(self) -> str:
        """The graph in a message, when its game may not be known: ``the kept-two-card
        graph``."""
        return f"the {self.game} graph"

    def describe_state(self) -> str:
        """Where this record stands (:meth:`state`) in a message; an incomplete one names what
        was interrupted: a drop marks its record ``dropping`` before its first node goes, a
        load marks it ``loading``."""
        state = self.state()
        if state is not GraphState.INCOMPLETE:
            return str(state.value)
        return f"incomplete (an interrupted {'drop' if self.status == 'dropping' else 'load'})"

    def loaded_game(self) -> Game[Any] | None:
        """The game this record was loaded for, or None if its game or parameters are no
        longer known (a record left by another version of gamegraph)."""
        try:
            return get_game(self.game).from_record(self.properties)
        except InputError:
            return None

    def state(self, wanted: Game[Any] | None = None) -> GraphState:
        """Where this record stands for a load of ``wanted`` (default: what it records). A
        graph not complete is LOADING (DROPPING) while a live load (drop) holds its lease, else
        INCOMPLETE (the load or drop was interrupted, or its process died: the next load
        repairs it, a drop finishes it)."""
        if not self.complete:
            if self.lease_running and not _dead_owner(self.lease_owner):
                return GraphState.DROPPING if self.status == "dropping" else GraphState.LOADING
            return GraphState.INCOMPLETE
        game = self.loaded_game()
        if game is None or self.engine != game.engine_version():
            return GraphState.STALE
        if wanted is not None and game.values() != wanted.values():
            return GraphState.STALE
        return GraphState.CURRENT


def get_graph(runner: QueryRunner, graph_id: str) -> GraphRecord | None:
    rows = runner.run(_q("graph_get"), {"id": graph_id})
    return GraphRecord.from_node(rows[0]["graph"]) if rows and _read_whole(rows[0]) else None


def list_graphs(runner: QueryRunner) -> list[GraphRecord]:
    """Every :Graph record, complete or not."""
    rows = runner.run(_q("graphs_all"))
    return [GraphRecord.from_node(row["graph"]) for row in rows if _read_whole(row)]


def _read_whole(row: Mapping[str, Any]) -> bool:
    """Whether a record was read whole: one that a drop deleted while the query read it
    comes back without its properties (found by the torture test: a KeyError 'id' of `drop`
    and `query`); it is gone."""
    return row["graph"].get("id") is not None


def graph_in_slot(runner: QueryRunner, slot: str) -> GraphRecord | None:
    """The record occupying a slot (:attr:`gamegraph.games.base.Game.slot`), if any."""
    return next((record for record in list_graphs(runner) if record.slot == slot), None)


def state_of(runner: QueryRunner, game: Game[Any]) -> tuple[GraphState, GraphRecord | None]:
    """The one decision a load makes before writing: is this graph current? (one read)"""
    record = get_graph(runner, game.id)
    if record is None:
        return GraphState.MISSING, None
    return record.state(game), record


# --------------------------------------------------------------------------- leases


def new_owner() -> str:
    """A new lease owner's name (host, process id, a random part)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def _dead_owner(owner: str | None) -> bool:
    """Whether a lease owner is a process of this machine that no longer runs."""
    if not owner:
        return False
    host, _, rest = owner.partition(":")
    pid = rest.partition(":")[0]
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except OSError as e:  # gone, or a process of another user (alive)
        return isinstance(e, ProcessLookupError)
    return False


def describe_owner(owner: str | None) -> str:
    host, _, rest = (owner or "?").partition(":")
    return f"process {rest.partition(':')[0]} on {host}"


@dataclass
class Lease:
    """A load's claim on one graph's slot (:attr:`Game.slot`), renewed in the background
    while it writes.

    :meth:`try_claim` claims it unless another live load holds it; :meth:`wait_while_busy`
    waits for that load (saying so once through ``on_wait``); the loader writes, then
    completes the record (which ends the lease) or, on failure, :meth:`release` ends it at
    once so the next load repairs the graph without waiting for the lease to run out.
    """

    runner: QueryRunner
    game: Held
    owner: str = field(default_factory=new_owner)
    seconds: int = LEASE_SECONDS
    _stop: threading.Event = field(default_factory=threading.Event, repr=False)
    _thread: threading.Thread | None = field(default=None, repr=False)

    def _slot_lease(self) -> dict[str, Any]:
        """The lease on the graph's slot (``owner``, ``running``, and the ``graph`` it was
        claimed for with its ``status``); {} if no load ever held it."""
        rows = self.runner.run(_q("slot_lease"), {"slot": self.game.slot})
        return rows[0] if rows else {}

    def holder(self) -> str | None:
        """Who holds the lease on the graph's slot now (None if no load ever held it)."""
        owner = self._slot_lease().get("owner")
        return None if owner is None else str(owner)

    def try_claim(self, props: Mapping[str, Any]) -> str | None:
        """Claim the graph's slot for a load (its record becomes ``loading``); None on
        success, else the owner of the live lease that holds it."""
        return self._try("graph_claim", {"props": dict(props)})

    def try_claim_drop(self) -> str | None:
        """Claim the graph's slot for a drop (its record, if any, becomes ``dropping``); None
        on success, else the owner of the live lease that holds it."""
        return self._try("graph_drop_claim", {})

    def _try(self, query: str, params: dict[str, Any]) -> str | None:
        holder = self.holder()
        dead = [holder] if _dead_owner(holder) else []
        row = self.runner.write_returning(
            _q(query),
            {
                "id": self.game.id,
                "slot": self.game.slot,
                "owner": self.owner,
                "seconds": self.seconds,
                "dead": dead,
                **params,
            },
        )[0]
        if row["busy"]:
            return str(row["owner"])
        self._start_renewing()
        return None

    def wait_while_busy(
        self,
        on_wait: Callable[[str], None],
        timeout: float | None = None,
        poll: float = 2.0,
    ) -> None:
        """Block while another live load holds the graph's slot (its lease keeps being
        renewed)."""
        started = time.monotonic()
        said = False
        while True:
            lease = self._slot_lease()
            holder = lease.get("owner")
            if not holder or holder == self.owner or _dead_owner(holder) or not lease["running"]:
                return
            if not said:
                on_wait(self._waiting(holder, lease["graph"], lease["status"]))
                said = True
            if timeout is not None and time.monotonic() - started > timeout:
                raise LoadConflictError(
                    f"{self.game.id}: {describe_owner(holder)} still holds its slot after "
                    f"{timeout:.0f} s"
                )
            time.sleep(poll)

    def _waiting(self, holder: str, held: str | None, status: str | None) -> str:
        """What a load that waits says: the graph the other process holds (another graph of
        the slot, when loads of two graphs of one slot meet) and the one this load waits to
        load."""
        this = f"{self.game.describe()} [{self.game.id}]"
        doing = {"loading": "loaded", "dropping": "dropped"}.get(status or "")
        if held is None or doing is None:  # only a bulk load holds a slot of no load or drop
            return (
                f"{this}: a bulk load by {describe_owner(holder)} holds every graph while it "
                "rebuilds the store: waiting for it"
            )
        busy = f"is being {doing} by {describe_owner(holder)}: waiting for it to finish"
        if held == self.game.id:
            return f"{this} {busy}"
        return f"{held} {busy} before loading {this} (graphs of one slot replace each other)"

    def _start_renewing(self) -> None:
        def renew() -> None:
            while not self._stop.wait(self.seconds / 3):
                try:
                    self.runner.write(_q("graph_renew"), {**self.fence(), "seconds": self.seconds})
                except Exception:  # a passing fault: try again at the next turn
                    continue  # (a lasting one, the load itself meets; the lease then runs out)

        self._thread = threading.Thread(target=renew, name="gamegraph-lease", daemon=True)
        self._thread.start()

    def stop_renewing(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def release(self) -> None:
        """End the lease now (after a failure; the record stays 'loading')."""
        self.stop_renewing()
        self.runner.write(_q("graph_release"), self.fence())

    def fence(self) -> dict[str, str]:
        """The parameters (``$slot``, ``$owner``) of a statement that may change the graph
        only while this lease holds its slot."""
        return {"slot": self.game.slot, "owner": self.owner}

    def finish_drop(self) -> bool:
        """A drop's last step: the graph's record goes and the lease ends; False (nothing
        removed) if the drop no longer held the slot."""
        self.stop_renewing()
        rows = self.runner.write_returning(
            _q("graph_drop_done"), {"id": self.game.id, **self.fence()}
        )
        return bool(rows)


def hold_slots(runner: QueryRunner, slots: list[str], owner: str, seconds: int) -> list[str]:
    """Hold every slot of ``slots`` (and every slot in the catalog) for ``owner``, all or
    none; [] on success, else the owners of the live leases that hold some (nothing held).
    Held slots make online loads of them wait (a bulk load about to swap the store)."""
    known = runner.run(_q("slot_owners"))
    owners = list(known[0]["owners"]) if known else []
    every = sorted(set(slots) | {str(row["slot"]) for row in runner.run(_q("slots_all"))})
    row = runner.write_returning(
        _q("slots_hold"),
        {
            "slots": every,
            "owner": owner,
            "seconds": seconds,
            "dead": [o for o in owners if _dead_owner(o)],
        },
    )
    return [str(o) for o in row[0]["busy"]] if row else []


def release_slots(runner: QueryRunner, owner: str) -> None:
    """End a :func:`hold_slots` hold."""
    runner.write(_q("slots_release"), {"owner": owner})
