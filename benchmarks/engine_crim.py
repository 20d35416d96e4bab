"""CRIM engine benchmarks: time and peak memory of the builds, and the even-rank conjecture.

Each case runs in a fresh Python process (so its peak RSS is its own) after one warm-up
process has compiled the numba kernels into the cache. Prints one line per case with the
measured seconds, the peak resident memory, the target and the ratio measured / target.

    python benchmarks/engine_crim.py               # every case (~2.5 min here, loaded)
    python benchmarks/engine_crim.py crim60 conj80  # some cases
    python benchmarks/engine_crim.py --conjecture 90  # the conjecture for every size <= 90

The conjecture (seed 003): every P-position of CRIM has even rank λ_1 - ℓ(λ). The ``conj``
cases sweep every partition of size <= n (Grundy values only, 1 byte per position) and
print either "holds up to n" or the first P-position of odd rank.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from gamegraph.games.crim.engine import estimate_crim

CONJECTURE = """
s = sweep_crim({n}, force=True)
first = s.first_odd_rank_p_position()
result = {{
    "positions": int(s.offsets[-1]),
    "p_positions_of_n": int(s.p_count[-1]),
    "odd_rank_p": int(s.odd_rank_p.sum()),
    "conjecture": f"holds up to n = {n}" if first is None else f"fails at {{first}}",
}}
"""

CASES: dict[str, tuple[str, float | None, float | None]] = {
    # name: (python body that builds and analyses; sets `result`), target s, target GiB
    "crim40": ("g = build_crim(40); result = g.stats()", None, None),
    "crim60": (
        "g = build_crim(60); result = {'arcs': int(g.indices.shape[0]), **g.stats()}",
        120.0,
        8.0,
    ),
    "crim70": (
        "g = build_crim(70); result = {'arcs': int(g.indices.shape[0]), **g.stats()}",
        None,
        None,
    ),
    "keys60": ("g = build_crim(60); keys = g.keys(); result = [len(keys), keys[:6]]", None, None),
    "conj60": (CONJECTURE.format(n=60), None, None),
    "conj80": (CONJECTURE.format(n=80), None, None),
}

PRELUDE = """
import json, resource, time
from gamegraph.games.crim.engine import build_crim, estimate_crim, sweep_crim
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


def estimate_gib(name: str) -> str:
    """The engine's own estimate for a case, to compare with the measured peak."""
    if name.startswith(("crim", "conj")):
        estimate = estimate_crim(int(name[4:]), arcs=name.startswith("crim"))
        return f"{estimate.bytes / 2**30:.2f}"
    return "-"


def main(argv: list[str]) -> None:
    if "--conjecture" in argv:
        n = int(argv[argv.index("--conjecture") + 1])
        CASES[f"conj{n}"] = (CONJECTURE.format(n=n), None, None)
        argv = [f"conj{n}"]
    names = [a for a in argv if not a.startswith("--")] or list(CASES)
    run("build_crim(12); sweep_crim(12); build_crim(8).keys(); result = 0")  # compile once
    print(
        f"{'case':<8} {'seconds':>9} {'peak GiB':>9} {'est GiB':>8} {'target':>7} {'ratio':>6}"
        "  result"
    )
    for name in names:
        body, target_s, target_gib = CASES[name]
        m = run(body)
        seconds, gib = float(m["seconds"]), float(m["peak"]) / 2**30
        ratio = f"{seconds / target_s:.2f}" if target_s else "-"
        mem = f" (≤ {target_gib} GiB)" if target_gib else ""
        print(
            f"{name:<8} {seconds:9.2f} {gib:9.2f} {estimate_gib(name):>8} {target_s or 0:7.0f} "
            f"{ratio:>6}  {m['result'][:160]}{mem}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
