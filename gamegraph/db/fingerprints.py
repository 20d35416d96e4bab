"""A stored graph's content fingerprint as Neo4j computes it (named queries
``graph_fingerprint`` and ``graph_fingerprint_all``), in the form of the engine's
(:mod:`gamegraph.games.fingerprint`): what a load checks before it marks a graph complete
and what `verify` checks again."""

from __future__ import annotations

from gamegraph.db.query_files import cypher
from gamegraph.db.runner import QueryRunner
from gamegraph.games.fingerprint import FINGERPRINT_PARAMS, fingerprint_text

__all__ = ["read_all_fingerprints", "read_fingerprint"]


def read_fingerprint(runner: QueryRunner, graph_id: str) -> str:
    """The content fingerprint of one graph as Neo4j holds it (named query
    ``graph_fingerprint``, one pass over its nodes and relationships)."""
    row = runner.run(cypher("graph_fingerprint"), {"graph": graph_id, **FINGERPRINT_PARAMS})[0]
    by_type = {str(kind): (x, y) for kind, x, y in row["by_type"]}
    return fingerprint_text(int(row["nodes"]), (row["node_x"] or 0, row["node_y"] or 0), by_type)


def read_all_fingerprints(runner: QueryRunner) -> dict[str, str]:
    """:func:`read_fingerprint` of every graph of the store in one pass that needs no index."""
    row = runner.run(cypher("graph_fingerprint_all"), FINGERPRINT_PARAMS)[0]
    by_type: dict[str, dict[str, tuple[int, int]]] = {}
    for graph, kind, x, y in row["by_type"]:
        by_type.setdefault(str(graph), {})[str(kind)] = (x, y)
    return {
        str(graph): fingerprint_text(int(nodes), (x or 0, y or 0), by_type.get(str(graph), {}))
        for graph, nodes, x, y in row["nodes"]
    }
