"""The element ids of the nodes an online load created, held compactly until its
relationships are written.

A Neo4j 5 element id such as ``4:c0a8...:1234`` is opaque text; held as a Python string it
costs about 100 bytes a node (B_65's 2 million nodes: some 200 MB). The ids of one database
share their text up to the last colon and end in an integer, so they are held as that
integer, 8 bytes a node, and the prefix once. Ids of any other shape (which Neo4j 5 does not
give) are all held as text, as before; every id is checked to come back exactly as given.
"""

from __future__ import annotations

import numpy as np


class ElementIds:
    """The element ids of a table's ``size`` nodes in row order, appended a batch at a time."""

    def __init__(self, size: int) -> None:
        self._numbers = np.empty(size, dtype=np.int64)
        self._count = 0
        self._prefix = ""  #: the text before every id's integer, once a batch came
        self._text: list[str] | None = None  #: every id as text, once one is of another shape

    def __len__(self) -> int:
        return self._count if self._text is None else len(self._text)

    def extend(self, ids: list[str]) -> None:
        """Append a batch's ids, in its rows' order."""
        if self._text is None:
            prefix = self._prefix or (ids[0].rpartition(":")[0] + ":" if ids else "")
            numbers = _integers(ids, prefix)
            stop = self._count + len(ids)
            if numbers is not None and stop <= self._numbers.shape[0]:
                self._numbers[self._count : stop] = numbers
                self._count, self._prefix = stop, prefix
                return
            self._text = self.take(np.arange(self._count))
            self._numbers = self._numbers[:0]
        self._text.extend(ids)

    def take(self, rows: np.ndarray) -> list[str]:
        """The ids of ``rows`` (an integer array), as the strings Neo4j gave."""
        if self._text is not None:
            text = self._text
            return [text[row] for row in rows.tolist()]
        prefix = self._prefix
        return [prefix + str(number) for number in self._numbers[rows].tolist()]


def _integers(ids: list[str], prefix: str) -> np.ndarray | None:
    """The integers after ``prefix`` of a batch's ids, or None unless every id is ``prefix``
    and an integer that gives it back exactly."""
    start = len(prefix)
    tails = [element_id[start:] for element_id in ids]
    if not all(element_id.startswith(prefix) for element_id in ids) or not all(
        tail.isascii() and tail.isdigit() and len(tail) <= 19 for tail in tails
    ):
        return None
    try:
        numbers = np.array(tails, dtype=str).astype(np.int64)
    except OverflowError:  # above 2**63 - 1
        return None
    if list(map(str, numbers.tolist())) != tails:
        return None  # leading zeros would not come back
    return numbers
