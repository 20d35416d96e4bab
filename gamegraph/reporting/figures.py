"""The report's figures (PNG, matplotlib with the Agg backend; layouts by networkx).

Figures 1-5 of seed 000 redrawn from the data (positions in the paper's notation, strongly
connected components coloured), growth plots against n, the strategies, the 4-cycles and the
lifting graph Q.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import networkx as nx
from matplotlib.axes import Axes

from gamegraph.games.floridian import Floridian
from gamegraph.games.lifting.graph import LiftingGraph
from gamegraph.games.partitions import paper_notation
from gamegraph.reporting.data import ReportData
from gamegraph.reporting.questions_cycles import KINDS
from gamegraph.reporting.strategies import STRATEGIES
from gamegraph.reporting.wording import notation

__all__ = ["draw_figures", "save_figure"]

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2")
DPI = 100
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _superscripts(text: str) -> str:
    """A position in the paper's notation (``1^3 3 6^2``) with real exponents: ``1³ 3 6²``."""
    return " ".join(
        base + exp.translate(SUPERSCRIPT) if sep else base
        for base, sep, exp in (word.partition("^") for word in text.split())
    )


def _number(value: int | None) -> float:
    """A value to plot, or a gap (NaN) where there is none."""
    return float("nan") if value is None else float(value)


def save_figure(fig: Any, path: Path) -> str:
    """Write ``fig`` to ``path`` as the report's PNGs are written and close it; the file's name."""
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path.name


def _titled(ax: Axes, title: str, ylabel: str = "") -> None:
    """A plot against n: its axis labels, its legend and its title, in the report's sizes."""
    ax.set_xlabel("n")
    if ylabel:
        ax.set_ylabel(ylabel)
    ax.legend(fontsize=8)
    ax.set_title(title, fontsize=9)


def _draw(
    ax: Axes, graph: nx.DiGraph, colour: dict[Any, str], title: str, labels: dict[Any, str]
) -> None:
    if graph.number_of_nodes() <= 1:
        layout = {v: (0.0, 0.0) for v in graph}
    elif graph.number_of_nodes() <= 80:
        layout = nx.kamada_kawai_layout(graph)
    else:
        layout = nx.spring_layout(graph, seed=1)
    nx.draw_networkx_nodes(
        graph, layout, ax=ax, node_color=[colour[v] for v in graph], node_size=620, alpha=0.35
    )
    nx.draw_networkx_edges(
        graph,
        layout,
        ax=ax,
        arrows=True,
        arrowsize=9,
        width=0.8,
        alpha=0.6,
        connectionstyle="arc3,rad=0.08",
        node_size=620,
    )
    nx.draw_networkx_labels(graph, layout, labels, ax=ax, font_size=7)
    ax.set_title(title, fontsize=9)
    ax.axis("off")


def _core_graph(
    data: ReportData, n: int, component: int | None = None
) -> tuple[nx.DiGraph, dict[str, str]]:
    core = data.floridian[n]["core"]
    graph = nx.DiGraph()
    scc = dict(zip(core["nodes"], core["scc_of"], strict=True))
    keep = {v for v in core["nodes"] if component is None or scc[v] == component}
    graph.add_nodes_from(sorted(keep))
    graph.add_edges_from((u, v) for u, v in core["arcs"] if u in keep and v in keep)
    colour = {v: COLOURS[scc[v] % len(COLOURS)] for v in graph}
    return graph, colour


def _cores(data: ReportData, panels: list[tuple[int, int | None]], path: Path, title: str) -> str:
    cols = 2 if len(panels) == 4 else len(panels)
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(6.0 * cols, 5.6 * rows), squeeze=False)
    axes_list = [ax for line in axes for ax in line]
    for ax, (n, comp) in zip(axes_list, panels, strict=True):
        graph, colour = _core_graph(data, n, comp)
        what = "the core" if comp is None else "the small component of the core"
        _draw(
            ax,
            graph,
            colour,
            f"{what} of H_{n}: {graph.number_of_nodes()} nodes, {graph.number_of_edges()} arcs",
            {v: _superscripts(notation(v)) for v in graph},
        )
    fig.suptitle(title, fontsize=11)
    return save_figure(fig, path)


