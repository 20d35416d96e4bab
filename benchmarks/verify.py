"""Verify benchmark: `gamegraph verify --n N` before and after, on the same loaded graphs.

Each graph of n loaded in the local Neo4j (a home of yours: GAMEGRAPH_NEO4J_HOME and its
ports) is verified by two versions of gamegraph in turn: "before", the code of a git revision
(default ``main``, checked out in a scratch worktree), and "after", this checkout. Each side
runs in its own process and calls what the command calls (:func:`gamegraph.verify.verify`:
the engines' builds, the games' checks through the named queries, the GDS checks when the
server has GDS, as many graphs at once as that version does), so the figures are the
command's less its start (about a second). The graphs were loaded by one of the two
versions, so the other sees them as stale: the benchmark verifies them regardless, as both
versions' checks read the same stored properties. The sides alternate ``--repeat`` times,
so both meet the same load of a shared machine; it prints each run (with the engine's
build of the same graphs, timed one after the other before the verify, and verify's time
against it), then per side the minimum and the median, and the ratio before / after of
each. Every check of both sides must agree, or the run fails.

    python benchmarks/verify.py [--n 60] [--before main] [--repeat 3] [--graphs bulgarian:60]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

DRIVER = """
import json, sys, time
# this process runs the gamegraph of one tree, not the editable install of the venv
sys.meta_path = [f for f in sys.meta_path if not type(f).__module__.startswith("__editable__")]
sys.path.insert(0, sys.argv[1])
import gamegraph
import gamegraph.verify as verify
from gamegraph.db.catalog import list_graphs

n, wanted = int(sys.argv[2]), set(sys.argv[3:])
assert gamegraph.__file__.startswith(sys.argv[1]), gamegraph.__file__


def choose(runner, n, graphs, report):  # complete graphs of n, stale or not
    return [
        (record, record.loaded_game())
        for record in list_graphs(runner)
        if record.n == n and (not wanted or record.id in wanted) and record.complete
    ]


verify._choose = choose
with gamegraph.connect(start=False) as db:
    builds = {}
    for record, game in choose(db.runner, n, [], None):
        started = time.perf_counter()
        game.build(force=True)
        builds[record.id] = time.perf_counter() - started
    started = time.perf_counter()
    report = verify.verify(db.runner, n=n)
    seconds = time.perf_counter() - started
print(json.dumps({
    "seconds": seconds,
    "builds": builds,
    "graphs": report.graphs,
    "ok": report.ok,
    "count": len(report.checks),
    "failed": [f"{c.graph} {c.name}" for c in report.failures],
}))
"""


def side(tree: Path, n: int, graphs: list[str]) -> dict[str, Any]:
    """One `verify` of every graph of n by the gamegraph of ``tree``, timed."""
    out = subprocess.run(
        [sys.executable, "-c", DRIVER, str(tree), str(n), *graphs],
        check=True,
        capture_output=True,
        text=True,
        env=os.environ | {"PYTHONWARNINGS": "ignore"},
    )
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    if not result["graphs"]:
        raise SystemExit(f"error: no complete graph of n = {n} is loaded")
    if not result["ok"]:
        raise SystemExit(f"error: verify by {tree} found mismatches: {', '.join(result['failed'])}")
    return result


def worktree(revision: str, where: Path) -> Path:
    """A scratch checkout of ``revision`` (removed by :func:`drop_worktree`)."""
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(where), revision],
        check=True,
        capture_output=True,
    )
    return where


def drop_worktree(where: Path) -> None:
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(where)],
        check=False,
        capture_output=True,
    )


def show(label: str, run: dict[str, Any]) -> float:
    seconds = float(run["seconds"])
    build = sum(run.get("builds", {}).values())
    against = f", {seconds / build:.1f} times the engine's builds ({build:.1f} s)" if build else ""
    print(
        f"  {label:<7} {seconds:7.1f} s{against}  ({run['count']} checks of "
        f"{', '.join(run['graphs'])}; {load_average()})",
        flush=True,
    )
    return seconds


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f}"


def summary(label: str, totals: list[float]) -> None:
    print(f"{label:<7} min {min(totals):7.1f} s  median {statistics.median(totals):7.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--before", default="main", help="git revision of the old code")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--graphs", nargs="*", default=[], help="graph ids (default: all of n)")
    args = parser.parse_args()
    totals: dict[str, list[float]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory(prefix="gamegraph-verify-bench-") as scratch:
        old = worktree(args.before, Path(scratch) / "before")
        try:
            for run in range(1, args.repeat + 1):
                print(f"run {run} of {args.repeat}, n = {args.n}:", flush=True)
                for label, tree in (("before", old), ("after", ROOT)):
                    totals[label].append(show(label, side(tree, args.n, args.graphs)))
        finally:
            drop_worktree(old)
    print(f"\nverify of every graph of n = {args.n}, {args.repeat} runs per side:")
    summary("before", totals["before"])
    summary("after", totals["after"])
    before, after = totals["before"], totals["after"]
    print(
        f"ratio before/after: {min(before) / min(after):.2f} (min), "
        f"{statistics.median(before) / statistics.median(after):.2f} (median)"
    )


if __name__ == "__main__":
    main()
