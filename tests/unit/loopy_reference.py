"""Independent references for impartial play on small graphs: outcomes by a naive fixed
point, and Smith's loopy values read off sums with nim heaps (v has value a exactly when
v + *a is a P-position; ∞_K when there is no such a, K the heaps a for which v + *a is an
N-position). Slow on purpose: nothing here shares code with the graph core."""

from __future__ import annotations

from gamegraph.core import graphs as G


def naive_outcomes(rows: list[list[int]]) -> list[int]:
    """P if every option is N (so a node with no move), N if some option is P, to a fixed
    point; the rest are draws."""
    out = [G.DRAW] * len(rows)
    changed = True
    while changed:
        changed = False
        for v, row in enumerate(rows):
            if out[v] != G.DRAW:
                continue
            if any(out[w] == G.LOSS for w in row):
                out[v], changed = G.WIN, True
            elif all(out[w] == G.WIN for w in row):
                out[v], changed = G.LOSS, True
    return out


def rows(g: G.ArcGraph) -> list[list[int]]:
    return [g.row(v).tolist() for v in range(g.size)]


def plus_nim(rows: list[list[int]], heap: int) -> list[list[int]]:
    """v + *h for h in 0..heap, node (v, h) = v * (heap + 1) + h (a move in one component)."""
    width = heap + 1
    out: list[list[int]] = []
    for row in rows:
        for h in range(width):
            out.append([w * width + h for w in row] + [len(out) - h + j for j in range(h)])
    return out


def brute_values(rows: list[list[int]]) -> list[tuple[int, frozenset[int]]]:
    """Each node's value by its sums with nim heaps: a if v + *a is P, else ∞_K with K the
    heaps a for which v + *a is N. A finite value, and every finite value an option has, is
    at most the largest out-degree D, so heaps 0..D + 1 decide."""
    top = max((len(r) for r in rows), default=0) + 1
    outcome = naive_outcomes(plus_nim(rows, top))
    found: list[tuple[int, frozenset[int]]] = []
    for v in range(len(rows)):
        line = outcome[v * (top + 1) : (v + 1) * (top + 1)]
        if G.LOSS in line:
            found.append((line.index(G.LOSS), frozenset()))
        else:
            found.append((G.INFINITE, frozenset(a for a, o in enumerate(line) if o == G.WIN)))
    return found
