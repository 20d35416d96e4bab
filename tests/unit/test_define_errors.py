"""Bad definitions are the user's mistakes (issue 18 item 5): each gives one `error:` line
and exit code 2, naming the definition's file and line, the position and what was wrong;
nothing is built. Each case is a definitions file loaded with --games-from."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_support import CliResult

from gamegraph.games.partitions import partitions

Cli = Callable[..., CliResult]

HEAD = "import gamegraph as gg\nimport random\n\n"

CASES: list[tuple[str, str, list[str], list[str]]] = [
    # (case, body after HEAD ({name} is the game's name), extra stats args, expected pieces)
    (
        "move raises",
        '@gg.solitaire(name="{name}")\ndef move(position, n):\n    return position[5]\n',
        [],
        [r"bad\.py:4", r"move\(\(6,\), n=6\) raised IndexError", r"bad\.py:6"],
    ),
    (
        "another n",
        '@gg.solitaire(name="{name}")\ndef move(position, n):\n    return (*position, 1)\n',
        [],
        [r"bad\.py:4", r"returned \(6, 1\)", r"add up to 7, not n = 6"],
    ),
    (
        "not a partition",
        '@gg.solitaire(name="{name}")\n'
        "def move(position, n):\n    return tuple(sorted(position))\n",
        [],
        [r"bad\.py:4", r"returned \(1, 5\)", "nonincreasing order"],
    ),
    (
        "not a tuple",
        '@gg.solitaire(name="{name}")\ndef move(position, n):\n    return None\n',
        [],
        [r"bad\.py:4", r"returned None", "not a position"],
    ),
    (
        "a float part",
        '@gg.solitaire(name="{name}")\ndef move(position, n):\n    return (n / 1,)\n',
        [],
        [r"bad\.py:4", r"returned \(6\.0,\)", "not a position"],
    ),
    (
        "outside the narrowed space",
        '@gg.solitaire(name="{name}", space=gg.partitions(where=lambda p, n: len(p) < 3))\n'
        "def move(position, n):\n    return (1,) * n\n",
        [],
        [r"bad\.py:4", r"returned \(1, 1, 1, 1, 1, 1\)", "outside the declared space"],
    ),
    (
        "changes its mind",
        '@gg.solitaire(name="{name}", space="compositions")\n'
        "def move(position, n):\n    return random.choice([(n,), (1,) * n])\n",
        ["--n", "12"],
        [r"bad\.py:4", "and then", "same result for the same position"],
    ),
    (
        "a zero part",
        '@gg.solitaire(name="{name}", space="compositions")\n'
        "def move(position, n):\n    return (len(position), *(p - 1 for p in position))\n",
        [],
        [r"bad\.py:4", r"move\(\(5, 1\), n=6\) returned \(2, 4, 0\)", "part below 1"],
    ),
    (
        "moves not iterable",
        '@gg.choice_solitaire(name="{name}")\ndef moves(position, n):\n    return 3\n',
        [],
        [r"bad\.py:4", r"moves\(\(6,\), n=6\) returned 3, which is not an iterable"],
    ),
    (
        "an option of another size",
        '@gg.impartial(name="{name}", space="partitions-up-to")\n'
        "def moves(position, n):\n    return [(n + 1,)]\n",
        [],
        [r"bad\.py:4", r"moves\(\(\), n=6\) gave the option \(7,\)", "more than n = 6"],
    ),
    (
        "where is no predicate",
        '@gg.solitaire(name="{name}", space=gg.partitions(where=lambda p, n: len(p)))\n'
        "def move(position, n):\n    return position\n",
        [],
        [r"bad\.py:4", r"returned 1, not True or False"],
    ),
    (
        "reachable goes negative",
        '@gg.solitaire(name="{name}", space=gg.reachable(start=lambda n: (n, 0)))\n'
        "def move(position, n):\n    return (position[0] - 1, position[1] + 1)\n",
        [],
        [r"bad\.py:4", r"gave \(-1, 7\)", "nonnegative"],
    ),
    (
        "an empty start",  # was read as the one empty position (): 1 position, 1 fixed point
        '@gg.solitaire(name="{name}", space=gg.reachable(start=lambda n: []))\n'
        "def move(position, n):\n    return position\n",
        [],
        [r"game 'bad-an-empty-start' \(\S*bad\.py:4\)", r"start gave \[\], no positions"],
    ),
    (
        "wrong signature",
        '@gg.solitaire(name="{name}")\ndef move(position):\n    return position\n',
        [],
        [r"bad\.py:4", r"cannot be called as move\(position, n\)"],
    ),
    (
        "a space factory of an undeclared parameter",
        "from gamegraph.core.spaces import PartitionTuples\n\n\n"
        '@gg.solitaire(name="{name}", '
        "space=gg.space(lambda n, players: PartitionTuples(n, players)))\n"
        "def move(position, n):\n    return position\n",
        [],
        [
            r"bad\.py:7",
            r"the space's factory <lambda>\(n, players\) cannot be called as <lambda>\(n\)",
            "missing a required argument: 'players'",
        ],
    ),
    (
        "bad name",
        '@gg.solitaire(name="Bad Name {name}")\ndef move(position, n):\n    return position\n',
        [],
        [r"bad\.py:4", "is no game name"],
    ),
    (
        "no such space",
        '@gg.solitaire(name="{name}", space="boards")\n'
        "def move(position, n):\n    return position\n",
        [],
        [r"bad\.py:4", "space='boards' is no position space"],
    ),
    (
        "a syntax error",
        '@gg.solitaire(name="{name}")\ndef move(position, n)\n    return position\n',
        [],
        [r"bad\.py:5: syntax error"],
    ),
    (
        "the file raises",
        'raise RuntimeError("no deck")\n',
        [],
        [r"bad\.py:4: loading the definitions failed: RuntimeError: no deck"],
    ),
    (
        "a built-in name",
        '@gg.solitaire(name="bulgarian")\ndef move(position, n):\n    return position\n',
        [],
        ["from file .*bad.py clashes with the game 'bulgarian' built into gamegraph"],
    ),
    (
        "too large",
        '@gg.solitaire(name="{name}")\ndef move(position, n):\n    return position\n',
        ["--n", "250"],
        ["would need", "over the limit"],
    ),
    (
        "a move that changes its mind at a small n",
        # B_6 has 11 positions: (3, 3) is neither the first nor a 97th; every one of the
        # first positions of a shard is asked twice
        "SEEN = set()\n\n\n"
        '@gg.solitaire(name="{name}")\n'
        "def move(position, n):\n"
        "    if position == (3, 3) and position in SEEN:\n"
        "        return (6,)\n"
        "    SEEN.add(position)\n"
        "    return position\n",
        [],
        [r"3, ?3", r"returned \(3, 3\) and then \(6,\)", "the same result for the same position"],
    ),
    (
        "a compiled move that does not compile",
        '@gg.solitaire(name="{name}", compiled=True)\n'
        "def move(parts, n, out):\n    out[0] = {{}}\n    return 1\n",
        [],
        [r"bad\.py:4", "does not compile with numba"],
    ),
]


@pytest.mark.parametrize(("case", "body", "extra", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_definition_is_one_error_line_naming_it(
    case: str, body: str, extra: list[str], expected: list[str], gamegraph: Cli, tmp_path: Path
) -> None:
    name = "bad-" + re.sub(r"[^a-z]+", "-", case).strip("-")
    path = tmp_path / "bad.py"
    path.write_text(HEAD + body.replace("{name}", name).replace("{{}}", "{}"), "utf-8")
    args = ["stats", name, "--n", "6", *extra] if "built-in" not in case else ["games"]
    result = gamegraph(*args, "--games-from", str(path))
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert "Traceback" not in result.output
    for piece in expected:
        assert re.search(piece, lines[0]), (piece, lines[0])
    if case in DECLARATIONS:  # refused as it is declared: nothing of its file registers
        assert name not in gamegraph("games", "--json").stdout


DECLARATIONS = {
    "wrong signature",
    "a space factory of an undeclared parameter",
    "bad name",
    "no such space",
    "a syntax error",
    "the file raises",
    "a built-in name",
}


RUNAWAY = """import gamegraph as gg


