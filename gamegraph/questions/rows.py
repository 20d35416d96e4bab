"""One row of a table: a game at one n (and parameter values) built in memory, its columns
read off the built graph. The work of one Dask task (:func:`compute_row`), and the on-disk
cache of finished rows (:class:`RowCache`).

A column is one of the game's ``stats`` keys, or a user's function of the built graph named
``module:function`` or ``path/to/file.py:function`` (:func:`resolve_column`). Tasks carry only
names and texts, never a function or a game class, so that they pickle to any worker: the
worker imports the column's module and loads the files the game was defined in
(:func:`gamegraph.games.sources.load_files`) itself.

A row is cached under a key made of the game's name, its parameter values, n and the game's
:meth:`~gamegraph.games.base.Game.engine_version` (a defined game's includes the hash of its
move's source): editing the move, or the engine, recomputes it. A user column's value is
cached beside the stats under its name and the hash of its module's file.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import json
import numbers
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamegraph.errors import InputError

__all__ = [
    "Column",
    "RowCache",
    "RowError",
    "RowSpec",
    "call_column",
    "compute_row",
    "resolve_column",
]


class RowError(InputError):
    """A column (or the build) failed at one n: one ``error:`` line naming both."""


@dataclass(frozen=True)
class Column:
    """A column of a table: a stats key (``ref`` empty) or a user's function ``ref``."""

    name: str
    ref: str = ""

    @property
    def user(self) -> bool:
        return bool(self.ref)

    def cache_key(self) -> str:
        """Where the value is kept in a cached row (a user column: with its code's hash)."""
        return self.name if not self.ref else f"user:{self.ref}:{_file_hash(self.ref)}"


@dataclass(frozen=True)
class RowSpec:
    """Everything a worker needs to compute one row, as plain data."""

    game: str  #: the registered game's name
    values: tuple[tuple[str, Any], ...]  #: every parameter (n included), by name
    columns: tuple[Column, ...]
    sources: tuple[str, ...] = ()  #: definition files the game (or a column) comes from
    force: bool = False

    @property
    def n(self) -> int:
        return int(dict(self.values)["n"])

    def where(self) -> str:
        others = ", ".join(f"{k}={v}" for k, v in self.values if k != "n")
        return f"n={self.n}" + (f" ({others})" if others else "")


# --------------------------------------------------------------------------- user columns


def _split(ref: str) -> tuple[str, str]:
    module, sep, name = ref.rpartition(":")
    if not sep or not module or not name.isidentifier():
        raise InputError(
            f"--column {ref!r}: write a user column as module:function or file.py:function"
        )
    return module, name


def _module_file(module: str) -> Path | None:
    if module.endswith(".py"):
        return Path(module).expanduser().resolve()
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    return Path(spec.origin) if spec is not None and spec.origin else None


def _file_hash(ref: str) -> str:
    path = _module_file(_split(ref)[0])
    if path is None or not path.is_file():
        return "none"
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def resolve_column(ref: str) -> Callable[..., Any]:
    """The function a ``--column`` names (imported; InputError naming the column if not)."""
    module, name = _split(ref)
    try:
        if module.endswith(".py"):
            from gamegraph.games.sources import load_file

            loaded = load_file(module, what="--column")
        else:
            if os.getcwd() not in sys.path:
                sys.path.insert(0, os.getcwd())
            loaded = importlib.import_module(module)
    except InputError:
        raise
    except Exception as e:
        raise InputError(
            f"column {ref!r}: cannot import {module}: {type(e).__name__}: {e}"
        ) from None
    fn = getattr(loaded, name, None)
    if not callable(fn):
        raise InputError(f"column {ref!r}: {module} has no function {name}")
    return fn  # type: ignore[no-any-return]


def call_column(fn: Callable[..., Any], graph: Any, n: int) -> Any:
    """``fn(graph, n=n)`` when ``fn`` takes an ``n``, else ``fn(graph)`` (a user column or a
    conjecture)."""
    try:
        wants_n = "n" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        wants_n = False
    return fn(graph, n=n) if wants_n else fn(graph)


def _plain(value: Any) -> Any:
    """A JSON value (numpy scalars and arrays, tuples, fractions made plain)."""
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, numbers.Number):
        return str(value)  # a fraction, a decimal, as its text
    raise TypeError(
        f"it returned {type(value).__name__} {value!r:.60}: a column's value is a number, "
        "a string, or a list or dict of them"
    )


# --------------------------------------------------------------------------- the task


def compute_row(spec: RowSpec) -> dict[str, Any]:
    """Build the game at spec's parameters and read every column (the work of one task).

    Returns ``{cache_key: value}`` for the stats and the user columns. A user column that
    raises becomes a :class:`RowError` naming the column and n."""
    from gamegraph.games.registry import get_game
    from gamegraph.games.sources import load_files

    load_files(list(spec.sources))
    game = get_game(spec.game).create(**dict(spec.values))
    built = game.build(force=spec.force)
    values: dict[str, Any] = {k: _plain(v) for k, v in game.stats(built).items()}
    for column in spec.columns:
        if not column.user:
            continue
        fn = resolve_column(column.ref)
        try:
            values[column.cache_key()] = _plain(call_column(fn, built, spec.n))
        except Exception as e:
            raise RowError(
                f"column {column.name} ({column.ref}) raised {type(e).__name__} at "
                f"{spec.game} {spec.where()}: {e}"
            ) from None
    return values


def guarded_row(spec: RowSpec) -> tuple[str, Any]:
    """:func:`compute_row` that returns its error instead of raising it (so a Dask worker
    hands back one line, not a remote traceback)."""
    try:
        return "ok", compute_row(spec)
    except InputError as e:
        return "error", str(e)


# --------------------------------------------------------------------------- the cache


class RowCache:
    """Finished rows as JSON files, one per (game, parameters, n, engine version)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder

    @staticmethod
    def key(game: str, values: Sequence[tuple[str, Any]], version: str) -> str:
        text = json.dumps([game, [[k, str(v)] for k, v in values], version])
        return hashlib.sha256(text.encode()).hexdigest()[:24]

    def _path(self, key: str) -> Path | None:
        return None if self.folder is None else self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        path = self._path(key)
        if path is None or not path.exists():
            return None
        try:
            data: dict[str, Any] = json.loads(path.read_text("utf-8"))["values"]
        except (OSError, ValueError, KeyError):
            return None  # a torn write: computed again
        return data

    def put(self, key: str, values: Mapping[str, Any], about: Mapping[str, Any]) -> None:
        path = self._path(key)
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        old = self.get(key) or {}
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(
            json.dumps({"about": dict(about), "values": old | dict(values)}), "utf-8"
        )
        temporary.replace(path)
