"""Delete benchmark: how to drop B_n fastest, every batch fenced by the drop's lease.

Loads B_n (bulgarian) into the local Neo4j, then for each variant: claims the graph for a drop
(as `gamegraph drop` does), deletes its nodes and relationships with that variant (every
transaction locks a lock of the lease's slot first, the fence of issue 33), finishes the drop,
checks nothing of the graph is left, and loads it again. The variants run in turn, round
after round (``--rounds``, after ``--warmup`` rounds not counted: a new server's JIT compiles
the delete path during its first drop), so each meets the same state of a shared machine.
Per run it prints the wall time and the Neo4j JVM's CPU seconds (utime + stime of the server
process, from /proc: the machine is shared, so wall times are noisy); at the end, per variant,
the medians and their ratios to the first variant.

Variants:

- ``before``: the loop of the previous release: DETACH DELETE, 5,000 nodes a transaction,
  the fence's SET on the slot in the same query part as the LIMIT, which Neo4j plans as an
  exhaustive limit (every batch reads all the graph's remaining nodes);
- ``detach``: the loop of 0.3: the nodes found in a subquery after the fence, 5,000 nodes a
  transaction DETACH DELETEd with all their relationships (past the server's transaction
  memory on C_20, whose first 5,000 nodes hold 461,451 relationships);
- ``loader`` (`gamegraph drop`): the loader's query (named query graph_delete_nodes): of
  5,000 nodes a transaction, up to 20,000 of their relationships, then the nodes left with
  none;
- ``loader-20k``: the same with 20,000 nodes a transaction.

``--only detach,loader`` (load 3-12 on a shared machine): B_50, 3 rounds, 9.7 s wall and 5.0 s
JVM CPU against 9.6 s and 5.2 s; B_60, 1 round after one warm-up, 26.1 s and 24.0 s against
22.9 s and 24.7 s (warm-up: 27.9 s and 33.0 s against 29.2 s and 30.2 s): bounding the
relationships costs a functional graph's drop nothing measurable.

Two transactions at once, each on its own half of the graph behind a lock of its own, were
tried and measured (B_60, load 4-6): no faster (31.5 s against 30.8 s), 17-24% more server
CPU: Neo4j spent about one core's worth on both and retried their deadlocks. One auto-commit
query, ``MATCH (p:GraphNode {graph: $graph}) CALL (p) { <the fence's MATCH and SET> DETACH
DELETE p } IN TRANSACTIONS OF 5000 ROWS``, was slower too (B_50, 2 rounds: 10.8 s against 4.7 s
for ``loader``; of 20,000 rows, 43.2 s): the fence is then set once per node, not per batch.

With ``--rewrite`` it measures instead what the issue calls writing into a database that
just deleted: B_n loaded online into the emptied database (its store removed, as a new home
has it; B_(n-8) loaded first and kept, so that the server's JIT is warm and nothing was
deleted yet), then dropped and loaded again, ``--rounds`` times; per load the node and
relationship stages in rows/s, and the medians after a drop against the fresh load.

With ``--floor`` it measures what any delete of B_n must pay, by parts: B_n loaded, then
copies of its nodes under a label with no index (all their properties; then one property with
copies of its relationships) deleted in the same batches, then B_n dropped as `gamegraph
drop` does, and nodes with a label alone: what is left between the copies and the drop is the
indexes' share, the rest is the data's.

    python benchmarks/delete.py [--n 50] [--rounds 2] [--warmup 1] [--only before,loader]
    python benchmarks/delete.py --rewrite [--n 60] [--rounds 2]
    python benchmarks/delete.py --floor [--n 60]

Run it on a scratch home (GAMEGRAPH_NEO4J_HOME): it drops and reloads B_n there.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import time
from collections.abc import Callable

from gamegraph.db import Neo4jSettings, QueryRunner, open_runner
from gamegraph.db.catalog import Lease
from gamegraph.games import parse_graph_id
from gamegraph.loader import claim
from gamegraph.loader.plan import LoadRequest
from gamegraph.loader.writer import drop_graph, run_load
from gamegraph.server import LocalNeo4j

BEFORE = (
    "MATCH (s:GraphSlot {slot: $slot, lease_owner: $owner}) SET s.fenced_at = datetime() "
    "WITH s MATCH (p:GraphNode {graph: $graph}) WITH p LIMIT $limit DETACH DELETE p "
    "RETURN count(*) AS deleted"
)

DETACH = (
    "MATCH (s:GraphSlot {slot: $slot, lease_owner: $owner}) SET s.fenced_at = datetime() "
    "WITH s CALL (s) { MATCH (p:GraphNode {graph: $graph}) WITH p LIMIT $limit "
    "DETACH DELETE p RETURN count(*) AS deleted } RETURN deleted"
)

Deleter = Callable[[QueryRunner, str, dict[str, str]], None]


def before(runner: QueryRunner, graph: str, fence: dict[str, str]) -> None:
    while runner.write(BEFORE, {"graph": graph, **fence, "limit": 5_000}).nodes_deleted >= 5_000:
        pass


def detach(runner: QueryRunner, graph: str, fence: dict[str, str]) -> None:
    while runner.write(DETACH, {"graph": graph, **fence, "limit": 5_000}).nodes_deleted >= 5_000:
        pass


def loader(batch: int) -> Deleter:
    def run(runner: QueryRunner, graph: str, fence: dict[str, str]) -> None:
        kept, claim.DELETE_BATCH = claim.DELETE_BATCH, batch
        try:
            claim.delete_in_batches(
                runner, "graph_delete_nodes", {"graph": graph, **fence}, "deleting"
            )
        finally:
            claim.DELETE_BATCH = kept

    return run


VARIANTS: dict[str, Deleter] = {
    "before": before,
    "detach": detach,
    "loader": loader(5_000),
    "loader-20k": loader(20_000),
}


def jvm_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load(runner: QueryRunner, n: int) -> tuple[float, float]:
    """Load B_n online; the rows/s of its node stage and of its relationship stage."""
    report = run_load(runner, LoadRequest.parse(str(n), "bulgarian", force=True).plan())[0]
    return report.nodes / report.seconds["nodes"], report.relationships / report.seconds[
        "relationships"
    ]


def rewrite(n: int, rounds: int) -> None:
    """B_n written into the emptied database, then again after each drop of it."""
    graph = f"bulgarian:{n}"
    local = LocalNeo4j()
    local.stop()
    for kind in ("databases", "transactions"):
        shutil.rmtree(local.home / "data" / kind / local.default_database, ignore_errors=True)
    local.start()
    rates: list[tuple[float, float]] = []
    with open_runner(Neo4jSettings.resolve()) as runner:
        load(runner, n - 8)  # the JIT of a new server, warmed on a graph that stays: no delete
        for round_ in range(rounds + 1):
            if round_:
                drop_graph(runner, graph)
            nodes, rels = load(runner, n)
            rates.append((nodes, rels))
            what = "fresh database" if not round_ else f"after drop {round_}"
            one = os.getloadavg()[0]
            print(
                f"{what:<16} B_{n}: nodes {nodes:9,.0f} rows/s, relationships {rels:9,.0f} "
                f"rows/s  load {one:.1f}",
                flush=True,
            )
    after = rates[1:]
    nodes = statistics.median(r[0] for r in after) / rates[0][0]
    rels = statistics.median(r[1] for r in after) / rates[0][1]
    print(f"after a drop / fresh: nodes {nodes:.2f}, relationships {rels:.2f}")


def _delete_all(runner: QueryRunner, query: str) -> float:
    """Seconds to run a delete of up to 5,000 nodes until it deletes fewer."""
    started = time.perf_counter()
    while runner.write(query).nodes_deleted >= 5_000:
        pass
    return time.perf_counter() - started


def floor(n: int) -> None:
    """The parts of a drop of B_n: properties, relationships, indexes (see the docstring)."""
    graph, step = f"bulgarian:{n}", 20_000
    with open_runner(Neo4jSettings.resolve()) as runner:
        run_load(runner, LoadRequest.parse(str(n), "bulgarian").plan())
        nodes = left(runner, graph)
        copy = "MATCH (p:Bulgarian {n: $n}) WHERE p.idx >= $a AND p.idx < $a + $step "
        copy += "CREATE (q:FloorCopy)"
        for a in range(0, nodes, step):
            runner.write(copy + " SET q = properties(p)", {"n": n, "a": a, "step": step})
        props = _delete_all(runner, "MATCH (p:FloorCopy) WITH p LIMIT 5000 DELETE p")
        for a in range(0, nodes, step):
            runner.write(copy + " SET q.idx = p.idx", {"n": n, "a": a, "step": step})
        runner.write("CREATE INDEX floor_copy IF NOT EXISTS FOR (q:FloorCopy) ON (q.idx)")
        runner.write("CALL db.awaitIndexes(300)")
        for a in range(0, nodes, step):
            runner.write(
                "MATCH (p:Bulgarian {n: $n})-[:BULGARIAN_MOVE]->(s) "
                "WHERE p.idx >= $a AND p.idx < $a + $step "
                "MATCH (x:FloorCopy {idx: p.idx}), (y:FloorCopy {idx: s.idx}) "
                "CREATE (x)-[:FLOOR]->(y)",
                {"n": n, "a": a, "step": step},
            )
        runner.write("DROP INDEX floor_copy")
        rels = _delete_all(runner, "MATCH (p:FloorCopy) WITH p LIMIT 5000 DETACH DELETE p")
        started = time.perf_counter()
        drop_graph(runner, graph)
        dropped = time.perf_counter() - started
        for a in range(0, nodes, 50_000):
            runner.write(
                "UNWIND range(1, $k) AS i CREATE (:FloorCopy)", {"k": min(50_000, nodes - a)}
            )
        bare = _delete_all(runner, "MATCH (p:FloorCopy) WITH p LIMIT 5000 DELETE p")
    print(f"{nodes:,} nodes of B_{n}, deleted 5,000 a transaction:")
    print(f"  a label alone                         {bare:6.1f} s")
    print(f"  B_{n}'s properties, no index           {props:6.1f} s")
    print(f"  one property and B_{n}'s relationships {rels:6.1f} s")
    print(f"  `gamegraph drop` of B_{n}              {dropped:6.1f} s")
    data = props + rels - bare
    print(
        f"  data alone (properties + relationships, one label counted once): {data:.1f} s, "
        f"{data / dropped:.2f} of the drop"
    )


def left(runner: QueryRunner, graph: str) -> int:
    rows = runner.run("MATCH (p:GraphNode {graph: $graph}) RETURN count(p) AS c", {"graph": graph})
    return int(rows[0]["c"])


def drop_once(runner: QueryRunner, pid: int, graph: str, name: str) -> tuple[float, float]:
    """Wall and server CPU seconds of one fenced drop of ``graph`` by variant ``name``."""
    lease = Lease(runner, parse_graph_id(graph))
    cpu, started = jvm_seconds(pid), time.perf_counter()
    assert lease.try_claim_drop() is None
    VARIANTS[name](runner, graph, lease.fence())
    assert lease.finish_drop()
    wall, cpu = time.perf_counter() - started, jvm_seconds(pid) - cpu
    assert left(runner, graph) == 0, name
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--warmup", type=int, default=1, help="rounds run first, not counted")
    parser.add_argument("--only", default="", help="comma-separated variant names")
    parser.add_argument("--rewrite", action="store_true", help="writes after a drop, see above")
    parser.add_argument("--floor", action="store_true", help="a drop's cost by parts, see above")
    args = parser.parse_args()
    if args.rewrite:
        rewrite(args.n, args.rounds)
        return
    if args.floor:
        floor(args.n)
        return
    names = args.only.split(",") if args.only else list(VARIANTS)
    graph = f"bulgarian:{args.n}"
    pid = LocalNeo4j().status().pid
    if pid is None:
        raise SystemExit("error: the local Neo4j is not running (gamegraph neo4j start)")
    measured: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
    with open_runner(Neo4jSettings.resolve()) as runner:
        drop_graph(runner, graph)
        for round_ in range(-args.warmup, args.rounds):
            for name in names:
                load(runner, args.n)
                nodes = left(runner, graph)
                wall, cpu = drop_once(runner, pid, graph, name)
                if round_ >= 0:
                    measured[name].append((wall, cpu))
                load1 = os.getloadavg()[0]
                print(
                    f"{'warm-up' if round_ < 0 else f'round {round_}'} {name:8} {nodes:>9,} "
                    f"nodes  {wall:6.1f} s wall  {cpu:6.1f} s JVM CPU  "
                    f"{nodes / wall:8,.0f} nodes/s  load {load1:.1f}",
                    flush=True,
                )
    base = names[0]
    base_wall = statistics.median(w for w, _ in measured[base])
    base_cpu = statistics.median(c for _, c in measured[base])
    print(f"medians over {args.rounds} round(s), ratios to {base}:")
    for name in names:
        wall = statistics.median(w for w, _ in measured[name])
        cpu = statistics.median(c for _, c in measured[name])
        print(
            f"  {name:8} {wall:6.1f} s wall ({wall / base_wall:4.2f}x)  "
            f"{cpu:6.1f} s JVM CPU ({cpu / base_cpu:4.2f}x)"
        )
    one, two = os.getloadavg()[:2]
    print(f"load average: {one:.2f} {two:.2f}")


if __name__ == "__main__":
    main()