def _figure1(path: Path) -> str:
    g = Floridian.create(n=6).build()
    pos = g.positions.position
    gn = nx.DiGraph()
    src, dst = g.alpha_arcs()
    for a, x in zip(src.tolist(), dst.tolist(), strict=True):
        gn.add_edge(("α", a), ("Ω", x))
    for x in range(g.positions.size):
        if g.in_t[x]:
            gn.add_edge(("Ω", x), ("α", int(g.omega_of[x])))
    colour = {v: COLOURS[0] if v[0] == "α" else COLOURS[1] for v in gn}
    names = [_superscripts(paper_notation(pos(i))) for i in range(g.positions.size)]
    hn = g.h_graph.to_networkx()
    h_colour = {v: COLOURS[2] if g.recurrent[v] else "#bbbbbb" for v in hn}
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 5))
    gn_labels = {v: names[v[1]] for v in gn}
    _draw(left, gn, colour, "G_6: α-positions (blue) and Ω-positions (orange)", gn_labels)
    _draw(right, hn, h_colour, "H_6 (recurrent states green)", {v: names[v] for v in hn})
    fig.suptitle("Figure 1 of seed 000, redrawn: G_6 and H_6", fontsize=11)
    return save_figure(fig, path)


def _growth(data: ReportData, path: Path) -> str:
    ns = sorted(data.floridian)
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    for key, name in (
        ("separated", "|S(n)|"),
        ("t_positions", "|T(n)|"),
        ("omega_t", "|Ω(T(n))|"),
        ("recurrent", "recurrent states"),
        ("core_arcs", "core arcs"),
    ):
        ys = [cast(Mapping[str, int], data.floridian[n])[key] for n in ns]
        left.semilogy(ns, [max(y, 0.8) for y in ys], marker=".", label=name)
    _titled(left, "G_n and H_n against n (log scale)")
    right.bar(ns, [data.four_cycle_count(n) for n in ns], color=COLOURS[0], label="4-cycles of G_n")
    bn = sorted(data.bulgarian)
    right.plot(
        bn,
        [data.bulgarian[n]["cycles"] for n in bn],
        color=COLOURS[3],
        marker=".",
        label="cycles of B_n",
    )
    _titled(right, "4-cycles of G_n and cycles of B_n")
    return save_figure(fig, path)


def _strategies(data: ReportData, path: Path) -> str:
    ns = list(range(8, data.full_max + 1))
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for i, name in enumerate(STRATEGIES):
        ys = [cast(Mapping[str, float], data.play(n)["strategies"])[name] for n in ns]
        ax.plot(
            ns,
            ys,
            marker=".",
            color=COLOURS[i],
            label=name,
            linestyle="--" if name == "optimal" else "-",
        )
    ax.set_ylim(-0.02, 1.02)
    _titled(
        ax,
        "Strategies from a random separated partition (exact rates)",
        "fraction of separated starts reaching the core",
    )
    return save_figure(fig, path)


def _farthest(data: ReportData, path: Path) -> str:
    ns = [n for n in range(1, data.full_max + 1) if data.has_cycles(n)]
    fig, ax = plt.subplots(figsize=(9, 4))
    ax.plot(
        ns,
        [_number(data.play(n)["max_turns_to_core"]) for n in ns],
        marker="o",
        label="farthest winning position",
    )
    # -1 is "not winning" (no path to the core), not a number of turns: a gap and a marker
    turns = [data.play(n)["one_part_turns"] for n in ns]
    ax.plot(
        ns,
        [t if t >= 0 else float("nan") for t in turns],
        marker="x",
        linestyle="--",
        label="the one-part partition n",
    )
    losing = [n for n, t in zip(ns, turns, strict=True) if t < 0]
    if losing:
        ax.scatter(
            losing,
            [0] * len(losing),
            marker="v",
            color="red",
            zorder=3,
            label="the one-part partition n is not winning (n = "
            + ", ".join(map(str, losing))
            + ")",
        )
    _titled(ax, "Turns to the recurrent states", "turns to the core")
    return save_figure(fig, path)


