"""What Neo4j holds of a stored graph, read back in one pass (named query ``graph_read_back``):
its node count, its relationships by type and its content fingerprint in the form of the
engine's (:mod:`gamegraph.games.fingerprint`): what a load checks before it marks a graph
complete and what `verify` checks again. :func:`read_all_graphs` reads every graph of a
store at once, as the bulk route does with a store the importer just made.

Cypher does not compute the fingerprint's mix itself: the mix of a relationship is
``x² mod M`` with ``x`` an affine form of the idx ``a`` and ``b`` of its ends, so the sum over
the relationships of one type is a fixed combination of their moments (their count, Σa, Σb,
Σa², Σb², Σab, mod M), and Cypher sums only those (three products a row instead of the mix's
dozen operations): :func:`_sums` combines them into the engine's sums, which the unit tests
check against the engine's numpy mix.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from gamegraph.db.query_files import cypher
from gamegraph.db.runner import QueryRunner
from gamegraph.games.fingerprint import FINGERPRINT_PARAMS, fingerprint_text
from gamegraph.games.model import identifier

__all__ = [
    "READERS",
    "StoredGraph",
    "read_all_graphs",
    "read_graph",
    "readback_type_statement",
]

READERS = 2
"""Queries of :func:`read_all_graphs` run at once (one type's relationships each)."""

_M = FINGERPRINT_PARAMS["m"]


@dataclass
class StoredGraph:
    """One graph as Neo4j holds it: its nodes, the relationships leaving them by type (to any
    node) and its content fingerprint (over the relationships that end in the graph)."""

    nodes: int = 0
    relationships: dict[str, int] = field(default_factory=dict)
    node_moments: tuple[int, int, int] = (0, 0, 0)
    moments: dict[str, tuple[int, ...]] = field(default_factory=dict)

    @property
    def fingerprint(self) -> str:
        node_part = _sums(self.node_moments[0], self.node_moments[1], 0, self.node_moments[2])
        by_type = {kind: _sums(*m) for kind, m in self.moments.items() if m[0]}
        return fingerprint_text(self.nodes, node_part, by_type)

    def add_type(self, kind: str, row: Sequence[Any]) -> None:
        """One type's answer: [relationships, inside, Σa, Σb, Σa², Σb², Σab]."""
        self.relationships[kind] = self.relationships.get(kind, 0) + int(row[0])
        inside = (int(row[1]), *(int(v or 0) for v in row[2:]))
        old = self.moments.get(kind, (0,) * 6)
        self.moments[kind] = tuple(a + b for a, b in zip(old, inside, strict=True))


def _sums(count: int, sa: int, sb: int, saa: int, sbb: int = 0, sab: int = 0) -> tuple[int, int]:
    """The fingerprint's two sums of ``x² mod M`` over rows whose moments are given: with
    ``x = ka·a + kb·b + ca``, ``Σx² = ka²Σa² + kb²Σb² + 2·ka·kb·Σab + 2·ka·ca·Σa +
    2·kb·ca·Σb + ca²·count`` (mod M), and the same for ``y`` with kc, kd, cb (a node's mix
    is a relationship's with b = 0)."""
    p = FINGERPRINT_PARAMS

    def mix(k1: int, k2: int, c: int) -> int:
        total = k1 * k1 * saa + k2 * k2 * sbb + 2 * k1 * k2 * sab
        return (total + 2 * k1 * c * sa + 2 * k2 * c * sb + c * c * count) % _M

    return mix(p["ka"], p["kb"], p["ca"]), mix(p["kc"], p["kd"], p["cb"])


def read_graph(runner: QueryRunner, graph_id: str) -> StoredGraph:
    """One graph as Neo4j holds it (named query ``graph_read_back``, one pass)."""
    row = runner.run(cypher("graph_read_back"), {"graph": graph_id, "m": _M})[0]
    stored = _with_nodes(row["nodes"], row["node_sa"], row["node_saa"])
    for kind, *answer in row["by_type"]:
        stored.add_type(str(kind), answer)
    return stored


def readback_type_statement(kind: str, *, inside_only: bool, graph: str | None = None) -> str:
    """The relationships of one type of every graph at once, for :func:`read_all_graphs`:
    [graph, relationships, inside, Σa, Σb, Σa², Σb², Σab] of those leaving each graph's
    nodes. The type is the model's checked identifier, pasted because only a type written
    out lets Neo4j read its relationships through the type index (``$(...)`` scans them
    all). ``inside_only``: the moments are of every relationship (a store that the importer
    made from the graphs' own files, where every relationship joins two nodes of one graph,
    as the file's ID spaces make it), else of those whose end is in the start's graph.
    ``graph`` (with ``inside_only``): the one graph of that store with relationships of this
    type, so each row is not grouped by its start's graph (a string read per relationship:
    on `load --n 60`'s store, warm, ALPHA_MOVE 2.08 s -> 1.23 s, TURN 2.08 s -> 0.81 s); a
    relationship put in another graph by mistake still changes that graph's fingerprint,
    and the node pass counts every graph's nodes."""
    if graph is not None:
        assert inside_only, "one graph's type is read whole only in a store of the files"
        return (
            f"MATCH (p)-[r:{identifier(kind)}]->(q)\n"
            "WITH p.idx % $m AS a, q.idx % $m AS b\n"
            "WITH count(*) AS relationships, sum(a) AS sa, sum(b) AS sb, "
            "sum(a * a % $m) AS saa, sum(b * b % $m) AS sbb, sum(a * b % $m) AS sab\n"
            "RETURN [[$graph, relationships, relationships, sa, sb, saa, sbb, sab]] AS by_graph"
        )
    end = "q.idx % $m" if inside_only else "CASE WHEN q.graph = p.graph THEN q.idx % $m END"
    return (
        f"MATCH (p)-[r:{identifier(kind)}]->(q)\n"
        f"WITH p.graph AS graph, p.idx % $m AS a, {end} AS b\n"
        "WITH graph, a, b, CASE WHEN b IS NOT NULL THEN a END AS ai\n"
        "WITH graph, count(*) AS relationships, count(b) AS inside, sum(ai) AS sa, "
        "sum(b) AS sb, sum(ai * ai % $m) AS saa, sum(b * b % $m) AS sbb, "
        "sum(ai * b % $m) AS sab\n"
        "RETURN collect([graph, relationships, inside, sa, sb, saa, sbb, sab]) AS by_graph"
    )


def read_all_graphs(
    runner: QueryRunner,
    types: Iterable[str],
    *,
    inside_only: bool = False,
    owners: Mapping[str, str] | None = None,
) -> dict[str, StoredGraph]:
    """Every graph of the store as :func:`read_graph` reads one, in passes that need no
    index (the bulk route reads a new store while Neo4j populates its indexes): the nodes
    in one pass, the relationships of each of ``types`` in one (:func:`readback_type_statement`),
    :data:`READERS` of them at once. A type not named is not read. ``owners`` (with
    ``inside_only``): the one graph that holds each of these types' relationships."""
    kinds = sorted(set(types))
    owners = owners or {}
    with ThreadPoolExecutor(max_workers=READERS, thread_name_prefix="read-back") as pool:
        nodes = pool.submit(runner.run, cypher("graph_read_back_nodes_all"), {"m": _M})

        def read_type(kind: str) -> list[dict[str, Any]]:
            graph = owners.get(kind)
            statement = readback_type_statement(kind, inside_only=inside_only, graph=graph)
            return runner.run(statement, {"m": _M, "graph": graph})

        by_type = [(kind, pool.submit(read_type, kind)) for kind in kinds]
        graphs: dict[str, StoredGraph] = {}
        for graph, count, sa, saa in nodes.result()[0]["nodes"]:
            if graph is not None:
                graphs[str(graph)] = _with_nodes(count, sa, saa)
        for kind, future in by_type:
            for graph, *answer in future.result()[0]["by_graph"]:
                if graph is not None:
                    graphs.setdefault(str(graph), StoredGraph()).add_type(kind, answer)
    return graphs


def _with_nodes(count: Any, sa: Any, saa: Any) -> StoredGraph:
    """A graph's node part: its count and the moments Σa, Σa² of its nodes' idx."""
    nodes = int(count or 0)
    return StoredGraph(nodes, node_moments=(nodes, int(sa or 0), int(saa or 0)))
