"""Fixtures shared by the unit and integration tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cli_support import CliResult, gamegraph_cli


@pytest.fixture
def gamegraph() -> Callable[..., CliResult]:
    """``gamegraph("stats", "bulgarian", "--n", "10")``: the command line, in process."""
    return gamegraph_cli
