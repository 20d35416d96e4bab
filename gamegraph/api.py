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

The command line is a thin layer over these calls: `load` builds a
:class:`~gamegraph.loader.plan.LoadRequest` and calls :meth:`Database.load`, `export` an
:class:`~gamegraph.loader.plan.ExportRequest` for :func:`export`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from gamegraph.errors import BulkRouteError, InputError, LoadConflictError
from gamegraph.games.base import Game, Progress
from gamegraph.games.factory import GameFactory, factories, game_of
from gamegraph.games.factory import normalize as _normalize

if TYPE_CHECKING:
    import pandas
    from graphdatascience import GraphDataScience
    from graphdatascience.graph.graph_object import Graph

    from gamegraph.db.catalog import GraphRecord
    from gamegraph.db.queries import QueryResult
    from gamegraph.db.runner import Neo4jQueryRunner
    from gamegraph.db.settings import Neo4jSettings
    from gamegraph.loader.plan import ExportRequest, LoadRequest, PlannedGraph, Route
    from gamegraph.loader.writer import LoadSummary
    from gamegraph.verify import VerifyReport

__all__ = ["Database", "GameFactory", "connect", "export", "factories", "game_of", "request_of"]


def export(
    what: ExportRequest | LoadRequest | str | type[Game[Any]] | GameFactory | Game[Any],
    /,
    *,
    n: int | str | Iterable[int] | None = None,
    out: str | Path = ".",
    fmt: str = "csv",
    force: bool = False,
    progress: Progress | None = None,
    **params: Any,
) -> list[Path]:
    """Build the graphs of a request and write them as neo4j-admin import CSV files and/or
    GraphML (``fmt``: csv, graphml or both) into ``out``, one graph at a time (`gamegraph
    export`; needs no database, also :meth:`Database.export`). ``what`` is an
    :class:`~gamegraph.loader.plan.ExportRequest`, or a game with ``n`` and its parameters as
    for :meth:`Database.load`. The request is planned and its size checked once, here;
    returns the files written."""
    from gamegraph.loader.export import check_out_dir, export_graphs
    from gamegraph.loader.plan import ExportRequest

    if not isinstance(what, ExportRequest):
        what = ExportRequest(request_of(what, n, route="export", force=force, **params), out, fmt)
    planned = what.plan()
    check_out_dir(what.directory)  # the user's input (exit 2), once the request is checked
    return export_graphs(
        planned, what.directory, csv=what.csv, graphml=what.graphml, progress=progress
    )


