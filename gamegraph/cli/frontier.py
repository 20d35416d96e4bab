"""`gamegraph frontier`: the open problems of seeds 000, 002 and 003 pushed as far as their
budgets go, cached, written beside the report (frontier.json, frontier.md, figures); a report
in the same folder is written again with them."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from gamegraph.cli._output import note as say
from gamegraph.cli.options import command, keyword

__all__ = ["frontier"]

BUDGETS: tuple[tuple[str, type, int | float, str], ...] = (
    ("basins_n", int, 10**7, "Fagan basins of every n up to this (seed 002)."),
    ("losses_n", int, 10_000, "Question 2: an immediate loss for 7 <= n <= this."),
    ("crim_target", int, 100, "CRIM: P/N of every partition of size <= this."),
    ("crim_seconds", float, 2400.0, "CRIM: stop after the size under way then."),
    ("crim_grundy_n", int, 60, "CRIM: Grundy values per size up to this."),
    ("lifting_n", int, 100, "Question 9 over the 4-cycles with n <= this."),
    ("full_n", int, 100, "Questions 1/3: full G_n memory up to this n."),
    ("full_from", int, 81, "Questions 1/3: build the full G_n from this n."),
    ("full_seconds", float, 900.0, "Questions 1/3: stop after the n under way."),
)
"""The budgets of :class:`~gamegraph.reporting.frontier.FrontierBudgets` as options (name,
type, default, help); each option is ``--`` and the name with dashes."""


def _option(name: str) -> str:
    return "--" + name.replace("_", "-")


def _frontier(out: Path, only: str, note: str, **budget: int | float) -> None:
    from gamegraph.loader.export import check_out_dir
    from gamegraph.reporting.frontier import FrontierBudgets, compute_frontier
    from gamegraph.reporting.frontier_output import write_frontier
    from gamegraph.reporting.markdown import renew_report

    budgets = FrontierBudgets(**budget)  # type: ignore[arg-type]
    started = time.perf_counter()
    keys = tuple(k.strip() for k in only.split(",") if k.strip())
    check_out_dir(out)  # before the frontier is computed, not after
    records = compute_frontier(budgets, only=keys, say=say)
    changed = [
        f"{_option(name)} {value:g}" if isinstance(value, float) else f"{_option(name)} {value}"
        for name, _, default, _ in BUDGETS
        if (value := budget[name]) != default
    ]
    command = " ".join(
        ["gamegraph frontier"]
        + ([f"--out {out}"] if out != Path("report") else [])
        + changed
        + ([f"--only {only}"] if only else [])
    )
    path = write_frontier(
        records, out, command=command, seconds=time.perf_counter() - started, note=note
    )
    for r in records:
        say(f"{r.key}: {r.answer}")
    report = renew_report(out)  # a report in the same folder shows this frontier, not the last
    if report is not None:
        say(f"{report}: its frontier section written again")
    typer.echo(str(path))


frontier = command(
    _frontier,
    [
        keyword(
            "out",
            Annotated[
                Path,
                typer.Option("--out", help="Directory for frontier.json, frontier.md, figures."),
            ],
            Path("report"),
        ),
        *(
            keyword(name, Annotated[kind, typer.Option(_option(name), help=text)], default)
            for name, kind, default, text in BUDGETS
        ),
        keyword(
            "only",
            Annotated[
                str,
                typer.Option(
                    "--only",
                    help="Comma-separated items: fagan-basins, floridian-q2, crim-even-rank, "
                    "lifting-q9, floridian-q1-q3 (default: all).",
                ),
            ],
            "",
        ),
        keyword(
            "note", Annotated[str, typer.Option("--note", help="A sentence for the header.")], ""
        ),
    ],
    name="frontier",
    doc="""Compute the frontier results (Fagan basins, Floridian questions 2, 9 and 1/3, CRIM's
    even-rank conjecture) with their own budgets, cached in ~/.cache/gamegraph/frontier, and
    write them into --out (docs/report for the committed report); a report in --out is written
    again with them.""",
    dask=True,
)
