"""Loader benchmark: the bulk route's fixed and per-row costs, and the online route, each
against neo4j-admin's importer alone on the same graphs.

For each n of ``--sizes`` (the default games: B_n, G_n/H_n and Q under its three rules):

1. bare importer: the graphs exported as CSV, then imported with `neo4j-admin database
   import full` (the same jars, the same options as the bulk route) into a scratch home:
   the rows and the seconds of the import alone;
2. bulk: the local database emptied (the server stopped, its store removed, started again:
   what a new home is), then `gamegraph load --n N --bulk` end to end (what `make load` runs
   on an empty home, the route auto choosing the importer from a million rows), with its
   stages.

Then, per stage of the bulk route and for the importer alone, a least-squares line over the
sizes, ``seconds = fixed + per_row × rows``: the fixed costs (what does not shrink with the
graphs: the server's stop and start, the swap, the schema, the claims, the index builds, the
links, the importer's own start) against the goal of 25 s, and the bulk route's per-row cost
(after the files) against the importer's alone.

3. online (``--online N``): the same graphs of N written through Cypher into the emptied
   database (`load --online`), rows/s of the write (the engine's time left out), against the
   importer's rows/s on the same graphs (1.), the goal being 0.7 of it; and B_N alone, its
   node table and its relationships, against the importer on B_N's files alone. Each online
   load twice: right after the server's start (its JIT cold: the first minute of a JVM
   compiles the write path while it runs it), then dropped and written again in the same
   server (warm: the steady rate, and a write into a database that just deleted). Then the
   same graphs written again inside the server, twice (cold, then warm), with no driver and no
   Python: the database's own Cypher write rate of this data, the ceiling of any online route,
   against the importer's and the online load's. Last, B_N's nodes copied inside the server
   with the same schema: the database's own rate of creating them, against the online node
   stage.

    python benchmarks/loader.py [--sizes 40,50,60] [--online 50] [--skip-bulk] [--b80]

It empties the local Neo4j's database: run it on a scratch home (GAMEGRAPH_NEO4J_HOME and its
ports).
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import gamegraph as gg
from gamegraph.db import QueryRunner
from gamegraph.loader.export import IMPORT_OPTIONS, export_graphs, import_arguments
from gamegraph.loader.plan import LoadRequest
from gamegraph.server import LocalNeo4j
from gamegraph.server.bulk_import import bulk_import

FIXED_GOAL = 25.0
ONLINE_GOAL = 0.7


@dataclass
class Run:
    """One measured load: its rows, seconds end to end, and stages."""

    rows: int
    seconds: float
    stages: dict[str, float] = field(default_factory=dict)


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f}"


def empty_database() -> None:
    """Stop the local Neo4j, remove its default database's store, start it again: a database
    as a new home has it (its users and password kept)."""
    local = LocalNeo4j()
    local.stop()
    for kind in ("databases", "transactions"):
        shutil.rmtree(local.home / "data" / kind / local.default_database, ignore_errors=True)
    local.start()


def bare_import(n: int, games: str | None) -> Run:
    """Export, then time neo4j-admin alone on the files, into a scratch home."""
    planned = LoadRequest.parse(str(n), games, route="export").plan()
    out = Path(tempfile.mkdtemp(prefix="gamegraph-bare-"))
    try:
        files = export_graphs(planned, out / "csv")
        rows = sum(sum(1 for _ in path.open()) - 1 for path in files)
        args = import_arguments(files)
        nodes = [a.split("=", 1)[1] for a in args if a.startswith("--nodes=")]
        rels = [a.split("=", 1)[1] for a in args if a.startswith("--relationships=")]
        scratch = LocalNeo4j(out / "home")
        result = bulk_import(
            nodes, rels, "neo4j", server=scratch, extra_args=[*IMPORT_OPTIONS, "--threads=2"]
        )
        print(
            f"  importer alone, n = {n} ({games or 'default games'}): {rows:,} rows in "
            f"{result.seconds:.1f} s = {rows / result.seconds:,.0f} rows/s  ({load_average()})",
            flush=True,
        )
        return Run(rows, result.seconds)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def bulk(n: int) -> Run:
    """`gamegraph load --n N --bulk` into the emptied local database, end to end."""
    empty_database()
    with gg.connect() as db:
        started = time.perf_counter()
        summary = db.load(LoadRequest.parse(str(n), None, route="bulk"))
        seconds = time.perf_counter() - started
    stages = "  ".join(f"{k} {v:.1f}" for k, v in summary.seconds.items())
    print(
        f"  bulk load, n = {n}: {summary.rows:,} rows in {seconds:.1f} s ({load_average()}); "
        f"{stages}",
        flush=True,
    )
    return Run(summary.rows, seconds, dict(summary.seconds))


def online(n: int, games: str | None) -> tuple[Run, Run, list[str]]:
    """`gamegraph load --online` of the graphs into the emptied local database (a server just
    started: its JIT cold), then, in the same server, the graphs dropped and written again
    (its JIT warm, into a database that just deleted them): the seconds of the write alone
    (every stage but the engine's and the check), cold and warm."""
    empty_database()
    runs = []
    with gg.connect() as db:
        for when in ("cold", "warm"):
            summary = db.load(LoadRequest.parse(str(n), games, route="online"))
            rows = sum(r.nodes + r.relationships for r in summary)
            write = sum(
                v for r in summary for k, v in r.seconds.items() if k not in ("engine", "check")
            )
            for report in summary:
                stages = "  ".join(f"{k} {v:.1f}" for k, v in report.seconds.items())
                count = report.nodes + report.relationships
                print(f"    {report.game.id:<24} {count:>10,} rows  {stages}")
            print(
                f"  online load ({when}), n = {n} ({games or 'default games'}): {rows:,} rows "
                f"written in {write:.1f} s = {rows / write:,.0f} rows/s  ({load_average()})",
                flush=True,
            )
            nodes = sum(r.seconds.get("nodes", 0.0) for r in summary)
            runs.append(Run(rows, write, {"nodes": nodes}))
            if when == "cold":
                db.drop(*(r.game.id for r in summary))
    return runs[0], runs[1], [r.game.id for r in summary]


def server_copy(n: int, online_nodes: float) -> None:
    """B_n's nodes copied inside the server (``CREATE ... SET q = properties(p)``, the same
    labels, indexes and constraint, under another n), two transactions at once as the loader
    writes: the database's own rate of creating these nodes, with no driver and no Python in
    the way, against the online node stage (warm) of the same nodes."""
    step, copy_n = 5_000, n + 10_000
    with gg.connect() as db:
        runner = db.runner
        count = int(
            runner.run("MATCH (p:Bulgarian {n: $n}) RETURN count(p) AS c", {"n": n})[0]["c"]
        )
        query = (
            "MATCH (p:Bulgarian {n: $n}) WHERE p.idx >= $a AND p.idx < $a + $step "
            "CREATE (q:GraphNode:Bulgarian) SET q = p {.*, n: $copy, graph: 'copy'}"
        )
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=2) as pool:
            batches = range(0, count, step)
            params = [{"n": n, "a": a, "step": step, "copy": copy_n} for a in batches]
            list(pool.map(lambda p: runner.write(query, p), params))
        seconds = time.perf_counter() - started
        _delete_node_copies(runner)
    print(
        f"  B_{n}'s {count:,} nodes copied inside the server: {seconds:.1f} s = "
        f"{count / seconds:,.0f} nodes/s; the online node stage (warm) "
        f"{online_nodes:.1f} s = {count / online_nodes:,.0f} nodes/s, "
        f"{seconds / online_nodes:.2f} of the server's own rate"
    )