class Database:
    """A connection to Neo4j with gamegraph's operations; use it as a context manager or
    call :meth:`close`."""

    def __init__(
        self,
        runner: Neo4jQueryRunner | None,
        settings: Neo4jSettings,
        *,
        opening: Callable[[], Neo4jQueryRunner] | None = None,
        new_home: bool = False,
    ) -> None:
        """``runner``, or (``connect(wait=False)``) None and ``opening()``, which connects
        once the local Neo4j that was left starting answers; ``new_home``: that Neo4j has
        never started before, so its database is empty."""
        self._runner = runner
        self._opening = opening
        self._new_home = new_home
        self.settings = settings
        self._gds: GraphDataScience | None = None

    @property
    def runner(self) -> Neo4jQueryRunner:
        """The connection's query runner; the first use waits for a local Neo4j that
        ``connect(wait=False)`` left starting."""
        if self._runner is None:
            assert self._opening is not None
            self._runner, self._opening = self._opening(), None
        return self._runner

    @property
    def _empty_and_starting(self) -> bool:
        """The local Neo4j is new and still starting: its database holds nothing yet."""
        return self._new_home and self._runner is None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        if self._runner is not None:
            self._runner.driver.close()

    def __repr__(self) -> str:
        where = self.settings.uri or "the local Neo4j"
        return f"<gamegraph Database {where}, database {self.runner.database!r}>"

    # ------------------------------------------------------------------ loading

    def load(
        self,
        what: LoadRequest | str | type[Game[Any]] | GameFactory | Game[Any],
        /,
        *,
        n: int | str | Iterable[int] | None = None,
        route: Route = "online",
        replace: bool = False,
        force: bool = False,
        progress: Progress | None = None,
        note: Callable[[str], None] = lambda message: None,
        **params: Any,
    ) -> LoadSummary:
        """Build and load graphs: the one way a load happens (the command line builds a
        :class:`~gamegraph.loader.plan.LoadRequest` and calls this).

        ``what`` is a request, or a game (name, ``gg.<game>``, class) with ``n`` (an int, a
        list of n: exactly those, a ``range`` or ``"20..40"``: every n of it) and the game's
        other parameters (a list for several values, e.g. ``rule=["paper", "band"]``), or
        one graph (a :class:`~gamegraph.games.base.Game`). The request is planned and its
        size checked once, here; then the graphs are loaded by its ``route``: ``online``
        (a graph already loaded completely by this engine version is kept unless
        ``replace``), ``auto`` (what `gamegraph load` does: online, but through the importer
        when the database is the local one and holds nothing yet, or holds only gamegraph's
        graphs and the load would delete and write most of their rows, and the load has at
        least :data:`~gamegraph.loader.plan.AUTO_BULK_ROWS` rows: see
        :mod:`gamegraph.loader.route`; online after all if another load got there first),
        ``bulk`` (neo4j-admin's importer, the local Neo4j only: rebuilds the whole database)
        or ``imported`` (graphs neo4j-admin imported from `gamegraph export` files: their
        counts are checked and they are recorded). ``progress(stage, done, total)`` and
        ``note(message)`` report what happens. Returns a
        :class:`~gamegraph.loader.writer.LoadSummary`, whose iteration yields one
        :class:`~gamegraph.loader.writer.LoadReport` per graph."""
        request = request_of(what, n, route=route, replace=replace, force=force, **params)
        planned = request.plan()
        if request.route == "export":
            raise InputError("an export request writes files: gg.export(request, out=...)")
        why = self._takes_the_importer(request, planned) if request.route == "auto" else None
        if request.route == "bulk" or why is not None:
            if why is not None:
                note(why)
            try:
                return self._load_bulk(planned, progress, note)
            except LoadConflictError as error:
                if request.route == "bulk":
                    raise
                note(f"{error}; writing online instead")
                self._after_bulk_load(note)
        if request.route == "imported":
            from gamegraph.loader.bulk import record_imported_graphs

            return record_imported_graphs(self.runner, planned, progress)
        from gamegraph.loader.writer import run_load

        return run_load(
            self.runner, planned, replace=request.replace, progress=progress, on_wait=note
        )

    export = staticmethod(export)

    def _takes_the_importer(
        self, request: LoadRequest, planned: Sequence[PlannedGraph]
    ) -> str | None:
        """Why an ``auto`` load goes through the importer, or None: the database is the local
        one, and it is empty or the load would delete and write most of it
        (:func:`~gamegraph.loader.route.importer_note`)."""
        from gamegraph.loader.route import importer_note

        if self.settings.uri is not None:
            return None
        runner = None if self._empty_and_starting else self.runner
        return importer_note(runner, planned, replace=request.replace)

    @staticmethod
    def _after_bulk_load(note: Callable[[str], None]) -> None:
        """Wait until no bulk load runs on the local Neo4j: an online load that started
        during one writes into its new store, never into the store it replaces (where its
        claim would be lost in the swap)."""
        from gamegraph.server import LocalNeo4j
        from gamegraph.server.swap import bulk_lock

        home = LocalNeo4j().home
        with bulk_lock(home, wait=False) as free:
            if free:
                return
        note(f"waiting for the bulk load or restore running on the Neo4j in {home} to end ...")
        with bulk_lock(home, wait=True):
            pass

    def _load_bulk(
        self,
        planned: Sequence[PlannedGraph],
        progress: Progress | None,
        note: Callable[[str], None],
    ) -> LoadSummary:
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
            self._runner = Neo4jQueryRunner(driver, self.settings.database)
            yield self._runner

        return bulk_load(
            lambda: self.runner,
            LocalNeo4j(log=note),
            planned,
            reconnect=reconnect,
            progress=progress,
            note=note,
            empty=self._empty_and_starting,
        )

    def graphs(self) -> list[GraphRecord]:
        """Every loaded graph's record (complete or not)."""
        from gamegraph.db.catalog import list_graphs

        return list_graphs(self.runner)

    def drop(self, *graph_ids: str) -> dict[str, bool]:
        """Remove graphs by id (``"floridian:24"``); {id: whether it was there}. A graph of
        a game not known now (a notebook's, a file's not named) is dropped by its id as
        :meth:`graphs` lists it."""
        from gamegraph.games.registry import parse_graph_id
        from gamegraph.loader.writer import drop_graph

        ids: list[str] = []
        listed: set[str] | None = None
        for graph_id in graph_ids:
            try:
                ids.append(parse_graph_id(graph_id).id)
            except InputError:
                listed = {r.id for r in self.graphs()} if listed is None else listed
                if graph_id.strip() not in listed:
                    raise
                ids.append(graph_id.strip())
        dropped = {graph_id: drop_graph(self.runner, graph_id) for graph_id in ids}
        self._forget_unused_slots()
        return dropped

    def _forget_unused_slots(self) -> None:
        """Delete the bookkeeping nodes that dropped graphs leave (slots nothing holds)."""
        from gamegraph.db.query_files import cypher

        self.runner.write(cypher("slots_unused_delete"))

    def drop_all(self) -> dict[str, bool]:
        """Remove every loaded graph. A graph that a live load holds is left alone: the others
        are dropped, then LoadConflictError names it."""
        from gamegraph.loader.writer import drop_graph

        dropped, busy = {}, []
        for record in self.graphs():
            try:
                dropped[record.id] = drop_graph(self.runner, record.id)
            except LoadConflictError as error:
                busy.append(str(error))
        self._forget_unused_slots()
        if busy:
            done = f"dropped {len(dropped)} graph{'s' * (len(dropped) != 1)}; "
            raise LoadConflictError(done + "; ".join(busy))
        return dropped

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

    @property
    def gds(self) -> GraphDataScience:
        """A ``graphdatascience`` 2.x client on this connection's driver and database
        (``pip install 'gamegraph[gds]'``): ``db.gds.wcc.stream(db.project("bulgarian:24"))``.
        One line of error when the server has no Graph Data Science library."""
        from gamegraph.db.gds import gds_client

        if self._gds is None:
            self._gds = gds_client(self.runner, self.settings.uri or "the local Neo4j")
        return self._gds

    def project(self, graph_id: str, /, name: str | None = None) -> Graph:
        """Project the loaded graph ``graph_id`` (its nodes and typed relationships) into GDS
        under ``name`` (default: the graph id); drop it with ``.drop()`` when done."""
        from gamegraph.db.gds import project_graph

        return project_graph(self.gds, self.runner, graph_id, name)

    def verify(
        self,
        n: int | str | Iterable[int] | None = None,
        *,
        graphs: Iterable[str] = (),
        games: Iterable[str] = (),
        progress: Callable[[str], None] | None = None,
    ) -> VerifyReport:
        """Recompute the stored analysis of the loaded graphs of ``n`` (an int, a text such
        as ``20..24`` or ``20,40``, or a list: as :meth:`load` takes it), or the named graph
        ids, or every loaded graph; of the named ``games`` only if any are named, in Cypher
        and compare it with the engine."""
        from gamegraph.games import get_game
        from gamegraph.games.registry import parse_graph_id
        from gamegraph.loader.plan import parse_ns
        from gamegraph.verify import verify

        ns = () if n is None else parse_ns(n)
        chosen = [parse_graph_id(graph_id) for graph_id in graphs]
        names = {get_game(name).name for name in games}  # an unknown name: InputError
        return verify(self.runner, n=ns, graphs=chosen, games=names, progress=progress)