def _losing(data: ReportData, path: Path) -> str:
    ns = list(range(1, data.full_max + 1))
    fig, ax = plt.subplots(figsize=(9, 4))
    ax.semilogy(ns, [max(data.play(n)["losing"], 0.8) for n in ns], marker=".", label="losing")
    ax.semilogy(
        ns,
        [max(data.play(n)["immediate_losses"], 0.8) for n in ns],
        marker=".",
        label="immediate losses",
    )
    ax.semilogy(ns, [data.floridian[n]["separated"] for n in ns], label="|S(n)|", alpha=0.6)
    _titled(ax, "Losing positions of G_n (log scale)")
    return save_figure(fig, path)


def _four_cycles(data: ReportData, kinds: dict[str, str], path: Path) -> str:
    ns = sorted(data.floridian)
    fig, ax = plt.subplots(figsize=(10, 4.5))
    bottom = [0] * len(ns)
    for i, label in enumerate(KINDS):
        ys = [
            sum(1 for r in data.floridian[n]["four_cycles"] if kinds[r["key"]] == label) for n in ns
        ]
        ax.bar(ns, ys, bottom=bottom, color=COLOURS[i], label=label)
        bottom = [b + y for b, y in zip(bottom, ys, strict=True)]
    _titled(ax, "4-cycles per n, by family", "4-cycles of G_n")
    return save_figure(fig, path)


def _long_cycles(data: ReportData, path: Path) -> str:
    ns = sorted(data.floridian)
    fig, ax = plt.subplots(figsize=(9, 4))
    for i, length in enumerate(("4", "6", "8", "10")):
        xs = [n for n in ns if length in data.floridian[n]["cycles"]["counts"]]
        ys = [max(data.floridian[n]["cycles"]["counts"][length], 0.8) for n in xs]
        ax.semilogy(xs, ys, marker=".", color=COLOURS[i], label=f"{length}-cycles")
    _titled(
        ax,
        "Cycles of G_n by length (log scale; 0 drawn below 1; 10-cycles while the core is small)",
    )
    return save_figure(fig, path)


def _q_drawing(q: LiftingGraph, path: Path, title: str) -> str:
    graph = nx.DiGraph((u, v) for u, v, _ in q.graph.edges)
    graph.add_nodes_from(c.key for c in q.cycles)
    n_of = {c.key: c.n for c in q.cycles}
    # one row per component with a lift inside the range; the single cycles share a row
    big = [c for c in q.components if len(c) > 1]
    row_of = {key: i + 1 for i, comp in enumerate(big) for key in comp}
    layout = {key: (float(n_of[key]), float(row_of.get(key, 0))) for key in graph}
    fig, ax = plt.subplots(figsize=(12, max(4.0, min(16.0, 0.1 * len(big) + 1.5))))
    sources = {k for c in q.components for k in q.sources(c)}
    never = {c.key for c in q.non_lifting}
    colour = {
        k: "black" if k in never else COLOURS[3] if k in sources else COLOURS[0] for k in graph
    }
    nx.draw_networkx_nodes(
        graph, layout, ax=ax, node_size=18, node_color=[colour[k] for k in graph]
    )
    nx.draw_networkx_edges(graph, layout, ax=ax, arrowsize=6, width=0.6, alpha=0.7, node_size=18)
    ax.set_axis_on()
    ax.tick_params(left=True, labelleft=True, bottom=True, labelbottom=True)
    ax.set_yticks([0], [f"{len(q.components) - len(big)} single\ncycles"], fontsize=7)
    ax.set_xlabel(
        "n (a row per weak component with a lift in range, single cycles at the bottom; "
        "red: source, black: no lift)"
    )
    ax.set_title(
        f"{title}: {len(q.cycles)} 4-cycles, {q.graph.number_of_edges()} lifts inside "
        f"n ≤ {q.n_max}, {len(q.components)} weak components",
        fontsize=9,
    )
    return save_figure(fig, path)


