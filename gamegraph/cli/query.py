"""`gamegraph query`: run a named query from the games' .cypher files, or list them."""

from __future__ import annotations

from typing import Annotated

import typer

from gamegraph.cli._output import print_json
from gamegraph.cli.options import Connect, shared_options
from gamegraph.errors import InputError

__all__ = ["FORMATS", "query"]

FORMATS = ("table", "json", "csv")


@shared_options(database=True)
def query(
    name: Annotated[
        str | None,
        typer.Argument(help="Name of the query (see --list).", show_default=False),
    ] = None,
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            "-p",
            help="A parameter as key=value, repeatable: --param n=24 --param "
            "position='1 3^2 5'. Positions take any notation (5,3,3,1 / 1 3^2 5 / [5,3,3,1]).",
            show_default=False,
        ),
    ] = None,
    n: Annotated[
        str | None,
        typer.Option(
            "--n",
            help="The query's parameter n, as the other commands take it: --n 24 is --param n=24.",
            show_default=False,
        ),
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="Output: table, json or csv.")
    ] = "table",
    list_queries: Annotated[
        bool,
        typer.Option("--list", help="List the queries with their parameters and exit."),
    ] = False,
    cypher: Annotated[
        bool,
        typer.Option(
            "--cypher",
            help="Print the query for Neo4j Browser (:param lines from the given --param "
            "values, converted, else the query's examples, then its Cypher) instead of "
            "running it.",
        ),
    ] = False,
    *,
    connect: Connect,
) -> None:
    """Answer a question about a loaded graph with one of gamegraph's named Cypher queries.

    The query must exist, get every parameter it declares with the right type, and its graph
    (B_n, G_n, Q, ... for the given parameters) must be loaded completely; otherwise the
    command says what is wrong and exits with 2 (bad request) or 1 (graph not loaded, Neo4j
    error).

    Example: `gamegraph query floridian_turns_to_core --n 24 --param position=24`
    """
    from gamegraph.db.queries import browser_text, convert_params, get_query, parse_param_args

    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r}: use {', '.join(FORMATS)}")
    if list_queries:
        _print_list(fmt)
        return
    if name is None:
        raise InputError("name a query (`gamegraph query --list` shows them)")
    named = get_query(name)
    raw = parse_param_args([*(param or []), *([] if n is None else [f"n={n}"])])
    if cypher:
        typer.echo(browser_text(named, convert_params(named, raw) if raw else None))
        return
    convert_params(named, raw)  # bad input fails here, before connecting
    with connect() as db:
        result = db.run(name, **raw)
    from gamegraph.cli.render import to_csv, to_json, to_table

    if fmt == "json":
        typer.echo(to_json(result))
    elif fmt == "csv":
        typer.echo(to_csv(result), nl=False)
    else:
        typer.echo(to_table(result))


def _print_list(fmt: str) -> None:
    from gamegraph.db.queries import user_queries

    queries = sorted(user_queries().values(), key=lambda q: (q.source, q.name))
    described = [
        {
            "name": q.name,
            "params": ", ".join(f"{p.name}:{p.type}" for p in q.params),
            "requires": q.requires,
            "scan": q.scan,
            "summary": q.description,
            "file": q.source,
        }
        for q in queries
    ]
    if fmt == "json":
        print_json(described)
        return
    if fmt == "csv":
        typer.echo("name,params,requires,scan,description")
        for d in described:
            fields = [d["name"], d["params"], d["requires"] or "", d["scan"] or "", d["summary"]]
            typer.echo(",".join('"' + str(f).replace('"', '""') + '"' for f in fields))
        return
    source = None
    for q, d in zip(queries, described, strict=True):
        if q.source != source:
            source = q.source
            typer.secho(f"\n{source}", bold=True)
        flags = [f"requires {q.requires}"] if q.requires else []
        if q.scan:
            flags.append("whole-graph scan")
        typer.echo(f"  {q.name}({d['params']})" + (f"  [{'; '.join(flags)}]" if flags else ""))
        typer.echo(f"      {q.description}")
