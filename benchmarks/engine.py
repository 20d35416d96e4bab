"""Engine benchmarks: time and peak memory of the in-memory builds, against the targets.

Each case runs in a fresh Python process (so its peak RSS is its own) after one warm-up
process has compiled the numba kernels into the cache. Prints one line per case with the
measured seconds, the peak resident memory, the target and the ratio measured / target: B_n,
G_n/H_n, Q (4-cycles by the local search, in one process), and the reach in memory of every
game of the seeds. The games' own scripts (engine_functional.py, engine_rbs_tch.py,
engine_crim.py, fourcycles_local.py) measure more.

    python benchmarks/engine.py            # every case
    python benchmarks/engine.py b60 g70    # some cases
    python benchmarks/engine.py --largest  # also search the largest full G_n in 16 GiB
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from gamegraph.games.floridian.engine import estimate_floridian

CASES: dict[str, tuple[str, float | None, float | None]] = {
    # name: (python body that builds and analyses; sets `result`), target s, target GiB
    "b60": ("result = gg.bulgarian(60).stats()", 2.0, None),
    "b80": ("result = gg.bulgarian(80).stats()", 60.0, 8.0),
    "g70": ("result = gg.floridian(70).stats()", 10.0, None),
    "r100": ("result = gg.floridian(100, restricted=True).stats()", 60.0, None),
    "all100": (
        textwrap.dedent(
            """
            result = {}
            for n in range(1, 101):
                s = gg.floridian(n, restricted=True).stats()
                result[n] = [s["recurrent"], s["core_arcs"], s["four_cycles"]]
            """
        ),
        900.0,
        None,
    ),
    # Q: the 4-cycles by the local search (shards, gamegraph.cluster), both rules
    "q100": (
        "cycles = four_cycles_in_range(1, 100)\n"
        "result = {r: build_lifting_graph(100, r, cycles=cycles).stats()['lifts'] for r in RULES}",
        120.0,
        None,
    ),
    "q125": (
        "cycles = four_cycles_in_range(1, 125)\n"
        "result = {r: build_lifting_graph(125, r, cycles=cycles).stats()['lifts'] for r in RULES}",
        3600.0,
        4.0,
    ),
    "q130": (
        "cycles = four_cycles_in_range(1, 130)\n"
        "result = {r: build_lifting_graph(130, r, cycles=cycles).stats()['lifts'] for r in RULES}",
        3600.0,
        4.0,
    ),
    # the games of the seeds (issue 11's reach in memory)
    "carolina26": ("result = gg.carolina(26).stats()", 60.0, 8.0),
    "austrian_all": (
        textwrap.dedent(
            """
            result = sum(
                gg.austrian(n, L=L).stats()["positions"]
                for L in range(1, 13)
                for n in range(1, 61)
            )
            """
        ),
        60.0,
        None,
    ),
    "montreal16": ("result = gg.montreal(16).stats()", 60.0, None),
    "dual80": ("result = gg.dual(80).stats()", 60.0, None),
    "rbs12exact": (
        "result = [gg.random_bulgarian(12, p=p, chain=c).stats() "
        "for p in ('1/2', '1/10') for c in ('popov', 'cardwise')]",
        None,
        None,
    ),
    "rbs40": ("result = gg.random_bulgarian(40, p='1/2').stats()", 60.0, None),
    "tch1e7": (
        "from gamegraph.games.tchoukaillon.roots import rightmost_holes, strange_roots\n"
        "result = [int(rightmost_holes(10**7)[-1]), int(strange_roots(10**7)[-1])]",
        10.0,
        None,
    ),
    "crim60": ("result = gg.crim(60).stats()", 120.0, 8.0),
}

PRELUDE = """
import json, resource, time
import gamegraph as gg
from gamegraph.cluster import configure
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.lifting.graph import RULES, build_lifting_graph, four_cycles_in_range
configure(local=True)  # one process: its peak memory is the case's
started = time.perf_counter()
"""
EPILOGUE = """
seconds = time.perf_counter() - started
peak = 1024 * max(
    resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
)
print(json.dumps({"seconds": seconds, "peak": peak, "result": str(result)[:300]}))
"""


def run(body: str) -> dict[str, float | str]:
    code = PRELUDE + textwrap.dedent(body) + EPILOGUE
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def full_g(n: int) -> dict[str, float | str]:
    return run(f"g = build_floridian({n}, force=True); result = g.stats()")


def main(argv: list[str]) -> None:
    largest = "--largest" in argv
    names = [a for a in argv if not a.startswith("--")] or list(CASES)
    run("result = [gg.floridian(20).stats(), gg.bulgarian(20).stats()]")  # compile once
    print(f"{'case':<12} {'seconds':>9} {'peak GiB':>9} {'target':>9} {'ratio':>6}  result")
    for name in names:
        body, target_s, target_gib = CASES[name]
        m = run(body)
        seconds, gib = float(m["seconds"]), float(m["peak"]) / 2**30
        ratio = f"{seconds / target_s:.2f}" if target_s else "-"
        mem = f" (≤ {target_gib} GiB)" if target_gib else ""
        print(
            f"{name:<12} {seconds:9.2f} {gib:9.2f} {target_s or 0:9.0f} {ratio:>6}  "
            f"{m['result'][:110]}{mem}"
        )
    if largest:
        print("\nfull G_n + H_n + analysis (largest n within 16 GiB):")
        for n in (80, 90, 100, 103, 106, 108, 110):
            estimate = estimate_floridian(n).bytes / 2**30
            if estimate > 16:
                print(f"  n = {n:3d}: estimated {estimate:.1f} GiB, over 16 GiB: not run")
                break
            m = full_g(n)
            gib = float(m["peak"]) / 2**30
            print(
                f"  n = {n:3d}: {float(m['seconds']):7.1f} s, peak {gib:5.2f} GiB "
                f"(estimate {estimate:.1f} GiB)"
            )
            if gib > 16:
                break


if __name__ == "__main__":
    main(sys.argv[1:])
