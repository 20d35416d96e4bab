"""CRIM's P/N sweep with one bit per position (issue 20 item 3) against the brute force of
tests/seed_reference.py from the definition (delete one row or one column; the mex of the
options' values), to size 26 position by position and to size 30 in the counts per size.
Beyond, to size 40, the counts are compared with the engine's Grundy sweep: that one shares
crim_options with the P/N kernels, so it checks only the P/N step against the mex there."""

from __future__ import annotations

import numpy as np
from seed_reference import crim_positions, crim_sg, parts_of

from gamegraph.games import _kernels as gk
from gamegraph.games.crim import _pn_kernels as pk
from gamegraph.games.crim.engine import sweep_crim
from gamegraph.games.crim.evenrank import (
    bits_bytes,
    even_rank_sweep,
    partition_counts,
    project_seconds,
)

N_BRUTE = 30  # the brute force's counts per size reach this size (about a second)


def test_p_n_bits_equal_grundy_zero_for_every_partition_of_size_at_most_26() -> None:
    n = 26
    table = gk.rank_table(n)
    counts = [int(table[s, s]) for s in range(n + 1)]
    offsets = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
    bits = np.zeros(int(offsets[-1]) // 8 + 1, dtype=np.uint8)
    bits[0] = 1
    for s in range(1, n + 1):
        pk.pn_size_parallel(s, table, offsets, bits, 3)
    flags = np.unpackbits(bits, bitorder="little")[: int(offsets[-1])].astype(bool)
    every = crim_positions(n)  # by size, then descending lexicographic: the bits' numbering
    assert flags.tolist() == [crim_sg(lam) == 0 for lam in every]
    assert np.array_equal(flags, sweep_crim(n).grundy == 0)


def test_sweep_counts_p_positions_per_size_and_finds_no_odd_rank_p_to_size_40() -> None:
    result = even_rank_sweep(40, 1e9)
    reference = sweep_crim(40)
    assert result.reached == 40 and result.first_odd_rank_p is None
    counted = [s.p_positions for s in result.sizes]
    for m in range(1, N_BRUTE + 1):
        p = [lam for lam in parts_of(m) if crim_sg(lam) == 0]
        assert counted[m - 1] == len(p), m
        odd = sum(1 for lam in p if (lam[0] - len(lam)) % 2)
        assert result.sizes[m - 1].odd_rank_p == odd == 0, m
    assert counted == [int(v) for v in reference.p_count[1:]]
    assert all(s.odd_rank_p == 0 for s in result.sizes)


def test_bits_for_size_100_take_under_200_mib_and_the_budget_stops_the_sweep() -> None:
    assert sum(partition_counts(100)) == 1_642_992_568
    assert bits_bytes(100) < 200 * 2**20
    short = even_rank_sweep(60, 0.0)
    assert short.reached == 1 and project_seconds(short.sizes, 60) >= 0.0
