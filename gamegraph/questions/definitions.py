"""The OEIS sequences gamegraph compares its columns with, each computed from its definition
(oeis.org cannot be reached from here, so no term is copied from it): the generator behind
each shipped b-file (``gamegraph/questions/sequences/A*.txt``, written by
``python -m gamegraph.questions.definitions``). Each entry says what the sequence counts, its
offset and how its terms were obtained; the unit tests check every generator against terms
read independently (the seeds, SPEC.md, a brute-force count on the partitions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

from gamegraph.games.partitions import partition_counts
from gamegraph.games.tchoukaillon.basins import A185001, A204540, basin_sizes

__all__ = ["DEFINITIONS", "Definition", "a000041", "write_bfiles"]


def a000041(count: int) -> list[int]:
    """p(0..count-1), the partition numbers, by Euler's pentagonal-number recurrence."""
    return partition_counts(max(count - 1, 0))  # the one recurrence, of games.partitions


def _euler_transform(weights: Callable[[int], int], count: int) -> list[int]:
    """Coefficients of prod_k (1 - x^k)^(-weights(k)), x^0..x^(count-1)."""
    series = [1] + [0] * (count - 1)
    for k in range(1, count):
        for _ in range(weights(k)):
            for n in range(k, count):
                series[n] += series[n - k]
    return series


def a000070(count: int) -> list[int]:
    """Partitions of every size 0..n (CRIM's positions): the partial sums of p(n)."""
    return list(accumulate(a000041(count)))


def a011782(count: int) -> list[int]:
    """Compositions of n (Carolina's positions): 1, then 2^(n-1)."""
    return [1 if n == 0 else 2 ** (n - 1) for n in range(count)]


def a000712(count: int) -> list[int]:
    """Partitions of n into parts of two kinds: the convolution of p with itself."""
    p = a000041(count)
    return [sum(p[i] * p[n - i] for i in range(n + 1)) for n in range(count)]


def a000219(count: int) -> list[int]:
    """Plane partitions of n: prod_k (1 - x^k)^(-k) (MacMahon)."""
    return _euler_transform(lambda k: k, count)


