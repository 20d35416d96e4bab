"""Random Bulgarian solitaire (Popov) and the card-wise chain: build and analysis.

The chain (SPEC-games.md §5) lives on the partitions of n, numbered as everywhere in
gamegraph (descending lexicographic order: index 0 is (n), the last is 1^n).

* Popov, p ∈ (0, 1]: each pile independently loses one card with probability p.
* Card-wise (Eriksson–Jonsson–Sjöstrand): each card is picked independently with probability
  p, so a pile of size a loses j ~ Bin(a, p) cards.

In both the K removed cards form one new pile (none if K = 0) and emptied piles vanish. The
transitions are computed combinatorially (:func:`._kernels.chain_terms`) and turned into
probabilities for the given p (:mod:`.probabilities`): exact ``Fraction``s when ``exact``
(the default for n ≤ 12), float64 otherwise. p = 1 gives the deterministic B (Popov) or
λ ↦ (n) (card-wise).

Analysis: irreducibility (the support is strongly connected), the period (gcd of the cycle
lengths of each closed class; the chain is aperiodic when every closed class has period 1),
the stationary distribution π (GTH in exact arithmetic, power iteration / GMRES in floats,
see :mod:`.stationary`), its mode (the smallest index among the most likely states) and, per
state, the *staircase distance*:

    n = k(k−1)/2 + r with 0 < r ≤ k; the cradle shapes are μ = (k−1+ε_1, k−2+ε_2, …, 0+ε_k),
    ε ∈ {0,1}^k with Σε = r (the C(k, r) partitions on the cycles of B_n, SPEC.md §2; for
    triangular n the staircase (k, …, 1) alone). staircase_distance(λ) = min over μ of the
    number of cells of λ's Young diagram outside μ's = min_μ Σ_i max(λ_i − μ_i, 0)
    = ½ min_μ Σ_i |λ_i − μ_i| (parts padded with zeros).

It is 0 exactly on the cradle shapes and counts the cards that must move to reach one, so a
query can compare the most likely states with the staircase-like ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np
import scipy.sparse as sp

from gamegraph.core.graphs import ArcGraph, component_periods, strongly_connected_components
from gamegraph.core.spaces import Partitions
from gamegraph.games import _kernels as k
from gamegraph.games.engine.positions import Positions
from gamegraph.games.limits import Estimate, check_estimate
from gamegraph.games.partitions import (
    Partition,
    canonical_key,
    paper_notation,
    parse_partition,
)
from gamegraph.games.random_bulgarian import (  # choice counts are int64: C(n, K) <= 2^62
    MAX_N,
    RandomBulgarian,
)
from gamegraph.games.random_bulgarian import _kernels as rk
from gamegraph.games.random_bulgarian.probabilities import (
    ChainTerms,
    ProbabilityError,
    RandomBulgarianError,
    parse_probability,
    positive_arcs,
)
from gamegraph.games.random_bulgarian.stationary import (
    cesaro_functional,
    exact_stationary,
    float_stationary,
)

if TYPE_CHECKING:
    import networkx as nx

    from gamegraph.games.base import Progress

__all__ = [
    "EXACT_DEFAULT_MAX_N",
    "EXACT_MAX_N",
    "MAX_N",
    "NETWORKX_LIMIT",
    "STATS_KEYS",
    "ChainTerms",
    "PositionError",
    "ProbabilityError",
    "RandomBulgarianError",
    "RandomBulgarianGraph",
    "build_random_bulgarian",
    "estimate_random_bulgarian",
    "parse_probability",
]

#: probabilities are exact Fractions up to this n unless asked otherwise
EXACT_DEFAULT_MAX_N = 12
#: exact arithmetic refused above this n (GTH in Fractions is O(p(n)^3))
EXACT_MAX_N = 16
#: to_networkx refuses chains with more states + transitions than this
NETWORKX_LIMIT = 500_000
STATS_KEYS = RandomBulgarian.stats_keys
# peak bytes per transition term: the kernel's int64 triples with their doubling slack, the
# per-term probabilities and row ids, and scipy's CSR and its transpose (measured: n = 40
# Popov, 9.0·10^6 terms, 0.86 GiB peak)
_BYTES_PER_TERM = 100
_BASE_BYTES = 128 * 2**20
# card-wise terms per pair of positions, measured 0.40 at n = 20, 0.25 at n = 30, 0.21 at
# n = 34: fitted from above by 0.4·(n/20)^(−1.1), at most 0.5
_CARDWISE_DENSITY = 0.4
_CARDWISE_DECAY = -1.1


class PositionError(RandomBulgarianError):
    """A position index or partition that is not one of this chain's states."""


