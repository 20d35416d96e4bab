"""The report's frontier: the open problems of seeds 000, 002 and 003 pushed as far as a
budget goes (issue 20 items 2-4, ``gamegraph frontier``).

Each item is computed by its game (:mod:`.frontier_items`), cached on disk as JSON
(``~/.cache/gamegraph/frontier``; an interrupted Fagan survey resumes range by range) and
returned as a :class:`FrontierRecord`. :func:`compute_frontier` runs the items with their own
budgets (:class:`FrontierBudgets`); :mod:`.frontier_output` renders the records and writes
``frontier.json``, ``frontier.md`` and the figures into a directory (``docs/report`` for the
committed report), which :func:`load_frontier` reads back for the main report.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gamegraph.errors import InputError
from gamegraph.reporting import frontier_items as item
from gamegraph.reporting._compute import user_cache

__all__ = [
    "FrontierBudgets",
    "FrontierRecord",
    "compute_frontier",
    "load_frontier",
]

Say = Callable[[str], None]


@dataclass(frozen=True)
class FrontierBudgets:
    """How far each item goes (the defaults are the committed report's)."""

    basins_n: int = 10**7  #: Fagan basins of every n ≤ this
    losses_n: int = 10_000  #: question 2: an immediate loss for every 7 ≤ n ≤ this
    crim_target: int = 100  #: CRIM P/N of every partition of size ≤ this ...
    crim_seconds: float = 2400.0  #: ... or as far as this many seconds go
    crim_grundy_n: int = 60  #: Sprague-Grundy distribution per size up to this
    lifting_n: int = 100  #: question 9 over every 4-cycle with n ≤ this
    full_n: int = 100  #: questions 1/3: full G_n estimated up to this ...
    full_from: int = 81  #: ... and built from this n on (the report builds the smaller ones)
    full_seconds: float = 900.0  #: ... for as long as this (the n under way is finished)

    def check(self) -> None:
        """Refuse a budget out of range (one ``error:`` line on the command line)."""
        limits = {
            "basins_n": (2, 149_999_999),
            "losses_n": (7, 10**6),
            "crim_target": (1, 200),
            "crim_grundy_n": (1, 90),
            "lifting_n": (1, 200),
            "full_n": (40, 200),
            "full_from": (6, 200),
        }
        for name, (low, high) in limits.items():
            value = getattr(self, name)
            if not isinstance(value, int) or not low <= value <= high:
                option = "--" + name.replace("_", "-")
                raise InputError(f"{option} must be an integer in {low}..{high}, not {value}")
        if not self.crim_seconds >= 0:
            raise InputError(f"--crim-seconds must be >= 0, not {self.crim_seconds}")


@dataclass(frozen=True)
class FrontierRecord:
    """One frontier answer: what was asked, the answer in a sentence, the data behind it."""

    key: str  #: "fagan-basins", "floridian-q2", "crim-even-rank", "lifting-q9", "floridian-q1-q3"
    seed: str  #: "002", "000", "003"
    title: str
    answer: str
    command: str  #: how to reproduce it
    seconds: float  #: compute time when it was computed (not when read from the cache)
    data: dict[str, Any] = field(default_factory=dict)
    figures: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class _Item:
    """A frontier item: its record's key, seed, title and command, the name it is cached
    under, and its computation."""

    key: str
    seed: str
    title: str
    command: str
    name: str
    compute: Callable[[], item.Answer]


def _items(b: FrontierBudgets, root: Path | None) -> list[_Item]:
    return [
        _Item(
            "floridian-q2",
            "000",
            "Question 2: a losing position for each n > 6",
            f"gamegraph frontier --losses-n {b.losses_n}",
            f"floridian-q2-{b.losses_n}",
            lambda: item.immediate_losses(b.losses_n),
        ),
        _Item(
            "fagan-basins",
            "002",
            "Fagan basins of every n (OEIS A204539), the n alone in their basin (A204540)",
            f"gamegraph frontier --basins-n {b.basins_n}",
            f"fagan-basins-{b.basins_n}",
            lambda: item.fagan_basins(b.basins_n, root),
        ),
        _Item(
            "crim-even-rank",
            "003",
            "CRIM: every P-position has even rank",
            f"gamegraph frontier --crim-target {b.crim_target} --crim-seconds {b.crim_seconds:.0f}",
            f"crim-even-rank-{b.crim_target}-{b.crim_seconds:.0f}-{b.crim_grundy_n}",
            lambda: item.crim_even_rank(b.crim_target, b.crim_seconds, b.crim_grundy_n),
        ),
        _Item(
            "lifting-q9",
            "000",
            "Question 9: more lifting rules (bands of widths 1, 3, 4 with any α-move)",
            f"gamegraph frontier --lifting-n {b.lifting_n}",
            f"lifting-q9-{b.lifting_n}",
            lambda: item.band_any_lifts(b.lifting_n),
        ),
        _Item(
            "floridian-q1-q3",
            "000",
            "Questions 1 and 3 with the full G_n: the farthest winning position, memory per n",
            f"gamegraph frontier --only floridian-q1-q3 --full-from {b.full_from} "
            f"--full-seconds {b.full_seconds:.0f}",
            f"floridian-full-{b.full_from}-{b.full_n}-{b.full_seconds:.0f}",
            lambda: item.full_graphs(b.full_from, b.full_n, b.full_seconds),
        ),
    ]


def _cached(cache: Path | None, it: _Item, say: Say) -> FrontierRecord:
    path = None if cache is None else cache / f"{it.name}.json"
    if path is not None and path.exists():
        data = json.loads(path.read_text("utf-8"))
        say(f"{it.name}: from the cache ({path})")
        return FrontierRecord(**data)
    say(f"{it.name}: computing")
    started = time.perf_counter()
    answer, data = it.compute()
    seconds = time.perf_counter() - started
    record = FrontierRecord(it.key, it.seed, it.title, answer, it.command, seconds, data)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record.as_dict()), "utf-8")
    return record


def compute_frontier(
    budgets: FrontierBudgets = FrontierBudgets(),
    *,
    cache: Path | None = None,
    only: tuple[str, ...] = (),
    say: Say = lambda _: None,
) -> list[FrontierRecord]:
    """Every frontier record (or those whose key is in ``only``), from the cache if there."""
    budgets.check()
    root = user_cache("frontier") if cache is None else cache
    items = _items(budgets, root)
    unknown = set(only) - {it.key for it in items}
    if unknown:
        raise InputError(
            f"unknown frontier item(s) {', '.join(sorted(unknown))}: choose from "
            + ", ".join(it.key for it in items)
        )
    return [_cached(root, it, say) for it in items if not only or it.key in only]


def load_frontier(folder: Path) -> list[FrontierRecord]:
    """The records of a ``frontier.json`` written by :func:`write_frontier` (for the report)."""
    path = folder / "frontier.json"
    if not path.exists():
        return []
    data = json.loads(path.read_text("utf-8"))
    return [FrontierRecord(**r) for r in data["records"]]