@gg.solitaire(name="runaway", space=gg.reachable(start=lambda n: (n,)))
def move(position, n):
    return (position[0] + 1, position[0] % 7)
"""
"""A game whose search from its start never ends: each move reaches a new position."""


def test_a_search_that_never_ends_stops_at_the_memory_limit_unless_forced(tmp_path: Path) -> None:
    """`export` (and `load`, by the same planned build) searched a reachable space past the
    memory limit, since the loader builds what it planned with force: it ran until the
    machine ran out of memory. It stops where `stats` stops, unless --force was given."""
    import subprocess
    import sys

    path = tmp_path / "runaway.py"
    path.write_text(RUNAWAY, "utf-8")
    args = ["export", "--games", "runaway", "--n", "3", "--games-from", str(path)]
    done = subprocess.run(
        [sys.executable, "-m", "gamegraph", *args, "--out", str(tmp_path / "out")],
        env={**os.environ, "GAMEGRAPH_MEMORY_LIMIT": "72M"},
        capture_output=True,
        text=True,
        timeout=120,  # the old export ran on, past any limit
    )
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert "the positions reachable from the start are more than 188,743" in lines[0]
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_search_that_never_ends_shows_its_progress_until_the_limit_stops_it(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """A runaway `gg.reachable` search showed nothing until the memory limit stopped it. Its
    build reports every 10,000 positions searched, of the positions found so far (a total that
    grows, since each move finds a new one), and then stops at the limit as before."""
    import gamegraph as gg
    from gamegraph.games.limits import TooLargeError
    from gamegraph.games.registry import forget, origin

    def runaway(position: tuple[int, ...], n: int) -> tuple[int, ...]:
        return (position[0] + 1, position[0] % 7)

    factory = gg.solitaire(name="test-runaway-progress", space=gg.reachable(start=lambda n: (n,)))(
        runaway
    )
    where_from = origin("test-runaway-progress")
    request.addfinalizer(lambda: forget(where_from))
    monkeypatch.setenv("GAMEGRAPH_MEMORY_LIMIT", "72M")
    seen: list[tuple[str, int, int]] = []
    with pytest.raises(TooLargeError, match="more than 188,743"):
        factory.graph(3).build(
            progress=lambda stage, done, total: seen.append((stage, done, total))
        )
    assert {stage for stage, _, _ in seen} == {"positions searched (of those found)"}
    assert [done for _, done, _ in seen] == list(range(10_000, 180_001, 10_000))
    # every position searched found one more, and the start was found before any
    assert all(total == done + 1 for _, done, total in seen), seen[:3]


def test_a_planned_graph_is_built_forced_only_when_the_request_is() -> None:
    from gamegraph.loader.plan import LoadRequest

    assert not any(p.forced for p in LoadRequest.parse("5", "bulgarian,crim").plan())
    assert all(p.forced for p in LoadRequest.parse("5", "bulgarian,crim", force=True).plan())


RAISES = """import statistics

