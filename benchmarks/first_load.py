"""First-load benchmark: `gamegraph load --n 60` into a new, empty Neo4j home (what `make load`
runs on a fresh clone), this checkout against another revision, in one run.

Each side runs the command in its own process and its own new home (under a scratch
directory; GAMEGRAPH_NEO4J_BOLT_PORT and _HTTP_PORT as set, so set ports of your own), the
sides alternating ``--repeat`` times so that both meet the same load of a shared machine.
"before" is the code of a git revision (default ``main``) checked out in a scratch worktree.
Before the timed runs each side builds the graphs once (its numba kernels compiled and
cached, as after `make test`), so the figures are the load's, not the compiler's. Per run
it prints the command's own ``done in`` (which counts the new home's first start) and its
bulk stages; then per side the median, and the ratio.

    python benchmarks/first_load.py [--n 60] [--before main] [--repeat 2]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DRIVER = """
import sys
# this process runs the gamegraph of one tree, not the editable install of the venv
sys.meta_path = [f for f in sys.meta_path if not type(f).__module__.startswith("__editable__")]
sys.path.insert(0, sys.argv[1])
import gamegraph
assert gamegraph.__file__.startswith(sys.argv[1]), gamegraph.__file__
from gamegraph.cli_start import main
sys.argv = ["gamegraph", *sys.argv[2:]]
main()
"""


def gamegraph(tree: Path, home: Path | None, *args: str) -> str:
    """Run the gamegraph command of ``tree`` (its home ``home``); its output."""
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    if home is not None:
        env["GAMEGRAPH_NEO4J_HOME"] = str(home)
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(tree), *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"error: gamegraph {' '.join(args)} by {tree} failed:\n{done.stderr}")
    return done.stdout


def first_load(tree: Path, scratch: Path, n: int) -> tuple[float, str]:
    """``done in`` seconds and the bulk line of one load into a new home (then removed)."""
    home = Path(tempfile.mkdtemp(prefix="home-", dir=scratch))
    try:
        out = gamegraph(tree, home, "load", "--n", str(n))
        seconds = float(re.search(r"done in ([\d.]+) s", out).group(1))  # type: ignore[union-attr]
        bulk = next((line for line in out.splitlines() if line.startswith("bulk:")), "(online)")
        return seconds, bulk
    finally:
        gamegraph(tree, home, "neo4j", "stop")
        shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--before", default="main", help="git revision of the old code")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory(prefix="gamegraph-first-load-") as scratch:
        old = Path(scratch) / "before"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(old), args.before],
            check=True,
            capture_output=True,
        )
        try:
            sides = {"before": old, "after": ROOT}
            for tree in sides.values():  # numba's caches, as a clone has them after its tests
                gamegraph(tree, None, "stats", "bulgarian", "--n", "12")
                gamegraph(tree, None, "export", "--n", str(args.n), "--out", f"{scratch}/warm")
            for run in range(1, args.repeat + 1):
                for label, tree in sides.items():
                    seconds, bulk = first_load(tree, Path(scratch), args.n)
                    times[label].append(seconds)
                    one, five, _ = os.getloadavg()
                    print(
                        f"run {run} {label:<6} done in {seconds:6.1f} s  (load {one:.1f}/"
                        f"{five:.1f})\n    {bulk}",
                        flush=True,
                    )
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)],
                check=False,
                capture_output=True,
            )
    before, after = (statistics.median(times[k]) for k in ("before", "after"))
    print(
        f"gamegraph load --n {args.n} on a new home, median of {args.repeat}: before "
        f"{before:.1f} s, after {after:.1f} s, ratio {before / after:.2f} (goal: after <= 40 s)"
    )


if __name__ == "__main__":
    main()
