"""The definition API (issue 18): the new variants against brute force, loopy impartial
games, compiled moves, the sources of definitions (files, GAMEGRAPH_GAMES_FROM, the session,
entry points), clashes naming both origins, and the engine version of a definition."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numba
import numpy as np
import pytest
from cli_support import CliResult
from define_reference import outcomes, partitions, pile_options, two_card

import gamegraph as gg
from gamegraph.errors import InputError
from gamegraph.games import get_game
from gamegraph.games.base import _python_files
from gamegraph.games.registry import BUILT_IN, forget, generation, origin

Cli = Callable[..., CliResult]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 12, 16, 20])
def test_two_card_bulgarian_equals_brute_force(n: int) -> None:
    built = get_game("two-card-bulgarian").create(n=n).build()
    positions = list(partitions(n))
    image = {p: two_card(p) for p in positions}
    cycles: set[frozenset[tuple[int, ...]]] = set()
    transient = {}
    for start in positions:
        seen: list[tuple[int, ...]] = []
        p = start
        while p not in seen:
            seen.append(p)
            p = image[p]
        cycle = seen[seen.index(p) :]
        cycles.add(frozenset(cycle))
        transient[start] = seen.index(p)
    stats = built.stats()
    assert stats["positions"] == len(positions)
    assert stats["cycles"] == stats["components"] == len(cycles)
    lengths: dict[int, int] = {}
    for c in cycles:
        lengths[len(c)] = lengths.get(len(c), 0) + 1
    assert stats["cycle_lengths"] == lengths
    assert stats["garden_of_eden"] == len(set(positions) - set(image.values()))
    assert stats["max_transient"] == max(transient.values())
    assert {
        built.position(i): built.position(int(j)) for i, j in enumerate(built.successor)
    } == image


@pytest.mark.parametrize("n", [1, 3, 6, 9, 12])
def test_bulgarian_or_pile_equals_brute_force(n: int) -> None:
    built = get_game("bulgarian-or-pile").create(n=n).build()
    options = pile_options(n)
    positions = list(options)
    expected = outcomes(options)
    found = {built.position(i): "DPN"[int(v)] for i, v in enumerate(built.outcome)}
    assert found == expected
    stats = built.stats()
    assert stats["positions"] == len(positions)
    assert stats["arcs"] == sum(len(v) for v in options.values())
    assert stats["p_positions"] == sum(v == "P" for v in expected.values())
    assert stats["draws"] == sum(v == "D" for v in expected.values())
    assert stats["draws"] > 0 or n < 3  # the Bulgarian move goes round: loopy play


def test_a_cyclic_impartial_game_gets_draws_by_retrograde_analysis() -> None:
    """(2) <-> (1) -> (0) and (3) -> (3): (0) is P, (1) N, (2) P; (3) only loops: a draw.
    Grundy values are given where play is finite: not from a position that can reach a
    cycle."""
    options = {(3,): [(3,)], (2,): [(1,)], (1,): [(2,), (0,)], (0,): []}

    @gg.impartial(name="test-loopy", space=gg.reachable(start=[(3,), (2,)]))
    def moves(position: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
        return options[position]

    built = moves(1)
    result = {built.position(i): "DPN"[int(v)] for i, v in enumerate(built.outcome)}
    assert result == {(3,): "D", (2,): "P", (1,): "N", (0,): "P"}
    grundy = {built.position(i): int(v) for i, v in enumerate(built.grundy)}
    assert grundy == {(3,): -1, (2,): -1, (1,): -1, (0,): 0}
    assert built.stats()["draws"] == 1 and built.stats()["max_grundy"] == 0
    # the node table Neo4j is given says the same, one outcome label per node
    (nodes,) = get_game("test-loopy").create(n=1).tables(built).nodes
    order = [built.position(i) for i in range(len(nodes))]
    assert nodes.column("outcome") == [result[p] for p in order]
    assert nodes.column("grundy") == [None if grundy[p] < 0 else grundy[p] for p in order]
    label = {"D": "Draw", "P": "PPosition", "N": "NPosition"}
    assert nodes.labels() == [[label[result[p]]] for p in order]


@numba.njit
def _compiled_bulgarian(parts: np.ndarray, n: int, out: np.ndarray) -> int:
    k = parts.shape[0]
    m = 0
    inserted = False
    for v in parts:
        if not inserted and k >= v - 1:
            out[m] = k
            m += 1
            inserted = True
        if v > 1:
            out[m] = v - 1
            m += 1
    if not inserted:
        out[m] = k
        m += 1
    return m


def test_a_compiled_move_gives_the_python_move_s_graph() -> None:
    compiled = gg.solitaire(name="test-compiled-bulgarian", compiled=True)(_compiled_bulgarian)
    for n in (1, 2, 5, 13, 24):
        assert np.array_equal(compiled(n).successor, gg.bulgarian(n).successor), n
        assert compiled(n).stats() == gg.bulgarian(n).stats()


def _bulgarian_move(position: tuple[int, ...], n: int) -> tuple[int, ...]:
    return tuple(sorted([*(p - 1 for p in position if p > 1), len(position)], reverse=True))


def test_a_one_shard_build_with_workers_set_starts_no_cluster(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`report --workers 4` built each of its ~130 small defined graphs on a local cluster
    started for it (seconds each): one shard has nothing to share out, so it is built here.
    (Two shards or more go to the cluster: test_move_timeout's worker case.)"""
    from gamegraph import cluster

    started: list[object] = []
    real = cluster._client
    monkeypatch.setattr(cluster, "_client", lambda *a: started.append(a) or real(*a))
    monkeypatch.setattr(cluster, "_SETTINGS", cluster.ClusterSettings(workers=2))  # --workers 2
    game = gg.solitaire(name="test-one-shard-bulgarian")(_bulgarian_move)
    assert game(20).stats() == gg.bulgarian(20).stats()  # p(20) = 627 positions: one shard
    assert started == []


