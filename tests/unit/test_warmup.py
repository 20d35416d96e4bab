"""The install's warm-up (gamegraph/loader/warmup.py) compiles every numba kernel that the
main job's engines and CSV files call: afterwards a larger n of the default games compiles
nothing (numba compiles for argument types, which must not depend on n)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from numba import njit
from numba.core import event

from gamegraph.loader.plan import default_games
from gamegraph.loader.warmup import WARM_N, warm


class _Compiled(event.Listener):
    def __init__(self) -> None:
        self.functions: list[str] = []

    def on_start(self, ev: Any) -> None:
        self.functions.append(ev.data["dispatcher"].py_func.__qualname__)

    def on_end(self, ev: Any) -> None:
        pass


@contextmanager
def _compiled() -> Iterator[list[str]]:
    listener = _Compiled()
    with event.install_listener("numba:compile", listener):
        yield listener.functions


def test_the_warm_up_leaves_the_main_job_nothing_to_compile() -> None:
    for game in default_games():
        warm(game.name)
    with _compiled() as functions:
        for game in default_games():
            warm(game.name, WARM_N + 12)
    assert functions == []
    with _compiled() as functions:  # the listener does see a compilation
        njit(_plus_one)(1)
    assert functions == ["_plus_one"]


def _plus_one(x: int) -> int:
    return x + 1
