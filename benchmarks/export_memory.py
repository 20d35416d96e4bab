"""Peak memory of `gamegraph export` (a build and its tables) against the estimate a load or
an export is held to (`Estimate.with_tables()`), for the engine's games on spaces other than
partitions (and B_70 beside them).

Each case runs `gamegraph export` in a fresh process; its peak resident memory is that
process's own. Prints one line per case: positions, seconds, the peak, the estimate and
estimate / peak (at least 1 when the estimate holds the export; the interpreter's own
some 300 MiB is in the peak, not in the estimate).

    python benchmarks/export_memory.py                  # every case (~3 min here)
    python benchmarks/export_memory.py carolina22       # some cases
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
    for name in names or list(CASES):
        game, values = CASES[name]
        args = [f"{key}={value}" for key, value in values.items()]
        run = [sys.executable, "-c", ESTIMATE, game, *args]
        nodes, estimate = map(int, subprocess.check_output(run, text=True).split())
        options = [f"--{key}={value}" for key, value in values.items()]
        with tempfile.TemporaryDirectory() as out:
            export = ["gamegraph", "export", "--games", game, *options, "--out", out]
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
