"""The engine for defined games: the user's function called once per position, the results
ranked by compiled kernels, the analysis on the kernels the built-in games use.

A build has three steps:

1. **positions**: the declared space of n, enumerated by exact ranking (the shared partition
   kernels; compositions as Carolina's bit sets), a shard of :data:`SHARD` positions at a
   time; or, for :func:`~gamegraph.games.engine.spaces.reachable`, a breadth-first search from the
   start positions (each position's moves computed once, there);
2. **moves**: each shard is one :class:`~gamegraph.cluster.Task` (with its memory estimate):
   the function runs on every position of it in Python, what it returns is flattened into
   one array and ranked in one compiled call (:mod:`gamegraph.games.engine._kernels`); every result
   is checked (a position of the space, of this n), and a sample of positions is asked twice
   (a move must not change its mind). A ``compiled=True`` move runs inside the kernel instead;
3. **analysis**: the functional graph's (:class:`~.functional.graph.FunctionalGraph`),
   a choice solitaire's as Floridian's H_n (recurrent states, the core's strongly connected
   components, winning and losing positions, turns to the core), an impartial game's as
   CRIM's (P/N by retrograde analysis, so a cyclic game gets draws; Grundy values where play
   is finite).

Whatever the function does wrong is a :class:`~gamegraph.games.engine.definition.DefinitionError`
naming the definition, the position and what was wrong; nothing is built.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from gamegraph.core.spaces import Listed, Narrowed, Space, flat_rows
from gamegraph.games.engine import _kernels as dk
from gamegraph.games.engine.calls import (
    FIRST,
    SAMPLE,
    Call,
    _bad_result,
    _check_types,
    _sample,
    shard_moves,
)
from gamegraph.games.engine.definition import Definition
from gamegraph.games.engine.functional import analysis_bytes_per_position, index_dtype
from gamegraph.games.engine.graphs import ChoiceGraph, FunctionalGameGraph, ImpartialGraph
from gamegraph.games.engine.positions import Positions, base_of
from gamegraph.games.engine.spaces import Position
from gamegraph.games.engine.timeout import limit as move_limit
from gamegraph.games.limits import (
    BASE_BYTES,
    TABLE_BASE_BYTES,
    Estimate,
    TooLargeError,
    saturating,
)
from gamegraph.games.partitions import mean_parts
from gamegraph.memory import memory_limit
from gamegraph.progress import Progress

if TYPE_CHECKING:
    from gamegraph.games.engine.defined import DefinedGame

__all__ = ["SHARD", "build", "estimate"]

_LOG = logging.getLogger(__name__)

SHARD = 200_000
"""Positions per task: the function's results for a shard are Python objects (~0.5 KiB
each) until they are ranked."""
SHARD_BYTES_PER_POSITION = 600
"""Held per position of a shard while it runs (its tuple, the result, the flat arrays)."""
REACHABLE_BYTES_PER_POSITION = 400
"""Held per position found by a reachable space's search (a tuple, a dict entry, a list)."""
SEARCH_REPORT = 10_000
"""A reachable space's search reports its progress once per this many positions searched
(a search that keeps finding positions shows it grow until the memory limit stops it)."""
TABLE_BYTES_PER_POSITION = 24
"""Held per position by a partition game's tables besides its build and its parts (one
byte a part, twice while they are listed): offsets, idx, the move's two ends, counts.
Calibrated on the growth of the peak resident memory of `gamegraph export --games bulgarian`
and `gamegraph load --bulk` (77-81 bytes a position from n = 60 to 75, the build's 28
included); the interpreter's own, as in :data:`~gamegraph.games.limits.BASE_BYTES`, is not
counted (some 300 MiB resident at any n)."""
TABLE_BYTES_PER_ROW = 160
"""Held per position by the tables of a game on another space than partitions besides its
build and its row (twice, one byte an entry for n < 256): idx, counts, the analysis, the
move's two ends, a batch of texts and lists. Calibrated on the growth of the peak resident
memory of `gamegraph export` between two n: 121 to 168 bytes a position beyond the build
(Carolina n = 20 to 22, Montreal 13 to 14, Austrian L = 6 n = 100 to 120)."""
ARCS_PER_POSITION_GUESS = 8
"""Arcs per position assumed by a choice or impartial game's estimate (corrected as built)."""

Moves = tuple[Space[Any], np.ndarray | None, np.ndarray]
"""The positions a defined game's build found (the core's space) and their moves: CSR
``indptr`` and ``indices``, or no ``indptr`` and one successor each (functional)."""


# --------------------------------------------------------------------------- hooks


