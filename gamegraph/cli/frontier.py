"""`gamegraph frontier`: the open problems of seeds 000, 002 and 003 pushed as far as their
budgets go, cached, written beside the report (frontier.json, frontier.md, figures)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from gamegraph.cli._output import note as say
from gamegraph.cli.options import SchedulerOption, WorkersOption, use_dask

__all__ = ["frontier"]


def frontier(
    out: Annotated[
        Path, typer.Option("--out", help="Directory for frontier.json, frontier.md, figures.")
    ] = Path("report"),
    basins_n: Annotated[
        int, typer.Option("--basins-n", help="Fagan basins of every n up to this (seed 002).")
    ] = 10**7,
    losses_n: Annotated[
        int, typer.Option("--losses-n", help="Question 2: an immediate loss for 7 <= n <= this.")
    ] = 10_000,
    crim_target: Annotated[
        int, typer.Option("--crim-target", help="CRIM: P/N of every partition of size <= this.")
    ] = 100,
    crim_seconds: Annotated[
        float, typer.Option("--crim-seconds", help="CRIM: stop after the size under way then.")
    ] = 2400.0,
    crim_grundy_n: Annotated[
        int, typer.Option("--crim-grundy-n", help="CRIM: Grundy values per size up to this.")
    ] = 60,
    lifting_n: Annotated[
        int, typer.Option("--lifting-n", help="Question 9 over the 4-cycles with n <= this.")
    ] = 100,
    full_n: Annotated[
        int, typer.Option("--full-n", help="Questions 1/3: full G_n memory up to this n.")
    ] = 100,
    full_from: Annotated[
        int, typer.Option("--full-from", help="Questions 1/3: build the full G_n from this n.")
    ] = 81,
    full_seconds: Annotated[
        float, typer.Option("--full-seconds", help="Questions 1/3: stop after the n under way.")
    ] = 900.0,
    only: Annotated[
        str,
        typer.Option(
            "--only",
            help="Comma-separated items: fagan-basins, floridian-q2, crim-even-rank, "
            "lifting-q9, floridian-q1-q3 (default: all).",
        ),
    ] = "",
    note: Annotated[str, typer.Option("--note", help="A sentence for the header.")] = "",
    scheduler: SchedulerOption = None,
    workers: WorkersOption = None,
) -> None:
    """Compute the frontier results (Fagan basins, Floridian questions 2, 9 and 1/3, CRIM's
    even-rank conjecture) with their own budgets, cached in ~/.cache/gamegraph/frontier, and
    write them into --out (docs/report for the committed report)."""
    from gamegraph.reporting.frontier import FrontierBudgets, compute_frontier, write_frontier

    use_dask(scheduler, workers)
    budgets = FrontierBudgets(
        basins_n=basins_n,
        losses_n=losses_n,
        crim_target=crim_target,
        crim_seconds=crim_seconds,
        crim_grundy_n=crim_grundy_n,
        lifting_n=lifting_n,
        full_n=full_n,
        full_from=full_from,
        full_seconds=full_seconds,
    )
    started = time.perf_counter()
    keys = tuple(k.strip() for k in only.split(",") if k.strip())
    records = compute_frontier(budgets, only=keys, say=say)
    defaults = FrontierBudgets()
    changed = [
        f"--{name.replace('_', '-')} {value:g}" if isinstance(value, float) else
        f"--{name.replace('_', '-')} {value}"
        for name, value in vars(budgets).items()
        if value != getattr(defaults, name)
    ]  # fmt: skip
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
    typer.echo(str(path))