COPY_NODES = (
    "UNWIND $ids AS i MATCH (p) WHERE elementId(p) = i "
    "CREATE (q) SET q = p {.*, n: p.n + 10000, graph: 'copy', rule: p.rule + '/copy'}, "
    "q:$(labels(p))"
)
COPY_RELATIONSHIPS = (
    "UNWIND $ids AS i MATCH (a) WHERE elementId(a) = i MATCH (a)-[r:$($type)]->(b) "
    "CREATE (a)-[c:$('COPY_' + $type)]->(b) SET c = properties(r)"
)
DELETE_RELATIONSHIP_COPIES = (
    "UNWIND $ids AS i MATCH (a) WHERE elementId(a) = i MATCH (a)-[c:$('COPY_' + $type)]->() "
    "DELETE c"
)


def server_write(graphs: list[str], online: Run, importer: Run) -> None:
    """The graphs' rows written again inside the server, with no driver and no Python in the
    way, twice (the first pass compiles its path in the JIT, as the cold online load does;
    the second is the steady rate): every node copied (its labels and properties, under
    another n, so the indexes and constraints take the copies as new entries) and every
    relationship created again between its ends under a COPY_ type, 5,000 source rows a
    transaction, two transactions at once as the loader writes. The database's own rate of
    writing this data (a ceiling for any Cypher route: each copy also reads its source, by
    id), against the importer's on the same data and against the online load (warm)."""
    step = 5_000
    with gg.connect() as db:
        runner = db.runner
        node_batches, rel_batches = [], []
        for graph in graphs:
            ids = [
                row["i"]
                for row in runner.run(
                    "MATCH (p:GraphNode {graph: $g}) RETURN elementId(p) AS i", {"g": graph}
                )
            ]
            types = [
                row["t"]
                for row in runner.run(
                    "MATCH (p:GraphNode {graph: $g})-[r]->() RETURN DISTINCT type(r) AS t",
                    {"g": graph},
                )
            ]
            chunks = [ids[a : a + step] for a in range(0, len(ids), step)]
            node_batches += [{"ids": chunk} for chunk in chunks]
            rel_batches += [{"ids": chunk, "type": t} for t in types for chunk in chunks]
        for when in ("first", "again"):
            seconds, created = {}, 0
            with ThreadPoolExecutor(max_workers=2) as pool:
                for what, query, batches in (
                    ("nodes", COPY_NODES, node_batches),
                    ("relationships", COPY_RELATIONSHIPS, rel_batches),
                ):
                    started = time.perf_counter()
                    done = list(pool.map(lambda p, q=query: runner.write(q, p), batches))
                    seconds[what] = time.perf_counter() - started
                    created += sum(s.nodes_created + s.relationships_created for s in done)
            for params in rel_batches:  # the copies of relationships by the rows that made them
                runner.write(DELETE_RELATIONSHIP_COPIES, params)
            _delete_node_copies(runner)
            total = sum(seconds.values())
            rate, importer_rate = created / total, importer.rows / importer.seconds
            print(
                f"  the same graphs written inside the server ({when}): {created:,} rows in "
                f"{total:.1f} s (nodes {seconds['nodes']:.1f}, relationships "
                f"{seconds['relationships']:.1f}) = {rate:,.0f} rows/s; the database's own "
                f"write / importer = {rate / importer_rate:.2f}, online (warm) / the "
                f"database's own = {(online.rows / online.seconds) / rate:.2f}",
                flush=True,
            )