def _rules(graphs: dict[str, LiftingGraph], path: Path) -> str:
    rules = list(graphs)
    fig, ax = plt.subplots(figsize=(9, 4))
    lifts = [len({(x.source.key, x.target.key, x.m) for x in graphs[r].lifts}) for r in rules]
    comps = [len(graphs[r].components) for r in rules]
    xs = range(len(rules))
    ax.bar([x - 0.2 for x in xs], lifts, width=0.4, label="lifts", color=COLOURS[0])
    ax.bar([x + 0.2 for x in xs], comps, width=0.4, label="weak components of Q", color=COLOURS[1])
    ax.set_xticks(list(xs), rules)
    ax.legend(fontsize=8)
    ax.set_title("Q under each lifting rule", fontsize=9)
    return save_figure(fig, path)


SMALL_COMPONENT = -1
"""In :data:`CORES`: the last strongly connected component of the core, not the whole core."""

CORES: tuple[tuple[str, tuple[tuple[int, int | None], ...], str, str], ...] = (
    (
        "fig2-cores-6-14-16.png",
        ((6, None), (14, None), (16, None)),
        "Figure 2 redrawn: the cores of H_6, H_14, H_16",
        "Figure 2: the cores of H_6, H_14 and H_16",
    ),
    (
        "fig3-core-18.png",
        ((18, None),),
        "Figure 3 redrawn: the core of H_18",
        "Figure 3: the core of H_18 (its strongly connected components coloured)",
    ),
    (
        "fig4-cores-11-21-23-25.png",
        ((11, None), (21, None), (23, None), (25, None)),
        "Figure 4 redrawn: the cores of H_11, H_21, H_23, H_25",
        "Figure 4: the cores of H_11, H_21, H_23 and H_25",
    ),
    (
        "fig5-cores-27-29-31-33.png",
        ((27, None), (29, None), (31, None), (33, SMALL_COMPONENT)),
        "Figure 5 redrawn: the cores of H_27, H_29, H_31 and the small component of H_33",
        "Figure 5: the cores of H_27, H_29, H_31 and the small component of the core of H_33",
    ),
)
"""The paper's Figures 2-5 (file, panels (n, component or None for the whole core), title,
caption); a panel beyond the report's n is left out, a figure without panels too."""


def draw_figures(
    data: ReportData, graphs: dict[str, LiftingGraph], kinds: dict[str, str], out: Path
) -> list[dict[str, str]]:
    """Write every figure into ``out``; [{file, caption}] in the order the report shows them."""
    figures: list[tuple[str, str]] = []

    def add(name: str, caption: str) -> None:
        figures.append((name, caption))

    if data.n_max >= 6:
        add(_figure1(out / "fig1-g6-h6.png"), "Figure 1: G_6 and H_6")
    for name, panels, title, caption in CORES:
        shown = [
            (n, len(data.floridian[n]["core"]["scc"]) - 1 if c == SMALL_COMPONENT else c)
            for n, c in panels
            if n <= data.n_max
        ]
        if shown:
            add(_cores(data, shown, out / name, title), caption)
    add(_growth(data, out / "growth.png"), "Growth of G_n, H_n and their cycles with n")
    add(
        _farthest(data, out / "farthest-turns.png"),
        "Turns to the core: the farthest winning position and the partition n",
    )
    add(_losing(data, out / "losing.png"), "Losing positions")
    add(_strategies(data, out / "strategies.png"), "Strategies: success rates against n")
    add(_four_cycles(data, kinds, out / "four-cycles.png"), "4-cycles per n, by family")
    add(_long_cycles(data, out / "long-cycles.png"), "Cycles of length 4, 6, 8, 10 of G_n")
    for rule in ("band", "paper"):
        title = f"Q under the {rule} rule"
        add(_q_drawing(graphs[rule], out / f"q-{rule}.png", title), title)
    add(_rules(graphs, out / "q-rules.png"), "Q under each lifting rule")
    return [{"file": name, "caption": caption} for name, caption in figures]
