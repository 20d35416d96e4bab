"""A graph's content fingerprint: one short text that the engine computes from its tables and
Neo4j computes from the stored graph in one pass (the named query ``graph_fingerprint``), so
a load records a graph as complete only once the two agree, and `verify` checks it again.

Counts alone miss a graph whose relationships are as many as they should be but join the wrong
nodes (an arc written twice and another lost, an end redirected). The fingerprint sums, over
the nodes, a mix of each node's ``idx``, and, per relationship type, a mix of the ``idx`` of
its two ends; the mix is ``x² mod M`` of an affine form mod the prime ``M = 2³¹ − 1``, twice
with other constants, so exchanging the ends of two arcs changes it. Sums do not depend on
order, so Cypher's aggregation and numpy's agree without sorting anything. Every product stays
below 2⁶³: Cypher's integers and numpy's int64 never overflow.

It is a checksum, not a proof: a wrong graph matches a right one's fingerprint about once in
2⁶² by chance; `verify`'s exact comparisons stay what decides a graph's correctness.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

__all__ = ["FINGERPRINT_PARAMS", "fingerprint_text", "node_sums", "relationship_sums"]

_M = 2**31 - 1
FINGERPRINT_PARAMS: dict[str, int] = {
    "m": _M,
    "ka": 48_271,
    "kb": 69_621,
    "ca": 12_345,
    "kc": 16_807,
    "kd": 39_373,
    "cb": 271_828,
}
"""The constants of the mix, passed to the Cypher side as parameters (one copy of them)."""


_ROWS = 1 << 20
"""Rows mixed at a time: the mix makes several int64 arrays the length of its input, so
the whole of B_100 at once would hold some 10 GiB besides the graph."""


def _mixes(first: np.ndarray, second: np.ndarray | None) -> tuple[int, int]:
    """The two sums of ``x² mod M`` over the rows (see the module docstring), :data:`_ROWS`
    rows at a time."""
    p = FINGERPRINT_PARAMS
    m = p["m"]
    sums = [0, 0]
    for lo in range(0, first.shape[0], _ROWS):
        a = first[lo : lo + _ROWS].astype(np.int64) % m
        b = np.zeros_like(a) if second is None else second[lo : lo + _ROWS].astype(np.int64) % m
        x = (a * p["ka"] + b * p["kb"] + p["ca"]) % m
        y = (a * p["kc"] + b * p["kd"] + p["cb"]) % m
        sums[0] += int((x * x % m).sum())
        sums[1] += int((y * y % m).sum())
    return sums[0] % m, sums[1] % m


def node_sums(idx: np.ndarray) -> tuple[int, int]:
    """The nodes' part, from the ``idx`` of every node (of all labels at once)."""
    return _mixes(idx, None)


def relationship_sums(start_idx: np.ndarray, end_idx: np.ndarray) -> tuple[int, int]:
    """One relationship type's part, from the ``idx`` of each relationship's two ends."""
    return _mixes(start_idx, end_idx)


def fingerprint_text(
    nodes: int, node_part: Sequence[int], by_type: Mapping[str, Sequence[int]]
) -> str:
    """The fingerprint as stored on the :Graph record: 16 hex digits of a SHA-256 of the
    node count, the nodes' sums and each relationship type's sums (Cypher's sums are reduced
    mod M here, as numpy's are)."""
    m = FINGERPRINT_PARAMS["m"]
    parts: Iterable[str] = [
        f"nodes {nodes} {int(node_part[0]) % m} {int(node_part[1]) % m}",
        *(
            f"{kind} {int(sums[0]) % m} {int(sums[1]) % m}"
            for kind, sums in sorted(by_type.items())
        ),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]
