"""`gamegraph export`: write graphs as neo4j-admin import CSV files and/or GraphML.

The command builds an :class:`~gamegraph.loader.plan.ExportRequest` from its options and calls
:func:`gamegraph.api.export` (which plans, checks and writes); it needs no database.
"""

from __future__ import annotations

import inspect
import time
from typing import Annotated, Any

import typer

from gamegraph.cli._output import progress_bar
from gamegraph.cli.options import (
    ForceOption,
    command,
    graph_options,
    keyword,
)

__all__ = ["export"]


def _export(
    out: str,
    n: str,
    games: str | None,
    fmt: str,
    force: bool,
    **options: Any,
) -> None:
    from gamegraph.api import export as export_graphs
    from gamegraph.loader.plan import ExportRequest, LoadRequest

    graphs = LoadRequest.parse(n, games, options, route="export", force=force)
    request = ExportRequest(graphs, out, fmt)
    started = time.perf_counter()
    with progress_bar("exporting") as progress:
        written = export_graphs(request, progress=progress)
    for path in written:
        typer.echo(str(path))
    typer.echo(f"done in {time.perf_counter() - started:.1f} s")


export = command(
    _export,
    [
        keyword(
            "out",
            Annotated[str, typer.Option("--out", "-o", help="Directory to write into.")],
            inspect.Parameter.empty,
        ),
        *graph_options(),
        keyword(
            "fmt",
            Annotated[
                str,
                typer.Option(
                    "--format", help="csv (neo4j-admin database import files), graphml, or both."
                ),
            ],
            "csv",
        ),
        keyword("force", ForceOption, False),
    ],
    name="export",
    doc="Write graphs as neo4j-admin import CSV files (the bulk route) and/or GraphML.",
    dask=True,
)
