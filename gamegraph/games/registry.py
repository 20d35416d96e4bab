"""The registry of games: every game package registers its :class:`~gamegraph.games.base.Game`
class here, once, with :func:`register`, and every layer above meets games only through
:func:`get_game`, :func:`all_games` and :func:`parse_graph_id`.

Game packages are found, not listed: each subpackage of :mod:`gamegraph.games` whose
``__init__`` registers a game is one (importing them is cheap; engines load on first build).
Adding a game is adding its package.

Games defined by their move (:mod:`gamegraph.define`) register here too, from three sources
(:mod:`gamegraph.games.sources`): installed packages declaring them under the entry-point
group ``gamegraph.games``, the files of ``GAMEGRAPH_GAMES_FROM`` or ``--games-from``, and a
decorator called in a notebook. Each game keeps its origin (:func:`origin`); a name taken by
a game of another origin is refused, both origins named.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from gamegraph.errors import InputError

if TYPE_CHECKING:
    from gamegraph.games.base import Game

__all__ = ["all_games", "generation", "get_game", "origin", "parse_graph_id", "register"]

G = TypeVar("G", bound="type[Game[Any]]")

_REGISTERED: dict[str, type[Game[Any]]] = {}
_ORIGINS: dict[str, str] = {}
_GENERATION = [0]
BUILT_IN = "built in"


def register(cls: G, *, origin: str | None = None) -> G:
    """Class decorator: make a game known under its ``name`` (unique).

    ``origin`` says where a defined game comes from (a file, a package); a built-in game's
    is :data:`BUILT_IN`. The same name from the same origin replaces the game (a notebook
    cell run again, a file loaded again); from another origin it is refused."""
    name = cls.name
    where = origin or BUILT_IN
    if where != BUILT_IN:  # a name a built-in game takes is refused before the built-ins load
        _discover_built_in()
    clash = name in _REGISTERED and _REGISTERED[name] is not cls
    if clash and (_ORIGINS[name] != where or where == BUILT_IN):
        if where == BUILT_IN:
            raise RuntimeError(f"two games are named {name!r}: {_REGISTERED[name]} and {cls}")
        raise InputError(
            f"game {name!r} from {where} clashes with the game {name!r} "
            f"{_shown(_ORIGINS[name])}: give one of them another name"
        )
    _REGISTERED[name] = cls
    _ORIGINS[name] = where
    _GENERATION[0] += 1
    return cls


def forget(where: str) -> tuple[str, ...]:
    """Unregister every game that came from ``where`` (a file or package whose import failed
    halfway, or is loaded again); the names forgotten. Built-in games are never forgotten."""
    if where == BUILT_IN:
        raise ValueError("the built-in games cannot be forgotten")
    names = tuple(name for name, origin in _ORIGINS.items() if origin == where)
    for name in names:
        del _ORIGINS[name]
        _REGISTERED.pop(name, None)
    if names:
        _GENERATION[0] += 1
    return names


def _shown(where: str) -> str:
    return "built into gamegraph" if where == BUILT_IN else f"from {where}"


def origin(name: str) -> str:
    """Where a registered game comes from: :data:`BUILT_IN`, a package, a file."""
    return _ORIGINS[get_game(name).name]


def generation() -> int:
    """Grows each time a game is registered (caches built from the games compare it)."""
    _discover()
    return _GENERATION[0]


@cache
def _discover_built_in() -> None:
    import gamegraph.games as package

    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            importlib.import_module(f"{package.__name__}.{module.name}")


_DISCOVERERS: list[Callable[[], None]] = []
"""What finds the games of other sources, called before every look-up
(:func:`gamegraph.games.sources.load_configured`, added by :mod:`gamegraph.games`)."""


def add_discoverer(discover: Callable[[], None]) -> None:
    """Call ``discover`` before every look-up (once per process is its own business)."""
    if discover not in _DISCOVERERS:
        _DISCOVERERS.append(discover)


def _discover() -> None:
    _discover_built_in()
    for discover in _DISCOVERERS:
        discover()


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
        f"unknown game {name!r}{hint}: choose from {', '.join(g.name for g in all_games())} "
        "(a game of your own: name its file with --games-from FILE.py)"
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
