"""What a load reads back from Neo4j before it records a graph as complete: the counts (nodes,
and relationships by type) and the content fingerprint (:mod:`gamegraph.games.fingerprint`),
each compared with the engine's; IncompleteLoadError says in words what differs. Shared by
the online route (one graph) and the bulk route (every graph of a new store in one pass)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamegraph.db.fingerprints import read_all_fingerprints, read_fingerprint
from gamegraph.db.query_files import cypher
from gamegraph.db.runner import QueryRunner
from gamegraph.errors import IncompleteLoadError
from gamegraph.games.base import Game
from gamegraph.games.model import identifier

__all__ = [
    "checked_fingerprint",
    "read_all_counts",
    "read_all_fingerprints",
    "read_counts",
    "read_fingerprint",
    "read_imported_counts",
    "relationship_count_statement",
]


def read_counts(runner: QueryRunner, game: Game[Any], expected: dict[str, int]) -> dict[str, int]:
    """The graph's nodes and relationships by type read back from Neo4j; IncompleteLoadError
    unless they are exactly ``expected`` (its message says what differs, in words)."""
    row = runner.run(cypher("graph_count"), {"graph": game.id})[0]
    by_type = {str(kind): int(count) for kind, count in row["by_type"]}
    return _checked_counts(game, expected, int(row["nodes"]), by_type)


def read_all_counts(
    runner: QueryRunner, expected: Sequence[tuple[Game[Any], dict[str, int]]]
) -> list[dict[str, int]]:
    """:func:`read_counts` of several graphs with one query, one pass over the store that
    needs no index (the bulk route reads a new store's counts while its indexes populate)."""
    row = runner.run(cypher("graph_count_all"))[0]
    nodes = {str(graph): int(count) for graph, count in row["nodes"]}
    by_type: dict[str, dict[str, int]] = {}
    for graph, kind, count in row["by_type"]:
        by_type.setdefault(str(graph), {})[str(kind)] = int(count)
    return [
        _checked_counts(game, counts, nodes.get(game.id, 0), by_type.get(game.id, {}))
        for game, counts in expected
    ]


def relationship_count_statement(kind: str) -> str:
    """The number of relationships of one type in the whole store, which Neo4j answers from
    its count store at once: the type is the model's checked identifier (a RelTable's),
    pasted because a ``$(...)`` type would scan every relationship instead."""
    return f"MATCH ()-[r:{identifier(kind)}]->() RETURN count(r) AS relationships"


def read_imported_counts(
    runner: QueryRunner, expected: Sequence[tuple[Game[Any], dict[str, int]]]
) -> list[dict[str, int]]:
    """:func:`read_all_counts` for a store that neo4j-admin's importer just made from these
    graphs' files alone (the bulk route with nothing carried over): each graph's nodes are
    counted (one pass over the nodes' ``graph``), its relationships by type through the
    count store's totals. That is exact here: every relationship row of a graph's files
    joins two of its own nodes (an ID space per graph and label), the importer makes no
    other, and a total by type equal to the sum of the graphs' counts means no row was left
    out. When a total differs, :func:`read_all_counts` counts graph by graph and names the
    graph that differs. On B_60, G_60/H_60 and Q: 1.1 s and 0.1 s a type against 5.5 s."""
    row = runner.run(cypher("graph_count_nodes_all"))[0]
    nodes = {str(graph): int(count) for graph, count in row["nodes"]}
    totals: dict[str, int] = {}
    for _, counts in expected:
        for kind, count in counts.items():
            if kind != "nodes":
                totals[kind] = totals.get(kind, 0) + count
    stored = {
        kind: int(runner.run(relationship_count_statement(kind))[0]["relationships"])
        for kind in totals
    }
    if stored != totals:
        return read_all_counts(runner, expected)
    return [
        _checked_counts(game, counts, nodes.get(game.id, 0), counts) for game, counts in expected
    ]


def _checked_counts(
    game: Game[Any], expected: dict[str, int], nodes: int, by_type: dict[str, int]
) -> dict[str, int]:
    """The counts found, if they are exactly ``expected``; else IncompleteLoadError."""
    found = {"nodes": nodes} | {k: by_type.get(k, 0) for k in expected if k != "nodes"}
    extra = {k: v for k, v in by_type.items() if k not in expected}
    if found != expected or extra:
        raise IncompleteLoadError(_count_mismatch(game, found | extra, expected))
    return found


def _count_mismatch(game: Game[Any], found: dict[str, int], expected: dict[str, int]) -> str:
    """``B_20 [bulgarian:20]: Neo4j holds 0 of its 627 nodes, 0 of its 627 BULGARIAN_MOVE
    relationships``: each count that differs, what Neo4j holds against the engine's."""
    where = f"{game.describe()} [{game.id}]"
    if found.get("nodes", 0) == 0 and not any(found.values()):
        return (
            f"{where}: Neo4j holds none of its {expected.get('nodes', 0):,} nodes: it was "
            "never loaded or imported into this database"
        )
    differ = [
        f"{found.get(kind, 0):,} of its {expected.get(kind, 0):,} "
        + ("nodes" if kind == "nodes" else f"{kind} relationships")
        for kind in dict.fromkeys([*expected, *found])
        if found.get(kind, 0) != expected.get(kind, 0)
    ]
    return f"{where}: Neo4j holds {', '.join(differ)} (the engine's counts)"


def checked_fingerprint(game: Game[Any], found: str, expected: str) -> str:
    """The fingerprint ``found`` in Neo4j, if it is the engine's ``expected``; else
    IncompleteLoadError (the counts agreed, or this is not called)."""
    if found != expected:
        raise IncompleteLoadError(
            f"{game.describe()} [{game.id}]: Neo4j holds as many nodes and relationships as "
            f"the engine's graph, but not the same ones (content fingerprint {found}, the "
            f"engine's {expected}): some relationship joins other nodes than it should"
        )
    return found
