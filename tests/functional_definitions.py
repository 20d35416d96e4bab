"""The functional-graph solitaires straight from their definitions (SPEC-games.md §1–4), in
plain Python, with networkx for the analysis: the independent side of the unit and
integration tests of Carolina, Austrian, Montreal and Dual Bulgarian solitaire."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import networkx as nx
from survey_reference import partitions

from gamegraph.games.austrian import Austrian
from gamegraph.games.carolina import Carolina
from gamegraph.games.engine import FunctionalGame
from gamegraph.games.montreal import Montreal

__all__ = [
    "Analysis",
    "Seq",
    "analyse",
    "austrian_move",
    "austrian_states",
    "carolina_move",
    "compositions",
    "dual_move",
    "key_move",
    "key_of",
    "montreal_move",
    "orbits_of_compositions",
    "parse_key",
]

Seq = tuple[int, ...]


def carolina_move(alpha: Seq) -> Seq:
    """SPEC-games.md §1: (c, α_1 − 1, …, α_c − 1) without the zeros."""
    return (len(alpha), *(a - 1 for a in alpha if a > 1))


def austrian_move(state: tuple[Seq, int], L: int) -> tuple[Seq, int]:
    """SPEC-games.md §2, card by card: every pile pays the bank, the bank buys piles of L."""
    piles, bank = state
    kept = [p - 1 for p in piles if p > 1]
    bank += len(piles)
    while bank >= L:
        kept.append(L)
        bank -= L
    return tuple(sorted(kept, reverse=True)), bank


def austrian_states(n: int, L: int, up_to_L: bool = False) -> list[tuple[Seq, int]]:
    """SPEC-games.md §2: the states (μ, b) of n cards, the parts of μ at most L and the bank
    b < L (b <= L with ``up_to_L``)."""
    top = L if up_to_L else L - 1
    return [(mu, b) for b in range(min(n, top) + 1) for mu in partitions(n - b, L)]


def montreal_move(alpha: Seq) -> Seq:
    """SPEC-games.md §3, the local rule: a 0 appended, a positive entry loses one, a zero
    becomes the length of the positive run before it; leading zeros dropped."""
    image, run = [], 0
    for x in [*alpha, 0]:
        image.append(x - 1 if x > 0 else run)
        run = run + 1 if x > 0 else 0
    while image and image[0] == 0:
        image.pop(0)
    return tuple(image)


def dual_move(lam: Seq) -> Seq:
    """SPEC-games.md §4: the largest pile dealt to the others, largest first, the rest as 1s."""
    cards, piles = lam[0], list(lam[1:])
    for i in range(min(cards, len(piles))):
        piles[i] += 1
    piles += [1] * max(0, cards - len(lam[1:]))
    return tuple(sorted(piles, reverse=True))


def parse_key(text: str) -> Seq:
    """``'3,1,2'`` as a tuple (``''`` is the empty tuple)."""
    return tuple(int(v) for v in text.split(",")) if text else ()


def key_of(values: Iterable[int]) -> str:
    return ",".join(map(str, values))


def key_move(game: FunctionalGame) -> Callable[[str], str]:
    """The game's move on keys (``3,1,2``; Austrian ``5,3|2``), from the definitions."""
    if isinstance(game, Carolina):
        return lambda key: key_of(carolina_move(parse_key(key)))
    if isinstance(game, Austrian):
        L = game.L

        def austrian(key: str) -> str:
            piles, bank = key.split("|")
            image, rest = austrian_move((parse_key(piles), int(bank)), L)
            return f"{key_of(image)}|{rest}"

        return austrian
    if isinstance(game, Montreal):
        return lambda key: key_of(montreal_move(parse_key(key)))
    return lambda key: key_of(dual_move(parse_key(key)))


def compositions(n: int) -> list[Seq]:
    """Every composition of n, from its n − 1 cut points."""
    result = []
    for cuts in itertools.product((0, 1), repeat=n - 1):
        parts, size = [], 1
        for cut in cuts:
            if cut:
                parts.append(size)
                size = 0
            size += 1
        result.append((*parts, size))
    return result


def orbits_of_compositions(n: int) -> set[Seq]:
    """X(n): every position the zero-free compositions of n reach under M."""
    seen: set[Seq] = set()
    for composition in compositions(n):
        current = composition
        while current not in seen:
            seen.add(current)
            current = montreal_move(current)
    return seen


@dataclass(frozen=True)
class Analysis:
    """A functional graph analysed by networkx, by key."""

    graph: nx.DiGraph
    cycles: list[list[str]]  #: each in move order from an arbitrary member
    cycle_of: dict[str, int]  #: index into cycles of the cycle each trajectory ends in
    distance: dict[str, int]
    trajectory: dict[str, list[str]]  #: start to cycle entry, both included

    def rotation(self, members: list[str]) -> int | None:
        """Which cycle ``members`` is (in move order, from any member), None if none."""
        for number, cycle in enumerate(self.cycles):
            if len(cycle) == len(members) and members[0] in cycle:
                start = cycle.index(members[0])
                if cycle[start:] + cycle[:start] == members:
                    return number
        return None


def analyse(keys: Iterable[str], move: Callable[[str], str]) -> Analysis:
    """The analysis of the map ``move`` on ``keys`` (which it must map into themselves)."""
    graph = nx.DiGraph()
    for key in keys:
        graph.add_edge(key, move(key))
    cycles = []
    for members in nx.simple_cycles(graph):
        cycle = [members[0]]
        while move(cycle[-1]) != cycle[0]:
            cycle.append(move(cycle[-1]))
        cycles.append(cycle)
    on_cycle = {key: number for number, cycle in enumerate(cycles) for key in cycle}
    distance = nx.multi_source_dijkstra_path_length(graph.reverse(), set(on_cycle))
    trajectory, cycle_of = {}, {}
    for key in graph:
        path = [key]
        while path[-1] not in on_cycle:
            path.append(move(path[-1]))
        trajectory[key] = path
        cycle_of[key] = on_cycle[path[-1]]
    return Analysis(graph, cycles, cycle_of, dict(distance), trajectory)
