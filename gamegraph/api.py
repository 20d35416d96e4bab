"""The Python API: what the command line does, for scripts and notebooks (docs/api.md).

Games in memory, no database::

    import gamegraph as gg
    b = gg.bulgarian(60)        # B_60 built and analysed
    b.stats()                   # the dict `gamegraph stats bulgarian --n 60 --json` prints

Every registered game is an attribute of :mod:`gamegraph` (``gg.floridian``, ``gg.lifting``,
``gg.random_bulgarian``, ...): a :class:`GameFactory`. Neo4j::

    db = gg.connect()           # the local Neo4j (started if needed), or uri=..., auth=...
    db.load(gg.floridian, n=24)
    rows = db.query("floridian_losing", n=24)

The command line is a thin layer over these calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

from gamegraph.errors import BulkRouteError, InputError
from gamegraph.games.base import Game, Progress
from gamegraph.games.registry import all_games, get_game

if TYPE_CHECKING:
    import pandas

    from gamegraph.db.catalog import GraphRecord
    from gamegraph.db.queries import QueryResult
    from gamegraph.db.runner import Neo4jQueryRunner
    from gamegraph.db.settings import Neo4jSettings
    from gamegraph.loader.bulk import BulkSummary
    from gamegraph.loader.plan import PlannedGraph
    from gamegraph.loader.writer import LoadReport
    from gamegraph.verify import VerifyReport

__all__ = ["Database", "GameFactory", "connect", "factories", "game_of"]


def _normalize(game: type[Game[Any]], values: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments by parameter name; a parameter's option name works too (n_max)."""
    aliases = {p.cli_option.lstrip("-").replace("-", "_"): p.name for p in game.params}
    return {aliases.get(key, key): value for key, value in values.items()}


@dataclass(frozen=True)
class GameFactory:
    """``gg.<game>(n, **params)``: build and analyse one graph of a game in memory."""

    game: type[Game[Any]]

    def __call__(
        self,
        n: int | None = None,
        /,
        *,
        force: bool = False,
        progress: Progress | None = None,
        **params: Any,
    ) -> Any:
        """The game's analysis object (``.stats()`` and more; see the game's engine)."""
        return self.graph(n, **params).build(force=force, progress=progress)

    def graph(self, n: int | None = None, /, **params: Any) -> Game[Any]:
        """The :class:`~gamegraph.games.base.Game` these parameters name (nothing is built)."""
        values = _normalize(self.game, params)
        if n is not None:
            values["n"] = n
        return self.game.create(**values)

    @property
    def name(self) -> str:
        return self.game.name

    def __repr__(self) -> str:
        params = ", ".join(p.name for p in self.game.params)
        return f"<gamegraph game {self.game.name}({params}): {self.game.description}>"


def factories() -> dict[str, GameFactory]:
    """``{python_name: factory}`` for every registered game (``random-bulgarian`` →
    ``random_bulgarian``)."""
    return {g.name.replace("-", "_"): GameFactory(g) for g in all_games()}


def game_of(game: str | type[Game[Any]] | GameFactory | Game[Any]) -> type[Game[Any]]:
    """The game class from a name, a factory (``gg.floridian``), a class or an instance."""
    if isinstance(game, GameFactory):
        return game.game
    if isinstance(game, str):
        return get_game(game.replace("_", "-") if "_" in game else game)
    if isinstance(game, Game):
        return type(game)
    if isinstance(game, type) and issubclass(game, Game):
        return game
    raise InputError(
        f"{game!r} is not a game: pass a game's name (see `gamegraph games`) or its factory, "
        "gg.<name>"
    )


def _ns(n: int | str | Iterable[int]) -> range:
    from gamegraph.loader.plan import parse_range

    if isinstance(n, str):
        return parse_range(n)
    if isinstance(n, int) and not isinstance(n, bool):
        return parse_range(str(n))
    values = sorted(n)  # type: ignore[arg-type]
    if not values:
        raise InputError("no n given")
    return parse_range(f"{values[0]}..{values[-1]}")


