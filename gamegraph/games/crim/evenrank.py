"""CRIM's even-rank conjecture at the frontier: P/N of every partition, size by size.

The conjecture (seed 003): every P-position has even rank λ_1 − ℓ(λ). Every option of a
partition of size s is smaller, so sizes are swept in increasing order and only P/N is kept,
one bit per position: all sizes ≤ 100 hold Σ p(s) = 1,642,992,568 positions, 196 MiB of bits
(:func:`bits_bytes`), the only memory that grows. Within a size the positions are split into
ranges run on the threads of this process (:func:`._pn_kernels.pn_size_parallel`).

Cluster design: a size is a set of independent ranges that only read the bits of the smaller
sizes. With the bits in a file on a shared filesystem (a memory map), each range is a task of
``gamegraph.cluster`` that maps the file read-only and returns its own packed bits; the
driver appends them and moves to the next size (:func:`gamegraph.questions.frontier_rest.
crim_rest`, checkpointed after each size). A size costs p(s)·(its time per position) divided
by the workers, so the reach is set by the total: :func:`project_seconds` gives it from the
measured rates.

The Sprague–Grundy distribution per size needs the whole value (one byte per position) and
every option, so it runs as far as its own budget goes with :func:`gamegraph.games.crim.
engine.sweep_crim`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.games import _kernels as gk
from gamegraph.games.crim import _pn_kernels as pk
from gamegraph.games.partitions import partition_counts

if TYPE_CHECKING:
    from gamegraph.cluster import Task

__all__ = [
    "CrimFrontier",
    "SizeResult",
    "bits_bytes",
    "even_rank_sweep",
    "grundy_distribution",
    "partition_counts",
    "pn_range_task",
    "project_seconds",
    "set_range_bits",
    "size_tasks",
    "task_step",
]

MAX_SIZE = 200  #: the rank table's int64 entries hold p(s) up to far beyond this


def bits_bytes(n: int) -> int:
    """Bytes of the P/N bits of every partition of size ≤ n."""
    return sum(partition_counts(n)) // 8 + 1


@dataclass(frozen=True)
class SizeResult:
    """One size s: its positions, P-positions, those of odd rank, and the sweep's time."""

    size: int
    positions: int
    p_positions: int
    odd_rank_p: int
    seconds: float


@dataclass(frozen=True)
class CrimFrontier:
    """What the sweep reached: every size up to ``reached`` is complete."""

    target: int
    reached: int
    sizes: list[SizeResult]
    first_odd_rank_p: list[int] | None  #: a counterexample to the conjecture, if found
    bits_bytes: int  #: memory of the P/N bits for sizes ≤ target
    seconds: float
    threads: int
    grundy: dict[int, dict[int, int]] = field(default_factory=dict)  #: size -> value -> count
    grundy_reached: int = 0
    grundy_seconds: float = 0.0
    projection: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        return {
            "target": self.target,
            "reached": self.reached,
            "holds": self.first_odd_rank_p is None,
            "first_odd_rank_p": self.first_odd_rank_p,
            "bits_bytes": self.bits_bytes,
            "seconds": round(self.seconds, 1),
            "threads": self.threads,
            "sizes": [s.__dict__ for s in self.sizes],
            "grundy_reached": self.grundy_reached,
            "grundy_seconds": round(self.grundy_seconds, 1),
            "grundy": {str(s): {str(v): c for v, c in d.items()} for s, d in self.grundy.items()},
            "projection": self.projection,
        }


def _offsets(counts: list[int]) -> np.ndarray:
    return np.concatenate(([0], np.cumsum(counts))).astype(np.int64)


def project_seconds(sizes: list[SizeResult], target: int, workers: int = 1) -> float:
    """Seconds still needed from the last swept size to ``target`` on ``workers`` like this
    machine's threads: positions of each remaining size times the last measured time per
    position, grown by the measured growth of that time per size."""
    if not sizes or sizes[-1].size >= target:
        return 0.0
    last = sizes[-1]
    rate = last.seconds / max(last.positions, 1)
    tail = [s for s in sizes[-6:] if s.positions > 10**5]
    growth = 1.0
    if len(tail) >= 2:
        first = tail[0]
        ratio = (last.seconds / last.positions) / max(first.seconds / first.positions, 1e-12)
        growth = max(ratio ** (1.0 / max(last.size - first.size, 1)), 1.0)
    counts = partition_counts(target)
    total = 0.0
    for s in range(last.size + 1, target + 1):
        rate *= growth
        total += counts[s] * rate
    return total / workers


