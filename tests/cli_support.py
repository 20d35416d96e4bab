"""Running the command line in-process in tests (imported as `cli_support`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from typer.testing import CliRunner

from gamegraph.cli import run

__all__ = ["CliResult", "gamegraph_cli"]


@dataclass(frozen=True)
class CliResult:
    """What one in-process run of the command line did."""

    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


def gamegraph_cli(*args: str, env: Mapping[str, str | None] | None = None) -> CliResult:
    """Run `gamegraph ARGS` in this process, exactly as the console script does (errors
    become one ``error:`` line and an exit code), capturing stdout and stderr."""
    runner = CliRunner()
    with runner.isolation(env=dict(env or {})) as (stdout, stderr, _):
        code = run(list(args))
        return CliResult(code, stdout.getvalue().decode(), stderr.getvalue().decode())
