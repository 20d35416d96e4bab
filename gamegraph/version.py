"""The installed package's version, read once from its distribution's metadata (pyproject's
``version``): `gamegraph --version` and the report's header print it."""

from __future__ import annotations

from importlib import metadata

__all__ = ["version"]


def version() -> str:
    """The version of the installed ``gamegraph`` (``0`` when run from a folder that is not
    installed)."""
    try:
        return metadata.version("gamegraph")
    except metadata.PackageNotFoundError:
        return "0"
