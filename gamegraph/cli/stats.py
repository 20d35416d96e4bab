"""`gamegraph stats ...`: compute a game graph in memory and summarize it (no database)."""

from __future__ import annotations

import time
from dataclasses import asdict
from typing import Annotated

import typer

from gamegraph.cli._output import input_errors, print_json, progress_bar
from gamegraph.games.bulgarian import build_bulgarian
from gamegraph.games.floridian import build_floridian
from gamegraph.games.lifting_graph import RULES, build_lifting_graph

app = typer.Typer(
    help="Compute a game graph in memory and print its analysis (no Neo4j needed).",
    no_args_is_help=True,
)

NOption = Annotated[int, typer.Option("--n", "-n", min=1, help="The number of cards n.")]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print one JSON object instead of a readable summary.")
]
ForceOption = Annotated[
    bool,
    typer.Option(
        "--force", help="Build even when the memory estimate is over the limit (may run out)."
    ),
]


@app.command()
def bulgarian(n: NOption, json: JsonOption = False, force: ForceOption = False) -> None:
    """Bulgarian solitaire B_n: cycles, components, Garden of Eden positions, transients."""
    started = time.perf_counter()
    with input_errors():
        stats = build_bulgarian(n, force=force).stats()
    data = asdict(stats)
    if json:
        print_json(data)
        return
    _summary(f"Bulgarian solitaire B_{n}", data, time.perf_counter() - started)


@app.command()
def floridian(
    n: NOption,
    restricted: Annotated[
        bool,
        typer.Option(
            "--restricted",
            help="Build only the α-positions in Ω(T(n)) and their arcs: exact for cycles, the "
            "core and 4-cycles, and far smaller; win/loss keys are then omitted.",
        ),
    ] = False,
    json: JsonOption = False,
    force: ForceOption = False,
) -> None:
    """Floridian solitaire G_n and H_n: recurrent states, core, losing positions, 4-cycles."""
    started = time.perf_counter()
    with input_errors(), progress_bar(f"α-moves of G_{n}", enabled=not json) as update:
        stats = build_floridian(n, restricted=restricted, force=force, progress=update).stats()
    data = stats.as_dict()
    if json:
        print_json(data)
        return
    mode = " (restricted to Ω(T(n)))" if restricted else ""
    _summary(f"Floridian solitaire G_{n}, H_{n}{mode}", data, time.perf_counter() - started)


def _summary(title: str, data: dict[str, object], seconds: float) -> None:
    """Aligned ``key  value`` lines under a title."""
    typer.secho(title, bold=True)
    width = max(len(key) for key in data)
    for key, value in data.items():
        typer.echo(f"  {key.replace('_', ' '):<{width}}  {_format(value)}")
    typer.echo(f"computed in {seconds:.2f} s")


def _format(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_format(v)}" for k, v in value.items()) or "-"
    if isinstance(value, list):
        return ", ".join(_format(v) for v in value) or "-"
    return str(value)


@app.command()
def lifting(
    n_max: Annotated[
        int, typer.Option("--n-max", min=1, help="Largest n whose 4-cycles are nodes of Q.")
    ],
    rule: Annotated[
        str,
        typer.Option(
            "--rule",
            help="Lifting rule: 'paper' (the 14 patterns of Theorems 25-26, Theorem 27) or "
            "'band' (any band insertion at level m + 2 that closes into a cycle).",
        ),
    ] = "paper",
    n_min: Annotated[
        int, typer.Option("--n-min", min=1, help="Smallest n whose 4-cycles are nodes of Q.")
    ] = 1,
    json: JsonOption = False,
) -> None:
    """The lifting graph Q: 4-cycles of G_n, their lifts, components, sources, families."""
    started = time.perf_counter()
    with input_errors():
        if rule not in RULES:
            raise ValueError(f"unknown rule {rule!r}: use 'paper' or 'band'")
        with progress_bar("4-cycles of G_n", enabled=not json) as update:
            graph = build_lifting_graph(n_max, rule, n_min=n_min, progress=update)
    data = graph.stats()
    if json:
        print_json(data)
        return
    _summary(f"Lifting graph Q ({rule} rule), n <= {n_max}", data, time.perf_counter() - started)