def estimate(game: Any) -> Estimate:
    """The ``estimate`` hook the base class calls: positions, arcs and peak bytes of a
    build, without building anything; a built-in game's from its count of positions, a
    defined game's from its declared space."""
    if getattr(game, "definition", None) is None:
        size, approximate = game.position_count()
        per_position = analysis_bytes_per_position(size) if size < 2**62 else 32
        build = size * per_position + BASE_BYTES
        from gamegraph.games.engine.game import PartitionGame

        entries = None if isinstance(game, PartitionGame) else game.row_entries()
        tables = _table_bytes(size, game.n, entries)
        return Estimate(size, size, build, approximate, tables=tables)
    definition = game.definition
    space = definition.space
    n = game.n
    if space.kind == "reachable":
        limit = memory_limit()
        return Estimate(0, 0, BASE_BYTES, approximate=True) if limit else Estimate(0, 0, 0)
    whole = space.of(**game.values())
    size = whole.cardinality()
    arcs = size if definition.kind == "functional" else size * ARCS_PER_POSITION_GUESS
    per_position = 8 + analysis_bytes_per_position(size) + n // 4 + (8 if space.where else 0)
    shard = (
        min(size, SHARD) * SHARD_BYTES_PER_POSITION * (1 if definition.kind == "functional" else 3)
    )
    held = base_of(whole).held_bytes()  # a listing the space ranks by
    total = size * per_position + arcs * 24 * (definition.kind != "functional") + shard + held
    total += BASE_BYTES
    entries = None if space.kind == "partitions" else _longest_row(whole, n)
    return Estimate(
        size,
        arcs,
        total,
        approximate=space.where is not None,  # where= drops some
        tables=_table_bytes(size, n, entries),
    )


def _table_bytes(size: int, n: int, entries: float | None) -> int:
    """What the tables of a graph hold besides its build: on partitions (no ``entries``)
    :data:`TABLE_BYTES_PER_POSITION` and the parts twice while they are listed, on another
    space :data:`TABLE_BYTES_PER_ROW` and a row of ``entries`` twice; and
    :data:`TABLE_BASE_BYTES`."""
    if entries is None:
        per_position = TABLE_BYTES_PER_POSITION + 2 * mean_parts(n)
    else:
        per_position = TABLE_BYTES_PER_ROW + 2 * entries * _entry_bytes(n)
    return saturating(size * per_position) + TABLE_BASE_BYTES


def _longest_row(space: Space[Any], n: int) -> int:
    """The longest row of a space, where its class says without listing it (else n)."""
    said = type(base_of(space)).row_width is not Space.row_width
    return space.row_width() if said else n


def _entry_bytes(n: int) -> int:
    """Bytes an entry of a position of n cards takes in its row (entries are at most n)."""
    return int(np.min_scalar_type(n).itemsize)


def build(game: Any, *, force: bool = False, progress: Progress | None = None) -> Any:
    """The ``build`` hook the base class calls: the positions (the game's space, or what a
    definition's declared space holds), the move of each, the analysis of its kind."""
    if getattr(game, "definition", None) is not None:
        return _build_defined(game, force, progress)
    estimate = game.check_size(force)
    if estimate.nodes >= 2**62:
        raise TooLargeError(
            f"{game.describe()} has ~{estimate.nodes:.3e} positions: too many to index"
        )
    space = game.position_space()
    size = space.cardinality()
    successor = np.empty(size, dtype=index_dtype(size))
    game.fill_successors(space, successor)
    positions = Positions(space, game.read_position)
    return FunctionalGameGraph.from_successor(
        successor, narrow=False, game=game, positions=positions
    )


# --------------------------------------------------------------------------- building


def _build_defined(game: DefinedGame, force: bool, progress: Progress | None) -> Any:
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
        space, indptr, indices = _search(call, definition, force, progress)
    elif definition.compiled:
        space, indptr, indices = _compiled(call, definition)
    else:
        space, indptr, indices = _sharded(call, game.describe(), progress)
    return _analysed(game, Positions(space, game.read_position), indptr, indices)


def _analysed(
    game: DefinedGame, positions: Positions, indptr: np.ndarray | None, indices: np.ndarray
) -> Any:
    kind = game.definition.kind
    if kind == "functional":
        return FunctionalGameGraph.from_successor(indices, game=game, positions=positions)
    assert indptr is not None
    indptr, indices = dk.dedupe_rows(indptr, indices)
    graph_type = ChoiceGraph if kind == "choice" else ImpartialGraph
    return graph_type(game=game, positions=positions, indptr=indptr, indices=indices)


