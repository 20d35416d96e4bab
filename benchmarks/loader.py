"""Loader benchmark: `gamegraph load --n 60` online, beside the bulk importer and a naive loader.

1. online: B_60, G_60/H_60 and Q (n <= 60, both rules) loaded fresh into the local Neo4j
   (dropped first), per stage, with rows (nodes + relationships) per second;
2. bulk: the same graphs exported as CSV and imported with `neo4j-admin database import full`
   (from the same Maven Central jars) into a scratch database of the stopped local Neo4j;
3. naive: one row per transaction, MERGE nodes and relationship, on a 20,000-row sample of B_60
   (with a uniqueness constraint on (n, key), so MERGE finds nodes by index: the comparison is
   about transactions per row, not a missing index).

    python benchmarks/loader.py [--n 60] [--skip-bulk]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from gamegraph.db import Neo4jSettings, open_runner
from gamegraph.games import get_game
from gamegraph.loader.export import export_graphs, import_arguments
from gamegraph.loader.plan import LoadRequest, PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.server import LocalNeo4j
from gamegraph.server.bulk_import import bulk_import

GAMES = None  # the default games: B_n, G_n/H_n, Q under both rules


def plan(n: int) -> list[PlannedGraph]:
    return LoadRequest.parse(str(n), GAMES).plan()


def online(n: int) -> float:
    planned = plan(n)
    with open_runner(Neo4jSettings.resolve()) as runner:
        for graph in planned:
            drop_graph(runner, graph.game.id)
        started = time.perf_counter()
        reports = run_load(runner, planned)
        total = time.perf_counter() - started
    rows = 0
    print(f"online load, n = {n}: {total:.1f} s end to end")
    for report in reports:
        count = report.nodes + report.relationships
        write = sum(v for k, v in report.seconds.items() if k not in ("engine", "check"))
        rows += count
        stages = "  ".join(f"{k} {v:.1f}s" for k, v in report.seconds.items())
        print(f"  {report.game.id:<20} {count:>10,} rows  {count / write:>9,.0f} rows/s  {stages}")
    rate = rows / total
    print(f"  all: {rows:,} rows in {total:.1f} s = {rate:,.0f} rows/s (engine included)")
    return rate


def bulk(n: int) -> float:
    planned = plan(n)
    out = Path(tempfile.mkdtemp(prefix="gamegraph-bulk-"))
    try:
        started = time.perf_counter()
        files = export_graphs(planned, out)
        exported = time.perf_counter() - started
        rows = sum(sum(1 for _ in path.open()) - 1 for path in files)
        server = LocalNeo4j()
        was_running = server.status().running
        if was_running:
            server.stop()
        try:
            args = import_arguments(files)
            nodes = [a.split("=", 1)[1] for a in args if a.startswith("--nodes=")]
            rels = [a.split("=", 1)[1] for a in args if a.startswith("--relationships=")]
            extra = [a for a in args if a.startswith("--array-delimiter")] + ["--threads=2"]
            result = bulk_import(nodes, rels, "gamegraphbench", server=server, extra_args=extra)
        finally:
            if was_running:
                server.start()
        rate = rows / result.seconds
        print(
            f"bulk import (neo4j-admin), n = {n}: export {exported:.1f} s, import "
            f"{result.seconds:.1f} s for {rows:,} rows = {rate:,.0f} rows/s (import alone); "
            f"{rows / (exported + result.seconds):,.0f} rows/s with the export"
        )
        return rate
    finally:
        shutil.rmtree(out, ignore_errors=True)


def naive(sample: int = 20_000) -> float:
    game = get_game("bulgarian").create(n=60)
    table = game.tables(game.build())
    nodes, move = table.nodes[0], table.rels[0]
    names = list(nodes.columns)
    query = (
        "MERGE (p:NaiveBulgarian {n: $n, key: $key}) SET p += $props "
        "MERGE (q:NaiveBulgarian {n: $n, key: $next}) "
        "MERGE (p)-[:NAIVE_MOVE]->(q)"
    )
    with open_runner(Neo4jSettings.resolve()) as runner:
        runner.write(
            "CREATE CONSTRAINT naive_bulgarian_key IF NOT EXISTS "
            "FOR (p:NaiveBulgarian) REQUIRE (p.n, p.key) IS UNIQUE"
        )
        runner.write("CALL db.awaitIndexes(300)")
        started = time.perf_counter()
        for i in range(sample):
            props = {name: nodes.columns[name][i] for name in names}
            runner.write(
                query,
                {
                    "n": 60,
                    "key": props["key"],
                    "next": nodes.columns["key"][int(move.end[i])],
                    "props": props,
                },
            )
        seconds = time.perf_counter() - started
        while runner.write(
            "MATCH (p:NaiveBulgarian) WITH p LIMIT 5000 DETACH DELETE p"
        ).nodes_deleted:
            pass
        runner.write("DROP CONSTRAINT naive_bulgarian_key IF EXISTS")
    rate = sample / seconds
    print(
        f"naive MERGE, one row per transaction: {sample:,} rows in {seconds:.1f} s "
        f"= {rate:,.0f} rows/s"
    )
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--skip-bulk", action="store_true")
    args = parser.parse_args()
    online_rate = online(args.n)
    naive_rate = naive()
    print(f"online / naive = {online_rate / naive_rate:.1f}x")
    if not args.skip_bulk:
        bulk_rate = bulk(args.n)
        print(f"online / bulk = {online_rate / bulk_rate:.2f} (target >= 0.33)")


if __name__ == "__main__":
    main()
