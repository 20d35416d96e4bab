"""What `gamegraph load` and `gamegraph export` are asked for, parsed once, and the graphs
that covers, each with its size estimate.

A :class:`LoadRequest` is parsed from the command line's texts (or built by the Python API):
the range of n, the games, and the values of the games' other parameters. Its :meth:`plan`
asks each game which graphs the range means (one per n, or one for the whole range for Q)
and how large each is, so an oversized request is refused before anything is computed or
written, and the estimates travel with the plan instead of being made again.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamegraph.errors import InputError, TooLargeError
from gamegraph.games.base import Game, Param
from gamegraph.games.limits import Estimate, check_estimate
from gamegraph.games.registry import all_games, get_game

__all__ = [
    "ONLINE_LIMIT",
    "LoadRequest",
    "PlannedGraph",
    "check_plan",
    "default_games",
    "parse_games",
    "parse_range",
]

ONLINE_LIMIT = 15_000_000
"""Nodes + relationships above which an online load is refused without --force: at the
~35k rows/s measured on the local Neo4j that is over 7 minutes; export and bulk import it."""

_RANGE = re.compile(r"^\s*(\d+)\s*(?:(?:\.\.|-|:)\s*(\d+)\s*)?$")


def parse_range(text: str) -> range:
    """``60`` or ``20..40`` (also ``20-40``, ``20:40``), inclusive; refuses empty or reversed."""
    match = _RANGE.match(text)
    if match is None:
        raise InputError(f"bad n {text!r}: give a number like 60 or a range like 20..40")
    lo = int(match.group(1))
    hi = int(match.group(2)) if match.group(2) is not None else lo
    if lo < 1:
        raise InputError(f"n must be at least 1 (got {text!r})")
    if hi < lo:
        raise InputError(f"the range {text!r} is reversed: write {hi}..{lo}")
    return range(lo, hi + 1)


def default_games() -> tuple[type[Game[Any]], ...]:
    """The games a plain `gamegraph load --n N` loads (B_n, G_n/H_n and Q)."""
    return tuple(game for game in all_games() if game.loaded_by_default)


def parse_games(text: str | None) -> tuple[type[Game[Any]], ...]:
    """Comma-separated game names (``all`` for every game; None for the default ones)."""
    if text is None:
        return default_games()
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise InputError(
            f"no game in {text!r}: choose from {', '.join(g.name for g in all_games())}"
        )
    if [name.lower() for name in names] == ["all"]:
        return all_games()
    chosen = {get_game(name) for name in names}
    return tuple(game for game in all_games() if game in chosen)


@dataclass(frozen=True)
class PlannedGraph:
    """One graph of a request, with its estimate (made once, when planned)."""

    game: Game[Any]
    estimate: Estimate

    @property
    def entities(self) -> int:
        return self.estimate.nodes + self.estimate.arcs


@dataclass(frozen=True)
class LoadRequest:
    """A load or export request: n (a range), the games and their other parameters' values
    (a parameter the games declare ``many`` may have several values, one graph each)."""

    ns: range
    games: tuple[type[Game[Any]], ...]
    values: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)

    @classmethod
    def parse(
        cls,
        n: str,
        games: str | None = None,
        options: Mapping[str, str | bool | None] | None = None,
    ) -> LoadRequest:
        """From command-line texts: ``n`` ("60", "20..40"), ``games`` ("bulgarian,crim"),
        and the games' options by parameter name (unset ones None; flags as bools)."""
        chosen = parse_games(games)
        values: dict[str, tuple[Any, ...]] = {}
        for name, raw in (options or {}).items():
            if raw is None:
                continue
            takers = [g for g in chosen if _declares(g, name)]
            param = _param_of(name)
            if not takers:
                if raw is False or (isinstance(raw, str) and param.default == raw):
                    continue  # a flag left off, or a default restated, for an absent game
                owners = ", ".join(g.name for g in all_games() if _declares(g, name))
                raise InputError(
                    f"{param.cli_option} applies to {owners}, which is not among the games "
                    f"loaded ({', '.join(g.name for g in chosen)})"
                )
            if isinstance(raw, bool):
                values[name] = (raw,)
                continue
            texts = [t.strip() for t in raw.split(",")] if param.many else [raw]
            if any(not t for t in texts):
                raise InputError(f"{param.cli_option} {raw!r} has an empty value")
            values[name] = tuple(dict.fromkeys(param.parse(t) for t in texts))
        return cls(parse_range(n), chosen, values)

    @classmethod
    def of(cls, games: Sequence[type[Game[Any]]], ns: Iterable[int], **values: Any) -> LoadRequest:
        """From Python values (the API): ``LoadRequest.of([Floridian], range(24, 25))``."""
        ns = list(ns)
        if not ns:
            raise InputError("no n to load")
        span = range(min(ns), max(ns) + 1)
        as_tuples = {
            k: tuple(v) if isinstance(v, list | tuple) else (v,) for k, v in values.items()
        }
        return cls(span, tuple(games), as_tuples)

    def plan(self) -> list[PlannedGraph]:
        """The graphs the request covers, each with its size estimate (nothing is built)."""
        planned: list[PlannedGraph] = []
        for game in self.games:
            values = dict(self.values)
            for param in game.params:
                if param.many and param.choices and param.name not in values:
                    values[param.name] = param.choices  # every rule unless some are named
            names = [p.name for p in game.params if p.name != "n" and p.name in values]
            for combination in itertools.product(*(values[name] for name in names)):
                for graph in game.plan(self.ns, **dict(zip(names, combination, strict=True))):
                    planned.append(PlannedGraph(graph, graph.estimate()))
        return planned


def _declares(game: type[Game[Any]], name: str) -> bool:
    return any(p.name == name and p.loadable for p in game.params)


def _param_of(name: str) -> Param:
    for game in all_games():
        for param in game.params:
            if param.name == name:
                return param
    raise InputError(f"no game takes a parameter {name!r}")


def check_plan(
    planned: Sequence[PlannedGraph], *, force: bool = False, online: bool = True
) -> None:
    """Refuse graphs that would not fit in memory, or take too long online, unless forced."""
    for graph in planned:
        check_estimate(graph.game.describe(), graph.estimate, force)
        if online and graph.entities > ONLINE_LIMIT and not force:
            raise TooLargeError(
                f"{graph.game.describe()} has ~{graph.estimate.nodes:,} nodes and "
                f"~{graph.estimate.arcs:,} relationships, over the online limit of "
                f"{ONLINE_LIMIT:,} (about {graph.entities / 35_000 / 60:.0f} min at 35k rows/s). "
                "Use `gamegraph export` and neo4j-admin's bulk importer, or --force."
            )
