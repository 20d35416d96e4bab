"""The torture test: several processes load, replace, drop, bulk load, verify and query
overlapping graphs of several games against one local Neo4j while a chaos thread kills them
with SIGKILL at random points and restarts the server now and then; the catalogue must never
say something false.

    python tools/torture.py --seed 7 --minutes 30 --workers 4 --log torture.log
    python tools/torture.py --seed 33 --minutes 1 --workers 4 --kill-every 4 \
        --restart-every 30 --check-every 25 --min-operations 40      # the suite's run

It runs on the local Neo4j of ``GAMEGRAPH_NEO4J_HOME`` / ``GAMEGRAPH_NEO4J_BOLT_PORT`` (started
if needed) and drops every graph there first: give it a home of its own. Each operation is a
`gamegraph` command in a process (and process group) of its own, so a kill is a real SIGKILL
at an arbitrary point of a load, a drop, a bulk swap's import or a verify. The invariants,
checked after every step (the graph the step named) and at every checkpoint (the workers
pause, every graph is checked) and at the end:

1. every graph the catalogue lists as complete passes `verify`;
2. no graph is listed complete with counts other than the engine's (the record's and what
   Neo4j holds);
3. no node belongs to a graph the catalogue does not list (checked at checkpoints, when no
   bulk load is between its swap and its record);
4. a graph complete at one checkpoint and touched by no failed operation since (and dropped
   by none) is complete at the next with the same content hash; and every complete copy of a
   graph has the same content hash (a graph is a function of its game and parameters).

A command that ends in a Python traceback also counts as a violation. The run is seeded (the
operations and the chaos draw from the seed; timing still varies); a failing run prints its
seed and the command that replays it, and exits 1. With ``--min-operations N`` the workers
and the chaos go on after ``--minutes`` until N operations are done (for at most three times
``--minutes`` in all), so that a machine slowed by other work still makes the run as thorough
as it asks.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

GRAPHS: tuple[tuple[str, int], ...] = (
    ("bulgarian", 10),
    ("bulgarian", 12),
    ("bulgarian", 14),
    ("floridian", 10),
    ("floridian", 12),
    ("carolina", 10),
)
"""The graphs the workers fight over: (game, n), a few hundred to a few thousand nodes each."""

WEIGHTS = {
    "load": 28,
    "replace": 16,
    "drop": 16,
    "bulk": 2,
    "verify": 14,
    "query": 24,
}
"""How often each operation is drawn."""

OP_TIMEOUT = 600.0
"""Seconds after which an operation counts as hung (a violation)."""


@dataclass
class Options:
    seed: int
    minutes: float
    workers: int
    kill_every: float
    restart_every: float
    check_every: float
    log: Path | None
    min_operations: int = 0

    def replay(self) -> str:
        return (
            f"python tools/torture.py --seed {self.seed} --minutes {self.minutes:g} "
            f"--workers {self.workers} --kill-every {self.kill_every:g} "
            f"--restart-every {self.restart_every:g} --check-every {self.check_every:g}"
            + (f" --min-operations {self.min_operations}" if self.min_operations else "")
        )


@dataclass
class Tally:
    """What the run did and found (shared by the threads under ``lock``)."""

    operations: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    kills: int = 0
    restarts: int = 0
    checkpoints: int = 0
    violations: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def violation(self, text: str) -> None:
        with self.lock:
            self.violations.append(text)

    def summary(self) -> str:
        ops = sum(self.operations.values())
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(self.operations.items()))
        return (
            f"operations {ops} ({kinds}); "
            f"outcomes {dict(sorted(self.outcomes.items()))}; kills {self.kills}; "
            f"server restarts {self.restarts}; checkpoints {self.checkpoints}; "
            f"invariant violations {len(self.violations)}"
        )


class Torture:
    """The run: workers, the chaos thread, the checks."""

    def __init__(self, options: Options) -> None:
        from gamegraph.games.registry import get_game
        from gamegraph.server import LocalNeo4j

        self.options = options
        self.tally = Tally()
        self.local = LocalNeo4j()
        self.games = {
            get_game(name).create(n=n).id: get_game(name).create(n=n) for name, n in GRAPHS
        }
        self.specs = {get_game(name).create(n=n).id: (name, n) for name, n in GRAPHS}
        self.expected: dict[str, dict[str, int]] = {}
        self.reference_hash: dict[str, str] = {}
        self.tainted: set[str] = set()  # touched by a failed operation since the last checkpoint
        self.dropped: set[str] = set()  # dropped by a successful operation since then
        self.running: dict[int, tuple[Worker, str]] = {}
        self.killed: set[int] = set()
        self.exited = 0  # worker threads that have ended
        self.bulk_running = 0
        self.lock = threading.Lock()
        self.pause = threading.Event()
        self.idle = threading.Semaphore(0)
        self.stop = threading.Event()
        self.log_file = options.log.open("a") if options.log else None

    # ----------------------------------------------------------------- output

    def say(self, text: str) -> None:
        line = f"{time.strftime('%H:%M:%S')} {text}"
        print(line, flush=True)
        if self.log_file:
            self.log_file.write(line + "\n")
            self.log_file.flush()

    # ----------------------------------------------------------------- database

    @contextmanager
    def database(self) -> Iterator[Any]:
        import gamegraph as gg

        with gg.connect() as db:
            yield db

    @contextmanager
    def serving_database(self, patience: float = 120.0) -> Iterator[Any]:
        """A connection for a checkpoint, or None (and a violation) when the database does not
        serve for ``patience`` seconds with every worker paused: a store swap killed midway
        once left it closed for good, each command after it refused."""
        from gamegraph.errors import DatabaseError

        deadline = time.monotonic() + patience
        with ExitStack() as stack:
            while True:
                try:
                    db = stack.enter_context(self.database())
                    break
                except DatabaseError as error:
                    if time.monotonic() > deadline:
                        self.tally.violation(
                            f"the database did not serve for {patience:.0f} s at a checkpoint "
                            f"(every worker paused): {error}"
                        )
                        yield None
                        return
                    time.sleep(3)
            yield db

    def prepare(self) -> None:
        """Start the server, drop everything, compute the engine's counts of every graph."""
        if not self.local.status().running:
            self.local.start()
        from gamegraph.errors import LoadConflictError

        with self.database() as db:
            for _ in range(60):  # a load of an earlier run may still hold a graph a moment
                try:
                    db.drop_all()
                    break
                except LoadConflictError:
                    time.sleep(2)
            else:
                db.drop_all()
        for graph_id, game in self.games.items():
            tables = game.tables(game.build(force=True))
            self.expected[graph_id] = tables.expected_counts()

    # ----------------------------------------------------------------- operations

    def command(self, rng: random.Random, kind: str) -> tuple[list[str], set[str], str]:
        """The command of one operation, the graphs a failure of it may touch, its graph."""
        graph_id = rng.choice(sorted(self.games))
        name, n = self.specs[graph_id]
        base: list[str] = []
        if kind == "load":
            return [*base, "load", "--n", str(n), "--games", name], {graph_id}, graph_id
        if kind == "replace":
            return (
                [*base, "load", "--n", str(n), "--games", name, "--replace"],
                {graph_id},
                graph_id,
            )
        if kind == "drop":
            return [*base, "drop", graph_id], {graph_id}, graph_id
        if kind == "bulk":
            return (
                [*base, "load", "--n", str(n), "--games", name, "--bulk"],
                set(self.games),
                graph_id,
            )
        if kind == "verify":
            return [*base, "verify", graph_id], set(), graph_id
        return [*base, "query", *QUERIES[name], "--param", f"n={n}"], set(), graph_id

    def run_op(self, rng: random.Random, worker: Worker) -> None:
        kind = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
        argv, touches, graph_id = self.command(rng, kind)
        began = time.monotonic()
        with self.lock:
            if kind == "bulk":
                self.bulk_running += 1
            self.running[worker.process.pid] = (worker, kind)
        try:
            rc, err = worker.ask(argv, OP_TIMEOUT)
        finally:
            with self.lock:
                self.running.pop(worker.process.pid, None)
                if kind == "bulk":
                    self.bulk_running -= 1
        if rc is None:  # the worker process died: the chaos killed it, or it crashed
            with self.lock:
                killed = worker.process.pid in self.killed
            worker.restart()
            outcome = "killed" if killed else "crashed"
            if not killed:
                self.tally.violation(f"worker died during {' '.join(argv)}: {err[-2000:]}")
        else:
            outcome = "ok" if rc == 0 else "failed"
        with self.tally.lock:
            self.tally.operations[kind] += 1
            self.tally.outcomes[outcome] += 1
        last = err.strip().splitlines()[-1] if err.strip() else ""
        if "Traceback (most recent call last)" in err:
            self.tally.violation(f"traceback from {' '.join(argv)}:\n{err[-2000:]}")
        if outcome == "failed" and not last.startswith("error:"):
            self.tally.violation(f"{' '.join(argv)} ended without an error line: {last!r}")
        if "internal error" in last:
            self.tally.violation(f"{' '.join(argv)}: {last}")
        with self.lock:
            if outcome != "ok":
                self.tainted |= touches
            elif kind == "drop":
                self.dropped.add(graph_id)
        seconds = time.monotonic() - began
        detail = f": {last[:160]}" if outcome == "failed" else ""
        self.say(f"w{worker.index} {kind} {graph_id} -> {outcome} ({seconds:.1f} s){detail}")
        self.check_step(graph_id)

    def worker(self, index: int, rng: random.Random, deadline: float) -> None:
        worker = Worker(index)
        try:
            while self.going(deadline):
                if self.pause.is_set():
                    self.idle.release()
                    while self.pause.is_set() and not self.stop.is_set():
                        time.sleep(0.2)
                    continue
                try:
                    self.run_op(rng, worker)
                except Exception as error:  # the harness itself: say it and go on
                    self.tally.violation(f"worker {index}: {type(error).__name__}: {error}")
        finally:
            worker.close()
            with self.lock:
                self.exited += 1

    def going(self, deadline: float) -> bool:
        """Whether the workers and the chaos go on: before ``deadline`` (the end of
        ``--minutes``), and after it while fewer than ``--min-operations`` operations are done,
        up to three times ``--minutes`` in all."""
        if self.stop.is_set():
            return False
        now = time.monotonic()
        if now < deadline:
            return True
        if now >= deadline + 2 * self.options.minutes * 60:
            return False
        with self.tally.lock:  # the workers count under it; a new kind adds a key
            done = sum(self.tally.operations.values())
        return done < self.options.min_operations

    # ----------------------------------------------------------------- chaos

    def chaos(self, rng: random.Random, deadline: float) -> None:
        try:
            self._chaos(rng, deadline)
        except Exception as error:  # the harness itself
            self.tally.violation(f"chaos thread: {type(error).__name__}: {error}")

    def _chaos(self, rng: random.Random, deadline: float) -> None:
        next_kill = time.monotonic() + rng.uniform(0.5, 1.5) * self.options.kill_every
        next_restart = time.monotonic() + rng.uniform(0.5, 1.5) * self.options.restart_every
        while self.going(deadline):
            time.sleep(0.2)
            if self.pause.is_set():
                continue
            now = time.monotonic()
            if now >= next_kill:
                next_kill = now + rng.uniform(0.5, 1.5) * self.options.kill_every
                self.kill_one(rng)
            if now >= next_restart and not self.bulk_running:
                next_restart = now + rng.uniform(0.5, 1.5) * self.options.restart_every
                self.restart_server(rng)

    def kill_one(self, rng: random.Random) -> None:
        swapping = (self.local.home / "data" / "databases" / "neo4j.previous").exists()
        with self.lock:
            candidates = [
                (pid, kind)
                for pid, (_, kind) in sorted(self.running.items())
                if not (kind == "bulk" and swapping)
            ]
            if not candidates:
                return
            pid, kind = rng.choice(candidates)
            self.killed.add(pid)
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        with self.tally.lock:
            self.tally.kills += 1
        self.say(f"chaos: SIGKILL {kind} (pid {pid})")

    def restart_server(self, rng: random.Random) -> None:
        hard = rng.random() < 0.5
        status = self.local.status()
        if hard and status.pid:
            self.say(f"chaos: SIGKILL Neo4j (pid {status.pid}), then start it")
            with suppress(ProcessLookupError):
                os.kill(status.pid, signal.SIGKILL)
            deadline = time.monotonic() + 60
            while self.local.status().running and time.monotonic() < deadline:
                time.sleep(0.5)
        else:
            self.say("chaos: restarting Neo4j")
            self.local.stop()
        with self.tally.lock:
            self.tally.restarts += 1
        self.wait_for_server()

    # ----------------------------------------------------------------- checks

    def counts_in_neo4j(self, runner: Any, graph_id: str) -> dict[str, int]:
        from gamegraph.db.fingerprints import read_graph

        stored = read_graph(runner, graph_id)
        return {"nodes": stored.nodes} | {k: v for k, v in stored.relationships.items() if v}

    def check_step(self, graph_id: str) -> None:
        """After a step: if the graph is listed complete (and stays so while it is read), its
        record's and Neo4j's counts are the engine's."""
        from gamegraph.db.catalog import get_graph

        try:
            with self.database() as db:
                before = get_graph(db.runner, graph_id)
                if before is None or not before.complete:
                    return
                found = self.counts_in_neo4j(db.runner, graph_id)
                after = get_graph(db.runner, graph_id)
        except Exception:  # the server is restarting: the checkpoint checks it
            return
        if after is None or not after.complete or after.completed_at != before.completed_at:
            return
        self.compare_counts(graph_id, before, found)

    def compare_counts(self, graph_id: str, record: Any, found: dict[str, int]) -> None:
        expected = self.expected[graph_id]
        relationships = sum(v for k, v in expected.items() if k != "nodes")
        if (record.nodes, record.relationships) != (expected["nodes"], relationships):
            self.tally.violation(
                f"{graph_id} listed complete with {record.nodes} nodes, {record.relationships} "
                f"relationships; the engine's: {expected['nodes']}, {relationships}"
            )
        wanted = {k: v for k, v in expected.items()}
        if {k: v for k, v in found.items() if v} != {k: v for k, v in wanted.items() if v}:
            self.tally.violation(
                f"{graph_id} listed complete; Neo4j holds {found}, the engine's {wanted}"
            )

    def content_hash(self, runner: Any, graph_id: str) -> str:
        nodes = runner.run(
            "MATCH (p:GraphNode {graph: $g}) RETURN elementId(p) AS id, labels(p) AS labels, "
            "properties(p) AS props",
            {"g": graph_id},
        )
        key = {
            row["id"]: json.dumps(
                [sorted(row["labels"]), row["props"]], sort_keys=True, default=str
            )
            for row in nodes
        }
        rels = runner.run(
            "MATCH (a:GraphNode {graph: $g})-[r]->(b) RETURN elementId(a) AS a, type(r) AS t, "
            "elementId(b) AS b, properties(r) AS props",
            {"g": graph_id},
        )
        lines = sorted(key.values()) + sorted(
            json.dumps(
                [key.get(r["a"], "?"), r["t"], key.get(r["b"], "?"), r["props"]],
                sort_keys=True,
                default=str,
            )
            for r in rels
        )
        return hashlib.sha256("\n".join(lines).encode()).hexdigest()

    def checkpoint(self, previous: dict[str, str], final: bool = False) -> dict[str, str]:
        """Pause the workers, check every invariant, go on; the hashes of the complete graphs."""
        from gamegraph.db.catalog import list_graphs
        from gamegraph.verify import verify

        self.pause.set()
        if not final:
            paused = 0
            while paused + self.exited < self.options.workers:
                if self.idle.acquire(timeout=0.5):
                    paused += 1
        with self.lock:
            tainted, dropped = set(self.tainted), set(self.dropped)
            self.tainted.clear()
            self.dropped.clear()
        hashes: dict[str, str] = {}
        try:
            with self.serving_database() as db:
                if db is None:
                    return previous
                runner = db.runner
                records = {r.id: r for r in list_graphs(runner)}
                for graph_id, record in sorted(records.items()):
                    if not record.complete:
                        continue
                    if graph_id not in self.games:
                        self.tally.violation(f"{graph_id} is listed but no worker loads it")
                        continue
                    self.compare_counts(graph_id, record, self.counts_in_neo4j(runner, graph_id))
                    report = verify(runner, graphs=[self.games[graph_id]])
                    if not report.ok:
                        self.tally.violation(
                            f"{graph_id} listed complete fails verify: "
                            + "; ".join(f"{c.name}: {c.problems[:2]}" for c in report.failures)
                        )
                    digest = self.content_hash(runner, graph_id)
                    hashes[graph_id] = digest
                    reference = self.reference_hash.setdefault(graph_id, digest)
                    if digest != reference:
                        self.tally.violation(f"{graph_id}: its content hash changed")
                for graph_id, digest in previous.items():
                    if graph_id in tainted or graph_id in dropped:
                        continue
                    if hashes.get(graph_id) != digest:
                        now = records.get(graph_id)
                        self.tally.violation(
                            f"{graph_id} was complete and no failed operation touched it, yet "
                            f"its content changed (now {now.status if now else 'gone'})"
                        )
                orphans = runner.run(
                    "MATCH (p:GraphNode) WITH DISTINCT p.graph AS g "
                    "WHERE NOT EXISTS { MATCH (:Graph {id: g}) } RETURN collect(g) AS graphs"
                )[0]["graphs"]
                if orphans:
                    self.tally.violation(f"nodes of graphs the catalogue does not list: {orphans}")
        finally:
            self.pause.clear()
        with self.tally.lock:
            self.tally.checkpoints += 1
        self.say(f"checkpoint: {len(hashes)} complete graphs checked; {self.tally.summary()}")
        return hashes

    # ----------------------------------------------------------------- the run

    def run(self) -> int:
        options = self.options
        self.say(f"torture: seed {options.seed}; replay: {options.replay()}")
        self.prepare()
        deadline = time.monotonic() + options.minutes * 60
        master = random.Random(options.seed)
        seeds = [master.randrange(2**32) for _ in range(options.workers + 1)]
        threads = [
            threading.Thread(target=self.worker, args=(i, random.Random(seeds[i]), deadline))
            for i in range(options.workers)
        ]
        chaos = threading.Thread(target=self.chaos, args=(random.Random(seeds[-1]), deadline))
        for thread in [*threads, chaos]:
            thread.start()
        hashes: dict[str, str] = {}
        try:
            while time.monotonic() < deadline - options.check_every:
                time.sleep(options.check_every)
                self.wait_for_server()
                hashes = self.checkpoint(hashes)
        except KeyboardInterrupt:
            self.stop.set()
        for thread in [*threads, chaos]:
            thread.join()
        self.wait_for_server()
        self.checkpoint(hashes, final=True)
        self.say(f"torture done: {self.tally.summary()}")
        if self.tally.violations:
            for text in self.tally.violations:
                self.say(f"VIOLATION: {text}")
            self.say(f"torture FAILED with seed {options.seed}; replay: {options.replay()}")
            return 1
        return 0

    def wait_for_server(self) -> None:
        """Start the server if it is down (a worker's command may be starting it too)."""
        for attempt in range(10):
            try:
                self.local.start()
                return
            except Exception as error:  # a start that raced another one, a port not free yet
                self.say(f"starting Neo4j failed ({type(error).__name__}: {error}); again")
                time.sleep(3 + attempt)
        self.local.start()


