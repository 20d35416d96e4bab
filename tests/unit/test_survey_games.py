"""The survey's five games (issue #29) against the brute force of tests/survey_reference.py,
for every n <= 12 and every number of players <= 4 (the 3D game: every move), the counts of
positions against OEIS, one player against Bulgarian solitaire, and `stats --json`."""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest
import survey_reference as ref
from cli_support import CliResult

from gamegraph.core.spaces import Necklaces, PartitionTuples, PlanePartitions, PointerCompositions
from gamegraph.games import get_game
from gamegraph.games.registry import BUILT_IN, origin
from gamegraph.games.survey import GAMES
from gamegraph.games.survey import positions as pos
from gamegraph.games.survey.positions import MOVES_3D

Cli = Callable[..., CliResult]

KEYS = ("positions", "cycles", "cycle_lengths", "garden_of_eden", "max_transient")
NS = range(1, 13)
PLAYERS = range(1, 5)

# OEIS A000712 (pairs of partitions, n = 1..12) and A000219 (plane partitions, n = 1..12)
A000712 = [2, 5, 10, 20, 36, 65, 110, 185, 300, 481, 752, 1165]
A000219 = [1, 3, 6, 13, 24, 48, 86, 160, 282, 500, 859, 1479]
# OEIS A000716 (triples of partitions, n = 1..8) and A023003 (quadruples, n = 1..8)
A000716 = [3, 9, 22, 51, 108, 221, 429, 810]
A023003 = [4, 14, 40, 105, 252, 574, 1240, 2580]


def stats(name: str, **params: Any) -> dict[str, Any]:
    built = get_game(name).create(**params).build()
    summary = built.summary()
    return {key: summary[key] for key in KEYS}


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("n", NS)
def test_multiplayer_equals_brute_force(n: int, players: int) -> None:
    expected = ref.figures(ref.multiplayer_positions(n, players), ref.multiplayer_move)
    assert stats("multiplayer-bulgarian", n=n, players=players) == expected


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("n", NS)
def test_servedio_yeh_equals_brute_force(n: int, players: int) -> None:
    expected = ref.figures(ref.servedio_yeh_positions(n, players), ref.servedio_yeh_move)
    assert stats("servedio-yeh", n=n, players=players) == expected


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("n", NS)
def test_janetzko_equals_brute_force(n: int, players: int) -> None:
    expected = ref.figures(ref.janetzko_positions(n, players), ref.janetzko_move)
    assert stats("janetzko", n=n, players=players) == expected


@pytest.fixture(scope="module")
def solids() -> dict[int, list[frozenset[tuple[int, int, int]]]]:
    return {n: ref.plane_partitions(n) for n in NS}


@pytest.mark.parametrize("move", MOVES_3D)
@pytest.mark.parametrize("n", NS)
def test_bulgarian_3d_equals_brute_force(
    n: int, move: str, solids: dict[int, list[frozenset[tuple[int, int, int]]]]
) -> None:
    expected = ref.figures(solids[n], lambda s: ref.layer_move(s, move))
    assert stats("bulgarian-3d", n=n, layer_move=move) == expected


@pytest.mark.parametrize("n", NS)
def test_red_green_equals_brute_force(n: int) -> None:
    expected = ref.figures(ref.red_green_positions(n), ref.red_green_move)
    assert stats("red-green-bulgarian", n=n) == expected


def test_position_counts_are_the_oeis_sequences() -> None:
    def count(name: str, **params: Any) -> int:
        return int(get_game(name).create(**params).build().summary()["positions"])

    assert [count("multiplayer-bulgarian", n=n, players=2) for n in NS] == A000712
    assert [count("multiplayer-bulgarian", n=n, players=3) for n in range(1, 9)] == A000716
    assert [count("multiplayer-bulgarian", n=n, players=4) for n in range(1, 9)] == A023003
    assert [count("red-green-bulgarian", n=n) for n in NS] == A000712
    for move in MOVES_3D:
        assert [count("bulgarian-3d", n=n, layer_move=move) for n in NS] == A000219


@pytest.mark.parametrize("n", NS)
def test_one_player_is_bulgarian_solitaire(n: int) -> None:
    """With one player the hand passes to itself: B_n exactly, position by position."""
    multi = get_game("multiplayer-bulgarian").create(n=n, players=1).build()
    bulgarian = get_game("bulgarian").create(n=n).build()
    assert stats("multiplayer-bulgarian", n=n, players=1) == {
        key: bulgarian.summary()[key] for key in KEYS
    }
    keys = [k.removesuffix(",0") for k in multi.keys()]  # noqa: SIM118 (a method, no dict)
    successor = {keys[i]: keys[int(j)] for i, j in enumerate(multi.successor)}
    b_keys = bulgarian.keys()
    assert successor == {b_keys[i]: b_keys[int(j)] for i, j in enumerate(bulgarian.successor)}


def test_janetzko_move_is_a_bijection() -> None:
    """Each position has one predecessor: no Garden of Eden, every position on a cycle."""
    for n in NS:
        for c in PLAYERS:
            summary = get_game("janetzko").create(n=n, players=c).build().summary()
            assert summary["garden_of_eden"] == 0 and summary["max_transient"] == 0


