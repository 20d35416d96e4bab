"""Benchmarks of the random Bulgarian and Tchoukaillon engines, against their goals.

Each case runs in a fresh Python process (its peak RSS is its own) after one warm-up process
has compiled the numba kernels into the cache. One line per case: seconds, peak resident
memory, the goal in seconds, the ratio measured / goal, and the result.

    python benchmarks/engine_rbs_tch.py               # every case (a few minutes)
    python benchmarks/engine_rbs_tch.py rbs40 basin1  # some cases

``basin1`` is the full SR-basin1 check of seed 002 l.9 (too slow for a unit test): the m ≤
636881 whose Fagan basin has exactly one member, by direct iteration of CF(m), and m =
242650650. ``basins-api`` runs the same through the game package's functions (the Python API:
Fagan basins for m ≤ 10^6, the m alone in their basin, the seed's list checked);
``tch-stats1e7`` the facts of n = 10^7 as `gamegraph stats tchoukaillon` gives them.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

CASES: dict[str, tuple[str, float | None]] = {
    # name: (python body that sets `result`, goal in seconds)
    "rbs12-exact": (
        """
        result = [build_random_bulgarian(12, "1/2", cardwise=c).stats() for c in (False, True)]
        """,
        5.0,
    ),
    "rbs40": ('result = build_random_bulgarian(40, "1/2").stats()', 60.0),
    "rbs40-p0.1": ('result = build_random_bulgarian(40, "1/10").stats()', 60.0),
    "rbs-card30": ('result = build_random_bulgarian(30, "1/2", cardwise=True).stats()', 60.0),
    "rbs-card34": ('result = build_random_bulgarian(34, "1/2", cardwise=True).stats()', None),
    "sr1e7": (
        """
        roots = strange_roots(10**7)
        holes = rightmost_holes(10**7)
        assert (roots[1:] == 1 + holes[:-1]).all()  # sr(n) = 1 + rightmost hole of n − 1
        result = {"sr(10^7)": int(roots[-1]), "rightmost(10^7)": int(holes[-1])}
        """,
        10.0,
    ),
    "prop36-1e7": (
        """
        top = 10**7
        boards = boards_per_rightmost_hole(top)
        per_root = roots_per_value(top + 1)
        last = len(boards) - 1  # its count may continue past top
        result = {
            "holes checked": last - 1,
            "SR-prop36": bool((boards[1:last] == per_root[2 : last + 1]).all()),
        }
        """,
        10.0,
    ),
    "basins1e6": (
        """
        sizes = fagan_basin_sizes(10**6)
        complete = len(sizes) - 1  # the basin of cf(10^6) may continue past 10^6
        result = {"roots": complete, "largest basin": int(sizes[:complete].max())}
        """,
        10.0,
    ),
    "basins-api": (
        """
        basins = tch.fagan_basins(10**6)
        singles = tch.single_member_basins(10**6)
        seed = tch.check_seed_single_basins()
        result = {
            "complete basins (m <= 10^6)": len(basins),
            "largest": max(basins.values()),
            "m alone in its basin": singles,
            "SR-basin1 holds": seed["holds"],
        }
        """,
        10.0,
    ),
    "tch-stats1e7": (
        """
        stats = gg.tchoukaillon(10**7).stats()
        result = {k: stats[k] for k in ("rightmost_hole", "strange_root")}
        """,
        1.0,
    ),
    "basins1e6-check": (
        """
        sizes = fagan_basin_sizes(10**6)
        direct = np.bincount(tk.fagan_roots_direct(10**6)[0][1:])
        complete = len(sizes) - 1
        result = {"sieve = direct CF": bool((sizes[:complete] == direct[:complete]).all())}
        """,
        None,
    ),
    "basin1": (
        """
        top = 636881
        roots = tk.fagan_roots_direct(top + 5000)[0][1:]
        assert roots[-1] > roots[top - 1]  # the last basin is complete
        sizes = np.bincount(roots)
        singles = [m for m in range(1, top + 1) if sizes[roots[m - 1]] == 1]
        m = 242650650
        around = [tk.fagan_root(x)[0] for x in (m - 1, m, m + 1)]
        result = {
            "m with basin 1 (m <= 636881)": singles,
            "their roots": [int(roots[x - 1]) for x in singles],
            "cf(m-1), cf(m), cf(m+1) at m = 242650650": around,
            "basin of 39046 by the sieve": fagan_basin_size(39046),
        }
        """,
        None,
    ),
    "tch100": ("g = build_tchoukaillon(100); result = [g.size, g.arcs, g.stats()]", None),
    "tch-literal30": (
        """
        g = build_tchoukaillon(30, literal=True)
        result = [g.size, g.arcs, int(g.winnable.sum())]
        """,
        None,
    ),
}

PRELUDE = """
import json, resource, time
import numpy as np
import gamegraph as gg
from gamegraph.games import tchoukaillon as tch
from gamegraph.games.random_bulgarian.engine import build_random_bulgarian
from gamegraph.games.tchoukaillon import _kernels as tk
from gamegraph.games.tchoukaillon.engine import build_tchoukaillon
from gamegraph.games.tchoukaillon.roots import (
    boards_per_rightmost_hole, fagan_basin_size, fagan_basin_sizes, rightmost_holes,
    roots_per_value, strange_roots,
)
started = time.perf_counter()
"""
EPILOGUE = """
seconds = time.perf_counter() - started
peak = 1024 * resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": seconds, "peak": peak, "result": str(result)}))
"""
WARM_UP = """
build_random_bulgarian(6, "1/2"); build_random_bulgarian(6, "1/2", cardwise=True)
build_random_bulgarian(14, "1/2", exact=False); build_tchoukaillon(12)
strange_roots(10); rightmost_holes(10); fagan_basin_sizes(10); tk.fagan_roots_direct(10)
result = 0
"""


def run(body: str) -> dict[str, float | str]:
    code = PRELUDE + textwrap.dedent(body) + EPILOGUE
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main(argv: list[str]) -> None:
    names = argv or list(CASES)
    run(WARM_UP)
    print(f"{'case':<14} {'seconds':>8} {'peak GiB':>9} {'goal':>6} {'ratio':>6}  result")
    for name in names:
        body, goal = CASES[name]
        m = run(body)
        seconds, gib = float(m["seconds"]), float(m["peak"]) / 2**30
        ratio = f"{seconds / goal:.2f}" if goal else "-"
        print(f"{name:<14} {seconds:8.2f} {gib:9.2f} {goal or 0:6.0f} {ratio:>6}  {m['result']}")


if __name__ == "__main__":
    main(sys.argv[1:])
