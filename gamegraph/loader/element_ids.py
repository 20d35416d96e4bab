"""The element ids of the nodes an online load created, held compactly until its
relationships are written.

A Neo4j 5 element id such as ``4:c0a8...:1234`` is opaque text; held as a Python string it
costs about 100 bytes a node (B_65's 2.5 million nodes: some 250 MB). The ids of one
database share their text up to the last colon and end in an integer, so they are held as
the index of that prefix and the integer: 12 bytes a node. An id of any other shape (which
Neo4j 5 does not give) is held as its text, as before; every id is checked to come back
exactly as it was given.
"""

from __future__ import annotations

import numpy as np


class ElementIds:
    """The element ids of a table's nodes in row order, appended a batch at a time."""

    def __init__(self) -> None:
        self._prefixes: list[str] = []
        self._index: dict[str, int] = {}
        self._chunks: list[tuple[np.ndarray, np.ndarray]] = []
        self._packed: tuple[np.ndarray, np.ndarray] | None = None
        self._text: list[str] | None = None  # ids of another shape: all held as text

    def __len__(self) -> int:
        if self._text is not None:
            return len(self._text)
        return sum(len(numbers) for _, numbers in self._chunks)

    def extend(self, ids: list[str]) -> None:
        """Append a batch's ids, in its rows' order."""
        if self._text is None:
            chunk = self._split(ids)
            if chunk is not None:
                self._chunks.append(chunk)
                self._packed = None
                return
            self._text = self.take(np.arange(len(self)))
            self._chunks = []
        self._text.extend(ids)

    def take(self, rows: np.ndarray) -> list[str]:
        """The ids of ``rows`` (an integer array), as the strings Neo4j gave."""
        if self._text is not None:
            text = self._text
            return [text[row] for row in rows.tolist()]
        if not self._chunks:
            return []
        if self._packed is None:
            self._packed = (
                np.concatenate([which for which, _ in self._chunks]),
                np.concatenate([numbers for _, numbers in self._chunks]),
            )
            self._chunks = [self._packed]
        which, numbers = self._packed
        if len(self._prefixes) == 1:
            prefix = self._prefixes[0]
            return [prefix + str(number) for number in numbers[rows].tolist()]
        prefixes = self._prefixes
        return [
            prefixes[w] + str(number)
            for w, number in zip(which[rows].tolist(), numbers[rows].tolist(), strict=True)
        ]

    def _split(self, ids: list[str]) -> tuple[np.ndarray, np.ndarray] | None:
        """A batch as (prefix index, integer) arrays, or None unless its ids share one prefix
        and each comes back exactly from it and its integer."""
        if not ids:
            return np.empty(0, np.uint32), np.empty(0, np.int64)
        prefix = ids[0].rpartition(":")[0] + ":"
        start = len(prefix)
        tails = [element_id[start:] for element_id in ids]
        if not all(element_id.startswith(prefix) for element_id in ids) or not all(
            tail.isascii() and tail.isdigit() and len(tail) <= 19 for tail in tails
        ):
            return None
        try:
            numbers = np.array(tails).astype(np.int64)
        except OverflowError:  # above 2**63 - 1
            return None
        if list(map(str, numbers.tolist())) != tails:
            return None  # leading zeros would not come back
        if prefix not in self._index:
            self._index[prefix] = len(self._prefixes)
            self._prefixes.append(prefix)
        return np.full(len(ids), self._index[prefix], np.uint32), numbers
