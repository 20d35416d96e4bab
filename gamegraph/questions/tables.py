"""Questions over n: one row per n (and per parameter value), any column of a game's
``stats`` or a user's function of the graph (issue 30, ``gamegraph table``, ``gg.table``).

:func:`compute_table` plans the rows (every n times every combination of the parameter
ranges), takes the finished ones from the on-disk cache (:class:`~gamegraph.questions.rows.
RowCache`), runs the others as one task each on :mod:`gamegraph.cluster` (a local Dask
cluster, or ``--scheduler``), each with the game's own memory estimate, keeps each row as it
arrives (an interrupted run resumes) and compares every integer column with the OEIS
sequences gamegraph ships (:mod:`gamegraph.questions.oeis`). :class:`Table` writes the result
as CSV, JSON, markdown, one b-file per integer column, and a plot.
"""

from __future__ import annotations

import csv
import itertools
import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamegraph.errors import InputError, OutputError, TooLargeError
from gamegraph.games.base import Game, Progress
from gamegraph.loader.export import check_out_dir
from gamegraph.memory import human_bytes, memory_limit
from gamegraph.questions.oeis import SequenceMatch, match_sequences
from gamegraph.questions.rows import Column, RowCache, RowSpec, guarded_row
from gamegraph.reporting._compute import cache_root

__all__ = [
    "MAX_ROWS",
    "Table",
    "check_plot_path",
    "compute_table",
    "parse_columns",
]

MAX_ROWS = 100_000
"""More rows than this in one table is refused (a typo such as 1..10000000)."""


def parse_columns(
    game: type[Game[Any]], names: Sequence[str] = (), functions: Sequence[str] = ()
) -> list[Column]:
    """The columns asked for: ``names`` must be stats keys of ``game`` (InputError naming
    the unknown one and the keys there are), ``functions`` are ``module:function`` refs."""
    keys = [k for k in game.stats_keys if k not in ("n", *(p.name for p in game.params))]
    chosen = list(names) or keys
    columns = []
    for name in chosen:
        if name not in game.stats_keys:
            raise InputError(
                f"unknown column {name!r} for {game.name}: its columns are {', '.join(keys)} "
                "(or a function of the graph: --column module:function)"
            )
        columns.append(Column(name))
    for ref in functions:
        columns.append(Column(ref.rpartition(":")[2] or ref, ref))
    return columns


