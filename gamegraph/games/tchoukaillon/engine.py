"""The Tchoukaillon move graph for loading, and the summary of one n.

Definition (the game graph T_n). All boards with at most n stones are infinitely many
(``(1, 0, …, 0, 1)`` for every length), and most of them are junk: a hole holding more stones
than its number can never be emptied, a stone beyond the last playable hole never moves. T_n
is instead *the game as played from the winnable board*: its nodes are every board reachable
by moves from Tchouk_n, winning or not, and its arcs are the moves (labelled with the hole
played). It is finite (no move adds a stone or lengthens the board), it contains Tchouk_m for
every m ≤ n (the win passes through them, one stone to the pit per move), and it shows every
way to go wrong (e.g. (1,2) → (2): hole 2 first leaves a hole 1 with 2 stones, stuck).
Under the literal rule (``literal=True``) the same definition gives a larger graph.

Every move lowers the potential Σ i·c_i (by s(s+1)/2 for s sown stones), so T_n is a DAG;
nodes are numbered by decreasing potential, then increasing board (Python tuple order padded
with zeros): a topological order, index 0 is Tchouk_n and the empty board is last.

Per node: ``stones``, ``out_degree``, ``dead_end`` (not empty, no move: lost), ``winnable``
(the empty board can be reached) and ``distance`` (fewest moves to the empty board, −1 if it
cannot be reached; under the standard rule every move sends one stone to the pit, so this is
the number of stones).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.core.graphs import ArcGraph, distance_to
from gamegraph.games.limits import Estimate, check_estimate
from gamegraph.games.model import partition_texts
from gamegraph.games.tchoukaillon import Tchoukaillon
from gamegraph.games.tchoukaillon.boards import (
    Board,
    BoardError,
    TchoukaillonError,
    board_key,
    check_stones,
    checked_board,
    move_vector,
    parse_board,
    trim,
    winnable_board,
    winning_play,
)
from gamegraph.games.tchoukaillon.roots import strange_root

if TYPE_CHECKING:
    import networkx as nx

    from gamegraph.games.base import Progress

__all__ = [
    "MAX_GRAPH_STONES",
    "NETWORKX_LIMIT",
    "STATS_KEYS",
    "PositionError",
    "TchoukaillonAnalysis",
    "TchoukaillonGraph",
    "board_keys",
    "build_tchoukaillon",
    "estimate_tchoukaillon",
    "tchoukaillon_stats",
]

#: boards are held as int16 rows
MAX_GRAPH_STONES = 30000
STATS_KEYS = Tchoukaillon.stats_keys
#: to_networkx refuses graphs with more boards + moves than this
NETWORKX_LIMIT = 500_000

# Node counts of T_n grow geometrically; fitted above the measured sizes (benchmarks/
# engine_rbs_tch.py): standard 840,851 nodes at n = 100, then ×1.7 to ×2.4 per 10 stones
# (3,188,437 at n = 120; fitted ×2.6); literal 5,048,936 at n = 30, ×10 to ×14 per 5 stones
# (fitted ×15). The standard T_n measured so far is a tree (arcs = nodes − 1).
_GROWTH = {False: (840851.0, 100, 2.6 ** (1 / 10)), True: (5.05e6, 30, 15.0 ** (1 / 5))}
_ARCS_PER_NODE = {False: 1.0, True: 3.6}
# bytes: each node's row (2 bytes a hole) and its arrays (potential, stones, distance, ...),
# np.unique's sort of its bucket (indices and copies); each arc its source, target, hole and
# the reverse CSR of the distance search
_BYTES_PER_NODE = 96
_BYTES_PER_HOLE = 8
_BYTES_PER_ARC = 64
_BASE_BYTES = 64 * 2**20


class PositionError(BoardError):
    """A node index or board that is not in this graph."""


@dataclass(frozen=True, eq=False)
class TchoukaillonGraph(ArcGraph):
    """T_n with its analysis: the core's arc graph of the moves (CSR ``indptr``,
    ``indices``, by source, within a row by hole; its size, sources and degrees), and
    arrays indexed by node (see the module docstring)."""

    n: int
    literal: bool
    rows: np.ndarray  #: (nodes, width) int16: stones per hole 1..width, zero-padded
    lengths: np.ndarray  #: rightmost non-empty hole of each board (0 for the empty board)
    potential: np.ndarray  #: Σ i·c_i, decreasing along the index order
    hole: np.ndarray  #: hole played by each move
    distance: np.ndarray  #: fewest moves to the empty board (−1: cannot be won)

    @property
    def arcs(self) -> int:
        return self.arc_count

    @property
    def stones(self) -> np.ndarray:
        return np.asarray(self.rows.sum(axis=1, dtype=np.int64))

    @property
    def winnable(self) -> np.ndarray:
        return np.asarray(self.distance >= 0)

    @property
    def dead_end(self) -> np.ndarray:
        """Boards that are not empty and have no move (lost)."""
        return np.asarray((self.out_degree == 0) & (self.lengths > 0))

    # ----------------------------------------------------------------- positions

    def position(self, index: int) -> Board:
        """The board of a node."""
        if not 0 <= index < self.size:
            raise PositionError(f"nodes are 0..{self.size - 1}, not {index}")
        return trim(self.rows[index, : self.lengths[index]].tolist())

    def index(self, board: Board | str) -> int:
        """The node of a board, given as a tuple or as text (``"0,1,1,3,5"``)."""
        cells = parse_board(board) if isinstance(board, str) else checked_board(board)
        width = self.rows.shape[1]
        if len(cells) > width:
            raise PositionError(f"{board_key(cells)} is not a board of T_{self.n}")
        padded = np.zeros(width, dtype=self.rows.dtype)
        padded[: len(cells)] = cells
        potential = sum(i * c for i, c in enumerate(cells, start=1))
        # potential is decreasing: the bucket is the slice with this potential
        lo = int(np.searchsorted(-self.potential, -potential, side="left"))
        hi = int(np.searchsorted(-self.potential, -potential, side="right"))
        found = np.flatnonzero((self.rows[lo:hi] == padded).all(axis=1))
        if found.shape[0]:
            return lo + int(found[0])
        raise PositionError(f"{board_key(cells)} is not a board of T_{self.n}")

    def keys(self) -> list[str]:
        """Keys ``"0,1,1,3,5"`` (``"0"`` for the empty board) of all nodes in index order."""
        return board_keys(self.rows, self.lengths)

    def successors(self, index: int) -> list[tuple[int, int]]:
        """(hole, target node) of every move from a node, by hole."""
        lo, hi = int(self.indptr[index]), int(self.indptr[index + 1])
        return list(zip(self.hole[lo:hi].tolist(), self.indices[lo:hi].tolist(), strict=True))

    def winning_play(self, index: int) -> list[tuple[int, Board]]:
        """The win from a node's board, move by move (NotWinnableError if it cannot be won)."""
        return winning_play(self.position(index), literal=self.literal)

    @property
    def sown(self) -> np.ndarray:
        """Stones sown by each move (its hole's stones before the move; = hole under the
        standard rule)."""
        return np.asarray(self.rows[self.sources, self.hole - 1], dtype=np.int64)

    def stats(self) -> dict[str, Any]:
        """The summary of n (:func:`tchoukaillon_stats`), keys exactly :data:`STATS_KEYS`."""
        return tchoukaillon_stats(self.n)

    def to_networkx(self) -> nx.DiGraph:
        """T_n as a networkx DiGraph (up to :data:`NETWORKX_LIMIT` boards + moves): nodes are
        board keys with ``index``, ``stones`` and ``distance`` (None when the board cannot
        be won); each move carries its ``hole`` and the stones ``sown``."""
        if self.size + self.arcs > NETWORKX_LIMIT:
            raise TchoukaillonError(
                f"T_{self.n} has {self.size:,} boards and {self.arcs:,} moves, over the "
                f"{NETWORKX_LIMIT:,} to_networkx builds: use the arrays (rows, indptr, "
                "indices, hole) instead"
            )
        import networkx as nx

        graph = nx.DiGraph(n=self.n, rule="literal" if self.literal else "standard")
        keys = self.keys()
        stones = self.stones.tolist()
        distance = self.distance.tolist()
        for i, key in enumerate(keys):
            graph.add_node(
                key, index=i, stones=stones[i], distance=None if distance[i] < 0 else distance[i]
            )
        targets, holes, sown = self.indices.tolist(), self.hole.tolist(), self.sown.tolist()
        for e, source in enumerate(self.sources.tolist()):
            graph.add_edge(keys[source], keys[targets[e]], hole=holes[e], sown=sown[e])
        return graph


