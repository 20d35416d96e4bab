"""Delete benchmark: how to drop B_n fastest, every batch fenced by the drop's lease.

Loads B_n (bulgarian) into the local Neo4j, then for each variant: claims the graph for a drop
(as `gamegraph drop` does), deletes its nodes and relationships with that variant (every
transaction matches and SETs the lease's GraphSlot first, the fence of issue 33), finishes the
drop, checks nothing of the graph is left, and reloads. Per variant it prints the wall time,
the Neo4j JVM's CPU seconds (utime + stime of the server process, from /proc: the machine is
shared, so wall times are noisy) and both as ratios to the first variant (today's loop:
DETACH DELETE, 5,000 nodes a transaction). Last, `gamegraph drop`'s own loop (drop_graph) as
the loader has it now.

Variants: detach-N (DETACH DELETE N nodes a transaction, N = 5k, 20k, 50k); rels-then-nodes
(relationships deleted 20k a transaction, then nodes with plain DELETE); ids (element ids read
once, then UNWIND $ids ... DETACH DELETE, 20k a transaction); ids-x2 (the same, two
transactions at once, each fenced).

    python benchmarks/delete.py [--n 50] [--only detach-5k,ids]

Run it on a scratch home (GAMEGRAPH_NEO4J_HOME): it drops and reloads B_n there.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from gamegraph.db import Neo4jSettings, QueryRunner, open_runner
from gamegraph.db.catalog import Lease
from gamegraph.games import parse_graph_id
from gamegraph.loader.plan import LoadRequest
from gamegraph.loader.writer import drop_graph, run_load

FENCE = (
    "MATCH (s:GraphSlot {slot: $slot, lease_owner: $owner}) SET s.fenced_at = datetime() WITH s "
)
DETACH = FENCE + "MATCH (p:GraphNode {graph: $graph}) WITH p LIMIT $limit DETACH DELETE p"
RELS = FENCE + "MATCH (:GraphNode {graph: $graph})-[r]->() WITH r LIMIT $limit DELETE r"
NODES = FENCE + "MATCH (p:GraphNode {graph: $graph}) WITH p LIMIT $limit DELETE p"
IDS = FENCE + "UNWIND $ids AS id MATCH (p) WHERE elementId(p) = id DETACH DELETE p"
READ_IDS = "MATCH (p:GraphNode {graph: $graph}) RETURN elementId(p) AS id"

Deleter = Callable[[QueryRunner, dict[str, Any]], None]


def loop(query: str, limit: int, counter: str) -> Deleter:
    def run(runner: QueryRunner, params: dict[str, Any]) -> None:
        while getattr(runner.write(query, {**params, "limit": limit}), counter) >= limit:
            pass

    return run


def detach(limit: int) -> Deleter:
    return loop(DETACH, limit, "nodes_deleted")


def rels_then_nodes(runner: QueryRunner, params: dict[str, Any]) -> None:
    loop(RELS, 20_000, "relationships_deleted")(runner, params)
    loop(NODES, 20_000, "nodes_deleted")(runner, params)


def by_ids(workers: int, size: int = 20_000) -> Deleter:
    def run(runner: QueryRunner, params: dict[str, Any]) -> None:
        ids = [row["id"] for row in runner.run(READ_IDS, {"graph": params["graph"]})]
        batches = [ids[i : i + size] for i in range(0, len(ids), size)]
        with ThreadPoolExecutor(workers) as pool:
            list(pool.map(lambda b: runner.write(IDS, {**params, "ids": b}), batches))
        loop(DETACH, size, "nodes_deleted")(runner, params)  # any written since the read

    return run


VARIANTS: dict[str, Deleter] = {
    "detach-5k": detach(5_000),
    "detach-5k-return": loop(DETACH + " RETURN count(*) AS deleted", 5_000, "nodes_deleted"),
    "detach-20k": detach(20_000),
    "detach-50k": detach(50_000),
    "rels-then-nodes": rels_then_nodes,
    "ids": by_ids(1),
    "ids-x2": by_ids(2),
}


def jvm_seconds(home: str) -> float:
    pid = subprocess.run(
        ["pgrep", "-f", f"java.*{home}"], capture_output=True, text=True, check=True
    ).stdout.split()[0]
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load(runner: QueryRunner, n: int) -> None:
    run_load(runner, LoadRequest.parse(str(n), "bulgarian", force=True).plan())


def left(runner: QueryRunner, graph: str) -> int:
    return runner.run("MATCH (p:GraphNode {graph: $graph}) RETURN count(p) AS c", {"graph": graph})[
        0
    ]["c"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=50)
    parser.add_argument("--only", default="", help="comma-separated variant names")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else [*VARIANTS, "drop_graph"]
    home = os.environ["GAMEGRAPH_NEO4J_HOME"]
    graph = f"bulgarian:{args.n}"
    game = parse_graph_id(graph)
    results: list[tuple[str, float, float]] = []
    with open_runner(Neo4jSettings.resolve()) as runner:
        drop_graph(runner, graph)
        for name in names:
            load(runner, args.n)
            counts = runner.run(
                "MATCH (p:GraphNode {graph: $graph}) OPTIONAL MATCH (p)-[r]->() "
                "RETURN count(DISTINCT p) AS nodes, count(r) AS rels",
                {"graph": graph},
            )[0]
            cpu, started = jvm_seconds(home), time.perf_counter()
            if name == "drop_graph":
                drop_graph(runner, graph)
            else:
                lease = Lease(runner, game)
                assert lease.try_claim_drop() is None
                VARIANTS[name](runner, {"graph": graph, **lease.fence()})
                assert lease.finish_drop()
            wall, cpu = time.perf_counter() - started, jvm_seconds(home) - cpu
            assert left(runner, graph) == 0, name
            results.append((name, wall, cpu))
            base_wall, base_cpu = results[0][1], results[0][2]
            print(
                f"{name:16} {counts['nodes']:>9,} nodes {counts['rels']:>9,} rels  "
                f"{wall:6.1f} s wall ({wall / base_wall:4.2f}x)  "
                f"{cpu:6.1f} s JVM CPU ({cpu / base_cpu:4.2f}x)",
                flush=True,
            )
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")


if __name__ == "__main__":
    main()
