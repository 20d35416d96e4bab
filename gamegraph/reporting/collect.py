"""Gather the report's data: every per-n step over its range, through the cache."""

from __future__ import annotations

from pathlib import Path

from gamegraph.reporting._compute import Progress, StepCache, code_version
from gamegraph.reporting.data import ReportData, SeedRanges
from gamegraph.reporting.steps import (
    bulgarian_memory,
    bulgarian_step,
    floridian_memory,
    floridian_step,
)

__all__ = ["BULGARIAN_N_MAX", "collect"]

BULGARIAN_N_MAX = 72
"""B_n is analysed for n <= min(N, this): B_72 has 5.4 million positions (about 2 s)."""


def collect(
    n_max: int,
    cache_root: Path | None,
    progress: Progress | None = None,
    ranges: SeedRanges | None = None,
) -> ReportData:
    """Run (or read back) every step for 1 <= n <= n_max; ``ranges`` travel with the data to
    the claims of seeds 001-003."""
    cache = StepCache(cache_root, code_version())
    floridian = cache.run(
        "G_n and H_n", floridian_step, range(1, n_max + 1), progress, floridian_memory
    )
    bulgarian = cache.run(
        "B_n", bulgarian_step, range(1, min(n_max, BULGARIAN_N_MAX) + 1), progress, bulgarian_memory
    )
    return ReportData(n_max, floridian, bulgarian, ranges or SeedRanges())