@dataclass(eq=False)
class TchoukaillonAnalysis:
    """Tchoukaillon solitaire with n stones: the facts of the number n at once, for any n
    (:meth:`stats`: Tchouk_n, its move vector, its rightmost hole, sr(n)), and the move
    graph T_n (:attr:`graph`) built on first use, after its size check (unless ``force``).

    This is what the game's ``build`` returns, so `gamegraph stats tchoukaillon --n 10000000`
    answers at once while loading T_n stays bounded by its estimate.
    """

    n: int
    literal: bool = False
    force: bool = False

    def __post_init__(self) -> None:
        check_stones(self.n)

    def stats(self) -> dict[str, Any]:
        """n, Tchouk_n, its move vector, its rightmost hole and sr(n) (:data:`STATS_KEYS`)."""
        return tchoukaillon_stats(self.n)

    @cached_property
    def graph(self) -> TchoukaillonGraph:
        """T_n (built on first use; TooLargeError when it would not fit, unless ``force``)."""
        return build_tchoukaillon(self.n, literal=self.literal, force=self.force)

    def winning_play(self, board: Board | str | None = None) -> list[tuple[int, Board]]:
        """The win from a board (default Tchouk_n), move by move: [(hole, board after), …]."""
        start = winnable_board(self.n) if board is None else board
        cells = parse_board(start) if isinstance(start, str) else checked_board(start)
        return winning_play(cells, literal=self.literal)

    def to_networkx(self) -> nx.DiGraph:
        """T_n as a networkx DiGraph (:meth:`TchoukaillonGraph.to_networkx`)."""
        return self.graph.to_networkx()


