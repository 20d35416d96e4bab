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
def progress_bar(description: str, enabled: bool = True) -> Iterator[Callable[[int, int], None]]:
    """A rich progress bar on stderr; yields ``update(done, total)``. Silent when not a TTY."""
    if not enabled or not sys.stderr.isatty():
        yield lambda done, total: None
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
        task = bar.add_task(description, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update
