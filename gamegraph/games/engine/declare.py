"""A game defined by its move: the :class:`Definition` and the decorators that make one.

``gg.solitaire``, ``gg.choice_solitaire`` and ``gg.impartial`` check what they are given at
once (the function's signature, the name, the space, the parameters) and register the game
(:func:`gamegraph.games.registry.register`), so the command line, the Python API, the loader
and `verify` meet it as they meet a built-in game. A mistake in a definition is the user's:
:class:`DefinitionError`, one line that names the definition's file and line.

No numpy here: a definitions file is imported at start-up of every command.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import sys
import textwrap
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

from gamegraph.errors import InputError
from gamegraph.games.base import Param
from gamegraph.games.engine.definition import Definition, DefinitionError, Kind
from gamegraph.games.engine.spaces import MAX_N, Space, narrowed, space_of
from gamegraph.games.registry import BUILT_IN
from gamegraph.games.sources import loading_from, origin_being_loaded, shown_path

if TYPE_CHECKING:
    from gamegraph.games.factory import GameFactory

__all__ = [
    "Definition",
    "DefinitionError",
    "Kind",
    "choice_solitaire",
    "define",
    "impartial",
    "loading_from",
    "solitaire",
]

_RESERVED = frozenset(
    {"name", "title", "description", "params", "label", "move", "rule", "kind", "definition"}
    | {"position_space", "fill_successors", "position_count", "read_position", "node_columns"}
)
"""Attributes of every game class a parameter (a field of it) must not hide."""

_NAME = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")


class Declared(TypedDict, total=False):
    """What every kind of definition may declare besides its name (their defaults are
    :data:`_DEFAULTS`)."""

    space: str | Space
    title: str | None
    description: str | None
    params: tuple[Param, ...]
    where: Callable[..., bool] | None
    example: dict[str, Any] | None
    max_n: int | None
    queries: str | None


_DEFAULTS: dict[str, Any] = {
    "space": "partitions",
    "title": None,
    "description": None,
    "params": (),
    "where": None,
    "compiled": False,
    "example": None,
    "max_n": None,
    "queries": None,
}
"""Every keyword of a definition but ``name``, and its default."""

_DECLARED = Declared.__optional_keys__


def solitaire(
    *, name: str, compiled: bool = False, **declared: Unpack[Declared]
) -> Callable[[Callable[..., Any]], GameFactory]:
    """A functional solitaire: ``move(position, n, ...) -> position``, one move each.

    With ``compiled=True`` the move is numba-compilable and works on arrays:
    ``move(parts, n, out) -> length`` writes the new position's parts into ``out``."""
    given = {"name": name, "compiled": compiled, **declared}
    return _decorator("functional", _checked("gg.solitaire()", given, _DEFAULTS))


def choice_solitaire(
    *, name: str, **declared: Unpack[Declared]
) -> Callable[[Callable[..., Any]], GameFactory]:
    """A solitaire with choices: ``moves(position, n, ...) -> iterable of positions``."""
    given = {"name": name, **declared}
    return _decorator("choice", _checked("gg.choice_solitaire()", given, _DECLARED))


def impartial(
    *, name: str, **declared: Unpack[Declared]
) -> Callable[[Callable[..., Any]], GameFactory]:
    """An impartial two-player game, normal play: ``moves(position, n, ...)``, the options."""
    given = {"name": name, **declared}
    return _decorator("impartial", _checked("gg.impartial()", given, _DECLARED))


def define(fn: Callable[..., Any], *, kind: str, **declared: Any) -> GameFactory:
    """``gg.register``: the decorators as one call (``kind``: solitaire, choice, impartial)."""
    kinds: dict[str, Kind] = {
        "solitaire": "functional",
        "functional": "functional",
        "choice": "choice",
        "choice_solitaire": "choice",
        "impartial": "impartial",
    }
    if kind not in kinds:
        raise DefinitionError(
            f"kind={kind!r} is no kind of game: use solitaire, choice or impartial"
        )
    if "name" not in declared:
        raise DefinitionError("register() needs name=")
    return _decorator(kinds[kind], _checked("register()", declared, _DEFAULTS))(fn)


def _checked(caller: str, declared: dict[str, Any], takes: Iterable[str]) -> dict[str, Any]:
    """A definition's keywords, checked against what ``caller`` takes and completed with the
    :data:`_DEFAULTS` (a decorator's unknown keyword is met here only when mypy is not run)."""
    unknown = set(declared) - set(takes) - {"name"}
    if unknown:
        raise DefinitionError(f"{caller} takes no {', '.join(sorted(unknown))}")
    return _DEFAULTS | declared


def _decorator(kind: Kind, declared: dict[str, Any]) -> Callable[[Callable[..., Any]], GameFactory]:
    def decorate(fn: Callable[..., Any]) -> GameFactory:
        from gamegraph.games.engine.defined import game_class
        from gamegraph.games.factory import GameFactory
        from gamegraph.games.registry import register

        definition = _definition(kind, fn, declared)
        game = game_class(definition)
        register(game, origin=definition.origin)
        return GameFactory(game)

    return decorate


