"""Open question 1 of seed 000 on the full G_n, one n per task: the winning positions
farthest from the recurrent states (is the one-part partition n the unique farthest, and
how far is it?).

The full G_n holds every α-arc of S(n); its size is :func:`.engine.estimate_floridian`
(0.15 GiB at n = 60, 1.4 GiB at 80, 4.7 GiB at 90, 15 GiB at 100), so each n is a task of
``gamegraph.cluster`` that asks for that much memory. On this machine the tasks run one after
the other until a time budget is spent; with ``--scheduler`` every n goes to the cluster at
once and each worker needs the estimate of its largest n.
"""

from __future__ import annotations

import resource
import sys
import time
from dataclasses import dataclass

__all__ = ["FarthestResult", "farthest_of", "farthest_survey"]


@dataclass(frozen=True)
class FarthestResult:
    """One n: the farthest winning positions, their distance in turns, and the costs."""

    n: int
    positions: int
    arcs: int
    farthest: list[list[int]]
    turns: int  #: turns from the farthest winning positions to the core (-1: none winning)
    one_part_farthest: bool  #: (n) is a farthest winning position
    one_part_unique: bool  #: ... and the only one
    losing: int
    estimate_bytes: int
    peak_rss_bytes: int  #: this process's peak resident memory after the build
    seconds: float


def _peak_rss() -> int:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)


def farthest_of(n: int) -> FarthestResult:
    """Build the full G_n and read question 1's answer off it."""
    from gamegraph.games.floridian.engine import build_floridian, estimate_floridian

    started = time.perf_counter()
    graph = build_floridian(n)
    far = graph.farthest_winning()
    turns_all = graph.turns_to_core
    positions = [graph.positions.position(int(v)) for v in far]
    turns = int(turns_all[int(far[0])]) if far.size else -1
    one = (n,) in positions
    return FarthestResult(
        n=n,
        positions=graph.positions.size,
        arcs=int(graph.alpha_dst.shape[0]),
        farthest=[list(p) for p in positions],
        turns=turns,
        one_part_farthest=one,
        one_part_unique=one and len(positions) == 1,
        losing=int(graph.losing.sum()),
        estimate_bytes=estimate_floridian(n).bytes,
        peak_rss_bytes=_peak_rss(),
        seconds=time.perf_counter() - started,
    )


def farthest_survey(n_min: int, n_max: int, budget_seconds: float) -> list[FarthestResult]:
    """farthest_of(n) for n = n_min, n_min + 1, ... until n_max or the budget (the n under
    way is finished); on a configured Dask scheduler, every n at once as tasks."""
    from gamegraph.cluster import Task, run_tasks, settings
    from gamegraph.games.floridian.engine import estimate_floridian

    ns = list(range(n_min, n_max + 1))
    if settings().scheduler is not None:
        tasks = [
            Task(farthest_of, (n,), estimate_floridian(n).bytes, name=f"farthest-G{n}") for n in ns
        ]
        results: list[FarthestResult] = run_tasks(tasks)
        return results
    started = time.perf_counter()
    out = []
    for n in ns:
        out.append(farthest_of(n))
        if time.perf_counter() - started > budget_seconds:
            break
    return out
