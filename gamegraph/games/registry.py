"""The registry of games: every game package registers its :class:`~gamegraph.games.base.Game`
class here, once, with :func:`register`, and every layer above meets games only through
:func:`get_game`, :func:`all_games` and :func:`parse_graph_id`.

Game packages are found, not listed: each subpackage of :mod:`gamegraph.games` whose
``__init__`` registers a game is one (importing them is cheap; engines load on first build).
Adding a game is adding its package.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from gamegraph.errors import InputError

if TYPE_CHECKING:
    from gamegraph.games.base import Game

__all__ = ["all_games", "get_game", "parse_graph_id", "register"]

G = TypeVar("G", bound="type[Game[Any]]")

_REGISTERED: dict[str, type[Game[Any]]] = {}


def register(cls: G) -> G:
    """Class decorator: make a game known under its ``name`` (unique)."""
    name = cls.name
    if name in _REGISTERED and _REGISTERED[name] is not cls:
        raise RuntimeError(f"two games are named {name!r}: {_REGISTERED[name]} and {cls}")
    _REGISTERED[name] = cls
    return cls


@cache
def _discover() -> None:
    import gamegraph.games as package

    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            importlib.import_module(f"{package.__name__}.{module.name}")


def all_games() -> tuple[type[Game[Any]], ...]:
    """Every registered game, the ones `gamegraph load` loads by default first, then by name."""
    _discover()
    return tuple(sorted(_REGISTERED.values(), key=lambda g: (not g.loaded_by_default, g.name)))


def get_game(name: str) -> type[Game[Any]]:
    """The game registered under ``name`` (InputError naming the choices otherwise)."""
    _discover()
    key = name.strip().lower()
    if key in _REGISTERED:
        return _REGISTERED[key]
    close = difflib.get_close_matches(key, _REGISTERED, n=2, cutoff=0.6)
    hint = f" (did you mean {' or '.join(close)}?)" if close else ""
    raise InputError(
        f"unknown game {name!r}{hint}: choose from {', '.join(g.name for g in all_games())}"
    )


def parse_graph_id(text: str) -> Game[Any]:
    """The game a graph id names (``bulgarian:60``, ``lifting:paper:60``, ...)."""
    parts = text.strip().split(":")
    if len(parts) < 2 or not parts[0]:
        forms = ", ".join(g.id_form() for g in all_games())
        raise InputError(f"bad graph id {text!r}: use one of {forms}")
    game = get_game(parts[0])
    try:
        return game.from_id_parts(parts[1:])
    except InputError as e:
        raise InputError(f"bad graph id {text!r}: {e}") from None
