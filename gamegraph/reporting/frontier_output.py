"""The frontier's records on paper: the Markdown section (also the main report's last), one
figure per record that has a plot, and ``frontier.json`` / ``frontier.md`` written into a
directory (``gamegraph frontier --out``)."""

from __future__ import annotations

import json
import math
import os
import platform
import time
from itertools import pairwise
from pathlib import Path

from gamegraph.errors import OutputError
from gamegraph.reporting.frontier import FrontierRecord

__all__ = [
    "draw_frontier_figures",
    "render_frontier_markdown",
    "write_frontier",
]


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
    import matplotlib.pyplot as plt

    from gamegraph.reporting.figures import save_figure

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
            name = save_figure(fig, folder / f"frontier-{r.key}.png")
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
