"""The engine for defined games: the user's function called once per position, the results
ranked by compiled kernels, the analysis on the kernels the built-in games use.

A build has three steps:

1. **positions**: the declared space of n, enumerated by exact ranking (the shared partition
   kernels; compositions as Carolina's bit sets), a shard of :data:`SHARD` positions at a
   time; or, for :func:`~gamegraph.define.spaces.reachable`, a breadth-first search from the
   start positions (each position's moves computed once, there);
2. **moves**: each shard is one :class:`~gamegraph.cluster.Task` (with its memory estimate):
   the function runs on every position of it in Python, what it returns is flattened into
   one array and ranked in one compiled call (:mod:`gamegraph.define._kernels`); every result
   is checked (a position of the space, of this n), and a sample of positions is asked twice
   (a move must not change its mind). A ``compiled=True`` move runs inside the kernel instead;
3. **analysis**: the functional graph's (:class:`~.functional.graph.FunctionalGraph`),
   a choice solitaire's as Floridian's H_n (recurrent states, the core's strongly connected
   components, winning and losing positions, turns to the core), an impartial game's as
   CRIM's (P/N by retrograde analysis, so a cyclic game gets draws; Grundy values where play
   is finite).

Whatever the function does wrong is a :class:`~gamegraph.define.definition.DefinitionError`
naming the definition, the position and what was wrong; nothing is built.
"""

from __future__ import annotations

import traceback
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from itertools import chain
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.core import graphs
from gamegraph.define import _kernels as dk
from gamegraph.define.definition import Definition, DefinitionError
from gamegraph.define.spaces import Position, Space
from gamegraph.define.timeout import MoveTimeoutError, timed
from gamegraph.define.timeout import limit as move_limit
from gamegraph.games import _kernels as gk
from gamegraph.games.functional.graph import (
    FunctionalGraph,
    analysis_bytes_per_position,
    index_dtype,
)
from gamegraph.games.limits import BASE_BYTES, Estimate, TooLargeError
from gamegraph.games.partitions import count_partitions
from gamegraph.memory import memory_limit

if TYPE_CHECKING:
    from gamegraph.define.games import DefinedGame

__all__ = [
    "FIRST",
    "SAMPLE",
    "SHARD",
    "ChoiceGraph",
    "DefinedFunctionalGraph",
    "DefinedPositions",
    "ImpartialGraph",
    "build",
    "build_defined",
    "estimate",
    "estimate_defined",
    "parse_position",
]

SHARD = 200_000
"""Positions per task: the function's results for a shard are Python objects (~0.5 KiB
each) until they are ranked."""
SAMPLE = 16
"""A fixed share of positions is asked twice and its results' types checked: every
SAMPLE-th of a shard (one in 16), and the FIRST ones of each shard all, so a move that
answers differently the second time is caught at every n, the smallest ones included."""
FIRST = 256
SHARD_BYTES_PER_POSITION = 600
"""Held per position of a shard while it runs (its tuple, the result, the flat arrays)."""
REACHABLE_BYTES_PER_POSITION = 400
"""Held per position found by a reachable space's search (a tuple, a dict entry, a list)."""
ARCS_PER_POSITION_GUESS = 8
"""Arcs per position assumed by a choice or impartial game's estimate (corrected as built)."""


# --------------------------------------------------------------------------- positions


