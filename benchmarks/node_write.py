"""Benchmark: where B_n's online node write spends the server's time.

Writes B_n's node table (the loader's own rows) into the local Neo4j under scratch labels
(``Bench<i>``, deleted again) in several variants, interleaved over rounds, and prints for each
the wall time (each batch's parameters made inside it, as the loader makes them), the Neo4j
JVM's CPU seconds (read from /proc: on a busy machine the wall time says little, the server's
CPU time what the write costs it) and the client's CPU seconds, then each variant's median
server CPU and wall time against the loader's (warm-up rounds, for the JIT of a newly started
server, are printed but not counted):

- ``loader``: the loader's statement and parameters (``UNWIND`` over a batch sent as parallel
  column lists, the flag labels set from their list, the element ids returned), 5,000 rows a
  batch, two writers, with B_n's schema (the uniqueness constraint on (n, key), the indexes on
  n and (n, idx), and the graph index);
- ``rows``: the loader's statement before, ``UNWIND $rows AS row``, a list per node;
- ``static-labels``, ``no-ids``: without the dynamic labels, without returning the ids;
- ``unique-only``, ``no-schema``: with the constraint alone, with no index at all;
- ``batch-20k``, ``writers-1``, ``writers-4``: other batch sizes and writer counts.

    python benchmarks/node_write.py [--n 45] [--rounds 2] [--warmup 1] [--variants loader,no-schema]

Needs the local Neo4j (GAMEGRAPH_NEO4J_* choose its home and ports) on this machine.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from gamegraph.db import Neo4jQueryRunner, open_runner
from gamegraph.games import get_game
from gamegraph.games.model import GRAPH_NODE, NodeTable
from gamegraph.loader.writer import create_nodes_parameters, create_nodes_statement
from gamegraph.server import LocalNeo4j

VARIANTS: dict[str, dict[str, Any]] = {
    "loader": {},
    "rows": {"columns": False},
    "static-labels": {"dynamic": False},
    "no-ids": {"ids": False},
    "unique-only": {"schema": "unique"},
    "no-schema": {"schema": "none"},
    "batch-20k": {"batch": 20_000},
    "writers-1": {"writers": 1},
    "writers-4": {"writers": 4},
}


def server_cpu(pid: int) -> float:
    """User + system CPU seconds of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def client_cpu() -> float:
    times = os.times()
    return times.user + times.system


def statement(table: NodeTable, label: str, *, columns: bool, dynamic: bool, ids: bool) -> str:
    """The loader's statement (without the claim's fence, under the scratch labels), or the
    one a list per node used before (``columns=False``), with or without its dynamic labels
    and returned ids."""
    if columns:
        query = create_nodes_statement(table).split("\n", 1)[1]  # no fence: no claim here
        query = query.replace(f"{GRAPH_NODE}:{table.label} ", f"{label}Node:{label} ")
    else:
        props = ", ".join(f"{name}: row[{i}]" for i, name in enumerate(table.columns))
        query = f"UNWIND $rows AS row\nCREATE (p:{label}Node:{label} {{graph: $graph, {props}}})\n"
        query += "SET p:$(row[-1])\nRETURN collect(elementId(p)) AS ids"
    if not dynamic:
        query = re.sub(r"SET p:\$\(.*\)\n", "", query)
    if not ids:
        query = query.replace("collect(elementId(p)) AS ids", "count(*) AS c")
    return query


def parameters(table: NodeTable, start: int, stop: int, *, columns: bool) -> dict[str, Any]:
    if columns:
        return {**create_nodes_parameters(table, start, stop), "graph": "b"}
    return {"rows": table.rows(start, stop), "graph": "b"}


def clear(runner: Neo4jQueryRunner, label: str) -> None:
    while runner.write(f"MATCH (p:{label}) WITH p LIMIT 10000 DETACH DELETE p").nodes_deleted:
        pass


