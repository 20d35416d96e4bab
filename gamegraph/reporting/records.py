"""The per-n results of the report's steps as typed records.

Each step (:mod:`.steps`) returns one of these; they are TypedDicts, so a result is plain JSON
as it is (the on-disk cache of :mod:`._compute` stores and reads them unchanged) while mypy
checks every key the claims, the open questions and the figures read. Positions are canonical
keys (``"4,2,1"``).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

__all__ = [
    "BulgarianStep",
    "Core",
    "CoreComponent",
    "CycleSample",
    "Cycles",
    "FloridianStep",
    "FourCycleRow",
    "Play",
    "Strategies",
]


class CoreComponent(TypedDict):
    """One strongly connected component of the core of H_n."""

    nodes: int
    arcs: int


class Core(TypedDict):
    """The core of H_n: its components, its loops; the nodes and arcs for the figures' n."""

    scc: list[CoreComponent]
    weak_components: int
    loops: list[str]
    loops_isolated: list[bool]
    nodes: NotRequired[list[str]]
    scc_of: NotRequired[list[int]]
    arcs: NotRequired[list[list[str]]]


class FourCycleRow(TypedDict):
    """A 4-cycle of G_n: its key, positions, Q(x, y, z) parameters (or None), whether each
    Ω-move makes the next partition's largest part, and its lifts under every rule
    (``[target key, m, patterns or extra]`` rows)."""

    key: str
    positions: list[str]
    q: list[int] | None
    omega_largest: list[bool]
    lifts: dict[str, list[list[Any]]]


class CycleSample(TypedDict):
    """A longer cycle of G_n with its band-rule lifts (``[m, lifted positions]``)."""

    positions: list[str]
    band: list[list[Any]]
    band_any: list[list[Any]]


class Cycles(TypedDict):
    """Counts of the cycles of G_n of length 6 ... ``max_length`` and a few of each."""

    counts: dict[str, int]
    max_length: int
    samples: dict[str, list[CycleSample]]


class Strategies(TypedDict):
    """The success rate of each strategy on the full G_n."""

    largest_new_part: float
    smallest_new_part: float
    most_options: float
    uniform_random: float
    optimal: float


class Play(TypedDict):
    """Winning and losing positions of the full G_n, turns to the core, the strategies."""

    alpha_arcs: int
    h_arcs: int
    winning: int
    losing: int
    immediate_losses: int
    losing_examples: list[str]
    immediate_examples: list[str]
    max_turns_to_core: int | None
    farthest: list[str]
    one_part_turns: int  #: −1 when the one-part partition is not winning
    turn_histogram: dict[str, int]
    strategies: Strategies


class FloridianStep(TypedDict):
    """G_n and H_n (:func:`gamegraph.reporting.steps.floridian_step`); ``play`` only for the
    full graph; ``_seconds`` is added by the step runner."""

    n: int
    full: bool
    separated: int
    t_positions: int
    omega_t: int
    recurrent: int
    core_arcs: int
    core: Core
    two_cycles: list[list[str]]
    four_cycles: list[FourCycleRow]
    cycles: Cycles
    play: NotRequired[Play]
    _seconds: NotRequired[float]


class BulgarianStep(TypedDict):
    """B_n (:func:`gamegraph.reporting.steps.bulgarian_step`)."""

    n: int
    positions: int
    cycles: int
    cycle_lengths: dict[str, int]
    recurrent: int
    garden_of_eden: int
    ge_criterion_mismatches: int
    components_without_ge: int
    max_transient: int
    short_cycles: list[list[str]]
    separated_recurrent: list[str]
    min_defects: int | None
    _seconds: NotRequired[float]
