"""What `gamegraph load` and `gamegraph export` are asked for, parsed once, and the graphs
that covers, each with its size estimate.

A :class:`LoadRequest` is parsed from the command line's texts (or built by the Python API):
the n (one, a range, or a list of them), the games, the values of the games' other
parameters, and how to load (online, bulk, already imported; ``force``, ``replace``). Its
:meth:`~LoadRequest.plan` asks each game which graphs the n mean (one per n, or one for the
whole range for Q) and how large each is, and refuses an oversized request (the one size
check of a load or an export) before anything is computed or written; the estimates travel
with the plan instead of being made again. An :class:`ExportRequest` is a request and where
and how to write its files.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from gamegraph.errors import InputError, TooLargeError
from gamegraph.games.base import Game, Param, Progress
from gamegraph.games.limits import Estimate, check_estimate
from gamegraph.games.registry import all_games, get_game

__all__ = [
    "AUTO_BULK_ROWS",
    "EXPORT_FORMATS",
    "ONLINE_LIMIT",
    "ONLINE_ROW_BYTES",
    "ROUTES",
    "ExportRequest",
    "LoadRequest",
    "PlannedGraph",
    "Route",
    "check_plan",
    "default_games",
    "parse_games",
    "parse_ns",
    "parse_values",
]

Route = Literal["online", "auto", "bulk", "imported", "export"]
"""How the graphs are written: online (Cypher transactions), auto (online, or bulk when the
database is the local one and empty and the graphs are large: :data:`AUTO_BULK_ROWS`), bulk
(neo4j-admin's importer, the local Neo4j only), imported (files that neo4j-admin imported
elsewhere: check and record them), export (files, no database)."""
ROUTES = ("online", "auto", "bulk", "imported", "export")
EXPORT_FORMATS = ("csv", "graphml", "both")

ONLINE_LIMIT = 15_000_000
"""Nodes + relationships above which an online load is refused without --force: at the
~35k rows/s measured on the local Neo4j that is over 7 minutes; export and bulk import it."""

ONLINE_ROW_BYTES = 128
"""Held per node and per relationship by an online load besides the tables: each node's
element id, the relationships' ends as Python ints grouped for their batches (the peak
resident memory of `gamegraph load --online` grew by 319 bytes a position of B_n from
n = 50 to 60, 83 of them the build's and the tables')."""

AUTO_BULK_ROWS = int(os.environ.get("GAMEGRAPH_AUTO_BULK_ROWS", "1000000"))
"""Nodes + relationships from which the ``auto`` route takes the importer into an empty local
database: below it the bulk route's fixed costs (about 10 s: closing and reopening the store,
the schema) outweigh its speed (benchmarks/loader.py). The env var serves tests."""

_PART = re.compile(r"^\s*(\d+)\s*(?:(?:\.\.|-|:)\s*(\d+)\s*)?$")

MAX_VALUES = 100_000
"""A range of more values than this is refused (a typo such as 1..10000000)."""


def parse_values(text: str, what: str = "n", minimum: int | None = 1) -> tuple[int, ...]:
    """``60``, ``20..40`` (also ``20-40``, ``20:40``), ``20,40`` or a mix such as ``1..4,10``:
    the integers named, sorted. One grammar for every command's n (and `table`'s integer
    parameters, ``minimum=None``); an empty, malformed, reversed or huge range is refused."""
    values: set[int] = set()
    for part in [p.strip() for p in str(text).split(",") if p.strip()] or [str(text).strip()]:
        match = _PART.match(part)
        if match is None:
            raise InputError(
                f"bad {what} {part!r}: give a number like 60, a range like 20..40 "
                "or a list like 20,40"
            )
        lo = int(match.group(1))
        hi = lo if match.group(2) is None else int(match.group(2))
        if hi < lo:
            raise InputError(f"the {what} range {part!r} is reversed: write {hi}..{lo}")
        if minimum is not None and lo < minimum:
            raise InputError(f"{what} must be at least {minimum} (got {part!r})")
        if hi - lo >= MAX_VALUES:
            raise InputError(f"{what} {part!r}: more than {MAX_VALUES:,} values")
        values.update(range(lo, hi + 1))
    return tuple(sorted(values))


def parse_ns(n: int | str | Iterable[int]) -> tuple[int, ...]:
    """The n a request names: an int, a text (``60``, ``20..40``, ``20,40``), a range (every n
    in it) or a list (exactly those n: ``[20, 40]`` is two graphs, not 21)."""
    if isinstance(n, bool):
        raise InputError(f"n must be an integer, not {n!r}")
    if isinstance(n, int | str):
        return parse_values(str(n))
    if not isinstance(n, Iterable):  # a float, None, ...: not split, not iterated
        raise InputError(
            f"n must be an integer, a text such as 20..40 or a list of integers, not {n!r}"
        )
    values = list(n)
    if not values:
        raise InputError("no n given")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(f"n must be integers, not {value!r}")
        if value < 1:
            raise InputError(f"n must be at least 1 (got {value})")
    return tuple(sorted(set(values)))


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
    """One graph of a request, with its estimate (made once, when planned), and whether the
    request goes ahead over the size limits (``forced``)."""

    game: Game[Any]
    estimate: Estimate
    forced: bool = False

    def build(self, progress: Progress | None = None) -> Any:
        """The graph's build. Its estimate was checked when planned; a space whose size no
        estimate knows (the positions a search reaches) stops at the memory limit as it
        grows, unless the request was forced."""
        return self.game.build(force=self.forced, progress=progress)

    @property
    def entities(self) -> int:
        return self.estimate.nodes + self.estimate.arcs


@dataclass(frozen=True)
class LoadRequest:
    """A load or export request: the n (in increasing order), the games, their other
    parameters' values (a parameter the games declare ``many`` may have several values, one
    graph each), the route, and whether to go ahead over the size limits (``force``) and to
    reload graphs already loaded (``replace``).

    A request is planned and checked once, when it is made: :attr:`planned` holds its graphs
    with their estimates, and an oversized request is refused (TooLargeError) before any
    database is asked or anything is built."""

    ns: tuple[int, ...]
    games: tuple[type[Game[Any]], ...]
    values: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    route: Route = "online"
    force: bool = False
    replace: bool = False
    planned: tuple[PlannedGraph, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.route not in ROUTES:
            raise InputError(f"unknown route {self.route!r}: {', '.join(ROUTES)}")
        if self.replace and not self.online:
            raise InputError("replace is for online loads: a bulk load rebuilds every graph")
        for name in self.values:  # a misspelt name would load the graph of the defaults
            if not any(p.name == name for game in self.games for p in game.params):
                if len(self.games) == 1:
                    self.games[0].param(name)  # "<game> has no parameter ...; it takes ..."
                raise InputError(
                    f"no game of the request ({', '.join(g.name for g in self.games)}) "
                    f"has a parameter {name!r}"
                )
        planned: list[PlannedGraph] = []  # asked of each game, with its estimates
        for game in self.games:
            values = dict(self.values)
            for param in game.params:
                if param.many and param.choices and param.name not in values:
                    values[param.name] = param.choices  # every rule unless some are named
            names = [p.name for p in game.params if p.name != "n" and p.name in values]
            for combination in itertools.product(*(values[name] for name in names)):
                for graph in game.plan(self.ns, **dict(zip(names, combination, strict=True))):
                    planned.append(PlannedGraph(graph, graph.estimate(), self.force))
        check_plan(planned, force=self.force, online=self.online)
        object.__setattr__(self, "planned", tuple(planned))

    @classmethod
    def parse(
        cls,
        n: str,
        games: str | None = None,
        options: Mapping[str, str | bool | None] | None = None,
        **how: Any,
    ) -> LoadRequest:
        """From command-line texts: ``n`` ("60", "20..40", "20,40"), ``games``
        ("bulgarian,crim"), the games' options by parameter name (unset ones None; flags as
        bools), and ``route``, ``force``, ``replace``."""
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
        return cls(parse_ns(n), chosen, values, **how)

    @classmethod
    def of(
        cls,
        games: Sequence[type[Game[Any]]],
        ns: int | str | Iterable[int],
        *,
        route: Route = "online",
        force: bool = False,
        replace: bool = False,
        **values: Any,
    ) -> LoadRequest:
        """From Python values (the API): ``LoadRequest.of([Floridian], [20, 24])`` (those two
        n), ``range(20, 25)`` or ``"20..24"`` (every n of the range); the games' other
        parameters by name, a list for several values."""
        as_tuples = {
            k: tuple(v) if isinstance(v, list | tuple) else (v,) for k, v in values.items()
        }
        return cls(parse_ns(ns), tuple(games), as_tuples, route, force, replace)

    @property
    def online(self) -> bool:
        """Written through Cypher, or may be (``auto``): checked against the online limit."""
        return self.route in ("online", "auto")

    def plan(self) -> list[PlannedGraph]:
        """The graphs the request covers, each with its size estimate (nothing is built),
        as checked when the request was made: against the memory limit and, online, the
        online limit (:func:`check_plan`)."""
        return list(self.planned)


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
    """Refuse graphs that would not fit in memory (the build with its tables, which every
    route writes from), or take too long online, unless forced."""
    for graph in planned:
        if online and graph.entities > ONLINE_LIMIT and not force:
            raise TooLargeError(
                f"{graph.game.describe()} has ~{graph.estimate.nodes:,} nodes and "
                f"~{graph.estimate.arcs:,} relationships, over the online limit of "
                f"{ONLINE_LIMIT:,} (about {graph.entities / 35_000 / 60:.0f} min at 35k rows/s). "
                "Load it with --bulk (the local Neo4j), or for a server elsewhere with "
                "`gamegraph export` and neo4j-admin's importer; or --force."
            )
        estimate = graph.estimate.with_tables()
        if online:
            estimate = replace(estimate, bytes=estimate.bytes + graph.entities * ONLINE_ROW_BYTES)
        check_estimate(f"{graph.game.describe()} with its tables", estimate, force)


@dataclass(frozen=True)
class ExportRequest:
    """An export: the graphs of ``graphs`` (a request of route ``export``: checked against
    the memory limit only), written into the directory ``out`` as neo4j-admin import CSV
    files and/or GraphML (``fmt``: csv, graphml or both)."""

    graphs: LoadRequest
    out: Path | str
    fmt: str = "csv"

    def __post_init__(self) -> None:
        if isinstance(self.out, str):
            if not self.out.strip():
                raise InputError(
                    "the output directory is empty: give the directory to write into (. for here)"
                )
            object.__setattr__(self, "out", Path(self.out))
        if self.fmt not in EXPORT_FORMATS:
            raise InputError(f"unknown format {self.fmt!r}: use csv, graphml or both")
        if self.graphs.route != "export":
            raise InputError(
                f"an export writes a request of route 'export', not {self.graphs.route!r}"
            )

    @property
    def directory(self) -> Path:
        return Path(self.out)

    @property
    def csv(self) -> bool:
        return self.fmt in ("csv", "both")

    @property
    def graphml(self) -> bool:
        return self.fmt in ("graphml", "both")

    def plan(self) -> list[PlannedGraph]:
        """The graphs to write, as their request planned and checked them."""
        return self.graphs.plan()
