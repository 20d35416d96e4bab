"""`gamegraph verify`: recompute the stored analysis in Cypher and compare it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Annotated

import typer

from gamegraph.cli._output import note, print_json
from gamegraph.cli.options import Connect, shared_options
from gamegraph.errors import VerificationError

if TYPE_CHECKING:
    from gamegraph.verify import VerifyReport

__all__ = ["verify_command"]


@shared_options(database=True)
def verify_command(
    graph_ids: Annotated[
        list[str] | None,
        typer.Argument(
            help="Graph ids to verify, e.g. floridian:24 lifting:band:60 (see `gamegraph "
            "graphs`). Default: every loaded graph of --n, or every loaded graph.",
            show_default=False,
        ),
    ] = None,
    n: Annotated[
        str | None,
        typer.Option(
            "--n",
            "-n",
            help="Verify every loaded graph of this n, or of these n as `load` takes them "
            "(20..24, 20,40), of any game.",
            show_default=False,
        ),
    ] = None,
    games: Annotated[
        str | None,
        typer.Option(
            "--games",
            "-g",
            help="Comma-separated games: verify only their graphs (with --n: of that n). "
            "Default: every game.",
            show_default=False,
        ),
    ] = None,
    json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    *,
    connect: Connect,
) -> None:
    """Recompute the stored analysis of loaded graphs from their relationships in Cypher
    and compare it with the stored labels and properties and with the engine.

    Each game checks its own: moves, recurrence, immediate losses, the retrograde losing
    analysis, the core's strongly connected components, turns to the core, 2- and 4-cycles,
    cycles and distances of B_n, Q's lifts and components, and every stored summary figure.
    When the server has the Graph Data Science library, GDS computes the components as well
    and its partition is compared with the stored one. Lists every mismatch and ends with an
    error line (exit 1) if there is one.
    """
    from gamegraph.games.registry import parse_graph_id
    from gamegraph.loader.plan import parse_games, parse_ns

    ns = None if n is None else parse_ns(n)  # a bad n is an error before any connection
    ids = [parse_graph_id(graph_id).id for graph_id in graph_ids or []]
    # the games of --games as `load` reads them (none named: every game); an unknown game is
    # an error before any connection
    names = [] if games is None else [game.name for game in parse_games(games)]
    started = time.perf_counter()
    with connect() as db:
        report = db.verify(ns, graphs=ids, games=names, progress=note)
    seconds = time.perf_counter() - started
    if json:
        print_json(_as_json(report, seconds))
    else:
        _print_report(report, seconds)
    if not report.ok:
        raise VerificationError(
            f"{len(report.failures)} check(s) found mismatches between Neo4j and the engine"
        )


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
