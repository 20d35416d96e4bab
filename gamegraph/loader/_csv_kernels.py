"""Compiled inner loops (numba) of the CSV export: cells as bytes, rows joined in one pass.

A column of cells is held as one ``uint8`` array of UTF-8 bytes and ``int64`` bounds (cell i
is ``data[bounds[i]:bounds[i + 1]]``), so a table of columns is joined into CSV rows without
a Python string per cell (:func:`gamegraph.loader.export.write_csv`). Like every kernel of
gamegraph, ``@njit(cache=True)``: compiled once per checkout, loaded from ``__pycache__`` then.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["csv_rows", "format_booleans", "format_integers"]

_QUOTE, _COMMA, _NEWLINE, _RETURN = 34, 44, 10, 13


@njit(cache=True)
def _width(v: int) -> int:  # pragma: no cover
    """How many characters ``str(v)`` has. A negative value's last digit is taken off by a
    division by -10 first: -v itself overflows for the least int64."""
    width = 1
    if v < 0:
        width, v = 2, v // -10
        while v > 0:
            v //= 10
            width += 1
        return width
    while v >= 10:
        v //= 10
        width += 1
    return width


@njit(cache=True)
def format_integers(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover
    """Decimal cells of int64 values (as ``str(int)`` writes them): bytes and bounds."""
    rows = values.shape[0]
    bounds = np.zeros(rows + 1, np.int64)
    for i in range(rows):
        bounds[i + 1] = bounds[i] + _width(values[i])
    data = np.empty(bounds[rows], np.uint8)
    for i in range(rows):
        v = values[i]
        at = bounds[i + 1] - 1
        if v < 0:  # the last digit from the negative value, then the rest as a positive one
            data[at] = 48 - v % -10
            at -= 1
            v = v // -10
            while v > 0:
                data[at] = 48 + v % 10
                at -= 1
                v //= 10
            data[at] = 45  # the minus sign, at bounds[i]
            continue
        while True:
            data[at] = 48 + v % 10
            at -= 1
            v //= 10
            if v == 0:
                break
    return data, bounds


@njit(cache=True)
def format_booleans(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover
    """``true``/``false`` cells of boolean values: bytes and bounds."""
    rows = values.shape[0]
    bounds = np.zeros(rows + 1, np.int64)
    for i in range(rows):
        bounds[i + 1] = bounds[i] + (4 if values[i] else 5)
    data = np.empty(bounds[rows], np.uint8)
    true, false = np.frombuffer(b"true", np.uint8), np.frombuffer(b"false", np.uint8)
    for i in range(rows):
        word = true if values[i] else false
        data[bounds[i] : bounds[i + 1]] = word
    return data, bounds


@njit(cache=True)
def _needs_quotes(data: np.ndarray, a: int, b: int) -> int:  # pragma: no cover
    """-1 if cell data[a:b] goes unquoted, else how many double quotes it holds (each
    doubled inside the quotes): a cell is quoted when it holds a comma, a double quote or
    a line break, as the csv module's minimal quoting does."""
    quotes, needed = 0, False
    for i in range(a, b):
        c = data[i]
        if c == _QUOTE:
            quotes += 1
            needed = True
        elif c in (_COMMA, _NEWLINE, _RETURN):
            needed = True
    return quotes if needed else -1


@njit(cache=True)
def csv_rows(
    data: np.ndarray, bounds: np.ndarray, quote: np.ndarray
) -> np.ndarray:  # pragma: no cover
    """CSV rows, each ended by a newline, of the columns whose cells ``bounds`` (one row of
    bounds per column, into ``data``) delimits; a column with ``quote`` set has its cells
    quoted where they need it (:func:`_needs_quotes`)."""
    columns, rows = bounds.shape[0], bounds.shape[1] - 1
    size = rows * columns  # a comma after every cell but the last of a row, then a newline
    for c in range(columns):
        for r in range(rows):
            a, b = bounds[c, r], bounds[c, r + 1]
            size += b - a
            if quote[c]:
                quotes = _needs_quotes(data, a, b)
                if quotes >= 0:
                    size += 2 + quotes
    out = np.empty(size, np.uint8)
    at = 0
    for r in range(rows):
        for c in range(columns):
            a, b = bounds[c, r], bounds[c, r + 1]
            quotes = _needs_quotes(data, a, b) if quote[c] else -1
            if quotes < 0:
                out[at : at + b - a] = data[a:b]
                at += b - a
            else:
                out[at] = _QUOTE
                at += 1
                for i in range(a, b):
                    out[at] = data[i]
                    at += 1
                    if data[i] == _QUOTE:
                        out[at] = _QUOTE
                        at += 1
                out[at] = _QUOTE
                at += 1
            out[at] = _COMMA if c < columns - 1 else _NEWLINE
            at += 1
    return out
