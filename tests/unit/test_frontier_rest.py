"""The resumable frontier drivers (issue 30 item 5) give the answers of the surveys they
continue: Fagan basins by chunk equal the sieve's, and the checkpointed CRIM sweep finds the
P-positions the one-process sweep finds, resuming after an interruption at the next size."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamegraph.cluster import configure
from gamegraph.games.crim.evenrank import even_rank_sweep
from gamegraph.games.tchoukaillon.basins import basin_sizes
from gamegraph.questions.frontier_rest import crim_rest, fagan_rest


@pytest.fixture(autouse=True)
def here() -> Iterator[None]:
    configure(local=True)
    try:
        yield
    finally:
        configure()


def test_fagan_rest_finds_the_small_basins_the_sieve_gives(tmp_path: Path) -> None:
    summary = fagan_rest(2, 60_000, tmp_path, say=lambda _: None)
    sizes = basin_sizes(2, 60_001)
    assert summary["basin_one"] == [n + 2 for n in range(len(sizes)) if sizes[n] == 1]
    assert summary["basin_one"] == [2, 3, 4, 6, 14, 1760, 39046]  # A204540 below 60,000
    assert summary["peak_worker_bytes"] > 0
    again = fagan_rest(2, 60_000, tmp_path, say=lambda _: None)
    assert again["computed_now"] == 0 and again["basin_two"] == summary["basin_two"]


def test_crim_rest_equals_the_sweep_and_resumes(tmp_path: Path) -> None:
    reference = even_rank_sweep(22, 1e9)
    first = crim_rest(22, tmp_path, positions_per_task=4096, say=lambda _: None)
    state_path = tmp_path / "crim-pn-22.json"
    state = json.loads(state_path.read_text())
    assert [s["p_positions"] for s in state["sizes"]] == [s.p_positions for s in reference.sizes]
    assert first["odd_rank_p"] == 0 and first["reached"] == 22
    # interrupted after size 15: the next run computes sizes 16..22 again from the bits
    state["sizes"] = state["sizes"][:15]
    state_path.write_text(json.dumps(state))
    resumed = crim_rest(22, tmp_path, positions_per_task=4096, say=lambda _: None)
    again = json.loads(state_path.read_text())["sizes"]
    assert [s["p_positions"] for s in again] == [s.p_positions for s in reference.sizes]
    assert resumed["reached"] == 22
