"""Memory limits, so that a request too large for this machine is refused before it starts.

Each game estimates its own build (:meth:`gamegraph.games.base.Game.estimate`, from what its
engine allocates per position and per arc, measured on this code); :func:`check_estimate`
holds an estimate against the limit: ``GAMEGRAPH_MEMORY_LIMIT`` (bytes, or with a K/M/G
suffix) if set, else 80% of the memory currently available.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from gamegraph.errors import TooLargeError
from gamegraph.memory import human_bytes, memory_limit

__all__ = [
    "Estimate",
    "TooLargeError",
    "check_estimate",
    "human_bytes",
    "memory_limit",
]

BASE_BYTES = 64 * 2**20
"""What every build holds besides its graph: the interpreter, numpy, the compiled kernels."""
TABLE_BASE_BYTES = 128 * 2**20
"""What the tables of a load or an export hold whatever their size: a batch of rows as
Python texts and bytes, the driver's buffers."""


@dataclass(frozen=True)
class Estimate:
    """Predicted nodes, arcs and peak bytes of a build (``approximate`` when the counts are
    not exact: asymptotic for n far beyond what any machine holds, or the size of a space
    before its ``where=`` filter)."""

    nodes: int
    arcs: int
    bytes: int
    approximate: bool = False
    #: what a load or an export holds at its peak besides the build: the graph's tables
    #: (:meth:`~gamegraph.games.base.Game.tables`), their fingerprint, a batch of rows
    tables: int = 0

    def with_tables(self) -> Estimate:
        """The estimate of a load or an export: the build and its tables."""
        return replace(self, bytes=self.bytes + self.tables, tables=0)

    def describe(self) -> str:
        about = "about " if self.approximate else ""
        return (
            f"{about}{_count(self.nodes)} nodes, ~{_count(self.arcs)} arcs, "
            f"~{human_bytes(self.bytes)} of memory"
        )


def _count(value: int) -> str:
    return f"{value:,}" if value < 10**15 else f"{value:.2e}".replace("e+", "e")


def check_estimate(name: str, estimate: Estimate, force: bool = False) -> Estimate:
    """The estimate, if it fits the memory limit (or ``force``); else TooLargeError."""
    limit = memory_limit()
    if estimate.bytes > limit and not force:
        raise TooLargeError(
            f"{name} would need {estimate.describe()}, over the limit of {human_bytes(limit)} "
            "(80% of available memory, or GAMEGRAPH_MEMORY_LIMIT). Use --force to try anyway."
        )
    return estimate


def saturating(value: float) -> int:
    """An estimate as an int, however large (floats beyond int range become 10**300)."""
    return int(value) if math.isfinite(value) else 10**300
