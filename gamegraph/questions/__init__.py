"""Questions over n (issue 30): tables of a game's columns over n (:func:`table`), the OEIS
sequences they are compared with (:mod:`.oeis`), a user's conjectures
(:func:`conjecture`, :func:`~.conjectures.check_file`) and the frontier searches finished
in resumable pieces (:mod:`.frontier_rest`).

    import gamegraph as gg
    df = gg.table(gg.bulgarian, n=range(1, 101), columns=["cycles", "garden_of_eden"])
    df.attrs["sequences"]   # ['garden_of_eden = A123975 (...) for n = 1..100 (100 terms)']
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from gamegraph.games.base import Progress
from gamegraph.questions.conjectures import conjecture

__all__ = ["conjecture", "table"]


def _column_ref(item: str | Callable[..., Any]) -> str:
    if isinstance(item, str):
        return item
    module = getattr(item, "__module__", None)
    name = getattr(item, "__name__", None)
    if not module or not name or not callable(item):
        raise TypeError(f"a column is a stats key, 'module:function' or a function, not {item!r}")
    if module == "__main__":
        source = inspect.getsourcefile(item)
        if source:
            return f"{source}:{name}"
    return f"{module}:{name}"


def table(
    game: Any,
    n: int | str | Iterable[int],
    columns: str | Callable[..., Any] | Sequence[str | Callable[..., Any]] | None = None,
    *,
    cache: str | Path | None = "default",
    force: bool = False,
    progress: Progress | None = None,
    dataframe: bool | None = None,
    **params: Any,
) -> Any:
    """The table `gamegraph table` prints: one row per n (and per value of a parameter given
    as a list or range in ``params``), the ``columns`` named (stats keys, ``module:function``
    refs or functions of the graph, or one of them; default every stats column). ``n`` is
    taken as :meth:`Database.load` takes it: an int, a text (``"1..200"``, ``"2,4,8"``), a
    range or a list.

    Returns a pandas DataFrame when pandas is installed (the OEIS matches in
    ``df.attrs["sequences"]``), else a list of dicts; ``dataframe=False`` asks for the list.
    """
    from gamegraph.api import game_of
    from gamegraph.loader.plan import parse_ns
    from gamegraph.questions.tables import compute_table, parse_columns

    game_type = game_of(game)
    if isinstance(columns, str) or callable(columns):  # one column, not its characters
        columns = [columns]
    ns = list(n) if isinstance(n, Iterable) and not isinstance(n, str) else parse_ns(n)
    names = [c for c in columns or () if isinstance(c, str) and ":" not in c]
    refs = [_column_ref(c) for c in columns or () if not (isinstance(c, str) and ":" not in c)]
    chosen = parse_columns(game_type, names, refs)  # no names: every stats column
    result = compute_table(
        game_type, ns, params, chosen, cache=cache, force=force, progress=progress
    )
    if dataframe is False:
        return result.records()
    try:
        return result.dataframe()
    except ImportError:
        if dataframe:
            raise
        return result.records()
