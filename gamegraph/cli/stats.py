"""`gamegraph stats GAME ...`: compute a game graph in memory and summarize it (no database).

One subcommand per registered game, its options the game's declared parameters.
"""

from __future__ import annotations

import time
from typing import Any

import typer

from gamegraph.cli._output import print_json, progress_bar, summary_lines
from gamegraph.cli.options import command, flag, param_option
from gamegraph.games.base import Game
from gamegraph.games.registry import all_games

__all__ = ["app"]

app = typer.Typer(
    help="Compute a game graph in memory and print its analysis (no Neo4j needed).",
    no_args_is_help=True,
)

_COMMON = [
    flag("json", "Print one JSON object instead of a readable summary."),
    flag("force", "Build even when the memory estimate is over the limit (may run out)."),
]


def _stats_of(game_type: type[Game[Any]]) -> Any:
    def body(json: bool, force: bool, **texts: str | bool | None) -> None:
        started = time.perf_counter()
        game = game_type.from_text({k: v for k, v in texts.items() if v is not None})
        with progress_bar(game.describe(), enabled=not json) as progress:
            built = game.build(force=force, progress=progress)
            data = game.stats(built)
        if json:
            print_json(data)
            return
        shown = {game.stats_label(key): value for key, value in data.items()}
        summary_lines(f"{game.title}: {game.describe()}", shown, time.perf_counter() - started)

    params = [param_option(p) for p in game_type.params]
    return command(
        body,
        [*params, *_COMMON],
        name=game_type.name,
        doc=game_type.description,
        dask=True,
        move_timeout=True,
    )


for _game in all_games():
    app.command(_game.name)(_stats_of(_game))
