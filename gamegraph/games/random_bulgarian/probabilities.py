"""p and the transition probabilities of the random Bulgarian chains (SPEC-games.md §5).

The chain's terms are computed once without p (:class:`ChainTerms`, by
:func:`._kernels.chain_terms`); :func:`positive_arcs` turns them into arcs of positive
probability for one p: exact ``Fraction``s, or float64.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from gamegraph.errors import InputError

__all__ = [
    "ChainTerms",
    "ProbabilityError",
    "RandomBulgarianError",
    "parse_probability",
    "positive_arcs",
]


class RandomBulgarianError(InputError):
    """Bad input to the random Bulgarian engine."""


class ProbabilityError(RandomBulgarianError):
    """p is not a number in (0, 1]."""


def parse_probability(value: str | Fraction | int | float) -> Fraction:
    """p as an exact fraction: ``"1/2"``, ``"0.25"``, ``"1"``, ``Fraction(1, 3)``, 0.5.

    A float is read through its shortest decimal text (0.1 is 1/10, not the binary double).
    Refused: non-numbers, p ≤ 0, p > 1.
    """
    if isinstance(value, bool):
        raise ProbabilityError(f"p = {value!r} is not a number: give p in (0, 1], e.g. '1/2'")
    try:
        if isinstance(value, Fraction | int):
            p = Fraction(value)
        elif isinstance(value, float):
            p = Fraction(repr(value))
        elif isinstance(value, str):
            p = Fraction(value.strip())
        else:
            raise TypeError
    except (ValueError, ZeroDivisionError, TypeError):
        raise ProbabilityError(
            f"p = {value!r} is not a number: give p in (0, 1] as '1/2', '0.25' or '1'"
        ) from None
    if not 0 < p <= 1:
        raise ProbabilityError(f"p = {p} is outside (0, 1]: give 0 < p <= 1")
    return p


@dataclass(frozen=True, eq=False)
class ChainTerms:
    """The chain's transitions before p is chosen (see :func:`._kernels.chain_terms`).

    Source i has terms ``row_ptr[i]:row_ptr[i+1]``: ``count[e]`` choices that pick
    ``picked[e]`` = K cards and lead to ``target[e]``, each of probability
    p^K (1 − p)^(exponent[i] − K); exponent = ℓ(λ) for Popov, n card-wise.
    """

    row_ptr: np.ndarray
    target: np.ndarray
    picked: np.ndarray
    count: np.ndarray
    exponent: np.ndarray

    def source(self) -> np.ndarray:
        """The source index of every term."""
        return np.repeat(np.arange(self.row_ptr.shape[0] - 1), np.diff(self.row_ptr))


def positive_arcs(
    terms: ChainTerms, p: Fraction, exact: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[Fraction, ...] | None]:
    """CSR arcs of positive probability: (indptr, indices, float64, Fractions or None).

    A term is alive iff its probability p^K (1 − p)^(E − K) is positive: always when
    p < 1, only for K = E when p = 1 (decided on the exponents, never on rounded floats).
    """
    source = terms.source()
    picked, count = terms.picked, terms.count
    exponent = terms.exponent[source]
    alive = np.ones(picked.shape[0], dtype=np.bool_) if p < 1 else picked == exponent
    indptr, indices, arc_of = _arcs(terms.row_ptr.shape[0] - 1, source[alive], terms.target[alive])
    if exact:
        probability_exact = _exact_probabilities(
            p, count[alive], picked[alive], exponent[alive], arc_of, indices.shape[0]
        )
        return indptr, indices, np.array([float(v) for v in probability_exact]), probability_exact
    pf = float(p)
    term_float = (
        count[alive] * pf ** picked[alive] * (1.0 - pf) ** (exponent[alive] - picked[alive])
    )
    probability = np.bincount(arc_of, weights=term_float, minlength=indices.shape[0])
    return indptr, indices, probability, None


def _arcs(
    size: int, source: np.ndarray, target: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """CSR of the distinct (source, target) pairs of terms sorted by source then target.

    Returns (indptr, indices, arc_of) where arc_of[e] is the arc of term e.
    """
    new_arc = np.ones(source.shape[0], dtype=np.bool_)
    new_arc[1:] = (source[1:] != source[:-1]) | (target[1:] != target[:-1])
    arc_of = np.cumsum(new_arc) - 1
    indices = target[new_arc].astype(np.int64)
    per_row = np.bincount(source[new_arc], minlength=size)
    indptr = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(per_row, out=indptr[1:])
    return indptr, indices, arc_of


def _exact_probabilities(
    p: Fraction,
    count: np.ndarray,
    picked: np.ndarray,
    exponent: np.ndarray,
    arc_of: np.ndarray,
    arcs: int,
) -> tuple[Fraction, ...]:
    """Σ over an arc's terms of count · p^K (1 − p)^(E − K), in exact arithmetic."""
    a, b = p.numerator, p.denominator
    num = [Fraction(0)] * arcs
    for e in range(count.shape[0]):
        kk, ee = int(picked[e]), int(exponent[e])
        num[int(arc_of[e])] += Fraction(int(count[e]) * a**kk * (b - a) ** (ee - kk), b**ee)
    return tuple(num)
