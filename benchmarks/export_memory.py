"""Peak memory of `gamegraph export` (a build and its tables) against the estimate a load or
an export is held to (`Estimate.with_tables()`), for the engine's games on spaces other than
partitions (and B_70 beside them).

Each case runs `gamegraph export` in a fresh process; its peak resident memory is that
process's own. Prints one line per case: positions, seconds, the peak, the estimate and
estimate / peak (at least 1 when the estimate holds the export; the interpreter's own
some 300 MiB is in the peak, not in the estimate).

    python benchmarks/export_memory.py                  # every case (~3 min here)
    python benchmarks/export_memory.py carolina22       # some cases
    python benchmarks/export_memory.py --online         # `load --online --replace` of B_60,
                                                        # B_65 and CRIM_40 instead (~6 min)

``--online`` loads into the local Neo4j (GAMEGRAPH_NEO4J_* choose its home and ports; it is
started if it is not running), where the writer also holds every node's element id until the
relationships are written.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time

CASES: dict[str, tuple[str, dict[str, int]]] = {
    "carolina22": ("carolina", {"n": 22}),
    "montreal14": ("montreal", {"n": 14}),
    "austrian120": ("austrian", {"n": 120, "L": 6}),
    "defined-carolina22": ("defined-carolina", {"n": 22}),
    "multiplayer30": ("multiplayer-bulgarian", {"n": 30, "players": 2}),
    "bulgarian70": ("bulgarian", {"n": 70}),
    "bulgarian65": ("bulgarian", {"n": 65}),
}

ONLINE: dict[str, tuple[str, dict[str, int]]] = {
    "bulgarian60": ("bulgarian", {"n": 60}),
    "bulgarian65": ("bulgarian", {"n": 65}),
    "crim40": ("crim", {"n": 40}),
}

MEASURE = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
if done.returncode:
    sys.exit(done.stderr.strip().splitlines()[-1])
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)
"""

ESTIMATE = """
import sys
from gamegraph.games.registry import get_game
game = get_game(sys.argv[1])(**{k: int(v) for k, v in (a.split("=") for a in sys.argv[2:])})
estimate = game.estimate()
print(estimate.nodes, estimate.with_tables().bytes)
"""


def main(names: list[str]) -> None:
    online = "--online" in names
    cases = ONLINE if online else CASES
    for name in [n for n in names if n != "--online"] or list(cases):
        game, values = cases[name]
        args = [f"{key}={value}" for key, value in values.items()]
        run = [sys.executable, "-c", ESTIMATE, game, *args]
        nodes, estimate = map(int, subprocess.check_output(run, text=True).split())
        options = [f"--{key}={value}" for key, value in values.items()]
        with tempfile.TemporaryDirectory() as out:
            export = ["gamegraph", "export", "--games", game, *options, "--out", out]
            if online:
                export = ["gamegraph", "load", "--games", game, *options, "--online", "--replace"]
            started = time.perf_counter()
            peak = int(subprocess.check_output([sys.executable, "-c", MEASURE, *export]))
            seconds = time.perf_counter() - started
        print(
            f"{name:20} {nodes:>10,} positions {seconds:7.1f} s  peak {peak / 2**20:7.0f} MiB  "
            f"estimate {estimate / 2**20:7.0f} MiB  estimate/peak {estimate / peak:5.2f}",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
