"""Start-up of the command line, measured as whole processes (median of several runs).

Targets (issue "A game is one type"): `gamegraph --help` in at most 0.35 s, and
`gamegraph query graphs_loaded` at most 0.5 s more than the query's own time (measured here
in process, on a warm connection, the way the command runs it). Needs the local Neo4j (or
NEO4J_URI) for the second figure. Not part of the tests:

    python benchmarks/cli_start.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

GAMEGRAPH = [str(Path(sys.executable).with_name("gamegraph"))]


def whole_process(args: list[str], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run([*GAMEGRAPH, *args], check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return times


def query_alone(repeat: int) -> list[float]:
    from gamegraph.db import Neo4jSettings, open_runner
    from gamegraph.db.queries import run_named

    times = []
    with open_runner(Neo4jSettings.resolve()) as runner:
        run_named(runner, "graphs_loaded")  # warm: plan cached, connection open
        for _ in range(repeat):
            started = time.perf_counter()
            run_named(runner, "graphs_loaded")
            times.append(time.perf_counter() - started)
    return times


def _line(name: str, times: list[float], target: float | None) -> float:
    median = statistics.median(times)
    goal = f"  target {target:.2f} s  ratio {median / target:.2f}" if target else ""
    print(f"{name:<40} median {median:.3f} s  (min {min(times):.3f}, max {max(times):.3f}){goal}")
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    whole_process(["--help"], 1)  # warm the file cache
    _line("gamegraph --help", whole_process(["--help"], args.repeat), 0.35)
    _line("gamegraph stats --help", whole_process(["stats", "--help"], args.repeat), None)
    _line("gamegraph games", whole_process(["games"], args.repeat), None)
    whole_process(["query", "graphs_loaded"], 1)
    command = _line(
        "gamegraph query graphs_loaded",
        whole_process(["query", "graphs_loaded"], args.repeat),
        None,
    )
    alone = _line("  the query alone (in process, warm)", query_alone(args.repeat), None)
    print(f"{'  command - query':<40} {command - alone:.3f} s  target 0.50 s")


if __name__ == "__main__":
    main()