@dataclass
class Table:
    """The rows of a table, the columns shown, and what the integer columns matched."""

    game: str
    keys: list[str]  #: the row's identifying columns: n and every parameter given a range
    columns: list[str]
    rows: list[dict[str, Any]]
    matches: list[SequenceMatch] = field(default_factory=list)
    computed: int = 0  #: rows computed by this call (the rest came from the cache)
    seconds: float = 0.0
    command: str = ""

    def records(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self.rows]

    def dataframe(self) -> Any:
        """A pandas DataFrame of the rows (ImportError when pandas is not installed); the
        sequence matches in ``df.attrs["sequences"]``."""
        import pandas

        frame = pandas.DataFrame(self.records(), columns=[*self.keys, *self.columns])
        frame.attrs["sequences"] = [m.sentence() for m in self.matches]
        return frame

    def _columns_of(self, kind: Any) -> list[str]:
        """The columns whose every value is a ``kind`` (an ``isinstance`` type; never a bool)."""
        return [
            c
            for c in self.columns
            if all(isinstance(r.get(c), kind) and not isinstance(r.get(c), bool) for r in self.rows)
        ]

    def integer_columns(self) -> list[str]:
        return self._columns_of(int) if self.rows else []

    def groups(self) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        """The rows per combination of the parameters given a range (one group without)."""
        others = [k for k in self.keys if k != "n"]
        found: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
        for row in self.rows:
            found.setdefault(tuple(row[k] for k in others), []).append(row)
        return [(dict(zip(others, key, strict=True)), rows) for key, rows in found.items()]

    # ------------------------------------------------------------------ writing

    def markdown(self) -> str:
        head = [*self.keys, *self.columns]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(_text(r.get(c)) for c in head) + " |" for r in self.rows]
        if self.matches:
            lines += ["", *[f"- {m.sentence()}" for m in self.matches]]
        if self.command:
            lines += ["", f"Made by `{self.command}`."]
        return "\n".join(lines) + "\n"

    def write(self, out: Path) -> list[Path]:
        """CSV, JSON, markdown and one b-file per integer column (and parameter group)."""
        try:
            return self._write(out)
        except OSError as e:
            raise OutputError(f"cannot write the table into {out}: {e.strerror or e}") from None

    def _write(self, out: Path) -> list[Path]:
        out.mkdir(parents=True, exist_ok=True)
        stem = self.game
        written = [out / f"{stem}.csv", out / f"{stem}.json", out / f"{stem}.md"]
        head = [*self.keys, *self.columns]
        with written[0].open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(head)
            for row in self.rows:
                writer.writerow([_cell(row.get(c)) for c in head])
        written[1].write_text(
            json.dumps(
                {
                    "game": self.game,
                    "command": self.command,
                    "columns": head,
                    "rows": self.rows,
                    "sequences": [m.as_dict() for m in self.matches],
                },
                indent=1,
            ),
            "utf-8",
        )
        written[2].write_text(self.markdown(), "utf-8")
        for params, rows in self.groups():
            suffix = "".join(f"_{k}={v}" for k, v in params.items())
            for column in self.integer_columns():
                path = out / f"b_{stem}_{column}{suffix}.txt"
                lines = [
                    f"# {self.game} {column}"
                    + "".join(f", {k} = {v}" for k, v in params.items())
                    + ", by n",
                    f"# Made by: {self.command or 'gg.table'}",
                ]
                lines += [f"{r['n']} {r[column]}" for r in rows]
                path.write_text("\n".join(lines) + "\n", "ascii")
                written.append(path)
        return written

    def plot(self, path: Path) -> Path:
        """Each integer (or numeric) column against n, one panel each; a log scale where a
        column grows exponentially (`grows_exponentially`: a symmetric log scale when it
        has zeros)."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        numeric = self._columns_of(int | float)
        if not numeric:
            raise InputError("--plot: no numeric column to plot")
        check_plot_path(path)
        figure, axes = plt.subplots(
            len(numeric), 1, figsize=(7, 2.6 * len(numeric)), squeeze=False, sharex=True
        )
        for axis, column in zip(axes[:, 0], numeric, strict=True):
            for params, rows in self.groups():
                label = ", ".join(f"{k}={v}" for k, v in params.items()) or None
                xs = [r["n"] for r in rows]
                ys = [r[column] for r in rows]
                axis.plot(xs, ys, marker=".", markersize=3, linewidth=1, label=label)
            pairs = [(r["n"], r[column]) for r in self.rows]
            if grows_exponentially(pairs):
                if min(y for _, y in pairs) > 0:
                    axis.set_yscale("log")
                else:
                    axis.set_yscale("symlog", linthresh=1)
            axis.set_ylabel(column.replace("_", " "))
            if len(self.groups()) > 1:
                axis.legend(fontsize=7)
        axes[-1, 0].set_xlabel("n")
        figure.suptitle(self.game)
        figure.tight_layout()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            figure.savefig(path)
        except OSError as e:
            raise OutputError(f"cannot write the plot {path}: {e.strerror or e}") from None
        finally:
            plt.close(figure)
        return path


def grows_exponentially(points: list[tuple[int, float]]) -> bool:
    """Whether a column grows exponentially in n: nowhere negative, positive on at least
    four fifths of the rows, over two orders of magnitude, with log(value) rising in n
    (correlation at least 0.9). Cycle counts of B_n, which swing between 1 and a peak, are
    not; Garden of Eden counts, 0 at n = 1 and then like p(n), are."""
    import numpy as np

    if not points or min(y for _, y in points) < 0:
        return False
    positive = [(x, y) for x, y in points if y > 0]
    if len(positive) < max(3, 0.8 * len(points)):
        return False
    xs = np.array([x for x, _ in positive], dtype=float)
    logs = np.log(np.array([y for _, y in positive], dtype=float))
    if logs.max() - logs.min() < np.log(100) or np.ptp(xs) == 0:
        return False
    return bool(np.corrcoef(xs, logs)[0, 1] >= 0.9)


def _text(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, list | dict):
        return json.dumps(value)
    return "" if value is None else str(value)


def _cell(value: Any) -> Any:
    return json.dumps(value) if isinstance(value, list | dict) else value


# --------------------------------------------------------------------------- computing


def _plans(
    game: type[Game[Any]], ns: Sequence[int], params: Mapping[str, Any]
) -> tuple[list[str], list[Game[Any]]]:
    """The games of every row, and the parameters that vary (besides n)."""
    ranged = {k: list(v) for k, v in params.items() if isinstance(v, list | tuple | range)}
    fixed = {k: v for k, v in params.items() if k not in ranged}
    for name in params:
        game.param(name)
    combos = list(itertools.product(*ranged.values())) or [()]
    if len(combos) * len(ns) > MAX_ROWS:
        raise InputError(f"{len(combos) * len(ns):,} rows: over {MAX_ROWS:,} in one table")
    games = []
    for combo in combos:
        for n in ns:
            games.append(game.create(n=n, **fixed, **dict(zip(ranged, combo, strict=True))))
    return list(ranged), games


def _sources() -> tuple[str, ...]:
    """Definition files a worker loads: every file games were defined in (a user column's
    module is imported by its name)."""
    from gamegraph.games.sources import defined_modules

    return tuple(str(m.__file__) for m in defined_modules() if getattr(m, "__file__", None))


SMALL_NODES = 50_000
"""A row of fewer nodes takes milliseconds: a cluster would cost more than it saves."""


def _estimate(game: Game[Any], force: bool) -> tuple[int, bool]:
    """The game's own estimate of its build's peak bytes, and whether the row is small;
    TooLargeError over the memory limit."""
    estimate = game.estimate()
    if estimate.bytes > memory_limit() and not force:
        raise TooLargeError(
            f"{game.name} n={game.n} would need ~{human_bytes(estimate.bytes)}, over the "
            f"memory limit of {human_bytes(memory_limit())} (GAMEGRAPH_MEMORY_LIMIT): shorten "
            "the --n range (nothing was computed)"
        )
    return int(estimate.bytes), estimate.nodes < SMALL_NODES


def compute_table(
    game: type[Game[Any]],
    ns: Iterable[int],
    params: Mapping[str, Any] | None = None,
    columns: Sequence[Column] | None = None,
    *,
    cache: Path | str | None = "default",
    force: bool = False,
    progress: Progress | None = None,
    command: str = "",
) -> Table:
    """The table of ``game`` over ``ns`` (see the module docstring). ``params`` gives the
    other parameters, a list or range for a parameter that varies; ``cache=None`` computes
    everything afresh and keeps nothing."""
    from gamegraph.cluster import Task, run_tasks

    started = time.perf_counter()
    ns = sorted(set(ns))
    if not ns:
        raise InputError("the table needs at least one n")
    chosen = list(columns) if columns is not None else parse_columns(game)
    ranged, games = _plans(game, ns, dict(params or {}))
    store = RowCache(cache_root(cache, "table"))
    version = game.engine_version()
    sources = _sources()
    keys = [RowCache.key(game.name, list(g.values().items()), version) for g in games]
    # a cached row serves when it holds every column asked for
    values_of: list[dict[str, Any] | None] = [
        row if row is not None and all(c.cache_key() in row for c in chosen) else None
        for row in map(store.get, keys)
    ]
    todo = [i for i, v in enumerate(values_of) if v is None]
    done_before = len(games) - len(todo)
    tasks = []
    for i in todo:
        g = games[i]
        spec = RowSpec(game.name, tuple(g.values().items()), tuple(chosen), sources, force)
        memory, small = _estimate(g, force)
        tasks.append(
            Task(guarded_row, (spec,), memory, name=f"{game.name} {spec.where()}", small=small)
        )
    if progress is not None:
        progress("rows", done_before, len(games))
    failures: list[tuple[int, str]] = []

    def arrived(j: int, result: tuple[str, Any]) -> None:
        status, value = result
        i = todo[j]
        if status == "ok":
            values_of[i] = value
            store.put(keys[i], value, {"game": game.name, "id": games[i].id, "engine": version})
        else:
            failures.append((games[i].n, value))

    def counted(stage: str, done: int, total: int) -> None:
        if progress is not None:
            progress("rows", done_before + done, len(games))

    run_tasks(tasks, counted, stage="rows", on_result=arrived)
    if failures:
        raise InputError(min(failures)[1])
    rows = []
    for g, values in zip(games, values_of, strict=True):
        assert values is not None
        row: dict[str, Any] = {"n": g.n}
        row.update({k: g.param(k).stored(getattr(g, k)) for k in ranged})
        for c in chosen:
            row[c.name] = values[c.cache_key()]
        rows.append(row)
    table = Table(
        game=game.name,
        keys=["n", *ranged],
        columns=[c.name for c in chosen],
        rows=rows,
        computed=len(todo),
        seconds=time.perf_counter() - started,
        command=command,
    )
    table.matches = _matches(table)
    return table


def _matches(table: Table) -> list[SequenceMatch]:
    found = []
    for params, rows in table.groups():
        for column in table.integer_columns():
            by_n = {r["n"]: r[column] for r in rows}
            found += match_sequences(column, by_n, params)
    return found


def check_plot_path(path: Path) -> None:
    """InputError unless ``path`` names a file matplotlib writes here (.png, .svg): checked
    before a table is computed, not after."""
    if path.suffix.lower() not in (".png", ".svg"):
        raise InputError(f"--plot {str(path)!r}: name a .png or .svg file")
    if path.is_dir():
        raise InputError(f"--plot {str(path)!r} is a directory: name a .png or .svg file")
    check_out_dir(path.parent, f"--plot {str(path)!r}")
