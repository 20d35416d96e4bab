"""CRIM positions as text, in pure Python: parsed by the Game class and the engine alike.

A position is a partition of any size, the empty diagram [] included. Its key in Neo4j is
its canonical key (``"5,3,3,1"``), except that the empty diagram, whose canonical key would
be the empty string, has the key :data:`gamegraph.core.notation.EMPTY_KEY` (``"0"``, the
partition of 0, as every empty position of the package): an empty string is a poor key
(neo4j-admin reads an empty CSV field as no value, a shell drops an empty argument), and no
partition's canonical key is ``"0"``.

No numpy here: :mod:`gamegraph.games.crim` imports this at start-up.
"""

from __future__ import annotations

from gamegraph.core.notation import EMPTY_KEY, is_empty
from gamegraph.errors import InputError
from gamegraph.games.partitions import Partition, canonical_key, parse_partition

__all__ = [
    "EMPTY_KEY",
    "CrimInputError",
    "check_position_size",
    "parse_position",
]


class CrimInputError(InputError):
    """A CRIM request or position that is not accepted (one-line message says why)."""


def parse_position(text: str, n: int | None = None) -> Partition:
    """A CRIM position from text: a partition in any notation of SPEC.md §1, or [].

    Accepts ``5,3,3,1``, ``5 3 3 1``, ``[5,3,3,1]``, paper notation ``1 3^2 5`` and, for
    the empty diagram, ``[]``, ``()``, ``∅``, its key ``0`` or an empty string. With ``n``
    the size must be at most n (a graph holds every partition of size 0..n).
    """
    if is_empty(text):
        return ()
    try:
        position = parse_partition(text)
    except ValueError as error:
        raise CrimInputError(str(error)) from None
    if n is not None:
        check_position_size(position, n)
    return position


def check_position_size(position: Partition, n: int) -> None:
    """CrimInputError unless the position's size is at most n."""
    if sum(position) > n:
        raise CrimInputError(
            f"{canonical_key(position)} has size {sum(position)}: "
            f"this CRIM graph holds the partitions of size 0..{n}"
        )
