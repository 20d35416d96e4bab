"""Loader benchmark: online loads, the bulk route, the bare importer and a naive loader.

1. online: B_n, G_n/H_n and Q (n' <= n, both rules) loaded fresh into the local Neo4j (dropped
   first), per stage, with rows (nodes + relationships) per second;
2. bare importer: the same graphs exported as CSV, then imported with `neo4j-admin database
   import full` (the same Maven Central jars) into a scratch home: rows/s of the import alone;
3. bulk: `gamegraph load --bulk` of the same graphs end to end (the local database is rebuilt:
   every graph is dropped first, so only these are built), rows/s, and its ratio to 2.; its
   stages (engine and files, import, stop, start, schema, claim, counts, indexes, links,
   complete, clean up) and its fixed costs: end to end minus the bare importer (2.) minus
   writing the files (its own "engine and files" stage), what does not shrink with the graphs;
4. naive: one row per transaction, MERGE nodes and relationship, on a 20,000-row sample of
   B_60 (with a uniqueness constraint on (n, key), so MERGE finds nodes by index);
5. `--b80`: `gamegraph load --n 80 --games bulgarian --bulk` (15.8M nodes + 15.8M
   relationships) end to end, against the 5-minute goal, beside the bare importer on its files.

    python benchmarks/loader.py [--n 60] [--skip-online] [--skip-bulk] [--skip-naive] [--b80]

The bulk stages rebuild the local Neo4j's database: run it on a scratch home
(GAMEGRAPH_NEO4J_HOME) if the graphs loaded there matter.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import gamegraph as gg
from gamegraph.db import Neo4jSettings, open_runner
from gamegraph.games import get_game
from gamegraph.loader.export import export_graphs, import_arguments
from gamegraph.loader.plan import LoadRequest, PlannedGraph
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.server import LocalNeo4j
from gamegraph.server.bulk_import import bulk_import

GAMES = None  # the default games: B_n, G_n/H_n, Q under both rules


def plan(n: int) -> list[PlannedGraph]:
    return LoadRequest.parse(str(n), GAMES, force=True).plan()


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


def bare_import(n: int, games: str | None) -> tuple[float, float]:
    """Export, then time neo4j-admin alone on the files; (rows/s, seconds of the import)."""
    planned = LoadRequest.parse(str(n), games, route="export").plan()
    out = Path(tempfile.mkdtemp(prefix="gamegraph-bare-"))
    try:
        started = time.perf_counter()
        files = export_graphs(planned, out / "csv")
        exported = time.perf_counter() - started
        rows = sum(sum(1 for _ in path.open()) - 1 for path in files)
        args = import_arguments(files)
        nodes = [a.split("=", 1)[1] for a in args if a.startswith("--nodes=")]
        rels = [a.split("=", 1)[1] for a in args if a.startswith("--relationships=")]
        files_args = ("--nodes=", "--relationships=")
        extra = [a for a in args if not a.startswith(files_args)] + ["--threads=2"]
        scratch = LocalNeo4j(out / "home")
        result = bulk_import(nodes, rels, "neo4j", server=scratch, extra_args=extra)
        rate = rows / result.seconds
        print(
            f"bare neo4j-admin import, n = {n} ({games or 'default games'}): export "
            f"{exported:.1f} s, import {result.seconds:.1f} s for {rows:,} rows = "
            f"{rate:,.0f} rows/s (import alone)"
        )
        return rate, result.seconds
    finally:
        shutil.rmtree(out, ignore_errors=True)


def bulk(n: int, games: str | None) -> tuple[float, float, dict[str, float]]:
    """`gamegraph load --bulk` end to end on an emptied catalog; (rows/s, seconds, stages)."""
    request = LoadRequest.parse(str(n), games, route="bulk")
    with gg.connect(on_start=print) as db:
        db.drop_all()
        started = time.perf_counter()
        summary = db.load(request, note=print)
        total = time.perf_counter() - started
    stages = "  ".join(f"{k} {v:.1f}s" for k, v in summary.seconds.items())
    rate = summary.rows / total
    print(
        f"gamegraph load --n {n} --bulk ({games or 'default games'}): {summary.rows:,} rows "
        f"in {total:.1f} s = {rate:,.0f} rows/s end to end; {stages}"
    )
    return rate, total, summary.seconds


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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--skip-online", action="store_true")
    parser.add_argument("--skip-bulk", action="store_true")
    parser.add_argument("--skip-naive", action="store_true")
    parser.add_argument("--b80", action="store_true", help="also B_80 through the bulk route")
    args = parser.parse_args()
    online_rate = online(args.n) if not args.skip_online else None
    if not args.skip_naive and online_rate is not None:
        naive_rate = naive()
        print(f"online / naive = {online_rate / naive_rate:.1f}x")
    if not args.skip_bulk:
        bare_rate, bare_seconds = bare_import(args.n, None)
        bulk_rate, total, stages = bulk(args.n, None)
        print(f"bulk / bare importer = {bulk_rate / bare_rate:.2f} (target >= 0.8)")
        files = stages.get("engine and files", 0.0)
        print(
            f"fixed costs = end to end {total:.1f} s - bare importer {bare_seconds:.1f} s - "
            f"writing the files {files:.1f} s = {total - bare_seconds - files:.1f} s "
            "(goal <= 25 s)"
        )
        if online_rate is not None:
            print(f"online / bare importer = {online_rate / bare_rate:.2f}")
    if args.b80:
        bare_rate, _ = bare_import(80, "bulgarian")
        started = time.perf_counter()
        rate, _, _ = bulk(80, "bulgarian")
        seconds = time.perf_counter() - started
        print(f"B_80 bulk: {seconds:.0f} s (target <= 300 s); bulk / bare = {rate / bare_rate:.2f}")


if __name__ == "__main__":
    main()