@numba.njit
def _fills_out_and_one_more(parts: np.ndarray, n: int, out: np.ndarray) -> int:
    out[:] = 1
    return out.shape[0] + 1


@pytest.mark.parametrize("n", [1, 4, 20])
def test_a_compiled_move_s_out_holds_4n_plus_7_entries_and_more_is_refused(n: int) -> None:
    """docs/games.md: ``out`` holds 4n + 7 entries, room for any position of n (at most n
    parts) and for a wrong move's longer answer, which is refused naming the move."""
    wrong = gg.solitaire(name="test-compiled-too-long", compiled=True)(_fills_out_and_one_more)
    with pytest.raises(InputError, match=f"wrote {4 * n + 8} parts: more than the {4 * n + 7} "):
        wrong(n)


def test_a_session_definition_replaces_itself_and_a_clash_names_both_origins() -> None:
    def grow(position: tuple[int, ...], n: int) -> tuple[int, ...]:
        return position

    first = gg.register(grow, kind="solitaire", name="test-session-game")
    again = gg.register(grow, kind="solitaire", name="test-session-game")
    assert first.game is not again.game and get_game("test-session-game") is again.game
    assert origin("test-session-game") == f"module {__name__}"
    with pytest.raises(InputError) as error, gg_loading("file elsewhere.py"):
        gg.solitaire(name="test-session-game")(grow)
    assert f"module {__name__}" in str(error.value) and "file elsewhere.py" in str(error.value)
    with pytest.raises(InputError, match="package gamegraph-examples"):
        gg.solitaire(name="defined-bulgarian")(grow)


def test_forget_unregisters_the_games_of_one_origin_only() -> None:
    def stay(position: tuple[int, ...], n: int) -> tuple[int, ...]:
        return position

    before = generation()
    with gg_loading("file forgotten.py"):
        gg.solitaire(name="test-forgotten-one")(stay)
        gg.solitaire(name="test-forgotten-two")(stay)
    assert origin("test-forgotten-two") == "file forgotten.py"
    assert forget("file forgotten.py") == ("test-forgotten-one", "test-forgotten-two")
    assert generation() > before  # caches built from the games are rebuilt
    with pytest.raises(InputError, match="unknown game"):
        get_game("test-forgotten-one")
    assert forget("file forgotten.py") == ()
    assert get_game("bulgarian").name == "bulgarian"
    with pytest.raises(ValueError, match="built-in"):
        forget(BUILT_IN)


def gg_loading(where: str):  # type: ignore[no-untyped-def]
    from gamegraph.games.engine.declare import loading_from

    return loading_from(where)


