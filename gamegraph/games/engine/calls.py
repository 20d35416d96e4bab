"""Calling a defined game's move: on every position of a shard, its results checked (a
position of the space, of this n, of the right type), flattened and ranked in one compiled
call, and a fixed share of positions asked twice. Whatever the move does wrong is a
:class:`~gamegraph.games.engine.definition.DefinitionError` naming the definition and position."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from itertools import chain
from typing import Any

import numpy as np

from gamegraph.core.spaces import PositionError, flat_rows
from gamegraph.core.spaces import Space as CoreSpace
from gamegraph.games.engine.definition import DefinitionError
from gamegraph.games.engine.positions import Positions
from gamegraph.games.engine.spaces import Position, Space
from gamegraph.games.engine.timeout import MoveTimeoutError, timed
from gamegraph.games.sources import shown_path

SAMPLE = 16
"""A fixed share of positions is asked twice and its results' types checked: every
SAMPLE-th of a shard (one in 16), and the FIRST ones of each shard all, so a move that
answers differently the second time is caught at every n, the smallest ones included."""
FIRST = 256


@dataclass(frozen=True)
class Call:
    """What a shard task needs to call a definition and report its mistakes (picklable)."""

    name: str
    where: str
    kind: str
    fn: Callable[..., Any]
    space: Space
    values: dict[str, Any]  #: the game's parameters, n included, as keyword arguments
    timeout: float | None = None  #: seconds a move may take (`--move-timeout`), None: any

    @property
    def n(self) -> int:
        return int(self.values["n"])

    @property
    def move(self) -> Callable[..., Any]:
        """The definition's function under the move's time limit (:mod:`.timeout`); a choice
        or impartial game's answers as a list."""
        move = timed(self.fn, self.name, self.timeout)
        return move if self.kind == "functional" else _listed(move)

    def fail(self, message: str) -> DefinitionError:
        return DefinitionError(f"game {self.name!r} ({self.where}): {message}")

    def shown(self, position: Position, fn: Callable[..., Any] | None = None) -> str:
        target = fn or self.fn
        name = getattr(target, "__name__", "move")
        args = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"{name}({position!r}, {args})"

    def raised(self, position: Position, error: BaseException, fn: Callable[..., Any]) -> None:
        if isinstance(error, MoveTimeoutError):
            raise error
        if isinstance(error, NotIterableError):
            raise self.fail(
                f"{self.shown(position, fn)} returned {_brief(error.result)}, which is not an "
                "iterable of positions"
            ) from None
        what = f"{type(error).__name__}: {error}{self._line(error)}"
        raise self.fail(f"{self.shown(position, fn)} raised {what}") from None

    def _line(self, error: BaseException) -> str:
        """`` at file.py:8``: the deepest frame of the definition's own file (the user's line,
        not a library's it called), else the deepest frame. On a Dask worker the definition
        came by value, its code's file named ``<dynamic-code>``: its module's ``__file__``
        (which cloudpickle keeps) names it, and a notebook's cell, which has none, is the
        file the definition's own place names."""
        frames = list(traceback.walk_tb(error.__traceback__))[1:]
        own = getattr(getattr(self.fn, "__code__", None), "co_filename", None)
        frames = [f for f in frames if f[0].f_code.co_filename == own] or frames
        if not frames:
            return ""
        frame, lineno = frames[-1]
        path = frame.f_code.co_filename
        if path.startswith("<"):
            path = frame.f_globals.get("__file__") or (
                self.where.rpartition(":")[0] if path == own else path
            )
        return f" at {shown_path(path)}:{lineno}"


def _apply(call: Call, fn: Callable[..., Any], positions: list[Position]) -> list[Any]:
    values = call.values
    try:
        return list(map(partial(fn, **values), positions))
    except MoveTimeoutError:
        raise
    except Exception:
        pass
    results = []
    for p in positions:
        try:
            results.append(fn(p, **values))
        except Exception as e:
            call.raised(p, e, fn)
    return results


def _keep(call: Call, positions: list[Position]) -> np.ndarray | None:
    where = call.space.where
    if where is None:
        return None
    answers = _apply(call, where, positions)
    for p, answer in zip(positions, answers, strict=True):
        if not isinstance(answer, bool | np.bool_):
            raise call.fail(f"{call.shown(p, where)} returned {answer!r}, not True or False")
    return np.fromiter(answers, dtype=bool, count=len(answers))


def _check_types(call: Call, position: Position, result: Any) -> None:
    """A returned position must be a tuple (or list) of integers."""
    if not isinstance(result, tuple | list | np.ndarray) or not all(
        isinstance(v, int | np.integer) and not isinstance(v, bool) for v in result
    ):
        raise call.fail(
            f"{call.shown(position)} returned {result!r}, which is not a position "
            "(a tuple of integers)"
        )


def flatten(
    call: Call, positions: list[Position], results: list[Any]
) -> tuple[np.ndarray, np.ndarray]:
    """The returned positions as flat int64 entries with offsets (bad types refused)."""
    try:
        return flat_rows(results)
    except (TypeError, ValueError, OverflowError):
        for p, r in zip(positions, results, strict=True):
            _check_types(call, p, r)
        raise call.fail("returned something that is not a tuple of integers") from None


