"""Server-start benchmark: how long the local Neo4j takes from `start()` to ready, and how much
CPU its JVM spent getting there, with its class data sharing archive mapped (what `start()`
does, :mod:`gamegraph.server.cds`) against without it (GAMEGRAPH_NEO4J_CDS=false),
alternating in one run.

The home is a scratch one that has started and stopped once before the timed starts (a new
home's first start also creates its databases; a machine's first start also writes the
archive when it stops, and the next start adopts it); ports from GAMEGRAPH_NEO4J_BOLT_PORT and
_HTTP_PORT, so set ports of your own. GDS follows GAMEGRAPH_NEO4J_GDS, as the server does.
Prints each start, then the median of each side and the ratio.

    python benchmarks/server_start.py [--repeat 3] [--home DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from gamegraph.server import LocalNeo4j

_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def jvm_cpu_seconds(pid: int) -> float:
    """User and system CPU seconds the process has used so far (from /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS


def timed_start(server: LocalNeo4j) -> tuple[float, float]:
    """Start the server, wait until it is ready; wall seconds and the JVM's CPU seconds."""
    began = time.perf_counter()
    server.start()
    wall = time.perf_counter() - began
    pid = server.status().pid
    assert pid is not None, "the server is ready but has no pid"
    cpu = jvm_cpu_seconds(pid)
    server.stop()
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="starts per side (default 3)")
    parser.add_argument("--home", type=Path, help="the scratch home (default: a new temp dir)")
    args = parser.parse_args()
    home = args.home or Path(tempfile.mkdtemp(prefix="gamegraph-start-bench-")) / "home"
    server = LocalNeo4j(home=home, log=lambda message: None)
    print(f"home {home}; a first start creates its databases (not timed)")
    server.start()
    server.stop()

    sides = {"shared": "true", "unshared": "false"}
    times: dict[str, list[tuple[float, float]]] = {side: [] for side in sides}
    kept = os.environ.get("GAMEGRAPH_NEO4J_CDS")
    try:
        for round_ in range(1, args.repeat + 1):
            for side, switch in sides.items():
                os.environ["GAMEGRAPH_NEO4J_CDS"] = switch
                wall, cpu = timed_start(server)
                times[side].append((wall, cpu))
                print(f"round {round_} {side:8}: ready in {wall:5.2f} s, JVM CPU {cpu:5.2f} s")
    finally:
        os.environ.pop("GAMEGRAPH_NEO4J_CDS", None)
        if kept is not None:
            os.environ["GAMEGRAPH_NEO4J_CDS"] = kept
        server.stop()
    medians = {
        side: (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
        for side, runs in times.items()
    }
    for side, (wall, cpu) in medians.items():
        print(f"median {side:8}: ready in {wall:5.2f} s, JVM CPU {cpu:5.2f} s")
    (sw, sc), (uw, uc) = medians["shared"], medians["unshared"]
    print(f"shared / unshared: wall {sw / uw:.2f}, JVM CPU {sc / uc:.2f}")


if __name__ == "__main__":
    main()
