"""Lifting 4-cycles of G_n to G_{n+2m+4} (SPEC.md §4; seed 000, Section 7).

The lifting rules, all constructive and all checked against the definitions of G_n
(:func:`gamegraph.games.floridian.fourcycles.is_four_cycle`):

* the **paper rule** (Theorems 25-27): every arc of the cycle matches one of the 14 patterns
  α1..α9, Ω1..Ω5 at the same m; each arc is lifted by inserting a band into its start and, for an
  α-arc, reducing the same original parts; the lifted arcs must close into a cycle;
* the **paper-free rule**: the paper rule with the new part of the Ω1, Ω2 and Ω3 arcs left
  free. The proofs of Theorem 26 never use its value (the lifted arc is Ω(L_k(λ1)) whatever
  it is), while the paper rule pins it to m + 2 (Ω1, Ω2) or reads a j >= 2 into it (Ω3), so
  every paper-rule lift is a paper-free lift;
* the **band rule** (SPEC's generalisation): insert a band at level m + 2 anywhere in every
  position, keep each α-move's choice of reduced parts, and ask whether the result is a 4-cycle;
  it, wide bands and double bands are in :mod:`.band_rule`, band insertion in :mod:`.bands`.

How a row ``H s1 → H* s2`` of the pattern table is matched by an arc λ1 → λ2 at m (the paper's
displays of Theorems 25/26 are lost in the extracted text; SPEC.md reconstructs them):

* ``s1`` are the top |s1| parts of λ1 with exactly the listed values and multiplicities; ``H``
  is every other part of λ1 and must satisfy max(H) <= m + bound. In every row the bound is
  below min(s1), so H is exactly "the smaller parts".
* j is read off the largest part of λ1 (the first entry of s1 carries j when the row has one;
  for Ω3, whose j sits only in s2, off the largest part of λ2) and must be >= j_min. Every
  value in s1 and s2 and the band k must be >= 1 (a value 0 would stand for a vanished part).
* Ω-rows: λ1 ∈ T(n), λ2 = Ω(λ1), and λ2 = H* ∪ s2 as multisets with H* = H reduced by one (1s
  vanish). This pins the number of parts of λ1 (the new part of λ2): m + 2 for Ω1 and Ω2,
  m + j (j >= 2) for Ω3, m + j - 1 for Ω4 and Ω5.
* α-rows: λ1 → λ2 is a legal α-arc (λ1 separated, λ2 ∈ T(n)) whose α-choice reduces exactly the
  parts of s1 marked ``_`` (all parts of those sizes, none of the unmarked ones) and any parts
  of H, and whose new part p (the number of reduced parts) satisfies p <= min(s2). Then
  λ2 = H* ∪ s2 with H* = (H after the move) ∪ {p}, all of H* strictly below min(s2) except
  that p may equal min(s2).

Two readings are forced by the 16 families of Propositions 4 and 5
(tests/data/lifting-families.json) with their stated names and m0; the first departs from
SPEC's table, the second follows SPEC against the paper's literal wording:

* Ω3 is ``H (m+1)² → H* m² (m+j)``, j >= 2, not ``... (m+2)``: the families n0 = 24 (m0 = 5),
  45, 54 and 63 have Ω3-arcs whose new part is m + 3 (e.g. 1^3 3^4 6^2 9^2 → 2^4 5^2 8^2 11 at
  m = 8). The lift keeps j, so the arc lifts to Ω3 again at m + 2.
* p = min(s2) is allowed (SPEC says so; the paper's "no part of H* is as large as a part of
  s2" does not): the n0 = 35 family's α7-arc 3^4 7^2 9 → 2^4 6^3 9 at m = 7 has p = 6 = m - 1.

The α-choice of a legal α-arc from a separated λ1 is unique (:func:`alpha_arc_choice`), so
"reduce the same original parts" is well defined.

Each row's band sits at level m + 2 (k + #{parts >= k} = m + 2): for α1 and Ω1 the band goes on
top (k = m + 2 > max λ1), otherwise directly below s1 (all of s1 is >= k, all of H is <= k - 2).

Lifting an arc matching a row: λ1' = L_k(λ1); for an Ω-arc λ2' = Ω(λ1'); for an α-arc λ2' is
λ1' after reducing the same original parts (shifted by 2 where they moved, never the band
parts). A match says nothing about legality in G_{n+2m+4}; the lifted cycle is checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gamegraph.games.floridian.alpha import AlphaChoice, alpha_arc_choice
from gamegraph.games.floridian.fourcycles import FourCycle, is_four_cycle
from gamegraph.games.lifting.bands import band_insert, lift_alpha_choice
from gamegraph.games.partitions import Partition, in_t, omega

__all__ = [
    "ALPHA_PATTERNS",
    "FREE_NEW_PART",
    "OMEGA_PATTERNS",
    "PATTERNS",
    "AmbiguousPatternError",
    "ArcKind",
    "LargePart",
    "PaperLift",
    "Pattern",
    "PatternMatch",
    "lift_paper",
    "match_arc",
    "matching_patterns",
    "paper_chain",
    "paper_lifts",
    "paper_m_range",
]

ArcKind = Literal["alpha", "omega"]
Names = tuple[str, str, str, str]

# ---------------------------------------------------------------------------------------------
# The 14 patterns


@dataclass(frozen=True)
class LargePart:
    """One entry of s1 or s2: ``times`` parts of value m + offset (+ j if ``with_j``).

    ``reduced`` marks (in s1 of an α-row) the parts the α-move reduces, written ``_v``.
    """

    offset: int
    times: int = 1
    with_j: bool = False
    reduced: bool = False

    def value(self, m: int, j: int) -> int:
        """The part size at the given m and j."""
        return m + self.offset + (j if self.with_j else 0)

    def notation(self) -> str:
        """Text of the entry as SPEC.md prints it, e.g. ``_(m+j)²`` or ``(m−1)²``."""
        body = "m" + ("+j" if self.with_j else "")
        if self.offset:
            body += f"{self.offset:+d}".replace("-", "−")
        text = body if body == "m" else f"({body})"
        return ("_" if self.reduced else "") + text + ("²" if self.times == 2 else "")


@dataclass(frozen=True)
class Pattern:
    """A row ``H s1 → H* s2`` of SPEC.md §4: max(H) <= m + bound, j >= j_min, band k = m + band.

    ``j_min`` is None for rows without j. The module docstring says how a row is matched.
    """

    name: str
    kind: ArcKind
    large: tuple[LargePart, ...]
    large_after: tuple[LargePart, ...]
    bound: int
    j_min: int | None
    band: int

    def notation(self) -> str:
        """The arc as SPEC.md prints it, e.g. ``H _m² _(m+j) → H* (m−1)² (m+j−1)``."""

        def side(entries: tuple[LargePart, ...]) -> str:
            ordered = sorted(entries, key=lambda e: (e.with_j, e.offset))
            return " ".join(e.notation() for e in ordered)

        return f"H {side(self.large)} → H* {side(self.large_after)}"

    def values(self, m: int, j: int) -> tuple[Partition, Partition]:
        """(s1, s2) as nonincreasing tuples of part sizes at m and j."""

        def expand(entries: tuple[LargePart, ...]) -> Partition:
            sizes = (e.value(m, j) for e in entries for _ in range(e.times))
            return tuple(sorted(sizes, reverse=True))

        return expand(self.large), expand(self.large_after)


def _p(offset: int, times: int = 1, *, j: bool = False, reduced: bool = False) -> LargePart:
    return LargePart(offset, times, with_j=j, reduced=reduced)


ALPHA_PATTERNS: tuple[Pattern, ...] = (
    Pattern("alpha1", "alpha", (_p(0, 2, reduced=True),), (_p(-1, 2),), -2, None, 2),
    Pattern(
        "alpha2",
        "alpha",
        (_p(0, j=True, reduced=True), _p(0, 2, reduced=True)),
        (_p(-1, j=True), _p(-1, 2)),
        -3,
        2,
        -1,
    ),
    Pattern("alpha3", "alpha", (_p(0, j=True, reduced=True),), (_p(-1, j=True),), -1, 1, 1),
    Pattern("alpha4", "alpha", (_p(0, 2, j=True, reduced=True),), (_p(-1, 2, j=True),), -2, 1, 0),
    Pattern("alpha5", "alpha", (_p(0, j=True),), (_p(0, j=True),), -1, 1, 1),
    Pattern("alpha6", "alpha", (_p(0, j=True), _p(0, 2)), (_p(0, j=True), _p(0, 2)), -3, 2, -1),
    Pattern(
        "alpha7",
        "alpha",
        (_p(0, j=True), _p(0, 2, reduced=True)),
        (_p(0, j=True), _p(-1, 2)),
        -3,
        2,
        -1,
    ),
    Pattern("alpha8", "alpha", (_p(0, 2, j=True),), (_p(0, 2, j=True),), -2, 0, 0),
    Pattern(
        "alpha9",
        "alpha",
        (_p(0, 2, j=True), _p(-1, 2, reduced=True)),
        (_p(0, 2, j=True), _p(-2, 2)),
        -4,
        1,
        -2,
    ),
)

OMEGA_PATTERNS: tuple[Pattern, ...] = (
    Pattern("omega1", "omega", (_p(-1, 2),), (_p(-2, 2), _p(2)), -3, None, 2),
    Pattern("omega2", "omega", (_p(0, 2),), (_p(-1, 2), _p(2)), -2, None, 0),
    # SPEC prints Ω3 with new part (m+2); four of the 16 families need m+3 (module docstring).
    Pattern("omega3", "omega", (_p(1, 2),), (_p(0, 2), _p(0, j=True)), -2, 2, 0),
    Pattern("omega4", "omega", (_p(0, j=True),), (_p(-1, 2, j=True),), -1, 1, 1),
    Pattern(
        "omega5", "omega", (_p(0, j=True), _p(0, 2)), (_p(-1, 2), _p(-1, 2, j=True)), -3, 2, -1
    ),
)

PATTERNS: dict[str, Pattern] = {p.name: p for p in (*ALPHA_PATTERNS, *OMEGA_PATTERNS)}

FREE_NEW_PART = frozenset({"omega1", "omega2", "omega3"})
"""The Ω-rows whose new part the paper-free rule leaves free: the proofs of Theorem 26 use
only that λ1 ends in s1 above H; the new part (the number of parts of λ1) is whatever it is."""


class AmbiguousPatternError(ValueError):
    """An arc matched two patterns at one m (SPEC.md says this cannot happen)."""


@dataclass(frozen=True)
class PatternMatch:
    """An arc λ1 → λ2 matching ``pattern`` at ``m``.

    ``j`` is None for rows without j; ``k`` is the band position for the lift; ``large`` and
    ``large_after`` are s1 and s2 at (m, j); ``choice`` is the α-choice of an α-arc (None for
    an Ω-arc).
    """

    pattern: Pattern
    m: int
    j: int | None
    k: int
    large: Partition
    large_after: Partition
    choice: AlphaChoice | None

    @property
    def name(self) -> str:
        """The pattern name, ``alpha4`` etc."""
        return self.pattern.name


def _read_j(pattern: Pattern, source: Partition, target: Partition, m: int) -> int | None:
    """j off the largest part of λ1, or of λ2 when only s2 carries j (Ω3)."""
    first = pattern.large[0]
    if first.with_j:
        return source[0] - m - first.offset
    carrier = next(e for e in pattern.large_after if e.with_j)
    return target[0] - m - carrier.offset if target else None


def _match_one(
    pattern: Pattern, source: Partition, target: Partition, m: int, free: bool
) -> PatternMatch | None:
    if m < 1 or not source:
        return None
    # An Ω1/Ω2/Ω3 arc with its new part free (``free``): λ1 = H s1 with max(H) <= m + bound,
    # in T(n), λ2 = Ω(λ1); s2 is s1 reduced plus the new part, whatever its size, and no j.
    free = free and pattern.name in FREE_NEW_PART
    j: int | None = None
    if pattern.j_min is not None and not free:
        j = _read_j(pattern, source, target, m)
        if j is None or j < pattern.j_min:
            return None
    s1, s2 = pattern.values(m, j or 0)
    k = m + pattern.band
    # At small m some rows have k < 1 or values < 1; no arc matches them there: a value
    # s1 < 1 is no prefix of a partition, a value s2 < 1 is no part of Ω(source) (below) nor
    # at least the α-move's new part, and k < 1 with both >= 1 is α6 at m = 1, whose α-move
    # would reduce none of its parts (m + j) 1^2 (H is empty). A free row's k is >= 1 (its
    # band is 2 or 0), and its s1 reduced must stay positive.
    if source[: len(s1)] != s1 or (free and min(s1) < 2):
        return None
    rest = source[len(s1) :]
    if rest and rest[0] > m + pattern.bound:
        return None
    if pattern.kind == "omega":
        if not in_t(source) or omega(source) != target:
            return None
        if free:
            s2 = tuple(sorted([*(v - 1 for v in s1), len(source)], reverse=True))
        after = sorted([*(part - 1 for part in rest if part > 1), *s2], reverse=True)
        if tuple(after) != target:  # always equal for a free row: then H* ∪ s2 is Ω(λ1)
            return None
        return PatternMatch(pattern, m, j, k, s1, s2, None)
    choice = alpha_arc_choice(source, target)
    if choice is None or choice.count(source) > s2[-1]:
        return None
    # 1 is never in s1 here: s1 values are >= m - 1 and s2 values >= 1 force s1 values >= 2,
    # except α8 at m = 1 (1^2 unreduced), where H is empty and the move reduces nothing legal.
    reduced = {e.value(m, j or 0) for e in pattern.large if e.reduced}
    if {v for v in s1 if v in choice.sizes} != reduced or (1 in s1 and choice.ones):
        return None
    return PatternMatch(pattern, m, j, k, s1, s2, choice)


def matching_patterns(
    source: Partition, target: Partition, kind: ArcKind, m: int, *, free: bool = False
) -> list[PatternMatch]:
    """Every pattern of the given kind that the arc source → target matches at m
    (``free``: the paper-free reading of Ω1, Ω2, Ω3)."""
    table = ALPHA_PATTERNS if kind == "alpha" else OMEGA_PATTERNS
    return [match for p in table if (match := _match_one(p, source, target, m, free)) is not None]


def match_arc(
    source: Partition, target: Partition, kind: ArcKind, m: int, *, free: bool = False
) -> PatternMatch | None:
    """The pattern the arc matches at m, or None; raises if two match (never observed).

    Under ``free`` the Ω1, Ω2, Ω3 rows still exclude each other (their s1 are (m−1)², m²,
    (m+1)²) and Ω4, Ω5 (whose two largest parts differ).
    """
    matches = matching_patterns(source, target, kind, m, free=free)
    if len(matches) > 1:
        names = ", ".join(match.name for match in matches)
        raise AmbiguousPatternError(f"arc {source} → {target} matches {names} at m = {m}")
    return matches[0] if matches else None


# ---------------------------------------------------------------------------------------------
# The paper rule


def _arcs(cycle: FourCycle) -> tuple[tuple[Partition, Partition, ArcKind], ...]:
    a, x, b, y = cycle
    return ((a, x, "alpha"), (x, b, "omega"), (b, y, "alpha"), (y, a, "omega"))


def _canonical_order(names: Names, cycle: FourCycle) -> Names:
    """Per-arc labels of ``cycle`` rotated to start at its canonical first α-position."""
    if cycle.alpha1 >= cycle.alpha2:
        return names
    return names[2], names[3], names[0], names[1]


def _patterns_at(cycle: FourCycle, m: int, free: bool) -> tuple[PatternMatch, ...] | None:
    matches = []
    for source, target, kind in _arcs(cycle):
        match = match_arc(source, target, kind, m, free=free)
        if match is None:
            return None
        matches.append(match)
    return tuple(matches)


def _names(matches: tuple[PatternMatch, ...]) -> Names:
    first, second, third, fourth = (match.name for match in matches)
    return first, second, third, fourth


@dataclass(frozen=True)
class PaperLift:
    """A lift C → C' by the paper rule at m.

    ``source`` is the cycle as given and ``lifted`` its image position by position; ``target``
    is ``lifted`` in canonical rotation, in G_{target_n}. ``bands`` are the k inserted into the
    four positions. ``patterns`` name the source's arcs in the given order (α-arc from alpha1,
    Ω-arc, α-arc from alpha2, Ω-arc), ``patterns_canonical`` the same starting at the canonical
    source's first α-position. ``next_patterns`` (order of ``lifted``) and
    ``next_patterns_canonical`` (order of ``target``) are the patterns C' matches at m + 2, or
    None when some arc of C' matches none.
    """

    m: int
    source: FourCycle
    lifted: FourCycle
    target: FourCycle
    target_n: int
    bands: tuple[int, int, int, int]
    patterns: Names
    patterns_canonical: Names
    next_patterns: Names | None
    next_patterns_canonical: Names | None


def paper_m_range(cycle: FourCycle) -> range:
    """The m at which every arc could match some pattern: 1 <= m <= min max(λ) + 1.

    Complete: in every row the largest part of λ1 is m + offset (+ j) with offset >= -1 and
    j >= 0 (α9 and Ω1 have the smallest, m - 1), so each arc's start λ1 needs
    m <= max(λ1) + 1, and m >= 1 by definition.
    """
    return range(1, min(position[0] for position in cycle) + 2)


def lift_paper(cycle: FourCycle, m: int, *, free: bool = False) -> PaperLift | None:
    """The paper-rule lift of the cycle at m (Theorem 27), or None.

    Every arc must match a pattern at m, the lifted end of each arc must be the lifted start of
    the next, and the lifted cycle must be a 4-cycle of G_{n+2m+4} by the definitions.
    ``free`` gives the paper-free rule (Ω1, Ω2, Ω3 with their new part free).
    """
    matches = _patterns_at(cycle, m, free)
    if matches is None:
        return None
    # each arc λ1 → λ2 lifts to λ1' = L_k(λ1) → λ2', Ω(λ1') or the same α-move (module docs)
    starts = [band_insert(source, match.k) for source, match in zip(cycle, matches, strict=True)]
    ends = [
        omega(start) if match.choice is None else lift_alpha_choice(source, match.k, match.choice)
        for source, start, match in zip(cycle, starts, matches, strict=True)
    ]
    if any(ends[i] != starts[(i + 1) % 4] for i in range(4)):
        return None
    lifted = FourCycle(*starts)
    if not is_four_cycle(lifted):
        return None
    names = _names(matches)
    next_matches = _patterns_at(lifted, m + 2, free)
    next_names = None if next_matches is None else _names(next_matches)
    return PaperLift(
        m=m,
        source=cycle,
        lifted=lifted,
        target=lifted.canonical(),
        target_n=lifted.n,
        bands=(matches[0].k, matches[1].k, matches[2].k, matches[3].k),
        patterns=names,
        patterns_canonical=_canonical_order(names, cycle),
        next_patterns=next_names,
        next_patterns_canonical=(
            None if next_names is None else _canonical_order(next_names, lifted)
        ),
    )


def paper_lifts(cycle: FourCycle, *, free: bool = False) -> list[PaperLift]:
    """All paper-rule (``free``: paper-free) lifts of the cycle, ascending m (over
    :func:`paper_m_range`, which bounds the free rows too: their s1 starts at m - 1 or more)."""
    return [
        lift for m in paper_m_range(cycle) if (lift := lift_paper(cycle, m, free=free)) is not None
    ]


def paper_chain(cycle: FourCycle, m: int, steps: int, *, free: bool = False) -> list[PaperLift]:
    """C0 → C1 → ... by the paper rule at m, m + 2, m + 4, ...; stops early if a lift fails.

    The lifted cycles keep the source's rotation, so their patterns line up step by step.
    """
    chain: list[PaperLift] = []
    current = cycle
    for step in range(steps):
        lift = lift_paper(current, m + 2 * step, free=free)
        if lift is None:
            break
        chain.append(lift)
        current = lift.lifted
    return chain