def a123975(count: int) -> list[int]:
    """Garden-of-Eden partitions of n = 1..count in Bulgarian solitaire (rank <= -2):
    sum_{j>=1} (-1)^(j+1) p(n - 3j(j+1)/2) (Hopkins & Sellers 2007)."""
    p = a000041(count + 1)
    out = []
    for n in range(1, count + 1):
        total, j = 0, 1
        while 3 * j * (j + 1) // 2 <= n:
            total += (-1) ** (j + 1) * p[n - 3 * j * (j + 1) // 2]
            j += 1
        out.append(total)
    return out


def a188160_term(n: int) -> int:
    """The most steps of Bulgarian solitaire on n cards before a partition repeats (the
    transient and one period), by Mathar's closed form (2011) for n >= 1."""
    if n <= 2:
        return n - 1
    k = 0
    while True:
        t = k * (k + 1) // 2
        if n == t and k >= 1:
            return k * (k - 1)
        if k >= 4:
            j = t - 1 - n
            if 0 <= j <= (k - 4) / 2:
                return k * k - k - 2 - (k + 1) * j
            j = n - t - 1
            if 0 <= j <= (k - 4) / 2:
                return k * k - k - k * j
        if k >= 2:
            j = n - (k * k + 2 * k - (k % 2)) // 2
            if 0 <= j <= 1:
                return (k * k + 2 * k - (k % 2)) // 2 + j
        k += 1


def a188160(count: int) -> list[int]:
    return [a188160_term(n) for n in range(1, count + 1)]


def a204539(count: int) -> list[int]:
    """The size of the Fagan basin of n = 2..count+1, by gamegraph's sieve of f(k) (a(1) is
    left out: the sieve starts at n = 2)."""
    return [int(s) for s in basin_sizes(2, count + 2)]


def _listed(terms: tuple[int, ...]) -> Callable[[int], list[int]]:
    return lambda count: list(terms[:count])


@dataclass(frozen=True)
class Definition:
    """One sequence: its A-number, name, offset, how many terms ship, the generator and a
    sentence saying where the terms come from (the b-file's source line)."""

    anumber: str
    name: str
    offset: int
    count: int
    generate: Callable[[int], list[int]]
    source: str
    by_n: bool = True  #: a(n) is a function of n (a column over n can match it)


DEFINITIONS: tuple[Definition, ...] = (
    Definition(
        "A000041", "p(n), the number of partitions of n", 0, 1001, a000041,
        "computed by Euler's pentagonal-number recurrence "
        "(gamegraph.questions.definitions.a000041)",
    ),
    Definition(
        "A000070", "partitions of every size up to n", 0, 1001, a000070,
        "computed as the partial sums of p(n) (definitions.a000070)",
    ),
    Definition(
        "A011782", "compositions of n", 0, 201, a011782,
        "computed as 1, then 2^(n-1) (definitions.a011782)",
    ),
    Definition(
        "A000712", "partitions of n into parts of 2 kinds", 0, 501, a000712,
        "computed as the self-convolution of p(n) (definitions.a000712)",
    ),
    Definition(
        "A000219", "plane partitions of n", 0, 501, a000219,
        "computed from MacMahon's product prod (1-x^k)^(-k) (definitions.a000219)",
    ),
    Definition(
        "A123975", "Garden of Eden partitions of n in Bulgarian solitaire", 1, 1000, a123975,
        "computed by Hopkins & Sellers' formula sum_j (-1)^(j+1) p(n - 3j(j+1)/2) "
        "(definitions.a123975); tests check it against a brute-force count of partitions "
        "with largest part < parts - 1 (SPEC.md)",
    ),
    Definition(
        "A188160", "most steps of Bulgarian solitaire on n cards before a repeat", 1, 1000,
        a188160, "computed by R. J. Mathar's closed form (2011) (definitions.a188160_term); "
        "tests check it against max(transient + period) over B_n",
    ),
    Definition(
        "A204539", "size of the Fagan basin of n", 2, 10_000, a204539,
        "computed by gamegraph's sieve of f(k) (gamegraph.games.tchoukaillon.basins), "
        "checked against the seed 002 basins in tests/unit/test_frontier_basins.py",
    ),
    Definition(
        "A204540", "n alone in their Fagan basin", 1, 7, _listed(A204540),
        "the terms of seed 002 (gamegraph.games.tchoukaillon.basins.A204540)", by_n=False,
    ),
    Definition(
        "A185001", "n whose Fagan basin has exactly 2 members", 1, 37, _listed(A185001),
        "the terms of seed 002 (gamegraph.games.tchoukaillon.basins.A185001)", by_n=False,
    ),
    Definition(
        "A007075", "irreducible Montreal positions |I(n)|", 1, 10,
        _listed((1, 2, 5, 13, 35, 95, 260, 714, 1965, 5415)),
        "the ten terms SPEC-games.md lists (n = 1..10)",
    ),
)  # fmt: skip
"""Every sequence gamegraph ships, in the order `gamegraph table` tries them."""


def write_bfiles(folder: Path) -> list[Path]:
    """Write one b-file per definition into ``folder`` (``# `` header lines, then ``n a(n)``)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for d in DEFINITIONS:
        terms = d.generate(d.count)
        lines = [
            f"# {d.anumber} {d.name}",
            f"# Source: {d.source}.",
            f"# Offset: {d.offset}; {'a(n) by n' if d.by_n else 'a list of terms'}; "
            "written by python -m gamegraph.questions.definitions (not downloaded from oeis.org).",
        ]
        lines += [f"{d.offset + i} {t}" for i, t in enumerate(terms)]
        path = folder / f"{d.anumber}.txt"
        path.write_text("\n".join(lines) + "\n", "ascii")
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_bfiles(Path(__file__).parent / "sequences"):
        print(written_path)
