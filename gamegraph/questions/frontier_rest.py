"""The rest of the Fagan basin survey (issue 30 item 5): the ranges of n the committed report
did not reach (it stopped at 7,249,999), computed as Dask tasks of one 250,000-n chunk each.

Each chunk is written to the same cache folder :func:`gamegraph.games.tchoukaillon.basins.
fagan_basin_survey` reads (``~/.cache/gamegraph/frontier/chunks/fagan-basins-250000``), so an
interrupted run resumes at the first missing chunk and a later ``gamegraph frontier`` reuses
them. Every task reports its own peak resident memory (``ru_maxrss`` of the worker), so the
run states the memory it really held, not an estimate.
"""

from __future__ import annotations

import json
import resource
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

__all__ = ["chunk_with_memory", "crim_rest", "fagan_rest", "pn_range_with_memory"]


def chunk_with_memory(lo: int, hi: int, edges: Any) -> tuple[dict[str, Any], int]:
    """One basin chunk (its dict) and the worker's peak resident bytes after it."""
    from gamegraph.games.tchoukaillon.basins import basin_chunk

    chunk = basin_chunk(lo, hi, edges)
    return asdict(chunk), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def fagan_rest(lo: int, hi: int, cache: Path, say: Any = print) -> dict[str, Any]:
    """Basins of every lo <= n <= hi (chunk-aligned with the full survey), cached per chunk.

    Returns the basin-1 and basin-2 n found, the wall time, the task seconds and the peak
    resident memory of any worker."""
    from gamegraph.cluster import Task, run_tasks
    from gamegraph.games.tchoukaillon.basins import (
        BYTES_PER_N,
        CHUNK,
        OVERHEAD_BYTES,
        _ranges,
        plot_edges,
    )

    edges = plot_edges(hi)
    folder = cache / f"fagan-basins-{CHUNK}"
    folder.mkdir(parents=True, exist_ok=True)
    ranges = [r for r in _ranges(hi, CHUNK) if r[0] >= lo]
    todo = [r for r in ranges if not (folder / f"{r[0]}-{r[1]}.json").exists()]
    say(f"{len(ranges)} chunks in {lo}..{hi}, {len(ranges) - len(todo)} already cached")
    peaks: list[int] = []
    meta = folder / "peaks.json"
    if meta.exists():
        peaks = json.loads(meta.read_text("utf-8"))

    def store(i: int, result: tuple[dict[str, Any], int]) -> None:
        data, peak = result
        (folder / f"{data['lo']}-{data['hi']}.json").write_text(json.dumps(data), "utf-8")
        peaks.append(peak)
        meta.write_text(json.dumps(peaks), "utf-8")
        say(f"chunk {data['lo']}..{data['hi'] - 1}: {data['seconds']:.1f} s, peak {peak >> 20} MiB")

    started = time.perf_counter()
    tasks = [
        Task(
            chunk_with_memory,
            (a, b, edges),
            memory=OVERHEAD_BYTES + BYTES_PER_N * (b - a),
            name=f"fagan-basins-{a}",
        )
        for a, b in todo
    ]
    run_tasks(tasks, stage="basins", on_result=store)
    wall = time.perf_counter() - started
    chunks = [json.loads((folder / f"{a}-{b}.json").read_text("utf-8")) for a, b in ranges]
    small = sorted((n, s) for c in chunks for n, s in c["small"])
    return {
        "lo": lo,
        "hi": hi,
        "chunks": len(ranges),
        "computed_now": len(todo),
        "wall_seconds": round(wall, 1),
        "task_seconds": round(sum(c["seconds"] for c in chunks), 1),
        "peak_worker_bytes": max(peaks, default=0),
        "basin_one": [n for n, s in small if s == 1],
        "basin_two": [n for n, s in small if s == 2],
    }


