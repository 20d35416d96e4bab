"""How the report words its answers to the open questions (:mod:`.questions`): positions in
the paper's notation, lists of n as ranges, and an answer as report.json holds it."""

from __future__ import annotations

from typing import Any

from gamegraph.games.partitions import from_key, paper_notation

__all__ = ["notation", "ranges", "worded"]


def notation(key: str) -> str:
    """A position's key in the paper's notation."""
    return paper_notation(from_key(key))


def ranges(ns: list[int]) -> str:
    """1, 2, 3, 5 -> '1–3, 5'."""
    out: list[str] = []
    for n in sorted(ns):
        if out and out[-1].split("–")[-1] == str(n - 1):
            out[-1] = out[-1].split("–")[0] + f"–{n}"
        else:
            out.append(str(n))
    return ", ".join(out) or "none"


def worded(
    answer: str,
    columns: list[str],
    rows: list[list[Any]],
    figures: list[str],
    data: dict[str, Any],
) -> dict[str, Any]:
    """One answer: the sentence, the table behind it, its figures' file names, its data."""
    return {
        "answer": answer,
        "table": {"columns": columns, "rows": rows},
        "figures": figures,
        "data": data,
    }
