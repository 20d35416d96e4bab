"""The fast sieve for f(k) and the Fagan basins built on it (issue 20 item 2).

Independent computations: the O(k) sieve of :mod:`gamegraph.games.tchoukaillon._kernels`,
the direct Fagan iteration cf(m) of every m (:func:`fagan_basins`), and OEIS A204540.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from numba import njit

from gamegraph.cluster import configure
from gamegraph.games.tchoukaillon import _kernels as tk
from gamegraph.games.tchoukaillon.basins import (
    A185001,
    A204540,
    basin_sizes,
    fagan_basin_survey,
    fast_first_stones,
)
from gamegraph.games.tchoukaillon.boards import TchoukaillonError
from gamegraph.games.tchoukaillon.roots import fagan_basins


@njit(cache=True)
def _plain_sieve(k: int) -> int:
    x = k
    for j in range(k - 1, 0, -1):
        x = ((x + j - 1) // j) * j
    return x


def test_fast_sieve_equals_the_o_k_sieve_for_every_k_to_30000_and_the_last_2000_to_10_5() -> None:
    """Every k up to 30,000 (the O(k) sieve's 4.5e8 steps), and the 2,000 k up to 10^5 (the
    same again): every k up to 10^5 took 5e9 steps, 30 s of the suite."""
    top = 30_000
    assert np.array_equal(fast_first_stones(0, top + 1), tk.first_stones_with_hole(top))
    lo, hi = 10**5 - 1_999, 10**5 + 1
    plain = np.array([tk._least_with_hole(k) for k in range(lo, hi)])
    assert np.array_equal(fast_first_stones(lo, hi), plain)


def test_fast_sieve_is_exact_near_10_7_and_10_8_where_floats_are_large() -> None:
    for k in (10**7 - 1, 10**7 + 5, 10**8 + 7, 149_999_999):
        assert fast_first_stones(k, k + 1)[0] == _plain_sieve(k)


def test_fast_sieve_refuses_k_beyond_exact_float_range() -> None:
    with pytest.raises(TchoukaillonError, match="out of range"):
        fast_first_stones(0, 150_000_002)


def test_basin_sizes_equal_the_counts_of_cf_m_over_every_m() -> None:
    direct = fagan_basins(300_000)  # cf(m) iterated for every m <= 300001
    top = max(direct)
    sizes = basin_sizes(2, top + 1)
    assert {n: int(sizes[n - 2]) for n in range(2, top + 1)} == direct


def test_survey_to_10_5_finds_exactly_a204540_alone_in_their_basin(tmp_path: Path) -> None:
    configure(local=True)
    try:
        survey = fagan_basin_survey(10**5, cache=tmp_path)
        again = fagan_basin_survey(10**5, cache=tmp_path)  # every range from the cache
    finally:
        configure()
    assert again.basin_two == survey.basin_two and again.bin_mean == survey.bin_mean
    assert survey.basin_one == list(A204540)
    assert survey.new_basin_one == []
    assert survey.basin_two == [n for n in A185001 if n <= 10**5]  # the OEIS list to 10^5
    assert survey.basin_two_not_in_a185001 == survey.a185001_missing == []
    sizes = basin_sizes(2, 10**5 + 1)
    assert survey.basin_two == [n for n in range(2, 10**5 + 1) if sizes[n - 2] == 2]
    assert sum(survey.bin_max) > 0 and survey.edges[0] == 2 and survey.edges[-1] == 10**5 + 1
