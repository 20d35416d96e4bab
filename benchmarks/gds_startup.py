"""Start-up time and resident memory of the local Neo4j with and without Graph Data Science.

Both variants run in one process, alternating (without, with, without, with, ...), each in a
fresh home of its own under a temporary directory, so machine load hits both alike. For each
start it records the seconds until Bolt answers and the JVM's resident memory right after
(and once more after a few seconds' rest); the first start of a home also creates its
databases, so it is reported apart from the restarts. It prints a table and the ratios
with/without. Never part of the tests:

    .venv/bin/python benchmarks/gds_startup.py --bolt-port 7704 --http-port 7404 --rounds 2
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from gamegraph.server import LocalNeo4j


def measure(server: LocalNeo4j, settle: float) -> tuple[float, float, float, str | None]:
    """(start seconds, RSS MiB when ready, RSS MiB after `settle` s, GDS version)."""
    result = server.start(timeout=600)
    ready_rss = (result.status.rss_bytes or 0) / 2**20
    time.sleep(settle)
    status = server.status()
    settled = (status.rss_bytes or 0) / 2**20
    server.stop()
    return result.seconds, ready_rss, settled, status.gds_version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bolt-port", type=int, required=True)
    parser.add_argument("--http-port", type=int, required=True)
    parser.add_argument("--rounds", type=int, default=2, help="restarts per variant")
    parser.add_argument("--settle", type=float, default=5.0)
    parser.add_argument("--heap", default="1g")
    args = parser.parse_args()

    rows: dict[bool, dict[str, list[float]]] = {
        gds: {"first": [], "restart": [], "rss": [], "rss_settled": []} for gds in (False, True)
    }
    with tempfile.TemporaryDirectory(prefix="gamegraph-gds-bench-", dir="/tmp") as tmp:
        servers = {
            gds: LocalNeo4j(
                Path(tmp) / ("with-gds" if gds else "without-gds"),
                bolt_port=args.bolt_port,
                http_port=args.http_port,
                heap=args.heap,
                pagecache="256m",
                gds=gds,
            )
            for gds in (False, True)
        }
        for server in servers.values():
            server.ensure_installed()  # downloads are not start-up time
        for round_ in range(args.rounds + 1):
            for gds in (False, True):
                seconds, rss, settled, version = measure(servers[gds], args.settle)
                assert (version is not None) == gds, f"GDS {version} with gds={gds}"
                kind = "first" if round_ == 0 else "restart"
                rows[gds][kind].append(seconds)
                if round_:
                    rows[gds]["rss"].append(rss)
                    rows[gds]["rss_settled"].append(settled)
                print(
                    f"{'with' if gds else 'without':7} GDS  {kind:7}  {seconds:6.1f} s  "
                    f"RSS {rss:5.0f} MiB ready, {settled:5.0f} MiB after {args.settle:.0f} s"
                )
    med = {gds: {k: statistics.median(v) for k, v in r.items()} for gds, r in rows.items()}
    print()
    print(f"{'median':20} {'without GDS':>12} {'with GDS':>12} {'ratio':>7}")
    for key, unit in (
        ("first", "s"),
        ("restart", "s"),
        ("rss", "MiB"),
        ("rss_settled", "MiB"),
    ):
        a, b = med[False][key], med[True][key]
        print(f"{key + ' (' + unit + ')':20} {a:12.1f} {b:12.1f} {b / a:7.2f}")


if __name__ == "__main__":
    main()