def test_games_lists_every_origin(gamegraph: Cli, tmp_path: Path) -> None:
    one = tmp_path / "one.py"
    two = tmp_path / "two.py"
    for path, name in ((one, "test-file-one"), (two, "test-file-two")):
        path.write_text(
            "import gamegraph as gg\n\n"
            f'@gg.solitaire(name="{name}")\ndef move(p, n):\n    return p\n',
            "utf-8",
        )
    result = gamegraph("games", "--json", env={"GAMEGRAPH_GAMES_FROM": f"{one}{os.pathsep}{two}"})
    assert result.exit_code == 0, result.output
    origins = {row["name"]: row["origin"] for row in json.loads(result.stdout)}
    assert origins["bulgarian"] == "built in"
    assert origins["defined-crim"].startswith("package gamegraph-examples 1.0")
    assert origins["test-file-one"].startswith("file ") and origins["test-file-one"].endswith(
        "one.py"
    )
    assert origins["test-file-two"].endswith("two.py")


@pytest.mark.parametrize("name", ["carolina", "dual"])
def test_a_built_in_name_in_a_fresh_process_is_refused_at_once(name: str) -> None:
    """Before the built-in games were looked up, a notebook's game named `carolina` was taken
    (and used under that name); the first look-up then ended in "RuntimeError: two games are
    named 'carolina'" and left every game of the process broken."""
    code = (
        "import gamegraph as gg\n"
        "from gamegraph.errors import InputError\n"
        "from gamegraph.games import get_game\n"
        "try:\n"
        f"    @gg.solitaire(name={name!r}, space='partitions')\n"
        "    def move(position, n):\n"
        "        return position\n"
        "except InputError as e:\n"
        "    print(e)\n"
        "print(gg.bulgarian(5).stats()['cycles'], get_game(NAME).__module__)\n"
    ).replace("NAME", repr(name))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    refusal, after = done.stdout.splitlines()
    assert refusal.startswith("game ") and refusal.endswith(
        f"clashes with the game {name!r} built into gamegraph: give one of them another name"
    )
    assert after == f"1 gamegraph.games.{name}"  # B_5 has one cycle; the built-in game stands