def connect(
    uri: str | None = None,
    *,
    auth: tuple[str, str | None] | None = None,
    database: str | None = None,
    start: bool = True,
    wait: bool = True,
    on_start: Callable[[str], None] | None = None,
) -> Database:
    """A :class:`Database` on Neo4j at ``uri`` (else ``NEO4J_URI``, else the local Neo4j,
    started if needed unless ``start=False``); ``auth`` is (user, password), a password of
    None meaning ``NEO4J_PASSWORD``, else the local Neo4j's own. ``wait=False``: a local
    Neo4j that must be started is left starting, and the Database connects when first used
    (a first load into a new home builds and imports its graphs meanwhile)."""
    from gamegraph.db.connection import connect as connect_driver
    from gamegraph.db.connection import start_local_in_background
    from gamegraph.db.runner import Neo4jQueryRunner
    from gamegraph.db.settings import Neo4jSettings

    user, password = auth if auth is not None else (None, None)
    settings = Neo4jSettings.resolve(uri=uri, user=user, password=password, database=database)

    def opened() -> Neo4jQueryRunner:
        driver = connect_driver(settings, start_local=start, on_start=on_start)
        return Neo4jQueryRunner(driver, settings.database)

    if wait or not start or settings.uri is not None:
        return Database(opened(), settings)
    new_home = start_local_in_background(on_start)
    if new_home is None:  # it runs already
        return Database(opened(), settings)
    return Database(None, settings, opening=opened, new_home=new_home)


def request_of(
    what: LoadRequest | str | type[Game[Any]] | GameFactory | Game[Any],
    n: int | str | Iterable[int] | None = None,
    *,
    route: Route = "online",
    replace: bool = False,
    force: bool = False,
    **params: Any,
) -> LoadRequest:
    """The :class:`~gamegraph.loader.plan.LoadRequest` that :meth:`Database.load` and
    :func:`export` run: ``what`` itself if it is one, else the request for a game and ``n``
    (or for one graph) with these parameters."""
    from gamegraph.loader.plan import LoadRequest

    if isinstance(what, LoadRequest):
        return what
    if isinstance(what, Game):
        if n is not None or params:
            raise InputError("a graph names its own n and parameters: pass no others")
        values = {k: v for k, v in what.values().items() if k != "n"}
        return LoadRequest.of(
            [type(what)], [what.n], route=route, replace=replace, force=force, **values
        )
    cls = game_of(what)
    if n is None:
        raise InputError(f"{cls.name} needs n, e.g. db.load({cls.name!r}, n=24)")
    return LoadRequest.of(
        [cls], n, route=route, replace=replace, force=force, **_normalize(cls, params)
    )
