"""Reading and writing positions as text: the notations of SPEC.md §1 and of the papers.

Integers are written separated by commas or spaces, optionally in brackets, and an entry may
carry an exponent that repeats it (``3^2`` is ``3, 3``): ``5,3,3,1``, ``[5,3,3,1]``,
``5 3 3 1``, ``1 3^2 5``. The empty position is written ``0`` (its key), ``[]``, ``()``, ``∅``
or nothing. Every message is one line and quotes at most 40 characters of the text.

Written once for every position text of the package (partitions of the games, the spaces'
positions, a definition's), and light: it imports no numpy, so a game's module may use it at
start-up.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from gamegraph.errors import InputError

__all__ = [
    "EMPTY_KEY",
    "EMPTY_NOTATION",
    "MAX_ENTRIES",
    "PositionError",
    "brief",
    "exponent_notation",
    "integers",
    "is_empty",
    "join_key",
    "span",
    "strip_brackets",
]

EMPTY_KEY = "0"
"""The key of an empty position (a partition of 0, an empty hand): an empty string is a poor
key (a CSV reader takes it for no value, a shell drops an empty argument)."""
EMPTY_NOTATION = "∅"
"""The papers' notation of an empty position."""

MAX_ENTRIES = 10**6
"""The most integers one text is written out into (``1^99999999999`` is a few characters)."""


class PositionError(InputError):
    """A position (or its text, or an id) that is no member of the space; says why."""


_TOKEN = re.compile(r"^(\d{1,18})(?:\^(\d{1,18}))?$")
_SEPARATORS = re.compile(r"[\s,]+")
_EMPTY = re.compile(r"^\s*(\[\s*\]|\(\s*\)|∅|0)?\s*$")


def brief(text: str, width: int = 40) -> str:
    """``text`` quoted for a message, cut to ``width`` characters (a message stays one line)."""
    return repr(text if len(text) <= width else text[: width - 1] + "…")


def is_empty(text: str) -> bool:
    """Whether the text writes the empty position (``0``, ``[]``, ``()``, ``∅`` or nothing)."""
    return _EMPTY.match(text) is not None


def strip_brackets(text: str) -> str:
    """The text without one pair of enclosing brackets, ``[...]`` or ``(...)``."""
    body = text.strip()
    if body[:1] in "[(" and body[-1:] in "])":
        body = body[1:-1]
    return body.strip()


def integers(
    text: str,
    *,
    positive: bool = True,
    limit: int | None = None,
    what: str = "position",
    noun: tuple[str, str] = ("entry", "entries"),
    error: type[InputError] = PositionError,
) -> tuple[int, ...]:
    """The integers a text writes, in the order given, exponents expanded.

    ``positive`` refuses 0 (parts of a partition); ``limit`` bounds their sum (refused before
    the text is written out). The empty text is refused: callers test :func:`is_empty` first
    where an empty position exists. Messages call the text a ``what`` and its integers by
    ``noun`` (singular, plural), and are raised as ``error``.
    """
    one, many = noun
    tokens = [t for t in _SEPARATORS.split(strip_brackets(text)) if t]
    if not tokens:
        raise error(f"empty {what} {brief(text)}: give its {many}, e.g. '3,2,1'")
    values: list[int] = []
    total = 0
    bound = MAX_ENTRIES if limit is None else limit
    for token in tokens:
        match = _TOKEN.match(token)
        if match is None:
            kind = "positive" if positive else "nonnegative"
            raise error(
                f"bad {one} {brief(token)} in {brief(text)}: {many} are {kind} integers, "
                "optionally with an exponent as in '3^2'"
            )
        value, times = int(match.group(1)), int(match.group(2) or 1)
        if positive and value == 0:
            raise error(f"part 0 in {brief(text)}: parts must be positive")
        if times == 0:
            raise error(f"exponent 0 in {brief(token)} of {brief(text)}: use 1 or more")
        total += value * times
        if total > bound or len(values) + times > MAX_ENTRIES:
            limit_text = f"n = {limit}" if limit is not None else f"{MAX_ENTRIES:,}"
            raise error(f"the {many} of {brief(text)} add up to more than {limit_text}")
        values.extend([value] * times)
    return tuple(values)


def join_key(values: Sequence[int]) -> str:
    """Entries joined by commas, :data:`EMPTY_KEY` when there are none."""
    return ",".join(map(str, values)) if values else EMPTY_KEY


def span(values: Sequence[int]) -> str:
    """Sorted integers as `gamegraph load --n` takes them: ``24``, a run ``20..24``, else
    ``20,40``; ``nothing`` when there are none."""
    if not values:
        return "nothing"
    if len(values) > 1 and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return ",".join(map(str, values))


def exponent_notation(parts: Sequence[int]) -> str:
    """Ascending sizes with exponents, as the papers print partitions: ``1 3^2 5``
    (:data:`EMPTY_NOTATION` for none)."""
    if not parts:
        return EMPTY_NOTATION
    counts = Counter(parts)
    return " ".join(
        str(size) if counts[size] == 1 else f"{size}^{counts[size]}" for size in sorted(counts)
    )
