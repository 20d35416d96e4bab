"""The one progress type of every layer: :class:`Progress`, ``progress(stage, done, total)``.

A long computation (a build, a Dask run, a load, an export, the report) reports through it:
``done`` of ``total`` units of the stage named ``stage`` are finished. It lives at the bottom
of the layers (beside :mod:`gamegraph.errors`) so that every layer can name it.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["Progress"]


class Progress(Protocol):
    """``progress(stage, done, total)``: ``done`` of ``total`` units of ``stage`` finished."""

    def __call__(self, stage: str, done: int, total: int, /) -> None: ...