class Worker:
    """A long-lived worker process (``torture.py --serve``, a process group of its own) that
    runs `gamegraph` commands in-process, one at a time, so an operation costs no
    interpreter start; a SIGKILL kills it (and any neo4j-admin it runs), and it is started
    again."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.process = self._spawn()

    @staticmethod
    def _spawn() -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, __file__, "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )

    def ask(self, argv: list[str], timeout: float) -> tuple[int | None, str]:
        """Run one command; its exit code (None: the process died) and its stderr."""
        assert self.process.stdin is not None and self.process.stdout is not None
        timer = threading.Timer(timeout, self._hung)
        timer.start()
        try:
            self.process.stdin.write(json.dumps(argv) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except (BrokenPipeError, OSError):
            line = ""
        finally:
            timer.cancel()
        if not line:
            return None, ""
        reply = json.loads(line)
        return int(reply["rc"]), str(reply["err"])

    def _hung(self) -> None:
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)

    def restart(self) -> None:
        self.close()
        self.process = self._spawn()

    def close(self) -> None:
        with suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


def serve() -> None:
    """A worker process: one `gamegraph` command per line of stdin (a JSON list), its exit
    code and stderr back as one JSON line."""
    import io
    import traceback
    from contextlib import redirect_stderr, redirect_stdout

    from gamegraph.cli import run

    reply_to = sys.stdout
    for line in sys.stdin:
        argv = json.loads(line)
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            try:
                rc = run(argv)
            except BaseException:
                rc = 99
                err.write(traceback.format_exc())
        text = err.getvalue()
        lines = text.strip().splitlines()
        # the last line whole (an error line may be long), then the tail of the rest
        tail = text if len(text) <= 4000 or not lines else text[-4000:] + "\n" + lines[-1]
        reply_to.write(json.dumps({"rc": rc, "err": tail}) + "\n")
        reply_to.flush()


QUERIES: dict[str, list[str]] = {
    "bulgarian": ["bulgarian_cycles"],
    "floridian": ["floridian_outcomes"],
    "carolina": ["carolina_cycle_lengths"],
}
"""A query of each game's (the name and fixed parameters; ``n`` is added)."""


def parse(argv: list[str] | None = None) -> Options:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100_000)
    parser.add_argument("--minutes", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument(
        "--kill-every",
        type=float,
        default=12.0,
        help="mean seconds between kills (each drawn from 0.5-1.5 times it)",
    )
    parser.add_argument(
        "--restart-every", type=float, default=240.0, help="mean seconds between restarts"
    )
    parser.add_argument(
        "--check-every", type=float, default=90.0, help="seconds between checkpoints"
    )
    parser.add_argument(
        "--min-operations",
        type=int,
        default=0,
        help="go on after --minutes until this many operations are done (at most 3x --minutes)",
    )
    parser.add_argument("--log", type=Path, default=None)
    args = parser.parse_args(argv)
    return Options(
        args.seed,
        args.minutes,
        args.workers,
        args.kill_every,
        args.restart_every,
        args.check_every,
        args.log,
        args.min_operations,
    )


def main(argv: list[str] | None = None) -> int:
    if (argv if argv is not None else sys.argv[1:]) == ["--serve"]:
        serve()
        return 0
    return Torture(parse(argv)).run()


if __name__ == "__main__":
    sys.exit(main())