def _bad_result(call: Call, position: Position, result: Any) -> DefinitionError:
    values = tuple(int(v) for v in result)
    what = {"functional": "returned", "choice": "gave the move to", "impartial": "gave the option"}
    return call.fail(
        f"{call.shown(position)} {what[call.kind]} {values!r}, which is not one of "
        f"{call.space.describe} (n = {call.n}): {_why(call, values)}"
    )


def _why(call: Call, values: tuple[int, ...]) -> str:
    """Why a returned position is no position of the declared space of n."""
    if call.space.kind == "space":
        space = call.space.of(**call.values)
        try:
            space.rank(space.decode(values))
        except (PositionError, TypeError, ValueError) as error:
            return str(error)
        return "it is no position of the space"
    total = sum(values)
    if min(values, default=1) < 1:
        return "it has a part below 1 (parts are positive; leave empty piles out)"
    if call.space.kind == "partitions-up-to":
        if total > call.n:
            return f"its parts add up to {total}, more than n = {call.n}"
    elif total != call.n:
        return f"its parts add up to {total}, not n = {call.n}"
    if call.space.ordered and list(values) != sorted(values, reverse=True):
        return "its parts are not in nonincreasing order, so it is no partition"
    return "it is no position of the space"


def _ranked(
    call: Call,
    space: CoreSpace[Any],
    origins: list[Position],
    results: list[Any],
) -> np.ndarray:
    """The ids in ``space`` of what the move returned (``results[i]`` from ``origins[i]``);
    the first result that is no position of the space is the definition's mistake."""
    rows = results if call.space.kind != "space" else _encoded(call, space, origins, results)
    flat, offsets = flatten(call, origins, rows)
    ids = space.rank_many(flat, offsets, strict=False)
    bad = np.flatnonzero(ids < 0)
    if bad.shape[0]:
        row = int(bad[0])
        raise _bad_result(call, origins[row], rows[row])
    return ids


def _encoded(
    call: Call, space: CoreSpace[Any], origins: list[Any], results: list[Any]
) -> list[tuple[int, ...]]:
    """The rows of the space's own positions the move returned (a tuple of hands, ...)."""
    rows = []
    for origin, result in zip(origins, results, strict=True):
        try:
            rows.append(space.encode(result))
        except (PositionError, TypeError, ValueError, IndexError) as error:
            raise call.fail(
                f"{call.shown(origin)} returned {_brief(result)}, which is not a position of "
                f"{call.space.describe}: {error}"
            ) from None
    return rows


def shard_moves(call: Call, space: CoreSpace[Any], lo: int, hi: int) -> tuple[Any, ...]:
    """One task: the moves of the positions lo..hi − 1 of the whole space of n (``space``,
    before ``where`` narrows it).

    Returns the kept mask (None when the space is not narrowed) and, for the kept
    positions, the id in ``space`` of their move (functional) or their moves' counts and
    ids (choice, impartial)."""
    positions: list[Any] = Positions(space).tuples(np.arange(lo, hi, dtype=np.int64))
    if call.space.kind == "space":  # the move is given the space's own positions
        positions = [space.decode(row) for row in positions]
    keep = _keep(call, positions)
    if keep is not None:
        positions = [p for p, k in zip(positions, keep.tolist(), strict=True) if k]
    if call.kind == "functional":
        results = _apply(call, call.move, positions)
        _sample(call, positions, results)
        return keep, _ranked(call, space, positions, results)
    lists = _apply(call, call.move, positions)
    _sample(call, positions, lists)
    counts = np.fromiter(map(len, lists), np.int64, len(lists))
    targets = list(chain.from_iterable(lists))
    owner = np.repeat(np.arange(len(positions)), counts)
    origin = [positions[i] for i in owner.tolist()]
    return keep, counts, _ranked(call, space, origin, targets)


class NotIterableError(TypeError):
    """What a choice or impartial game's function returned is no iterable of positions."""

    def __init__(self, result: Any) -> None:
        super().__init__(repr(result))
        self.result = result


def _listed(fn: Callable[..., Any]) -> Callable[..., list[Any]]:
    def moves(position: Position, **values: Any) -> list[Any]:
        result = fn(position, **values)
        if result is None or isinstance(result, str | bytes) or not isinstance(result, Iterable):
            raise NotIterableError(result)
        return list(result)

    moves.__name__ = getattr(fn, "__name__", "moves")
    return moves


def _sample(call: Call, positions: list[Position], results: list[Any]) -> None:
    """Ask every SAMPLE-th position again: the same answer, of the right types."""
    fn = call.move
    first_ones = range(min(FIRST, len(positions)))
    typed = call.space.kind != "space"  # a space's own positions are its to check
    for i in chain(first_ones, range(FIRST, len(positions), SAMPLE)):
        position = positions[i]
        first = results[i]
        if call.kind == "functional" and typed:
            _check_types(call, position, first)
        elif typed:
            for target in first:
                _check_types(call, position, target)
        try:
            again = fn(position, **call.values)
        except Exception as e:
            call.raised(position, e, fn)
        same = (
            tuple(again) == tuple(first)
            if call.kind == "functional"
            else sorted(map(tuple, again)) == sorted(map(tuple, first))
        )
        if not same:
            raise call.fail(
                f"{call.shown(position)} returned {_brief(first)} and then {_brief(again)}: "
                "a move must give the same result for the same position"
            )


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."
