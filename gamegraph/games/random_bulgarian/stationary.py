"""Stationary distributions of the random Bulgarian chains: exact and floating.

* :func:`exact_stationary` — Grassmann–Taksar–Heyman state reduction in ``Fraction``
  arithmetic. GTH never subtracts, so in exact arithmetic it is simply a clean elimination;
  it needs an irreducible chain. Cost O(N³) fraction operations: the engine uses it for the
  small n (p(12) = 77 states).
* :func:`float_stationary` — for the large n: power iteration (fast when the chain mixes
  well), then restarted GMRES on the nonsingular system π(I − P + 𝟙uᵀ) = uᵀ (u uniform; for an
  irreducible P this matrix is invertible and π is its only solution) when the power
  iteration has not converged within its budget. The residual ‖πP − π‖₁ is returned so that
  the caller reports how well πP = π holds.
* :func:`cesaro_functional` — p = 1 makes the chain the deterministic map B, which is not
  irreducible. Its stationary distributions are the mixtures of the uniform distributions on
  its cycles; the engine reports the Cesàro limit of the uniform start, lim (1/T) Σ_t uPᵗ,
  which gives each cycle the share of positions in its basin.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as sla

from gamegraph.core.graphs import FunctionalGraph, functional_analysis

__all__ = ["cesaro_functional", "exact_stationary", "float_stationary"]

#: power iterations tried before switching to GMRES
POWER_BUDGET = 400
#: target of ‖πP − π‖₁ for the floating solvers
TOLERANCE = 1e-13
#: restarted GMRES: its relative tolerance, restart length and iteration budget
GMRES_RTOL = TOLERANCE / 10
GMRES_RESTART = 50
GMRES_MAXITER = 2000


def exact_stationary(
    indptr: np.ndarray, indices: np.ndarray, probability: list[Fraction]
) -> list[Fraction]:
    """π with πP = π and Σπ = 1 exactly, for an irreducible chain given as CSR rows.

    GTH state reduction eliminates the states from the last index down: for each state k,
    with s = Σ_{j<k} P[k, j], every P[i, j] (i, j < k) gains P[i, k] P[k, j] / s. Back
    substitution from x_0 = 1 gives x_k = Σ_{i<k} x_i P[i, k] / s_k, then π = x / Σx.
    """
    size = indptr.shape[0] - 1
    rows: list[dict[int, Fraction]] = [
        {int(indices[e]): probability[e] for e in range(indptr[i], indptr[i + 1])}
        for i in range(size)
    ]
    # column index: which rows i < k have P[i, k] != 0 (kept up to date as fill appears)
    column: list[set[int]] = [set() for _ in range(size)]
    for i, row in enumerate(rows):
        for j in row:
            column[j].add(i)
    exit_mass: list[Fraction] = [Fraction(0)] * size
    for kk in range(size - 1, 0, -1):
        row_k = {j: v for j, v in rows[kk].items() if j < kk}
        s = sum(row_k.values(), Fraction(0))
        if s == 0:
            raise ValueError("the chain is not irreducible: GTH needs a strongly connected chain")
        exit_mass[kk] = s
        for i in column[kk]:
            if i >= kk:
                continue
            factor = rows[i][kk] / s
            row_i = rows[i]
            for j, v in row_k.items():
                if j in row_i:
                    row_i[j] += factor * v
                else:
                    row_i[j] = factor * v
                    column[j].add(i)
    x: list[Fraction] = [Fraction(0)] * size
    x[0] = Fraction(1)
    for kk in range(1, size):
        x[kk] = sum((x[i] * rows[i][kk] for i in column[kk] if i < kk), Fraction(0))
        x[kk] /= exit_mass[kk]
    total = sum(x, Fraction(0))
    return [v / total for v in x]


def float_stationary(matrix: sp.csr_matrix) -> tuple[np.ndarray, float]:
    """π (float64) of an irreducible row-stochastic CSR matrix, and ‖πP − π‖₁."""
    size = matrix.shape[0]
    transposed = matrix.T.tocsr()
    x = np.full(size, 1.0 / size)
    residual = np.inf
    for _ in range(POWER_BUDGET):
        y = transposed @ x
        residual = float(np.abs(y - x).sum())
        x = y
        if residual < TOLERANCE:
            break
    if residual >= TOLERANCE:
        x = _gmres_stationary(transposed, x)
    x = np.clip(x, 0.0, None)
    x /= x.sum()
    residual = float(np.abs(transposed @ x - x).sum())
    return x, residual


def _gmres_stationary(transposed: sp.csr_matrix, start: np.ndarray) -> np.ndarray:
    size = transposed.shape[0]
    uniform = np.full(size, 1.0 / size)

    def apply(v: np.ndarray) -> np.ndarray:
        return np.asarray(v - transposed @ v + uniform * v.sum())

    operator = sla.LinearOperator((size, size), matvec=apply, dtype=np.float64)
    solution, _info = sla.gmres(
        operator,
        uniform,
        x0=start,
        rtol=GMRES_RTOL,
        atol=0.0,
        restart=GMRES_RESTART,
        maxiter=GMRES_MAXITER,
    )
    return np.asarray(solution)


def cesaro_functional(successor: np.ndarray) -> tuple[list[Fraction], np.ndarray]:
    """Cesàro limit of the uniform start under a deterministic map (exact and float).

    A cycle C with basin B gets |B| / N, spread evenly over its |C| members.
    """
    size = successor.shape[0]
    orbits = functional_analysis(FunctionalGraph(successor))
    cycle_of, basin, length = orbits.cycle_of, orbits.basin_sizes, orbits.periods
    exact = [
        Fraction(int(basin[cycle_of[i]]), size * int(length[cycle_of[i]]))
        if orbits.distance[i] == 0
        else Fraction(0)
        for i in range(size)
    ]
    return exact, np.array([float(v) for v in exact])
