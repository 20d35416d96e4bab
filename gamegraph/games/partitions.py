"""Integer partitions: parsing, notation, the Ω-move and the predicates of SPEC.md §1-3.

A partition is a ``tuple[int, ...]`` of positive parts in nonincreasing order (the canonical
form). Everything here is scalar pure Python: the bulk engines in :mod:`bulgarian` and
:mod:`floridian` use compiled kernels, and test themselves against these definitions.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from itertools import pairwise

from gamegraph.core.notation import exponent_notation, integers
from gamegraph.errors import InputError
from gamegraph.games.limits import saturating

Partition = tuple[int, ...]

__all__ = [
    "Partition",
    "PartitionError",
    "canonical_key",
    "conjugate",
    "count_partitions",
    "count_separated",
    "from_key",
    "in_t",
    "is_separated",
    "mean_parts",
    "omega",
    "paper_notation",
    "parse_ordered_partition",
    "parse_partition",
    "partition_counts",
    "partitions",
    "separated_partitions",
]


class PartitionError(InputError):
    """Raised for text that is not a partition (of the expected n)."""


def parse_partition(text: str, n: int | None = None) -> Partition:
    """Parse any notation of SPEC.md §1 into canonical form.

    Accepted: ``5,3,3,1``, ``5 3 3 1``, ``[5,3,3,1]``, ``(5, 3, 3, 1)`` and paper notation with
    exponents, ``1 3^2 5``. Order of the parts does not matter. When ``n`` is given the parts
    must sum to it.
    """
    return _of_n(tuple(sorted(_parts_as_given(text, n), reverse=True)), n)


def _parts_as_given(text: str, n: int | None) -> Partition:
    """The parts a text writes, in its order (:func:`gamegraph.core.notation.integers`: the
    sum bounded by n, or a million, before the text is written out)."""
    return integers(text, limit=n, what="partition", noun=("part", "parts"), error=PartitionError)


def _of_n(parts: Partition, n: int | None) -> Partition:
    if n is not None and sum(parts) != n:
        raise PartitionError(
            f"{canonical_key(parts)} is a partition of {sum(parts)}, not of n = {n}"
        )
    return parts


def canonical_key(partition: Partition) -> str:
    """The canonical key, parts in nonincreasing order: ``"5,3,3,1"``."""
    return ",".join(str(part) for part in partition)


def from_key(key: str) -> Partition:
    """Inverse of :func:`canonical_key` (the empty key is the empty partition)."""
    return tuple(int(part) for part in key.split(",")) if key else ()


def paper_notation(partition: Partition) -> str:
    """Ascending sizes with exponents, as the papers print them: ``"1 3^2 5"`` (the empty
    partition as the empty text, where the spaces write ``∅``)."""
    return exponent_notation(partition) if partition else ""


def conjugate(partition: Partition) -> Partition:
    """The conjugate partition λ' (the Ferrers diagram transposed: column j has λ'_j cells)."""
    if not partition:
        return ()
    return tuple(sum(1 for part in partition if part >= j) for j in range(1, partition[0] + 1))


def partition_counts(n: int) -> list[int]:
    """[p(0), ..., p(n)], exact (Euler's pentagonal recurrence, cached)."""
    return _partition_counts(n)[: n + 1]


def omega(partition: Partition) -> Partition:
    """The Bulgarian move Ω: take one card from each of the p piles and form a pile of p."""
    reduced = [part - 1 for part in partition if part > 1]
    reduced.append(len(partition))
    return tuple(sorted(reduced, reverse=True))


def is_separated(partition: Partition) -> bool:
    """No two parts differ by exactly 1 (repeated parts are allowed)."""
    sizes = sorted(set(partition))
    return all(b - a != 1 for a, b in pairwise(sizes))


def in_t(partition: Partition) -> bool:
    """Membership of T(n): separated, and no part equals p or p + 2 (p = number of parts).

    By Lemma 7 of seed 000 these are exactly the separated λ whose Ω(λ) is separated.
    """
    p = len(partition)
    return is_separated(partition) and p not in partition and p + 2 not in partition


def partitions(n: int, max_part: int | None = None) -> Iterator[Partition]:
    """All partitions of n in descending lexicographic order ((n) first, 1^n last)."""
    yield from _partitions(n, n if max_part is None else max_part, separated=False)


def separated_partitions(n: int) -> Iterator[Partition]:
    """S(n): separated partitions of n, in descending lexicographic order."""
    yield from _partitions(n, n, separated=True)


def _partitions(n: int, max_part: int, *, separated: bool) -> Iterator[Partition]:
    if n == 0:
        yield ()
        return
    for first in range(min(n, max_part), 0, -1):
        for rest in _partitions(n - first, first, separated=separated):
            if separated and rest and rest[0] == first - 1:
                continue
            yield (first, *rest)


EXACT_COUNT_LIMIT = 1000
"""Above this n the counts are asymptotic estimates (only ever used to refuse a request)."""


def count_partitions(n: int) -> int:
    """p(n), exactly by Euler's pentagonal recurrence (iterative, cached) for n up to
    :data:`EXACT_COUNT_LIMIT`, else the Hardy-Ramanujan estimate (see :func:`partitions_exact`)."""
    if n < 0:
        return 0
    if n > EXACT_COUNT_LIMIT:
        log_p = math.pi * math.sqrt(2 * n / 3) - math.log(4 * n * math.sqrt(3))
        return saturating(math.exp(log_p) if log_p < 690 else math.inf)
    return _partition_counts(n)[n]


def mean_parts(n: int) -> float:
    """The mean number of parts of a partition of n: the partitions of n hold
    Σ_k d(k) p(n − k) parts in all (d(k): the number of divisors of k), over p(n); n itself
    (a bound) above :data:`EXACT_COUNT_LIMIT`."""
    if n < 1:
        return 0.0
    if n > EXACT_COUNT_LIMIT:
        return float(n)
    p = _partition_counts(n)
    divisors = [0] * (n + 1)
    for d in range(1, n + 1):
        for multiple in range(d, n + 1, d):
            divisors[multiple] += 1
    return sum(divisors[k] * p[n - k] for k in range(1, n + 1)) / p[n]


def partitions_exact(n: int) -> bool:
    """Whether :func:`count_partitions` and :func:`count_separated` are exact for this n."""
    return n <= EXACT_COUNT_LIMIT


_P: list[int] = [1]


def _partition_counts(n: int) -> list[int]:
    """p(0..n), extending the cached table."""
    while len(_P) <= n:
        m = len(_P)
        total, k = 0, 1
        while True:
            g1 = k * (3 * k - 1) // 2
            if g1 > m:
                break
            sign = 1 if k % 2 else -1
            total += sign * _P[m - g1]
            g2 = k * (3 * k + 1) // 2
            if g2 <= m:
                total += sign * _P[m - g2]
            k += 1
        _P.append(total)
    return _P


def count_separated(n: int) -> int:
    """|S(n)| (OEIS A116931), exactly by dynamic programming for n up to
    :data:`EXACT_COUNT_LIMIT`, else an estimate: p(n)^0.818, the ratio of their logarithms
    from n = 200 to 2000."""
    if n < 0:
        return 0
    if n > EXACT_COUNT_LIMIT:
        return saturating(float(count_partitions(n)) ** 0.818)
    # f[m][r]: separated partitions of r with parts <= m; using size m (k >= 1 times) leaves
    # parts <= m - 2, so f[m][r] = f[m-1][r] + h[m][r] with h[m][r] = f[m-2][r-m] + h[m][r-m]
    before = [1] + [0] * n  # f[m - 2]
    previous = [1] + [0] * n  # f[m - 1]
    for m in range(1, n + 1):
        h = [0] * (n + 1)
        current = previous[:]
        for r in range(m, n + 1):
            h[r] = before[r - m] + h[r - m]
            current[r] += h[r]
        before, previous = previous, current
    return previous[n]


def parse_ordered_partition(text: str, n: int | None = None) -> Partition:
    """A partition written largest part first (``5,3,3,1``) or in the papers' ascending
    notation (``1 3^2 5``), as a nonincreasing tuple.

    Parts in any other order make a composition, not a partition: refused in one line
    (:func:`gamegraph.games.partitions.parse_partition`, which B_n uses, would sort them
    silently and hide a composition given by mistake).
    """
    given = _parts_as_given(text, None)
    parts = tuple(sorted(given, reverse=True))
    if given not in (parts, parts[::-1]):
        raise PartitionError(
            f"{text.strip()!r} is a composition, not a partition: write the parts largest "
            f"first ({canonical_key(parts)}) or in ascending notation ({paper_notation(parts)})"
        )
    return _of_n(parts, n)
