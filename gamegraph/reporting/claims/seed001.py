"""The claims of seed 001 (The Bulgarian solitaire and the mathematics around it) against the
per-n results of B_n and the graphs of the other games of the seed: Carolina, Montreal, Dual,
Austrian and random Bulgarian solitaire, each built by its Game class
(``Montreal.create(n=7).build()``).

The paper's values are in ``seed001.toml``; each evaluator computes one claim's value.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from gamegraph.errors import InputError
from gamegraph.games.austrian import Austrian
from gamegraph.games.bulgarian import Bulgarian
from gamegraph.games.carolina import Carolina
from gamegraph.games.dual import Dual
from gamegraph.games.montreal import Montreal
from gamegraph.games.montreal.positions import MontrealClosureError
from gamegraph.games.partitions import Partition, canonical_key, conjugate, omega
from gamegraph.games.random_bulgarian import RandomBulgarian
from gamegraph.games.random_bulgarian.probabilities import RandomBulgarianError
from gamegraph.reporting.claims.common import (
    arcs,
    built,
    cycle_through,
    every_b,
    failing,
    keys,
    necklaces,
    triangle_split,
)
from gamegraph.reporting.claims.evaluators import EvalResult, evaluator, span
from gamegraph.reporting.data import ReportData

# ------------------------------------------------------------------------- seed 001


def trajectory(start: Partition, steps: int) -> list[Partition]:
    path = [start]
    for _ in range(steps):
        path.append(omega(path[-1]))
    return path


@evaluator("B-trajectory")
def _b_traj(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(keys(trajectory((4, 3, 3), 10)), "n = 10")


@evaluator("B-moves")
def _b_moves(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([canonical_key(omega((4, 3, 3))), canonical_key(omega((6, 3, 1)))], "n = 10")


@evaluator("B-n7")
def _b_n7(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([data.bulgarian[7]["cycles"], cycle_through(data, 7, "4,2,1")], "n = 7")


def _triangular(top: int) -> list[tuple[int, int]]:
    """(n, k) for every triangular n = k(k + 1)/2 <= top."""
    return [(k * (k + 1) // 2, k) for k in range(1, top + 1) if k * (k + 1) // 2 <= top]


def _every_triangular(top: int, fails: Callable[[int, int], bool]) -> EvalResult:
    """A claim for every triangular n = k(k + 1)/2 ≤ ``top``: the n where ``fails(n, k)``."""
    found = _triangular(top)
    bad = [n for n, k in found if fails(n, k)]
    return EvalResult(bad, "n = " + ", ".join(str(n) for n, _ in found))


@evaluator("B-thm1")
def _b_thm1(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(n: int, k: int) -> bool:
        b = data.bulgarian[n]
        return b["cycles"] != 1 or b["short_cycles"] != [[",".join(map(str, range(k, 0, -1)))]]

    return _every_triangular(data.b_max, fails)


@evaluator("B-thm2")
def _b_thm2(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return every_b(data, lambda n: data.bulgarian[n]["cycles"] != necklaces(n))


@evaluator("B-cradle")
def _b_cradle(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(n: int) -> bool:
        k, _ = triangle_split(n)
        return any(k % int(length) for length in data.bulgarian[n]["cycle_lengths"])

    return every_b(data, fails)


def _every_tau(data: ReportData, fails: Callable[[int, list[Partition]], bool]) -> EvalResult:
    """A claim for every triangular n = k(k + 1)/2 ≤ b_max, k ≥ 2: the k where ``fails(k,
    path)``, ``path`` the k(k − 1) steps of Bulgarian solitaire from τ = (k − 1)² (k − 2) … 2 1²."""
    ks = [k for _, k in _triangular(data.b_max) if k >= 2]
    bad = []
    for k in ks:
        tau = tuple(sorted([k - 1, *range(k - 1, 1, -1), 1, 1], reverse=True))
        if fails(k, trajectory(tau, k * (k - 1))):
            bad.append(k)
    return EvalResult(bad, span(2, ks[-1] if ks else 0, "k"))


@evaluator("B-toom")
def _b_toom(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(k: int, path: list[Partition]) -> bool:
        stair = tuple(range(k, 0, -1))
        return path[-1] != stair or stair in path[:-1]

    return _every_tau(data, fails)


@evaluator("B-knuth")
def _b_knuth(data: ReportData, row: dict[str, Any]) -> EvalResult:
    found = _triangular(data.b_max)
    bad = [n for n, k in found if data.bulgarian[n]["max_transient"] != k * (k - 1)]
    return EvalResult(bad, span(1, data.b_max) + " (triangular)")


@evaluator("B-bentz")
def _b_bentz(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(k: int, path: list[Partition]) -> bool:
        steps = k * (k - 1)
        return any(conjugate(path[i]) != path[steps - i - 1] for i in range(steps))

    return _every_tau(data, fails)


@evaluator("B-ge")
def _b_ge(data: ReportData, row: dict[str, Any]) -> EvalResult:
    bad = [n for n in range(1, data.b_max + 1) if data.bulgarian[n]["ge_criterion_mismatches"]]
    return EvalResult(bad, f"every partition of n ≤ {data.b_max}")


@evaluator("B-ge-reach")
def _b_ge_reach(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return every_b(data, lambda n: bool(data.bulgarian[n]["components_without_ge"]))


@evaluator("B-fig10")
def _b_fig10(data: ReportData, row: dict[str, Any]) -> EvalResult:
    cycle = cycle_through(data, 12, "5,3,3,1")
    return EvalResult(len(cycle) if cycle else 0, "n = 12", " → ".join(cycle or []))


# ------------------------------------------------------------------------- the other games


def _orbit(graph: Any, start: Any, steps: int) -> list[Any]:
    path = [graph.index(start)]
    for _ in range(steps):
        path.append(int(graph.successor[path[-1]]))
    return [graph.position(i) for i in path]


@evaluator("CAR-tri")
def _car_tri(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(n: int, k: int) -> bool:
        graph = built(Carolina, n=n)
        cycles = [[graph.position(int(i)) for i in c] for c in graph.cycles]
        return cycles != [[tuple(range(k, 0, -1))]]

    return _every_triangular(data.ranges.carolina, fails)


@evaluator("CAR-GE")
def _car_ge(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.carolina

    def fails(n: int) -> bool:
        graph = built(Carolina, n=n)
        alphas = (graph.position(i) for i in range(graph.size))
        eden = graph.garden_of_eden
        return any(bool(e) != (a[0] < len(a) - 1) for e, a in zip(eden, alphas, strict=True))

    return EvalResult(failing(fails, 1, top).value, f"every composition of n ≤ {top}")


@evaluator("MON-ex1")
def _mon_ex1(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(canonical_key(_orbit(built(Montreal, n=3), (1, 0, 2), 1)[1]), "I(3)")


@evaluator("MON-ex2")
def _mon_ex2(data: ReportData, row: dict[str, Any]) -> EvalResult:
    from gamegraph.games.montreal.positions import montreal_move

    alpha = (1, 2, 0, 1, 0, 2)
    try:
        built(Montreal, n=6).index(alpha)
        member = True
    except InputError:
        member = False
    return EvalResult([canonical_key(montreal_move(alpha)), member], "the move, and I(6)")


@evaluator("MON-traj")
def _mon_traj(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult(keys(_orbit(built(Montreal, n=7), (3, 2, 2), 5)), "I(7)")


@evaluator("MON-18")
def _mon_18(data: ReportData, row: dict[str, Any]) -> EvalResult:
    path = _orbit(built(Montreal, n=7), (3, 2, 2), 40)
    return EvalResult(path[1:].index((3, 2, 2)) + 1, "I(7)")


@evaluator("MON-bij")
def _mon_bij(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.montreal

    def fails(n: int) -> bool:
        try:
            graph = built(Montreal, n=n)
        except MontrealClosureError:  # the engine refuses an M that leaves I(n)
            return True
        return len(set(graph.successor.tolist())) != graph.size or not graph.on_cycle.all()

    return EvalResult(failing(fails, 1, top).value, f"I(n), {span(1, top)}")


@evaluator("MON-A007075")
def _mon_a007075(data: ReportData, row: dict[str, Any]) -> EvalResult:
    return EvalResult([built(Montreal, n=n).size for n in range(1, 11)], "1 ≤ n ≤ 10")


@evaluator("DUAL-ex")
def _dual_ex(data: ReportData, row: dict[str, Any]) -> EvalResult:
    images = [
        canonical_key(_orbit(built(Dual, n=sum(start)), start, 1)[1])
        for start in ((4, 4, 3, 2, 2, 1, 1), (6, 6, 3, 2, 1))
    ]
    return EvalResult(images, "n = 17, 18")


@evaluator("DUAL-iso")
def _dual_iso(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.dual
    bad = []
    for n in range(1, top + 1):
        dual, bulgarian = built(Dual, n=n), built(Bulgarian, n=n)
        for lam, image in arcs(dual):
            b = bulgarian.index(conjugate(lam))
            if conjugate(bulgarian.position(int(bulgarian.successor[b]))) != image:
                bad.append(n)
                break
    return EvalResult(bad, f"every partition of n ≤ {top}")


@evaluator("RBS-p1")
def _rbs_p1(data: ReportData, row: dict[str, Any]) -> EvalResult:
    def fails(n: int) -> bool:
        chain, bulgarian = built(RandomBulgarian, n=n, p=1), built(Bulgarian, n=n)
        for i in range(chain.size):
            lo, hi = int(chain.indptr[i]), int(chain.indptr[i + 1])
            lam = chain.position(i)
            target = bulgarian.position(int(bulgarian.successor[bulgarian.index(lam)]))
            if hi - lo != 1 or chain.position(int(chain.indices[lo])) != target:
                return True
        return False

    return failing(fails, 1, data.ranges.random)


PROBABILITIES = (Fraction(1, 10), Fraction(1, 2), Fraction(9, 10))
"""The p of RBS-irr: near both ends of (0, 1) and its middle."""


@evaluator("RBS-irr")
def _rbs_irr(data: ReportData, row: dict[str, Any]) -> EvalResult:
    top = data.ranges.random
    bad = []
    for n in range(1, top + 1):
        for p in PROBABILITIES:
            try:
                chain = built(RandomBulgarian, n=n, p=p)
            except RandomBulgarianError:  # the engine refuses a reducible chain for 0 < p < 1
                bad.append([n, str(p)])
                continue
            if not (chain.irreducible and chain.aperiodic):
                bad.append([n, str(p)])
    ps = ", ".join(map(str, PROBABILITIES))
    return EvalResult(bad, f"{span(1, top)}, p = {ps}")


def seed_austrian_move(piles: Partition, bank: int, cap: int) -> tuple[Partition, int]:
    """l.158's move in its own two steps: a card from every pile to the bank, then piles of
    L cards from the bank while it holds L or more."""
    bank += len(piles)
    after = [p - 1 for p in piles if p > 1]
    while bank >= cap:
        bank -= cap
        after.append(cap)
    return tuple(sorted(after, reverse=True)), bank


@evaluator("AUS-closed")
def _aus_closed(data: ReportData, row: dict[str, Any]) -> EvalResult:
    # The claim follows from the rule (its second step stops below L), so the row checks
    # the graph against the rule as the seed words it, and the claim on the graph.
    top, top_l = data.ranges.austrian, data.ranges.austrian_L
    bad = []
    for n in range(1, top + 1):
        for cap in range(1, top_l + 1):
            graph = built(Austrian, n=n, L=cap, bank_up_to_L=True)
            states = [graph.position(i) for i in range(graph.size)]
            moved = [
                states[j] != seed_austrian_move(piles, kept, cap)
                for (piles, kept), j in zip(states, graph.successor, strict=True)
            ]
            bank = graph.positions.space.bank
            full = bank == cap
            if (
                any(moved)
                or (bank[graph.successor] >= cap).any()
                or (full & ~graph.garden_of_eden).any()
            ):
                bad.append([n, cap])
    return EvalResult(bad, f"{span(1, top)}, 1 ≤ L ≤ {top_l}, every move against l.158's two steps")
