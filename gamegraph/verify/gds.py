"""The games' components computed by Neo4j's Graph Data Science library (GDS) as well, and
compared with what the loader stored (issue 19): a check of the analysis by a computation
none of gamegraph's code performs.

A game offers this by shipping, in its package's ``gds.cypher``, named queries with
``_gds_`` in their names (`gamegraph query --list` shows them); each projects the loaded
graph into GDS under the graph's id, runs one GDS algorithm, drops the projection and
answers in one of two forms:

- a partition, one row per GDS component with its ``size`` and ``stored``, the distinct
  component ids the loader stored on its members (``cycle`` of a functional graph,
  ``core_scc`` of H_n's core, ``component`` of Q). GDS's partition equals the stored one,
  whatever the ids, exactly when every row holds one stored id and no stored id appears in
  two rows: then each stored class lies inside one GDS component and each GDS component
  inside one stored class. The check needs one row per component, not one per position
  (B_60 has 966,467 positions in 42 components). That alone holds for any projection, an
  empty one or one of part of the graph too, so the answer's figures must also equal the
  engine's, stored on the graph's :Graph record (``stat_*``, which `verify` compares with
  the engine apart): the query's ``expect`` header names them, ``nodes`` (the sizes' sum),
  ``components`` (the rows) or ``sizes`` (the sizes themselves) = a key of the summary.
- an acyclic graph (CRIM, Tchoukaillon; the query's name ends in ``_gds_acyclic``), one
  row: ``positions``, GDS's strongly connected ``components`` and the ``largest`` of them,
  and ``weak_components``. The graph is acyclic, as the analysis assumes, when there are as
  many components as positions, and connected when there is one weak component.

:func:`gds_checks` runs them on one loaded graph; :func:`checks_by_gds` asks whether the
server has GDS first, so that `verify` can say in one line that it has not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamegraph.db.gds import gds_version
from gamegraph.db.query_files import NamedQuery, named_queries
from gamegraph.db.runner import QueryRunner
from gamegraph.games.base import Game
from gamegraph.games.checks import Check, Comparison

__all__ = ["ACYCLIC", "GDS_MARK", "NO_GDS", "checks_by_gds", "gds_checks", "gds_queries"]

GDS_MARK = "_gds_"
"""What the name of a game's GDS query contains (``bulgarian_gds_components``)."""

ACYCLIC = "_gds_acyclic"
"""The name's ending of a query that answers in the acyclic form (see the module docstring)."""

NO_GDS = "GDS: this server has no Graph Data Science plugin; components not checked by GDS"
"""The line `verify` prints when the server has no GDS."""


def checks_by_gds(
    runner: QueryRunner, games: Sequence[Game[Any]], say: Callable[[str], None]
) -> bool:
    """Whether `verify` runs the GDS queries of these games: when one of them has any and
    the server has GDS; when it has not, ``say`` tells so in one line (:data:`NO_GDS`)."""
    if not any(gds_queries(game) for game in games):
        return False
    version = gds_version(runner)
    say(NO_GDS if version is None else f"GDS {version}: components checked by GDS as well")
    return version is not None


def gds_queries(game: Game[Any]) -> list[NamedQuery]:
    """The game's GDS queries (those of its graph with ``_gds_`` in their names), by name."""
    return sorted(
        (q for q in named_queries().values() if q.requires == game.name and GDS_MARK in q.name),
        key=lambda q: q.name,
    )


def gds_checks(
    runner: QueryRunner,
    game: Game[Any],
    say: Callable[[str], None],
    summary: Mapping[str, Any],
) -> list[Check]:
    """Run each GDS query of the loaded graph ``game`` names and compare its answer with the
    stored analysis and the ``summary`` of its :Graph record (see the module docstring); no
    check when the game ships none."""
    checks = []
    for query in gds_queries(game):
        say(f"{game.describe()}: {query.name} (GDS)")
        rows = runner.run(query.cypher, _params(game, query))
        check = acyclic_check if query.name.endswith(ACYCLIC) else partition_check
        checks.append(check(game.describe(), query.name, rows, query.expect, summary))
    return checks


def _params(game: Game[Any], query: NamedQuery) -> dict[str, Any]:
    """The query's parameters from the game's values, as Neo4j stores them."""
    return {p.name: game.param(p.name).stored(getattr(game, p.name)) for p in query.params}