def _version(path: Path) -> str:
    code = (
        "from gamegraph.games import get_game; print(get_game('test-versioned').engine_version())"
    )
    env = os.environ | {"GAMEGRAPH_GAMES_FROM": str(path)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_editing_the_move_changes_the_engine_version(tmp_path: Path) -> None:
    path = tmp_path / "versioned.py"
    text = (
        "import gamegraph as gg\n\n"
        '@gg.solitaire(name="test-versioned")\ndef move(p, n):\n    return p\n'
    )
    path.write_text(text, "utf-8")
    before = _version(path)
    assert _version(path) == before  # a fingerprint, not a clock
    path.write_text(text.replace("return p", "return tuple(p)"), "utf-8")
    after = _version(path)
    assert after != before and after.split("-def-")[0] == before.split("-def-")[0]
    assert (
        before.split("-def-")[0] == get_game("defined-bulgarian").engine_version().split("-def-")[0]
    )


def test_the_engine_version_hashes_what_builds_a_graph_not_the_checks_that_read_it() -> None:
    """Verify's checks read a loaded graph and write nothing: editing them must not make
    every loaded graph stale, while the engine's and the tables' modules are hashed."""
    engine = Path(importlib.import_module("gamegraph.games.engine.build").__file__ or "").parent
    crim = Path(importlib.import_module("gamegraph.games.crim").__file__ or "").parent
    hashed = {p.name for p in _python_files(engine)} | {p.name for p in _python_files(crim)}
    assert {"build.py", "graphs.py", "tables.py", "engine.py", "_kernels.py"} <= hashed
    assert not {"checks.py", "functional_checks.py", "arc_checks.py"} & hashed


def test_a_cypher_file_beside_the_definition_adds_its_queries(
    gamegraph: Cli, tmp_path: Path
) -> None:
    (tmp_path / "extra.py").write_text(
        "import gamegraph as gg\n\n"
        '@gg.solitaire(name="test-extra-queries", queries="extra.cypher")\n'
        "def move(p, n):\n    return p\n",
        "utf-8",
    )
    (tmp_path / "extra.cypher").write_text(
        "// name: test_extra_queries_fixed\n"
        "// The positions that move to themselves.\n"
        "// params: n:int\n"
        "// requires: test-extra-queries\n"
        "// example: :param n => 6\n"
        "MATCH (p:TestExtraQueries {n: $n})-[:TEST_EXTRA_QUERIES_MOVE]->(p) RETURN p.key AS key\n",
        "utf-8",
    )
    listed = gamegraph("query", "--list", "--games-from", str(tmp_path / "extra.py"))
    assert listed.exit_code == 0, listed.output
    assert "test_extra_queries_fixed(n:int)  [requires test-extra-queries]" in listed.stdout
    assert "test_extra_queries_trajectory" in listed.stdout  # the generic ones too
    (tmp_path / "missing.py").write_text(
        "import gamegraph as gg\n\n"
        '@gg.solitaire(name="test-missing-queries", queries="nowhere.cypher")\n'
        "def move(p, n):\n    return p\n",
        "utf-8",
    )
    missing = gamegraph("games", "--games-from", str(tmp_path / "missing.py"))
    assert missing.exit_code == 2 and "no such file beside the definition" in missing.stderr


def _pass_the_pile(hands: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Two players: each takes a card from each pile and hands the new pile to the other."""
    first, second = hands
    keep = [tuple(sorted([p - 1 for p in hand if p > 1], reverse=True)) for hand in hands]
    given = [len(second), len(first)]
    return tuple(
        tuple(sorted([*kept, *([c] if c else [])], reverse=True))
        for kept, c in zip(keep, given, strict=True)
    )


def test_a_game_on_a_space_of_the_core_gets_and_returns_its_own_positions() -> None:
    from gamegraph.core.spaces import PartitionTuples

    seen: list[object] = []

    def move(position: tuple[tuple[int, ...], ...], n: int) -> tuple[tuple[int, ...], ...]:
        seen.append(position)
        return _pass_the_pile(position)

    factory = gg.solitaire(
        name="test-pass-the-pile",
        space=gg.space(lambda n: PartitionTuples(n, 2), described="two hands"),
    )(move)
    for n in range(1, 9):
        built = factory(n)
        space = PartitionTuples(n, 2)
        assert built.size == space.cardinality()  # A000712
        for i in range(built.size):  # the move of each position, by the space's own ids
            position = space.unrank(i)
            assert space.unrank(int(built.successor[i])) == _pass_the_pile(position)
        assert built.keys() == [space.format(p) for p in space]
        last = built.size - 1
        assert built.index(space.format(space.unrank(last))) == last
    assert all(isinstance(hand, tuple) for p in seen for hand in p)  # hands, not rows


def test_a_move_that_leaves_a_space_of_the_core_names_the_position_and_why() -> None:
    from gamegraph.core.spaces import PartitionTuples

    @gg.solitaire(name="test-losing-a-card", space=gg.space(lambda n: PartitionTuples(n, 2)))
    def move(position: tuple[tuple[int, ...], ...], n: int) -> tuple[tuple[int, ...], ...]:
        first, second = position
        return (first[1:], second)  # the first pile of the first hand disappears

    with pytest.raises(InputError, match=r"returned .* which is not one of .*(cards|add up)"):
        move(5)


def test_a_move_to_no_parts_on_a_pointer_space_is_refused_as_the_user_s_not_an_internal_error() -> (
    None
):
    # before: 'error: internal error (IndexError ...)', from the pointer space's check of
    # the pointed-at pile on rows with no entries at all
    from gamegraph.core.spaces import PointerCompositions

    @gg.solitaire(
        name="test-no-parts",
        space=gg.space(lambda n: PointerCompositions(n, 2)),
    )
    def move(position: tuple[int, ...], n: int) -> tuple[int, ...]:
        return ()

    with pytest.raises(
        InputError, match=r"move\(\(3, 0\), n=3\) returned \(\), which is not one of"
    ):
        move(3)


def test_a_compiled_move_on_compositions_gives_carolina_solitaire() -> None:
    @numba.njit
    def move(parts: np.ndarray, n: int, out: np.ndarray) -> int:
        out[0] = parts.shape[0]  # C: the new pile of c cards in front, every pile less one
        m = 1
        for v in parts:
            if v > 1:
                out[m] = v - 1
                m += 1
        return m

    factory = gg.solitaire(name="test-compiled-carolina", space="compositions", compiled=True)(move)
    for n in range(1, 12):
        assert factory(n).successor.tolist() == gg.carolina(n).successor.tolist(), n


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3,x", "bad entry 'x' in '3,x': entries are nonnegative integers"),
        ("2^0", "exponent 0 in '2^0'"),
        ("", "empty position ''"),
        ("1^99999999999", "add up to more than 1,000,000"),  # refused before it is written out
    ],
)
def test_a_reachable_space_reads_position_text_as_the_core_reads_it(
    text: str, message: str
) -> None:
    space = gg.reachable(start=[(3, 0)])
    assert space.parse("[3 0]", 3) == space.parse("3,0", 3) == space.parse("3 0^1", 3) == (3, 0)
    with pytest.raises(InputError, match=re.escape(message)) as error:
        space.parse(text, 3)
    assert "\n" not in str(error.value)
