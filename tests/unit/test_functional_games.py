"""Carolina, Austrian, Montreal and Dual Bulgarian solitaire as gamegraph games: their ids,
positions named as text, the Neo4j tables (against the moves' definitions and networkx) and
`verify` (against an in-memory stand-in for the loaded graph that answers the verify queries
from the tables, as their Cypher does, with the moves recomputed from the definitions)."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import networkx as nx
import pytest
from cli_support import CliResult
from functional_definitions import (
    austrian_states,
    compositions,
    key_move,
    key_of,
    orbits_of_compositions,
)

import gamegraph as gg
from gamegraph.db.queries import convert_params, get_query
from gamegraph.db.query_files import named_queries
from gamegraph.errors import InputError, TooLargeError
from gamegraph.games.austrian import Austrian
from gamegraph.games.base import Game
from gamegraph.games.carolina import Carolina
from gamegraph.games.checks import Check, storable
from gamegraph.games.dual import Dual
from gamegraph.games.engine import FunctionalGame
from gamegraph.games.engine import functional as functional_graph
from gamegraph.games.model import GraphTables
from gamegraph.games.montreal import Montreal
from gamegraph.games.partitions import PartitionError, parse_ordered_partition, partitions
from gamegraph.games.registry import get_game, parse_graph_id

Cli = Callable[..., CliResult]


def expected_keys(game: FunctionalGame) -> set[str] | None:
    """Every position's key from the definitions (None for Montreal: I(n) is checked against
    OEIS A007075 in test_montreal.py)."""
    n = game.n
    if isinstance(game, Carolina):
        return {key_of(c) for c in compositions(n)}
    if isinstance(game, Austrian):
        return {f"{key_of(mu)}|{b}" for mu, b in austrian_states(n, game.L, game.bank_up_to_L)}
    if isinstance(game, Dual):
        return {key_of(p) for p in partitions(n)}
    return None


GAMES: list[FunctionalGame] = [
    Carolina(n=7),
    Carolina(n=10),
    Austrian(n=12, L=4),
    Austrian(n=12, L=4, bank_up_to_L=True),
    Austrian(n=5, L=9),
    Montreal(n=6),
    Montreal(n=7, space="X"),
    Dual(n=9),
    Dual(n=12),
]


def _as_lists(tables: GraphTables) -> GraphTables:
    """The tables with every column a plain list (the tests read and corrupt them)."""
    for table in tables.nodes:
        table.columns = {name: table.column(name) for name in table.columns}
        table.flags = {name: table.flag(name) for name in table.flags}
    return tables


def _tables(game: FunctionalGame) -> GraphTables:
    return _as_lists(game.tables(game.build()))


# --------------------------------------------------------------------------- the tables


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_tables_hold_every_position_once_with_the_move_of_the_definition(
    game: FunctionalGame,
) -> None:
    tables = _tables(game)
    [nodes] = tables.nodes
    [moves] = tables.rels
    keys = nodes.columns["key"]
    assert nodes.label == game.label and moves.type == game.move
    assert len(set(keys)) == len(keys) == len(moves)
    assert nodes.columns["idx"] == list(range(len(keys)))
    assert set(nodes.columns["n"]) == {game.n}
    if (expected := expected_keys(game)) is not None:
        assert set(keys) == expected
    move = key_move(game)
    assert sorted(moves.start.tolist()) == list(range(len(keys)))
    for start, end in zip(moves.start.tolist(), moves.end.tolist(), strict=True):
        assert keys[end] == move(keys[start])


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_stored_analysis_is_networkx_s_on_the_graph_of_the_definition(
    game: FunctionalGame,
) -> None:
    [nodes] = _tables(game).nodes
    keys = nodes.columns["key"]
    move = key_move(game)
    g = nx.DiGraph((key, move(key)) for key in keys)
    cycles = [c for c in nx.simple_cycles(g)]
    on_cycle = {v for c in cycles for v in c}
    distance = nx.multi_source_dijkstra_path_length(g.reverse(), on_cycle)
    length_of = {v: len(c) for c in cycles for v in c}
    by_key = {key: i for i, key in enumerate(keys)}
    for i, key in enumerate(keys):
        assert nodes.columns["distance"][i] == distance[key]
        assert nodes.columns["in_degree"][i] == g.in_degree(key)
        assert nodes.flags["GardenOfEden"][i] == (g.in_degree(key) == 0)
        assert nodes.flags["Recurrent"][i] == (key in on_cycle)
        entry = key
        while entry not in on_cycle:
            entry = move(entry)
        assert nodes.columns["cycle_length"][i] == length_of[entry]
        assert nodes.columns["cycle"][i] == nodes.columns["cycle"][by_key[entry]]
    # cycle ids number the cycles by their first member in index order
    firsts = sorted(min(by_key[v] for v in c) for c in cycles)
    assert [nodes.columns["cycle"][i] for i in firsts] == list(range(len(cycles)))


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_every_position_s_key_and_notation_listed_at_once_are_each_its_own(
    game: FunctionalGame,
) -> None:
    """The lists of every key and every notation (the tables' columns, written by the
    fastest route a space has) name each position as the space names it alone."""
    built = game.build()
    keys, notations = built.keys(), built.notations()
    space = built.positions.space  # the core space the graph is numbered in
    positions = [built.position(i) for i in range(len(keys))]
    assert keys == [space.format(p) for p in positions]
    assert notations == [space.notation(p) for p in positions]
    assert notations == [built.notation(i) for i in range(len(keys))]


def test_position_columns_describe_each_game_s_position() -> None:
    carolina = _tables(Carolina(n=7)).nodes[0].columns
    row = carolina["key"].index("3,1,2,1")
    assert carolina["parts"][row] == [3, 1, 2, 1] and carolina["notation"][row] == "(3,1,2,1)"
    assert (carolina["num_parts"][row], carolina["first"][row]) == (4, 3)
    austrian = _tables(Austrian(n=12, L=4)).nodes[0].columns
    row = austrian["key"].index("4,3,3|2")
    assert (austrian["piles"][row], austrian["bank"][row], austrian["L"][row]) == ([4, 3, 3], 2, 4)
    assert (austrian["notation"][row], austrian["num_piles"][row]) == ("3^2 4 | 2", 3)
    empty = _tables(Austrian(n=3, L=5)).nodes[0].columns  # a state without piles
    row = empty["key"].index("|3")
    assert (empty["notation"][row], empty["piles"][row], empty["num_piles"][row]) == ("| 3", [], 0)
    montreal = _tables(Montreal(n=6)).nodes[0].columns
    row = montreal["key"].index("1,0,2,3")
    assert montreal["entries"][row] == [1, 0, 2, 3] and montreal["length"][row] == 4
    dual = _tables(Dual(n=9)).nodes[0].columns
    row = dual["key"].index("4,3,1,1")
    assert (dual["notation"][row], dual["num_parts"][row], dual["largest"][row]) == (
        "1^2 3 4",
        4,
        4,
    )


# --------------------------------------------------------------------------- verify


STORED = ("in_degree", "garden_of_eden", "recurrent", "distance", "cycle", "cycle_length")
"""What the positions query reads back as stored, ``stored_<name>`` (docs/schema.md)."""


class LoadedGraph:
    """The tables of one graph as Neo4j would hold them, answering the two verify queries
    the way their Cypher does (the move rule recomputed from the definitions above)."""

    def __init__(self, game: FunctionalGame, tables: GraphTables) -> None:
        self.game = game
        [self.nodes] = tables.nodes
        [rel] = tables.rels
        self.successors: dict[int, list[int]] = defaultdict(list)
        self.predecessors: dict[int, list[int]] = defaultdict(list)
        for start, end in zip(rel.start.tolist(), rel.end.tolist(), strict=True):
            self.successors[start].append(end)
            self.predecessors[end].append(start)
        self.move = key_move(game)
        self.queries: list[str] = []

    def column(self, name: str) -> list[Any]:
        return self.nodes.columns[name]

    def read(self, name: str, params: Any) -> list[dict[str, Any]]:
        query = named_queries()[name]
        assert set(params) == set(query.param_names), name
        assert all(params[p] == getattr(self.game, p) for p in self.game.graph_params())
        self.queries.append(name)
        kind = name.removeprefix(f"verify_{self.game.name}_")
        row_of = {idx: row for row, idx in enumerate(self.column("idx"))}
        idx = self.column("idx")
        if kind == "positions":
            rows = [
                self.position(r) for r in range(len(idx)) if params["lo"] <= idx[r] < params["hi"]
            ]
            return [self.columns(rows)]
        if kind == "cycles":
            return [
                {"start": s, "members": self.walk(row_of[s]) if s in row_of else None}
                for s in params["starts"]
            ]
        raise AssertionError(f"verify asked an unknown query {name}")

    @staticmethod
    def columns(rows: list[dict[str, Any]]) -> dict[str, list[Any]]:
        """The positions query's one record: each answer a list, aligned by position (an
        absent property as -2, the indices whose move breaks the rule as ``off_rule``)."""
        stored = [f"stored_{name}" for name in STORED]
        record = {name: [row[name] for row in rows] for name in ("idx", *stored)}
        for name in stored:
            record[name] = [-2 if v is None else v for v in record[name]]
        record["moves"] = [len(row["successors"]) for row in rows]
        record["successor"] = [(row["successors"] or [-1])[0] for row in rows]
        record["off_rule"] = [row["idx"] for row in rows if not row["by_rule"]]
        record["in_degree"] = [row["in_degree"] for row in rows]
        return record

    def position(self, r: int) -> dict[str, Any]:
        col, flags = self.column, self.nodes.flags
        moves = self.successors[r]
        return {
            "idx": col("idx")[r],
            "key": col("key")[r],
            "successors": [col("idx")[q] for q in moves],
            "by_rule": all(col("key")[q] == self.move(col("key")[r]) for q in moves),
            "in_degree": len(self.predecessors[r]),
            "stored_in_degree": col("in_degree")[r],
            "stored_garden_of_eden": flags["GardenOfEden"][r],
            "stored_recurrent": flags["Recurrent"][r],
            "stored_distance": col("distance")[r],
            "stored_cycle": col("cycle")[r],
            "stored_cycle_length": col("cycle_length")[r],
        }

    def walk(self, r: int) -> list[int] | None:
        """The shortest way round from row r back to it (indices), None if there is none."""
        seen, members, v = set(), [], r
        while v not in seen:
            seen.add(v)
            members.append(self.column("idx")[v])
            if len(self.successors[v]) != 1:
                return None
            v = self.successors[v][0]
            if v == r:
                return members
        return None


def _verify(
    game: FunctionalGame, corrupt: Callable[[GraphTables], None] = lambda t: None
) -> dict[str, Check]:
    built = game.build()
    tables = _as_lists(game.tables(built))
    corrupt(tables)
    loaded = LoadedGraph(game, tables)
    stored = {key: storable(value) for key, value in tables.summary.items()}
    checks = game.verify(built, loaded.read, stored, lambda message: None)
    return {check.name: check for check in checks}


@pytest.mark.parametrize("game", GAMES, ids=str)
def test_verify_agrees_on_a_faithfully_loaded_graph(game: FunctionalGame) -> None:
    checks = _verify(game)
    assert all(check.ok for check in checks.values()), [
        (c.name, c.problems) for c in checks.values() if not c.ok
    ]
    assert set(checks) == {
        "move of every position",
        "in-degree and Garden of Eden",
        "recurrent positions",
        "moves to the cycle",
        "cycles and basins",
        "summary on the :Graph node",
    }


def test_verify_reads_only_its_own_queries_and_walks_each_cycle_once() -> None:
    game = Montreal(n=7)
    built = game.build()
    loaded = LoadedGraph(game, _as_lists(game.tables(built)))
    game.verify(built, loaded.read, game.summary(built), lambda message: None)
    # one slice of positions, one batch of walks; the distances come from the moves read
    assert loaded.queries == ["verify_montreal_positions", "verify_montreal_cycles"]


def test_verify_asks_two_queries_however_far_the_cycles_are() -> None:
    game = Dual(n=20)
    built = game.build()
    assert built.max_transient == 23  # 23 levels of distances, no query for any of them
    tables = _as_lists(game.tables(built))
    loaded = LoadedGraph(game, tables)
    stored = {key: storable(value) for key, value in tables.summary.items()}
    checks = game.verify(built, loaded.read, stored, lambda message: None)
    assert all(check.ok for check in checks), [c.problems for c in checks if not c.ok]
    assert loaded.queries == ["verify_dual_positions", "verify_dual_cycles"]


DEGREE = "in-degree and Garden of Eden"


def _set(column: str, key: str, value: Any) -> Callable[[GraphTables], None]:
    def corrupt(tables: GraphTables) -> None:
        nodes = tables.nodes[0]
        row = nodes.columns["key"].index(key)
        target = nodes.flags if column in nodes.flags else nodes.columns
        target[column][row] = value

    return corrupt


def _redirect(key: str, to: str) -> Callable[[GraphTables], None]:
    def corrupt(tables: GraphTables) -> None:
        keys = tables.nodes[0].columns["key"]
        tables.rels[0].end[keys.index(key)] = keys.index(to)

    return corrupt


def _unflag_cycle(key: str) -> Callable[[GraphTables], None]:
    def corrupt(tables: GraphTables) -> None:
        nodes = tables.nodes[0]
        cycle = nodes.columns["cycle"][nodes.columns["key"].index(key)]
        for row, c in enumerate(nodes.columns["cycle"]):
            if c == cycle:
                nodes.flags["Recurrent"][row] = False

    return corrupt


@pytest.mark.parametrize(
    ("game", "corrupt", "failing", "mention"),
    [
        # C_7: (3,2,1,1) → (4,2,1) → (3,3,1) → (3,2,2) → (3,2,1,1), a cycle of length 4
        (Carolina(n=7), _set("distance", "7", 3), "moves to the cycle", "7 moves to the cycle"),
        (Carolina(n=7), _redirect("7", "2,5"), "move of every position", "does not lead"),
        (Carolina(n=7), _set("Recurrent", "4,2,1", False), "recurrent positions", "4,2,1"),
        (Carolina(n=7), _unflag_cycle("4,2,1"), "moves to the cycle", "reach no cycle"),
        (Carolina(n=7), _set("cycle_length", "1,6", 2), "moves to the cycle", "1,6 cycle length"),
        (Austrian(n=12, L=4), _set("in_degree", "4,4,3|1", 7), DEGREE, "4,4,3|1 in-degree"),
        (Austrian(n=12, L=4), _set("GardenOfEden", "4,4,3|1", True), DEGREE, "Garden of Eden"),
        (Montreal(n=6), _set("cycle", "3,2,1", 999), "cycles and basins", "3,2,1 cycle id"),
        (Dual(n=9), _set("distance", "9", 0), "moves to the cycle", "9 moves to the cycle"),
    ],
    ids=lambda v: str(v) if isinstance(v, Game) else None,
)  # fmt: skip
def test_verify_catches_a_corrupted_property_label_or_move(
    game: FunctionalGame,
    corrupt: Callable[[GraphTables], None],
    failing: str,
    mention: str,
) -> None:
    checks = _verify(game, corrupt)
    assert not checks[failing].ok
    assert any(mention in problem for problem in checks[failing].problems), checks[failing]


def test_verify_catches_a_stored_figure_that_is_not_the_engine_s() -> None:
    game = Dual(n=9)
    built = game.build()
    loaded = LoadedGraph(game, _as_lists(game.tables(built)))
    stored = {key: storable(value) for key, value in game.summary(built).items()}
    stored["max_transient"] = 99
    checks = game.verify(built, loaded.read, stored, lambda message: None)
    summary = next(c for c in checks if c.name == "summary on the :Graph node")
    assert [p.split(":")[0] for p in summary.problems] == ["stat_max_transient"]


def test_verify_catches_one_cycle_stored_under_two_ids() -> None:
    game = Carolina(n=7)

    def split(tables: GraphTables) -> None:
        nodes = tables.nodes[0]
        nodes.columns["cycle"][nodes.columns["key"].index("3,2,2")] = 99

    checks = _verify(game, split)
    assert any("several stored cycle ids" in p for p in checks["cycles and basins"].problems)


# --------------------------------------------------------------------------- ids and params


def test_austrian_graph_ids_carry_l_and_n_and_leave_the_variant_out() -> None:
    assert Austrian(n=20, L=5).id == "austrian:L=5:20"
    assert parse_graph_id("austrian:L=5:20") == Austrian(n=20, L=5)
    assert Austrian(n=20, L=5, bank_up_to_L=True).id == "austrian:L=5:20"
    assert Austrian(n=20, L=5).slot == Austrian(n=20, L=5, bank_up_to_L=True).slot
    assert Montreal(n=7, space="X").id == Montreal(n=7).id == "montreal:7"
    assert [Carolina(n=8).id, Dual(n=10).id] == ["carolina:8", "dual:10"]
    record = Austrian(n=20, L=5, bank_up_to_L=True).record()
    assert Austrian.from_record(record) == Austrian(n=20, L=5, bank_up_to_L=True)


@pytest.mark.parametrize(
    ("game", "values", "message"),
    [
        ("austrian", {"n": 20, "L": 0}, "L must be >= 1, not 0"),
        ("austrian", {"n": 20, "L": -3}, "L must be >= 1"),
        ("austrian", {"n": 20, "L": "five"}, "L must be an integer"),
        ("austrian", {"n": 20}, "austrian needs L (--L on the command line)"),
        ("carolina", {"n": 64}, "n must be <= 63, not 64"),
        ("carolina", {"n": 0}, "n must be >= 1, not 0"),
        ("montreal", {"n": 32}, "n must be <= 31"),
        ("montreal", {"n": 7, "space": "Y"}, "unknown space 'Y': choose from I, X"),
        ("dual", {"n": 256}, "n must be <= 255"),
    ],
)
def test_a_parameter_out_of_range_is_one_line(
    game: str, values: dict[str, Any], message: str
) -> None:
    with pytest.raises(InputError, match=re.escape(message)) as error:
        get_game(game).create(**values)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("austrian:L=0:20", "L must be >= 1"),
        ("austrian:20", "austrian:L=VALUE:N"),
        ("austrian:5:20", "austrian:L=VALUE:N"),
        ("montreal:X:7", "montreal:N"),
    ],
)
def test_a_bad_graph_id_is_one_line(text: str, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)) as error:
        parse_graph_id(text)
    assert "\n" not in str(error.value)


# --------------------------------------------------------------------------- positions as text


@pytest.mark.parametrize(
    ("game", "texts", "key"),
    [
        (Carolina(n=8), ["3,1,4", "3 1 4", "[3, 1, 4]", "(3,1,4)"], "3,1,4"),
        (Carolina(n=8), ["2^2,4", "2 2 4"], "2,2,4"),
        (Austrian(n=20, L=5), ["5,5,3,3|4", "3^2 5^2 | 4", "[5,5,3,3] | 4"], "5,5,3,3|4"),
        (Austrian(n=3, L=5), ["|3", " | 3"], "|3"),
        (Austrian(n=9, L=4, bank_up_to_L=True), ["4,1|4"], "4,1|4"),
        (Montreal(n=7), ["3,2,2", "0,3,2,2,0", "(3, 2^2)"], "3,2,2"),
        (Montreal(n=7), ["1,0,1,3,2"], "1,0,1,3,2"),
        (Dual(n=10), ["4,3,3", "3^2 4", "3 3 4", "[4,3,3]"], "4,3,3"),
    ],
    ids=str,
)
def test_a_position_is_named_in_every_notation_its_game_accepts(
    game: FunctionalGame, texts: list[str], key: str
) -> None:
    for text in texts:
        assert game.parse_position(text) == key


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        (Dual(n=10), "3,4,3", "composition, not a partition"),
        (Dual(n=10), "4,3,2", "partition of 9, not of n = 10"),
        (Dual(n=10), "4,3,3,0", "part 0"),
        (Dual(n=10), "4,3|3", "bad part"),
        (Austrian(n=20, L=5), "3,5,5,3|4", "composition, not a partition"),
        (Austrian(n=20, L=5), "5,5,3,3,4", "written 'piles | bank'"),
        (Austrian(n=20, L=5), "6,5,3,2|4", "every pile holds 1..L = 1..5"),
        (Austrian(n=20, L=5), "5,5,5|5", "bank holds 0..4"),
        (Carolina(n=8), "1,0,7", "part below 1"),
        (Carolina(n=8), "3,1|4", "bad entry"),
        (Carolina(n=8), "3,1,3", "add up to 7, not n = 8"),
        (Carolina(n=8), "1^99999999999", "add up to more than n = 8"),  # not written out
        (Montreal(n=7), "1,0,0,0,0,0,0,0,6", "not in I(7): it is reducible"),
        (Montreal(n=7), "1,0,0,0,-6", "bad entry"),
        (Montreal(n=7), "3,2,1", "size 6, not n = 7"),
    ],
    ids=str,
)
def test_a_position_of_another_kind_is_refused_in_one_line(
    game: FunctionalGame, text: str, message: str
) -> None:
    with pytest.raises(InputError, match=re.escape(message)) as error:
        game.parse_position(text)
    assert "\n" not in str(error.value)


def test_a_montreal_position_outside_the_orbits_of_the_compositions_is_not_in_x() -> None:
    full, orbits = Montreal(n=6).build(), Montreal(n=6, space="X").build()
    outside = sorted(set(full.keys()) - set(orbits.keys()))
    assert outside, "I(6) is larger than X(6)"
    with pytest.raises(InputError, match="not in X"):
        Montreal(n=6, space="X").parse_position(outside[0])
    assert Montreal(n=6).parse_position(outside[0]) == outside[0]


def test_parse_ordered_partition_takes_either_sorted_order_and_nothing_else() -> None:
    assert parse_ordered_partition("5,3,3,1") == parse_ordered_partition("1 3^2 5") == (5, 3, 3, 1)
    with pytest.raises(PartitionError, match=re.escape("write the parts largest first (5,3,3,1)")):
        parse_ordered_partition("3,5,1,3")


def test_a_composition_in_brackets_is_refused_like_one_without() -> None:
    """The brackets are dropped before the order is read: '(3,1,2)' is the composition
    3,1,2 (refused), '(5,3,3,1)' the partition."""
    assert parse_ordered_partition("(5,3,3,1)") == parse_ordered_partition("[1 3^2 5]")
    for text in ("(3,1,2)", "[2,5,1]"):
        with pytest.raises(PartitionError, match="is a composition, not a partition"):
            parse_ordered_partition(text)


def test_queries_take_positions_in_any_notation_and_l_as_the_game_declares_it() -> None:
    query = get_query("austrian_trajectory")
    params = convert_params(query, {"n": "20", "L": "5", "position": "3^2 5^2 | 4"})
    assert params == {"n": 20, "L": 5, "position": "5,5,3,3|4"}
    with pytest.raises(InputError, match="parameter L: L must be >= 1") as error:
        convert_params(query, {"n": "20", "L": "0", "position": "|20"})
    assert "\n" not in str(error.value)
    dual = get_query("dual_reaches")
    with pytest.raises(InputError, match="parameter position: '3,4,3' is a composition"):
        convert_params(dual, {"n": 10, "position": "3,4,3", "target": "4,3,2,1"})


# --------------------------------------------------------------------------- API and CLI


def test_the_python_api_builds_each_game_and_gives_networkx_for_small_graphs() -> None:
    austrian = gg.austrian(20, L=5)
    assert austrian.stats()["L"] == 5 and austrian.stats()["positions"] == 717
    g = gg.carolina(8).to_networkx()
    assert g.number_of_nodes() == 128 == g.number_of_edges()
    assert set(g.successors("3,1,4")) == {"3,2,3"}
    assert g.nodes["4,3,1"]["recurrent"] and g.nodes["8"]["distance"] == 7
    assert set(gg.dual(6).to_networkx().successors("4,1,1")) == {"2,2,1,1"}


def test_to_networkx_refuses_a_big_graph_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(functional_graph, "NETWORKX_LIMIT", 100)
    with pytest.raises(TooLargeError, match="128 positions are too many for networkx"):
        gg.carolina(8).to_networkx()


def test_stats_of_austrian_put_l_after_n_and_take_the_variant_flag(gamegraph: Cli) -> None:
    result = gamegraph("stats", "austrian", "--n", "12", "--L", "4", "--json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert list(stats)[:2] == ["n", "L"] and stats["L"] == 4
    full = json.loads(
        gamegraph("stats", "austrian", "--n", "12", "--L", "4", "--bank-up-to-L", "--json").stdout
    )
    assert full["positions"] > stats["positions"]
    assert full["garden_of_eden"] > stats["garden_of_eden"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["stats", "austrian", "--n", "12", "--L", "0"], "L must be >= 1, not 0"),
        (["stats", "austrian", "--n", "12"], "L"),
        (["stats", "carolina", "--n", "70"], "n must be <= 63, not 70"),
        (["stats", "montreal", "--n", "7", "--space", "Z"], "unknown space 'Z'"),
        (["stats", "dual", "--n", "0"], "n must be >= 1, not 0"),
    ],
)
def test_bad_parameters_on_the_command_line_are_one_error_line(
    gamegraph: Cli, args: list[str], message: str
) -> None:
    result = gamegraph(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_montreal_x_has_the_orbits_of_the_compositions(gamegraph: Cli) -> None:
    result = gamegraph("stats", "montreal", "--n", "7", "--space", "X", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["positions"] == len(orbits_of_compositions(7))
