"""`gamegraph verify`: recompute the stored analysis in Cypher and compare it."""

from __future__ import annotations

import time
from typing import Annotated

import typer
from neo4j.exceptions import Neo4jError

from gamegraph.cli._output import fail, print_json
from gamegraph.cli.options import (
    DEFAULT_DATABASE,
    DEFAULT_PASSWORD,
    DEFAULT_USER,
    DatabaseOption,
    PasswordOption,
    UriOption,
    UserOption,
    database_errors,
    neo4j_settings,
)
from gamegraph.db import open_runner
from gamegraph.queries.runner import GraphNotLoadedError
from gamegraph.queries.verify import VerifyReport, verify


def verify_command(
    n: Annotated[int, typer.Option("--n", "-n", help="Verify B_n and G_n/H_n for this n.")],
    json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    uri: UriOption = None,
    user: UserOption = DEFAULT_USER,
    password: PasswordOption = DEFAULT_PASSWORD,
    database: DatabaseOption = DEFAULT_DATABASE,
) -> None:
    """Recompute the stored analysis of B_n and G_n/H_n from their relationships in Cypher
    and compare it with the stored labels and properties and with the engine.

    Checks the moves, recurrence (a path back to the position), immediate losses, the
    retrograde losing analysis, the core's strongly connected components, turns to the core
    (breadth-first levels), 2- and 4-cycles, Bulgarian cycles and distances, and the stored
    summary. Lists every mismatch and exits with 1 if there is one.
    """
    if n < 1:
        raise fail(f"n must be at least 1, not {n}", code=2)
    settings = neo4j_settings(uri, user, password, database)
    started = time.perf_counter()
    with database_errors(), open_runner(settings, on_start=_note) as runner:
        try:
            report = verify(runner, n, progress=_note)
        except GraphNotLoadedError as e:
            raise fail(str(e), code=1) from e
        except Neo4jError as e:
            raise fail(f"Neo4j refused a verification query: {e.message or e}") from e
    seconds = time.perf_counter() - started
    if json:
        print_json(_as_json(report, seconds))
    else:
        _print_report(report, seconds)
    if not report.ok:
        raise typer.Exit(code=1)


def _note(message: str) -> None:
    typer.echo(message, err=True)


def _print_report(report: VerifyReport, seconds: float) -> None:
    for check in report.checks:
        mark = "ok  " if check.ok else "FAIL"
        color = typer.colors.GREEN if check.ok else typer.colors.RED
        typer.secho(f"{mark} {check.graph:<8} {check.name}", fg=color, nl=False)
        typer.echo(f": {check.detail}" if check.ok else f": {check.problem_count} mismatch(es)")
        for problem in check.problems:
            typer.echo(f"       {problem}")
        if check.problem_count > len(check.problems):
            typer.echo(f"       ... and {check.problem_count - len(check.problems)} more")
    for skipped in report.skipped:
        typer.echo(f"skipped  {skipped}")
    failed = len(report.failures)
    verdict = "all agree" if report.ok else f"{failed} check(s) found mismatches"
    typer.secho(
        f"{', '.join(report.graphs)}: {len(report.checks)} checks, {verdict} ({seconds:.1f} s)",
        bold=True,
    )


def _as_json(report: VerifyReport, seconds: float) -> dict[str, object]:
    return {
        "n": report.n,
        "ok": report.ok,
        "graphs": report.graphs,
        "skipped": report.skipped,
        "seconds": round(seconds, 2),
        "checks": [
            {
                "graph": c.graph,
                "check": c.name,
                "ok": c.ok,
                "detail": c.detail,
                "mismatches": c.problem_count,
                "examples": list(c.problems),
            }
            for c in report.checks
        ],
    }
