"""`gamegraph table GAME --n 1..200`: one row per n, any stats column or a user's function of
the graph, computed per n on Dask, cached, compared with the OEIS sequences gamegraph ships.

A thin layer over :func:`gamegraph.questions.tables.compute_table`."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from gamegraph.cli._output import format_value, note, progress_bar
from gamegraph.cli.options import shared_options
from gamegraph.errors import InputError

__all__ = ["parse_params", "table"]


def parse_params(game: Any, texts: list[str]) -> dict[str, Any]:
    """``["L=1..4", "rule=band"]`` as parameter values; a range or a comma list gives a
    list (one row each), each value parsed by the game's declared parameter."""
    from gamegraph.db.queries import parse_param_args
    from gamegraph.loader.plan import parse_values

    values: dict[str, Any] = {}
    for name, raw in parse_param_args(texts, example="L=1..4").items():
        param = game.param(name)
        if name == "n":
            raise InputError("--param n=...: give n with --n")
        if param.kind == "int" and (".." in raw or "," in raw):
            values[name] = [
                param.check(v) for v in parse_values(raw, f"--param {name}", minimum=None)
            ]
        elif "," in raw:
            values[name] = [param.parse(v) for v in raw.split(",") if v.strip()]
        else:
            values[name] = param.parse(raw)
    return values


@shared_options(dask=True)
def table(
    game: Annotated[str, typer.Argument(help="The game (see `gamegraph games`).")],
    n: Annotated[
        str,
        typer.Option(
            "--n", "-n", help="n: a range such as 1..200, a list 2,4,8, or a mix 1..4,10."
        ),
    ],
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            help="Another parameter, NAME=VALUE; a range (L=1..4) or list (rule=paper,band) "
            "gives one row per value. More than once for several parameters.",
            show_default=False,
        ),
    ] = None,
    columns: Annotated[
        str,
        typer.Option("--columns", help="Comma-separated stats keys (default: every stats column)."),
    ] = "",
    column: Annotated[
        list[str] | None,
        typer.Option(
            "--column",
            help="A function of the built graph as a column: module:function or "
            "file.py:function (called as fn(graph), or fn(graph, n=n)). More than once.",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Directory for GAME.csv, GAME.json, GAME.md and a b-file per integer column.",
            show_default=False,
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", help="A .png or .svg plot of each column against n.", show_default=False
        ),
    ] = None,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="Compute every row afresh and keep nothing (default: rows are kept in "
            "~/.cache/gamegraph/table, or GAMEGRAPH_TABLE_CACHE).",
        ),
    ] = False,
    force: Annotated[
        bool, typer.Option("--force", help="Build rows estimated over the memory limit.")
    ] = False,
    json: Annotated[bool, typer.Option("--json", help="Print the table as JSON.")] = False,
) -> None:
    """Tabulate a game over n: one row per n (and per value of a --param range), the stats
    columns you name and your own functions of the graph, each row one task on a local Dask
    cluster (or --scheduler), cached on disk so a second run is instant and an interrupted run
    resumes; integer columns are compared with the OEIS sequences gamegraph ships."""
    from gamegraph.api import game_of
    from gamegraph.loader.export import check_out_dir
    from gamegraph.loader.plan import parse_values
    from gamegraph.questions.tables import (
        check_plot_path,
        compute_table,
        parse_columns,
    )

    game_type = game_of(game)
    ns = list(parse_values(n, "--n"))
    params = parse_params(game_type, list(param or []))
    chosen = parse_columns(
        game_type, [c.strip() for c in columns.split(",") if c.strip()], list(column or [])
    )
    if out is not None:  # checked before the table is computed, not after
        check_out_dir(out)
    if plot is not None:
        check_plot_path(plot)
    command = "gamegraph " + shlex.join(sys.argv[1:]) if sys.argv[1:2] == ["table"] else ""
    command = command or _command(game_type.name, n, param, columns, column)
    with progress_bar(f"{game_type.name} table", enabled=not json) as progress:
        result = compute_table(
            game_type,
            ns,
            params,
            chosen,
            cache=None if no_cache else "default",
            force=force,
            progress=progress,
            command=command,
        )
    if json:
        from gamegraph.cli._output import print_json

        print_json({"rows": result.rows, "sequences": [m.as_dict() for m in result.matches]})
    else:
        _show(result)
    if out is not None:
        written = result.write(out)
        note(f"wrote {len(written)} files into {out}")
    if plot is not None:
        note(f"plot: {result.plot(plot)}")
    rows = len(result.rows)
    note(
        f"{rows} row{'' if rows == 1 else 's'} ({result.computed} computed, "
        f"{rows - result.computed} from the cache) in {result.seconds:.2f} s"
    )


def _command(
    game: str, n: str, param: list[str] | None, columns: str, column: list[str] | None
) -> str:
    words = ["gamegraph", "table", game, "--n", n]
    for p in param or []:
        words += ["--param", p]
    if columns:
        words += ["--columns", columns]
    for c in column or []:
        words += ["--column", c]
    return shlex.join(words)


def _show(result: Any) -> None:
    from rich.console import Console
    from rich.table import Table as RichTable

    def cell(value: Any) -> str:  # as `gamegraph stats` writes a value, a float to 6 digits
        return (
            ""
            if value is None
            else f"{value:.6g}"
            if isinstance(value, float)
            else format_value(value)
        )

    view = RichTable(title=result.game, header_style="bold")
    for key in [*result.keys, *result.columns]:
        view.add_column(key.replace("_", " "), justify="right")
    for row in result.rows:
        view.add_row(*(cell(row.get(k)) for k in [*result.keys, *result.columns]))
    console = Console()
    console.print(view)
    for match in result.matches:
        console.print(f"[bold]sequence:[/bold] {match.sentence()}", highlight=False)
    if not result.matches and result.integer_columns():
        console.print("no integer column matches a sequence gamegraph ships", highlight=False)
