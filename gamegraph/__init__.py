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

    @gg.solitaire(name="my-game", space="partitions")   # your own game (docs/games.md)
    def move(position, n): ...

Every registered game is an attribute (``gg.floridian``, ``gg.lifting``, ...); see
:func:`registered_games`. Attributes load on first use, so ``import gamegraph`` stays fast.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pathlib import Path

    from gamegraph.api import Database, GameFactory
    from gamegraph.reporting import Progress, Report

__all__ = [
    "Database",
    "GameFactory",
    "Param",
    "choice_solitaire",
    "compositions",
    "conjecture",
    "connect",
    "export",
    "impartial",
    "parse_graph_id",
    "partitions",
    "partitions_up_to",
    "reachable",
    "register",
    "registered_games",
    "report",
    "solitaire",
    "space",
    "sum",
    "table",
]


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    api = importlib.import_module("gamegraph.api")

    if name in ("Database", "GameFactory", "connect", "export"):
        return getattr(api, name)
    define = importlib.import_module("gamegraph.define")  # your own game (docs/games.md)
    if name in __all__ and name in define.__all__:
        return getattr(define, name)
    if name in ("table", "conjecture"):
        return getattr(importlib.import_module("gamegraph.questions"), name)
    if name == "Param":
        from gamegraph.games.base import Param

        return Param
    if name == "parse_graph_id":
        from gamegraph.games.registry import parse_graph_id

        return parse_graph_id
    factories = api.factories()
    if name in factories:
        return factories[name]
    raise AttributeError(f"module 'gamegraph' has no attribute {name!r}")


def report(
    n_max: int | None = None,
    out: str | Path = "report",
    *,
    cache: str | Path | None = "default",
    progress: Progress | None = None,
    command: str | None = None,
    note: str = "",
) -> Report:
    """Write the research report (``gamegraph report``) for n <= n_max (default
    :data:`gamegraph.reporting.DEFAULT_N_MAX`) into ``out``; see
    :func:`gamegraph.reporting.generate_report` for the arguments."""
    from gamegraph.reporting import DEFAULT_N_MAX, generate_report

    return generate_report(
        DEFAULT_N_MAX if n_max is None else n_max,
        out,
        cache=cache,
        progress=progress,
        command=command,
        note=note,
    )


def registered_games() -> dict[str, GameFactory]:
    """Every registered game, by its Python name (``random_bulgarian`` for
    ``random-bulgarian``)."""
    from gamegraph.api import factories

    return factories()


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *registered_games()})