@dataclass(frozen=True, eq=False)
class RandomBulgarianGraph(ArcGraph):
    """The chain on the partitions of n with its analysis; arrays are indexed by position.

    It is the arc graph (CSR ``indptr``, ``indices``; its size, sources and degrees) with one
    arc per (source, target) of positive probability, ``probability`` as float64 and, when
    ``exact``, ``probability_exact`` as Fractions in the same order.
    """

    n: int
    p: Fraction
    cardwise: bool
    exact: bool
    probability: np.ndarray
    probability_exact: tuple[Fraction, ...] | None
    irreducible: bool
    period: int  #: lcm of the periods of the closed classes (1 ⇔ aperiodic)
    stationary: np.ndarray  #: π (float64); the Cesàro limit of the uniform start if reducible
    stationary_exact: tuple[Fraction, ...] | None
    stationary_residual: float  #: ‖πP − π‖₁ (0 in exact arithmetic)
    mode: int  #: index of the most likely state (smallest index among ties)
    staircase_distance: np.ndarray
    terms: ChainTerms = field(repr=False)

    @property
    def transitions(self) -> int:
        return self.arc_count

    @property
    def aperiodic(self) -> bool:
        return self.period == 1

    @property
    def chain(self) -> str:
        """``"popov"`` or ``"cardwise"``."""
        return "cardwise" if self.cardwise else "popov"

    @property
    def stationary_mode_probability(self) -> float:
        return float(self.stationary[self.mode])

    @property
    def stationary_mode_probability_exact(self) -> Fraction | None:
        return None if self.stationary_exact is None else self.stationary_exact[self.mode]

    # ----------------------------------------------------------------- positions

    def index(self, position: Partition | str) -> int:
        """Index of a partition of n, given as a tuple or in any notation of SPEC.md §1."""
        if isinstance(position, str):
            position = parse_partition(position, self.n)
        return self.positions.index(position)

    def position(self, index: int) -> Partition:
        """The partition with the given index (unranking)."""
        if not 0 <= index < self.size:
            raise PositionError(f"positions are 0..{self.size - 1}, not {index}")
        result: Partition = self.positions.position(index)
        return result

    @cached_property
    def positions(self) -> Positions:
        """The partitions of n, the chain's states in index order (the core's space)."""
        return Positions(Partitions(self.n))

    def keys(self) -> list[str]:
        """Canonical keys ``"3,2,1"`` of all positions in index order (compiled, bulk)."""
        return self.positions.keys()

    def notation(self, index: int | None = None) -> str | list[str]:
        """Paper notation ``"1 2 3"`` of one position, or of all in index order."""
        if index is not None:
            return paper_notation(self.position(index))
        return self.positions.notations()

    # ----------------------------------------------------------------- analysis

    def transition(self, source: int, target: int) -> Fraction | float:
        """P(source → target): a Fraction when exact, else a float (0 when no arc)."""
        lo, hi = int(self.indptr[source]), int(self.indptr[source + 1])
        at = lo + int(np.searchsorted(self.indices[lo:hi], target))
        if at < hi and int(self.indices[at]) == target:
            if self.probability_exact is not None:
                return self.probability_exact[at]
            return float(self.probability[at])
        return Fraction(0) if self.exact else 0.0

    def to_networkx(self) -> nx.DiGraph:
        """The chain as a networkx DiGraph (for chains up to :data:`NETWORKX_LIMIT` states +
        transitions): nodes are canonical keys with ``index``, ``notation``, ``stationary``
        (a Fraction when exact, else a float) and ``staircase_distance``; each arc carries its
        ``probability`` (a Fraction when exact, else a float)."""
        if self.size + self.transitions > NETWORKX_LIMIT:
            raise RandomBulgarianError(
                f"the chain on P({self.n}) has {self.size:,} states and {self.transitions:,} "
                f"transitions, over the {NETWORKX_LIMIT:,} to_networkx builds: use the arrays "
                "(indptr, indices, probability) instead"
            )
        import networkx as nx

        graph = nx.DiGraph(n=self.n, p=str(self.p), chain=self.chain)
        keys = self.keys()
        notation = self.notation()
        pi = self.stationary_exact or self.stationary.tolist()
        for i, key in enumerate(keys):
            graph.add_node(
                key,
                index=i,
                notation=notation[i],
                stationary=pi[i],
                staircase_distance=int(self.staircase_distance[i]),
            )
        weights = self.probability_exact or self.probability.tolist()
        targets = self.indices.tolist()
        for e, source in enumerate(self.sources.tolist()):
            graph.add_edge(keys[source], keys[targets[e]], probability=weights[e])
        return graph

    def stats(self) -> dict[str, Any]:
        """JSON-ready summary with exactly the keys of :data:`STATS_KEYS`."""
        return {
            "n": self.n,
            "p": str(self.p),
            "positions": self.size,
            "transitions": self.transitions,
            "irreducible": self.irreducible,
            "aperiodic": self.aperiodic,
            "stationary_mode": canonical_key(self.position(self.mode)),
            "stationary_mode_probability": self.stationary_mode_probability,
        }