import gamegraph as gg


@gg.solitaire(name="raises-{name}", space="partitions")
def move(position, n):
    if len(position) == 3:
        return {raising}
    return tuple(sorted([len(position), *(p - 1 for p in position if p > 1)], reverse=True))
"""
RAISING = {  # the move's line 9, and what it raised
    "itself": ("(n // 0,)", "ZeroDivisionError: integer division or modulo by zero"),
    "in-a-library": (
        "(round(statistics.mean([])),)",
        "StatisticsError: mean requires at least one data point",
    ),
}


@pytest.mark.parametrize("name", RAISING)
@pytest.mark.parametrize("where", ["here", "on a Dask worker"])
def test_a_move_that_raises_is_reported_at_its_own_file_and_line(
    name: str,
    where: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    """The error named the deepest frame of the traceback: a library's line when the move's
    call into it raised, and on a Dask worker ``<dynamic-code>:9``, since a definition from a
    file reaches the workers pickled by value (``--workers``, ``--scheduler``) and cloudpickle
    renames its code's file. It names the line of the definition's file. The shard task runs
    as it runs in a worker: on the call and space cloudpickle gave back."""
    import cloudpickle

    import gamegraph as gg
    from gamegraph.games import sources
    from gamegraph.games.engine.calls import Call, shard_moves
    from gamegraph.games.engine.definition import DefinitionError
    from gamegraph.games.registry import forget, origin

    raising, raised_what = RAISING[name]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.py").write_text(RAISES.format(name=name, raising=raising), "utf-8")
    # the file and its game are forgotten after the test: every case's file is `mine.py`
    # here, but not to a Dask worker of a later test, which is sent every file loaded
    monkeypatch.setattr(sources, "_LOADED_FILES", {})
    module = sources.load_file(tmp_path / "mine.py")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    where_from = origin(f"raises-{name}")
    request.addfinalizer(lambda: forget(where_from))
    game = gg.registered_games()[f"raises_{name.replace('-', '_')}"].game.create(n=6)
    d = game.definition
    call = Call(d.name, d.where, d.kind, d.fn, d.space, game.values())
    task = (call, d.space.of(n=6), 0, 11)
    if where == "on a Dask worker":
        cloudpickle.register_pickle_by_value(module)  # as the engine does before Dask runs it
        try:
            task = cloudpickle.loads(cloudpickle.dumps(task))
        finally:
            cloudpickle.unregister_pickle_by_value(module)
        assert task[0].fn.__code__.co_filename == "<dynamic-code>"
    with pytest.raises(DefinitionError) as raised:
        shard_moves(*task)
    assert re.fullmatch(
        rf"game 'raises-{name}' \(mine\.py:6\): move\(\(\d, \d, \d\), n=6\) raised "
        rf"{re.escape(raised_what)} at mine\.py:9",
        str(raised.value),
    ), str(raised.value)


def test_a_predicate_that_keeps_no_position_says_so_in_one_warning_line(
    gamegraph: Cli, tmp_path: Path
) -> None:
    # no partition of 5 has only even parts: the graph is empty, and the user is told why
    path = tmp_path / "evens.py"
    path.write_text(
        HEAD + '@gg.solitaire(name="evens", space=gg.partitions(where=lambda p, n: '
        "all(x % 2 == 0 for x in p)))\ndef move(position, n):\n    return position\n",
        "utf-8",
    )
    empty = gamegraph("stats", "evens", "--n", "5", "--json", "--games-from", str(path))
    assert empty.exit_code == 0, empty.output
    assert json.loads(empty.stdout)["positions"] == 0
    assert empty.stderr.strip().splitlines() == [
        "warning: evens(n=5) has no position: its predicate <lambda> holds for none of the 7 "
        "positions of its space (Partitions(5))"
    ]
    kept = gamegraph("stats", "evens", "--n", "6", "--json", "--games-from", str(path))
    assert kept.exit_code == 0 and not kept.stderr.strip(), kept.output
    evens = sum(1 for p in partitions(6) if all(x % 2 == 0 for x in p))  # (6), (4,2), (2,2,2)
    assert json.loads(kept.stdout)["positions"] == evens == 3


def test_a_notebook_cell_that_raises_on_a_dask_worker_is_named_by_its_cell_file(
    monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """A notebook's definitions live in ``__main__``, which has no ``__file__``: a worker
    got them by value, their code's file renamed ``<dynamic-code>``, and the error said
    ``at <dynamic-code>:9``. It names the cell's file, as the definition's place does."""
    import types

    import cloudpickle

    import gamegraph as gg
    from gamegraph.games.engine.calls import Call, shard_moves
    from gamegraph.games.engine.definition import DefinitionError
    from gamegraph.games.registry import forget, origin

    cell = "/tmp/ipykernel_4242/1234567.py"  # what IPython names a cell's code
    notebook = types.ModuleType("notebook_main")
    monkeypatch.setitem(sys.modules, notebook.__name__, notebook)
    source = RAISES.format(name="in-a-notebook", raising=RAISING["itself"][0])
    exec(compile(source, cell, "exec"), notebook.__dict__)  # a cell, as IPython runs it
    request.addfinalizer(lambda: forget(origin("raises-in-a-notebook")))
    game = gg.registered_games()["raises_in_a_notebook"].game.create(n=6)
    d = game.definition
    assert d.where == f"{cell}:6"
    cloudpickle.register_pickle_by_value(notebook)
    try:
        call, space = cloudpickle.loads(
            cloudpickle.dumps(
                (Call(d.name, d.where, d.kind, d.fn, d.space, game.values()), d.space.of(n=6))
            )
        )
    finally:
        cloudpickle.unregister_pickle_by_value(notebook)
    assert call.fn.__code__.co_filename == "<dynamic-code>"
    with pytest.raises(DefinitionError) as raised:
        shard_moves(call, space, 0, 11)
    assert str(raised.value).endswith(f"raised {RAISING['itself'][1]} at {cell}:9"), raised.value
