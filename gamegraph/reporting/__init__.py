"""The research report: the papers' claims checked, the open questions of seed 000 answered
with data, and the papers' figures redrawn (``gamegraph report``, ``gg.report``).

It sits above the games layer: it reads gamegraph.games only.

``gg.report(...)`` is a plain function of :mod:`gamegraph` that calls :func:`generate_report`
(the package is named ``reporting`` so that it does not take the attribute
``gamegraph.report``). The per-n work is in
:mod:`.steps` (pure functions of n, run by :func:`._compute.map_n` and cached on disk per n),
the papers' claims in :mod:`.claims` (one module and one TOML file per seed), the nine questions in
:mod:`.questions`, the figures in :mod:`.figures` and the Markdown in :mod:`.markdown`.
"""

from __future__ import annotations

import os
import platform
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamegraph.errors import InputError, TooLargeError
from gamegraph.reporting._compute import Progress
from gamegraph.reporting.data import SeedRanges
from gamegraph.version import version

__all__ = ["DEFAULT_N_MAX", "Progress", "Report", "generate_report"]

DEFAULT_N_MAX = 114
"""The default N: the largest n for which the whole report takes about 30 minutes on the
project's 2-core machine. Measured: N = 114 from an empty cache took 1758 s (29.3 minutes) of
wall-clock time, peak 12.1 GiB resident; the restricted G_n costs about 8% more per n beyond,
and G_116 is over the memory limit of the 24 GiB machine. docs/report is generated with
``gamegraph report --out docs/report``."""


@dataclass(frozen=True)
class Report:
    """What :func:`generate_report` wrote: the paths and the report as data."""

    markdown: Path
    json: Path
    data: dict[str, Any]

    @property
    def claims(self) -> list[dict[str, Any]]:
        claims: list[dict[str, Any]] = self.data["claims"]
        return claims

    @property
    def open_questions(self) -> list[dict[str, Any]]:
        questions: list[dict[str, Any]] = self.data["open_questions"]
        return questions


def generate_report(
    n_max: int = DEFAULT_N_MAX,
    out: str | Path = "report",
    *,
    cache: str | Path | None = "default",
    progress: Progress | None = None,
    command: str | None = None,
    note: str = "",
    ranges: SeedRanges | None = None,
) -> Report:
    """Compute (or read from the cache) everything for n <= n_max and write ``out/report.md``,
    ``out/report.json`` and the figures. ``cache=None`` computes everything afresh without
    keeping it; ``progress(stage, done, total)`` is called as the per-n steps finish; ``note``
    is a sentence for the header (how the machine was loaded, say); ``ranges`` how far the
    claims of seeds 001-003 that read no per-n step are checked (default
    :class:`~gamegraph.reporting.data.SeedRanges`, seconds of work)."""
    from gamegraph.games.floridian import Floridian
    from gamegraph.loader.export import check_out_dir
    from gamegraph.reporting._compute import cache_root, code_version
    from gamegraph.reporting.claims import evaluate_claims
    from gamegraph.reporting.collect import collect
    from gamegraph.reporting.figures import draw_figures
    from gamegraph.reporting.markdown import write_report
    from gamegraph.reporting.questions import answer_questions
    from gamegraph.reporting.questions_cycles import classify_four_cycles
    from gamegraph.reporting.survey import survey_section

    if not isinstance(n_max, int) or n_max < 6:
        raise InputError(f"--n-max must be an integer >= 6 (the figures start at G_6), not {n_max}")
    try:
        # the largest build, refused before any work
        Floridian.create(n=n_max, restricted=True).check_size()
    except TooLargeError as e:
        message = str(e).split(". Use --force")[0]
        raise TooLargeError(
            f"{message}; the report builds it for --n-max {n_max}: choose a smaller --n-max "
            "(or raise GAMEGRAPH_MEMORY_LIMIT)"
        ) from None
    started = time.perf_counter()
    folder = Path(out)
    check_out_dir(folder)  # the user's input (exit 2), before any work
    data = collect(n_max, cache_root(cache, "report"), progress, ranges or SeedRanges())
    claims, beyond = evaluate_claims(data)
    questions, graphs = answer_questions(data)
    figures = draw_figures(data, graphs, classify_four_cycles(data), folder)
    costs = {
        "G_n and H_n": {n: d.get("_seconds") for n, d in data.floridian.items()},
        "B_n": {n: d.get("_seconds") for n, d in data.bulgarian.items()},
    }
    step_seconds = sum(v or 0.0 for table in costs.values() for v in table.values())
    report: dict[str, Any] = {
        "generated": {
            "command": command or f"gamegraph report --n-max {n_max}",
            "n_max": n_max,
            "full_max": data.full_max,
            "b_max": data.b_max,
            "seconds": round(time.perf_counter() - started, 1),
            # the per-n steps' own times, whenever they were computed (cached or now)
            "step_seconds": round(step_seconds, 1),
            "machine": f"{os.cpu_count()} cores, {platform.machine()}",
            "version": version(),
            "code_version": code_version(),
            "note": note,
        },
        "claims": [c.as_dict() for c in claims],
        "claims_beyond_range": beyond,
        "survey": survey_section(data.ranges),
        "open_questions": questions,
        "figures": figures,
        "costs": costs,
    }
    # with the open problems pushed further by `gamegraph frontier --out` into the same folder
    json_path, md_path = write_report(folder, report)
    return Report(md_path, json_path, report)
