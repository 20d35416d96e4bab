"""The report's data: the per-n results of :mod:`.steps` for every n, gathered once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ReportData"]


@dataclass(frozen=True)
class ReportData:
    """Per-n results: ``floridian[n]`` for 1 <= n <= n_max, ``bulgarian[n]`` for
    1 <= n <= b_max."""

    n_max: int
    floridian: dict[int, dict[str, Any]]
    bulgarian: dict[int, dict[str, Any]]

    @property
    def b_max(self) -> int:
        return max(self.bulgarian, default=0)

    @property
    def full_max(self) -> int:
        """The largest n whose full G_n was built (win/loss, strategies)."""
        return max((n for n, d in self.floridian.items() if d["full"]), default=0)

    def four_cycle_count(self, n: int) -> int:
        return len(self.floridian[n]["four_cycles"])

    def has_cycles(self, n: int) -> bool:
        return bool(self.floridian[n]["recurrent"])

    def play(self, n: int) -> dict[str, Any]:
        play: dict[str, Any] = self.floridian[n]["play"]
        return play

    def all_four_cycles(self) -> list[dict[str, Any]]:
        return [row for n in sorted(self.floridian) for row in self.floridian[n]["four_cycles"]]