def tchoukaillon_stats(n: int) -> dict[str, Any]:
    """n, Tchouk_n, its move vector, its rightmost hole and sr(n) (None for n = 0)."""
    check_stones(n)
    board = winnable_board(n)
    return {
        "n": n,
        "winnable_board": list(board),
        "move_vector": list(move_vector(n)),
        "rightmost_hole": len(board),
        "strange_root": strange_root(n) if n >= 1 else None,
    }


def estimate_tchoukaillon(n: int, *, literal: bool = False) -> Estimate:
    """Nodes, arcs and peak bytes of T_n from the fitted growth (instant for any n)."""
    base, at, factor = _GROWTH[literal]
    exponent = math.log(base) + (max(n, 0) - at) * math.log(factor)
    nodes = max(int(math.exp(min(exponent, 60.0))), max(n, 0) + 1)
    arcs = int(nodes * _ARCS_PER_NODE[literal])
    width = math.isqrt(4 * max(n, 1)) + 2  # Tchouk_n has about √(πn) holes
    nodes_bytes = nodes * (_BYTES_PER_NODE + _BYTES_PER_HOLE * width)
    return Estimate(nodes, arcs, nodes_bytes + arcs * _BYTES_PER_ARC + _BASE_BYTES)


def build_tchoukaillon(n: int, *, literal: bool = False, force: bool = False) -> TchoukaillonGraph:
    """Build and analyse T_n (refuses sizes that would not fit in memory unless ``force``)."""
    check_stones(n)
    rule = "literal" if literal else "standard"
    check_estimate(f"T_{n} ({rule} rule)", estimate_tchoukaillon(n, literal=literal), force)
    if n > MAX_GRAPH_STONES:
        raise TchoukaillonError(f"n = {n} is too large: T_n is built for n <= {MAX_GRAPH_STONES}")
    start = winnable_board(n)
    width = max(len(start), 1)
    rows, potential, src, dst, holes = _explore(start, width, literal)
    order = np.lexsort((holes, src))
    src, dst, holes = src[order], dst[order], holes[order]
    size = rows.shape[0]
    indptr = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=size), out=indptr[1:])
    nonzero = rows != 0
    lengths = np.where(nonzero.any(axis=1), width - np.argmax(nonzero[:, ::-1], axis=1), 0)
    distance = distance_to(ArcGraph(indptr, dst), lengths == 0)
    return TchoukaillonGraph(
        n=n,
        literal=literal,
        rows=rows,
        lengths=lengths.astype(np.int64),
        potential=potential,
        indptr=indptr,
        indices=dst,
        hole=holes,
        distance=distance,
    )


def board_keys(rows: np.ndarray, lengths: np.ndarray) -> list[str]:
    """The key of the board in each row, its first ``lengths`` holes (``"0"`` for the empty
    board), written by the partitions' compiled formatter (a board's key is its holes
    joined by commas, as a partition's is its parts)."""
    flat = rows[np.arange(rows.shape[1]) < lengths[:, None]]
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    texts = partition_texts(flat, offsets, np.arange(rows.shape[0]), paper=False)
    return [text or "0" for text in texts]