def estimate_random_bulgarian(n: int, *, cardwise: bool = False) -> Estimate:
    """Positions, transitions (an upper estimate) and peak bytes, without recursion.

    Popov: the terms are exactly the pairs of partitions of total n,
    [xⁿ] Π_a (1 − x^a)^(−2), an upper bound of the arcs. Card-wise: a measured density of
    terms per pair of positions. Beyond n = 400 the counts of n = 400 are used (a lower
    bound; every such request is far too large anyway).
    """
    m = min(max(n, 0), 400)
    positions = _power_series_coefficient(m, 1)
    if cardwise:
        density = min(0.5, _CARDWISE_DENSITY * (max(m, 1) / 20) ** _CARDWISE_DECAY)
        terms = int(density * positions * positions) + positions
    else:
        terms = _power_series_coefficient(m, 2)
    return Estimate(positions, terms, terms * _BYTES_PER_TERM + positions * 64 + _BASE_BYTES)


def build_random_bulgarian(
    n: int,
    p: str | Fraction | int | float,
    *,
    cardwise: bool = False,
    exact: bool | None = None,
    force: bool = False,
) -> RandomBulgarianGraph:
    """Build and analyse the chain on the partitions of n.

    ``exact`` None means exact Fractions for n ≤ :data:`EXACT_DEFAULT_MAX_N`, floats above;
    exact arithmetic is refused above :data:`EXACT_MAX_N` (except p = 1, where π needs no
    elimination). Refuses sizes that would not fit in memory unless ``force``.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise RandomBulgarianError(f"n = {n!r} is not a positive integer: give n >= 1")
    prob = parse_probability(p)
    kind = "card-wise" if cardwise else "Popov"
    check_estimate(
        f"the {kind} chain on P({n})", estimate_random_bulgarian(n, cardwise=cardwise), force
    )
    if n > MAX_N:
        raise RandomBulgarianError(f"n = {n} is too large: the chain engine accepts 1..{MAX_N}")
    if exact is None:
        exact = n <= EXACT_DEFAULT_MAX_N
    if exact and n > EXACT_MAX_N and prob != 1:
        raise RandomBulgarianError(
            f"exact probabilities are offered for n <= {EXACT_MAX_N}, not n = {n}: pass exact=False"
        )
    table = k.rank_table(n)
    row_ptr, target, picked, count, piles = rk.chain_terms(n, table, cardwise)
    terms = ChainTerms(
        row_ptr, target, picked, count, np.full_like(piles, n) if cardwise else piles
    )
    indptr, indices, probability, probability_exact = positive_arcs(terms, prob, exact)
    size = indptr.shape[0] - 1

    arcs = ArcGraph(indptr, indices)
    comp = strongly_connected_components(arcs)
    comps = int(comp.max()) + 1
    closed, periods = component_periods(arcs, comp)
    irreducible = comps == 1
    period = int(np.lcm.reduce(periods[closed]))  # a finite chain has a closed class

    stationary_exact: tuple[Fraction, ...] | None = None
    residual = 0.0
    if irreducible and probability_exact is not None:
        pi = exact_stationary(indptr, indices, list(probability_exact))
        stationary_exact = tuple(pi)
        stationary = np.array([float(v) for v in pi])
    elif irreducible:
        matrix = sp.csr_matrix((probability, indices, indptr), shape=(size, size))
        stationary, residual = float_stationary(matrix)
    elif np.all(np.diff(indptr) == 1):  # p = 1: a deterministic map
        exact_pi, stationary = cesaro_functional(indices)
        stationary_exact = tuple(exact_pi) if exact else None
    else:  # 0 < p < 1 is irreducible (Popov's theorem; checked on every chain built)
        raise RandomBulgarianError(
            f"the chain for n = {n}, p = {prob} is reducible and not deterministic: "
            "no stationary distribution is defined for it here"
        )
    if stationary_exact is not None:
        mode = stationary_exact.index(max(stationary_exact))
    else:
        mode = int(np.argmax(stationary))

    distance = np.empty(size, dtype=np.int64)
    rk.staircase_distances(n, distance)
    return RandomBulgarianGraph(
        n=n,
        p=prob,
        cardwise=cardwise,
        exact=exact,
        indptr=indptr,
        indices=indices,
        probability=probability,
        probability_exact=probability_exact,
        irreducible=irreducible,
        period=period,
        stationary=stationary,
        stationary_exact=stationary_exact,
        stationary_residual=residual,
        mode=mode,
        staircase_distance=distance,
        terms=terms,
    )


def _power_series_coefficient(n: int, power: int) -> int:
    """[xⁿ] Π_{a≥1} (1 − x^a)^(−power), by repeated multiplication (no recursion)."""
    coeff = [1] + [0] * n
    for a in range(1, n + 1):
        for _ in range(power):
            for s in range(a, n + 1):
                coeff[s] += coeff[s - a]
    return coeff[n]


# --------------------------------------------------------------------------- Game.engine hooks


def estimate(game: RandomBulgarian) -> Estimate:
    return estimate_random_bulgarian(game.n, cardwise=game.cardwise)


def build(
    game: RandomBulgarian, *, force: bool = False, progress: Progress | None = None
) -> RandomBulgarianGraph:
    return build_random_bulgarian(game.n, game.p, cardwise=game.cardwise, force=force)