def _delete_node_copies(runner: QueryRunner) -> None:
    query = "MATCH (q:GraphNode {graph: 'copy'}) WITH q LIMIT 5000 DETACH DELETE q"
    while runner.write(query).nodes_deleted:
        pass


def fit(rows: list[int], seconds: list[float]) -> tuple[float, float]:
    """The least-squares line seconds = fixed + per_row × rows (fixed, per_row)."""
    per_row, fixed = np.polyfit(np.asarray(rows, float), np.asarray(seconds, float), 1)
    return float(fixed), float(per_row)


def costs(sizes: list[int], bare: list[Run], loads: list[Run]) -> None:
    rows = [run.rows for run in loads]
    print(f"\nfixed and per-row costs, fitted over n = {sizes} ({load_average()}):")
    stages = list(dict.fromkeys(k for run in loads for k in run.stages))
    fixed_total = 0.0
    for stage in stages:
        fixed, per_row = fit(rows, [run.stages.get(stage, 0.0) for run in loads])
        if stage != "engine and files":
            fixed_total += fixed
        print(f"  {stage:<18} fixed {fixed:6.1f} s   {per_row * 1e6:7.2f} s per million rows")
    after = [run.seconds - run.stages.get("engine and files", 0.0) for run in loads]
    fixed, per_row = fit(rows, after)
    bare_fixed, bare_per_row = fit([r.rows for r in bare], [r.seconds for r in bare])
    print(
        f"  bulk route after the files: fixed {fixed:.1f} s (goal <= {FIXED_GOAL:.0f} s; the "
        f"stages' own fixed parts add up to {fixed_total:.1f} s), "
        f"{per_row * 1e6:.2f} s per million rows"
    )
    print(
        f"  importer alone: fixed {bare_fixed:.1f} s, {bare_per_row * 1e6:.2f} s per million "
        f"rows; bulk per-row / importer per-row = {per_row / bare_per_row:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="40,50,60", help="n of the bulk loads")
    parser.add_argument("--online", type=int, default=None, help="n of the online comparison")
    parser.add_argument("--skip-bulk", action="store_true")
    parser.add_argument("--b80", action="store_true", help="also B_80 through the bulk route")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    if not args.skip_bulk:
        bare, loads = [], []
        for n in sizes:
            print(f"n = {n}:", flush=True)
            bare.append(bare_import(n, None))
            loads.append(bulk(n))
        if len(sizes) >= 2:
            costs(sizes, bare, loads)
    if args.online is not None:
        n = args.online
        print(f"\nonline against the importer, n = {n}:", flush=True)
        for games in (None, "bulgarian"):
            alone = bare_import(n, games)
            cold, warm, graphs = online(n, games)
            ratios = [
                (run.rows / run.seconds) / (alone.rows / alone.seconds) for run in (cold, warm)
            ]
            print(
                f"  online / importer ({games or 'default games'}) = {ratios[0]:.2f} cold, "
                f"{ratios[1]:.2f} warm (goal >= {ONLINE_GOAL})"
            )
            server_write(graphs, warm, alone)
        server_copy(n, warm.stages["nodes"])
    if args.b80:
        alone = bare_import(80, "bulgarian")
        empty_database()
        with gg.connect() as db:
            started = time.perf_counter()
            summary = db.load(LoadRequest.parse("80", "bulgarian", route="bulk"))
            seconds = time.perf_counter() - started
        rate = summary.rows / seconds
        print(
            f"B_80 bulk: {seconds:.0f} s (target <= 300 s); bulk / bare = "
            f"{rate / (alone.rows / alone.seconds):.2f}"
        )
    print(load_average())


if __name__ == "__main__":
    main()
