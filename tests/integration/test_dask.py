"""Per-n work on Dask gives the single-process answer: `gamegraph stats lifting` (one task
per n of the range) with the default local cluster, with one worker, and against a Dask
scheduler and two workers started here as separate processes, as a user would on a cluster;
the report's per-n steps on the cluster equal the same steps run here."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamegraph.cluster import ClusterSettings, Task, configure, run_tasks
from gamegraph.games.lifting.graph import build_lifting_graph, four_cycles_of

DASK = str(Path(sys.executable).with_name("dask"))
GAMEGRAPH = str(Path(sys.executable).with_name("gamegraph"))
N_MAX = 100  # the figure of the issue: one shard per n
RESOURCES = ["--resources", "memory=4e9", "--no-dashboard"]
# the client side of distributed leaves sockets to the garbage collector
pytestmark = pytest.mark.filterwarnings(
    "ignore::ResourceWarning", "ignore::pytest.PytestUnraisableExceptionWarning"
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """`dask scheduler` and two `dask worker`s declaring 4 GB of the memory resource."""
    env = dict(os.environ, DASK_DISTRIBUTED__LOGGING__DISTRIBUTED="error")
    processes: list[subprocess.Popen[bytes]] = []
    try:
        address = _start_scheduler(env, processes)
        for _ in range(2):
            processes.append(
                subprocess.Popen(
                    [DASK, "worker", address, "--nworkers", "1", "--nthreads", "1", *RESOURCES],
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=120)
        yield address
    finally:
        _stop(processes)


def _start_scheduler(env: dict[str, str], processes: list[subprocess.Popen[bytes]]) -> str:
    """Start `dask scheduler` on a free local port (into ``processes``, which the caller
    stops) and wait until it listens (up to 60 s); its address."""
    port = _free_port()
    args = [DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"]
    out = subprocess.DEVNULL
    processes.append(subprocess.Popen(args, env=env, stdout=out, stderr=out))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.2)
    return f"tcp://127.0.0.1:{port}"


def _stop(processes: list[subprocess.Popen[bytes]]) -> None:
    """Terminate a scheduler and its workers (workers first), killing any that hangs."""
    for process in reversed(processes):
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()


def _stats(*extra: str, env: dict[str, str] | None = None) -> dict[str, object]:
    result = subprocess.run(
        [GAMEGRAPH, "stats", "lifting", "--n-max", str(N_MAX), "--rule", "band", "--json", *extra],
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, **(env or {})),
    )
    assert result.returncode == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def test_stats_lifting_is_the_same_in_process_locally_with_one_worker_and_on_a_cluster(
    scheduler: str,
) -> None:
    configure(local=True)
    try:
        in_process = build_lifting_graph(N_MAX, "band", cycles=None).stats()
    finally:
        configure()
    assert _stats() == in_process  # the default (small work: this process)
    assert _stats("--workers", "2") == in_process  # a local cluster of two workers
    assert _stats("--workers", "1") == in_process
    assert _stats("--scheduler", scheduler) == in_process
    assert _stats(env={"GAMEGRAPH_DASK_SCHEDULER": scheduler}) == in_process


def test_tasks_run_on_the_cluster_return_in_order_and_equal_local_runs(scheduler: str) -> None:
    ns = list(range(40, 47))
    tasks = [Task(four_cycles_of, (n, 1, True), 2**28, name=f"G{n}") for n in ns]
    here = run_tasks(tasks, where=ClusterSettings(local=True))
    there = run_tasks(tasks, where=ClusterSettings(scheduler=scheduler))
    assert there == here
    assert [sum(c.n for c in cycles) // max(len(cycles), 1) for cycles in there if cycles] == [
        n for n, cycles in zip(ns, here, strict=True) if cycles
    ]


def test_a_task_larger_than_any_worker_is_refused_before_it_runs(scheduler: str) -> None:
    from gamegraph.errors import TooLargeError

    tasks = [Task(four_cycles_of, (n, 1, True), 10**10, name=f"G{n}") for n in range(40, 46)]
    with pytest.raises(TooLargeError, match="more than any worker"):
        run_tasks(tasks, where=ClusterSettings(scheduler=scheduler))


def test_report_steps_on_the_cluster_equal_the_steps_run_here(scheduler: str) -> None:
    from gamegraph.reporting._compute import map_n
    from gamegraph.reporting.steps import floridian_memory, floridian_step

    def without_times(found: dict[int, dict[str, object]]) -> dict[int, dict[str, object]]:
        return {n: {k: v for k, v in d.items() if k != "_seconds"} for n, d in found.items()}

    ns = list(range(20, 31))
    configure(local=True)
    try:
        here = map_n(floridian_step, ns, memory=floridian_memory)
    finally:
        configure()
    configure(scheduler=scheduler)
    kept: list[int] = []
    try:
        there = map_n(floridian_step, ns, memory=floridian_memory, keep=lambda n, _: kept.append(n))
    finally:
        configure()
    assert without_times(there) == without_times(here)
    assert sorted(kept) == ns and [d["n"] for d in there.values()] == ns
    # the 4-cycles the steps found, against the engine-free local search
    from gamegraph.games.floridian.fourcycles_local import four_cycles_local

    assert [len(d["four_cycles"]) for d in there.values()] == [
        len(four_cycles_local(n)) for n in ns
    ]


def test_a_defined_game_from_a_file_runs_its_shards_on_the_cluster(
    scheduler: str, tmp_path: Path
) -> None:
    """The moves of a definitions file, a shard per task, computed by the cluster's workers
    (the file's module is sent by value: the workers cannot import it), equal the moves
    computed here; and so do the game's stats."""
    path = tmp_path / "cluster_game.py"
    path.write_text(
        "import gamegraph as gg\n\n"
        '@gg.solitaire(name="cluster-bulgarian")\n'
        "def move(p, n):\n"
        "    return tuple(sorted([len(p), *(x - 1 for x in p if x > 1)], reverse=True))\n",
        "utf-8",
    )
    from gamegraph.games.engine import build as engine

    args = [GAMEGRAPH, "stats", "cluster-bulgarian", "--n", "42", "--json"]
    here = subprocess.run([*args, "--games-from", str(path)], capture_output=True, text=True)
    assert here.returncode == 0, here.stderr
    saved = engine.SHARD
    try:
        from gamegraph.games.registry import get_game
        from gamegraph.games.sources import load_file

        load_file(path)
        game = get_game("cluster-bulgarian").create(n=42)
        engine.SHARD = 10_000  # p(42) = 53,174: six tasks
        configure(scheduler=scheduler)
        there = game.build()
        configure(local=True)
        local = game.build()
    finally:
        engine.SHARD = saved
        configure()
    assert there.successor.tolist() == local.successor.tolist()
    assert json.loads(here.stdout) == json.loads(json.dumps(there.stats()))
    assert there.stats()["positions"] == 53_174


def test_a_warning_a_task_logs_on_a_worker_reaches_the_user_as_one_line(
    scheduler: str, tmp_path: Path
) -> None:
    """A row of `gamegraph table` is built on a worker, whose stderr is not the user's: the
    warning that a predicate kept no position comes back with the row and is said here."""
    path = tmp_path / "evens.py"
    path.write_text(
        "import gamegraph as gg\n\n"
        '@gg.solitaire(name="cluster-evens", space=gg.partitions(where=lambda p, n: '
        "all(x % 2 == 0 for x in p)))\n"
        "def move(p, n):\n    return p\n",
        "utf-8",
    )
    args = ["table", "cluster-evens", "--n", "1..8", "--columns", "positions", "--json"]
    done = subprocess.run(
        [GAMEGRAPH, *args, "--no-cache", "--scheduler", scheduler, "--games-from", str(path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)["rows"]
    empty = [row["n"] for row in rows if row["positions"] == 0]
    assert empty == [1, 3, 5, 7]  # no partition of an odd n has only even parts
    said = sorted(line for line in done.stderr.splitlines() if line.startswith("warning:"))
    assert said == sorted(
        f"warning: cluster-evens(n={n}) has no position: its predicate <lambda> holds for none "
        f"of the {count} positions of its space (Partitions({n}))"
        for n, count in ((1, 1), (3, 3), (5, 7), (7, 15))
    ), done.stderr


def test_the_report_says_in_one_line_off_a_terminal_that_it_waits_for_dask_workers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`gamegraph report` whose per-n steps went to Dask printed nothing off a terminal
    until it ended: in a CI log, a scheduler no worker had joined yet (or a local cluster
    starting) looked like a hang. Its steps' progress now says so in one plain line on stderr
    as the tasks go to Dask, while no worker is there to run them; a worker that joins then
    runs them, and nothing more is printed."""
    import threading

    from gamegraph.cli.report import per_n

    env = dict(os.environ, DASK_DISTRIBUTED__LOGGING__DISTRIBUTED="error")
    out = subprocess.DEVNULL
    processes: list[subprocess.Popen[bytes]] = []
    try:
        address = _start_scheduler(env, processes)
        tasks = [Task(sum, ([n, 1],), 1, name=f"n={n}") for n in (6, 7)]
        done: list[object] = []

        def run() -> None:
            where = ClusterSettings(scheduler=address)
            try:
                done.append(run_tasks(tasks, per_n(lambda *_: None), stage="B_n", where=where))
            except Exception as e:  # shown by the assertion below
                done.append(e)

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        printed = ""
        deadline = time.monotonic() + 60
        while "\n" not in printed and time.monotonic() < deadline:
            time.sleep(0.2)
            printed += capsys.readouterr().err
        assert printed == "report: B_n (per n): 2 tasks on Dask, waiting for its workers\n"
        time.sleep(2)
        assert thread.is_alive() and not done  # no worker yet: the tasks wait
        worker = [DASK, "worker", address, "--nworkers", "1", "--nthreads", "1", *RESOURCES]
        processes.append(subprocess.Popen(worker, env=env, stdout=out, stderr=out))
        thread.join(timeout=300)
        assert done == [[7, 8]]
        assert capsys.readouterr().err == ""
    finally:
        _stop(processes)