def partition_check(
    graph: str,
    name: str,
    rows: Sequence[Mapping[str, Any]],
    expect: Sequence[tuple[str, str]],
    summary: Mapping[str, Any],
) -> Check:
    """GDS's components (one row each: ``size``, ``stored`` ids of its members) against the
    stored partition, as sets of sets whatever the ids, and their figures against the
    ``summary`` keys ``expect`` names (``(figure, key)`` pairs; see the module docstring)."""
    comparison = Comparison(graph, f"components by GDS ({name})")
    holders: dict[Any, int] = {}
    for row in rows:
        stored = list(row["stored"])
        where = f"GDS component of {row['size']} (first {row.get('first')})"
        if len(stored) != 1:
            comparison.problem(f"{where} holds stored ids {sorted(stored, key=str)}")
        for value in stored:
            holders[value] = holders.get(value, 0) + 1
    for value, count in sorted(holders.items(), key=lambda item: str(item[0])):
        if count > 1:
            comparison.problem(f"stored component {value!r} is split over {count} GDS components")
    sizes = sorted((int(row["size"]) for row in rows), reverse=True)
    found = {"nodes": sum(sizes), "components": len(sizes), "sizes": sizes}
    held = _figures(comparison, found, expect, summary)
    if not rows:  # Q below n = 16 (G_16 has the first 4-cycles), a core with no cycle
        return comparison.check(f"no nodes to project ({held})")
    return comparison.check(
        f"{sum(sizes):,} nodes in {len(rows):,} components ({held}): "
        "GDS's partition = the stored one"
    )


def _figures(
    comparison: Comparison,
    found: Mapping[str, Any],
    expect: Sequence[tuple[str, str]],
    summary: Mapping[str, Any],
) -> str:
    """Each figure of GDS's answer that ``expect`` names (``(figure, key)`` pairs) against
    that key of the engine's ``summary``; what they were compared with, for the detail.
    Without them a projection that matched nothing, or part of the graph, would pass."""
    if not expect:
        comparison.problem("its header expects no figure of the engine's (// expect:)")
    for figure, key in expect:
        engine = summary.get(key)
        if figure == "sizes" and isinstance(engine, list):
            engine = sorted(engine, reverse=True)
        if figure not in found:
            comparison.problem(f"expect: unknown figure {figure!r} ({', '.join(found)})")
        elif engine is None:
            comparison.problem(f"stat_{key}: not stored on the :Graph record")
        elif found[figure] != engine:
            comparison.problem(
                f"{figure}: GDS {_brief(found[figure])}, stat_{key} {_brief(engine)}"
            )
    return f"= the engine's {', '.join(f'stat_{key}' for _, key in expect)}"


def _brief(value: Any) -> str:
    """A figure for a message, a long list of sizes cut to its first ten."""
    if isinstance(value, list) and len(value) > 10:
        return f"{value[:10]} and {len(value) - 10:,} more"
    return repr(value)


def acyclic_check(
    graph: str,
    name: str,
    rows: Sequence[Mapping[str, Any]],
    expect: Sequence[tuple[str, str]],
    summary: Mapping[str, Any],
) -> Check:
    """GDS's strongly and weakly connected components of a graph the analysis takes to be
    acyclic and connected: one strongly connected component per position, one weak one,
    and as many positions as the engine's figure ``expect`` names."""
    comparison = Comparison(graph, f"acyclic and connected by GDS ({name})")
    if len(rows) != 1:
        comparison.problem(f"expected one row, GDS's query returned {len(rows)}")
        return comparison.check("")
    row = rows[0]
    positions, components = int(row["positions"]), int(row["components"])
    if components != positions:
        comparison.problem(
            f"{positions:,} positions in {components:,} strongly connected components (the "
            f"largest of {row['largest']}): a sequence of moves returns to a position"
        )
    if row["weak_components"] != 1:
        comparison.problem(f"{row['weak_components']} weak components, expected 1")
    held = _figures(comparison, {"positions": positions}, expect, summary)
    return comparison.check(
        f"{positions:,} positions ({held}), each its own strongly connected component, one "
        "weak component (GDS)"
    )
