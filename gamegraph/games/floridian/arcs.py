"""The α-arcs of G_n and the arcs of H_n they give, as CSR over the sources built: the α-move
kernel (:func:`._kernels.alpha_arcs_chunk`) run over contiguous slices of the sources by
worker threads (it releases the GIL), each slice in chunks of a bounded buffer."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import numpy as np

from gamegraph.games.floridian import _kernels as fk
from gamegraph.games.floridian.separated import SeparatedPartitions

if TYPE_CHECKING:
    from gamegraph.games.base import Progress

__all__ = ["alpha_arcs", "join_csr"]


def alpha_arcs(
    positions: SeparatedPartitions,
    sources: np.ndarray,
    omega_of: np.ndarray,
    progress: Progress | None,
    chunk_arcs: int,
    threads: int,
    n: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Run the α-move kernel over ``sources``, split among worker threads (it releases the GIL).

    Each worker owns a contiguous slice of sources and its own buffers; slices are joined in
    order, so the result does not depend on the number of workers.
    """
    total = int(sources.shape[0])
    workers = max(1, min(threads, 8, total // 4096 or 1))
    bounds = np.linspace(0, total, workers + 1).astype(np.int64)
    done: dict[int, int] = {}  # sources finished, by the workers that have reported
    lock = threading.Lock()

    def report(worker: int, finished: int) -> None:
        if progress is not None:
            with lock:
                done[worker] = finished
                progress(f"α-moves of G_{n}", sum(done.values()), total)

    def run(worker: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        lo, hi = int(bounds[worker]), int(bounds[worker + 1])
        return _alpha_arcs_slice(
            positions, sources[lo:hi], omega_of, chunk_arcs, lambda f: report(worker, f)
        )

    if workers == 1:
        results = [run(0)]
    else:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(run, range(workers)))
    alpha_ptr, alpha_dst = join_csr([(r[0], r[1]) for r in results])
    h_ptr, h_dst = join_csr([(r[2], r[3]) for r in results])
    return alpha_ptr, alpha_dst, h_ptr, h_dst


def _alpha_arcs_slice(
    positions: SeparatedPartitions,
    sources: np.ndarray,
    omega_of: np.ndarray,
    chunk_arcs: int,
    report: Callable[[int], None],
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    total = int(sources.shape[0])
    alpha_ptr = np.zeros(total + 1, dtype=np.int64)
    h_ptr = np.zeros(total + 1, dtype=np.int64)
    alpha_parts = [np.empty(0, dtype=np.int64)]
    h_parts = [np.empty(0, dtype=np.int64)]
    capacity = chunk_arcs
    start, alpha_done, h_done = 0, 0, 0
    while start < total:
        alpha_buf = np.empty(capacity, dtype=np.int64)
        h_buf = np.empty(capacity, dtype=np.int64)
        stop, na, nh = fk.alpha_arcs_chunk(
            positions.n,
            positions.first,
            positions.prefix,
            positions.parts,
            positions.offsets,
            sources,
            start,
            omega_of,
            alpha_ptr,
            alpha_buf,
            h_ptr,
            h_buf,
        )
        if stop == start:  # one position has more candidates than the buffer holds
            capacity *= 2
            continue
        alpha_ptr[start : stop + 1] += alpha_done
        h_ptr[start : stop + 1] += h_done
        alpha_parts.append(alpha_buf[:na].copy())
        h_parts.append(h_buf[:nh].copy())
        alpha_done += na
        h_done += nh
        start = stop
        report(start)
    return alpha_ptr, np.concatenate(alpha_parts), h_ptr, np.concatenate(h_parts)


def join_csr(pieces: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """Concatenate CSR row blocks (each ptr starts at 0) into one CSR."""
    ptrs, dsts, offset = [np.zeros(1, dtype=np.int64)], [], 0
    for ptr, dst in pieces:
        ptrs.append(ptr[1:] + offset)
        dsts.append(dst)
        offset += int(dst.shape[0])
    return np.concatenate(ptrs), np.concatenate(dsts)
