"""Compile the numba kernels of the main job once, at install: `gamegraph load --n 60`'s
engines (B_n, G_n/H_n, Q) and its CSV files.

The kernels are ``@njit(cache=True)``: the first process that calls one compiles it and
writes it to numba's cache beside the sources, and every later process loads it. On a fresh
checkout that first process was the user's first load, which spent 15.5 s of its 53 s
compiling (67 functions). `make install` runs this module instead (``python -m
gamegraph.loader.warmup``): the default games built and exported for a small n, a process
each, as many at once as there are cores. numba compiles for the argument types, which do
not change with n, so the load of n = 60 then compiles nothing (tests/unit/test_warmup.py).
Other games compile their kernels on first use, as before.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

__all__ = ["WARM_N", "main", "warm"]

WARM_N = 20
"""The n built: the first with 4-cycles of Q to search for, still a fraction of a second."""


def warm(games: str, n: int = WARM_N) -> None:
    """Build ``games`` for ``n`` and write their CSV files into a scratch directory (removed
    after), compiling every kernel they call."""
    from gamegraph.loader.bulk import expected_of
    from gamegraph.loader.export import write_csv
    from gamegraph.loader.plan import LoadRequest

    with tempfile.TemporaryDirectory(prefix="gamegraph-warmup-", ignore_cleanup_errors=True) as out:
        for planned in LoadRequest.parse(str(n), games, route="export").plan():
            _, tables = expected_of(planned.game)
            write_csv(tables, Path(out))


def main() -> None:
    from gamegraph.loader.plan import default_games

    started = time.perf_counter()
    games = [game.name for game in default_games()]  # what `gamegraph load` loads
    workers = min(len(games), os.cpu_count() or 1)
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        list(pool.map(warm, games))
    seconds = time.perf_counter() - started
    print(f"compiled the main job's kernels in {seconds:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