@dataclass(frozen=True, eq=False)
class DefinedPositions:
    """The positions of one graph, in index order: a ranked space of n (narrowed by
    ``kept``, its indices in the full space), or the explicit tuples a search found."""

    space: Space
    n: int
    size: int
    kept: np.ndarray | None = None  #: full-space index of each position (narrowed spaces)
    found: list[Position] | None = None  #: the positions of a reachable space
    _table: np.ndarray | None = field(default=None, repr=False)

    @cached_property
    def starts(self) -> np.ndarray:
        """Index of the first partition of each size 0..n + 1 (the up-to space)."""
        counts = [count_partitions(m) for m in range(self.n + 1)]
        return np.concatenate(([0], np.cumsum(counts))).astype(np.int64)

    @cached_property
    def full_to_local(self) -> np.ndarray | None:
        if self.kept is None:
            return None
        mapping = np.full(full_size(self.space, self.n), -1, dtype=np.int64)
        mapping[self.kept] = np.arange(self.kept.shape[0])
        return mapping

    def flat_parts(self, rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Entries of the positions ``rows`` (default: all) as flat integers with offsets."""
        if self.found is not None:
            chosen = self.found if rows is None else [self.found[int(i)] for i in rows]
            lengths = np.fromiter(map(len, chosen), np.int64, len(chosen))
            offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
            flat = np.fromiter(chain.from_iterable(chosen), np.int64, int(offsets[-1]))
            return flat, offsets
        full = np.arange(self.size, dtype=np.int64) if rows is None else np.asarray(rows)
        if self.kept is not None:
            full = self.kept[full]
        if full.shape[0] and np.all(np.diff(full) == 1):
            return space_shard(self.space, self.n, int(full[0]), int(full[-1]) + 1, self.table)
        pieces = [space_shard(self.space, self.n, int(i), int(i) + 1, self.table) for i in full]
        return _join(pieces)

    @property
    def table(self) -> np.ndarray:
        return self._table if self._table is not None else gk.rank_table(max(self.n, 1))

    def tuples(self, rows: np.ndarray | None = None) -> list[Position]:
        flat, offsets = self.flat_parts(rows)
        return _tuples(flat, offsets)

    def position(self, index: int) -> Position:
        if not 0 <= index < self.size:
            raise IndexError(f"positions are 0..{self.size - 1}, not {index}")
        return self.tuples(np.asarray([index]))[0]

    def index(self, position: Sequence[int] | str) -> int:
        """The index of a position (a tuple or text in the space's notations)."""
        values = (
            self.space.parse(position, self.n) if isinstance(position, str) else tuple(position)
        )
        if self.found is not None:
            lookup = {p: i for i, p in enumerate(self.found)}
            if values not in lookup:
                raise DefinitionError(f"{values} is no position of this graph")
            return lookup[values]
        flat = np.asarray(values, dtype=np.int64)
        offsets = np.asarray([0, flat.shape[0]], dtype=np.int64)
        ranked, bad = rank_rows(self.space, self.n, flat, offsets, self.table, self.starts)
        local = ranked if self.full_to_local is None else self.full_to_local[ranked]
        if bad >= 0 or local[0] < 0:
            raise DefinitionError(f"{values} is no position of this graph")
        return int(local[0])

    def keys(self) -> list[str]:
        return [self.space.key(p) for p in self.tuples()]

    def notations(self) -> list[str]:
        return [self.space.notation(p) for p in self.tuples()]

    def sizes(self) -> np.ndarray:
        """The sum of each position's entries (its size)."""
        flat, offsets = self.flat_parts()
        sums = np.concatenate(([0], np.cumsum(flat, dtype=np.int64)))
        return np.asarray(sums[offsets[1:]] - sums[offsets[:-1]])


def full_size(space: Space, n: int) -> int:
    """Positions of the un-narrowed space of n."""
    if space.kind == "partitions":
        return count_partitions(n)
    if space.kind == "partitions-up-to":
        return sum(count_partitions(m) for m in range(n + 1))
    if space.kind == "compositions":
        return 1 << (n - 1)
    raise ValueError(space.kind)


def space_shard(
    space: Space, n: int, lo: int, hi: int, table: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Positions lo..hi − 1 of the un-narrowed space of n as flat entries with offsets."""
    count = hi - lo
    parts = np.empty(max(n, 1) * count, dtype=np.uint8)
    offsets = np.empty(count + 1, dtype=np.int64)
    if space.kind == "partitions":
        used = dk.partitions_shard(n, table, lo, hi, parts, offsets)
    elif space.kind == "partitions-up-to":
        counts = [count_partitions(m) for m in range(n + 1)]
        starts = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
        used = dk.partitions_up_to_shard(n, table, starts, lo, hi, parts, offsets)
    else:
        used = dk.enumerate_compositions(n, lo, hi, parts, offsets)
    return parts[:used], offsets


def rank_rows(
    space: Space,
    n: int,
    flat: np.ndarray,
    offsets: np.ndarray,
    table: np.ndarray,
    starts: np.ndarray | None = None,
) -> tuple[np.ndarray, int]:
    """Full-space index of each row, and the first bad row's code * 2^32 + row (-1: none)."""
    out = np.empty(offsets.shape[0] - 1, dtype=np.int64)
    if space.kind == "partitions":
        bad = dk.rank_partitions(flat, offsets, n, table, out)
    elif space.kind == "partitions-up-to":
        assert starts is not None
        bad = dk.rank_partitions_up_to(flat, offsets, n, table, starts, out)
    else:
        bad = dk.rank_compositions(flat, offsets, n, out)
    return out, int(bad)


def _tuples(flat: np.ndarray, offsets: np.ndarray) -> list[Position]:
    values = flat.tolist()
    bounds = offsets.tolist()
    return list(map(tuple, map(values.__getitem__, map(slice, bounds[:-1], bounds[1:]))))


def _join(pieces: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    if not pieces:
        return np.empty(0, dtype=np.int64), np.zeros(1, dtype=np.int64)
    flats = [p[0].astype(np.int64) for p in pieces]
    lengths = np.concatenate([np.diff(p[1]) for p in pieces])
    return np.concatenate(flats), np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)


# --------------------------------------------------------------------------- calling


@dataclass(frozen=True)
class Call:
    """What a shard task needs to call a definition and report its mistakes (picklable)."""

    name: str
    where: str
    kind: str
    fn: Callable[..., Any]
    space: Space
    values: dict[str, Any]  #: the game's parameters, n included, as keyword arguments
    timeout: float | None = None  #: seconds a move may take (`--move-timeout`), None: any

    @property
    def n(self) -> int:
        return int(self.values["n"])

    @property
    def move(self) -> Callable[..., Any]:
        """The definition's function under the move's time limit (:mod:`.timeout`)."""
        return timed(self.fn, self.name, self.timeout)

    def fail(self, message: str) -> DefinitionError:
        return DefinitionError(f"game {self.name!r} ({self.where}): {message}")

    def shown(self, position: Position, fn: Callable[..., Any] | None = None) -> str:
        target = fn or self.fn
        name = getattr(target, "__name__", "move")
        args = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"{name}({position!r}, {args})"

    def raised(self, position: Position, error: BaseException, fn: Callable[..., Any]) -> None:
        if isinstance(error, MoveTimeoutError):
            raise error
        if isinstance(error, NotIterableError):
            raise self.fail(
                f"{self.shown(position, fn)} returned {_brief(error.result)}, which is not an "
                "iterable of positions"
            ) from None
        line = ""
        for frame in traceback.extract_tb(error.__traceback__)[1:]:
            line = f" at {_short(frame.filename)}:{frame.lineno}"
        raise self.fail(
            f"{self.shown(position, fn)} raised {type(error).__name__}: {error}{line}"
        ) from None


def _short(path: str) -> str:
    import os

    try:
        shown = os.path.relpath(path)
    except ValueError:
        return path
    return path if shown.startswith("..") else shown


def _apply(call: Call, fn: Callable[..., Any], positions: list[Position]) -> list[Any]:
    values = call.values
    try:
        return list(map(partial(fn, **values), positions))
    except MoveTimeoutError:
        raise
    except Exception:
        pass
    results = []
    for p in positions:
        try:
            results.append(fn(p, **values))
        except Exception as e:
            call.raised(p, e, fn)
    return results


def _keep(call: Call, positions: list[Position]) -> np.ndarray | None:
    where = call.space.where
    if where is None:
        return None
    answers = _apply(call, where, positions)
    for p, answer in zip(positions, answers, strict=True):
        if not isinstance(answer, bool | np.bool_):
            raise call.fail(f"{call.shown(p, where)} returned {answer!r}, not True or False")
    return np.fromiter(answers, dtype=bool, count=len(answers))


def _check_types(call: Call, position: Position, result: Any) -> None:
    """A returned position must be a tuple (or list) of integers."""
    if not isinstance(result, tuple | list | np.ndarray) or not all(
        isinstance(v, int | np.integer) and not isinstance(v, bool) for v in result
    ):
        raise call.fail(
            f"{call.shown(position)} returned {result!r}, which is not a position "
            "(a tuple of integers)"
        )


def flatten(
    call: Call, positions: list[Position], results: list[Any]
) -> tuple[np.ndarray, np.ndarray]:
    """The returned positions as flat int64 entries with offsets (bad types refused)."""
    count = len(results)
    try:
        lengths = np.fromiter(map(len, results), np.int64, count)
        offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
        flat = np.fromiter(chain.from_iterable(results), np.int64, int(offsets[-1]))
    except (TypeError, ValueError, OverflowError):
        for p, r in zip(positions, results, strict=True):
            _check_types(call, p, r)
        raise call.fail("returned something that is not a tuple of integers") from None
    return flat, offsets


def _bad_result(call: Call, position: Position, result: Any, code: int) -> DefinitionError:
    values = tuple(int(v) for v in result)
    reason = dk.BAD_CODES.get(code, "it is no position of the space")
    reason = reason.format(sum=sum(values), n=call.n)
    what = {"functional": "returned", "choice": "gave the move to", "impartial": "gave the option"}
    return call.fail(
        f"{call.shown(position)} {what[call.kind]} {values!r}, which is not one of "
        f"{call.space.describe} (n = {call.n}): {reason}"
    )


def shard_moves(call: Call, lo: int, hi: int, table: np.ndarray) -> tuple[Any, ...]:
    """One task: the moves of the un-narrowed space's positions lo..hi − 1.

    Returns the kept mask (None when the space is not narrowed) and, for the kept
    positions, the full-space index of their move (functional) or their moves' counts and
    indices (choice, impartial)."""
    flat, offsets = space_shard(call.space, call.n, lo, hi, table)
    positions = _tuples(flat, offsets)
    del flat, offsets
    keep = _keep(call, positions)
    if keep is not None:
        positions = [p for p, k in zip(positions, keep.tolist(), strict=True) if k]
    starts = None
    if call.space.kind == "partitions-up-to":
        sizes = [count_partitions(m) for m in range(call.n + 1)]
        starts = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    if call.kind == "functional":
        results = _apply(call, call.move, positions)
        _sample(call, positions, results)
        flat, offsets = flatten(call, positions, results)
        ranked, bad = rank_rows(call.space, call.n, flat, offsets, table, starts)
        if bad >= 0:
            row = bad & 0xFFFFFFFF
            raise _bad_result(call, positions[row], results[row], bad >> 32)
        return keep, ranked
    lists = _apply(call, _listed(call.move), positions)
    _sample(call, positions, lists)
    counts = np.fromiter(map(len, lists), np.int64, len(lists))
    targets = list(chain.from_iterable(lists))
    owner = np.repeat(np.arange(len(positions)), counts)
    origin = [positions[i] for i in owner.tolist()]
    flat, offsets = flatten(call, origin, targets)
    ranked, bad = rank_rows(call.space, call.n, flat, offsets, table, starts)
    if bad >= 0:
        row = bad & 0xFFFFFFFF
        raise _bad_result(call, origin[row], targets[row], bad >> 32)
    return keep, counts, ranked


class NotIterableError(TypeError):
    """What a choice or impartial game's function returned is no iterable of positions."""

    def __init__(self, result: Any) -> None:
        super().__init__(repr(result))
        self.result = result


def _listed(fn: Callable[..., Any]) -> Callable[..., list[Any]]:
    def moves(position: Position, **values: Any) -> list[Any]:
        result = fn(position, **values)
        if result is None or isinstance(result, str | bytes) or not isinstance(result, Iterable):
            raise NotIterableError(result)
        return list(result)

    moves.__name__ = getattr(fn, "__name__", "moves")
    return moves


def _sample(call: Call, positions: list[Position], results: list[Any]) -> None:
    """Ask every SAMPLE-th position again: the same answer, of the right types."""
    fn = call.move if call.kind == "functional" else _listed(call.move)
    first_ones = range(min(FIRST, len(positions)))
    for i in chain(first_ones, range(FIRST, len(positions), SAMPLE)):
        position = positions[i]
        first = results[i]
        if call.kind == "functional":
            _check_types(call, position, first)
        else:
            for target in first:
                _check_types(call, position, target)
        try:
            again = fn(position, **call.values)
        except Exception as e:
            call.raised(position, e, fn)
        same = (
            tuple(again) == tuple(first)
            if call.kind == "functional"
            else sorted(map(tuple, again)) == sorted(map(tuple, first))
        )
        if not same:
            raise call.fail(
                f"{call.shown(position)} returned {_brief(first)} and then {_brief(again)}: "
                "a move must give the same result for the same position"
            )


def _brief(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# --------------------------------------------------------------------------- estimates


def estimate_defined(game: DefinedGame) -> Estimate:
    """Positions, arcs and peak bytes of a build, without building anything."""
    definition = game.definition
    space = definition.space
    n = game.n
    if space.kind == "reachable":
        limit = memory_limit()
        return Estimate(0, 0, BASE_BYTES, approximate=True) if limit else Estimate(0, 0, 0)
    size = full_size(space, n)
    arcs = size if definition.kind == "functional" else size * ARCS_PER_POSITION_GUESS
    per_position = 8 + analysis_bytes_per_position(size) + n // 4 + (8 if space.where else 0)
    shard = (
        min(size, SHARD) * SHARD_BYTES_PER_POSITION * (1 if definition.kind == "functional" else 3)
    )
    total = size * per_position + arcs * 24 * (definition.kind != "functional") + shard + BASE_BYTES
    return Estimate(size, arcs, total)


# --------------------------------------------------------------------------- hooks


def estimate(game: DefinedGame) -> Estimate:
    """The ``estimate`` hook the base class calls (:func:`estimate_defined`)."""
    return estimate_defined(game)


def build(game: DefinedGame, *, force: bool = False, progress: Any = None) -> Any:
    """The ``build`` hook the base class calls (:func:`build_defined`)."""
    return build_defined(game, force=force)


def parse_position(game: DefinedGame, text: str) -> str:
    """The key of a position given as text, in the notations of the game's space."""
    space = game.definition.space
    return space.key(space.parse(text, game.n))


# --------------------------------------------------------------------------- building


def build_defined(game: DefinedGame, *, force: bool = False) -> Any:
    """Build and analyse one graph of a defined game (checks the size first)."""
    definition = game.definition
    game.check_size(force)
    call = Call(
        definition.name,
        definition.where,
        definition.kind,
        definition.fn,
        definition.space,
        game.values(),
        timeout=move_limit(),
    )
    if definition.space.kind == "reachable":
        positions, indptr, indices = _search(call, definition, force)
    elif definition.compiled:
        positions, indptr, indices = _compiled(call, definition)
    else:
        positions, indptr, indices = _sharded(call, game.describe())
    return _analysed(game, positions, indptr, indices)


def _analysed(
    game: DefinedGame, positions: DefinedPositions, indptr: np.ndarray | None, indices: np.ndarray
) -> Any:
    kind = game.definition.kind
    if kind == "functional":
        return DefinedFunctionalGraph.from_successor(
            indices, n=game.n, game=game, positions=positions
        )
    assert indptr is not None
    indptr, indices = dk.dedupe_rows(indptr, indices)
    graph_type = ChoiceGraph if kind == "choice" else ImpartialGraph
    return graph_type(game=game, positions=positions, indptr=indptr, indices=indices)


def _sharded(call: Call, name: str) -> tuple[DefinedPositions, np.ndarray | None, np.ndarray]:
    from gamegraph.cluster import ClusterSettings, Task, run_tasks, settings

    n = call.n
    table = gk.rank_table(max(n, 1))
    size = full_size(call.space, n)
    bounds = [(lo, min(size, lo + SHARD)) for lo in range(0, size, SHARD)]
    memory = SHARD * SHARD_BYTES_PER_POSITION
    tasks = [
        Task(
            shard_moves, (call, lo, hi, table), memory, name=f"{name} positions {lo:,}..{hi - 1:,}"
        )
        for lo, hi in bounds
    ]
    chosen = settings()
    if chosen.scheduler is None and chosen.workers is None:
        chosen = ClusterSettings(local=True)
    else:
        _pickle_by_value()
    results = run_tasks(tasks, where=chosen)
    keeps = [r[0] for r in results]
    kept = None if keeps[0] is None else np.flatnonzero(np.concatenate(keeps))
    positions = DefinedPositions(
        call.space, n, size if kept is None else int(kept.shape[0]), kept, _table=table
    )
    mapping = positions.full_to_local
    if call.kind == "functional":
        targets = np.concatenate([r[1] for r in results])
        indptr = None
        local_sources = np.arange(targets.shape[0])
    else:
        counts = np.concatenate([r[1] for r in results])
        targets = np.concatenate([r[2] for r in results])
        indptr = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
        local_sources = np.repeat(np.arange(counts.shape[0]), counts)
    if mapping is not None:
        targets = mapping[targets]
        outside = np.flatnonzero(targets < 0)
        if outside.shape[0]:
            source = positions.position(int(local_sources[outside[0]]))
            full = np.concatenate([r[1] if call.kind == "functional" else r[2] for r in results])
            target = space_shard(
                call.space, n, int(full[outside[0]]), int(full[outside[0]]) + 1, table
            )
            raise call.fail(
                f"{call.shown(source)} {'returned' if call.kind == 'functional' else 'gave'} "
                f"{tuple(int(v) for v in target[0])!r}, which the space's predicate "
                f"{getattr(call.space.where, '__name__', 'where')} excludes: it is outside "
                "the declared space"
            )
    dtype = index_dtype(positions.size)
    return positions, indptr, targets.astype(dtype if indptr is None else np.int64, copy=False)


def _pickle_by_value() -> None:
    """Definitions loaded from files are no importable modules: send them to Dask's workers
    by value."""
    try:
        import cloudpickle
    except ImportError:  # pragma: no cover - dask depends on it
        return
    from gamegraph.games.sources import defined_modules

    for module in defined_modules():
        cloudpickle.register_pickle_by_value(module)


def _search(
    call: Call, definition: Definition, force: bool
) -> tuple[DefinedPositions, np.ndarray | None, np.ndarray]:
    """Breadth-first search from the start positions, each position's moves asked once."""
    start = call.space.start
    try:
        given = start(**call.values) if callable(start) else start
    except Exception as e:
        raise call.fail(f"start({call.values}) raised {type(e).__name__}: {e}") from None
    starts = _start_positions(call, given)
    limit = memory_limit() // REACHABLE_BYTES_PER_POSITION
    index: dict[Position, int] = {}
    order: list[Position] = []
    for p in starts:
        if p not in index:
            index[p] = len(order)
            order.append(p)
    queue = deque(order)
    edges: list[list[int]] = [[] for _ in order]
    fn = call.move if call.kind == "functional" else _listed(call.move)
    where = call.space.where
    checked = 0
    while queue:
        position = queue.popleft()
        try:
            result = fn(position, **call.values)
        except Exception as e:
            call.raised(position, e, fn)
        targets = [result] if call.kind == "functional" else result
        row = edges[index[position]]
        for target in targets:
            _check_types(call, position, target)
            target = tuple(int(v) for v in target)
            if any(v < 0 for v in target):
                raise call.fail(
                    f"{call.shown(position)} gave {target!r}: entries of a position are "
                    "nonnegative integers"
                )
            if target not in index:
                if where is not None and not where(target, **call.values):
                    raise call.fail(
                        f"{call.shown(position)} gave {target!r}, which the space's predicate "
                        "excludes: it is outside the declared space"
                    )
                index[target] = len(order)
                order.append(target)
                edges.append([])
                queue.append(target)
                if len(order) > limit and not force:
                    raise TooLargeError(
                        f"game {call.name!r}: the positions reachable from the start are more "
                        f"than {limit:,} (the memory limit): nothing was built. Use --force "
                        "to search further"
                    )
            row.append(index[target])
        checked += 1
        if checked <= FIRST or checked % SAMPLE == 1:
            _sample(call, [position], [result if call.kind == "functional" else list(targets)])
    # index order: descending lexicographic, as partitions are numbered elsewhere
    ranking = sorted(range(len(order)), key=lambda i: order[i], reverse=True)
    new_of = np.empty(len(order), dtype=np.int64)
    new_of[ranking] = np.arange(len(order))
    found = [order[i] for i in ranking]
    positions = DefinedPositions(call.space, call.n, len(found), found=found)
    rows = [edges[i] for i in ranking]
    counts = np.fromiter(map(len, rows), np.int64, len(rows))
    targets_array = new_of[np.fromiter(chain.from_iterable(rows), np.int64, int(counts.sum()))]
    if call.kind == "functional":
        return positions, None, targets_array.astype(index_dtype(len(found)))
    return positions, np.concatenate(([0], np.cumsum(counts))).astype(np.int64), targets_array


def _start_positions(call: Call, given: Any) -> list[Position]:
    if isinstance(given, tuple | list) and all(
        isinstance(v, int | np.integer) and not isinstance(v, bool) for v in given
    ):
        candidates = [tuple(given)]
    elif isinstance(given, Iterable) and not isinstance(given, str | bytes):
        candidates = [tuple(p) if isinstance(p, tuple | list) else p for p in given]
    else:
        raise call.fail(f"start gave {given!r}, not a position or positions")
    for p in candidates:
        if not isinstance(p, tuple) or not all(
            isinstance(v, int | np.integer) and not isinstance(v, bool) and v >= 0 for v in p
        ):
            raise call.fail(f"start gave {p!r}, which is not a tuple of nonnegative integers")
    if not candidates:
        raise call.fail("start gave no position")
    return [tuple(int(v) for v in p) for p in candidates]


def _compiled(call: Call, definition: Definition) -> tuple[DefinedPositions, None, np.ndarray]:
    """A compiled move: one kernel walks the space and ranks each move as it is made."""
    import numba

    from gamegraph.define import _compiled as ck

    fn = definition.fn
    jitted = fn if isinstance(fn, numba.core.registry.CPUDispatcher) else numba.njit(fn)
    n = call.n
    size = full_size(call.space, n)
    successor = np.empty(size, dtype=np.int64)
    table = gk.rank_table(max(n, 1))
    out = np.zeros(4 * n + 8, dtype=np.int64)
    try:
        if call.space.kind == "partitions":
            bad = ck.compiled_partition_moves(n, table, jitted, successor, out)
        else:
            bad = ck.compiled_composition_moves(n, jitted, successor, out)
    except (numba.core.errors.NumbaError, TypeError) as e:
        raise call.fail(
            f"the compiled move does not compile with numba: {_numba_reason(e)}"
        ) from None
    positions = DefinedPositions(call.space, n, size, _table=table)
    if bad >= 0:
        row, code = int(bad & 0xFFFFFFFF), int(bad >> 32)
        position = positions.position(row)
        length = int(out[-1])
        if code == 9:
            raise call.fail(
                f"{call.shown(position)} wrote {length} parts: more than the {out.shape[0] - 1} "
                "the output array holds"
            )
        raise _bad_result(call, position, tuple(out[: max(0, length)].tolist()), code)
    return positions, None, successor.astype(index_dtype(size))


def _numba_reason(error: Exception) -> str:
    """The line of a numba error that says what is wrong (not its pipeline stage)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    skip = ("Failed in", "-", "File", "During", "^", "[", "<source")
    for i, line in enumerate(lines):
        if not line.startswith(skip) and "http" not in line:
            detail = lines[i + 1] if line.endswith(":") and i + 1 < len(lines) else ""
            return " ".join(f"{line} {detail.lstrip('>')}".split())[:240]
    return lines[0] if lines else type(error).__name__


# --------------------------------------------------------------------------- graphs


@dataclass(frozen=True, eq=False)
class DefinedFunctionalGraph(FunctionalGraph):
    """A defined functional solitaire's graph with its analysis (cycles, components, Garden
    of Eden, transients, basins); arrays indexed by position index."""

    n: int = 0
    game: Any = None
    positions: DefinedPositions | None = None

    def index(self, position: Sequence[int] | str) -> int:
        assert self.positions is not None
        return self.positions.index(position)

    def position(self, index: int) -> Position:
        assert self.positions is not None
        return self.positions.position(self.check_index(index))

    def keys(self) -> list[str]:
        assert self.positions is not None
        return self.positions.keys()

    def stats(self) -> dict[str, Any]:
        """The parameters, then the functional graph's summary."""
        return {**_param_values(self.game), **self.summary()}


def _param_values(game: Any) -> dict[str, Any]:
    values = {"n": game.n}
    for param in game.params:
        if param.name != "n":
            values[param.name] = param.stored(getattr(game, param.name))
    return values


@dataclass(frozen=True, eq=False)
class _ArcGraph(graphs.ArcGraph):
    """A graph with any number of moves per position: the core's CSR type (each distinct
    move once), its positions and its game; the analyses are the core's functions."""

    game: Any
    positions: DefinedPositions

    @property
    def n(self) -> int:
        return int(self.game.n)

    @property
    def arcs(self) -> int:
        return self.arc_count

    @cached_property
    def out_degree(self) -> np.ndarray:
        return graphs.out_degree(self)

    @cached_property
    def in_degree(self) -> np.ndarray:
        return graphs.in_degree(self)

    @cached_property
    def sources(self) -> np.ndarray:
        return graphs.arc_sources(self)

    def index(self, position: Sequence[int] | str) -> int:
        return self.positions.index(position)

    def position(self, index: int) -> Position:
        return self.positions.position(index)

    def keys(self) -> list[str]:
        return self.positions.keys()

    def moves_of(self, position: Sequence[int] | str) -> list[Position]:
        return [self.position(int(j)) for j in self.row(self.index(position))]


@dataclass(frozen=True, eq=False)
class ChoiceGraph(_ArcGraph):
    """A choice solitaire's graph with the analysis of Floridian's H_n: recurrent states (on
    a cycle), the core's strongly connected components, winning positions (a recurrent state
    can be reached, so play can go on for ever) and losing ones, turns to the core."""

    @cached_property
    def scc(self) -> np.ndarray:
        return graphs.strongly_connected_components(self)

    @cached_property
    def recurrent(self) -> np.ndarray:
        return graphs.recurrent(self, self.scc)

    @cached_property
    def turns_to_core(self) -> np.ndarray:
        """Least number of turns to a recurrent state; -1 for a losing position."""
        return graphs.distance_to(self, self.recurrent)

    @property
    def winning(self) -> np.ndarray:
        return np.asarray(self.turns_to_core >= 0)

    @property
    def losing(self) -> np.ndarray:
        return np.asarray(self.turns_to_core < 0)

    @property
    def immediate_loss(self) -> np.ndarray:
        return np.asarray(self.out_degree == 0)

    @cached_property
    def core_components(self) -> list[np.ndarray]:
        """The members of each SCC of the core, largest first (ties: by first member)."""
        nodes = np.flatnonzero(self.recurrent)
        if nodes.shape[0] == 0:
            return []
        labels = self.scc[nodes]
        order = np.argsort(labels, kind="stable")
        _, starts = np.unique(labels[order], return_index=True)
        groups = np.split(nodes[order], starts[1:])
        groups.sort(key=lambda g: (-g.shape[0], int(g[0])))
        return groups

    @cached_property
    def core_component_of(self) -> np.ndarray:
        out = np.full(self.size, -1, dtype=np.int64)
        for cid, members in enumerate(self.core_components):
            out[members] = cid
        return out

    @cached_property
    def core_arcs(self) -> int:
        return int(np.count_nonzero(self.recurrent[self.sources] & self.recurrent[self.indices]))

    def stats(self) -> dict[str, Any]:
        turns = self.turns_to_core
        values = {
            **_param_values(self.game),
            "positions": self.size,
            "arcs": self.arcs,
            "recurrent": int(self.recurrent.sum()),
            "winning": int(self.winning.sum()),
            "losing": int(self.losing.sum()),
            "immediate_losses": int(self.immediate_loss.sum()),
            "core_sccs": len(self.core_components),
            "core_scc_sizes": [int(c.shape[0]) for c in self.core_components],
            "core_arcs": self.core_arcs,
            "max_turns_to_core": int(turns.max()) if (turns >= 0).any() else None,
        }
        return {key: value for key, value in values.items() if value is not None}


OUTCOMES = {graphs.DRAW: "D", graphs.LOSS: "P", graphs.WIN: "N"}
"""Outcome codes of :func:`gamegraph.core.graphs.outcomes` as stored."""


@dataclass(frozen=True, eq=False)
class ImpartialGraph(_ArcGraph):
    """An impartial game's graph, normal play: the outcome of every position (P: the player
    to move loses, N: wins, D: a draw, play never ends), its Sprague-Grundy value where play
    is finite (-1 where a cycle can be reached), and Smith's loopy value everywhere (a finite
    value, or ∞ with the set of its options' finite values)."""

    @cached_property
    def outcome(self) -> np.ndarray:
        return graphs.outcomes(self)

    @cached_property
    def grundy(self) -> np.ndarray:
        return graphs.grundy(self)

    @cached_property
    def loopy(self) -> graphs.LoopyValues:
        """Smith's generalized Sprague-Grundy values (:func:`.graphs.loopy_values`); where
        play is finite everywhere they are the Grundy values, and are not computed again."""
        if self.finite:
            return graphs.LoopyValues(self, self.grundy)
        return graphs.loopy_values(self)

    @property
    def finite(self) -> bool:
        """Whether play is finite from every position (no cycle)."""
        return bool((self.grundy >= 0).all())

    def loopy_value(self, position: Sequence[int] | str) -> str:
        """A position's loopy value as written: ``2``, ``∞``, ``∞{0,1}``."""
        return self.loopy.label(self.index(position))

    @property
    def p_position(self) -> np.ndarray:
        return np.asarray(self.outcome == 1)

    def winning_moves(self, position: Sequence[int] | str) -> list[Position]:
        """The options of a position that are P-positions."""
        i = self.index(position)
        row = self.indices[self.indptr[i] : self.indptr[i + 1]]
        return [self.position(int(j)) for j in row if self.outcome[j] == 1]

    def stats(self) -> dict[str, Any]:
        finite = self.grundy[self.grundy >= 0]
        sizes = self.positions.sizes()
        by_size = np.bincount(
            sizes[self.p_position], minlength=int(sizes.max()) + 1 if self.size else 0
        )
        histogram = np.bincount(finite) if finite.shape[0] else np.zeros(0, dtype=np.int64)
        values = {
            **_param_values(self.game),
            "positions": self.size,
            "arcs": self.arcs,
            "p_positions": int(np.count_nonzero(self.outcome == 1)),
            "n_positions": int(np.count_nonzero(self.outcome == 2)),
            "draws": int(np.count_nonzero(self.outcome == 0)),
            "max_grundy": int(finite.max()) if finite.shape[0] else None,
            "grundy": {int(v): int(histogram[v]) for v in np.flatnonzero(histogram)},
            "p_positions_by_size": {int(s): int(c) for s, c in enumerate(by_size.tolist()) if c},
            "loopy_values": None if self.finite else self.loopy.histogram(),
        }
        return {key: value for key, value in values.items() if value is not None}
