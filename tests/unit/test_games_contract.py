"""The contract every registered game keeps (in the manner of OpenSpiel's and Gymnasium's
checkers): a game that registers is covered here the moment it does, without a database.

Its parameters parse and validate, its graph id round-trips, its estimate is instant for
any n, its example builds, answers `stats` with exactly its declared keys and turns into
tables whose every label has a uniqueness constraint in its schema, its Cypher files parse
and name it, its Python API and `stats` command work, and its code imports nothing above
the games layer.
"""

from __future__ import annotations

import ast
import dataclasses
import itertools
import json
import math
import re
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import survey_reference as ref
from cli_support import CliResult
from functional_definitions import (
    austrian_move,
    austrian_states,
    montreal_move,
    orbits_of_compositions,
)

import gamegraph as gg
from gamegraph.db.query_files import named_queries, parse_queries
from gamegraph.errors import GamegraphError, InputError, TooLargeError
from gamegraph.games import Game, all_games, get_game, parse_graph_id
from gamegraph.games.checks import Check
from gamegraph.games.model import GraphTables

GAMES = all_games()
Cli = Callable[..., CliResult]


def _is_defined(game: type[Game]) -> bool:
    """A game defined by its move (gamegraph.define): its Cypher is written, not shipped."""
    return hasattr(game, "definition")


def _query_texts(game: type[Game], *, internal: bool) -> list[tuple[str, str]]:
    """(source, text) of a game's Cypher files, shipped or written."""
    if _is_defined(game):
        return [(src, text) for src, text, inner in game.generated_queries() if inner == internal]
    package = resources.files(game.__module__)
    files = game.internal_query_files if internal else game.query_files
    return [(name, package.joinpath(name).read_text("utf-8")) for name in files]


def _source_prefix(game: type[Game]) -> str:
    return game.name if _is_defined(game) else game.__module__.rsplit(".")[-1]


def _example(game: type[Game]) -> Game:
    assert game.example, f"{game.name} declares no example"
    return game.create(**game.example)


_BUILT: dict[str, Any] = {}


def _built(game: type[Game]) -> Any:
    if game.name not in _BUILT:
        _BUILT[game.name] = _example(game).build()
    return _BUILT[game.name]


