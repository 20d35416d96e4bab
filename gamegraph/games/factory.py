"""``gg.<game>``: a game's factory, which builds and analyses one of its graphs in memory
(:class:`GameFactory`), and the lookups the API and the definitions share."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamegraph.errors import InputError
from gamegraph.games.base import Game, Progress
from gamegraph.games.registry import all_games, get_game

__all__ = ["GameFactory", "factories", "game_of", "normalize"]


def normalize(game: type[Game[Any]], values: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments by parameter name; a parameter's option name works too (n_max)."""
    aliases = {p.cli_option.lstrip("-").replace("-", "_"): p.name for p in game.params}
    return {aliases.get(key, key): value for key, value in values.items()}


@dataclass(frozen=True)
class GameFactory:
    """``gg.<game>(n, **params)``: build and analyse one graph of a game in memory."""

    game: type[Game[Any]]

    def __call__(
        self,
        n: int | None = None,
        /,
        *,
        force: bool = False,
        progress: Progress | None = None,
        **params: Any,
    ) -> Any:
        """The game's analysis object (``.stats()`` and more; see the game's engine)."""
        return self.graph(n, **params).build(force=force, progress=progress)

    def graph(self, n: int | None = None, /, **params: Any) -> Game[Any]:
        """The :class:`~gamegraph.games.base.Game` these parameters name (nothing is built)."""
        values = normalize(self.game, params)
        if n is not None:
            values["n"] = n
        return self.game.create(**values)

    @property
    def name(self) -> str:
        return self.game.name

    def __repr__(self) -> str:
        params = ", ".join(p.name for p in self.game.params)
        return f"<gamegraph game {self.game.name}({params}): {self.game.description}>"


def factories() -> dict[str, GameFactory]:
    """``{python_name: factory}`` for every registered game (``random-bulgarian`` →
    ``random_bulgarian``)."""
    return {g.name.replace("-", "_"): GameFactory(g) for g in all_games()}


def game_of(game: str | type[Game[Any]] | GameFactory | Game[Any]) -> type[Game[Any]]:
    """The game class from a name, a factory (``gg.floridian``), a class or an instance."""
    if isinstance(game, GameFactory):
        return game.game
    if isinstance(game, str):
        return get_game(game.replace("_", "-") if "_" in game else game)
    if isinstance(game, Game):
        return type(game)
    if isinstance(game, type) and issubclass(game, Game):
        return game
    raise InputError(
        f"{game!r} is not a game: pass a game's name (see `gamegraph games`) or its factory, "
        "gg.<name>"
    )
