"""Size estimates, so that a request too large for this machine is refused before it starts.

The figures per position and per arc are what the engines allocate (arrays and kernel
scratch), measured on this code; arcs per position are fitted from measured n (see
benchmarks/engine.py). Limit: ``GAMEGRAPH_MEMORY_LIMIT`` (bytes, or with a K/M/G suffix) if
set, else 80% of the memory currently available.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from gamegraph.games.partitions import count_partitions, count_separated

__all__ = [
    "Estimate",
    "TooLargeError",
    "check_bulgarian",
    "check_floridian",
    "estimate_bulgarian",
    "estimate_floridian",
    "memory_limit",
]

# bytes held per B_n position: successor, in-degree, cycle id (int32 each), distance (int32),
# plus the kernel's peeling order (int64) and remaining degrees (int32) while analysing
BULGARIAN_BYTES_PER_POSITION = 32
# bytes per S(n) position: flat parts (~n/4 bytes), index (8), offsets (8), T flag, Ω index,
# α/H row pointers, analysis arrays (SCC scratch is ~6 int64 arrays)
FLORIDIAN_BYTES_PER_POSITION = 120
# per α-arc: its target (int64), the H arc it yields (~0.9 per α-arc: target, source column,
# reverse CSR for the turns-to-core BFS), and chunk copies while the kernel runs
FLORIDIAN_BYTES_PER_ARC = 48


class TooLargeError(MemoryError):
    """The requested graph is estimated not to fit in the memory limit."""


@dataclass(frozen=True)
class Estimate:
    """Predicted nodes, arcs and peak bytes of a build."""

    nodes: int
    arcs: int
    bytes: int

    def describe(self) -> str:
        return f"{self.nodes:,} nodes, ~{self.arcs:,} arcs, ~{_human(self.bytes)} of memory"


def memory_limit() -> int:
    """Bytes the engines may use (env override, else 80% of MemAvailable)."""
    configured = os.environ.get("GAMEGRAPH_MEMORY_LIMIT")
    if configured:
        return _parse_bytes(configured)
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024 * 8 // 10
    except OSError:
        pass
    return 8 * 2**30


def estimate_bulgarian(n: int) -> Estimate:
    positions = count_partitions(n)
    return Estimate(positions, positions, positions * BULGARIAN_BYTES_PER_POSITION + 2**20 * 64)


def arcs_per_position(n: int, *, restricted: bool = False) -> float:
    """α-arcs built per member of S(n): a power law through measured n.

    Full G_n: 20.6 at n = 60 and 27.3 at n = 70 (exponent 1.83); restricted (α-arcs of
    Ω(T(n)) only): 7.5 at n = 100. With the byte counts above this predicts the measured
    peaks of full G_90 (4.07 GiB) and G_100 (15.1 GiB) and restricted n = 100 (2.4 GiB).
    """
    if restricted:
        return float(7.5 * (n / 100) ** 1.83)
    return float(20.6 * (n / 60) ** 1.83)


def estimate_floridian(n: int, *, restricted: bool = False) -> Estimate:
    positions = count_separated(n)
    arcs = int(positions * arcs_per_position(n, restricted=restricted))
    return Estimate(
        positions,
        arcs,
        positions * FLORIDIAN_BYTES_PER_POSITION + arcs * FLORIDIAN_BYTES_PER_ARC + 2**20 * 64,
    )


def check_bulgarian(n: int, *, force: bool = False) -> Estimate:
    return _check(f"B_{n}", estimate_bulgarian(n), force)


def check_floridian(n: int, *, restricted: bool = False, force: bool = False) -> Estimate:
    name = f"G_{n} (restricted)" if restricted else f"G_{n} and H_{n}"
    return _check(name, estimate_floridian(n, restricted=restricted), force)


def _check(name: str, estimate: Estimate, force: bool) -> Estimate:
    limit = memory_limit()
    if estimate.bytes > limit and not force:
        raise TooLargeError(
            f"{name} would need {estimate.describe()}, over the limit of {_human(limit)} "
            "(80% of available memory, or GAMEGRAPH_MEMORY_LIMIT). Use --force to try anyway."
        )
    return estimate


def _human(size: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if size < 1024 or unit == "TiB":
            return f"{size:.1f} {unit}"
        size /= 1024
    raise AssertionError("unreachable")


def _parse_bytes(text: str) -> int:
    text = text.strip().upper().removesuffix("B").removesuffix("I")
    scale = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}.get(text[-1:], 1)
    number = text[:-1] if text[-1:] in "KMGT" else text
    return int(float(number) * scale)
