"""The report's data: the per-n results of :mod:`.steps` for every n (typed records of
:mod:`.records`), gathered once, and how far the claims of the other seeds reach."""

from __future__ import annotations

from dataclasses import dataclass

from gamegraph.reporting.records import BulgarianStep, FloridianStep, FourCycleRow, Play

__all__ = ["ReportData", "SeedRanges"]


@dataclass(frozen=True)
class SeedRanges:
    """How far the claims of seeds 001-003 that read no per-n step are checked: each is
    seconds at these sizes; a test passes smaller ones and checks the values by brute force."""

    boards: int = 1000  #: Tchoukaillon boards, Alist_n and CF(m) for n, m <= this
    brute_boards: int = 8  #: every board of n <= this stones, by search (TCH-unique, literal)
    roots: int = 10_000  #: strange roots sr(n) from Alist_n for n <= this
    crim: int = 40  #: CRIM: every partition of size <= this
    carolina: int = 18  #: Carolina: every composition of n <= this
    montreal: int = 12  #: Montreal: I(n) for n <= this
    dual: int = 30  #: Dual: D_n against B_n for n <= this
    austrian: int = 30  #: Austrian: A_n(L) for n <= this, every L <= :attr:`austrian_L`
    austrian_L: int = 8
    random: int = 9  #: random Bulgarian: exact chains for n <= this
    survey: int = 10  #: the survey's five games (seed 001 §3.5): every n <= this
    survey_players: int = 4  #: ... and every number of players <= this


@dataclass(frozen=True)
class ReportData:
    """Per-n results: ``floridian[n]`` for 1 <= n <= n_max, ``bulgarian[n]`` for
    1 <= n <= b_max."""

    n_max: int
    floridian: dict[int, FloridianStep]
    bulgarian: dict[int, BulgarianStep]
    ranges: SeedRanges = SeedRanges()

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

    def play(self, n: int) -> Play:
        """The win/loss analysis of the full G_n (n <= :attr:`full_max`)."""
        return self.floridian[n]["play"]

    def all_four_cycles(self) -> list[FourCycleRow]:
        return [row for n in sorted(self.floridian) for row in self.floridian[n]["four_cycles"]]
