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
FLORIDIAN_BYTES_PER_ARC = 8 * 3  # α-arc + H-arc targets (int64) and the reverse H CSR


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


def arcs_per_position(n: int) -> float:
    """Distinct α-arcs per separated position, a fit to measured n <= 100 (an upper bound)."""
    return 1.0 + 0.05 * n


def estimate_floridian(n: int, *, restricted: bool = False) -> Estimate:
    positions = count_separated(n)
    share = 0.45 if restricted else 1.0  # |Ω(T(n))| / |S(n)| stays below 0.45 for n >= 20
    arcs = int(positions * share * arcs_per_position(n))
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
