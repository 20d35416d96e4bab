"""A user's own conjectures over n (issue 30 item 4): ``@gg.conjecture(game=..., n=...)`` on a
function of the built graph that returns ``True`` where the conjecture holds, or a
counterexample (a position, as a tuple or its text, or a number) where it fails.

:func:`check_file` imports a conjecture file, runs every conjecture on every n of its range
as one task each on :mod:`gamegraph.cluster`, and returns a :class:`Verdict` per conjecture:
held up to the largest n checked, or the first counterexample with the command that
reproduces it and a Cypher query (parameters as ``:param`` lines, for Neo4j Browser) that
shows it once the graph is loaded. ``False`` counts as a counterexample without a witness;
anything else (``None``, a dict, ...), or an exception, is that conjecture's error (one line
naming it and n) and the others are still checked.

Tasks carry only the file's path, the conjecture's name and n: each worker imports the file
itself (so the decorated functions, and any game the file defines, exist there too).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gamegraph.core.notation import span
from gamegraph.errors import InputError

__all__ = ["Conjecture", "Verdict", "check_file", "conjecture", "conjectures_in"]


@dataclass(frozen=True)
class Conjecture:
    """A conjecture: its function, the game, the n it speaks about and fixed parameters."""

    name: str
    fn: Callable[..., Any]
    game: str
    ns: tuple[int, ...]
    params: tuple[tuple[str, Any], ...] = ()
    doc: str = ""
    where: str = ""


_REGISTERED: dict[str, list[Conjecture]] = {}
"""Conjectures by the file (module) that declared them, in declaration order."""


def conjecture(
    *, game: str | Any, n: Iterable[int] | int | str | None = None, name: str = "", **params: Any
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare ``fn(graph)`` (or ``fn(graph, n=n)``) a conjecture about ``game`` for every
    n of ``n`` (an int means 1..n; a text or a list as ``load`` takes them: ``"1..80"``,
    ``"20,40"``, ``[20, 40]``; None: whatever ``gamegraph check --n`` asks)."""
    from gamegraph.api import game_of
    from gamegraph.loader.plan import parse_ns

    game_name = game_of(game).name if not isinstance(game, str) else game

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        try:
            if n is None:
                ns: tuple[int, ...] = ()
            elif isinstance(n, int) and not isinstance(n, bool):
                ns = tuple(range(1, parse_ns(n)[0] + 1))
            else:
                ns = parse_ns(n)
        except InputError as e:
            raise InputError(f"conjecture {name or fn.__name__}: {e}") from None
        code = getattr(fn, "__code__", None)
        where = f"{code.co_filename}:{code.co_firstlineno}" if code is not None else ""
        item = Conjecture(
            name or fn.__name__,
            fn,
            game_name,
            ns,
            tuple(sorted(params.items())),
            inspect.getdoc(fn) or "",
            where,
        )
        found = _REGISTERED.setdefault(fn.__module__, [])
        found[:] = [c for c in found if c.name != item.name] + [item]
        return fn

    return decorate


def conjectures_in(path: str | Path) -> list[Conjecture]:
    """The conjectures a file declares (imported once; InputError if it declares none)."""
    from gamegraph.games.sources import load_file

    module = load_file(path, what="the conjecture file")
    found = _REGISTERED.get(module.__name__, [])
    if not found:
        raise InputError(
            f"{path}: declares no conjecture (decorate a function with "
            "@gg.conjecture(game=..., n=...))"
        )
    return list(found)


# --------------------------------------------------------------------------- checking


@dataclass
class Verdict:
    """What checking one conjecture found."""

    name: str
    game: str
    doc: str
    checked: list[int]  #: the n checked
    held: bool
    n: int | None = None  #: the first n it fails at
    counterexample: str | None = None
    command: str = ""  #: reproduces the counterexample (or the whole check)
    cypher: str = ""  #: shows it in Neo4j Browser once the graph is loaded
    load: str = ""  #: the `gamegraph load` command that loads that graph
    error: str = ""  #: why it could not be checked (it raised, or returned neither)
    extra: dict[str, Any] = field(default_factory=dict)

    def sentence(self) -> str:
        if self.error:
            return self.error
        if self.held:
            checked = span(self.checked)
            return f"{self.name}: held for every n in {checked} ({len(self.checked)} n)"
        return f"{self.name}: fails at n = {self.n}: counterexample {self.counterexample}"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self) | {"sentence": self.sentence()}


