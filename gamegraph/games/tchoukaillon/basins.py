"""Fagan basins of every n up to a bound, by the fast sieve, as Dask tasks over ranges of n.

The basin of n is #{m ≥ 1 : cf(m) = n} (OEIS A204539). With f(k) the least number of stones
whose winnable board uses hole k, sr(N) = k ⇔ f(k − 1) < N ≤ f(k) and cf(m) = sr(2m), so
the basin of n is ⌊f(n)/2⌋ − ⌊f(n − 1)/2⌋ (:mod:`.roots`). f(n) ≈ n²/π gives an expected
basin of about n/π. :mod:`._sieve_kernels` computes f(k) in O(k^{2/3}) (long runs with a
closed form, then vector steps), so every n ≤ N costs O(N^{5/3}).

:func:`fagan_basin_survey` splits 2..N into ranges inside each decade, runs one
:func:`basin_chunk` per range through :func:`gamegraph.cluster.run_tasks` (this machine, or
``--scheduler`` for a cluster) and merges the chunks into a :class:`BasinSurvey`: every n
with basin 1 or 2, the basin sizes binned for a plot, and the time per decade.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gamegraph.games.tchoukaillon import _sieve_kernels as sk
from gamegraph.games.tchoukaillon.boards import TchoukaillonError

__all__ = [
    "A185001",
    "A204540",
    "BasinChunk",
    "BasinSurvey",
    "basin_chunk",
    "basin_sizes",
    "fagan_basin_survey",
    "fast_first_stones",
    "plot_edges",
]

A204540 = (2, 3, 4, 6, 14, 1760, 39046)
"""The n known (seed 002 l.9, OEIS A204540) to be alone in their Fagan basin."""

A185001 = (
    5, 8, 10, 16, 22, 26, 106, 110, 182, 234, 282, 288, 318, 434, 766, 1056, 1072, 1462, 1550,
    1930, 3024, 4330, 5424, 9398, 10634, 53094, 90602, 151632, 384002, 511638, 530102, 1364850,
    1887006, 2193072, 3138096, 6470672, 6959070,
)  # fmt: skip
"""The 37 n with a Fagan basin of two that OEIS A185001 lists (C. Fagan, 2012: "a search of
numbers up to 10,000,000 has not uncovered any further"); not in the seeds, quoted from the
OEIS entry for the comparison."""

CHUNK = 250_000
"""Most n per task: about 40 MB of arrays, a few seconds to a minute of work."""

SMALL_BASIN = 2
"""Basins of at most this size are listed one by one."""

BINS_PER_DECADE = 50
"""Logarithmic bins of n for the plot (min, mean and max basin per bin), the same for every
bound, so that the ranges already computed serve any later bound."""

BYTES_PER_N = 48  #: f (int64), the basins, their ratios and masks per n of a chunk
OVERHEAD_BYTES = 200 * 2**20  #: interpreter, numpy, numba per worker


def fast_first_stones(lo: int, hi: int) -> np.ndarray:
    """f(k) for lo ≤ k < hi by the fast sieve (equal to the O(k) sieve for every k)."""
    if not 0 <= lo <= hi or hi - 1 > sk.MAX_K:
        raise TchoukaillonError(
            f"k from {lo} to {hi - 1} is out of range: the fast sieve takes 0 <= k <= {sk.MAX_K}"
        )
    return sk.fast_first_stones(lo, hi)


def basin_sizes(lo: int, hi: int) -> np.ndarray:
    """out[i] = the Fagan basin of n = lo + i, lo ≥ 2 (from f on lo − 1..hi − 1)."""
    f = fast_first_stones(lo - 1, hi)
    sizes: np.ndarray = f[1:] // 2 - f[:-1] // 2
    return sizes


def plot_edges(n_max: int) -> np.ndarray:
    """Bin edges (integers, increasing) from 2 to n_max + 1, :data:`BINS_PER_DECADE` per
    decade of n (the last bin ends at n_max + 1)."""
    steps = np.arange(0.0, np.log10(sk.MAX_K) + 1e-9, 1.0 / BINS_PER_DECADE)
    edges = np.unique(np.round(10.0**steps).astype(np.int64))
    edges = edges[(edges > 2) & (edges <= n_max)]
    return np.concatenate(([2], edges, [n_max + 1])).astype(np.int64)


@dataclass(frozen=True)
class BasinChunk:
    """One range lo ≤ n < hi: its small basins, binned sizes and its time."""

    lo: int
    hi: int
    small: list[tuple[int, int]]  #: (n, basin) for every basin ≤ SMALL_BASIN
    bins: list[tuple[int, int, int, int, int]]  #: (bin's first n, count, min, sum, max)
    least_ratio: tuple[int, float]  #: (n, basin/(n/π)) with the smallest ratio
    largest_ratio: tuple[int, float]
    seconds: float


def _chunk_from(data: dict[str, Any]) -> BasinChunk:
    """A chunk read back from the JSON :func:`fagan_basin_survey` keeps (lists as tuples)."""
    return BasinChunk(
        data["lo"],
        data["hi"],
        [tuple(pair) for pair in data["small"]],
        [tuple(row) for row in data["bins"]],
        tuple(data["least_ratio"]),
        tuple(data["largest_ratio"]),
        data["seconds"],
    )


def basin_chunk(lo: int, hi: int, edges: np.ndarray) -> BasinChunk:
    """The basins of lo ≤ n < hi, summarised (the work of one task)."""
    started = time.perf_counter()
    sizes = basin_sizes(lo, hi)
    ns = np.arange(lo, hi, dtype=np.int64)
    small_at = np.flatnonzero(sizes <= SMALL_BASIN)
    small = [(int(ns[i]), int(sizes[i])) for i in small_at]
    ratio = sizes * math.pi / ns
    low, high = int(np.argmin(ratio)), int(np.argmax(ratio))
    which = np.searchsorted(edges, ns, side="right") - 1
    bins = []
    for b in np.unique(which):
        part = sizes[which == b]
        first = max(int(edges[b]), lo)
        bins.append((first, int(part.size), int(part.min()), int(part.sum()), int(part.max())))
    return BasinChunk(
        lo,
        hi,
        small,
        bins,
        (int(ns[low]), float(ratio[low])),
        (int(ns[high]), float(ratio[high])),
        time.perf_counter() - started,
    )


@dataclass(frozen=True)
class BasinSurvey:
    """Every Fagan basin of 2 ≤ n ≤ n_max, summarised."""

    n_max: int
    basin_one: list[int]  #: every n alone in its basin
    new_basin_one: list[int]  #: basin 1 beyond A204540
    basin_two: list[int]  #: every n whose basin has two members
    basin_two_not_in_a185001: list[int]
    a185001_missing: list[int]  #: A185001 terms ≤ n_max not found
    edges: list[int]  #: plot bins [edges[i], edges[i+1])
    bin_min: list[int]
    bin_mean: list[float]
    bin_max: list[int]
    least_ratio: tuple[int, float]  #: the n with the smallest basin/(n/π)
    largest_ratio: tuple[int, float]
    seconds_per_decade: dict[str, float]  #: "10^d..10^(d+1)" -> task seconds
    task_seconds: float  #: the tasks' own times, summed
    wall_seconds: float
    tasks: int
    #: c in "a range [a, b) costs c·(b^(5/3) − a^(5/3)) task seconds", fitted on the ranges
    #: of n >= 10^6 (the cost per n grows like n^(2/3)); it projects larger bounds
    cost_constant: float

    def as_dict(self) -> dict[str, object]:
        """The fields in order (ratios as lists, as JSON has them), then the projections."""
        return asdict(self) | {
            "least_ratio": list(self.least_ratio),
            "largest_ratio": list(self.largest_ratio),
            "projected_task_seconds": {
                f"10^{d}": round(self.projected_seconds(10**d), 0) for d in (7, 8)
            },
        }

    def projected_seconds(self, n_max: int) -> float:
        """Task seconds for every n <= n_max at the fitted cost (0 if nothing to fit)."""
        return float(self.cost_constant * (n_max ** (5 / 3) - 2 ** (5 / 3)))


def _ranges(n_max: int, chunk: int) -> list[tuple[int, int]]:
    """[lo, hi) ranges covering 2..n_max, none crossing a power of 10, at most chunk long."""
    out = []
    lo = 2
    while lo <= n_max:
        decade_end = 10 ** (len(str(lo)))  # next power of 10 above lo
        hi = min(lo + chunk, decade_end, n_max + 1)
        out.append((lo, hi))
        lo = hi
    return out


def _decade(n: int) -> str:
    d = len(str(n)) - 1
    return f"10^{d}..10^{d + 1}"


def fagan_basin_survey(
    n_max: int,
    *,
    chunk: int = CHUNK,
    cache: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> BasinSurvey:
    """The Fagan basin of every 2 ≤ n ≤ n_max, as tasks on gamegraph.cluster.

    With ``cache`` (a directory), each finished range is kept there as it arrives and a
    later call computes only the missing ranges (an interrupted run resumes)."""
    from gamegraph.cluster import Task, run_tasks

    if not isinstance(n_max, int) or not 2 <= n_max <= sk.MAX_K - 1:
        raise TchoukaillonError(f"n_max = {n_max} must be an integer in 2..{sk.MAX_K - 1}")
    edges = plot_edges(n_max)
    ranges = _ranges(n_max, chunk)
    folder = None if cache is None else cache / f"fagan-basins-{chunk}"
    kept: dict[int, BasinChunk] = {}
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        for i, (lo, _) in enumerate(ranges):
            path = folder / f"{lo}-{ranges[i][1]}.json"
            if path.exists():
                kept[i] = _chunk_from(json.loads(path.read_text("utf-8")))
    todo = [i for i in range(len(ranges)) if i not in kept]
    tasks = [
        Task(
            basin_chunk,
            (ranges[i][0], ranges[i][1], edges),
            memory=OVERHEAD_BYTES + BYTES_PER_N * (ranges[i][1] - ranges[i][0]),
            name=f"fagan-basins-{ranges[i][0]}",
            small=ranges[i][1] < 10_000,
        )
        for i in todo
    ]

    def store(i: int, result: BasinChunk) -> None:
        if folder is not None:
            path = folder / f"{result.lo}-{result.hi}.json"
            path.write_text(json.dumps(asdict(result)), "utf-8")

    started = time.perf_counter()

    def report(stage: str, done: int, total: int) -> None:
        if progress is not None:
            progress(done, total)

    fresh: list[BasinChunk] = run_tasks(tasks, report, stage="basins", on_result=store)
    wall = time.perf_counter() - started
    kept.update(zip(todo, fresh, strict=True))
    chunks = [kept[i] for i in range(len(ranges))]
    count = np.zeros(len(edges) - 1, dtype=np.int64)
    low = np.full(len(edges) - 1, np.iinfo(np.int64).max, dtype=np.int64)
    high = np.zeros(len(edges) - 1, dtype=np.int64)
    total = np.zeros(len(edges) - 1, dtype=np.float64)
    per_decade: dict[str, float] = {}
    small: list[tuple[int, int]] = []
    for c in chunks:
        small += c.small
        for first, k, mn, sm, mx in c.bins:
            b = int(np.searchsorted(edges, first, side="right")) - 1
            count[b] += k
            low[b] = min(low[b], mn)
            high[b] = max(high[b], mx)
            total[b] += sm
        per_decade[_decade(c.lo)] = per_decade.get(_decade(c.lo), 0.0) + c.seconds
    keep = count > 0
    fitted = [c for c in chunks if c.lo >= 10**6]
    work = sum(c.hi ** (5 / 3) - c.lo ** (5 / 3) for c in fitted)
    constant = sum(c.seconds for c in fitted) / work if work else 0.0
    one = sorted(n for n, s in small if s == 1)
    two = sorted(n for n, s in small if s == 2)
    return BasinSurvey(
        n_max=n_max,
        basin_one=one,
        basin_two=two,
        edges=[int(e) for e in edges],
        bin_min=[int(v) if k else 0 for v, k in zip(low, keep, strict=True)],
        bin_mean=[round(float(t / c), 3) if c else 0.0 for t, c in zip(total, count, strict=True)],
        bin_max=[int(v) for v in high],
        least_ratio=min((c.least_ratio for c in chunks), key=lambda r: r[1]),
        largest_ratio=max((c.largest_ratio for c in chunks), key=lambda r: r[1]),
        seconds_per_decade={k: round(v, 2) for k, v in per_decade.items()},
        task_seconds=round(sum(c.seconds for c in chunks), 2),
        wall_seconds=round(wall, 2),
        tasks=len(tasks),
        cost_constant=constant,
        new_basin_one=[n for n in one if n not in A204540],
        basin_two_not_in_a185001=[n for n in two if n not in A185001],
        a185001_missing=[n for n in A185001 if n <= n_max and n not in two],
    )
