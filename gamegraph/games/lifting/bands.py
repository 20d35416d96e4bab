"""Band insertion, the move of every lifting rule (SPEC.md §4; seed 000, Section 7).

``L_k(λ) = (parts < k) ∪ {k, k} ∪ {part + 2 : part >= k}`` adds two rows of length k and two
columns of height r = #{parts >= k}; they cross at cell (r, k), on the anti-diagonal
``level(λ, k) = k + r``, and the sum grows by 2(k + r). Lifting with parameter m puts every
band at level m + 2, so a cycle of G_n lifts into G_{n+2m+4}.

:func:`lift_alpha_choice` carries an α-move through the band: the original parts are reduced
as before. The rules that insert bands are in :mod:`.patterns` (the paper's) and
:mod:`.band_rule` (the band rule and its generalisations).
"""

from __future__ import annotations

from functools import lru_cache

from gamegraph.games.floridian.alpha import AlphaChoice
from gamegraph.games.partitions import Partition

__all__ = ["band_insert", "bands_at_level", "level", "lift_alpha_choice", "max_level"]


def band_insert(partition: Partition, k: int, width: int = 2) -> Partition:
    """L_k(λ): keep the parts < k, add two parts k, and add 2 to every part >= k.

    With ``width`` w: add w parts k and w to every part >= k (w rows and w columns, crossing
    on level k + r; the sum grows by w(k + r)). The paper's band is w = 2.
    """
    if k < 1:
        raise ValueError(f"band position k must be >= 1, got {k}")
    if width < 1:
        raise ValueError(f"band width must be >= 1, got {width}")
    lifted = [part + width if part >= k else part for part in partition]
    lifted += [k] * width
    return tuple(sorted(lifted, reverse=True))


def level(partition: Partition, k: int) -> int:
    """The anti-diagonal k + #{parts >= k} on which the two rows and columns of L_k(λ) cross."""
    return k + sum(1 for part in partition if part >= k)


@lru_cache(maxsize=1 << 16)
def _level_table(partition: Partition) -> dict[int, tuple[int, ...]]:
    """level -> the k <= max(λ) at that level, ascending (k above max(λ) has level k)."""
    table: dict[int, list[int]] = {}
    top = partition[0] if partition else 0
    for k in range(1, top + 1):
        table.setdefault(level(partition, k), []).append(k)
    return {lev: tuple(ks) for lev, ks in table.items()}


def bands_at_level(partition: Partition, target: int) -> tuple[int, ...]:
    """Every k >= 1 with level(λ, k) = target, ascending.

    level(λ, k) = k for k > max(λ), so the only candidate above max(λ) is k = target; below it
    k ↦ level is not injective (it changes by 1 - #{parts = k} per step) and all k are listed.
    """
    top = partition[0] if partition else 0
    ks = _level_table(partition).get(target, ())
    return (*ks, target) if target > top else ks


def max_level(partition: Partition) -> int:
    """h(λ) = max of level(λ, k) over 1 <= k <= max(λ) (0 for the empty partition).

    Above h(λ) the only band at a level is k = level > max(λ): two new largest parts.
    """
    return max(_level_table(partition), default=0)


def lift_alpha_choice(
    source: Partition, k: int | tuple[int, ...], choice: AlphaChoice, width: int = 2
) -> Partition:
    """The end of the α-move on L_k(source) that reduces the parts ``choice`` reduces in source.

    The original parts keep their identity through the band insertion (parts >= k grow by
    the band's width) and are reduced as before; the band parts k are never reduced; the new
    part is the same number of reduced parts. Legality of the lifted move is not checked here.
    ``k`` may be several bands (k1, k2, ...): k1 into source, k2 into the result, and so on.
    """
    chosen = set(choice.sizes)
    ones_left = choice.ones
    parts: list[list[int]] = []  # [value, 1 if reduced] of each part
    for part in source:
        reduce = part in chosen or (part == 1 and ones_left > 0)
        if part == 1 and reduce:
            ones_left -= 1
        parts.append([part, int(reduce)])
    for band in (k,) if isinstance(k, int) else k:
        for entry in parts:
            if entry[0] >= band:
                entry[0] += width
        parts += [[band, 0] for _ in range(width)]
    result = [value - flag for value, flag in parts if value - flag > 0]
    result.append(choice.count(source))
    return tuple(sorted(result, reverse=True))
