"""Benchmark: GDS projections of loaded graphs, their size in memory and their time.

For each graph id given (loaded already, e.g. by `gamegraph load --n 60`), projects the whole
graph into GDS as `db.project(graph_id)` does (every node of the graph and every relationship
between them, typed), reads back GDS's own account of it (`gds.graph.list`: nodes,
relationships, sizeInBytes, memoryUsage), times weak components on it (`gds.wcc.stats`),
drops it, and times the game's GDS named queries (their own, smaller projection included).
Prints one block per graph. Not part of the tests:

    python benchmarks/gds.py bulgarian:60 floridian:60

Honours NEO4J_URI / GAMEGRAPH_NEO4J_* like the CLI. Needs a server with GDS.
"""

from __future__ import annotations

import argparse
import time

import gamegraph as gg
from gamegraph.db.gds import project_graph
from gamegraph.db.queries import run_named
from gamegraph.games.registry import parse_graph_id
from gamegraph.verify.gds import gds_queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graphs", nargs="+", help="graph ids, e.g. bulgarian:60 floridian:60")
    args = parser.parse_args()
    db = gg.connect(start=False)
    gds = db.gds
    gds.set_show_progress(False)
    print(f"GDS {gds.server_version()} on {db.settings.uri or 'the local Neo4j'}")
    for graph_id in args.graphs:
        game = parse_graph_id(graph_id)
        started = time.perf_counter()
        graph = project_graph(gds, db.runner, graph_id)
        projected = time.perf_counter() - started
        [listed] = db.runner.run(
            "CALL gds.graph.list($name) YIELD nodeCount, relationshipCount, sizeInBytes, "
            "memoryUsage RETURN nodeCount, relationshipCount, sizeInBytes, memoryUsage",
            {"name": graph.name()},
        )
        started = time.perf_counter()
        wcc = gds.wcc.stats(graph)
        wcc_seconds = time.perf_counter() - started
        graph.drop()
        print(
            f"{graph_id} ({game.describe()}): projected {listed['nodeCount']:,} nodes, "
            f"{listed['relationshipCount']:,} relationships in {projected:.1f} s; "
            f"{listed['memoryUsage']} ({listed['sizeInBytes']:,} bytes) in GDS; "
            f"wcc.stats {wcc_seconds:.1f} s ({wcc.component_count:,} components)"
        )
        for query in gds_queries(game):
            params = {p.name: getattr(game, p.name) for p in query.params}
            started = time.perf_counter()
            rows = run_named(db.runner, query.name, params).rows
            print(f"  {query.name}: {time.perf_counter() - started:.1f} s, {len(rows):,} rows")
    db.close()


if __name__ == "__main__":
    main()
