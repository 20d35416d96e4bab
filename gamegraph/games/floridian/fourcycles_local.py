"""The 4-cycles of G_n found locally, shard by shard, without building S(n) or G_n.

A 4-cycle [a,α] → [x,Ω] → [b,α] → [y,Ω] → [a,α] (SPEC.md §3) is emitted once, from its
canonical first position a (the larger α-position, :class:`FourCycle`). Instead of every
separated partition, only *candidates* a are visited, and a shard is a range of them.

Why the candidates hold every α-position of a 4-cycle. Follow the parts of a through one
round a → x → b → y → a. Each Ω-move takes 1 from every part; each α-move takes 1 from the
parts it reduces, and as x and y are separated, every part of a size > 1 is reduced alike
(SPEC.md §3). So all parts of a of one size u move together while they exceed 1, and a
part u that survives the round comes back as a part of a of size u - 2 - δ, 0 <= δ <= 2.
Exactly four parts are born per round (the new parts of the two α-moves and of the two
Ω-moves, each >= 1), so, as the number of parts comes back, exactly four die. Hence:

* every size u >= 5 of a (whose parts all survive) has a size w of a with
  u - 4 <= w <= u - 2 and at least as many parts (its parts land there together);
* no size repeats more than 4 times (:data:`MAX_MULT`): following the first rule down
  from a size with >= 5 parts leads to a size below 5 with >= 5 parts; sizes 1 and 2 die
  within the round, and sizes 3 and 4 either die within it or land on a size 1 or 2 of a
  with as many parts, which die the round after: either way a round sees 5 deaths.

The candidates of n are the separated partitions of n meeting both rules. They are few
(hundreds of times fewer than S(n) at n = 100) and are numbered in descending
lexicographic order by a counting table (:func:`._candidate_kernels.candidate_table`), so
a shard, a range of ranks, is unranked and walked without any list of them.

From a candidate a the search is direct. Its Ω-preimages y ∈ T(n) are read off its parts
(the new pile p = len(y) is a part of a, p >= len(a) - 1, y = the other parts + 1 and
p - len(a) + 1 ones). For each y, the α-choices of a are pruned by y: a size u >= 4 of a
sits in y at u - 1 - δ1 - δ2, which must be a size of y with as many parts. Each remaining
choice gives x; the cycle is emitted when x ∈ T(n), x != a, b = Ω(x) < a is separated and
y is an α-move of b (its choice reconstructed and applied, as in
:func:`gamegraph.games.floridian.alpha.alpha_arc_choice`).

Memory per shard is the counting table ((n + 1)² · 25 int64: 3.0 MiB at n = 125, 12.5 MiB
at n = 255) and O(n) scratch; time is linear in the shard's candidates.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

import numpy as np

from gamegraph.errors import InputError
from gamegraph.games._kernels import MAX_N
from gamegraph.games.floridian import _candidate_kernels as ck
from gamegraph.games.floridian import _fourcycle_kernels as fk
from gamegraph.games.floridian.fourcycles import FourCycle
from gamegraph.games.limits import TooLargeError, memory_limit
from gamegraph.games.partitions import Partition

__all__ = [
    "DEFAULT_TARGET",
    "MAX_MULT",
    "Shard",
    "ShardError",
    "ShardResult",
    "candidate_count",
    "candidates_in_shard",
    "four_cycles_in_shard",
    "four_cycles_local",
    "run_shard",
    "shard_memory_bytes",
    "shards",
]

MAX_MULT = ck.MAX_MULT
DEFAULT_TARGET = 200_000
"""Candidates per shard when no target is given: a couple of seconds of work here."""

_SCRATCH_BYTES = 1 << 20  # O(n) work arrays and the initial output buffer, with margin


class ShardError(InputError):
    """A shard or an n that the local search does not accept."""


@dataclass(frozen=True)
class Shard:
    """Candidates of rank ``lo`` <= r < ``hi`` for n (descending lexicographic order).

    Small and picklable: a task description for any worker. ``candidates`` is exact
    (``hi - lo``), ``memory_bytes`` what the kernel allocates to search the shard.
    """

    n: int
    lo: int
    hi: int
    candidates: int
    memory_bytes: int

    def __post_init__(self) -> None:
        _check_n(self.n)
        if not 0 <= self.lo <= self.hi:
            raise ShardError(
                f"shard bounds must satisfy 0 <= lo <= hi, not lo={self.lo}, hi={self.hi}"
            )
        if self.candidates != self.hi - self.lo:
            raise ShardError(
                f"a shard of ranks {self.lo}..{self.hi} has {self.hi - self.lo} candidates, "
                f"not {self.candidates}"
            )


@dataclass(frozen=True)
class ShardResult:
    """The 4-cycles of a shard (canonical, sorted by key) and the work it took."""

    shard: Shard
    cycles: tuple[FourCycle, ...]
    preimages: int  #: pairs (a, y) with y ∈ T(n), Ω(y) = a
    choices: int  #: α-choices of a built after pruning
    legal_moves: int  #: legal α-moves x among them


def _check_n(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or not 1 <= n <= MAX_N:
        raise ShardError(f"n must be an integer in 1..{MAX_N}, not {n!r}")


@lru_cache(maxsize=4)
def _table(n: int) -> np.ndarray:
    _check_n(n)
    table: np.ndarray = ck.candidate_table(int(n))
    table.setflags(write=False)
    return table


def shard_memory_bytes(n: int) -> int:
    """Bytes a shard of n allocates: the counting table plus O(n) scratch (closed form)."""
    _check_n(n)
    return (int(n) + 1) ** 2 * (MAX_MULT + 1) ** 2 * 8 + _SCRATCH_BYTES


def candidate_count(n: int) -> int:
    """Number of candidates of n (separated partitions meeting the two rules of the module)."""
    return int(ck.total_candidates(n, _table(n)))


def shards(n: int, target: int | None = None) -> list[Shard]:
    """Split the candidates of n into equal rank ranges of at most ``target`` each.

    The ranges cover 0..candidate_count(n) without overlap, in rank order; n with no
    candidate gives one empty shard, so every n has at least one task.
    """
    if target is None:
        target = DEFAULT_TARGET
    if isinstance(target, bool) or not isinstance(target, numbers.Integral) or target < 1:
        raise ShardError(f"target must be a positive number of candidates, not {target!r}")
    total = candidate_count(n)
    count = max(1, math.ceil(total / int(target)))
    bounds = [total * i // count for i in range(count + 1)]
    memory = shard_memory_bytes(n)
    return [Shard(int(n), lo, hi, hi - lo, memory) for lo, hi in pairwise(bounds)]


def _check_shard(shard: Shard) -> np.ndarray:
    limit = memory_limit()
    if shard.memory_bytes > limit:
        raise TooLargeError(
            f"a 4-cycle shard of n = {shard.n} needs ~{shard.memory_bytes:,} bytes, over the "
            f"limit of {limit:,} (80% of available memory, or GAMEGRAPH_MEMORY_LIMIT)"
        )
    total = candidate_count(shard.n)
    if shard.hi > total:
        raise ShardError(
            f"shard ranks {shard.lo}..{shard.hi} exceed the {total} candidates of n = {shard.n}"
        )
    return _table(shard.n)


def candidates_in_shard(shard: Shard) -> list[Partition]:
    """The candidates of a shard, in rank order (for inspection and tests)."""
    table = _check_shard(shard)
    cs, cm, cp, cr = (np.zeros(shard.n + 2, dtype=np.int64) for _ in range(4))
    found: list[Partition] = []
    for rank in range(shard.lo, shard.hi):
        if rank == shard.lo:
            d = ck.unrank_candidate(shard.n, table, rank, cs, cm, cp, cr)
        else:
            d = ck.next_candidate(shard.n, table, d, cs, cm, cp, cr)
        groups = zip(cs[:d].tolist(), cm[:d].tolist(), strict=True)
        found.append(tuple(size for size, times in groups for _ in range(times)))
    return found


def run_shard(shard: Shard) -> ShardResult:
    """Search one shard: its 4-cycles and the work counters."""
    table = _check_shard(shard)
    buf, stats = fk.four_cycles_in_range(shard.n, table, shard.lo, shard.hi)
    cycles = sorted(set(_decode(buf.tolist())), key=lambda c: c.key)
    return ShardResult(
        shard,
        tuple(cycles),
        int(stats[fk.STAT_PREIMAGES]),
        int(stats[fk.STAT_CHOICES]),
        int(stats[fk.STAT_LEGAL]),
    )


def four_cycles_in_shard(shard: Shard) -> list[FourCycle]:
    """The 4-cycles of G_n whose canonical first position lies in the shard, sorted by key."""
    return list(run_shard(shard).cycles)


def four_cycles_local(n: int, target: int | None = None) -> list[FourCycle]:
    """Every 4-cycle of G_n, canonical, sorted by key: all shards in this process."""
    found = [cycle for shard in shards(n, target) for cycle in four_cycles_in_shard(shard)]
    return sorted(found, key=lambda c: c.key)


def _decode(flat: list[int]) -> list[FourCycle]:
    """Cycles from the kernel's buffer: four partitions each, as [length, parts...]."""
    cycles = []
    pos = 0
    while pos < len(flat):
        four: list[Partition] = []
        for _ in range(4):
            length = flat[pos]
            four.append(tuple(flat[pos + 1 : pos + 1 + length]))
            pos += 1 + length
        cycles.append(FourCycle(*four))
    return cycles
