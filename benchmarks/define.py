"""The engine for defined games against the built-in Bulgarian engine (issue 18 item 2).

Each case runs in a fresh Python process, timed whole (interpreter start, imports, the build
and its analysis, ``stats()``), after one warm-up process per form has compiled the numba
kernels into the cache. Prints, from one run, the seconds and peak resident memory of:

- the built-in engine, B_n (``gg.bulgarian(n)``);
- a pure-Python Bulgarian move (examples/gamegraph-examples, ``defined-bulgarian``), called
  once per position, its results ranked by the compiled kernels;
- the same move written for numba (``compiled=True``),

at n = 60 and 70, with the ratios to the built-in engine and the targets: pure Python over
p(60) in at most 15 s and over p(70) in at most 60 s, the compiled form within 3x of the
built-in engine at n = 70, memory within 2x. Beside the wall seconds, each process's CPU
seconds (user + system): on a shared machine they say more than the wall clock.

    python benchmarks/define.py             # n = 60 and 70
    python benchmarks/define.py 40 50       # other n
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time

COMPILED = textwrap.dedent(
    """
    import numba

    @numba.njit
    def move(parts, n, out):
        k = parts.shape[0]
        m = 0
        inserted = False
        for v in parts:
            if not inserted and k >= v - 1:
                out[m] = k
                m += 1
                inserted = True
            if v > 1:
                out[m] = v - 1
                m += 1
        if not inserted:
            out[m] = k
            m += 1
        return m

    factory = gg.solitaire(name="bench-compiled-bulgarian", compiled=True)(move)
    """
)

FORMS = {
    "built-in": "factory = gg.bulgarian",
    "python": "factory = gg.defined_bulgarian",
    "compiled": COMPILED,
}
"""How each form gets its factory (the defined Bulgarian comes from the examples package)."""

CHILD = """
import resource, json
import gamegraph as gg
{setup}
stats = factory({n}).stats()
usage = resource.getrusage(resource.RUSAGE_SELF)
peak = usage.ru_maxrss * 1024
cpu = usage.ru_utime + usage.ru_stime
print(json.dumps({{"positions": stats["positions"], "cycles": stats["cycles"], "peak": peak,
                  "cpu": cpu}}))
"""

TARGETS = {
    ("python", 60): ("seconds", 15.0),
    ("python", 70): ("seconds", 60.0),
}


def run(form: str, n: int) -> dict[str, float]:
    """One fresh process: wall seconds, peak bytes, and what it built."""
    body = CHILD.format(setup=FORMS[form], n=n)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", body], capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode:
        raise SystemExit(f"{form} n={n} failed: {done.stderr.strip().splitlines()[-1]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    result["seconds"] = seconds
    return result


def _met(ok: bool) -> str:
    return "met" if ok else "MISSED"


def main(ns: list[int]) -> None:
    for form in FORMS:  # warm-up: compile the kernels into the cache
        run(form, 8)
    print(
        f"{'case':<22}{'positions':>11}{'seconds':>9}{'cpu s':>8}{'peak MiB':>10}"
        f"{'time x':>8}{'cpu x':>7}{'mem x':>7}"
    )
    for n in ns:
        base = run("built-in", n)
        for form in FORMS:
            found = base if form == "built-in" else run(form, n)
            assert found["positions"] == base["positions"] and found["cycles"] == base["cycles"]
            ratio_t = found["seconds"] / base["seconds"]
            ratio_c = found["cpu"] / base["cpu"]
            ratio_m = found["peak"] / base["peak"]
            note = ""
            if (form, n) in TARGETS:
                _, limit = TARGETS[(form, n)]
                note = (
                    f"  target <= {limit:.0f} s: wall {_met(found['seconds'] <= limit)}, "
                    f"cpu {_met(found['cpu'] <= limit)}"
                )
            if form == "compiled" and n == 70:
                note = f"  target <= 3x: wall {_met(ratio_t <= 3)}, cpu {_met(ratio_c <= 3)}"
            if form != "built-in":
                note += f"; memory <= 2x: {_met(ratio_m <= 2)}"
            print(
                f"{form + ' n=' + str(n):<22}{int(found['positions']):>11,}"
                f"{found['seconds']:>9.2f}{found['cpu']:>8.2f}{found['peak'] / 2**20:>10.0f}"
                f"{ratio_t:>8.2f}{ratio_c:>7.2f}{ratio_m:>7.2f}{note}"
            )


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [60, 70])
