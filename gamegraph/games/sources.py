"""Where defined games come from: installed packages, files, and the session itself.

- a package that declares modules under the entry-point group ``gamegraph.games`` (the
  plugin convention of pytest and Gymnasium): each entry point's module is imported, and
  the definitions in it register themselves::

      [project.entry-points."gamegraph.games"]
      my_games = "my_package.games"

- files named by ``GAMEGRAPH_GAMES_FROM`` (a path list, ``:``-separated) or by the command
  line's ``--games-from FILE.py`` (any command);
- a decorator called in a notebook or a script (nothing to load).

Each is loaded once per process. A file that fails (a syntax error, an exception, a bad
definition) is reported as one :class:`GameSourceError` naming the file and line, and none of
its games stays registered: the user named it. An installed package that fails costs one
warning naming it and its error (:func:`package_warnings`), and every other game still works:
one broken package (an editable install whose folder was deleted, say) never breaks the tool.
"""

from __future__ import annotations

import contextvars
import hashlib
import importlib.util
import logging
import os
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

from gamegraph.errors import InputError
from gamegraph.games import registry

__all__ = [
    "DEFER_ERRORS",
    "ENTRY_POINT_GROUP",
    "ENV_VAR",
    "GameSourceError",
    "defined_modules",
    "load_configured",
    "load_file",
    "load_files",
    "loading_from",
    "origin_being_loaded",
    "package_warnings",
    "raise_pending",
    "shown_path",
]


class GameSourceError(InputError):
    """A source of games that failed: a file or a package whose definitions do not load
    (the user's mistake, exit code 2; none of its games stays registered)."""


ENTRY_POINT_GROUP = "gamegraph.games"
ENV_VAR = "GAMEGRAPH_GAMES_FROM"

_ORIGIN: contextvars.ContextVar[str | None] = contextvars.ContextVar("origin", default=None)
_LOADED_FILES: dict[Path, ModuleType] = {}
_LOADED_CONFIG: set[str] = set()
_LOADING = [False]
DEFER_ERRORS = [False]
"""Set by the command line: a configured source that fails while the commands are being
built (at import) is kept and raised by :func:`raise_pending` inside the command's error
handling, so it prints one line instead of a traceback."""
_PENDING: list[InputError] = []
_PACKAGE_WARNINGS: list[str] = []
_LOG = logging.getLogger(__name__)


def package_warnings() -> list[str]:
    """The warnings of installed packages whose games failed to load, each once: the command
    line prints them as ``warning:`` lines (the packages load before its handler is set)."""
    found = list(_PACKAGE_WARNINGS)
    _PACKAGE_WARNINGS.clear()
    return found


def raise_pending() -> None:
    """Raise the error a configured source failed with while errors were deferred."""
    if _PENDING:
        raise _PENDING.pop()


@contextmanager
def loading_from(origin: str) -> Iterator[None]:
    """Games registered inside this block come from ``origin`` (a file, a package)."""
    token = _ORIGIN.set(origin)
    try:
        yield
    finally:
        _ORIGIN.reset(token)


def origin_being_loaded() -> str | None:
    """The origin of the file or package being loaded now (None: none is)."""
    return _ORIGIN.get()


def defined_modules() -> list[ModuleType]:
    """The modules loaded from definition files (pickled by value for Dask workers)."""
    return list(_LOADED_FILES.values())


def load_configured() -> None:
    """Load the entry points' modules and the files of ``GAMEGRAPH_GAMES_FROM`` (once)."""
    if _LOADING[0]:
        return
    _LOADING[0] = True
    try:
        if "entry points" not in _LOADED_CONFIG:
            _LOADED_CONFIG.add("entry points")
            _load_entry_points()
        paths = os.environ.get(ENV_VAR, "")
        if paths and paths not in _LOADED_CONFIG:
            _LOADED_CONFIG.add(paths)
            load_files([p for p in paths.split(os.pathsep) if p.strip()], what=ENV_VAR)
    except InputError as e:
        if not DEFER_ERRORS[0]:
            raise
        _PENDING.append(e)
    finally:
        _LOADING[0] = False


def load_files(paths: list[str], what: str = "--games-from") -> None:
    """Load every definitions file of ``paths`` (each once)."""
    for path in paths:
        load_file(path, what=what)


def load_file(path: str | Path, what: str = "--games-from") -> ModuleType:
    """Import one definitions file; its decorated functions register their games."""
    resolved = Path(path).expanduser().resolve()
    if resolved in _LOADED_FILES:
        return _LOADED_FILES[resolved]
    if not resolved.is_file():
        raise InputError(f"{what} {str(path)!r}: no such file")
    if resolved.suffix != ".py":
        raise InputError(f"{what} {str(path)!r} is not a Python file (.py)")
    digest = hashlib.sha256(str(resolved).encode()).hexdigest()[:8]
    name = f"gamegraph_defined_{resolved.stem.replace('-', '_')}_{digest}"
    spec = importlib.util.spec_from_file_location(name, resolved)
    if spec is None or spec.loader is None:
        raise InputError(f"{what} {str(path)!r} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    shown = shown_path(resolved)
    origin = f"file {shown}"
    try:
        with loading_from(origin):
            spec.loader.exec_module(module)
    except BaseException as e:
        sys.modules.pop(name, None)
        registry.forget(origin)
        if isinstance(e, GameSourceError | KeyboardInterrupt | SystemExit):
            raise
        if isinstance(e, InputError):  # a clash of names: the line of the definition
            raise GameSourceError(f"{_line(shown, resolved, e)}: {e}") from None
        raise GameSourceError(_failure(shown, resolved, e)) from None
    _LOADED_FILES[resolved] = module
    return module


def _load_entry_points() -> None:
    from importlib.metadata import entry_points

    for entry in entry_points(group=ENTRY_POINT_GROUP):
        dist = getattr(entry, "dist", None)
        package = f"{dist.name} {dist.version}" if dist is not None else entry.module
        origin = f"package {package} ({entry.value})"
        try:
            with loading_from(origin):
                entry.load()
        except Exception as e:
            registry.forget(origin)
            reason = str(e) if isinstance(e, InputError) else f"{type(e).__name__}: {e}"
            name = dist.name if dist is not None else entry.module
            _warn_package(
                f"the games of {origin} failed to load and are left out ({reason}); "
                f"reinstall or uninstall {name}"
            )


def _warn_package(message: str) -> None:
    """One warning for a package that failed: kept for the command line, logged otherwise."""
    if DEFER_ERRORS[0]:
        _PACKAGE_WARNINGS.append(message)
    else:
        _LOG.warning("%s", message)


def shown_path(path: str | Path) -> str:
    """A file's path as messages show it: relative to the working directory when it is
    below it, else as given."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if relative.startswith("..") else relative


def _failure(shown: str, path: Path, error: BaseException) -> str:
    """One line for a definitions file that failed to import: where, and what."""
    if isinstance(error, SyntaxError):
        return f"{shown}:{error.lineno}: syntax error: {error.msg}"
    where = _line(shown, path, error)
    return f"{where}: loading the definitions failed: {type(error).__name__}: {error}"


def _line(shown: str, path: Path, error: BaseException) -> str:
    """``file:line`` of the last frame of the definitions file in the error's traceback."""
    line = None
    for frame in traceback.extract_tb(error.__traceback__):
        if Path(frame.filename).resolve() == path:
            line = frame.lineno
    return f"{shown}:{line}" if line else shown
