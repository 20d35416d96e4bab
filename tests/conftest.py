"""Fixtures shared by the unit and integration tests."""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest
from cli_support import CliResult, gamegraph_cli

EXAMPLES = Path(__file__).parent.parent / "examples" / "gamegraph-examples"
"""The package of defined games the tests load through the entry-point group
gamegraph.games (`make install` and `.ci/run` install it)."""


def pytest_configure(config: pytest.Config) -> None:
    """Stop at once, in one line, when examples/gamegraph-examples is not installed (its
    games are registered through their entry points; the contract tests run over them too).

    The tests never install anything into the environment they run in: an editable install
    made from a checkout that is later deleted would leave that environment's entry point
    pointing at a missing folder (issue 33). `make test` installs it first."""
    try:
        distribution("gamegraph-examples")
    except PackageNotFoundError:
        pytest.exit(
            "error: the package gamegraph-examples is not installed in this environment; "
            f"run the tests with `make test`, which installs it from {EXAMPLES}",
            returncode=4,
        )


@pytest.fixture
def gamegraph() -> Callable[..., CliResult]:
    """``gamegraph("stats", "bulgarian", "--n", "10")``: the command line, in process."""
    return gamegraph_cli