def even_rank_sweep(
    target: int,
    budget_seconds: float,
    *,
    threads: int | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> CrimFrontier:
    """P/N of every partition of size ≤ target, size by size, until the budget is spent (the
    size under way is finished); the even-rank conjecture checked on each P-position."""
    import numba

    if not isinstance(target, int) or not 1 <= target <= MAX_SIZE:
        raise ValueError(f"target = {target} must be an integer in 1..{MAX_SIZE}")
    table = gk.rank_table(target)
    counts = [int(table[s, s]) for s in range(target + 1)]
    offsets = _offsets(counts)
    bits = np.zeros(int(offsets[-1]) // 8 + 1, dtype=np.uint8)
    bits[0] = 1  # the empty partition: terminal, P, rank 0
    threads = threads or numba.get_num_threads()
    results: list[SizeResult] = []
    first: list[int] | None = None
    started = time.perf_counter()
    for s in range(1, target + 1):
        t0 = time.perf_counter()
        pieces = max(1, min(4 * threads, counts[s] // 64))
        p, odd, first_local = pk.pn_size_parallel(s, table, offsets, bits, pieces)
        results.append(SizeResult(s, counts[s], int(p), int(odd), time.perf_counter() - t0))
        if first is None and first_local >= 0:
            first = list(gk.unrank(int(first_local), s, table))
        if progress is not None:
            progress(s, time.perf_counter() - started)
        if time.perf_counter() - started > budget_seconds:
            break
    elapsed = time.perf_counter() - started
    reached = results[-1].size
    projection = {
        f"seconds_to_{target}_here": round(project_seconds(results, target, 1), 0),
        f"seconds_to_{target}_on_64_workers": round(project_seconds(results, target, 64), 0),
        "seconds_to_120_on_64_workers": round(project_seconds(results, 120, 64), 0)
        if target <= 120
        else 0.0,
        "bits_bytes_to_120": bits_bytes(120),
    }
    return CrimFrontier(
        target=target,
        reached=reached,
        sizes=results,
        first_odd_rank_p=first,
        bits_bytes=bits_bytes(target),
        seconds=elapsed,
        threads=threads,
        projection=projection,
    )


def pn_range_task(
    path: str, target: int, m: int, lo: int, hi: int
) -> tuple[int, np.ndarray, int, int, int]:
    """One cluster task: P/N of the partitions of m with local index lo..hi − 1, reading the
    bits of the smaller sizes from the shared file ``path`` (a memory map, read-only).
    Returns (lo, its packed bits, P-positions, odd-rank P, first odd-rank local index)."""
    table = gk.rank_table(target)
    offsets = _offsets([int(table[s, s]) for s in range(target + 1)])
    bits = np.memmap(path, dtype=np.uint8, mode="r")
    out = np.zeros((hi - lo) // 8 + 1, dtype=np.uint8)
    p, odd, first = pk.pn_range(m, lo, hi, table, offsets, bits, out)
    return lo, out, int(p), int(odd), int(first)


def task_step(positions_per_task: int) -> int:
    """Positions per cluster task: a multiple of 8, so each task's bits start on a byte."""
    return max(8, positions_per_task // 8 * 8)


def size_tasks(
    task: Callable[[str, int, int, int, int], Any], path: Path, target: int, m: int, step: int
) -> list[Task]:
    """The cluster tasks of size m: ``task(path, target, m, lo, hi)`` (:func:`pn_range_task`
    or a wrapper of it) for each range of ``step`` positions."""
    from gamegraph.cluster import Task

    count = partition_counts(m)[m]
    memory = step // 8 + bits_bytes(target) // 4 + 2**28
    return [
        Task(task, (str(path), target, m, lo, min(lo + step, count)), memory=memory,
             name=f"crim-pn-{m}")
        for lo in range(0, count, step)
    ]  # fmt: skip


def set_range_bits(bits: np.ndarray, start: int, out: np.ndarray, length: int) -> None:
    """Set in ``bits`` the P bits of one task's range of ``length`` positions from position
    ``start`` (``out``, as :func:`pn_range_task` returns them)."""
    flags = np.unpackbits(out, bitorder="little")[:length]
    g = start + np.flatnonzero(flags)
    np.bitwise_or.at(bits, g >> 3, (1 << (g & 7)).astype(np.uint8))


def grundy_distribution(n: int) -> tuple[dict[int, dict[int, int]], float]:
    """{size: {Sprague–Grundy value: count}} for every size ≤ n, and the seconds it took."""
    from gamegraph.games.crim.engine import sweep_crim

    started = time.perf_counter()
    sweep = sweep_crim(n)
    out: dict[int, dict[int, int]] = {}
    for s in range(n + 1):
        values = sweep.grundy[int(sweep.offsets[s]) : int(sweep.offsets[s + 1])]
        histogram = np.bincount(values)
        out[s] = {int(v): int(histogram[v]) for v in np.flatnonzero(histogram)}
    return out, time.perf_counter() - started
