"""A package's names imported on first use (PEP 562): the module ``__getattr__`` of
:mod:`gamegraph.db` and :mod:`gamegraph.server`, written once, so that importing a package
imports none of its modules until a name of it is used (`gamegraph --help` stays fast)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package`` that imports ``name`` from the module
    ``package.<where[name]>`` when it is first asked for; any other name is an
    AttributeError, as for a module without it."""

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{where[name]}"), name)

    return __getattr__
