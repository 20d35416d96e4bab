"""Shared output helpers for the CLI: errors, JSON, progress bars."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

import typer
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

from gamegraph.games.limits import TooLargeError
from gamegraph.games.partitions import PartitionError

stderr = Console(stderr=True)


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``error: message`` on stderr; raise the returned Exit."""
    typer.secho(f"error: {message}", err=True, fg=typer.colors.RED)
    return typer.Exit(code=code)


@contextlib.contextmanager
def input_errors() -> Iterator[None]:
    """Bad input (an invalid partition, a too-large n) becomes a message and exit code 2."""
    try:
        yield
    except (PartitionError, TooLargeError) as e:
        raise fail(str(e), code=2) from e
    except ValueError as e:
        raise fail(str(e), code=2) from e


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, sort_keys=False, default=_json_default))


def _json_default(value: Any) -> Any:
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"not JSON serializable: {type(value).__name__}")


@contextlib.contextmanager
def progress_bar(description: str, enabled: bool = True) -> Iterator[Callable[..., None]]:
    """A rich progress bar on stderr; yields ``update(done, total, stage=None)``.

    Each new ``stage`` starts a new bar line, so finished stages stay visible. Silent when
    stderr is not a terminal (CI logs, pipes).
    """
    if not enabled or not sys.stderr.isatty():
        yield lambda done, total, stage=None: None
        return
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=stderr,
        transient=False,
    ) as bar:
        tasks: dict[str, TaskID] = {}

        def update(done: int, total: int, stage: str | None = None) -> None:
            name = stage or description
            if name not in tasks:
                tasks[name] = bar.add_task(name, total=None)
            bar.update(tasks[name], completed=done, total=total)

        yield update
