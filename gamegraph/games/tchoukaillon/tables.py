"""T_n as Neo4j tables (docs/schema.md):
``(:Tchoukaillon)-[:TCHOUKAILLON_MOVE {hole, sown}]->(:Tchoukaillon)``.

One node per board reachable from Tchouk_n (the start, index 0) under the rule, the empty
board last; one relationship per move. Each board carries its holes, stones, rightmost hole,
moves to the empty board (when it can be won) and sr(stones); the winnable board of its
stones (Tchouk_m) also its move vector.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamegraph.games.model import GraphTables, NodeTable, RelTable
from gamegraph.games.tchoukaillon.boards import board_key, move_vector, winnable_board
from gamegraph.games.tchoukaillon.engine import TchoukaillonAnalysis
from gamegraph.games.tchoukaillon.roots import strange_roots

if TYPE_CHECKING:
    from gamegraph.games.tchoukaillon import Tchoukaillon

__all__ = ["tables"]


def tables(game: Tchoukaillon, built: TchoukaillonAnalysis) -> GraphTables:
    """Boards with their analysis, and moves, of T_n."""
    graph = built.graph
    size = graph.size
    keys = graph.keys()
    stones = graph.stones.tolist()
    lengths = graph.lengths.tolist()
    distance = graph.distance.tolist()
    roots = strange_roots(game.n).tolist()
    tchouk_keys = [board_key(winnable_board(m)) for m in range(game.n + 1)]
    tchouk = [keys[i] == tchouk_keys[stones[i]] for i in range(size)]
    columns: dict[str, list[Any]] = {
        "rule": [game.rule] * size,
        "n": [game.n] * size,
        "idx": list(range(size)),
        "key": keys,
        "holes": [row[:length] for row, length in zip(graph.rows.tolist(), lengths, strict=True)],
        "stones": stones,
        "rightmost_hole": lengths,
        "potential": graph.potential.tolist(),
        "out_degree": graph.out_degree.tolist(),
        "distance": [None if d < 0 else d for d in distance],
        "strange_root": [roots[m] if m else None for m in stones],
        "move_vector": [
            list(move_vector(m)) if is_tchouk else None
            for m, is_tchouk in zip(stones, tchouk, strict=True)
        ],
    }
    nodes = NodeTable(
        game.label,
        columns,
        {
            "Tchouk": tchouk,
            "Winnable": graph.winnable.tolist(),
            "DeadEnd": graph.dead_end.tolist(),
        },
    )
    moves = RelTable(
        game.move,
        game.label,
        game.label,
        graph.sources,
        graph.indices,
        {"hole": graph.hole.tolist(), "sown": graph.sown.tolist()},
    )
    return GraphTables(game, [nodes], [moves], game.summary(built))
