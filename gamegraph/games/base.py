"""The one type every game is: :class:`Game`, with its declared :class:`Param` values.

A ``Game`` instance is a game with every parameter fixed, so it names exactly one graph:
``Bulgarian(n=60)`` is B_60, ``Lifting(n=60, rule="band")`` is Q for the band rule over
n <= 60. It owns everything specific to that game, and every layer above asks it instead of
testing a game's name:

- its parameters, parsed and validated once (:meth:`Game.create`, :meth:`Game.from_text`);
- its graph id, formatted in :attr:`Game.id` and parsed back by
  :func:`gamegraph.games.parse_graph_id`, the only two places that know the format;
- the size estimate and the memory check (:meth:`Game.estimate`, :meth:`Game.check_size`);
- the build and analysis (:meth:`Game.build`, a graph of the game's own type ``BuiltT``)
  and the ``stats`` summary (:meth:`Game.stats`);
- its node and relationship tables for Neo4j (:meth:`Game.tables`);
- its Cypher files (:attr:`Game.query_files`, :attr:`Game.internal_query_files`) and the
  checks `gamegraph verify` runs on a loaded graph (:meth:`Game.verify`).

A game lives in its own package under ``gamegraph/games/`` whose ``__init__`` defines the
class and decorates it with :func:`gamegraph.games.registry.register`. That module must stay
light (no numpy, numba or engine imports at module level): the command line builds its
options from every registered game at start-up. The class names its engine module once
(:attr:`Game.engine`, in the manner of Gymnasium's ``entry_point``), and the methods above
import it (and the ``tables`` and ``checks`` modules beside it) on first use and call their
hooks (:class:`Engine`). A class made at run time may
instead override ``estimate``, ``build``, ``tables`` and ``verify`` itself.

This module imports nothing heavy either; numpy appears only in type annotations.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from gamegraph.errors import InputError
from gamegraph.games.limits import Estimate, check_estimate
from gamegraph.games.params import REQUIRED, Param, ParamKind
from gamegraph.progress import Progress

if TYPE_CHECKING:
    from gamegraph.games.checks import Check, Reader, Say, Stored
    from gamegraph.games.model import GraphTables

__all__ = [
    "REQUIRED",
    "BuiltT",
    "Engine",
    "Game",
    "Param",
    "ParamKind",
    "Progress",
    "label_of",
    "move_of",
]


BuiltT = TypeVar("BuiltT")
BuiltT_co = TypeVar("BuiltT_co", covariant=True)
"""The type of a game's built graph (:meth:`Game.build`): ``BulgarianGraph``, ``CrimGraph``..."""

SHARED_ENGINE_MODULES = (
    "_kernels.py",
    "base.py",
    "params.py",
    "model.py",
    "partitions.py",
    "engine",
    "../core",
)
"""Modules (and folders) of gamegraph.games every engine may use: part of every game's
version."""


@cache
def _source_version(modules: tuple[str, ...]) -> str:
    from importlib.util import find_spec

    digest = hashlib.sha256()
    shared = Path(__file__).parent
    files: list[Path] = []
    for name in SHARED_ENGINE_MODULES:
        files += _python_files(shared / name)
    for module in modules:
        # the module's file without running it (an engine imports numba: seconds)
        spec = find_spec(module)
        origin = spec.origin if spec is not None and spec.origin else import_module(module).__file__
        files += _python_files(Path(origin or "").parent)
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return f"src-{digest.hexdigest()[:12]}"


def _python_files(path: Path) -> list[Path]:
    """A module, or every module of a folder and its subfolders, in a fixed order; not
    verify's checks (``checks.py``, ``*_checks.py``): they read a graph and make none, so
    editing them leaves the graphs loaded before current."""
    if path.is_file():
        return [path]
    return sorted(
        p
        for p in path.rglob("*.py")
        if "__pycache__" not in p.parts and not p.name.endswith("checks.py")
    )


