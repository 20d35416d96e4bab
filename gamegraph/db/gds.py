"""The Graph Data Science library on a gamegraph connection (``gg.connect().gds``).

The local Neo4j loads OpenGDS unless ``GAMEGRAPH_NEO4J_GDS=false``; a Neo4j elsewhere may have
GDS or not. Everything here asks the server first (``gds.version()``), so what needs GDS fails
with one line saying so instead of an "Unknown function" from deep inside a call. The Python
client is the optional ``graphdatascience`` 2.x package (``pip install 'gamegraph[gds]'``).
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

from gamegraph.errors import DatabaseError, GraphNotLoadedError, InputError

if TYPE_CHECKING:
    from graphdatascience import GraphDataScience
    from graphdatascience.graph.graph_object import Graph

    from gamegraph.db.runner import Neo4jQueryRunner, QueryRunner

__all__ = ["GdsNotInstalled", "GdsUnavailable", "gds_client", "gds_version", "project_graph"]


class GdsUnavailable(DatabaseError):
    """The Neo4j answering has no Graph Data Science library."""


class GdsNotInstalled(InputError):
    """The Python client ``graphdatascience`` is not installed."""


_PROJECT = """
MATCH (a:GraphNode {graph: $graph})
OPTIONAL MATCH (a)-[r]->(b:GraphNode {graph: $graph})
WITH gds.graph.project($name, a, b, {relationshipType: type(r)}) AS g
RETURN g.graphName AS name, g.nodeCount AS nodes, g.relationshipCount AS relationships
"""


def gds_version(runner: QueryRunner) -> str | None:
    """What ``gds.version()`` answers on this server, or None when GDS is not loaded there."""
    try:
        rows = runner.run("RETURN gds.version() AS version")
    except DatabaseError as e:
        if "gds.version" in str(e) or "Unknown function" in str(e):
            return None
        raise
    return str(rows[0]["version"]) if rows else None


def require_gds(runner: QueryRunner, where: str) -> str:
    """GDS's version on this server, or `GdsUnavailable` with what to do."""
    version = gds_version(runner)
    if version is None:
        raise GdsUnavailable(
            f"{where} has no Graph Data Science library (gds.version() is unknown there): use "
            "the local Neo4j, which loads GDS unless GAMEGRAPH_NEO4J_GDS=false, or install "
            "GDS 2.x on that server"
        )
    return version


def gds_client(runner: Neo4jQueryRunner, where: str = "this Neo4j") -> GraphDataScience:
    """A ``graphdatascience`` client on the runner's driver and database (no second
    connection; closing the client leaves the driver open)."""
    try:
        from graphdatascience import GraphDataScience
    except ImportError:
        raise GdsNotInstalled(
            "the Graph Data Science client is not installed: pip install 'gamegraph[gds]'"
        ) from None
    require_gds(runner, where)
    with warnings.catch_warnings():
        # Arrow is off (OpenGDS serves no Arrow endpoint); the client warns about that
        warnings.simplefilter("ignore")
        return GraphDataScience(runner.driver, database=runner.database, arrow=False)


def project_graph(
    client: GraphDataScience, runner: Neo4jQueryRunner, graph_id: str, name: str | None = None
) -> Graph:
    """Project the loaded graph `graph_id` (every node of it and the relationships between
    them, with their types) into GDS's catalog under `name` (default: the graph id). The caller
    drops it (``graph.drop()``) when done; an existing projection of that name is replaced."""
    from gamegraph.db.catalog import list_graphs
    from gamegraph.games.registry import parse_graph_id

    game = parse_graph_id(graph_id)  # InputError for an id of no game
    if graph_id not in {record.id for record in list_graphs(runner)}:
        raise GraphNotLoadedError(f"{game.describe()} is not loaded", game.load_command())
    name = name or graph_id
    runner.run("CALL gds.graph.drop($name, false) YIELD graphName RETURN graphName", {"name": name})
    rows: list[dict[str, Any]] = runner.run(_PROJECT, {"graph": graph_id, "name": name})
    if not rows:
        raise DatabaseError(f"GDS projected nothing for {graph_id!r}")
    return client.graph.get(name)
