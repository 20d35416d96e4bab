"""Benchmarks of the functional-graph engines (Carolina, Austrian, Montreal, Dual Bulgarian).

Each case runs in a fresh Python process (so its peak RSS is its own) after one warm-up
process has compiled the numba kernels into the cache. Prints one line per case with the
measured seconds, the peak resident memory, the target, the ratio measured / target and the
engine's estimate of the peak (for the single-build cases).

    python benchmarks/engine_functional.py                 # every case (~2 min here)
    python benchmarks/engine_functional.py carolina26      # some cases
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

CASES: dict[str, tuple[str, float, float | None, str | None]] = {
    # name: (python body that builds and analyses; sets `result`), target s, target GiB,
    # the estimate call whose bytes are compared with the measured peak
    "carolina26": (
        "result = build_carolina(26).stats()",
        60.0,
        8.0,
        "estimate_carolina(26)",
    ),
    "austrian_all": (
        textwrap.dedent(
            """
            result = {"states": 0, "cycles": 0}
            for L in range(1, 13):
                for n in range(1, 61):
                    s = build_austrian(n, L).stats()
                    result["states"] += s["positions"]
                    result["cycles"] += s["cycles"]
            """
        ),
        60.0,
        None,
        None,
    ),
    "austrian60_12": (
        "result = build_austrian(60, 12).stats()",
        60.0,
        None,
        "estimate_austrian(60, 12)",
    ),
    "montreal16": ("result = build_montreal(16).stats()", 60.0, None, "estimate_montreal(16)"),
    "montreal16x": (
        "result = build_montreal(16, space='X').stats()",
        60.0,
        None,
        "estimate_montreal(16)",
    ),
    "dual80": ("result = build_dual(80).stats()", 60.0, None, "estimate_dual(80)"),
}

PRELUDE = """
import json, resource, time
import gamegraph as gg
build_carolina, build_dual = gg.carolina, gg.dual
build_austrian = lambda n, L: gg.austrian(n, L=L)
build_montreal = lambda n, space="I": gg.montreal(n, space=space)
estimate_carolina = lambda n: gg.carolina.graph(n).estimate()
estimate_dual = lambda n: gg.dual.graph(n).estimate()
estimate_austrian = lambda n, L: gg.austrian.graph(n, L=L).estimate()
estimate_montreal = lambda n: gg.montreal.graph(n).estimate()
started = time.perf_counter()
"""
EPILOGUE = """
seconds = time.perf_counter() - started
peak = 1024 * max(
    resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
)
estimate = ({estimate}).bytes if {has_estimate} else 0
print(json.dumps({{"seconds": seconds, "peak": peak, "estimate": estimate, "result": str(result)}}))
"""


def run(body: str, estimate: str | None = None) -> dict[str, float | str]:
    epilogue = EPILOGUE.format(estimate=estimate or "None", has_estimate=estimate is not None)
    code = PRELUDE + textwrap.dedent(body) + epilogue
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    names = [a for a in argv if not a.startswith("--")] or list(CASES)
    warm_up = (
        "build_carolina(5); build_austrian(9, 3); build_austrian(9, 3).keys(); "
        "build_montreal(6, space='X').keys(); build_dual(9).keys(); "
        "build_carolina(5).keys(); result = 0"
    )
    run(warm_up)  # compile once
    header = (
        f"{'case':<14} {'seconds':>8} {'peak GiB':>9} {'est GiB':>8} {'target':>7} {'ratio':>6}"
    )
    print(header + "  result")
    for name in names:
        body, target_s, target_gib, estimate = CASES[name]
        m = run(body, estimate)
        seconds, gib = float(m["seconds"]), float(m["peak"]) / 2**30
        est = f"{float(m['estimate']) / 2**30:8.2f}" if estimate else f"{'-':>8}"
        mem = f" (≤ {target_gib} GiB)" if target_gib else ""
        print(
            f"{name:<14} {seconds:8.2f} {gib:9.2f} {est} {target_s:7.0f} "
            f"{seconds / target_s:6.2f}  {str(m['result'])[:150]}{mem}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