def label_of(name: str) -> str:
    """The node label of a game name: ``two-card-bulgarian`` -> ``TwoCardBulgarian``."""
    return "".join(word[:1].upper() + word[1:] for word in name.split("-"))


def move_of(name: str) -> str:
    """The relationship type of its move: ``TWO_CARD_BULGARIAN_MOVE``."""
    return name.replace("-", "_").upper() + "_MOVE"


class Engine(Protocol[BuiltT_co]):
    """The hooks a game's engine module (:attr:`Game.engine`) defines, as module-level
    functions that take the game first; ``parse_position(game, text)`` is optional (see
    :meth:`Game.parse_position`).

    Two modules beside it in its package hold the other hooks, so that none of the three
    imports another in a circle (the tables and the checks import the engine, never the
    reverse): ``tables`` defines ``tables(game, built)`` and, optionally,
    ``summary(game, built)``; ``checks`` defines ``verify``, a
    :class:`~gamegraph.games.checks.GameChecks` class made with ``(game, built, reader, stored,
    say)`` (the games of the engine share a function that makes theirs, by kind:
    :mod:`gamegraph.games.engine.checks`)."""

    def estimate(self, game: Any, /) -> Estimate: ...

    def build(self, game: Any, /, *, force: bool, progress: Progress | None) -> BuiltT_co: ...