def _outcome(item: Conjecture, value: Any, n: int) -> tuple[str, str]:
    """("held" | "fails" | "error", text) for what the function returned at n."""
    if value is True:
        return "held", ""
    if value is False:
        return "fails", "False (no witness given)"
    if isinstance(value, bool | int | float | str):
        return "fails", str(value)
    if isinstance(value, tuple | list) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return "fails", ",".join(map(str, value))
    if hasattr(value, "item") and hasattr(value, "dtype"):  # a numpy scalar
        return _outcome(item, value.item(), n)
    return "error", (
        f"conjecture {item.name} returned {type(value).__name__} {value!r:.60} at n={n}: "
        "return True where it holds, or a counterexample (a position or a number)"
    )


def check_task(path: str, name: str, n: int, force: bool) -> tuple[str, str]:
    """One conjecture at one n (a worker's task): imports the file, builds, calls."""
    from gamegraph.games.registry import get_game
    from gamegraph.questions.rows import call_column

    try:
        item = next(c for c in conjectures_in(path) if c.name == name)
        game = get_game(item.game).create(n=n, **dict(item.params))
        graph = game.build(force=force)
    except InputError as e:
        return "error", f"conjecture {name} at n={n}: {e}"
    try:
        value = call_column(item.fn, graph, n)
    except Exception as e:  # a bug of the user's function: one line, not a traceback
        message = " ".join(str(e).split())
        return "error", f"conjecture {name} raised {type(e).__name__} at n={n}: {message}"
    return _outcome(item, value, n)


COUNTEREXAMPLE_CYPHER = (
    "MATCH (p:GraphNode {graph: $graph, key: $key})\n"
    "OPTIONAL MATCH move = (p)-[]->(:GraphNode {graph: $graph})\n"
    "RETURN p, move"
)
"""Shows a counterexample position: its node and its moves."""
GRAPH_CYPHER = "MATCH (g:Graph {id: $graph}) RETURN g"
"""Shows the graph's :Graph record, for a counterexample that names no position."""


def _cypher(game: Any, text: str) -> tuple[str, str]:
    """The Cypher that shows a counterexample, its values as ``:param`` lines: the position's
    node and its moves when it names one, else the graph's :Graph record."""
    from gamegraph.db.queries import param_lines

    try:
        key = game.parse_position(text)
    except (InputError, TypeError, ValueError):
        key = None
    if key is not None:
        lines = param_lines({"graph": game.id, "key": key})
        return "\n".join([*lines, COUNTEREXAMPLE_CYPHER]), key
    return "\n".join([*param_lines({"graph": game.id}), GRAPH_CYPHER]), ""