def schema(runner: Neo4jQueryRunner, label: str, kind: str) -> None:
    """Drop whatever schema the scratch labels have (left by an earlier run), then make
    ``kind``'s: all (B_n's), unique (the constraint alone) or none."""
    name = label.lower()
    labels = [label, f"{label}Node"]
    for row in runner.run(
        "SHOW CONSTRAINTS YIELD name, labelsOrTypes "
        "WHERE any(l IN labelsOrTypes WHERE l IN $labels) RETURN name",
        {"labels": labels},
    ):
        runner.write(f"DROP CONSTRAINT {row['name']}")
    for row in runner.run(
        "SHOW INDEXES YIELD name, labelsOrTypes, owningConstraint "
        "WHERE any(l IN labelsOrTypes WHERE l IN $labels) AND owningConstraint IS NULL "
        "RETURN name",
        {"labels": labels},
    ):
        runner.write(f"DROP INDEX {row['name']}")
    if kind in ("all", "unique"):
        runner.write(f"CREATE CONSTRAINT {name}_key FOR (p:{label}) REQUIRE (p.n, p.key) IS UNIQUE")
    if kind == "all":
        runner.write(f"CREATE INDEX {name}_n FOR (p:{label}) ON (p.n)")
        runner.write(f"CREATE INDEX {name}_idx FOR (p:{label}) ON (p.n, p.idx)")
        runner.write(f"CREATE INDEX {name}_graph FOR (p:{label}Node) ON (p.graph)")
    runner.write("CALL db.awaitIndexes(300)")


def write(
    runner: Neo4jQueryRunner,
    pid: int,
    label: str,
    table: NodeTable,
    *,
    columns: bool = True,
    dynamic: bool = True,
    ids: bool = True,
    schema_kind: str = "all",
    batch: int = 5_000,
    writers: int = 2,
) -> tuple[float, float, float]:
    """Wall, server CPU and client CPU seconds of one write of the table."""
    clear(runner, label)
    schema(runner, label, schema_kind)
    query = statement(table, label, columns=columns, dynamic=dynamic, ids=ids)
    started, server, client = time.perf_counter(), server_cpu(pid), client_cpu()
    with ThreadPoolExecutor(writers) as pool:
        pending: deque[Future[Any]] = deque()
        for start in range(0, len(table), batch):
            params = parameters(table, start, start + batch, columns=columns)
            pending.append(pool.submit(runner.write_returning, query, params))
            if len(pending) > 2 * writers:  # as the loader: a few batches made ahead
                pending.popleft().result()
        while pending:
            pending.popleft().result()
    measured = (
        time.perf_counter() - started,
        server_cpu(pid) - server,
        client_cpu() - client,
    )
    clear(runner, label)
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=45, help="B_n to write (default 45)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds over the variants")
    parser.add_argument(
        "--warmup", type=int, default=1, help="rounds run first and not counted (the JIT)"
    )
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated")
    args = parser.parse_args()
    names = [v.strip() for v in args.variants.split(",")]
    game = get_game("bulgarian")(args.n)
    table = game.tables(game.build(force=True)).nodes[0]
    status = LocalNeo4j().status()
    if status.pid is None:
        raise SystemExit("error: the local Neo4j is not running (gamegraph neo4j start)")
    print(
        f"B_{args.n}: {len(table):,} nodes, columns {list(table.columns)}, flags {[*table.flags]}"
    )
    cpu: dict[str, list[float]] = {name: [] for name in names}
    walls: dict[str, list[float]] = {name: [] for name in names}
    with open_runner() as runner:
        for round_ in range(-args.warmup, args.rounds):
            for i, name in enumerate(names):
                options = dict(VARIANTS[name])
                if "schema" in options:
                    options["schema_kind"] = options.pop("schema")
                wall, server, client = write(runner, status.pid, f"Bench{i}", table, **options)
                if round_ >= 0:
                    cpu[name].append(server)
                    walls[name].append(wall)
                when = "warm-up" if round_ < 0 else f"round {round_}"
                print(
                    f"{when} {name:14s} wall {wall:6.1f} s  server CPU {server:6.1f} s  "
                    f"client CPU {client:5.1f} s  {len(table) / server:9,.0f} nodes per server "
                    "CPU second",
                    flush=True,
                )
    base, base_wall = (statistics.median(m[names[0]]) for m in (cpu, walls))
    for name in names:
        median, wall = statistics.median(cpu[name]), statistics.median(walls[name])
        print(
            f"{name:14s} server CPU median {median:6.2f} s ({median / base:.2f} of {names[0]}'s)"
            f"  wall median {wall:6.2f} s ({wall / base_wall:.2f})"
        )


if __name__ == "__main__":
    main()