@dataclass(frozen=True)
class Game(ABC, Generic[BuiltT]):
    """A game with its parameters fixed (see the module docstring).

    Subclasses are frozen dataclasses with one field per declared :class:`Param`, in the
    order of :attr:`params` (``n``, first, is this class's), and name the type of their built
    graph: ``class Bulgarian(FunctionalGame["BulgarianGraph"])``, so that mypy checks the path
    from :meth:`build` to :meth:`tables`, :meth:`stats` and :meth:`verify`. A game's class
    docstring is its :attr:`description`, and what follows from its name it need not give
    (:meth:`__init_subclass__`).
    """

    name: ClassVar[str]
    """Short name: on the command line, in graph ids, in ``requires:`` headers."""
    title: ClassVar[str]
    """What the game is, in a few words ("Bulgarian solitaire B_n")."""
    description: ClassVar[str]
    """One sentence for help texts: the class docstring unless given."""
    params: ClassVar[tuple[Param, ...]]
    """Declared parameters; ``n`` is always one of them."""
    label: ClassVar[str]
    """Node label of its positions, from the name unless given (``random-bulgarian``:
    ``RandomBulgarian``); G_n's and Q's tables name their several labels themselves."""
    move: ClassVar[str]
    """Relationship type of its move, from the name unless given
    (``RANDOM_BULGARIAN_MOVE``)."""
    stats_keys: ClassVar[tuple[str, ...]]
    """The keys of :meth:`stats`, in order (the full build; a mode may omit some)."""
    stats_labels: ClassVar[dict[str, str]] = {}
    """`gamegraph stats`' label of a key whose name does not say its scope (``{n}``: n)."""
    query_files: ClassVar[tuple[str, ...]] = ()
    """``.cypher`` files of the game's package whose queries users run (`gamegraph query`):
    ``<name>.cypher`` and ``gds.cypher`` unless given."""
    internal_query_files: ClassVar[tuple[str, ...]] = ("schema.cypher", "verify.cypher")
    """``.cypher`` files the loader and `verify` run: schema, checks (hidden from users)."""
    loaded_by_default: ClassVar[bool] = False
    """Part of a plain `gamegraph load --n N` (the main job: B_n, G_n/H_n and Q)."""
    example: ClassVar[dict[str, Any]] = {}
    """Parameters of a small instance (a second or less to build and load): the docs' and
    the contract tests' example of this game."""
    depends_on: ClassVar[tuple[str, ...]] = ()
    """Other games whose engines build this one's graph (their code is in its version)."""
    engine: ClassVar[str] = ""
    """The module of a game's own engine (``"gamegraph.games.crim.engine"``), imported on
    first use, whose hooks (:class:`Engine`) estimate and build the graph; the modules
    ``tables`` and ``checks`` of its package tabulate and verify it."""

    n: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """What a game's class need not give: its description is its docstring (one line),
        its label and move type follow from its name (``carolina``: ``:Carolina`` nodes,
        ``:CAROLINA_MOVE`` arcs), its query files are ``<name>.cypher`` and ``gds.cypher``
        beside it (for a class that names its game: ``name``)."""
        super().__init_subclass__(**kwargs)
        name = cls.__dict__.get("name")
        if not isinstance(name, str):
            return
        cls.label = cls.__dict__.get("label", label_of(name))
        cls.move = cls.__dict__.get("move", move_of(name))
        if "description" not in cls.__dict__ and cls.__doc__:
            cls.description = " ".join(cls.__doc__.split())
        if "query_files" not in cls.__dict__:
            cls.query_files = (f"{name.replace('-', '_')}.cypher", "gds.cypher")

    # ------------------------------------------------------------------ parameters

    def __post_init__(self) -> None:
        for param in self.params:
            value = getattr(self, param.name)
            if value is REQUIRED:
                raise InputError(f"{self.name} needs {param.name}")
            object.__setattr__(self, param.name, param.check(value))
        self.validate()

    def validate(self) -> None:
        """Checks across parameters (hook; the default has none)."""

    @classmethod
    def param(cls, name: str) -> Param:
        for param in cls.params:
            if param.name == name:
                return param
        raise InputError(
            f"{cls.name} has no parameter {name!r}; it takes "
            f"{', '.join(p.name for p in cls.params)}"
        )

    @classmethod
    def create(cls, **values: Any) -> Self:
        """The game for these parameter values (defaults for the rest), validated."""
        for name in values:
            cls.param(name)
        missing = [p for p in cls.params if p.required and p.name not in values]
        if missing:
            options = ", ".join(p.cli_option for p in missing)
            raise InputError(
                f"{cls.name} needs {', '.join(p.name for p in missing)} ({options} on the "
                "command line)"
            )
        full = {p.name: values.get(p.name, p.default) for p in cls.params}
        return cls(**full)

    @classmethod
    def from_text(cls, texts: Mapping[str, str | bool]) -> Self:
        """The game from command-line texts (``{"n": "24", "rule": "band"}``; flags as bools)."""
        values = {
            name: cls.param(name).check(text)
            if isinstance(text, bool)
            else cls.param(name).parse(text)
            for name, text in texts.items()
        }
        return cls.create(**values)

    def values(self) -> dict[str, Any]:
        """Every parameter's value, by name, in declaration order."""
        return {param.name: getattr(self, param.name) for param in self.params}

    def replace(self, **values: Any) -> Self:
        return self.create(**(self.values() | values))

    # ------------------------------------------------------------------ identity

    @property
    def id(self) -> str:
        """The graph id: ``name[:part...]:n`` (``bulgarian:60``, ``lifting:paper:60``)."""
        parts = [p.id_part(getattr(self, p.name)) for p in self.params if p.in_id and p.name != "n"]
        return ":".join([self.name, *parts, str(self.n)])

    @property
    def slot(self) -> str:
        """Graphs sharing a slot replace each other when loaded (default: the id)."""
        return self.id

    def record(self) -> dict[str, Any]:
        """What the :Graph record stores about the parameters (scalars Neo4j can hold)."""
        stored: dict[str, Any] = {"game": self.name, "slot": self.slot}
        for param in self.params:
            value = getattr(self, param.name)
            stored[param.name] = param.stored(value)
        stored["params"] = [f"{p.name}={p.format(getattr(self, p.name))}" for p in self.params]
        return stored

    def graph_params(self) -> dict[str, Any]:
        """The parameters that name this graph's nodes in Cypher (those in the graph id):
        ``{"n": 20}``, or ``{"n": 20, "L": 5}``."""
        return {p.name: p.stored(getattr(self, p.name)) for p in self.params if p.in_id}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        """The game a :Graph record was loaded for (inverse of :meth:`record`)."""
        values = {}
        for param in cls.params:
            if param.name in record and record[param.name] is not None:
                raw = record[param.name]
                values[param.name] = param.parse(raw) if isinstance(raw, str) else raw
        return cls.create(**values)

    @classmethod
    def from_id_parts(cls, parts: Sequence[str]) -> Self:
        """Inverse of :attr:`id` without the name: ``["paper", "60"]`` for Q."""
        id_params = [p for p in cls.params if p.in_id and p.name != "n"]
        if len(parts) != len(id_params) + 1:
            raise InputError(f"a {cls.name} graph id has the form {cls.id_form()}")
        values: dict[str, Any] = {"n": cls.param("n").parse(parts[-1])}
        for param, text in zip(id_params, parts[:-1], strict=True):
            if param.kind != "choice":
                prefix = f"{param.name}="
                if not text.startswith(prefix):
                    raise InputError(f"a {cls.name} graph id has the form {cls.id_form()}")
                text = text[len(prefix) :]
            values[param.name] = param.parse(text)
        return cls.create(**values)

    @classmethod
    def id_form(cls) -> str:
        """How this game's ids look, for messages: ``lifting:RULE:N``."""
        parts = [
            p.name.upper() if p.kind == "choice" else f"{p.name}=VALUE"
            for p in cls.params
            if p.in_id and p.name != "n"
        ]
        return ":".join([cls.name, *parts, "N"])

    def __str__(self) -> str:
        return self.describe()

    @abstractmethod
    def describe(self) -> str:
        """The graph in the papers' words: ``B_60``, ``G_24, H_24``."""

    def load_command(self) -> str:
        """The `gamegraph load` command that loads this graph (with ``--games-from FILE``
        for a game defined in a file: a command copied from a hint has to find the game)."""
        import shlex

        words = ["gamegraph load", f"--games {self.name}", f"--n {self.n}"]
        source = self.source_file()
        if source is not None:
            words.append(f"--games-from {shlex.quote(source)}")
        for param in self.params:
            if param.name == "n" or not param.loadable:
                continue
            value = getattr(self, param.name)
            if param.kind == "flag":
                if value:
                    words.append(param.cli_option)
            elif value != param.default:
                words.append(f"{param.cli_option} {param.format(value)}")
        return " ".join(words)

    @classmethod
    def source_file(cls) -> str | None:
        """The file a game defined in a file comes from (``--games-from``); None for one
        built in, installed or defined in the session."""
        return None

    @classmethod
    def engine_version(cls) -> str:
        """A fingerprint of the code that builds this game's graphs: a hash of the game's
        package, the games it depends on and the shared engine modules (not of the installed
        package's metadata, which another checkout on sys.path could shadow). A graph loaded
        by another version is stale: `gamegraph load` rebuilds it."""
        others = [f"gamegraph.games.{name.replace('-', '_')}" for name in cls.depends_on]
        return _source_version(tuple(sorted({cls.__module__, *others})))

    # ------------------------------------------------------------------ size

    def hooks(self) -> Engine[BuiltT]:
        """The engine module (:attr:`engine`), imported on first use."""
        return cast("Engine[BuiltT]", self._module(""))

    def _module(self, sibling: str) -> Any:
        """The engine module, or the module ``sibling`` of its package (``tables``,
        ``checks``), imported on first use."""
        if not self.engine:
            raise TypeError(f"{type(self).__name__} names no engine module")
        package = self.engine.rpartition(".")[0]
        return import_module(f"{package}.{sibling}" if sibling else self.engine)

    def estimate(self) -> Estimate:
        """Nodes, relationships and peak bytes of the build, without building anything.

        Must be fast (well under a second) for any n, however large."""
        return self.hooks().estimate(self)

    def check_size(self, force: bool = False) -> Estimate:
        """The estimate; raises TooLargeError over the memory limit unless ``force``."""
        return check_estimate(self.describe(), self.estimate(), force)

    # ------------------------------------------------------------------ computing

    def build(self, *, force: bool = False, progress: Progress | None = None) -> BuiltT:
        """Compute the graph and its analysis in memory (checks the size first)."""
        return self.hooks().build(self, force=force, progress=progress)

    def stats(self, built: BuiltT) -> dict[str, Any]:
        """The JSON-ready summary `gamegraph stats` prints (keys: :attr:`stats_keys`)."""
        result: dict[str, Any] = built.stats()  # type: ignore[attr-defined]
        return result

    def stats_label(self, key: str) -> str:
        """How `gamegraph stats` labels ``key``: :attr:`stats_labels`' text, else the key."""
        label = self.stats_labels.get(key, key.replace("_", " "))
        return label.format(**{param.name: getattr(self, param.name) for param in self.params})

    def summary(self, built: BuiltT) -> dict[str, Any]:
        """The figures stored on the graph's :Graph record (``stat_*``): the stats, plus
        whatever else the game wants `verify` to hold it to (the engine's ``summary`` hook,
        where it has one)."""
        hook = getattr(self._module("tables"), "summary", None) if self.engine else None
        return self.stats(built) if hook is None else dict(hook(self, built))

    def tables(self, built: BuiltT) -> GraphTables:
        """The graph as Neo4j node and relationship tables (docs/schema.md): the ``tables``
        hook of the engine's package."""
        result: GraphTables = self._module("tables").tables(self, built)
        return result

    def verify(self, built: BuiltT, reader: Reader, stored: Stored, say: Say) -> list[Check]:
        """Recompute the loaded graph's analysis from its relationships (through ``reader``,
        which runs this game's verify queries) and compare it with what was stored (the
        graph's nodes and its ``stored`` summary) and with ``built``: the ``verify`` hook
        of the engine's package (its ``checks`` module), a
        :class:`~gamegraph.games.checks.GameChecks` class whose ``run()`` makes them."""
        checks: list[Check] = self._module("checks").verify(self, built, reader, stored, say).run()
        return checks

    @classmethod
    def generated_queries(cls) -> list[tuple[str, str, bool]]:
        """Cypher files the game writes rather than ships, as ``(source, text, internal)``
        (a defined game's schema, verify and generic queries); none for a built-in game."""
        return []

    def parse_position(self, text: str) -> str:
        """The key a position given as text (``position`` parameters of queries) has in this
        game's graph (the engine's ``parse_position`` hook); InputError when it is no
        position of it, or when the game has no positions to name."""
        hook = getattr(self.hooks(), "parse_position", None) if self.engine else None
        if hook is None:
            raise InputError(f"{self.describe()} has no positions to name")
        key: str = hook(self, text)
        return key

    def after_load(self) -> list[tuple[str, dict[str, Any]]]:
        """Named queries to run once the graph is complete (links to other graphs)."""
        return []

    # ------------------------------------------------------------------ ranges and queries

    @classmethod
    def plan(cls, ns: Iterable[int], **values: Any) -> list[Self]:
        """The graphs a load of a range of n covers: one per n unless the game says so."""
        return [cls.create(n=n, **values) for n in ns]

    @classmethod
    def for_query(cls, params: Mapping[str, Any]) -> Self:
        """The graph a query with these parameters reads (its :attr:`slot` is looked up)."""
        values = {p.name: params[p.name] for p in cls.params if p.name in params}
        return cls.create(**values)

    def serves(self, wanted: Self, cypher: str) -> str | None:
        """Why this loaded graph cannot answer a query that wants ``wanted`` (None if it can)."""
        if self.values() != wanted.values():
            return f"the loaded {self.describe()} is not {wanted.describe()}"
        return None