def _definition(kind: Kind, fn: Callable[..., Any], declared: dict[str, Any]) -> Definition:
    where = _where(fn)
    name = declared["name"]
    if not isinstance(name, str) or not _NAME.match(name):
        raise DefinitionError(
            f"{where}: name={name!r} is no game name: use lowercase letters, digits and "
            "single hyphens, starting with a letter ('my-variant')"
        )

    def fail(message: str) -> DefinitionError:
        return DefinitionError(f"game {name!r} ({where}): {message}")

    if not callable(fn):
        raise fail(f"the decorated object {fn!r} is not a function")
    try:
        space = narrowed(space_of(declared["space"]), declared["where"])
    except InputError as e:
        raise fail(str(e)) from None
    if space.kind == "reachable" and space.start is None:
        raise fail("gg.reachable needs start=")
    params = tuple(declared["params"] or ())
    names: set[str] = {"n"}
    for param in params:
        if not isinstance(param, Param):
            raise fail(f"params holds {param!r}, not a gg.Param(...)")
        if param.name in names or not param.name.isidentifier():
            raise fail(f"parameter name {param.name!r} is taken or no Python name")
        if param.name in _RESERVED:
            raise fail(f"parameter name {param.name!r} is taken by the game's own attributes")
        names.add(param.name)
    compiled = bool(declared["compiled"])
    if compiled and space.kind not in ("partitions", "compositions"):
        raise fail("compiled=True moves work on the partitions or compositions of n")
    if compiled and (params or space.where is not None):
        raise fail("a compiled move takes only n (no extra parameters, no where=)")
    _check_signature(fn, names, compiled, fail)
    if space.where is not None:
        _check_signature(space.where, names, False, fail, what="where")
    if space.factory is not None:  # called as factory(n=..., <the other parameters>=...)
        _check_signature(space.factory, names, False, fail, what="the space's factory", bare=True)
    limit = MAX_N[space.kind]
    max_n = declared["max_n"] if declared["max_n"] is not None else limit
    if isinstance(max_n, bool) or not isinstance(max_n, int) or not 0 <= max_n <= limit:
        raise fail(f"max_n={max_n!r} must be an integer in 0..{limit}")
    title = declared["title"] or name
    kinds = {"functional": "solitaire", "choice": "choice solitaire", "impartial": "game"}
    description = declared["description"] or (
        f"{title}: a defined {kinds[kind]} on {space.describe} ({where})."
    )
    example = dict(declared["example"] or {"n": 6 if space.kind != "reachable" else 4})
    queries = declared["queries"]
    if queries is not None:
        base = os.path.dirname(where.rsplit(":", 1)[0])
        queries = os.path.join(base, queries) if not os.path.isabs(queries) else queries
        if not os.path.isfile(queries):
            raise fail(f"queries={declared['queries']!r}: no such file beside the definition")
    return Definition(
        kind=kind,
        name=name,
        title=title,
        description=description,
        fn=fn,
        space=space,
        params=params,
        compiled=compiled,
        where=where,
        origin=origin_being_loaded() or _origin_of(fn),
        source=_source(fn, space) + repr(params) + kind + name,
        max_n=max_n,
        example=example,
        queries=queries,
    )


def _where(fn: Callable[..., Any]) -> str:
    code = getattr(fn, "__code__", None) or getattr(getattr(fn, "py_func", None), "__code__", None)
    if code is None:
        return "<unknown>"
    return f"{shown_path(code.co_filename)}:{code.co_firstlineno}"


def _origin_of(fn: Callable[..., Any]) -> str:
    module = getattr(fn, "__module__", None) or "__main__"
    if module.startswith("gamegraph.games."):
        return BUILT_IN  # a built-in game written as a definition (gamegraph.games.survey)
    if module == "__main__":
        return "defined in this session (__main__)"
    return f"module {module}"


def _source(fn: Callable[..., Any], space: Space) -> str:
    """The text a definition's version is hashed from: its module's file when there is one
    (the helpers a move calls change it too), else the functions' source or code; the code
    only (:func:`code_only`), so editing a docstring or a comment leaves its graphs current."""
    module = sys.modules.get(getattr(fn, "__module__", "") or "")
    path = getattr(module, "__file__", None)
    if path and os.path.isfile(path):
        with open(path, encoding="utf-8", errors="replace") as handle:
            return code_only(handle.read())
    parts = []
    for item in (fn, space.where, space.start):
        if item is None:
            continue
        try:
            parts.append(code_only(inspect.getsource(item)))  # type: ignore[arg-type]
        except (OSError, TypeError):
            code = getattr(item, "__code__", None)
            parts.append(repr(item) if code is None else code.co_code.hex() + repr(code.co_consts))
    return "\n".join(parts)


def code_only(source: str) -> str:
    """Python source as its syntax tree without docstrings (comments, blank lines and layout
    are not in the tree): what changes only when the code does. Text that does not parse
    (a lambda's line, say) is kept as it is."""
    try:
        tree = ast.parse(textwrap.dedent(source))
    except SyntaxError:
        return source
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def _check_signature(
    fn: Callable[..., Any],
    names: set[str],
    compiled: bool,
    fail: Callable[[str], DefinitionError],
    what: str = "the function",
    bare: bool = False,
) -> None:
    """Refuse ``fn`` if it cannot be called as the engine calls it: with a position (none
    if ``bare``) and the game's parameters ``names`` by keyword."""
    target = getattr(fn, "py_func", fn)
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        return
    first = [] if bare else [None]
    try:
        if compiled:
            signature.bind(None, 0, None)
        else:
            signature.bind(*first, **dict.fromkeys(names, 0))
    except TypeError as e:
        keywords = ", ".join(sorted(names, key=lambda s: (s != "n", s)))
        wanted = "(parts, n, out)" if compiled else f"({'' if bare else 'position, '}{keywords})"
        raise fail(
            f"{what} {getattr(target, '__name__', target)}{signature} cannot be called as "
            f"{getattr(target, '__name__', 'f')}{wanted}: {e}"
        ) from None
