"""`gamegraph report`: write the research report (claims, open questions, figures)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from gamegraph.cli._output import note as say
from gamegraph.cli._output import progress_bar
from gamegraph.cli.options import shared_options
from gamegraph.progress import Progress

__all__ = ["per_n", "report"]

DEFAULT_N_MAX = 114  # kept equal to gamegraph.reporting.DEFAULT_N_MAX (a test checks)


def per_n(bar: Progress) -> Progress:
    """The report's per-n steps on ``bar`` (a stage is named ``G_n and H_n (per n)``). Off a
    terminal, where no bar shows, the start of a step's tasks on Dask is one plain line on
    stderr: its cluster's workers starting (or a scheduler's awaited) is no silent hang in a
    CI log."""
    tty = sys.stderr.isatty()

    def update(stage: str, done: int, total: int) -> None:
        if done == 0 and not tty:
            say(f"report: {stage} (per n): {total} tasks on Dask, waiting for its workers")
        bar(f"{stage} (per n)", done, total)

    return update


@shared_options(dask=True)
def report(
    n_max: Annotated[
        int,
        typer.Option(
            "--n-max",
            help="Largest n of G_n and H_n (B_n stops at 72, the full G_n with win/loss "
            "analysis where it fits in half the memory limit, at most 80).",
        ),
    ] = DEFAULT_N_MAX,
    out: Annotated[
        Path, typer.Option("--out", help="Directory for report.md, report.json and the figures.")
    ] = Path("report"),
    note: Annotated[
        str,
        typer.Option(
            "--note", help="A sentence for the report's header (e.g. the machine's load)."
        ),
    ] = "",
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="Compute every n afresh and keep nothing (default: per-n results are kept in "
            "~/.cache/gamegraph/report, so a larger --n-max computes only the new n).",
        ),
    ] = False,
    conjectures: Annotated[
        list[Path] | None,
        typer.Option(
            "--conjectures",
            help="A file of @gg.conjecture functions, checked first over their own n: their "
            "verdicts become a section of the report (`gamegraph check`); one that raises "
            "stops it (exit code 2). More than once for several files.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Write the research report: every claim of the four seeds (Floridian, Bulgarian and its
    relatives, Tchoukaillon, CRIM) beside the computed value, the nine open questions of the
    Floridian paper answered with data, and the paper's figures redrawn (report.md with PNG
    figures, and report.json).

    The conjectures of --conjectures are checked first: one that raises is an error line and
    no report is written (exit code 2)."""
    from gamegraph.loader.export import check_out_dir
    from gamegraph.questions.conjectures import add_to_report, check_file
    from gamegraph.reporting import generate_report

    check_out_dir(out)  # bad input before any work, the conjectures' included

    command = f"gamegraph report --n-max {n_max}" + (
        f" --out {out}" if out != Path("report") else ""
    )
    with progress_bar("report") as progress:
        checked = {path: check_file(path, progress=progress) for path in conjectures or []}
        raised = [v.error for verdicts in checked.values() for v in verdicts if v.error]
        for error in raised:  # a bug in the user's file, found before the report's minutes
            typer.secho(f"error: {error}", err=True, fg=typer.colors.RED)
        if raised:
            raise typer.Exit(2)
        result = generate_report(
            n_max,
            out,
            cache=None if no_cache else "default",
            progress=per_n(progress),
            command=command,
            note=note,
        )
    for path, verdicts in checked.items():
        add_to_report(result.markdown.parent, verdicts, str(path))
        say(f"{path}: " + "; ".join(v.sentence() for v in verdicts))
    claims = [c["verdict"] for c in result.claims]
    counts = ", ".join(f"{claims.count(v)} {v}" for v in ("agrees", "extends", "disagrees"))
    seconds = result.data["generated"]["seconds"]
    say(
        f"{len(claims)} claims ({counts}), {len(result.open_questions)} open questions, "
        f"{len(result.data['figures'])} figures in {seconds:.0f} s"
    )
    typer.echo(str(result.markdown))