def check_file(
    path: str | Path,
    ns: Iterable[int] | None = None,
    *,
    only: Iterable[str] = (),
    force: bool = False,
    progress: Any = None,
) -> list[Verdict]:
    """Every conjecture of the file over its n (intersected with ``ns`` when given; ``ns``
    alone for a conjecture that names none), each n one task on gamegraph.cluster."""
    from gamegraph.cluster import Task, run_tasks
    from gamegraph.games.registry import get_game

    shown = str(path)
    found = conjectures_in(path)
    wanted = set(only)
    if wanted:
        unknown = wanted - {c.name for c in found}
        if unknown:
            raise InputError(
                f"{shown} has no conjecture {', '.join(sorted(unknown))}: it declares "
                f"{', '.join(c.name for c in found)}"
            )
        found = [c for c in found if c.name in wanted]
    asked = None if ns is None else sorted(set(ns))
    plans: list[tuple[Conjecture, list[int]]] = []
    tasks = []
    resolved = str(Path(path).expanduser().resolve())
    for item in found:
        if not item.ns and asked is None:
            raise InputError(
                f"conjecture {item.name} names no n: give it n=... in @gg.conjecture, or give "
                "`check` --n (e.g. --n 1..80)"
            )
        chosen = (
            list(item.ns)
            if asked is None
            else (asked if not item.ns else [n for n in asked if n in set(item.ns)])
        )
        game_type = get_game(item.game)
        low = game_type.param("n").minimum
        chosen = [n for n in chosen if low is None or n >= low]
        if not chosen:  # else "held for every n in nothing"
            covers = f"covers n = {span(list(item.ns))}" if item.ns else f"takes n >= {low}"
            raise InputError(
                f"conjecture {item.name} {covers}: --n {span(asked or [])} leaves no n to check"
            )
        plans.append((item, chosen))
        for n in chosen:
            game = game_type.create(n=n, **dict(item.params))
            estimate = game.estimate()
            tasks.append(
                Task(check_task, (resolved, item.name, n, force), int(estimate.bytes),
                     name=f"{item.name} n={n}", small=estimate.nodes < 50_000)
            )  # fmt: skip
    results = run_tasks(tasks, progress, stage="conjectures")
    verdicts = []
    at = 0
    for item, chosen in plans:
        outcomes = results[at : at + len(chosen)]
        at += len(chosen)
        errors = [(n, text) for n, (status, text) in zip(chosen, outcomes, strict=True)
                  if status == "error"]  # fmt: skip
        if errors:  # this conjecture's verdict; the file's others are still checked
            command = f"gamegraph check {shown} --n {errors[0][0]} --only {item.name}"
            verdicts.append(
                Verdict(item.name, item.game, item.doc, chosen, False, errors[0][0],
                        command=command, error=errors[0][1])
            )  # fmt: skip
            continue
        failing = [(n, text) for n, (status, text) in zip(chosen, outcomes, strict=True)
                   if status == "fails"]  # fmt: skip
        verdict = Verdict(item.name, item.game, item.doc, chosen, not failing)
        if failing:
            n, text = failing[0]
            game = get_game(item.game).create(n=n, **dict(item.params))
            verdict.n = n
            verdict.counterexample = text
            verdict.command = f"gamegraph check {shown} --n {n} --only {item.name}"
            verdict.cypher, key = _cypher(game, text)
            if key:
                verdict.counterexample = f"position {key}"
            verdict.load = game.load_command()
        else:
            verdict.command = f"gamegraph check {shown} --n {span(chosen)} --only {item.name}"
        verdicts.append(verdict)
    return verdicts


def verdicts_markdown(verdicts: list[Verdict], path: str) -> str:
    """The verdicts as a report section (``gamegraph report --conjectures``)."""
    lines = [f"## Conjectures of {path}", ""]
    for v in verdicts:
        lines.append(f"### {v.name} ({v.game})")
        if v.doc:
            lines += ["", v.doc]
        lines += ["", v.sentence() + ".", "", f"Reproduce: `{v.command}`"]
        if not v.held and not v.error:
            lines += [
                "",
                f"Load the graph with `{v.load}`, then in Neo4j Browser:",
                "",
                "```cypher",
                v.cypher,
                "```",
            ]
        lines.append("")
    return "\n".join(lines)


def add_to_report(folder: Path, verdicts: list[Verdict], path: str) -> Path:
    """Append the verdicts to a written report: a section of ``report.md`` and the key
    ``conjectures`` of ``report.json`` (``gamegraph report --conjectures FILE.py``)."""
    import json

    markdown = folder / "report.md"
    text = markdown.read_text("utf-8") if markdown.exists() else ""
    marker = f"## Conjectures of {path}"
    if marker in text:  # a second run replaces its own section
        text = text[: text.index(marker)]
    markdown.write_text(text.rstrip("\n") + "\n\n" + verdicts_markdown(verdicts, path), "utf-8")
    data_path = folder / "report.json"
    data: dict[str, Any] = json.loads(data_path.read_text("utf-8")) if data_path.exists() else {}
    data.setdefault("conjectures", {})[path] = [v.as_dict() for v in verdicts]
    data_path.write_text(json.dumps(data, indent=1), "utf-8")
    return markdown
