"""How much memory gamegraph may use, and sizes written for people.

The limit is ``GAMEGRAPH_MEMORY_LIMIT`` (bytes, or with a K/M/G/T suffix) if set, else 80% of
the memory currently available. The games' builds (:mod:`gamegraph.games.limits`) and the
Dask workers (:mod:`gamegraph.cluster`) are held to it.
"""

from __future__ import annotations

import math
import os

from gamegraph.errors import InputError

__all__ = ["human_bytes", "memory_limit"]


def memory_limit() -> int:
    """Bytes the engines may use (env override, else 80% of MemAvailable)."""
    configured = os.environ.get("GAMEGRAPH_MEMORY_LIMIT")
    if configured:
        return _parse_bytes(configured)
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024 * 8 // 10
    except OSError:
        pass
    return 8 * 2**30


def human_bytes(size: float) -> str:
    if size >= 2**50:
        return f"{size / 2**40:.3g} TiB"
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if size < 1024 or unit == "TiB":
            return f"{size:.1f} {unit}"
        size /= 1024
    raise AssertionError("unreachable")


def _parse_bytes(configured: str) -> int:
    text = configured.strip().upper().removesuffix("B").removesuffix("I")
    scale = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}.get(text[-1:], 1)
    number = text[:-1] if text[-1:] in "KMGT" else text
    try:
        size = float(number) * scale
    except ValueError:
        size = math.nan
    if not math.isfinite(size) or size < 1:
        raise InputError(
            f"GAMEGRAPH_MEMORY_LIMIT={configured!r} is not a positive size such as 8G or 500M"
        )
    return int(size)
