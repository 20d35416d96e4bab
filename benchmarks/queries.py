"""Benchmark: every named query of gamegraph/queries on the n = 60 load, median time in ms.

Loads B_60, G_60/H_60 and Q (both rules, n <= 60) first if they are not loaded completely
(what `gamegraph load --n 60` does), then runs each query with representative parameters
several times and prints its median, min and max wall time as seen by the client (Bolt round
trip included; the :Graph check `gamegraph query` adds is not timed). Whole-graph scans are
flagged; every other query is expected to answer in under a second. Not part of the tests:

    python benchmarks/queries.py [--n 60] [--repeat 5]

Honours NEO4J_URI / GAMEGRAPH_NEO4J_* like the CLI.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from gamegraph import bulgarian as build_bulgarian
from gamegraph.db import Neo4jSettings, QueryRunner, open_runner
from gamegraph.db.queries import convert_params
from gamegraph.db.query_files import named_queries
from gamegraph.games.floridian.engine import build_floridian
from gamegraph.games.partitions import canonical_key
from gamegraph.loader.plan import LoadRequest
from gamegraph.loader.writer import run_load

BUDGET_MS = 1000.0


def representative_params(runner: QueryRunner, n: int) -> dict[str, dict[str, Any]]:
    """Parameters for every query: positions chosen from the engine to be hard cases
    (the farthest from the core, a losing one, a deep Bulgarian trajectory)."""
    b = build_bulgarian(n)
    deepest = int(b.distance.argmax())
    trajectory = b.trajectory(deepest)
    g = build_floridian(n)

    def bkey(i: int) -> str:
        return canonical_key(b.position(int(i)))

    def fkey(i: int) -> str:
        return canonical_key(g.positions.position(int(i)))

    farthest = int(g.turns_to_core.argmax())
    core = g.core_components[0].nodes
    recurrent = int(core[len(core) // 2])
    losing = [int(i) for i in g.losing.nonzero()[0]]
    lose = losing[len(losing) // 2] if losing else farthest
    cycle_n = 24 if n >= 24 else n
    cycle_position = "8,5,5,2,2,2" if n >= 24 else fkey(0)
    return {
        "graphs_loaded": {},
        "graph_summary": {"graph": f"floridian:{n}"},
        "bulgarian_trajectory": {"n": n, "position": bkey(deepest)},
        "bulgarian_reaches": {"n": n, "position": bkey(deepest), "target": bkey(trajectory[-1])},
        "bulgarian_cycles": {"n": n},
        "bulgarian_garden_of_eden": {"n": n, "limit": 25},
        "bulgarian_farthest": {"n": n, "limit": 25},
        "floridian_turn_path_g": {"n": n, "position": fkey(farthest), "target": fkey(recurrent)},
        "floridian_turn_path_h": {"n": n, "position": fkey(farthest), "target": fkey(recurrent)},
        "floridian_moves": {"n": n, "position": fkey(farthest)},
        "floridian_reachable": {"n": n, "position": fkey(farthest)},
        "floridian_reaches_core": {"n": n, "position": fkey(lose)},
        "floridian_turns_to_core": {"n": n, "position": fkey(farthest)},
        "floridian_outcomes": {"n": n},
        "floridian_losing": {"n": n},
        "floridian_immediate_losses": {"n": n},
        "floridian_winning": {"n": n, "limit": 25},
        "floridian_farthest_winning": {"n": n},
        "floridian_core_components": {"n": n},
        "floridian_core_arcs": {"n": n},
        "floridian_core_graph": {"n": n},
        "floridian_four_cycles": {"n": n},
        "floridian_two_cycles": {"n": n},
        "lifting_summary": {"rule": "band"},
        "lifting_components": {"rule": "band"},
        "lifting_non_lifting": {"rule": "band"},
        "lifting_cycles": {"rule": "paper", "n": cycle_n},
        "lifting_lifts": {"rule": "paper", "n": cycle_n, "position": cycle_position},
        "lifting_chain": {"rule": "band", "n": 16, "position": "5,5,2,2,2"},
        # what `gamegraph verify` reads
        "verify_floridian_counts": {"n": n},
        "verify_floridian_positions": {"n": n},
        "verify_floridian_arcs": {"n": n, "lo": 0, "hi": 50_000},
        "verify_omega_moves": {"n": n},
        "verify_bulgarian_positions": {"n": n, "lo": 0, "hi": 100_000},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per query")
    args = parser.parse_args()
    n: int = args.n
    with open_runner(Neo4jSettings.resolve(), on_start=print) as runner:
        started = time.perf_counter()
        reports = run_load(runner, LoadRequest.parse(str(n)).plan())
        loaded = [r.game.id for r in reports if not r.skipped]
        print(
            f"graphs for n = {n}: "
            + (f"loaded {', '.join(loaded)}" if loaded else "already loaded")
            + f" ({time.perf_counter() - started:.1f} s)"
        )
        params = representative_params(runner, n)
        games = {"bulgarian", "floridian", "lifting", None}
        queries = {
            name: q
            for name, q in named_queries().items()
            if q.requires in games
            and not q.name.startswith(("schema_", "graph_", "indexes_"))
            and (not q.internal or q.name.startswith("verify_"))
        }
        missing = set(queries) - set(params)
        if missing:
            raise SystemExit(f"no representative parameters for {sorted(missing)}")
        print(f"{'query':<28} {'median ms':>10} {'min':>8} {'max':>8} {'rows':>7}  note")
        over = []
        for name, query in queries.items():
            converted = convert_params(query, params[name])
            rows = runner.run(query.cypher, converted)  # warm-up: plan cached
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                rows = runner.run(query.cypher, converted)
                times.append((time.perf_counter() - t0) * 1000)
            median = statistics.median(times)
            note = "scan" if query.scan else ""
            if not query.scan and median > BUDGET_MS:
                note = "OVER 1 s"
                over.append(name)
            print(
                f"{name:<28} {median:>10.1f} {min(times):>8.1f} {max(times):>8.1f} "
                f"{len(rows):>7}  {note}"
            )
        print("all non-scan queries under 1 s" if not over else f"over budget: {over}")


if __name__ == "__main__":
    main()
