"""The report's frontier: the open problems of seeds 000, 002 and 003 pushed as far as a
budget goes (issue 20 items 2-4, ``gamegraph frontier``).

Each item is computed by its game (:mod:`gamegraph.games.tchoukaillon.basins`,
:mod:`gamegraph.games.floridian.losses`, :mod:`gamegraph.games.crim.evenrank`,
:mod:`gamegraph.games.lifting.band_any`), cached on disk as JSON (``~/.cache/gamegraph/
frontier``; an interrupted Fagan survey resumes range by range) and returned as a
:class:`FrontierRecord`. :func:`compute_frontier` runs the items with their own budgets
(:class:`FrontierBudgets`), :func:`render_frontier_markdown` renders the records and
:func:`write_frontier` writes ``frontier.json``, ``frontier.md`` and the figures into a
directory (``docs/report`` for the committed report). The main report can take the records
through :func:`load_frontier` and put the markdown in its own section.
"""

from __future__ import annotations

import json
import math
import os
import platform
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from gamegraph.errors import InputError, OutputError

__all__ = [
    "FrontierBudgets",
    "FrontierRecord",
    "compute_frontier",
    "default_frontier_cache",
    "draw_frontier_figures",
    "frontier_section",
    "load_frontier",
    "render_frontier_markdown",
    "write_frontier",
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


def default_frontier_cache() -> Path:
    """``$GAMEGRAPH_FRONTIER_CACHE``, else ``~/.cache/gamegraph/frontier``."""
    explicit = os.environ.get("GAMEGRAPH_FRONTIER_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gamegraph" / "frontier"


def _cached(
    cache: Path | None, name: str, compute: Callable[[], FrontierRecord], say: Say
) -> FrontierRecord:
    path = None if cache is None else cache / f"{name}.json"
    if path is not None and path.exists():
        data = json.loads(path.read_text("utf-8"))
        say(f"{name}: from the cache ({path})")
        return FrontierRecord(**data)
    say(f"{name}: computing")
    record = compute()
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(record.as_dict()), "utf-8")
    return record


# --------------------------------------------------------------------------- the items


def fagan_record(n_max: int, cache: Path | None) -> FrontierRecord:
    """Item 2: the Fagan basin of every n ≤ n_max (seed 002, A204539/A204540/A185001)."""
    from gamegraph.games.tchoukaillon.basins import A204540, fagan_basin_survey

    started = time.perf_counter()
    survey = fagan_basin_survey(n_max, cache=None if cache is None else cache / "chunks")
    data = survey.as_dict()
    new = survey.new_basin_one
    answer = (
        f"Every n ≤ {n_max:,}: basin 1 exactly for n = {', '.join(map(str, survey.basin_one))}"
        + (
            f" (A204540 gains {', '.join(map(str, new))})"
            if new
            else f" (A204540 = {', '.join(map(str, A204540))} gains no term below {n_max:,})"
        )
        + f"; basin 2 for {len(survey.basin_two)} n (largest {survey.basin_two[-1]:,}; "
        + (
            "exactly the terms of A185001 up to there"
            if not survey.basin_two_not_in_a185001 and not survey.a185001_missing
            else f"new against A185001: {survey.basin_two_not_in_a185001}, A185001 terms not "
            f"found: {survey.a185001_missing}"
        )
        + "); "
        f"basins grow like n/π (smallest ratio {survey.least_ratio[1]:.2e} at "
        f"n = {survey.least_ratio[0]:,}); f(k) by the fast sieve in O(k^(2/3)), "
        f"{survey.task_seconds:.0f} s of tasks; at the fitted cost c·n^(5/3), "
        + " and ".join(
            f"every n ≤ 10^{d} takes {survey.projected_seconds(10**d) / 3600:.1f} h of tasks "
            f"({survey.projected_seconds(10**d) / 3600 / 64:.1f} h on 64 workers)"
            for d in (7, 8)
            if 10**d > n_max
        )
        + "."
    )
    return FrontierRecord(
        "fagan-basins",
        "002",
        "Fagan basins of every n (OEIS A204539), the n alone in their basin (A204540)",
        answer,
        f"gamegraph frontier --basins-n {n_max}",
        time.perf_counter() - started,
        data,
    )


def losses_record(n_max: int) -> FrontierRecord:
    """Item 4, question 2: an immediate loss for every 7 ≤ n ≤ n_max, re-checked."""
    from gamegraph.games.floridian.losses import (
        FAMILY_FROM,
        immediate_loss_witnesses,
        is_immediate_loss,
    )
    from gamegraph.games.partitions import paper_notation

    started = time.perf_counter()
    witnesses = immediate_loss_witnesses(7, n_max)
    missing = [7 + i for i, w in enumerate(witnesses) if w is None]
    found = [w for w in witnesses if w is not None]
    bad = [w.n for w in found if not is_immediate_loss(w.partition)]
    searched = [w.n for w in found if w.family == "search"]
    sample = {
        str(w.n): paper_notation(w.partition)
        for w in found
        if w.n <= 60 or w.n in (100, 1000, n_max) or w.n % 1000 == 0
    }
    answer = (
        f"An immediate loss (so a losing position) for every 7 ≤ n ≤ {n_max:,}"
        + (f" except {missing}" if missing else "")
        + f", each re-checked from the α-move ({len(bad)} failed). Theorem: λ with sizes b, "
        "b+2, …, b+2(L−1) and b−2 (or b−4) parts, b ≥ 3, is an immediate loss; it covers every "
        f"n ≥ {FAMILY_FROM} (the paper's open cases 6m and 6m+2 included); the n < "
        f"{FAMILY_FROM} it misses ({', '.join(map(str, searched))}) have a witness from a "
        "scan of S(n)."
    )
    return FrontierRecord(
        "floridian-q2",
        "000",
        "Question 2: a losing position for each n > 6",
        answer,
        f"gamegraph frontier --losses-n {n_max}",
        time.perf_counter() - started,
        {
            "n_max": n_max,
            "missing": missing,
            "failed_recheck": bad,
            "family_from": FAMILY_FROM,
            "searched": searched,
            "witness_parts": [len(w.partition) for w in found],
            "sample": sample,
            "witnesses": {str(w.n): [list(w.partition), w.family] for w in found if w.n <= 200},
        },
    )


def crim_record(target: int, seconds: float, grundy_n: int) -> FrontierRecord:
    """Item 3: CRIM's even-rank conjecture by size, and the Grundy distribution."""
    from gamegraph.games.crim.evenrank import even_rank_sweep, grundy_distribution
    from gamegraph.memory import human_bytes

    started = time.perf_counter()
    sweep = even_rank_sweep(target, seconds)
    grundy, grundy_seconds = grundy_distribution(grundy_n)
    data = sweep.as_dict()
    data["grundy_reached"] = grundy_n
    data["grundy_seconds"] = round(grundy_seconds, 1)
    data["grundy"] = {str(s): {str(v): c for v, c in d.items()} for s, d in grundy.items()}
    last = sweep.sizes[-1]
    verdict = (
        "no P-position of odd rank"
        if sweep.first_odd_rank_p is None
        else f"a P-position of odd rank: {sweep.first_odd_rank_p}"
    )
    projection: dict[str, float] = sweep.projection
    answer = (
        f"Every partition of size ≤ {sweep.reached} (of the target {target}): {verdict}; "
        f"P/N as bits ({human_bytes(sweep.bits_bytes)} for every size ≤ {target}), "
        f"{sweep.seconds:.0f} s on {sweep.threads} threads, size {last.size} "
        f"({last.positions:,} positions) in {last.seconds:.1f} s"
        + (
            f"; the rest to {target} projected at "
            f"{projection[f'seconds_to_{target}_here'] / 3600:.1f} h here, "
            f"{projection[f'seconds_to_{target}_on_64_workers'] / 60:.0f} min on 64 workers"
            if sweep.reached < target
            else ""
        )
        + ". "
        f"Sprague–Grundy values per size to {grundy_n} (max "
        f"{max(max(d) for d in grundy.values())})."
    )
    return FrontierRecord(
        "crim-even-rank",
        "003",
        "CRIM: every P-position has even rank",
        answer,
        f"gamegraph frontier --crim-target {target} --crim-seconds {seconds:.0f}",
        time.perf_counter() - started,
        data,
    )


def lifting_record(n_max: int) -> FrontierRecord:
    """Item 4, question 9: bands of widths 1, 3, 4 with any legal α-move."""
    from gamegraph.games.lifting.band_any import band_any_survey

    started = time.perf_counter()
    survey = band_any_survey(n_max)
    beyond = {w: len(v) for w, v in survey.beyond_width_2.items()}
    newly = {w: v for w, v in survey.newly_lifted.items() if v}
    answer = (
        f"Over the {survey.cycles} 4-cycles with n ≤ {n_max}: band-any lifts of width 1/2/3/4: "
        + "/".join(str(survey.lifts[w]) for w in sorted(survey.lifts))
        + "; (C, C') pairs no width-2 rule gives: "
        + ", ".join(f"width {w}: {c}" for w, c in beyond.items())
        + "; of the cycles no earlier rule lifts ("
        + str(len(survey.unlifted_before))
        + "), "
        + (
            "; ".join(f"width {w} lifts {len(v)}" for w, v in newly.items())
            if newly
            else "none is lifted by the new widths"
        )
        + f"; still unlifted: {len(survey.unlifted_after)}; weak components of Q (all rules): "
        f"{survey.components}, {survey.merged_components} merged by the new widths, "
        f"{survey.multi_source_components} with more than one source."
    )
    return FrontierRecord(
        "lifting-q9",
        "000",
        "Question 9: more lifting rules (bands of widths 1, 3, 4 with any α-move)",
        answer,
        f"gamegraph frontier --lifting-n {n_max}",
        time.perf_counter() - started,
        survey.as_dict(),
    )


def full_graph_record(n_from: int, n_max: int, seconds: float) -> FrontierRecord:
    """Questions 1 and 3 need the full G_n: its memory estimate per n up to n_max, and
    question 1 answered on the full G_n for n = n_from, n_from + 1, ... while the budget
    lasts (one task per n; on a cluster every n at once)."""
    from gamegraph.games.floridian.engine import estimate_floridian
    from gamegraph.games.floridian.farthest import farthest_survey
    from gamegraph.games.partitions import paper_notation
    from gamegraph.memory import human_bytes, memory_limit

    started = time.perf_counter()
    rows = []
    for n in range(40, n_max + 1, 5):
        estimate = estimate_floridian(n)
        rows.append(
            {"n": n, "nodes": estimate.nodes, "arcs": estimate.arcs, "bytes": estimate.bytes}
        )
    limit = memory_limit()
    fits = [n for n in range(6, n_max + 1) if estimate_floridian(n).bytes <= limit]
    built = [asdict(r) for r in farthest_survey(n_from, min(n_max, max(fits)), seconds)]
    top = rows[-1]
    reached = built[-1]["n"] if built else n_from - 1
    farthest = "; ".join(
        f"n = {r['n']}: "
        + ", ".join(paper_notation(tuple(p)) for p in r["farthest"])
        + f" at {r['turns']} turns ({r['seconds']:.0f} s, peak {human_bytes(r['peak_rss_bytes'])})"
        for r in built
    )
    done = (
        f"Full G_n built for n = {n_from}..{reached} in the budget: {farthest}. "
        if built
        else f"No full G_n from n = {n_from} on was built in this budget. "
    )
    answer = (
        done + f"The full G_n is estimated at {human_bytes(top['bytes'])} for n = {top['n']}; this "
        f"machine's limit ({human_bytes(limit)}) holds it up to n = {max(fits)}; every n is one "
        f"task, so a cluster whose workers hold {human_bytes(top['bytes'])} takes questions 1 "
        f"and 3 to n = {top['n']}."
    )
    return FrontierRecord(
        "floridian-q1-q3",
        "000",
        "Questions 1 and 3 with the full G_n: the farthest winning position, memory per n",
        answer,
        f"gamegraph frontier --only floridian-q1-q3 --full-from {n_from} --full-seconds "
        f"{seconds:.0f}",
        time.perf_counter() - started,
        {"rows": rows, "limit": limit, "fits_up_to": max(fits), "built": built},
    )


def compute_frontier(
    budgets: FrontierBudgets = FrontierBudgets(),
    *,
    cache: Path | None = None,
    only: tuple[str, ...] = (),
    say: Say = lambda _: None,
) -> list[FrontierRecord]:
    """Every frontier record (or those whose key is in ``only``), from the cache if there."""
    budgets.check()
    root = default_frontier_cache() if cache is None else cache
    b = budgets
    items: list[tuple[str, str, Callable[[], FrontierRecord]]] = [
        ("floridian-q2", f"floridian-q2-{b.losses_n}", lambda: losses_record(b.losses_n)),
        ("fagan-basins", f"fagan-basins-{b.basins_n}", lambda: fagan_record(b.basins_n, root)),
        (
            "crim-even-rank",
            f"crim-even-rank-{b.crim_target}-{b.crim_seconds:.0f}-{b.crim_grundy_n}",
            lambda: crim_record(b.crim_target, b.crim_seconds, b.crim_grundy_n),
        ),
        ("lifting-q9", f"lifting-q9-{b.lifting_n}", lambda: lifting_record(b.lifting_n)),
        (
            "floridian-q1-q3",
            f"floridian-full-{b.full_from}-{b.full_n}-{b.full_seconds:.0f}",
            lambda: full_graph_record(b.full_from, b.full_n, b.full_seconds),
        ),
    ]
    unknown = set(only) - {key for key, _, _ in items}
    if unknown:
        raise InputError(
            f"unknown frontier item(s) {', '.join(sorted(unknown))}: choose from "
            + ", ".join(key for key, _, _ in items)
        )
    return [_cached(root, name, fn, say) for key, name, fn in items if not only or key in only]


# --------------------------------------------------------------------------- output


def render_frontier_markdown(records: list[FrontierRecord], header: str = "") -> str:
    """The frontier section: one subsection per record, its answer, command and figures."""
    lines = ["## Frontier: the open problems pushed further", ""]
    if header:
        lines += [header, ""]
    lines += ["| seed | problem | answer | command | seconds |", "|---|---|---|---|---|"]
    for r in records:
        lines.append(f"| {r.seed} | {r.title} | {r.answer} | `{r.command}` | {r.seconds:.0f} |")
    for r in records:
        lines += ["", f"### {r.title} (seed {r.seed})", "", r.answer, ""]
        lines += [f"Reproduce: `{r.command}` ({r.seconds:.0f} s when computed)."]
        if r.key == "fagan-basins":
            lines += ["", "| decade of n | seconds of tasks |", "|---|---|"]
            lines += [f"| {d} | {s} |" for d, s in r.data["seconds_per_decade"].items()]
            lines += ["", "Basin 2: " + ", ".join(map(str, r.data["basin_two"])) + "."]
        if r.key == "crim-even-rank":
            sizes = r.data["sizes"]
            lines += ["", "| size | positions | P | odd-rank P | seconds |"]
            lines += ["|---|---|---|---|---|"]
            for s in sizes[-12:]:
                lines.append(
                    f"| {s['size']} | {s['positions']:,} | {s['p_positions']:,} | "
                    f"{s['odd_rank_p']} | {s['seconds']:.2f} |"
                )
        if r.key == "floridian-q2":
            lines += ["", "| n | immediate loss |", "|---|---|"]
            lines += [f"| {n} | {w} |" for n, w in list(r.data["sample"].items())[:20]]
        if r.key == "lifting-q9":
            for w, rows in r.data["beyond_width_2"].items():
                shown = "; ".join(f"{s} → {t} (m = {m})" for s, t, m in rows[:6])
                lines += ["", f"Width {w}, pairs no width-2 rule gives ({len(rows)}): {shown}"]
        lines += [f"\n![{name}]({name})" for name in r.figures]
    return "\n".join(lines) + "\n"


def draw_frontier_figures(records: list[FrontierRecord], folder: Path) -> None:
    """One PNG per record that has a plot; the names go into each record's ``figures``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    for r in records:
        fig = None
        if r.key == "fagan-basins":
            d = r.data
            edges = d["edges"]
            mids = [math.sqrt(a * max(b - 1, a)) for a, b in pairwise(edges)]
            fig, ax = plt.subplots(figsize=(7, 4.5))
            ax.loglog(mids, d["bin_max"], ".", ms=3, label="largest basin in bin")
            ax.loglog(mids, d["bin_mean"], "-", lw=1, label="mean basin in bin")
            ax.loglog(mids, [max(v, 0.8) for v in d["bin_min"]], ".", ms=3, label="smallest")
            ax.loglog(mids, [m / math.pi for m in mids], "k--", lw=1, label="n/π")
            ax.set_xlabel("n")
            ax.set_ylabel("basin size #{m : cf(m) = n}")
            ax.set_title(f"Fagan basins, every n ≤ {d['n_max']:,}")
            ax.legend(fontsize=8)
        elif r.key == "crim-even-rank":
            sizes = r.data["sizes"]
            fig, ax = plt.subplots(figsize=(7, 4.5))
            xs = [s["size"] for s in sizes if s["positions"] > 1000]
            ax.semilogy(xs, [s["seconds"] for s in sizes if s["positions"] > 1000], "o-", ms=3)
            ax.set_xlabel("size of the partitions")
            ax.set_ylabel("seconds for the size (P/N sweep)")
            ax.set_title(f"CRIM P/N sweep, sizes ≤ {r.data['reached']}")
        elif r.key == "floridian-q2":
            parts = r.data["witness_parts"]
            fig, ax = plt.subplots(figsize=(7, 4.5))
            ax.plot(range(7, 7 + len(parts)), parts, ".", ms=1)
            ax.set_xlabel("n")
            ax.set_ylabel("parts of the immediate loss found")
            ax.set_title("Question 2: an immediate loss for every n")
        elif r.key == "lifting-q9":
            lifts = r.data["lifts"]
            fig, ax = plt.subplots(figsize=(6, 4))
            ax.bar([f"width {w}" for w in lifts], list(lifts.values()))
            ax.set_ylabel("band-any lifts")
            ax.set_title(f"Question 9: lifts of the 4-cycles with n ≤ {r.data['n_max']}")
        if fig is not None:
            name = f"frontier-{r.key}.png"
            fig.tight_layout()
            fig.savefig(folder / name, dpi=100)
            plt.close(fig)
            if name not in r.figures:
                r.figures.append(name)


def write_frontier(
    records: list[FrontierRecord], out: Path, *, command: str, seconds: float, note: str = ""
) -> Path:
    """Write ``frontier.json`` (header + records), ``frontier.md`` and the figures."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        draw_frontier_figures(records, out)
        header = {
            "command": command,
            "seconds": round(seconds, 1),
            "machine": f"{os.cpu_count()} cores, {platform.machine()}",
            "generated": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "note": note,
        }
        (out / "frontier.json").write_text(
            json.dumps({"generated": header, "records": [r.as_dict() for r in records]}, indent=1)
            + "\n",
            "utf-8",
        )
        text = (
            f"Generated by `{command}` in {seconds:.0f} s on {header['machine']} "
            f"({header['generated']}). {note}"
        ).strip()
        path = out / "frontier.md"
        path.write_text("# " + render_frontier_markdown(records, text)[3:], "utf-8")
    except OSError as e:
        raise OutputError(f"cannot write the frontier into {out}: {e.strerror}") from None
    return path


def load_frontier(folder: Path) -> list[FrontierRecord]:
    """The records of a ``frontier.json`` written by :func:`write_frontier` (for the report)."""
    path = folder / "frontier.json"
    if not path.exists():
        return []
    data = json.loads(path.read_text("utf-8"))
    return [FrontierRecord(**r) for r in data["records"]]


def frontier_section(folder: Path) -> tuple[list[dict[str, Any]], str]:
    """The hook for the main report: the frontier records found in ``folder`` (as written by
    ``gamegraph frontier --out folder``) as JSON-ready dicts for ``report.json["frontier"]``,
    and their Markdown section for ``report.md`` ("" when the frontier was never computed)."""
    records = load_frontier(folder)
    if not records:
        return [], ""
    return [r.as_dict() for r in records], render_frontier_markdown(records)
