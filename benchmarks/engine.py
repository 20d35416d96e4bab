"""Engine benchmarks: time and peak memory of the in-memory builds, against the targets.

Each case runs in a fresh Python process (so its peak RSS is its own) after one warm-up
process has compiled the numba kernels into the cache. Prints one line per case with the
measured seconds, the peak resident memory, the target and the ratio measured / target.

    python benchmarks/engine.py            # every case of issue 3 and 4 (~6 min here)
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
    "b60": ("g = build_bulgarian(60); result = g.stats()", 2.0, None),
    "b80": ("g = build_bulgarian(80); result = g.stats()", 60.0, 8.0),
    "g70": ("g = build_floridian(70); result = g.stats()", 10.0, None),
    "r100": (
        "g = build_floridian(100, restricted=True); result = g.stats()",
        60.0,
        None,
    ),
    "all100": (
        textwrap.dedent(
            """
            result = {}
            for n in range(1, 101):
                s = build_floridian(n, restricted=True).stats()
                result[n] = [s["recurrent"], s["core_arcs"], s["four_cycles"]]
            """
        ),
        900.0,
        None,
    ),
    "q100": (
        textwrap.dedent(
            """
            cycles = four_cycles_in_range(1, 100)
            result = {r: build_lifting_graph(100, r, cycles=cycles).stats() for r in RULES}
            """
        ),
        120.0,
        None,
    ),
}

PRELUDE = """
import json, resource, time
from gamegraph.games.bulgarian.engine import build_bulgarian
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.lifting.graph import RULES, build_lifting_graph, four_cycles_in_range
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
    run("g = build_floridian(20); build_bulgarian(20); result = 0")  # compile once
    print(f"{'case':<8} {'seconds':>9} {'peak GiB':>9} {'target':>9} {'ratio':>6}  result")
    for name in names:
        body, target_s, target_gib = CASES[name]
        m = run(body)
        seconds, gib = float(m["seconds"]), float(m["peak"]) / 2**30
        ratio = f"{seconds / target_s:.2f}" if target_s else "-"
        mem = f" (≤ {target_gib} GiB)" if target_gib else ""
        print(
            f"{name:<8} {seconds:9.2f} {gib:9.2f} {target_s or 0:9.0f} {ratio:>6}  "
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
