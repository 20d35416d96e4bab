"""Shared output helpers for the CLI: JSON, summaries, progress bars, notes on stderr."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from typing import Any

import typer

from gamegraph.progress import Progress

__all__ = ["format_value", "note", "print_json", "progress_bar", "summary_lines"]


def note(message: str) -> None:
    """A line for the user on stderr (progress of a long step, a server starting)."""
    typer.echo(message, err=True)


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, sort_keys=False, default=_json_default))


def _json_default(value: Any) -> Any:
    if hasattr(value, "tolist"):
        return value.tolist()
    if hasattr(value, "numerator") and hasattr(value, "denominator"):
        return str(value)
    raise TypeError(f"not JSON serializable: {type(value).__name__}")


def summary_lines(title: str, data: dict[str, Any], seconds: float) -> None:
    """Aligned ``key  value`` lines under a title."""
    typer.secho(title, bold=True)
    width = max((len(key) for key in data), default=0)
    for key, value in data.items():
        typer.echo(f"  {key.replace('_', ' '):<{width}}  {format_value(value)}")
    typer.echo(f"computed in {seconds:.2f} s")


SHOWN = 40
"""Items of a list or dict a readable summary shows (--json prints them all)."""


def format_value(value: object, grouped: bool = True) -> str:
    """A value of a summary line; an int in a list or dict is written without thousands
    separators, which the list's commas would make ambiguous (50000000, 16666667)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}" if grouped else str(value)
    if isinstance(value, dict | list):
        items = [
            f"{k}: {format_value(v, False)}" if isinstance(value, dict) else format_value(v, False)
            for k, v in (value.items() if isinstance(value, dict) else enumerate(value))
        ]
        if len(items) > SHOWN:  # T_n's board at n = 10^8 has 17,724 holes
            items = [*items[: SHOWN - 5], "...", *items[-5:], f"({len(value):,} in all; --json)"]
        return ", ".join(items) or "-"
    return str(value)


@contextlib.contextmanager
def progress_bar(description: str, enabled: bool = True) -> Iterator[Progress]:
    """A rich progress bar on stderr; yields the :class:`~gamegraph.progress.Progress` to
    hand to the API (``progress(stage, done, total)``).

    Each new ``stage`` starts a new bar line (an empty stage: ``description``'s), so finished
    stages stay visible. Silent when stderr is not a terminal (CI logs, pipes).
    """
    if not enabled or not sys.stderr.isatty():
        yield lambda stage, done, total: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskID,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=False,
    ) as bar:
        tasks: dict[str, TaskID] = {}

        def update(stage: str, done: int, total: int) -> None:
            name = stage or description
            if name not in tasks:
                tasks[name] = bar.add_task(name, total=None)
            bar.update(tasks[name], completed=done, total=total)

        yield update
