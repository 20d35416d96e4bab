"""The OEIS sequences shipped with gamegraph (``sequences/A*.txt`` b-files, each with its
source line; :mod:`gamegraph.questions.definitions` wrote them) and the comparison of a
table's integer column with them (:func:`match_sequences`).

A column *matches* a sequence when it agrees with it at every n both cover (at least
:data:`MIN_OVERLAP` of them); it *leaves* a sequence when it agrees at the first
:data:`MIN_OVERLAP` or more n and then differs: the first n where it differs is reported,
with both values. Only sequences indexed by n (``a(n)`` a function of n) are compared.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["MIN_OVERLAP", "KnownSequence", "SequenceMatch", "known_sequences", "match_sequences"]

MIN_OVERLAP = 5
"""Fewer common terms than this say nothing (too many sequences start 1, 1, 2, ...)."""


@dataclass(frozen=True)
class KnownSequence:
    anumber: str
    name: str
    source: str
    by_n: bool
    terms: dict[int, int]


@cache
def known_sequences() -> tuple[KnownSequence, ...]:
    """Every shipped b-file, parsed (its ``#`` lines give the name, source and kind)."""
    found = []
    folder = resources.files("gamegraph.questions") / "sequences"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".txt"):
            continue
        header: list[str] = []
        terms: dict[int, int] = {}
        for line in entry.read_text("ascii").splitlines():
            if line.startswith("#"):
                header.append(line[1:].strip())
            elif line.strip():
                n, value = line.split()
                terms[int(n)] = int(value)
        anumber, _, name = header[0].partition(" ")
        source = header[1].removeprefix("Source: ") if len(header) > 1 else ""
        by_n = not (len(header) > 2 and "a list of terms" in header[2])
        found.append(KnownSequence(anumber, name, source, by_n, terms))
    return tuple(found)


@dataclass(frozen=True)
class SequenceMatch:
    """A column against one sequence: ``matches`` over ``first..last``, or ``leaves`` it
    at ``left_at`` (the column's value there, and the sequence's)."""

    column: str
    anumber: str
    name: str
    params: dict[str, Any]
    first: int
    last: int
    terms: int  #: n compared
    left_at: int | None = None
    value: int | None = None
    expected: int | None = None

    @property
    def matches(self) -> bool:
        return self.left_at is None

    def sentence(self) -> str:
        where = "".join(f" ({k} = {v})" for k, v in self.params.items())
        if self.matches:
            return (
                f"{self.column}{where} = {self.anumber} ({self.name}) for n = "
                f"{self.first}..{self.last} ({self.terms} terms)"
            )
        return (
            f"{self.column}{where} follows {self.anumber} ({self.name}) for n = "
            f"{self.first}..{self.last} and leaves it at n = {self.left_at}: "
            f"{self.value}, where {self.anumber} has {self.expected}"
        )

    def as_dict(self) -> dict[str, Any]:
        return asdict(self) | {"sentence": self.sentence()}


def match_sequences(
    column: str, values: Mapping[int, int], params: Mapping[str, Any] | None = None
) -> list[SequenceMatch]:
    """The shipped sequences ``values`` (by n) matches or leaves (see the module docstring)."""
    found = []
    for seq in known_sequences():
        if not seq.by_n:
            continue
        common = sorted(n for n in values if n in seq.terms)
        if len(common) < MIN_OVERLAP:
            continue
        agree = 0
        for n in common:
            if values[n] != seq.terms[n]:
                break
            agree += 1
        if agree == len(common):
            found.append(
                SequenceMatch(column, seq.anumber, seq.name, dict(params or {}),
                              common[0], common[-1], len(common))
            )  # fmt: skip
        elif agree >= MIN_OVERLAP:
            n = common[agree]
            found.append(
                SequenceMatch(column, seq.anumber, seq.name, dict(params or {}), common[0],
                              common[agree - 1], agree, n, values[n], seq.terms[n])
            )  # fmt: skip
    return found
