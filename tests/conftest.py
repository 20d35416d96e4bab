"""Fixtures shared by the unit and integration tests."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest
from cli_support import CliResult, gamegraph_cli

EXAMPLES = Path(__file__).parent.parent / "examples" / "gamegraph-examples"
"""The package of defined games the tests load through the entry-point group
gamegraph.games (`make install` installs it; the tests install it if it is missing)."""


def pytest_configure(config: pytest.Config) -> None:
    """Install examples/gamegraph-examples into this environment when it is not there, so
    that its games are registered (the contract tests run over them too)."""
    try:
        distribution("gamegraph-examples")
    except PackageNotFoundError:
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(EXAMPLES)],
            check=True,
        )
        import importlib

        sys.path.insert(0, str(EXAMPLES))  # the editable install's hook starts with Python
        importlib.invalidate_caches()


@pytest.fixture
def gamegraph() -> Callable[..., CliResult]:
    """``gamegraph("stats", "bulgarian", "--n", "10")``: the command line, in process."""
    return gamegraph_cli
