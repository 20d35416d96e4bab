"""`gamegraph stats GAME ...`: compute a game graph in memory and summarize it (no database).

One subcommand per registered game, its options the game's declared parameters.
"""

from __future__ import annotations

import inspect
import time
from typing import Annotated, Any

import typer

from gamegraph.cli._output import print_json, progress_bar, summary_lines
from gamegraph.cli.options import (
    command,
    dask_parameters,
    move_timeout_parameter,
    param_option,
    use_dask,
    use_move_timeout,
)
from gamegraph.games.base import Game
from gamegraph.games.registry import all_games

__all__ = ["app"]

app = typer.Typer(
    help="Compute a game graph in memory and print its analysis (no Neo4j needed).",
    no_args_is_help=True,
)

_COMMON = [
    inspect.Parameter(
        "json",
        inspect.Parameter.KEYWORD_ONLY,
        default=False,
        annotation=Annotated[
            bool,
            typer.Option("--json", help="Print one JSON object instead of a readable summary."),
        ],
    ),
    inspect.Parameter(
        "force",
        inspect.Parameter.KEYWORD_ONLY,
        default=False,
        annotation=Annotated[
            bool,
            typer.Option(
                "--force",
                help="Build even when the memory estimate is over the limit (may run out).",
            ),
        ],
    ),
]


def _stats_of(game_type: type[Game[Any]]) -> Any:
    def body(
        json: bool,
        force: bool,
        scheduler: str | None,
        workers: int | None,
        move_timeout: float | None,
        **texts: str | bool | None,
    ) -> None:
        use_dask(scheduler, workers)
        use_move_timeout(move_timeout)
        started = time.perf_counter()
        game = game_type.from_text({k: v for k, v in texts.items() if v is not None})
        with progress_bar(game.describe(), enabled=not json) as update:
            built = game.build(
                force=force, progress=lambda stage, done, total: update(done, total, stage)
            )
            data = game.stats(built)
        if json:
            print_json(data)
            return
        summary_lines(f"{game.title}: {game.describe()}", data, time.perf_counter() - started)

    params = [param_option(p) for p in game_type.params]
    return command(
        body,
        [*params, *_COMMON, *dask_parameters(), move_timeout_parameter()],
        name=game_type.name,
        doc=game_type.description,
    )


for _game in all_games():
    app.command(_game.name)(_stats_of(_game))
