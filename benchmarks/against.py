"""The engine against another commit, in one run: the same cases built by this checkout and
by REV (a git worktree of it, imported first through PYTHONPATH), alternately, each in a fresh
process, several rounds; prints each side's best wall and CPU seconds and the ratios.

Cases: B_70 and the full G_60 with their analyses (the built-in engines), the Bulgarian move
written in pure Python over p(60) (the examples package's ``defined-bulgarian``, target
<= 4.5 s) and as a compiled definition over p(70), Carolina, CRIM, random Bulgarian,
Tchoukaillon, Austrian and Montreal at sizes of a second or more, two of the survey's games,
and the three-dimensional game on the plane partitions of 24.

    python benchmarks/against.py                    # against HEAD~1
    python benchmarks/against.py --against 661850d --rounds 5 b70 g60
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from define import COMPILED  # benchmarks/define.py, beside this script

ROOT = Path(__file__).resolve().parent.parent

CASES = {
    "b70": "result = gg.bulgarian(70).stats()",
    "g60": "result = gg.floridian(60).stats()",
    "defined-b60": "result = gg.defined_bulgarian(60).stats()",
    "compiled-b70": COMPILED + "result = factory(70).stats()",  # define.py's numba move
    "carolina24": "result = gg.carolina(24).stats()",
    "crim50": "result = gg.crim(50).stats()",
    "rbs30": "result = gg.random_bulgarian(30).stats()",
    "tch1e6": "result = gg.tchoukaillon(10**6).stats()",
    "austrian150": "result = gg.austrian(150, L=4).stats()",
    "montreal14": "result = gg.montreal(14).stats()",
    "survey": (
        "result = [gg.multiplayer_bulgarian(22, players=2).stats()['cycles'], "
        "gg.bulgarian_3d(16).stats()['cycles']]"
    ),
    "b3d24": "result = gg.bulgarian_3d(24).stats()",  # 451,194 plane partitions
}
TARGETS = {"defined-b60": 4.5}
"""Seconds a case must take at most (issue 28: the pure-Python B_60)."""

CHILD = """
import json, resource, time
started = time.perf_counter()
import gamegraph as gg
assert gg.__file__.startswith({root!r}), gg.__file__  # the side's own code
{body}
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"seconds": time.perf_counter() - started,
                  "cpu": usage.ru_utime + usage.ru_stime, "result": str(result)[:200]}}))
"""


def run(body: str, tree: Path | None) -> dict[str, float | str]:
    """One fresh process, started outside every checkout (``python -c`` puts its working
    folder first on the path); ``tree``: a checkout imported first (None: this one)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    started = time.perf_counter()
    root = str(tree or ROOT)
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(body=body, root=root)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    if done.returncode:
        raise SystemExit(f"failed ({tree or 'this checkout'}): {done.stderr.strip()[-400:]}")
    found: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    found["wall"] = time.perf_counter() - started  # the whole process: imports included
    return found


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", help=f"cases (default all): {', '.join(CASES)}")
    parser.add_argument("--against", default="HEAD~1", help="the other commit (HEAD~1)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each case on each side")
    args = parser.parse_args(argv)
    names = args.cases or list(CASES)
    with tempfile.TemporaryDirectory() as scratch:
        other = Path(scratch) / "other"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(other), args.against],
            check=True,
        )
        try:
            sides = {"this": None, args.against: other}
            for tree in sides.values():  # compile the kernels of each side into its cache
                run("result = [gg.bulgarian(12).stats(), gg.floridian(12).stats()]", tree)
            print(f"{'case':<14}{'side':<12}{'wall s':>9}{'cpu s':>9}{'ratio':>8}  result")
            for name in names:
                best: dict[str, dict[str, float]] = {}
                results: dict[str, str] = {}
                for _ in range(args.rounds):
                    for side, tree in sides.items():
                        found = run(CASES[name], tree)
                        mine = best.setdefault(side, {"wall": float("inf"), "cpu": float("inf")})
                        mine["wall"] = min(mine["wall"], float(found["wall"]))
                        mine["cpu"] = min(mine["cpu"], float(found["cpu"]))
                        results[side] = str(found["result"])
                if len(set(results.values())) != 1:
                    print(f"{name}: the two sides computed different results: {results}")
                for side in sides:
                    wall, cpu = best[side]["wall"], best[side]["cpu"]
                    ratio = wall / best[args.against]["wall"]
                    note = ""
                    if side == "this" and name in TARGETS:
                        limit = TARGETS[name]
                        note = f"  target <= {limit} s: {'met' if wall <= limit else 'MISSED'}"
                    print(
                        f"{name:<14}{side[:11]:<12}{wall:>9.2f}{cpu:>9.2f}{ratio:>8.2f}  "
                        f"{results[side][:60]}{note}"
                    )
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(other)], check=False
            )


if __name__ == "__main__":
    main(sys.argv[1:])
