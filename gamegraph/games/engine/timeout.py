"""A time limit per move of a defined game (`--move-timeout SECONDS` of `stats` and `load`).

A defined game's move is the user's own code: one that never returns would hang the build
silently. With a limit set (:func:`configure`), each call of the move is timed
(:func:`timed`): on the main thread of the process a SIGALRM interrupts it once the limit has
passed; elsewhere (a Dask worker's thread, where no signal can reach the move) the time is
checked after the move returns. Either way the build stops with :class:`MoveTimeoutError`,
one line: ``move of <game> on <position> took longer than N s``.
"""

from __future__ import annotations

import functools
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

from gamegraph.errors import InputError
from gamegraph.games.engine.definition import DefinitionError

__all__ = ["MoveTimeoutError", "configure", "limit", "timed"]

_LIMIT: float | None = None


class MoveTimeoutError(DefinitionError):
    """A defined game's move took longer than the limit (the user's mistake, exit code 2)."""

    def __init__(self, game: str, position: Any, seconds: float) -> None:
        super().__init__(f"move of {game} on {position!r} took longer than {seconds:g} s")
        self.game, self.position, self.seconds = game, position, seconds

    def __reduce__(self) -> tuple[Any, ...]:
        # raised in a Dask worker, it travels back pickled
        return (MoveTimeoutError, (self.game, self.position, self.seconds))


class _Alarm(BaseException):
    """Raised into the move by the SIGALRM handler (no ``except Exception`` of the move's
    own code swallows it)."""


def configure(seconds: float | None) -> None:
    """Set the limit of every move built from now on in this process (None: no limit)."""
    global _LIMIT
    if seconds is not None and not seconds > 0:
        raise InputError(f"--move-timeout must be a positive number of seconds, not {seconds:g}")
    _LIMIT = seconds


def limit() -> float | None:
    """The limit in force (:func:`configure`'s)."""
    return _LIMIT


def timed(fn: Callable[..., Any], game: str, seconds: float | None) -> Callable[..., Any]:
    """``fn`` (a move: ``fn(position, **values)``) under a limit of ``seconds``; ``fn``
    itself when there is none."""
    if seconds is None:
        return fn

    @functools.wraps(fn)
    def move(position: Any, **values: Any) -> Any:
        if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
            return _interrupted(fn, game, seconds, position, values)
        started = time.monotonic()
        result = fn(position, **values)
        if time.monotonic() - started > seconds:
            raise MoveTimeoutError(game, position, seconds)
        return result

    return move


def _interrupted(
    fn: Callable[..., Any], game: str, seconds: float, position: Any, values: dict[str, Any]
) -> Any:
    """Call the move with an alarm set to interrupt it after ``seconds``."""
    armed = [True]

    def ring(signum: int, frame: Any) -> None:
        if armed[0]:  # not once the move has returned (an alarm of the last instant)
            raise _Alarm

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        result = fn(position, **values)
        armed[0] = False
        return result
    except _Alarm:
        raise MoveTimeoutError(game, position, seconds) from None
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