def test_the_registry_holds_the_games_of_the_mission() -> None:
    names = {game.name for game in GAMES}
    assert {"bulgarian", "floridian", "lifting"} <= names
    assert len(names) == len(GAMES)
    assert [g.name for g in GAMES if g.loaded_by_default] == ["bulgarian", "floridian", "lifting"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_declarations_are_complete(game: type[Game]) -> None:
    assert re.fullmatch(r"[a-z][a-z0-9-]*", game.name)
    assert game.title and len(game.description) > 20
    names = [p.name for p in game.params]
    assert "n" in names and len(names) == len(set(names))
    fields = tuple(field.name for field in dataclasses.fields(game))
    assert fields == tuple(names), "fields must be the params, in order"
    for param in game.params:
        assert param.help.endswith("."), f"{game.name} {param.name}: help is a sentence"
        if param.kind == "choice":
            assert param.choices and (param.required or param.default in param.choices)
    assert game.stats_keys and len(set(game.stats_keys)) == len(game.stats_keys)
    assert _query_texts(game, internal=False)
    internal = " ".join(text for _, text in _query_texts(game, internal=True))
    assert "// name: schema_" in internal and "// name: verify_" in internal
    assert get_game(game.name) is game


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_graph_id_is_formatted_and_parsed_in_one_place_each(game: type[Game]) -> None:
    example = _example(game)
    assert parse_graph_id(example.id) == example
    assert example.id.startswith(f"{game.name}:") and example.id.endswith(f":{example.n}")
    for bad in (f"{game.name}:", f"{game.name}:x", f"{game.name}:1:2:3:4:5"):
        with pytest.raises(InputError):
            parse_graph_id(bad)
    assert game.from_record(example.record()) == example


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_parameters_are_validated_once_at_the_edge(game: type[Game]) -> None:
    for bad_n in (0, -5):
        with pytest.raises(InputError):
            game.create(**(game.example | {"n": bad_n}))
    with pytest.raises(InputError):
        game.create(**(game.example | {"n": "ten"}))
    with pytest.raises(InputError):
        game.create(**game.example, no_such_parameter=1)
    for param in game.params:
        if param.kind == "choice":
            with pytest.raises(InputError, match="unknown"):
                game.create(**(game.example | {param.name: "no-such-choice"}))
    texts = {
        p.name: p.format(v)
        for p, v in zip(game.params, _example(game).values().values(), strict=True)
    }
    assert game.from_text(texts) == _example(game)


def _maximum_n(game: type[Game]) -> int | None:
    """The largest n a game's n parameter takes (None: no maximum)."""
    maximum = next(param for param in game.params if param.name == "n").maximum
    return None if maximum is None else int(maximum)


def _partition_numbers(top: int) -> list[int]:
    """p(0), ..., p(top), by adding the parts 1, 2, ... one size at a time."""
    p = [1] + [0] * top
    for part in range(1, top + 1):
        for m in range(part, top + 1):
            p[m] += p[m - part]
    return p


def _separated_partitions(n: int) -> int:
    """Partitions of n no two of whose parts differ by exactly 1, value by value: a value v
    is used (any number of times) only if v - 1 was not."""
    free, used = [1] + [0] * n, [0] * (n + 1)  # sums with v - 1 unused / used
    for v in range(1, n + 1):
        taken = [0] * (n + 1)
        for s, ways in enumerate(free):
            for t in range(s + v, n + 1, v):
                taken[t] += ways
        free, used = [a + b for a, b in zip(free, used, strict=True)], taken
    return free[n] + used[n]


def _necklaces(n: int, c: int) -> int:
    """Weak compositions of n into c parts up to rotation (Burnside: a rotation by c/d
    seats fixes the compositions that repeat d times)."""
    total = 0
    for d in range(1, c + 1):
        if c % d == 0 and n % d == 0:
            phi = sum(1 for k in range(1, d + 1) if math.gcd(k, d) == 1)
            total += phi * math.comb(n // d + c // d - 1, c // d - 1)
    return total // c


def _positions_by_definition(huge: Game) -> int | None:
    """How many positions ``huge`` has, from its definition (SPEC.md, SPEC-games.md, the
    survey's games in tests/survey_reference.py), where a count is cheap; None where none is
    (G_n's separated partitions below, Q, T_n, M on I(n), A_n(L) at n = 10^6: their
    estimates are fits or asymptotics; a reachable space's size is found by its search)."""
    n, name = huge.n, huge.name
    p = _partition_numbers(n if n <= 1000 else 0)
    players = getattr(huge, "players", 2)
    if name in ("bulgarian", "dual", "two-card-bulgarian", "random-bulgarian"):
        return p[n]
    if name in ("defined-bulgarian", "defined-dual"):  # the same moves, defined
        return p[n]
    if name in ("crim", "defined-crim", "bulgarian-or-pile"):  # every partition of k <= n
        return sum(p)
    if name in ("carolina", "defined-carolina"):  # compositions
        return 2 ** (n - 1)
    if name in ("multiplayer-bulgarian", "red-green-bulgarian"):  # s-tuples of partitions
        hands = [1] + [0] * n
        for _ in range(players):
            hands = [sum(hands[i] * p[m - i] for i in range(m + 1)) for m in range(n + 1)]
        return hands[n]
    if name == "janetzko":  # weak compositions into c parts, the pointer's seat not empty
        return math.comb(n + players - 2, players - 1)
    if name == "servedio-yeh":
        return _necklaces(n, players)
    if name == "bulgarian-3d":
        return _plane_partitions(n)
    return None


def _plane_partitions(n: int) -> int:
    """MacMahon's count (OEIS A000219): n PL(n) = Σ_k σ_2(k) PL(n − k), σ_2 the sum of the
    squares of k's divisors."""
    counts = [1]
    for m in range(1, n + 1):
        total = sum(
            sum(d * d for d in range(1, k + 1) if k % d == 0) * counts[m - k]
            for k in range(1, m + 1)
        )
        counts.append(total // m)
    return counts[n]


def test_the_position_counts_agree_with_listing_them_at_small_n() -> None:
    """The counts above against tests/survey_reference.py's listings (plain recursion)."""
    p = _partition_numbers(12)
    assert p[:13] == [sum(1 for _ in ref.partitions(n)) for n in range(13)]
    for n in range(1, 13):
        assert _separated_partitions(n) == sum(
            1 for q in ref.partitions(n) if all(a - b != 1 for a, b in itertools.pairwise(q))
        )
    for n, c in ((7, 3), (8, 4), (9, 3), (6, 1)):
        assert _necklaces(n, c) == len(ref.servedio_yeh_positions(n, c))
        assert math.comb(n + c - 2, c - 1) == len(ref.janetzko_positions(n, c))
    for n, s in ((6, 2), (5, 3)):
        hands = [1] + [0] * n
        for _ in range(s):
            hands = [sum(hands[i] * p[m - i] for i in range(m + 1)) for m in range(n + 1)]
        assert hands[n] == len(ref.multiplayer_positions(n, s))
    assert len(ref.red_green_positions(8)) == sum(p[i] * p[8 - i] for i in range(9))
    assert [_plane_partitions(n) for n in range(1, 8)] == [
        len(ref.plane_partitions(n)) for n in range(1, 8)
    ]


# small even at their largest n: Q has a few 4-cycles per n, c = 3 seats hold ~n^2 / 2
# positions, and a reachable space's size is not known before its search
BUILDABLE_AT_MAXIMUM = {"lifting", "janetzko", "servedio-yeh"}


def _reachable(game: type[Game]) -> bool:
    """A defined game whose positions are found by a search from its starts."""
    definition = getattr(game, "definition", None)
    return definition is not None and definition.space.kind == "reachable"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_largest_n_is_estimated_without_building_and_refused_over_the_limit(
    game: type[Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the largest n a game takes (10^6 where it has no maximum) the estimate comes
    without building, counts the positions where a count is cheap, and check_size refuses
    it over the memory limit (unless forced)."""

    def no_build(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"{game.name}: the estimate built the graph")

    monkeypatch.setattr(game, "build", no_build)
    huge = game.create(**(game.example | {"n": _maximum_n(game) or 10**6}))
    estimate = huge.estimate()  # benchmarks/cli_start.py times it; here its answer
    count = _positions_by_definition(huge)
    if count is not None:
        assert estimate.nodes == count and not estimate.approximate
    elif game.name == "defined-floridian":  # the partitions it filters to the separated ones
        assert _separated_partitions(huge.n) <= estimate.nodes <= _partition_numbers(huge.n)[-1]
        assert estimate.approximate  # an upper bound, said as "about"
    elif _reachable(game):  # defined-austrian, a test's games: no count before the search
        assert (estimate.nodes, estimate.approximate) == (0, True)
    elif game.name == "lifting":  # Q: a few 4-cycles per n (a heuristic)
        assert estimate.nodes > 0
    else:  # fits and asymptotics (G_n, T_n, M on I(n), A_n(L)), far beyond any machine
        assert estimate.nodes > 10**12
    assert estimate.bytes > 0 and huge.check_size(force=True) == estimate
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "64G")
    if game.name in BUILDABLE_AT_MAXIMUM or _reachable(game):
        assert huge.check_size() == estimate
    else:
        assert estimate.bytes > 64 * 2**30
        with pytest.raises(TooLargeError, match="would need"):
            huge.check_size()
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "1M")  # and every game is refused under 1 MiB
    with pytest.raises(TooLargeError, match="would need"):
        huge.check_size()


@pytest.mark.parametrize(
    "game", [g for g in GAMES if _maximum_n(g) is not None], ids=lambda g: g.name
)
def test_an_n_above_the_games_maximum_is_an_input_error(game: type[Game]) -> None:
    top = _maximum_n(game)
    option = game.param("n").cli_option  # lifting's is --n-max, and the message says so
    said = re.escape("n" if option == "--n" else f"n ({option})")
    with pytest.raises(InputError, match=rf"^{said} must be <= {top}, not {top + 1}$"):
        game.create(**(game.example | {"n": top + 1}))
    with pytest.raises(InputError):
        game.create(**(game.example | {"n": 10**12}))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_example_answers_stats_with_exactly_its_declared_keys(game: type[Game]) -> None:
    stats = _example(game).stats(_built(game))
    assert list(stats) == [key for key in game.stats_keys if key in stats]
    json.dumps(stats)  # JSON-ready
    summary = _example(game).summary(_built(game))
    assert set(stats) <= set(summary)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_example_becomes_tables_whose_labels_the_schema_constrains(game: type[Game]) -> None:
    tables: GraphTables = _example(game).tables(_built(game))
    assert tables.game == _example(game)
    schema = " ".join(
        q.cypher
        for q in named_queries().values()
        if q.name.startswith("schema_") and q.source.startswith(_source_prefix(game))
    )
    sizes = {table.label: len(table) for table in tables.nodes}
    for table in tables.nodes:
        assert {"n", "key"} <= set(table.columns), f"{table.label} needs n and key columns"
        assert re.search(rf"FOR \(\w+:{table.label}\) REQUIRE \([^)]*key[^)]*\) IS UNIQUE", schema)
        keys = table.column("key")
        assert len(set(keys)) == len(keys), f"{table.label} keys repeat"
    for rel in tables.rels:
        assert rel.source in sizes and rel.target in sizes
        if len(rel):
            assert int(rel.start.min()) >= 0 and int(rel.start.max()) < sizes[rel.source]
            assert int(rel.end.min()) >= 0 and int(rel.end.max()) < sizes[rel.target]
        for values in rel.properties.values():
            assert len(values) == len(rel)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_query_files_parse_and_require_this_game(game: type[Game]) -> None:
    queries = [
        query
        for filename, text in _query_texts(game, internal=False)
        for query in parse_queries(text, filename)
    ]
    assert len(queries) >= 3, f"{game.name}: at least three named queries for users"
    for query in queries:
        if query.params:
            assert query.examples, f"{query.name} has no :param examples"
            assert query.requires == game.name, f"{query.name} must require {game.name}"


# The checks that may pass when verify reads nothing: each compares per-position values
# (in-degree, Garden of Eden, recurrence, distances, Grundy values, outcomes, ranks, the moves
# of CRIM's positions, Q's sources) over the positions read, none here; a position Neo4j
# lacks is reported once, by the check that reads the positions.
PASS_ON_AN_EMPTY_READ = {
    "in-degree and Garden of Eden",
    "recurrent positions",
    "moves to the cycle",
    "in-degree and out-degree",
    "outcomes by retrograde analysis",
    "Sprague-Grundy values",
    "Smith's loopy values",
    "recurrent states and the core",
    "winning, losing, turns to the core",
    "moves of every position",
    "rank λ_1 − ℓ(λ)",
    "Sprague-Grundy values (mex over the options)",
    "P- and N-positions (retrograde rule)",
    "sources (in-degree 0) and non-lifting cycles",
}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_verify_of_a_graph_that_reads_nothing_reports_every_position_missing(
    game: type[Game],
) -> None:
    """A verify that finds nothing in Neo4j fails where it reads the positions: that check
    reports every position of the engine missing (CRIM: none found; Q: every 4-cycle only in
    the engine), or, where verify starts from a count query, one line says it answered
    nothing; the :Graph summary check fails too. Only the per-position comparisons of
    PASS_ON_AN_EMPTY_READ may pass (vacuously: they compare the positions read)."""

    def empty_reader(name: str, params: object) -> list[dict[str, Any]]:
        assert name in named_queries(), f"{game.name} verify runs unknown query {name}"
        return []

    try:
        checks = _example(game).verify(_built(game), empty_reader, {}, lambda message: None)
    except GamegraphError as e:  # an aggregate that answered nothing: one clear line
        assert "\n" not in str(e) and re.search(r"verify_\w+_counts on .* returned 0 rows", str(e))
        return
    assert checks and all(isinstance(c, Check) for c in checks)
    stats = _example(game).stats(_built(game))
    first = checks[0]
    if first.name == "positions and moves":  # CRIM
        assert first.problems == ("no CRIM positions in Neo4j",)
    elif first.name == "4-cycles of the range":  # Q
        assert first.problem_count == stats["four_cycles"] > 0
        assert all(p.endswith("4-cycle only in the engine") for p in first.problems)
    else:
        assert first.problem_count == 1
        assert first.problems[0].startswith(f"{stats['positions']:,} positions missing (idx [0, ")
    summary = next(c for c in checks if c.name == "summary on the :Graph node")
    assert summary.problems[0] == "no stat_* figures stored"
    assert all(": not stored, engine " in p for p in summary.problems[1:])
    assert {c.name for c in checks if c.ok} <= PASS_ON_AN_EMPTY_READ


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_python_api_builds_the_example(game: type[Game]) -> None:
    factory = getattr(gg, game.name.replace("-", "_"))
    assert factory.game is game
    built = factory(**game.example)
    assert _example(game).stats(built) == _example(game).stats(_built(game))


NO_INDEX = {"floridian", "lifting", "tchoukaillon"}
"""The games whose graphs have no ``index()`` (their positions are not one ranked space)."""


def test_every_graph_but_those_named_has_an_index() -> None:
    assert {g.name for g in GAMES if not hasattr(_built(g), "index")} == NO_INDEX


@pytest.mark.parametrize("game", [g for g in GAMES if g.name not in NO_INDEX], ids=lambda g: g.name)
def test_a_number_or_none_given_as_a_position_is_an_input_error(game: type[Game]) -> None:
    """Before, ``gg.bulgarian(10).index(5)`` ended in a bare "TypeError: 'int' object is not
    iterable" (CRIM's, the random Bulgarian's alike)."""
    built = _built(game)
    for bad in (5, 5.0, None):
        with pytest.raises(InputError, match=re.escape(repr(bad))):
            built.index(bad)


def test_a_text_or_number_given_as_a_position_of_a_sum_is_an_input_error() -> None:
    total = gg.sum(gg.crim(4), gg.crim(3))
    for bad in (5, None, "43"):
        with pytest.raises(InputError, match="a position of a sum is a pair"):
            total.index(bad)
    assert total.position(total.index(((2, 2), (3,)))) == ((2, 2), (3,))


def _stats_args(chosen: Game) -> list[str]:
    """`gamegraph stats` with every parameter of ``chosen`` as its option."""
    args = ["stats", chosen.name]
    for param, value in zip(chosen.params, chosen.values().values(), strict=True):
        if param.kind == "flag":
            if value:
                args.append(param.cli_option)
        else:
            args += [param.cli_option, param.format(value)]
    return args


def _as_json(stats: dict[str, Any]) -> Any:
    return json.loads(json.dumps(stats))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_stats_command_prints_the_example_as_json(game: type[Game], gamegraph: Cli) -> None:
    result = gamegraph(*_stats_args(_example(game)), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == _as_json(_example(game).stats(_built(game)))


# Every parameter an example leaves at its default, at another value (the example's n and
# its other values kept), so that an API or a command that dropped the option would answer
# the example's figures instead.
NON_DEFAULT: dict[str, dict[str, Any]] = {
    "floridian": {"n": 8, "restricted": True},
    "lifting": {"n": 34, "rule": "band", "n_min": 20},
    "austrian": {"n": 20, "L": 5, "bank_up_to_L": True},
    "bulgarian-3d": {"n": 6, "layer_move": "xy"},
    "defined-austrian": {"n": 4, "L": 3},
    "janetzko": {"n": 6, "players": 4},
    "montreal": {"n": 7, "space": "X"},
    "multiplayer-bulgarian": {"n": 6, "players": 3},
    "random-bulgarian": {"n": 8, "p": Fraction(1, 3), "chain": "cardwise"},
    "servedio-yeh": {"n": 6, "players": 4},
    "tchoukaillon": {"n": 12, "rule": "literal"},
}
FIGURES = ("positions", "cycles", "cycle_lengths", "garden_of_eden", "max_transient")


def _figures_by_definition(chosen: Game) -> dict[str, Any] | None:
    """positions, cycles, cycle_lengths, garden_of_eden, max_transient of ``chosen`` by
    brute force from its definition (tests/survey_reference.py for the survey's games);
    None where this file has none (the engine's build at these values is the reference)."""
    n, values = chosen.n, chosen.values()
    players = values.get("players", 0)
    if chosen.name == "janetzko":
        return ref.figures(ref.janetzko_positions(n, players), ref.janetzko_move)
    if chosen.name == "servedio-yeh":
        return ref.figures(ref.servedio_yeh_positions(n, players), ref.servedio_yeh_move)
    if chosen.name == "multiplayer-bulgarian":
        return ref.figures(ref.multiplayer_positions(n, players), ref.multiplayer_move)
    if chosen.name == "bulgarian-3d":
        move = values["layer_move"]
        return ref.figures(ref.plane_partitions(n), lambda solid: ref.layer_move(solid, move))
    if chosen.name in ("austrian", "defined-austrian"):
        L = values["L"]
        states = austrian_states(n, L, bool(values.get("bank_up_to_L")))
        return ref.figures(states, lambda state: austrian_move(state, L))
    if chosen.name == "montreal" and values["space"] == "X":
        return ref.figures(sorted(orbits_of_compositions(n)), montreal_move)
    return None


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_parameter_the_example_leaves_at_its_default_is_run_at_another_value(
    game: type[Game],
) -> None:
    example = _example(game).values()
    at_default = {p.name for p in game.params if p.name != "n" and example[p.name] == p.default}
    if game.name not in NON_DEFAULT:
        assert not at_default, f"add {game.name} to NON_DEFAULT: {sorted(at_default)}"
        return
    other = game.create(**NON_DEFAULT[game.name]).values()
    assert at_default <= set(NON_DEFAULT[game.name]), f"{game.name}: {sorted(at_default)}"
    for name in at_default:
        assert other[name] != example[name], f"{game.name} {name}: not another value"
    assert {k: v for k, v in other.items() if k not in at_default} == {
        k: v for k, v in example.items() if k not in at_default
    }, "only the defaults change"


@pytest.mark.parametrize("name", sorted(NON_DEFAULT))
def test_values_other_than_the_defaults_reach_the_graph_through_the_api_and_stats(
    name: str, gamegraph: Cli
) -> None:
    """The Python API and `stats --json` at NON_DEFAULT's values answer that graph's figures
    (by brute force where this file has one, else the engine built at those values), which
    are not the example's."""
    chosen = get_game(name).create(**NON_DEFAULT[name])
    built = getattr(gg, name.replace("-", "_"))(**NON_DEFAULT[name])
    api = chosen.stats(built)
    result = gamegraph(*_stats_args(chosen), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == _as_json(api)
    truth = _figures_by_definition(chosen)
    if truth is None:
        assert api == chosen.stats(chosen.build())
    else:
        assert {key: api[key] for key in truth} == truth
    game = type(chosen)
    example, example_built = _example(game), _built(game)
    if name == "tchoukaillon":  # `stats` is Tchouk_n's, the same under either rule: only the
        # summary (T_n's boards) tells the rules apart, and the command prints no summary
        assert api == example.stats(example_built)
        mine, theirs = chosen.summary(built), example.summary(example_built)
        assert (mine["rule"], theirs["rule"]) == ("literal", "standard")
        assert mine["boards"] > theirs["boards"]
    else:
        assert api != example.stats(example_built)


GAMES_DIR = Path(gg.__file__).parent / "games"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_game_module_is_light_and_imports_nothing_above_the_games_layer(
    game: type[Game],
) -> None:
    if _is_defined(game):  # its definition's module, and the definition API it uses
        definition = game.definition  # type: ignore[attr-defined]
        module = sys.modules[definition.fn.__module__]
        for path in [Path(module.__file__ or ""), *(GAMES_DIR.parent / "define").glob("*.py")]:
            _imports_nothing_above_the_games_layer(path)
        return
    folder = GAMES_DIR / game.__module__.rsplit(".")[-1]
    for path in folder.rglob("*.py"):
        _imports_nothing_above_the_games_layer(path)
    init = ast.parse((folder / "__init__.py").read_text("utf-8"))
    top = [n for n in init.body if isinstance(n, ast.Import | ast.ImportFrom)]
    heavy = ("numpy", "numba", "scipy", "networkx")
    for node in top:
        module_name = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
        assert not (module_name or "").startswith(heavy), (
            f"{folder}/__init__.py imports {module_name}"
        )
        assert not (module_name or "").endswith("._kernels"), module_name
    # and nothing it imports loads numpy either (the engine's modules do, on first build)
    code = f"import sys, {game.__module__}; print('numpy' in sys.modules)"
    light = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert light.stdout.strip() == "False", light.stderr


def _imports_nothing_above_the_games_layer(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.startswith(
                ("gamegraph.db", "gamegraph.loader", "gamegraph.cli", "gamegraph.verify")
            ), f"{path} imports {node.module}"
            assert not node.module.startswith(("neo4j", "typer"))