def test_the_five_games_are_built_in_and_listed(gamegraph: Cli) -> None:
    result = gamegraph("games")
    assert result.exit_code == 0
    for name in GAMES:
        assert origin(name) == BUILT_IN
        assert f"{name}  (" in result.output
    assert "--players" in result.output and "--move" in result.output


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("multiplayer-bulgarian", ["--players", "3"]),
        ("servedio-yeh", ["--players", "4"]),
        ("janetzko", ["--players", "4"]),
        ("bulgarian-3d", ["--move", "xz"]),
        ("red-green-bulgarian", []),
    ],
)
def test_stats_json_has_the_functional_keys(gamegraph: Cli, name: str, options: list[str]) -> None:
    result = gamegraph("stats", name, "--n", "7", *options, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    params: dict[str, Any] = {"n": 7}
    if options:
        key = {"--players": "players", "--move": "layer_move"}[options[0]]
        params[key] = int(options[1]) if key == "players" else options[1]
    assert {key: data[key] for key in KEYS} == {
        key: ({str(k): v for k, v in value.items()} if isinstance(value, dict) else value)
        for key, value in stats(name, **params).items()
    }


SPACES: list[tuple[str, Callable[[int, int], list[Any]], Callable[..., Any]]] = [
    ("multiplayer-bulgarian", ref.multiplayer_positions, lambda n, s: PartitionTuples(n, s)),
    ("servedio-yeh", ref.servedio_yeh_positions, lambda n, s: Necklaces(n, length=s, weak=True)),
    ("janetzko", ref.janetzko_positions, lambda n, s: PointerCompositions(n, s)),
]


def _count(listed: list[Any]) -> int:
    """How many positions the brute force lists, each once."""
    assert len(set(listed)) == len(listed)
    return len(listed)


@pytest.mark.parametrize(("name", "listed", "space"), SPACES, ids=[n for n, _, _ in SPACES])
def test_position_count_is_the_space_cardinality_and_the_brute_force_count(
    name: str, listed: Callable[[int, int], list[Any]], space: Callable[..., Any]
) -> None:
    """Each game's graph holds as many positions as the brute force of survey_reference
    lists, and its core space counts as many without listing (Burnside for the necklaces,
    the product recurrence for hands, a binomial for the pointer's tables)."""
    for n in range(1, 9):
        for players in PLAYERS:
            expected = _count(listed(n, players))
            graph = get_game(name).create(n=n, players=players).build()
            assert graph.summary()["positions"] == expected, (n, players)
            assert space(n, players).cardinality() == expected, (n, players)


def test_3d_and_red_green_counts_are_their_spaces_cardinalities_and_the_brute_force_counts(
    solids: dict[int, list[frozenset[tuple[int, int, int]]]],
) -> None:
    for n in range(1, 9):
        planes = _count(solids[n])
        assert PlanePartitions(n).cardinality() == planes
        for move in MOVES_3D:
            graph = get_game("bulgarian-3d").create(n=n, layer_move=move).build()
            assert graph.summary()["positions"] == planes
        pairs = _count(ref.red_green_positions(n))
        assert PartitionTuples(n, 2).cardinality() == pairs
        graph = get_game("red-green-bulgarian").create(n=n).build()
        assert graph.summary()["positions"] == pairs


# The one worked example the stored copies of Grensjö's thesis show (its introduction, 15 cards;
# https://issuu.com./rays0/docs/bulgarian-solitaire-in-three-dimens): the two-dimensional game.
# The thesis's 3D moves "each [are] based on executing the original operation on different
# layers of the Young diagram individually" (its abstract); on a flat plane partition (one
# layer of height 1) the z-moves are the original operation on that layer: zy plays it on the
# rows, zx on the columns. Everything past the abstract (the moves' own definitions, their
# examples) could not be read, so this is all of the thesis the 3D game is tested against.
GRENSJO_INTRO = [(7, 4, 2, 2), (6, 4, 3, 1, 1), (5, 5, 3, 2), (4, 4, 4, 2, 1), (5, 3, 3, 3, 1)]
GRENSJO_INTRO += [(5, 4, 2, 2, 2)]


def _conjugate(parts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(1 for p in parts if p > j) for j in range(parts[0]))


def _flat_row(parts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The plane partition of height 1 on the shape ``parts``: its rows."""
    return tuple((1,) * p for p in parts)


def _flat_cells(parts: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    return frozenset((i, j, 0) for i, p in enumerate(parts) for j in range(p))


def test_the_thesis_example_on_a_flat_plane_partition() -> None:
    assert all(sum(lam) == 15 for lam in GRENSJO_INTRO)
    for before, after in pairwise(GRENSJO_INTRO):
        assert ref.bulgarian(before) == after
        assert pos.bulgarian_3d_move(_flat_row(before), "zy") == _flat_row(after)
        assert ref.layer_move(_flat_cells(before), "zy") == _flat_cells(after)
        # zx plays the move on the columns: the conjugate shapes follow the same sequence
        flat, next_flat = _conjugate(before), _conjugate(after)
        assert pos.bulgarian_3d_move(_flat_row(flat), "zx") == _flat_row(next_flat)
        assert ref.layer_move(_flat_cells(flat), "zx") == _flat_cells(next_flat)
    # the excerpt breaks off at "(5, 4, 3, ": the next partition begins so
    assert ref.bulgarian(GRENSJO_INTRO[-1])[:3] == (5, 4, 3)
