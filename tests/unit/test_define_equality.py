"""Proof by re-expression (issue 18 item 6): each game of examples/gamegraph-examples, a
dozen lines of Python on the definition API, gives exactly the built-in game's graph and
analysis for several n: the same positions, moves, cycles, components, Garden of Eden sets,
distances (functional); the same H_n arcs, recurrent states, core components, winning and
losing positions, immediate losses and turns to the core (Floridian); the same options,
P-positions and Grundy values (CRIM)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import gamegraph as gg
from gamegraph.errors import InputError
from gamegraph.games import get_game
from gamegraph.games.partitions import partitions

EXAMPLES = Path(__file__).parents[2] / "examples" / "gamegraph-examples" / "gamegraph_examples"


def _defined(name: str, **values: Any) -> Any:
    return get_game(name).create(**values).build()


def _functional(built: Any, keys: list[str]) -> dict[str, Any]:
    """A functional graph's analysis by position key (independent of the numbering)."""
    succ = built.successor.tolist()
    return {
        "moves": {keys[i]: keys[j] for i, j in enumerate(succ)},
        "distance": dict(zip(keys, built.distance.tolist(), strict=True)),
        "eden": {keys[i] for i in np.flatnonzero(built.garden_of_eden).tolist()},
        "cycles": {frozenset(keys[i] for i in c.tolist()) for c in built.cycles},
        "components": int(built.cycle_count),
        "basins": sorted(built.basin_sizes.tolist()),
    }


@pytest.mark.parametrize(
    ("name", "builtin", "ns"),
    [
        ("defined-bulgarian", "bulgarian", [1, 2, 6, 10, 15, 21, 28]),
        ("defined-carolina", "carolina", [1, 2, 5, 8, 11, 13]),
        ("defined-dual", "dual", [1, 3, 7, 12, 18, 24]),
    ],
)
def test_functional_re_expressions_equal_the_built_in_games(
    name: str, builtin: str, ns: list[int]
) -> None:
    for n in ns:
        mine = _defined(name, n=n)
        theirs = get_game(builtin).create(n=n).build()
        assert _functional(mine, mine.keys()) == _functional(theirs, theirs.keys()), n
        assert mine.stats() == theirs.stats(), n


@pytest.mark.parametrize(("n", "L"), [(1, 1), (6, 2), (10, 3), (14, 4), (17, 5), (9, 12)])
def test_austrian_re_expression_equals_the_built_in_game(n: int, L: int) -> None:
    mine = _defined("defined-austrian", n=n, L=L)
    theirs = get_game("austrian").create(n=n, L=L).build()

    def built_in_key(key: str) -> str:  # (b, *μ) -> "μ|b", the built-in Austrian key
        bank, *piles = key.split(",")
        return f"{','.join(piles)}|{bank}"

    keys = list(map(built_in_key, mine.keys()))
    assert _functional(mine, keys) == _functional(theirs, theirs.keys())
    assert mine.stats() == theirs.stats()


@pytest.mark.parametrize("n", [1, 4, 9, 12, 16, 20, 24])
def test_floridian_h_n_re_expression_equals_the_built_in_turn_graph(n: int) -> None:
    mine = _defined("defined-floridian", n=n)
    theirs = gg.floridian(n)
    positions = [theirs.positions.position(i) for i in range(theirs.positions.size)]
    ours = [mine.position(i) for i in range(mine.size)]
    assert sorted(ours) == sorted(positions)
    src, dst = theirs.h_arcs()
    arcs = {(positions[a], positions[b]) for a, b in zip(src.tolist(), dst.tolist(), strict=True)}
    assert {
        (ours[a], ours[b])
        for a, b in zip(mine.sources.tolist(), mine.indices.tolist(), strict=True)
    } == arcs
    assert mine.arcs == len(arcs) == theirs.stats()["h_arcs"]

    def by_position(values: np.ndarray, order: list[tuple[int, ...]]) -> dict[Any, int]:
        return dict(zip(order, values.tolist(), strict=True))

    for mine_values, their_values in [
        (mine.recurrent, theirs.recurrent),
        (mine.losing, theirs.losing),
        (mine.winning, theirs.winning),
        (mine.immediate_loss, theirs.immediate_loss),
        (mine.turns_to_core, theirs.turns_to_core),
    ]:
        assert by_position(mine_values, ours) == by_position(their_values, positions)
    assert [len(c) for c in mine.core_components] == theirs.stats()["core_scc_sizes"]
    mine_sccs = {frozenset(ours[i] for i in c.tolist()) for c in mine.core_components}
    their_sccs = {frozenset(positions[i] for i in c.nodes.tolist()) for c in theirs.core_components}
    assert mine_sccs == their_sccs
    stats, their_stats = mine.stats(), theirs.stats()
    for key in ("recurrent", "losing", "immediate_losses", "core_arcs", "max_turns_to_core"):
        assert stats.get(key) == their_stats.get(key), key


@pytest.mark.parametrize("n", [1, 5, 9, 13, 16])
def test_crim_re_expression_equals_the_built_in_game(n: int) -> None:
    mine = _defined("defined-crim", n=n)
    theirs = gg.crim(n)
    assert mine.keys() == theirs.keys()  # the same numbering, by size then order
    assert mine.grundy.tolist() == theirs.grundy.astype(np.int64).tolist()
    assert mine.p_position.tolist() == theirs.p_position.tolist()
    assert (mine.outcome == 0).sum() == 0  # CRIM ends: no draws
    options = [
        sorted(mine.indices[mine.indptr[i] : mine.indptr[i + 1]].tolist()) for i in range(mine.size)
    ]
    theirs_options = [
        sorted(theirs.indices[theirs.indptr[i] : theirs.indptr[i + 1]].tolist())
        for i in range(theirs.size)
    ]
    assert options == theirs_options
    stats = mine.stats()
    assert stats["p_positions_by_size"].get(n, 0) == theirs.stats()["p_positions"]
    assert stats["max_grundy"] >= theirs.stats()["max_grundy"]


def test_each_re_expression_is_at_most_fifteen_lines_of_code() -> None:
    """Lines of Python in each example, its docstring and blank lines not counted."""
    for path in sorted(EXAMPLES.glob("*.py")):
        if path.name == "__init__.py":
            continue
        text = path.read_text("utf-8")
        tree = ast.parse(text)
        doc = tree.body[0]
        skip = set()
        if isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant):
            skip = set(range(doc.lineno, (doc.end_lineno or doc.lineno) + 1))
        lines = [
            line
            for number, line in enumerate(text.splitlines(), start=1)
            if line.strip() and number not in skip
        ]
        assert len(lines) <= 15, f"{path.name}: {len(lines)} lines"


@pytest.mark.parametrize("n", [6, 11])
def test_the_defined_floridian_refuses_as_a_position_what_the_built_in_one_refuses(n: int) -> None:
    """A query's position outside the defined H_n (a partition of n its ``where=`` excludes)
    was taken, and the query answered no rows where the built-in game's says the position is
    not separated: both now refuse the same partitions, naming the game and the position."""
    mine = get_game("defined-floridian").create(n=n)
    theirs = get_game("floridian").create(n=n)
    graph = mine.build()
    nodes = {",".join(map(str, graph.position(i))) for i in range(graph.size)}
    refused = 0
    for p in partitions(n):
        text = ",".join(map(str, p))
        try:
            key = theirs.parse_position(text)
        except InputError:
            refused += 1
            with pytest.raises(InputError, match=f"^{text} is no position of defined-floridian"):
                mine.parse_position(text)
            assert text not in nodes
        else:
            assert mine.parse_position(text) == key and key in nodes
    assert refused > 0