def pn_range_with_memory(
    path: str, target: int, m: int, lo: int, hi: int
) -> tuple[tuple[int, Any, int, int, int], int]:
    """One CRIM P/N range task and the worker's peak resident bytes after it."""
    from gamegraph.games.crim.evenrank import pn_range_task

    result = pn_range_task(path, target, m, lo, hi)
    return result, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def crim_rest(
    target: int, folder: Path, *, positions_per_task: int = 2_000_000, say: Any = print
) -> dict[str, Any]:
    """CRIM's even-rank conjecture for every partition of size <= target, size by size, as
    Dask tasks over a memory-mapped bit file (the cluster design of
    :mod:`gamegraph.games.crim.evenrank`), checkpointed: after each size the bits are flushed
    and the size recorded in ``crim-pn-TARGET.json``, so an interrupted run resumes at the next
    size."""
    import numpy as np

    from gamegraph.cluster import run_tasks
    from gamegraph.games import _kernels as gk
    from gamegraph.games.crim.evenrank import _offsets, set_range_bits, size_tasks, task_step

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"crim-pn-{target}.bits"
    state_path = folder / f"crim-pn-{target}.json"
    table = gk.rank_table(target)
    counts = [int(table[s, s]) for s in range(target + 1)]
    offsets = _offsets(counts)
    shape = (int(offsets[-1]) // 8 + 1,)
    state: dict[str, Any] = {"sizes": [], "first_odd_rank_p": None}
    if path.exists() and state_path.exists():
        state = json.loads(state_path.read_text("utf-8"))
        bits = np.memmap(path, dtype=np.uint8, mode="r+", shape=shape)
    else:
        bits = np.memmap(path, dtype=np.uint8, mode="w+", shape=shape)
        bits[0] = 1
        bits.flush()
    say(f"CRIM to size {target}: {len(state['sizes'])} sizes already done")
    started = time.perf_counter()
    step = task_step(positions_per_task)
    for m in range(len(state["sizes"]) + 1, target + 1):
        t0 = time.perf_counter()
        tasks = size_tasks(pn_range_with_memory, path, target, m, step)
        p = odd = 0
        peak = 0
        for (lo, out, tp, todd, first), task_peak in run_tasks(tasks):
            p, odd, peak = p + tp, odd + todd, max(peak, task_peak)
            if first >= 0 and state["first_odd_rank_p"] is None:
                state["first_odd_rank_p"] = list(gk.unrank(int(first), m, table))
            set_range_bits(bits, int(offsets[m]) + lo, out, min(step, counts[m] - lo))
        bits.flush()
        seconds = time.perf_counter() - t0
        state["sizes"].append(
            {"size": m, "positions": counts[m], "p_positions": p, "odd_rank_p": odd,
             "seconds": round(seconds, 2), "tasks": len(tasks), "peak_worker_bytes": peak}
        )  # fmt: skip
        temporary = state_path.with_suffix(".tmp")
        temporary.write_text(json.dumps(state), "utf-8")
        temporary.replace(state_path)
        if counts[m] > 10**6:
            say(f"size {m}: {counts[m]:,} positions, {odd} odd-rank P, {seconds:.1f} s")
    return {
        "target": target,
        "reached": len(state["sizes"]),
        "odd_rank_p": sum(s["odd_rank_p"] for s in state["sizes"]),
        "first_odd_rank_p": state["first_odd_rank_p"],
        "wall_seconds_this_run": round(time.perf_counter() - started, 1),
        "seconds_all_sizes": round(sum(s["seconds"] for s in state["sizes"]), 1),
        "peak_worker_bytes": max((s["peak_worker_bytes"] for s in state["sizes"]), default=0),
        "bits_file_bytes": shape[0],
    }


if __name__ == "__main__":
    import sys

    from gamegraph.reporting._compute import user_cache

    if sys.argv[1] == "odd-rank":  # CRIM's odd-rank sweep
        summary = crim_rest(int(sys.argv[2]), user_cache("frontier") / "odd-rank")
    else:
        low, high = int(sys.argv[1]), int(sys.argv[2])
        summary = fagan_rest(low, high, user_cache("frontier") / "chunks")
    print(json.dumps(summary, indent=1))