class Database:
    """A connection to Neo4j with gamegraph's operations; use it as a context manager or
    call :meth:`close`."""

    def __init__(self, runner: Neo4jQueryRunner, settings: Neo4jSettings) -> None:
        self.runner = runner
        self.settings = settings

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self.runner.driver.close()

    def __repr__(self) -> str:
        where = self.settings.uri or "the local Neo4j"
        return f"<gamegraph Database {where}, database {self.runner.database!r}>"

    # ------------------------------------------------------------------ loading

    def load(
        self,
        game: str | type[Game[Any]] | GameFactory | Game[Any],
        /,
        *,
        n: int | str | Iterable[int] | None = None,
        replace: bool = False,
        force: bool = False,
        progress: Callable[[str, int, int], None] | None = None,
        on_wait: Callable[[str], None] = lambda message: None,
        **params: Any,
    ) -> list[LoadReport]:
        """Build and load the graphs of one game for n (an int, a range, or "20..40") and
        the game's other parameters (a list for several values, e.g. rule=["paper",
        "band"]); a graph already loaded completely by this engine version is kept."""
        from gamegraph.loader.plan import LoadRequest, PlannedGraph, check_plan
        from gamegraph.loader.writer import run_load

        if isinstance(game, Game):
            planned = [PlannedGraph(game, game.estimate())]
        else:
            if n is None:
                raise InputError(f"load needs n, e.g. db.load({game_of(game).name!r}, n=24)")
            cls = game_of(game)
            planned = LoadRequest.of([cls], _ns(n), **_normalize(cls, params)).plan()
        check_plan(planned, force=force)
        return run_load(self.runner, planned, replace=replace, progress=progress, on_wait=on_wait)

    def load_planned(
        self,
        planned: Sequence[PlannedGraph],
        *,
        replace: bool = False,
        progress: Callable[[str, int, int], None] | None = None,
        on_wait: Callable[[str], None] = lambda message: None,
    ) -> list[LoadReport]:
        """Load a plan made with :class:`~gamegraph.loader.plan.LoadRequest` (checked)."""
        from gamegraph.loader.writer import run_load

        return run_load(self.runner, planned, replace=replace, progress=progress, on_wait=on_wait)

    def load_bulk(
        self,
        planned: Sequence[PlannedGraph],
        *,
        progress: Callable[[str, int, int], None] | None = None,
        note: Callable[[str], None] = lambda message: None,
    ) -> BulkSummary:
        """Rebuild the local Neo4j's database with neo4j-admin's importer: every graph of
        the catalog plus ``planned`` (gamegraph.loader.bulk). Only for the local Neo4j."""
        from gamegraph.loader.bulk import bulk_load, remote_instructions
        from gamegraph.server import LocalNeo4j

        if self.settings.uri is not None:
            raise BulkRouteError(
                f"the bulk route writes the server's store, so it needs the filesystem of "
                f"the Neo4j at {self.settings.uri}; give its administrator the commands "
                "printed above",
                remote_instructions(planned),
            )

        @contextmanager
        def reconnect() -> Iterator[Neo4jQueryRunner]:
            from gamegraph.db.connection import connect as connect_driver
            from gamegraph.db.runner import Neo4jQueryRunner

            driver = connect_driver(self.settings, on_start=note)
            self.runner.driver.close()
            self.runner = Neo4jQueryRunner(driver, self.settings.database)
            yield self.runner

        return bulk_load(
            self.runner,
            LocalNeo4j(log=note),
            planned,
            reconnect=reconnect,
            progress=progress,
            note=note,
        )

    def record_imported(
        self,
        planned: Sequence[PlannedGraph],
        progress: Callable[[str, int, int], None] | None = None,
    ) -> None:
        """Check and record graphs that neo4j-admin imported from `gamegraph export` files
        (their counts must be exactly the engine's)."""
        from gamegraph.loader.bulk import expected_of, record_imported

        record_imported(self.runner, [expected_of(p.game, progress)[0] for p in planned])

    def graphs(self) -> list[GraphRecord]:
        """Every loaded graph's record (complete or not)."""
        from gamegraph.db.catalog import list_graphs

        return list_graphs(self.runner)

    def drop(self, *graph_ids: str) -> dict[str, bool]:
        """Remove graphs by id (``"floridian:24"``); {id: whether it was there}."""
        from gamegraph.games.registry import parse_graph_id
        from gamegraph.loader.writer import drop_graph

        games = [parse_graph_id(graph_id) for graph_id in graph_ids]
        return {g.id: drop_graph(self.runner, g.id) for g in games}

    def drop_all(self) -> dict[str, bool]:
        """Remove every loaded graph."""
        from gamegraph.loader.writer import drop_graph

        return {r.id: drop_graph(self.runner, r.id) for r in self.graphs()}

    # ------------------------------------------------------------------ asking

    def query(self, name: str, /, **params: Any) -> list[dict[str, Any]]:
        """Run a named query (`gamegraph query --list`); its rows as dicts."""
        return self.run(name, **params).rows

    def run(self, name: str, /, **params: Any) -> QueryResult:
        """Like :meth:`query`, but the whole :class:`~gamegraph.db.queries.QueryResult`."""
        from gamegraph.db.queries import run_named

        return run_named(self.runner, name, params)

    def query_df(self, name: str, /, **params: Any) -> pandas.DataFrame:
        """Like :meth:`query`, as a pandas DataFrame (``pip install gamegraph[pandas]``)."""
        try:
            import pandas
        except ImportError:
            raise InputError(
                "query_df needs pandas: pip install 'gamegraph[pandas]' (or use query())"
            ) from None
        result = self.run(name, **params)
        return pandas.DataFrame(result.rows, columns=list(result.columns) or None)

    def verify(
        self,
        n: int | None = None,
        *,
        graphs: Iterable[str] = (),
        progress: Callable[[str], None] | None = None,
    ) -> VerifyReport:
        """Recompute the stored analysis of the loaded graphs of ``n`` (or the named graph
        ids, or every loaded graph) in Cypher and compare it with the engine."""
        from gamegraph.games.registry import parse_graph_id
        from gamegraph.verify import verify

        chosen = [parse_graph_id(graph_id) for graph_id in graphs]
        return verify(self.runner, n=n, graphs=chosen, progress=progress)


def connect(
    uri: str | None = None,
    *,
    auth: tuple[str, str] | None = None,
    database: str | None = None,
    start: bool = True,
    on_start: Callable[[str], None] | None = None,
) -> Database:
    """A :class:`Database` on Neo4j at ``uri`` (else ``NEO4J_URI``, else the local Neo4j,
    started if needed unless ``start=False``); ``auth`` is (user, password)."""
    from gamegraph.db.connection import connect as connect_driver
    from gamegraph.db.runner import Neo4jQueryRunner
    from gamegraph.db.settings import Neo4jSettings

    user, password = auth if auth is not None else (None, None)
    settings = Neo4jSettings.resolve(uri=uri, user=user, password=password, database=database)
    driver = connect_driver(settings, start_local=start, on_start=on_start)
    return Database(Neo4jQueryRunner(driver, settings.database), settings)
