"""Local 4-cycle search: time and peak memory per n, equality with the engine, growth, and Q.

Each n runs in a fresh Python process (so its peak RSS is its own), after a warm-up process
has compiled the numba kernels into the cache; each process loads them before its clock
starts. For every n it prints the search time (all shards, single process; short runs are
repeated and the fastest kept, as other work on the machine makes them noisy), the
candidates, the 4-cycles, the peak RSS of the process and the kernel's own memory estimate;
for n <= --compare-max the restricted engine (which builds G_n) runs alone in its own
process and the two sets of cycles are compared. Then a fit of the time per n, the
projected time of every n <= --project-max on --workers workers, and Q for n <= --q-max
under both lifting rules from the local cycles.

    python benchmarks/fourcycles_local.py                       # n = 100..125, engine to 116
    python benchmarks/fourcycles_local.py --compare-max 0       # no engine runs
    GAMEGRAPH_MEMORY_LIMIT=18G python benchmarks/fourcycles_local.py --n-min 116 --n-max 116
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from typing import Any

import numpy as np

LOCAL = """
import json, resource, sys, time
from gamegraph.games.floridian.fourcycles_local import run_shard, shards
n = int(sys.argv[1])
started = time.perf_counter()
run_shard(shards(10)[0])  # load the compiled kernels before timing
load_seconds = time.perf_counter() - started
times = []
while len(times) < 3 and sum(times) < 1.0:  # short runs are repeated, the fastest kept
    started = time.perf_counter()
    parts = shards(n)
    results = [run_shard(shard) for shard in parts]
    times.append(time.perf_counter() - started)
seconds = min(times)
keys = sorted(c.key for r in results for c in r.cycles)
print(json.dumps({
    "seconds": seconds,
    "load_seconds": load_seconds,
    "shards": len(parts),
    "candidates": sum(s.candidates for s in parts),
    "largest_shard": max(s.candidates for s in parts),
    "memory_estimate": parts[0].memory_bytes,
    "preimages": sum(r.preimages for r in results),
    "legal_moves": sum(r.legal_moves for r in results),
    "keys": keys,
    "peak_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
}))
"""

ENGINE = """
import json, resource, sys, time
from gamegraph.games.floridian.engine import build_floridian
n = int(sys.argv[1])
build_floridian(10, restricted=True).four_cycles()  # load the compiled kernels before timing
started = time.perf_counter()
keys = sorted(c.key for c in build_floridian(n, restricted=True, force=True).four_cycles())
print(json.dumps({
    "seconds": time.perf_counter() - started,
    "keys": keys,
    "peak_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
}))
"""

Q = """
import json, sys, time
from gamegraph.games.floridian.fourcycles_local import four_cycles_local
from gamegraph.games.lifting.graph import RULES, build_lifting_graph
n_max = int(sys.argv[1])
four_cycles_local(10)  # load the compiled kernels before timing
started = time.perf_counter()
cycles = [c for n in range(1, n_max + 1) for c in four_cycles_local(n)]
out = {"cycles": len(cycles), "cycle_seconds": time.perf_counter() - started, "rules": {}}
for rule in RULES:
    started = time.perf_counter()
    q = build_lifting_graph(n_max, rule, cycles=cycles)
    stats = q.stats()
    out["rules"][rule] = {
        "seconds": time.perf_counter() - started,
        "lifts": stats["lifts"],
        "components": stats["components"],
        "components_with_multiple_sources": stats["components_with_multiple_sources"],
        "non_lifting": [c.key for c in q.non_lifting],
        # a lift is built from its source and checked in G_{n+2m+4}: one landing at n <= n_max
        # on a cycle the search did not find would show a cycle missed
        "missed_targets": sorted(
            {f.target.key for f in q.lifts if f.target.n <= n_max and not q.in_range(f.target)}
        ),
    }