def _children(
    rows: np.ndarray, literal: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """All moves from the given rows: (source row, child row, hole, potential drop)."""
    width = rows.shape[1]
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    for hole in range(1, width + 1):
        column = rows[:, hole - 1]
        for sown in range(1, hole + 1) if literal else (hole,):
            which = np.flatnonzero(column == sown)
            if which.shape[0] == 0:
                continue
            child = rows[which].copy()
            child[:, hole - 1] = 0
            child[:, max(hole - 1 - sown, 0) : hole - 1] += 1
            moves = which.shape[0]
            drop = sown * (sown + 1) // 2
            parts.append((which, child, np.full(moves, hole), np.full(moves, drop)))
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return empty, np.zeros((0, width), dtype=rows.dtype), empty, empty
    source, child, hole_of, drops = (np.concatenate(c) for c in zip(*parts, strict=True))
    return source, child, hole_of, drops


def _unique_rows(rows: np.ndarray, radix: int) -> tuple[np.ndarray, np.ndarray]:
    """np.unique(rows, axis=0, return_inverse=True), through one int64 key per row when the
    rows fit (radix^width < 2^63; much faster than sorting rows)."""
    width = rows.shape[1]
    if width * math.log2(radix) >= 62:
        bucket, inverse = np.unique(rows, axis=0, return_inverse=True)
        return bucket, inverse.reshape(-1)
    key = np.zeros(rows.shape[0], dtype=np.int64)
    for column in range(width):
        key = key * radix + rows[:, column]
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    return rows[first], inverse.reshape(-1)


def _explore(
    start: Board, width: int, literal: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every board reachable from ``start``, bucket by bucket of decreasing potential.

    A bucket is complete when it is reached (moves only lower the potential), so its boards
    are deduplicated (np.unique, lexicographic) and numbered then. Returns the rows, their
    potentials and the arcs (source node, target node, hole).
    """
    first = np.zeros((1, width), dtype=np.int16)
    first[0, : len(start)] = start
    top = sum(i * c for i, c in enumerate(start, start=1))
    radix = sum(start) + 1  # no hole ever holds more stones than the board
    # pending[p]: (rows, source node, hole) of the moves into potential p, not yet numbered
    pending: dict[int, list[tuple[np.ndarray, np.ndarray, np.ndarray]]] = {
        top: [(first, np.full(1, -1, dtype=np.int64), np.zeros(1, dtype=np.int64))]
    }
    node_rows: list[np.ndarray] = []
    node_potential: list[np.ndarray] = []
    arc_src: list[np.ndarray] = []
    arc_dst: list[np.ndarray] = []
    arc_hole: list[np.ndarray] = []
    numbered = 0
    for potential in range(top, -1, -1):
        chunks = pending.pop(potential, None)
        if not chunks:
            continue
        candidates = np.concatenate([c[0] for c in chunks])
        sources = np.concatenate([c[1] for c in chunks])
        holes = np.concatenate([c[2] for c in chunks])
        bucket, inverse = _unique_rows(candidates, radix)
        real = sources >= 0
        arc_src.append(sources[real])
        arc_dst.append(numbered + inverse[real])
        arc_hole.append(holes[real])
        node_rows.append(bucket)
        node_potential.append(np.full(bucket.shape[0], potential, dtype=np.int64))
        source, child, hole_of, drop = _children(bucket, literal)
        for step in np.unique(drop).tolist():
            mask = drop == step
            pending.setdefault(potential - step, []).append(
                (child[mask], numbered + source[mask], hole_of[mask])
            )
        numbered += bucket.shape[0]
    return (
        np.concatenate(node_rows),
        np.concatenate(node_potential),
        np.concatenate(arc_src),
        np.concatenate(arc_dst),
        np.concatenate(arc_hole),
    )


# --------------------------------------------------------------------------- Game.engine hooks


def estimate(game: Tchoukaillon) -> Estimate:
    return estimate_tchoukaillon(game.n, literal=game.literal)


def build(
    game: Tchoukaillon, *, force: bool = False, progress: Progress | None = None
) -> TchoukaillonAnalysis:
    return TchoukaillonAnalysis(game.n, literal=game.literal, force=force)
