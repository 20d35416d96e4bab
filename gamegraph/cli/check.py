"""`gamegraph check FILE.py [--n 1..150]`: every conjecture of a file (``@gg.conjecture``)
checked over n, one task per n on Dask; per conjecture, held up to n or the first
counterexample with the command that reproduces it and a Cypher query that shows it.

A thin layer over :func:`gamegraph.questions.conjectures.check_file`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gamegraph.cli._output import note, print_json, progress_bar
from gamegraph.cli.options import shared_options

__all__ = ["check"]


@shared_options(dask=True)
def check(
    file: Annotated[Path, typer.Argument(help="A Python file of @gg.conjecture functions.")],
    n: Annotated[
        str | None,
        typer.Option(
            "--n",
            "-n",
            help="n to check (1..150, or 2,4,8), within each conjecture's own n (default: "
            "each conjecture's own n).",
            show_default=False,
        ),
    ] = None,
    only: Annotated[
        str, typer.Option("--only", help="Comma-separated conjecture names (default: all).")
    ] = "",
    force: Annotated[
        bool, typer.Option("--force", help="Build graphs estimated over the memory limit.")
    ] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the verdicts as JSON.")] = False,
) -> None:
    """Check a file's conjectures over n: each conjecture's verdict, and for one that fails
    its first counterexample, the command that reproduces it and a Cypher query for Neo4j
    Browser. A conjecture that raises is one error line and the others are still checked.
    Exit code 2 when a conjecture raised, else 1 when one fails."""
    from gamegraph.loader.plan import parse_values
    from gamegraph.questions.conjectures import check_file

    ns = None if n is None else list(parse_values(n, "--n"))
    names = [x.strip() for x in only.split(",") if x.strip()]
    with progress_bar("conjectures", enabled=not json) as progress:
        verdicts = check_file(file, ns, only=names, force=force, progress=progress)
    if json:
        print_json([v.as_dict() for v in verdicts])
    for v in verdicts:
        if v.error:  # it raised: one line, and the file's other conjectures were still checked
            typer.secho(f"error: {v.error}", err=True, fg=typer.colors.RED)
        elif not json:
            typer.secho(v.sentence(), bold=True, fg=None if v.held else typer.colors.RED)
            typer.echo(f"  reproduce: {v.command}")
            if not v.held:
                typer.echo(f"  load it:   {v.load}")
                typer.echo("  in Neo4j Browser:")
                for line in v.cypher.splitlines():
                    typer.echo(f"    {line}")
    failed = [v.name for v in verdicts if not v.held and not v.error]
    errors = [v.name for v in verdicts if v.error]
    held = len(verdicts) - len(failed) - len(errors)
    note(f"{held} held, {len(failed)} failed" + (f", {len(errors)} raised" if errors else ""))
    if errors:  # a bug in the file to fix (exit code 2, as every input error)
        raise typer.Exit(2)
    if failed:
        raise typer.Exit(1)
