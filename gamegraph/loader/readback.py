"""What a load reads back from Neo4j before it records a graph as complete: the counts (nodes,
and relationships by type) and the content fingerprint (:mod:`gamegraph.games.fingerprint`),
each compared with the engine's; IncompleteLoadError says in words what differs. Both come
from one pass over the graph (:mod:`gamegraph.db.fingerprints`): :func:`read_back` for one
graph (the online route), :func:`read_back_all` for every graph of a new store at once (the
bulk route)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamegraph.db.fingerprints import StoredGraph, read_all_graphs, read_graph
from gamegraph.db.query_files import cypher
from gamegraph.db.runner import QueryRunner
from gamegraph.errors import IncompleteLoadError
from gamegraph.games.base import Game

__all__ = ["Wanted", "read_back", "read_back_all"]

Wanted = tuple[Game[Any], dict[str, int], str]
"""A graph, its expected counts (``nodes`` and one per relationship type) and fingerprint."""


def read_back(
    runner: QueryRunner, game: Game[Any], counts: dict[str, int], fingerprint: str
) -> tuple[dict[str, int], str]:
    """The graph's counts and fingerprint as Neo4j holds them (one pass), if they are the
    engine's ``counts`` and ``fingerprint``; else IncompleteLoadError, saying what differs."""
    return _checked(game, counts, fingerprint, read_graph(runner, game.id))


def read_back_all(
    runner: QueryRunner, wanted: Sequence[Wanted], *, fresh_store: bool = False
) -> list[tuple[dict[str, int], str]]:
    """:func:`read_back` of several graphs, in passes over the whole store that need no
    index (:func:`~gamegraph.db.fingerprints.read_all_graphs`: a pass over the nodes and one
    per relationship type of the store, two at once); the first graph that differs is named.
    ``fresh_store``: the store holds these graphs alone, as the importer made it from their
    files (every relationship joins two nodes of one graph), so no relationship's end is
    looked up for its graph, nor its start's graph where one graph alone has its type."""
    types = {kind for _, counts, _ in wanted for kind in counts if kind != "nodes"}
    types |= {str(row["type"]) for row in runner.run(cypher("relationship_types"))}
    owners: dict[str, list[str]] = {}
    for game, counts, _ in wanted:
        for kind in counts.keys() - {"nodes"}:
            owners.setdefault(kind, []).append(game.id)
    sole = {kind: ids[0] for kind, ids in owners.items() if len(ids) == 1} if fresh_store else {}
    found = read_all_graphs(runner, types, inside_only=fresh_store, owners=sole)
    return [
        _checked(game, counts, fingerprint, found.get(game.id, StoredGraph()))
        for game, counts, fingerprint in wanted
    ]


def _checked(
    game: Game[Any], expected: dict[str, int], fingerprint: str, stored: StoredGraph
) -> tuple[dict[str, int], str]:
    """The counts and the fingerprint ``stored``, if they are exactly the engine's
    ``expected`` and ``fingerprint``; else IncompleteLoadError, saying what differs."""
    by_type = stored.relationships
    found = {"nodes": stored.nodes} | {k: by_type.get(k, 0) for k in expected if k != "nodes"}
    extra = {k: v for k, v in by_type.items() if k not in expected and v}
    if found != expected or extra:
        raise IncompleteLoadError(_count_mismatch(game, found | extra, expected))
    held = stored.fingerprint
    if held != fingerprint:
        raise IncompleteLoadError(
            f"{game.describe()} [{game.id}]: Neo4j holds as many nodes and relationships as "
            f"the engine's graph, but not the same ones (content fingerprint {held}, the "
            f"engine's {fingerprint}): some relationship joins other nodes than it should"
        )
    return found, held


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