def _sharded(call: Call, name: str, progress: Progress | None) -> Moves:
    from gamegraph.cluster import ClusterSettings, Task, run_tasks, settings

    space = call.space.of(**call.values)
    size = space.cardinality()
    bounds = [(lo, min(size, lo + SHARD)) for lo in range(0, size, SHARD)]
    memory = SHARD * SHARD_BYTES_PER_POSITION
    tasks = [
        Task(
            shard_moves, (call, space, lo, hi), memory, name=f"{name} positions {lo:,}..{hi - 1:,}"
        )
        for lo, hi in bounds
    ]
    chosen = settings()
    if chosen.scheduler is None and (chosen.workers is None or len(tasks) == 1):
        # one shard uses no cluster's parallelism, and a local one takes seconds to start
        # (`report --workers 4` started one for each of its ~130 small defined graphs)
        chosen = ClusterSettings(local=True)
    else:
        _pickle_by_value()
    results = run_tasks(tasks, progress, stage="positions' moves (shards)", where=chosen)
    keeps = [r[0] for r in results]
    if call.kind == "functional":
        targets = np.concatenate([r[1] for r in results])
        indptr = None
        sources = np.arange(targets.shape[0])
    else:
        counts = np.concatenate([r[1] for r in results])
        targets = np.concatenate([r[2] for r in results])
        indptr = np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
        sources = np.repeat(np.arange(counts.shape[0]), counts)
    if keeps[0] is not None:
        kept = np.flatnonzero(np.concatenate(keeps))
        where = call.space.where
        assert where is not None
        if size and not kept.shape[0]:
            _LOG.warning(
                "%s has no position: its predicate %s holds for none of the %s positions of "
                "its space (%r)",
                name,
                _named(where),
                f"{size:,}",
                space,
            )
        space = Narrowed(space, lambda p: bool(where(p, **call.values)), _named(where), ids=kept)
        local = np.full(size, -1, dtype=np.int64)
        local[kept] = np.arange(kept.shape[0])
        outside = np.flatnonzero(local[targets] < 0)
        if outside.shape[0]:
            source = space.unrank(int(sources[outside[0]]))
            target = space.base.unrank(int(targets[outside[0]]))
            raise call.fail(
                f"{call.shown(source)} {'returned' if call.kind == 'functional' else 'gave'} "
                f"{tuple(int(v) for v in target)!r}, which the space's predicate "
                f"{_named(where)} excludes: it is outside the declared space"
            )
        targets = local[targets]
    dtype = index_dtype(space.cardinality())
    return space, indptr, targets.astype(dtype if indptr is None else np.int64, copy=False)


def _named(where: Any) -> str:
    return getattr(where, "__name__", "where")


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


def _search(call: Call, definition: Definition, force: bool, progress: Progress | None) -> Moves:
    """Breadth-first search from the start positions, each position's moves asked once;
    ``progress`` every :data:`SEARCH_REPORT` positions: those searched of those found."""
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
    fn = call.move
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
        if progress is not None and checked % SEARCH_REPORT == 0:
            progress("positions searched (of those found)", checked, len(order))
        if checked <= FIRST or checked % SAMPLE == 1:
            _sample(call, [position], [result])  # a choice's moves: Call.move listed them
    # index order: descending lexicographic, as partitions are numbered elsewhere
    listed = Listed(order, described=call.space.describe)
    new_of = listed.rank_many(*flat_rows(order))
    ranking = np.argsort(new_of).tolist()
    flat, offsets = flat_rows([edges[i] for i in ranking])
    if call.kind == "functional":
        return listed, None, new_of[flat].astype(index_dtype(len(order)))
    return listed, offsets, new_of[flat]


def _start_positions(call: Call, given: Any) -> list[Position]:
    if isinstance(given, tuple | list) and not given:  # [] is no position, not the empty one
        raise call.fail(f"start gave {given!r}, no positions: for the empty position give [()]")
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
        raise call.fail("start gave no positions")
    return [tuple(int(v) for v in p) for p in candidates]


def _compiled(call: Call, definition: Definition) -> Moves:
    """A compiled move: one kernel walks the space and ranks each move as it is made."""
    import numba

    fn = definition.fn
    jitted = fn if isinstance(fn, numba.core.registry.CPUDispatcher) else numba.njit(fn)
    n = call.n
    space = call.space.of(n)
    size = space.cardinality()
    successor = np.empty(size, dtype=np.int64)
    out = np.zeros(4 * n + 8, dtype=np.int64)
    try:
        if call.space.kind == "partitions":
            table = np.ascontiguousarray(space.table[0])  # type: ignore[attr-defined]
            bad = dk.compiled_partition_moves(n, table, jitted, successor, out)
        else:
            bad = dk.compiled_composition_moves(n, jitted, successor, out)
    except (numba.core.errors.NumbaError, TypeError) as e:
        raise call.fail(
            f"the compiled move does not compile with numba: {_numba_reason(e)}"
        ) from None
    if bad >= 0:
        row, code = int(bad & 0xFFFFFFFF), int(bad >> 32)
        position = space.unrank(row)
        length = int(out[-1])
        if code == dk.TOO_LONG:
            raise call.fail(
                f"{call.shown(position)} wrote {length} parts: more than the {out.shape[0] - 1} "
                "the output array holds"
            )
        raise _bad_result(call, position, tuple(out[: max(0, length)].tolist()))
    return space, None, successor.astype(index_dtype(size))


def _numba_reason(error: Exception) -> str:
    """The line of a numba error that says what is wrong (not its pipeline stage)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    skip = ("Failed in", "-", "File", "During", "^", "[", "<source")
    for i, line in enumerate(lines):
        if not line.startswith(skip) and "http" not in line:
            detail = lines[i + 1] if line.endswith(":") and i + 1 < len(lines) else ""
            return " ".join(f"{line} {detail.lstrip('>')}".split())[:240]
    return lines[0] if lines else type(error).__name__
