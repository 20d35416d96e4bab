"""Benchmark: the online relationship write, the loader's batches against a list per row.

Creates the largest relationship table of a loaded graph (B_n's moves, G_n's ALPHA_MOVE
arcs, ...) again between its nodes, under a scratch type (``BENCH_<variant>``, deleted
again), in two variants interleaved over rounds, and prints for each the wall time (each
batch's parameters made inside it, as the loader makes them), the Neo4j JVM's CPU seconds
and the client's, then the medians against the loader's:

- ``loader``: the loader's statement and parameters (create_relationships or
  create_relationships_by_end of write.cypher, without the claim's fence): the node of each
  group in ``$keys``, the nodes at the other ends in ``$others``, as parallel lists;
- ``rows``: the loader's statement before, ``UNWIND $rows AS row``, a ``[key, [others]]``
  list per group.

Both group the relationships by the side with fewer distinct nodes, about 5,000 a batch, two
writers, as the loader does.

    python benchmarks/relationship_write.py [--graph floridian:50] [--rounds 3] [--warmup 1]

Needs the graph loaded in the local Neo4j (GAMEGRAPH_NEO4J_* choose its home and ports).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import numpy as np
from node_write import client_cpu, server_cpu

from gamegraph.db import open_runner
from gamegraph.db.query_files import cypher
from gamegraph.games import parse_graph_id
from gamegraph.loader.writer import NODE_BATCH
from gamegraph.server import LocalNeo4j

BEFORE = (
    "UNWIND $rows AS row\nMATCH ({key})\nWHERE elementId({key}) = row[0]\n"
    "UNWIND row[1] AS other_id\nMATCH ({other})\nWHERE elementId({other}) = other_id\n"
    "CREATE (a)-[:$($type)]->(b)"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--graph", default="floridian:50", help="a loaded graph's id")
    parser.add_argument("--rounds", type=int, default=3, help="rounds over the variants")
    parser.add_argument("--warmup", type=int, default=1, help="rounds not counted (the JIT)")
    args = parser.parse_args()
    game = parse_graph_id(args.graph)
    tables = game.tables(game.build(force=True))
    pid = LocalNeo4j().status().pid
    if pid is None:
        raise SystemExit("error: the local Neo4j is not running (gamegraph neo4j start)")
    rel = max(tables.rels, key=len)
    with open_runner() as runner:
        ids: dict[str, list[str]] = {}
        for table in tables.nodes:  # element ids by row, as the node stage returns them
            row_of = {idx: row for row, idx in enumerate(table.column("idx"))}
            found = runner.run(
                f"MATCH (p:{table.label} {{graph: $graph}}) RETURN p.idx AS idx, "
                "elementId(p) AS id",
                {"graph": game.id},
            )
            ids[table.label] = [""] * len(table)
            for row in found:
                ids[table.label][row_of[int(row["idx"])]] = str(row["id"])
        by_end = np.unique(rel.end).shape[0] < np.unique(rel.start).shape[0]
        key, other = (rel.end, rel.start) if by_end else (rel.start, rel.end)
        key_ids = ids[rel.target] if by_end else ids[rel.source]
        other_ids = ids[rel.source] if by_end else ids[rel.target]
        order = np.argsort(key, kind="stable")
        keys, others = key[order].tolist(), other[order].tolist()
        bounds = [0, *(np.flatnonzero(np.diff(key[order])) + 1).tolist(), len(rel)]
        ends = ("b", "a") if by_end else ("a", "b")
        loader = cypher("create_relationships_by_end" if by_end else "create_relationships")
        queries = {
            "loader": loader.split("\n", 1)[1],  # no fence: no claim here
            "rows": BEFORE.format(key=ends[0], other=ends[1]),
        }

        def groups() -> Iterator[tuple[int, int]]:
            g0 = 0
            while g0 < len(bounds) - 1:
                g1 = g0 + 1
                while g1 < len(bounds) - 1 and bounds[g1 + 1] - bounds[g0] <= NODE_BATCH:
                    g1 += 1
                yield g0, g1
                g0 = g1

        def parameters(name: str, g0: int, g1: int) -> dict[str, Any]:
            heads = [key_ids[keys[bounds[g]]] for g in range(g0, g1)]
            tails = [
                [other_ids[o] for o in others[bounds[g] : bounds[g + 1]]] for g in range(g0, g1)
            ]
            kind = f"BENCH_{name.upper()}"
            if name == "loader":
                return {"type": kind, "keys": heads, "others": tails}
            return {"type": kind, "rows": [list(pair) for pair in zip(heads, tails, strict=True)]}

        print(f"{game.id}: {len(rel):,} {rel.type} relationships, grouped by {ends[0]}'s node")
        measured: dict[str, list[tuple[float, float, float]]] = {name: [] for name in queries}
        for round_ in range(-args.warmup, args.rounds):
            for name, query in queries.items():
                started, server, client = time.perf_counter(), server_cpu(pid), client_cpu()
                with ThreadPoolExecutor(2) as pool:
                    pending: deque[Future[Any]] = deque()
                    for g0, g1 in groups():
                        pending.append(pool.submit(runner.write, query, parameters(name, g0, g1)))
                        if len(pending) > 4:
                            pending.popleft().result()
                    while pending:
                        pending.popleft().result()
                wall = time.perf_counter() - started
                cost = (wall, server_cpu(pid) - server, client_cpu() - client)
                delete = f"MATCH ()-[r:BENCH_{name.upper()}]->() WITH r LIMIT 50000 DELETE r"
                while runner.write(delete).relationships_deleted:
                    pass
                if round_ >= 0:
                    measured[name].append(cost)
                when = "warm-up" if round_ < 0 else f"round {round_}"
                print(
                    f"{when:8} {name:7} wall {cost[0]:5.2f} s  server CPU {cost[1]:5.2f} s  "
                    f"client CPU {cost[2]:5.2f} s",
                    flush=True,
                )
    base = [statistics.median(m[k] for m in measured["loader"]) for k in range(3)]
    for name, costs in measured.items():
        medians = [statistics.median(c[k] for c in costs) for k in range(3)]
        print(
            f"{name:7} medians: "
            + ", ".join(
                f"{what} {value:5.2f} s ({value / of:.2f} of the loader's)"
                for what, value, of in zip(
                    ("wall", "server CPU", "client CPU"), medians, base, strict=True
                )
            )
        )


if __name__ == "__main__":
    main()
