"""gamegraph: game graphs of partition games, in memory and in Neo4j.

The Python API (docs/api.md)::

    import gamegraph as gg
    b = gg.bulgarian(60)                  # in memory, no database
    b.stats()
    db = gg.connect()                     # the local Neo4j (started if needed)
    db.load(gg.floridian, n=24)
    db.query("floridian_losing", n=24)
    gg.export(gg.bulgarian, n=[20, 40], out="import")   # neo4j-admin import files
    gg.report(60, "report")               # the research report (gamegraph report)

Every registered game is an attribute (``gg.floridian``, ``gg.lifting``, ...); see
:func:`registered_games`. Attributes load on first use, so ``import gamegraph`` stays fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamegraph.api import Database, GameFactory

__all__ = [
    "Database",
    "GameFactory",
    "connect",
    "export",
    "parse_graph_id",
    "registered_games",
    "report",
]


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    api = importlib.import_module("gamegraph.api")

    if name in ("Database", "GameFactory", "connect", "export"):
        return getattr(api, name)
    if name == "report":
        # the package gamegraph.report, callable as generate_report (see its docstring)
        return importlib.import_module("gamegraph.report")
    if name == "parse_graph_id":
        from gamegraph.games.registry import parse_graph_id

        return parse_graph_id
    factories = api.factories()
    if name in factories:
        return factories[name]
    raise AttributeError(f"module 'gamegraph' has no attribute {name!r}")


def registered_games() -> dict[str, GameFactory]:
    """Every registered game, by its Python name (``random_bulgarian`` for
    ``random-bulgarian``)."""
    from gamegraph.api import factories

    return factories()


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *registered_games()})
