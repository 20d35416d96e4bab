"""Every notebook in examples/notebooks runs from top to bottom against the suite's Neo4j
(issue 19, item 4), in a fresh Python kernel with nbclient: a cell that raises fails the
test. The notebooks assert their own facts (the core of H_25 has 21 arcs, H_43's second
component, GDS = stored); the graphs they load that were not there before are dropped."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamegraph.db import Neo4jQueryRunner, Neo4jSettings
from gamegraph.db.catalog import list_graphs
from gamegraph.loader.writer import drop_graph

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = sorted((Path(__file__).parents[2] / "examples" / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks() -> None:
    assert [p.name for p in NOTEBOOKS][:3] == [
        "01-tour.ipynb",
        "02-disagreements.ipynb",
        "03-game-to-gds.ipynb",
    ]


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_notebook_runs_without_an_error(
    path: Path,
    runner: Neo4jQueryRunner,
    neo4j_settings: Neo4jSettings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if neo4j_settings.uri is not None:  # the kernel's gg.connect() finds the same server
        monkeypatch.setenv("NEO4J_URI", neo4j_settings.uri)
        monkeypatch.setenv("NEO4J_USER", neo4j_settings.user)
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_settings.password)
        monkeypatch.setenv("NEO4J_DATABASE", neo4j_settings.database)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    before = {g.id for g in list_graphs(runner)}
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    try:
        client.execute()
    finally:
        for graph in list_graphs(runner):
            if graph.id not in before:
                drop_graph(runner, graph.id)
    errors = [
        output
        for cell in notebook.cells
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    assert not errors
