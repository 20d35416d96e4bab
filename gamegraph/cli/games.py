"""`gamegraph games`: the games gamegraph knows, with their parameters and graph ids."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gamegraph.cli._output import print_json
from gamegraph.games.registry import all_games

__all__ = ["games"]


def games(
    json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """List the games gamegraph knows, with their parameters and graph ids."""
    rows: list[dict[str, Any]] = [
        {
            "name": g.name,
            "title": g.title,
            "description": g.description,
            "graph_id": g.id_form(),
            "params": [
                {"name": p.name, "option": p.cli_option, "kind": p.kind, "help": p.help}
                for p in g.params
            ],
            "loaded_by_default": g.loaded_by_default,
        }
        for g in all_games()
    ]
    if json:
        print_json(rows)
        return
    for row in rows:
        typer.secho(f"{row['name']}  ({row['graph_id']})", bold=True)
        typer.echo(f"  {row['description']}")
        for p in row["params"]:
            typer.echo(f"  {p['option']:<14} {p['help']}")
