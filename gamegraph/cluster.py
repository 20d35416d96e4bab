"""Per-n and per-shard work on Dask: a LocalCluster on this machine by default, or any
running Dask cluster (``--scheduler tcp://host:8786`` or ``GAMEGRAPH_DASK_SCHEDULER``).

Work is a list of :class:`Task`: a picklable function, its arguments and the bytes it is
estimated to hold at its peak (the games' own estimates). Each task asks the scheduler for
that much of a worker resource named ``memory``, and every worker declares how much it has,
so Dask never places two large tasks on one worker that cannot hold both. On this machine the
LocalCluster has one worker per core, each with an equal share of the memory limit
(:func:`gamegraph.memory.memory_limit`), fewer workers when the largest task needs more
than a share. Workers of an external cluster declare theirs when they start::

    dask scheduler                                  # on one machine: tcp://host:8786
    dask worker tcp://host:8786 --nworkers 1 --nthreads 1 --resources "memory=4e9"

(on SLURM or PBS, dask-jobqueue's ``SLURMCluster(..., worker_extra_args=["--resources",
"memory=4e9"])`` starts the same workers as jobs; see the README). Results come back in
task order and equal what one process computes. What a task logs to gamegraph's logger on a
worker (a warning) comes back with its result and is logged here, where the user sees it.

Small work runs in this process (starting a cluster costs seconds) unless a scheduler or a
number of workers is given. Work asked for by a task that a Dask worker runs (a defined game's
build for a row of ``gamegraph table``) runs in that worker: its process cannot start a
cluster, and the settings it inherits (``GAMEGRAPH_DASK_WORKERS``) are its driver's.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import sys
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from gamegraph.errors import InputError, TooLargeError
from gamegraph.memory import human_bytes, memory_limit
from gamegraph.progress import Progress

__all__ = [
    "ClusterSettings",
    "Task",
    "check_scheduler",
    "configure",
    "run_tasks",
    "settings",
]

OnResult = Callable[[int, Any], None]

LOCAL_WORK_THRESHOLD = 4
"""Up to this many tasks, or when every task is marked small, the work runs in this process."""


@dataclass(frozen=True)
class Task:
    """One unit of work: ``fn(*args)``, holding about ``memory`` bytes at its peak.

    ``small`` marks work that takes milliseconds (a cluster would cost more than it saves).
    """

    fn: Callable[..., Any]
    args: tuple[Any, ...]
    memory: int
    name: str = ""
    small: bool = False


@dataclass(frozen=True)
class ClusterSettings:
    """Where tasks run: a scheduler address, else a LocalCluster of ``workers`` processes
    (None: one per core) — or this process when ``local`` is set."""

    scheduler: str | None = None
    workers: int | None = None
    local: bool = False


_SETTINGS = ClusterSettings()


def settings() -> ClusterSettings:
    """The settings in force: :func:`configure`'s, else the environment
    (``GAMEGRAPH_DASK_SCHEDULER``, ``GAMEGRAPH_DASK_WORKERS``)."""
    scheduler = _SETTINGS.scheduler
    if scheduler is None and os.environ.get("GAMEGRAPH_DASK_SCHEDULER", "").strip():
        scheduler = check_scheduler(os.environ["GAMEGRAPH_DASK_SCHEDULER"])
    workers = _SETTINGS.workers
    if workers is None and os.environ.get("GAMEGRAPH_DASK_WORKERS"):
        text = os.environ["GAMEGRAPH_DASK_WORKERS"]
        if not text.isdigit() or int(text) < 1:
            raise InputError(f"GAMEGRAPH_DASK_WORKERS={text!r} is not a positive integer")
        workers = int(text)
    return ClusterSettings(scheduler, workers, _SETTINGS.local)


def configure(
    scheduler: str | None = None, workers: int | None = None, local: bool = False
) -> None:
    """Set where tasks run for the rest of this process (the command line's options)."""
    global _SETTINGS
    if workers is not None and workers < 1:
        raise InputError(f"--workers must be at least 1, not {workers}")
    if scheduler is not None:
        scheduler = check_scheduler(scheduler) if scheduler.strip() else None
    _SETTINGS = ClusterSettings(scheduler, workers, local)


_SCHEDULER = re.compile(
    r"(?:(?P<scheme>[a-z][a-z0-9+.-]*)://)?(?P<host>\[[0-9a-fA-F:.]+\]|[^\s:/\[\]]+):(?P<port>\d+)/?"
)


def check_scheduler(address: str) -> str:
    """A Dask scheduler address as ``tcp://host:port`` (the scheme may be any of Dask's, or
    left out); InputError for anything else, before any work starts."""
    text = address.strip()
    match = _SCHEDULER.fullmatch(text)
    if match is None or not 1 <= int(match["port"]) <= 65535:
        raise InputError(
            f"{text!r} is not a Dask scheduler address (--scheduler or "
            "GAMEGRAPH_DASK_SCHEDULER): write it as tcp://host:8786, the address `dask "
            "scheduler` prints"
        )
    return text


def run_tasks(
    tasks: Sequence[Task],
    progress: Progress | None = None,
    *,
    stage: str = "tasks",
    where: ClusterSettings | None = None,
    on_result: OnResult | None = None,
) -> list[Any]:
    """Run every task; the results in task order (each task runs once); ``progress(stage,
    done, total)`` as they finish, and ``progress(stage, 0, total)`` first when they go to a
    cluster (its workers start, or a scheduler's are awaited, for seconds or longer).

    ``on_result(i, result)`` is called in this process as task i's result arrives (in
    completion order), so a caller can keep each result before the rest finish.
    """
    chosen = where or settings()
    if not tasks:
        return []
    largest = max(tasks, key=lambda t: t.memory)
    if chosen.scheduler is None and largest.memory > memory_limit():
        raise TooLargeError(
            f"{largest.name or 'a task'} needs ~{human_bytes(largest.memory)}, over the limit "
            f"of {human_bytes(memory_limit())} (80% of available memory, or "
            "GAMEGRAPH_MEMORY_LIMIT); nothing was started"
        )
    small = len(tasks) <= LOCAL_WORK_THRESHOLD or all(t.small for t in tasks)
    unset = chosen.scheduler is None and chosen.workers is None
    if chosen.local or (unset and small) or _in_dask_worker():
        here = ((i, task.fn(*task.args)) for i, task in enumerate(tasks))
        return _collect(here, len(tasks), progress, stage, on_result)
    if progress is not None:
        progress(stage, 0, len(tasks))
    with _client(chosen, tasks) as (client, resources):
        return _collect(_run_on(client, tasks, resources), len(tasks), progress, stage, on_result)


def _in_dask_worker() -> bool:
    """Whether this is a task running on a Dask worker (distributed's ``get_worker``)."""
    if "distributed" not in sys.modules:  # no worker without it; importing it costs seconds
        return False
    from distributed import get_worker

    try:
        get_worker()
    except ValueError:
        return False
    return True


def _collect(
    arrivals: Iterable[tuple[int, Any]],
    count: int,
    progress: Progress | None,
    stage: str,
    on_result: OnResult | None,
) -> list[Any]:
    """The results in task order, from (task index, result) pairs as they arrive, each
    handed to ``on_result`` and counted to ``progress``."""
    results: list[Any] = [None] * count
    for done, (i, result) in enumerate(arrivals, start=1):
        results[i] = result
        if on_result is not None:
            on_result(i, result)
        if progress is not None:
            progress(stage, done, count)
    return results


def _refused_at_once(address: str) -> None:
    """ConnectionRefusedError when nothing listens at a TCP scheduler address: said at once,
    where the Dask client would try again for its whole timeout. A host that does not
    answer at all, or an address of another kind, is left to the client."""
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme not in ("tcp", "tls"):
        return
    host, port = parse_host_port(location, default_port=8786)  # dask's default
    try:
        socket.create_connection((host, port), timeout=2.0).close()
    except ConnectionRefusedError:
        raise ConnectionRefusedError("nothing listens there (connection refused)") from None
    except OSError:
        return  # unreachable or slow: the client's own timeout decides


@contextmanager
def _client(chosen: ClusterSettings, tasks: Sequence[Task]) -> Iterator[tuple[Any, bool]]:
    """A Dask client, and whether its workers declare the ``memory`` resource."""
    import dask
    from distributed import Client, LocalCluster

    if chosen.scheduler is not None:
        try:
            _refused_at_once(chosen.scheduler)
            client = Client(chosen.scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as e:
            raise InputError(
                f"no Dask scheduler answers at {chosen.scheduler}: {e} (start one with "
                "`dask scheduler`, or leave --scheduler unset for a local cluster)"
            ) from None
        with client:
            workers = client.scheduler_info().get("workers", {})
            declared = [w.get("resources", {}).get("memory") for w in workers.values()]
            resources = bool(declared) and all(m is not None for m in declared)
            if resources:
                largest = max(t.memory for t in tasks)
                if largest > max(float(m) for m in declared):
                    raise TooLargeError(
                        f"a task needs ~{human_bytes(largest)}, more than any worker of "
                        f"{chosen.scheduler} declares (start workers with --resources "
                        f'"memory=..." large enough)'
                    )
            yield client, resources
        return
    limit = memory_limit()
    cores = os.cpu_count() or 1
    largest = max(t.memory for t in tasks)
    count = chosen.workers or max(1, min(cores, len(tasks), limit // max(largest, 1)))
    share = limit // count
    if largest > share:
        raise TooLargeError(
            f"a task needs ~{human_bytes(largest)}, more than a worker's share "
            f"{human_bytes(share)} of the memory limit {human_bytes(limit)} with {count} "
            "workers (use fewer --workers, or GAMEGRAPH_MEMORY_LIMIT)"
        )
    quiet = {
        "distributed.worker.memory.target": False,
        "distributed.worker.memory.spill": False,
        "distributed.worker.memory.pause": False,
        "distributed.worker.memory.terminate": False,
        "distributed.logging.distributed": "critical",
    }
    with (
        dask.config.set(quiet),
        LocalCluster(
            n_workers=count,
            threads_per_worker=1,
            processes=True,
            memory_limit=0,
            resources={"memory": share},
            dashboard_address=None,
            # the scheduler still serves HTTP (health, metrics), by default on 8787: a second
            # gamegraph at once would warn that the port is taken. Any free loopback port.
            scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
            silence_logs=50,  # a task's error reaches the client, and the user as one line
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client, True


def _run_on(client: Any, tasks: Sequence[Task], resources: bool) -> Iterator[tuple[int, Any]]:
    """Every task submitted to the cluster; (task index, result) in completion order."""
    from distributed import as_completed

    run = uuid.uuid4().hex[:8]
    futures = []
    for i, task in enumerate(tasks):
        options: dict[str, Any] = {"pure": False, "key": f"{task.name or 'task'}-{i}-{run}"}
        if resources:
            options["resources"] = {"memory": max(task.memory, 1)}
        futures.append(client.submit(_logged, task.fn, *task.args, **options))
    index = {future.key: i for i, future in enumerate(futures)}
    for future in as_completed(futures):
        result, said = future.result()
        for message in said:
            logging.getLogger("gamegraph").warning("%s", message)
        yield index[future.key], result


class _Kept(logging.Handler):
    """The messages one thread logs, kept in a list."""

    def __init__(self, kept: list[str]) -> None:
        super().__init__(logging.WARNING)
        self.kept, self.thread = kept, threading.get_ident()

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread:
            self.kept.append(record.getMessage())


def _logged(fn: Callable[..., Any], *args: Any) -> tuple[Any, list[str]]:
    """``fn(*args)`` on a worker, and what it logged to gamegraph's logger: a worker's own
    stderr is not the user's (another machine's, or a local worker's without the command
    line's handler)."""
    kept: list[str] = []
    handler, logger = _Kept(kept), logging.getLogger("gamegraph")
    logger.addHandler(handler)
    try:
        return fn(*args), kept
    finally:
        logger.removeHandler(handler)