print(json.dumps(out))
"""


def run(body: str, *args: object) -> dict[str, Any]:
    """Run a snippet in a fresh interpreter; it prints one JSON line."""
    done = subprocess.run(
        [sys.executable, "-c", body, *map(str, args)],
        capture_output=True,
        text=True,
        check=True,
        env=os.environ.copy(),
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def gib(size: float) -> str:
    return f"{size / 2**30:.2f} GiB" if size >= 2**30 else f"{size / 2**20:.1f} MiB"


def fit(ns: list[int], values: list[float], label: str) -> tuple[str, float, float, float]:
    """Best of three least-squares fits of log(value): against sqrt(n), n and log n.

    Prints each and returns (model, c, intercept, rms residual of the log) of the best.
    """
    logv = np.log(np.asarray(values, dtype=float))
    best: tuple[str, float, float, float] | None = None
    for model, x in (
        ("exp(c·sqrt(n))", np.sqrt(ns)),
        ("exp(c·n)", np.asarray(ns, dtype=float)),
        ("n^c", np.log(ns)),
    ):
        c, b = np.polyfit(x, logv, 1)
        rms = float(np.sqrt(np.mean((logv - (c * x + b)) ** 2)))
        print(f"  fit {label} ∝ {model:15} c = {c:.4f}  rms(log) = {rms:.4f}")
        if best is None or rms < best[3]:
            best = (model, float(c), float(b), rms)
    assert best is not None
    return best


def predict(model: str, c: float, b: float, n: int) -> float:
    x = {"exp(c·sqrt(n))": math.sqrt(n), "exp(c·n)": float(n), "n^c": math.log(n)}[model]
    return math.exp(c * x + b)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n-min", type=int, default=100)
    parser.add_argument("--n-max", type=int, default=125)
    parser.add_argument("--n-step", type=int, default=1)
    parser.add_argument("--compare-max", type=int, default=116, help="engine check up to this n")
    parser.add_argument("--project-max", type=int, default=150)
    parser.add_argument("--workers", type=int, default=64)
    parser.add_argument("--q-max", type=int, default=125, help="Q for n <= this (0: skip)")
    args = parser.parse_args()

    run(LOCAL, 10)  # warm-up: compile the kernels into the numba cache
    ns: list[int] = []
    seconds: list[float] = []
    candidates: list[float] = []
    loads: list[float] = []
    total = 0.0
    print(
        f"{'n':>4} {'time s':>8} {'cands':>9} {'shards':>6} {'cycles':>6} {'peak RSS':>9} "
        f"{'kernel est':>10}  engine"
    )
    for n in range(args.n_min, args.n_max + 1, args.n_step):
        local = run(LOCAL, n)
        total += local["seconds"]
        ns.append(n)
        seconds.append(local["seconds"])
        candidates.append(local["candidates"])
        loads.append(local["load_seconds"])
        line = (
            f"{n:>4} {local['seconds']:>8.3f} {local['candidates']:>9,} {local['shards']:>6} "
            f"{len(local['keys']):>6} {gib(local['peak_rss']):>9} "
            f"{gib(local['memory_estimate']):>10}"
        )
        if n <= args.compare_max:
            engine = run(ENGINE, n)
            verdict = "EQUAL" if engine["keys"] == local["keys"] else "DIFFERENT"
            line += (
                f"  {verdict} ({len(engine['keys'])} cycles, {engine['seconds']:.1f} s, "
                f"{gib(engine['peak_rss'])})"
            )
        print(line, flush=True)
    print(f"total search time for these n: {total:.2f} s (single process)")

    if len(ns) >= 3:
        fit(ns, candidates, "candidates")
        model, c, b, _ = fit(ns, seconds, "time")
        projected = sum(predict(model, c, b, n) for n in range(1, args.project_max + 1))
        slowest = predict(model, c, b, args.project_max)
        print(
            f"growth: t(n) ∝ {model} with c = {c:.4f} (best fit of the time); every n <= "
            f"{args.project_max}: {projected:.1f} s in one process, "
            f"~{projected / args.workers:.2f} s of search per worker on {args.workers} "
            f"workers (sharded; n = {args.project_max} alone ~{slowest:.2f} s), plus each "
            f"worker's start and kernel load (~{max(loads):.1f} s here)"
        )

    if args.q_max > 0:
        q = run(Q, args.q_max)
        print(
            f"Q for n <= {args.q_max}: {q['cycles']} 4-cycles found in "
            f"{q['cycle_seconds']:.1f} s (one process)"
        )
        for rule, data in q["rules"].items():
            stuck = sorted(int(key.split(":")[0]) for key in data["non_lifting"])
            print(
                f"  {rule:5}: lifting {data['seconds']:.1f} s, {data['lifts']} lifts, "
                f"{data['components']} components, "
                f"{data['components_with_multiple_sources']} with more than one source, "
                f"{len(stuck)} non-lifting cycles"
                + (f" at n = {stuck}" if len(stuck) <= 20 else "")
                + f"; lift targets at n <= {args.q_max} not found: {len(data['missed_targets'])}"
            )


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"benchmark wall time {time.perf_counter() - started:.0f} s")
