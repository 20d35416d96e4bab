"""Position spaces, each written once: the sets of positions the games are played on.

Every space is a :class:`Space` (see :mod:`.base`): it knows its size without listing it,
lists its positions in one canonical order, ranks and unranks them to dense ids (one at a
time, or many at once on numpy arrays, compiled where sizes are large), gives the canonical
form of a position taken up to a symmetry, parses and formats the papers' notations, and can
be narrowed with ``where=``. The families:

=============================  =========================================================
``Partitions(n, ...)``         partitions of n; ``max_parts=``, ``max_part=``, ``distinct=``
``PartitionsUpTo(n, ...)``     partitions of every size 0..n (the empty one included)
``Compositions(n, ...)``       compositions, strict or ``weak=True``; ``length=``
``Necklaces(n, ...)``          compositions up to rotation (greatest rotation canonical)
``PartitionTuples(n, s)``      s-tuples of partitions, n cards in all (hands of s players)
``PlanePartitions(n)``         plane partitions of n
``TwoColouredPartitions(n)``   multisets of (red, green) piles, n cards in all
``MarkedCompositions(n, c)``   compositions with a marked seat whose pile is non-empty
``PointerCompositions(n, c)``  Janetzko's: the marked seat rotated to seat 1
``Listed(positions)``          the positions a search found, in descending lexicographic order
=============================  =========================================================

The lower-case constructors (``partitions(n, where=...)``, ...) take the same arguments and a
predicate ``where`` that narrows the space (:class:`Narrowed`). This package imports nothing
of gamegraph but :mod:`gamegraph.errors`, and knows nothing of Neo4j or of any game.
"""

from gamegraph.core.notation import EMPTY_KEY, EMPTY_NOTATION
from gamegraph.core.spaces.base import Narrowed, PositionError, Space, flat_rows, narrowed
from gamegraph.core.spaces.compositions import (
    Composition,
    Compositions,
    Necklaces,
    compositions,
    greatest_rotation,
    necklaces,
)
from gamegraph.core.spaces.listed import Listed
from gamegraph.core.spaces.partitions import (
    MAX_N,
    Partition,
    Partitions,
    PartitionsUpTo,
    parse_parts,
    partitions,
    partitions_up_to,
)
from gamegraph.core.spaces.plane import PlanePartition, PlanePartitions, plane_partitions
from gamegraph.core.spaces.products import (
    Hands,
    PartitionTuples,
    Pile,
    TwoColoured,
    TwoColouredPartitions,
    partition_tuples,
    two_coloured_partitions,
)
from gamegraph.core.spaces.seats import (
    MarkedComposition,
    MarkedCompositions,
    PointerCompositions,
    marked_compositions,
    pointer_compositions,
)

__all__ = [
    "EMPTY_KEY",
    "EMPTY_NOTATION",
    "MAX_N",
    "Composition",
    "Compositions",
    "Hands",
    "Listed",
    "MarkedComposition",
    "MarkedCompositions",
    "Narrowed",
    "Necklaces",
    "Partition",
    "PartitionTuples",
    "Partitions",
    "PartitionsUpTo",
    "Pile",
    "PlanePartition",
    "PlanePartitions",
    "PointerCompositions",
    "PositionError",
    "Space",
    "TwoColoured",
    "TwoColouredPartitions",
    "compositions",
    "flat_rows",
    "greatest_rotation",
    "marked_compositions",
    "narrowed",
    "necklaces",
    "parse_parts",
    "partition_tuples",
    "partitions",
    "partitions_up_to",
    "plane_partitions",
    "pointer_compositions",
    "two_coloured_partitions",
]
