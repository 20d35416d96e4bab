"""`gamegraph table` and `gamegraph check` on a real local Dask cluster (two worker
processes): the rows and verdicts equal those computed in this process, for a built-in game,
a game defined in a file (each worker loads the file itself) and a user's column from a file;
rows computed on the cluster are cached and read back without one."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import gamegraph as gg
from gamegraph.cluster import configure
from gamegraph.questions.conjectures import check_file
from gamegraph.questions.tables import compute_table, parse_columns

EXAMPLE = Path(__file__).parents[2] / "examples" / "conjectures" / "conjectures.py"
pytestmark = pytest.mark.filterwarnings(
    "ignore::ResourceWarning", "ignore::pytest.PytestUnraisableExceptionWarning"
)


def _both(fn):  # type: ignore[no-untyped-def]
    configure(local=True)
    try:
        here = fn()
    finally:
        configure()
    configure(workers=2)
    try:
        there = fn()
    finally:
        configure()
    return here, there


def test_a_table_on_two_workers_equals_the_table_computed_here(tmp_path: Path) -> None:
    columns_file = tmp_path / "cols.py"
    columns_file.write_text("def on_cycle(graph):\n    return int(graph.on_cycle.sum())\n")
    definitions = tmp_path / "defined.py"
    definitions.write_text(
        textwrap.dedent(
            """
            import gamegraph as gg

            @gg.solitaire(name="dask-table-bulgarian", space="partitions")
            def move(position, n):
                return tuple(sorted([len(position), *(p - 1 for p in position if p > 1)],
                                    reverse=True))
            """
        )
    )
    from gamegraph.games.sources import load_file

    load_file(definitions)
    builtin = gg.bulgarian.game
    defined = gg.registered_games()["dask_table_bulgarian"].game
    ns = range(20, 41)
    columns = parse_columns(builtin, ["cycles", "garden_of_eden"], [f"{columns_file}:on_cycle"])
    here, there = _both(lambda: compute_table(builtin, ns, columns=columns, cache=None))
    assert there.rows == here.rows and there.computed == len(ns)
    cache = tmp_path / "cache"
    configure(workers=2)
    try:
        first = compute_table(
            defined, ns, columns=parse_columns(defined, ["garden_of_eden"]), cache=cache
        )
    finally:
        configure()
    again = compute_table(
        defined, ns, columns=parse_columns(defined, ["garden_of_eden"]), cache=cache
    )
    assert [r["garden_of_eden"] for r in first.rows] == [r["garden_of_eden"] for r in here.rows]
    assert (first.computed, again.computed) == (len(ns), 0)


def test_conjectures_on_two_workers_give_the_verdicts_found_here() -> None:
    only = ["cycles_are_necklaces", "one_cycle_only_for_triangular_n"]
    here, there = _both(lambda: check_file(EXAMPLE, range(1, 31), only=only))
    assert [v.as_dict() for v in there] == [v.as_dict() for v in here]
    assert [v.held for v in there] == [True, False]


def test_workers_set_in_the_environment_build_a_defined_game_inside_each_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GAMEGRAPH_DASK_WORKERS, which the command line turns into --workers, is inherited by
    the workers' own processes too: a defined game built there runs its shards in that
    worker, as with --workers, and starts no cluster inside it (which failed with 'Nanny
    failed to start')."""
    definitions = tmp_path / "env_defined.py"
    definitions.write_text(
        textwrap.dedent(
            """
            import gamegraph as gg

            @gg.solitaire(name="dask-env-two-card", space="partitions")
            def move(position, n):
                taken = sum(min(2, p) for p in position)
                return tuple(sorted([*(p - 2 for p in position if p > 2), taken],
                                    reverse=True))
            """
        )
    )
    from gamegraph.games.sources import load_file

    load_file(definitions)
    game = gg.registered_games()["dask_env_two_card"].game
    columns = parse_columns(game, ["cycles", "garden_of_eden"])
    monkeypatch.setenv("GAMEGRAPH_DASK_WORKERS", "2")
    here, there = _both(lambda: compute_table(game, range(1, 13), columns=columns, cache=None))
    assert there.rows == here.rows and there.computed == 12
    # the cycles of mygame in docs/games.md: two at n = 4 and 8, one at the other n up to 8
    assert [r["cycles"] for r in here.rows][:8] == [1, 1, 1, 2, 1, 1, 1, 2]
