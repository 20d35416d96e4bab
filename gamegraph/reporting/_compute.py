"""The one place per-n work is run: :func:`map_n`, and the on-disk cache around it.

Every per-n step of the report is a pure function ``fn(n) -> dict`` whose result is plain
JSON. :func:`map_n` runs one over a list of n as tasks of :mod:`gamegraph.cluster` (this
process for small work, a local Dask cluster or ``--scheduler``'s otherwise; each task asks for
the memory its build holds), and :class:`StepCache` keeps each result
in ``<root>/<version>/<step>/n=<n>.json`` so a rerun with a larger N computes only the new n.
The version is a fingerprint of the code that produced the results (:func:`code_version`):
a change to an engine or to the step functions starts a fresh cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any

from gamegraph.errors import OutputError
from gamegraph.progress import Progress

__all__ = ["Progress", "StepCache", "cache_root", "code_version", "map_n", "user_cache"]


StepFn = Callable[[int], Any]
"""A step: n -> its record (a TypedDict of :mod:`.records`, plain JSON)."""
MemoryFn = Callable[[int], int]

SMALL_BYTES = 64 * 2**20
"""A step holding less than this is milliseconds of work: it runs in this process."""


def timed(fn: StepFn, n: int) -> Any:
    """``fn(n)`` with ``_seconds``, how long it took (the report's cost table reads it)."""
    started = time.perf_counter()
    value = fn(n)
    value["_seconds"] = round(time.perf_counter() - started, 3)
    return value


def map_n(
    fn: StepFn,
    ns: Iterable[int],
    progress: Progress | None = None,
    stage: str = "",
    *,
    memory: MemoryFn | None = None,
    keep: Callable[[int, dict[str, Any]], None] | None = None,
) -> dict[int, Any]:
    """``{n: fn(n)}`` (with ``_seconds``) for every n, as tasks of :mod:`gamegraph.cluster`.

    ``memory(n)`` is the peak bytes of ``fn(n)`` (the task's resource request);
    ``keep(n, value)`` runs here as each result arrives, ``progress(stage, done, total)``
    after it.
    """
    from gamegraph.cluster import Task, run_tasks

    todo = list(ns)
    tasks = []
    for n in todo:
        need = memory(n) if memory is not None else 0
        tasks.append(Task(timed, (fn, n), need, f"{stage or 'step'} n={n}", need < SMALL_BYTES))

    arrived = None if keep is None else lambda i, value: keep(todo[i], value)
    results = run_tasks(tasks, progress, stage=stage, on_result=arrived)
    return dict(zip(todo, results, strict=True))


def user_cache(name: str) -> Path:
    """Where gamegraph keeps the results of ``name`` (the report, the frontier, the tables)
    between runs: ``$GAMEGRAPH_<NAME>_CACHE``, else ``$XDG_CACHE_HOME/gamegraph/<name>``,
    else ``~/.cache/gamegraph/<name>``."""
    explicit = os.environ.get(f"GAMEGRAPH_{name.upper()}_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gamegraph" / name


def cache_root(cache: str | Path | None, name: str) -> Path | None:
    """The folder a ``cache=`` argument names: ``"default"`` is :func:`user_cache` of
    ``name``, None is no cache (everything computed afresh, nothing kept)."""
    return user_cache(name) if cache == "default" else (None if cache is None else Path(cache))


def code_version() -> str:
    """Fingerprint of the engines the report reads and of the report's own step code."""
    from gamegraph.games.bulgarian import Bulgarian
    from gamegraph.games.lifting import Lifting

    digest = hashlib.sha256()
    digest.update(Bulgarian.engine_version().encode())
    digest.update(Lifting.engine_version().encode())
    here = Path(__file__).parent
    for path in sorted(here.glob("*.py")):
        if path.name.startswith(("steps", "_kernels", "cycles", "strategies")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class StepCache:
    """Per-n results of named steps under one code version, as JSON files."""

    def __init__(self, root: Path | None, version: str) -> None:
        self.root = None if root is None else Path(root) / version

    def path(self, step: str, n: int) -> Path | None:
        return None if self.root is None else self.root / step / f"n={n}.json"

    def get(self, step: str, n: int) -> dict[str, Any] | None:
        path = self.path(step, n)
        if path is None or not path.is_file():
            return None
        try:
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None  # a damaged entry is recomputed
        return data

    def put(self, step: str, n: int, value: dict[str, Any]) -> None:
        path = self.path(step, n)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(value, separators=(",", ":")), encoding="utf-8")
            tmp.replace(path)
        except OSError as e:
            raise OutputError(f"cannot write the report cache {path}: {e.strerror}") from None

    def run(
        self,
        step: str,
        fn: StepFn,
        ns: Iterable[int],
        progress: Progress | None = None,
        memory: MemoryFn | None = None,
    ) -> dict[int, Any]:
        """``{n: fn(n)}``: cached entries read back, the missing ones computed by
        :func:`map_n` and stored as each arrives (an interrupted run keeps what finished)."""
        wanted = list(ns)
        found = {n: value for n in wanted if (value := self.get(step, n)) is not None}
        missing = [n for n in wanted if n not in found]
        if progress is not None and found:
            progress(step, 0, len(missing))
        found.update(
            map_n(fn, missing, progress, step, memory=memory, keep=partial(self.put, step))
        )
        return {n: found[n] for n in wanted}
