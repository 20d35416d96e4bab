"""Questions 4-9 of seed 000 §8, on the cycles of G_n and the lifting graph Q: the Ω-moves
of the 4-cycles, what the 4-cycles are, families of longer cycles, cycles that do not lift,
the structure of Q, and more lifting rules."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamegraph.games.partitions import from_key, paper_notation
from gamegraph.reporting.claims.seed000_fourcycles import families, family_chain
from gamegraph.reporting.data import ReportData
from gamegraph.reporting.qgraph import q_graph, union_components
from gamegraph.reporting.steps import LIFT_RULES
from gamegraph.reporting.wording import notation, ranges, worded

__all__ = [
    "KINDS",
    "classify_four_cycles",
    "four_cycles_answer",
    "lifting_rules_answer",
    "long_cycles_answer",
    "non_lifting_answer",
    "omega_answer",
    "q_structure_answer",
]


def omega_answer(data: ReportData) -> dict[str, Any]:
    """Question 4: does each Ω-move in a 4-cycle create the largest part?"""
    total = 0
    bad: list[list[Any]] = []  # [n as in the key, the 4-cycle's positions, the Ω-arc]
    per_n: Counter[int] = Counter()
    for n in sorted(data.floridian):
        for row in data.floridian[n]["four_cycles"]:
            for arc, creates in enumerate(row["omega_largest"], start=1):
                total += 1
                if not creates:
                    per_n[n] += 1
                    bad.append([*row["key"].split(":"), arc])
    rows = [
        [key_n, " → ".join(notation(k) for k in cycle.split(">")), arc]
        for key_n, cycle, arc in bad[:25]
    ]
    answer = (
        f"No: of the {total} Ω-moves in the 4-cycles of G_n for n ≤ {data.n_max}, {len(bad)} do "
        "not create the largest part of the next partition (first at n = "
        f"{min(per_n) if per_n else '-'}; n with such a cycle: {ranges(sorted(per_n))})."
        if bad
        else f"Yes, for all {total} Ω-moves of the 4-cycles with n ≤ {data.n_max}."
    )
    return worded(
        answer,
        ["n", "4-cycle", "Ω-arc (1 or 2)"],
        rows,
        [],
        {"omega_moves": total, "not_largest": len(bad), "n": sorted(per_n)},
    )


def classify_four_cycles(data: ReportData) -> dict[str, str]:
    """key -> the first that applies: 'Q(x,y,z)'; 'paper family' (a cycle of one of the 16
    families' chains); 'own family' (on a chain of two band-rule lifts with m rising by 2,
    starting at it or passing through it, lifts computed from the definitions whatever their
    n); 'lifts, no family' (lifts, but no such chain); 'no lift'."""
    from gamegraph.games.lifting.band_rule import band_lifts

    paper_keys: set[str] = set()
    for fam in families():
        paper_keys.add(fam["four_cycle"].canonical().key)
        paper_keys.update(lift.target.key for lift in family_chain(fam, data.n_max))
    band = q_graph(data, "band")
    lifted_to = {(x.target.key, x.m + 2) for x in band.lifts}
    kinds = {}
    for cycle in band.cycles:
        row_lifts = [x for x in band.lifts if x.source.key == cycle.key]
        key = cycle.key
        q = data.floridian[cycle.n]
        if any(r["key"] == key and r["q"] is not None for r in q["four_cycles"]):
            kinds[key] = "Q(x,y,z)"
        elif key in paper_keys:
            kinds[key] = "paper family"
        elif any((key, x.m) in lifted_to for x in row_lifts) or any(
            any(y.m == x.m + 2 for y in band_lifts(x.target)) for x in row_lifts
        ):
            kinds[key] = "own family"
        elif row_lifts:
            kinds[key] = "lifts, no family"
        else:
            kinds[key] = "no lift"
    return kinds


KINDS = ("Q(x,y,z)", "paper family", "own family", "lifts, no family", "no lift")
KIND_PHRASES = {
    "Q(x,y,z)": "are cycles Q(x, y, z)",
    "paper family": "lie in one of the paper's 16 families",
    "own family": "lie in a family of our own",
    "lifts, no family": "lift but lie in no family",
    "no lift": "lift under no rule",
}
"""How the answer words each kind (the table's columns keep the short names)."""


def four_cycles_answer(data: ReportData) -> dict[str, Any]:
    """Question 5: the 4-cycles by kind (:func:`classify_four_cycles`)."""
    kinds = classify_four_cycles(data)
    rows = []
    for n in sorted(data.floridian):
        count = Counter(kinds[r["key"]] for r in data.floridian[n]["four_cycles"])
        if data.four_cycle_count(n):
            rows.append([n, data.four_cycle_count(n), *(count[k] for k in KINDS)])
    totals = Counter(kinds.values())
    none = [k for k, v in kinds.items() if v in ("lifts, no family", "no lift")]
    answer = (
        f"G_n has {len(kinds)} 4-cycles for n ≤ {data.n_max}: "
        + "; ".join(f"{totals[k]} {KIND_PHRASES[k]}" for k in KINDS)
        + " (a family of our own: a chain of two band-rule lifts with m rising by 2, not in "
        "the paper's 16 families; every lift is checked against the definitions, whatever its "
        "n)."
        + (f" n = 100 has {data.four_cycle_count(100)}." if data.n_max >= 100 else "")
        + (
            " The cycles in no family are at n = "
            + ranges(sorted({int(k.split(":")[0]) for k in none}))
            + "."
            if none
            else ""
        )
    )
    return worded(
        answer,
        ["n", "4-cycles", *KINDS],
        rows,
        ["four-cycles.png"],
        {"totals": dict(totals), "kinds": kinds},
    )


def long_cycles_answer(data: ReportData) -> dict[str, Any]:
    """Question 6: longer cycles, and chains of their lifts."""
    rows: list[list[Any]] = []
    families_found: dict[str, list[str]] = {"6": [], "8": [], "10": []}
    for n in sorted(data.floridian):
        cyc = data.floridian[n]["cycles"]
        counts = cyc["counts"]
        if any(counts.get(k) for k in ("6", "8", "10")):
            rows.append([n, counts["4"], counts["6"], counts["8"], counts.get("10", "—")])
        for length, samples in cyc["samples"].items():
            for sample in samples:
                for rule in ("band", "band_any"):
                    if sample[rule] and len(families_found[length]) < 3:
                        chain = _chain(sample[rule][0], rule == "band")
                        if chain:
                            families_found[length].append(f"n = {n} ({rule}: {chain})")
    lengths_with = [k for k, v in families_found.items() if v]
    totals = {k: sum(r[i] for r in rows if r[i] != "—") for i, k in ((2, "6"), (3, "8"), (4, "10"))}
    tens = [n for n in sorted(data.floridian) if "10" in data.floridian[n]["cycles"]["counts"]]
    answer = (
        f"G_n has {totals['6']} 6-cycles and {totals['8']} 8-cycles for n ≤ {data.n_max}, and "
        f"{totals['10']} 10-cycles for n = {ranges(tens)} (10-cycles are counted while the "
        "core of H_n is small), "
        f"counted for every n "
        "(a numba enumeration of the simple cycles of the core of H_n, each H-arc weighted by its "
        "Ω-positions, checked against networkx's simple_cycles). Chains of three band lifts "
        "(m, m + 2, m + 4, each lifted cycle checked against the definitions of G_n), the start of "
        "a one-parameter family, were found for cycles of length "
        + (", ".join(lengths_with) or "none")
        + ": "
        + "; ".join(f"{k}-cycles at {v[0]}" for k, v in families_found.items() if v)
        + "."
    )
    return worded(
        answer,
        ["n", "4-cycles", "6-cycles", "8-cycles", "10-cycles"],
        rows,
        ["long-cycles.png"],
        {"lifting_samples": families_found},
    )


def _chain(first: list[Any], same_choice: bool) -> str:
    """'m = a, a + 2, a + 4' when the lifted cycle lifts twice more with m rising by 2."""
    from gamegraph.reporting.cycles import band_lifts_of_cycle

    m, lifted = first[0], [from_key(k) for k in first[1]]
    ms = [m]
    for _ in range(2):
        nxt = [c for mm, c in band_lifts_of_cycle(lifted, same_choice=same_choice) if mm == m + 2]
        if not nxt:
            return ""
        m, lifted = m + 2, nxt[0]
        ms.append(m)
    return "m = " + ", ".join(map(str, ms)) + f", up to n = {sum(lifted[0])}"


def non_lifting_answer(data: ReportData, graphs: dict[str, Any]) -> dict[str, Any]:
    """Question 7: the 4-cycles that do not lift, rule by rule."""
    rows = []
    for rule in LIFT_RULES:
        q = graphs[rule]
        rows.append([rule, len(q.non_lifting), ", ".join(str(c.n) for c in q.non_lifting[:30])])
    band_non = graphs["band"].non_lifting
    every = [
        c
        for c in band_non
        if all(c.key in {x.key for x in graphs[r].non_lifting} for r in LIFT_RULES)
    ]
    answer = (
        f"Yes. Of the {len(graphs['paper'].cycles)} 4-cycles with n ≤ {data.n_max}, "
        + ", ".join(
            f"{len(graphs[r].non_lifting)} do not lift under the {r} rule" for r in LIFT_RULES
        )
        + f"; {len(every)} lift under none of them (n = {', '.join(str(c.n) for c in every)}), "
        "so those are components of Q that end."
    )
    return worded(
        answer,
        ["rule", "4-cycles that do not lift", "their n"],
        rows,
        ["q-band.png", "q-paper.png"],
        {
            "never": [
                {"key": c.key, "notation": " → ".join(paper_notation(p) for p in c)} for c in every
            ]
        },
    )


STRUCTURE = (
    ("4-cycles", "four_cycles"),
    ("arcs in range", "lifts_inside_range"),
    ("components", "components"),
    ("isolated", "isolated"),
    ("largest", "largest_component"),
    ("sources per component", "sources_per_component"),
    ("longest chain", "longest_chain"),
)
"""Question 8's table: each column's heading and the key of :func:`.qgraph.q_summary` it shows."""
STRUCTURE_RULES = ("paper", "paper-free", "band", "band-any")


def q_structure_answer(data: ReportData, summaries: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Question 8: the components of Q and their sources, rule by rule."""
    rows = [[r, *(summaries[r][key] for _, key in STRUCTURE)] for r in STRUCTURE_RULES]
    multi = {r: summaries[r]["components_with_multiple_sources"] for r in summaries}
    answer = (
        f"Inside n ≤ {data.n_max}: "
        + "; ".join(
            f"{r}: {summaries[r]['components']} weak components, the largest "
            f"{summaries[r]['largest_component']} cycles, longest chain "
            f"{summaries[r]['longest_chain']} lifts"
            for r in ("paper", "band")
        )
        + ". Components with more than one source (in-degree 0): "
        + ", ".join(f"{r} {multi[r]}" for r in STRUCTURE_RULES)
        + "."
    )
    return worded(
        answer,
        ["rule", *(column for column, _ in STRUCTURE)],
        rows,
        ["q-band.png", "q-paper.png"],
        {"multiple_sources": multi},
    )


def lifting_rules_answer(
    data: ReportData, graphs: dict[str, Any], summaries: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """Question 9: what the rules beyond the paper's add and merge."""
    base = {r: {(x.source.key, x.target.key, x.m) for x in graphs[r].lifts} for r in LIFT_RULES}
    band_components = summaries["band"]["components"]
    rows = []
    for rule in LIFT_RULES:
        merged = union_components([graphs["band"], graphs[rule]])
        rows.append(
            [
                rule,
                len(base[rule]),
                summaries[rule]["lifts_inside_range"],
                summaries[rule]["components"],
                band_components - merged,
            ]
        )
    free_new = sorted(base["paper-free"] - base["paper"])
    any_new = sorted(
        {(s, t) for s, t, _ in base["band-any"]} - {(s, t) for s, t, _ in base["band"]}
    )
    free_in_band = base["paper-free"] <= base["band"]
    new_double = sum(
        1 for row in data.all_four_cycles() for lift in row["lifts"]["double"] if not lift[2][1]
    )
    paper_merged = summaries["paper"]["components"] - union_components(
        [graphs["paper"], graphs["paper-free"]]
    )
    answer = (
        f"Over the 4-cycles with n ≤ {data.n_max}: the paper-free rule (Ω1-Ω3 with their new part "
        f"free) adds {len(free_new)} lifts to the paper rule's {len(base['paper'])} and merges "
        f"{paper_merged} of the paper rule's {summaries['paper']['components']} components "
        f"(Q has {summaries['paper-free']['components']} under it); "
        + (
            "every paper-free lift is a band-rule lift. "
            if free_in_band
            else "some paper-free lifts are not band-rule lifts. "
        )
        + f"Beyond the band rule: band insertions with any α-moves (band-any) add "
        f"{len(any_new)} (source, target) pairs; bands of width 1 or 3 give "
        f"{len(base['wide-1'])} and {len(base['wide-3'])} lifts; two bands at once give "
        f"{len(base['double'])} lifts, {new_double} of them not through a band-rule lift. "
        + (
            "So in this range no rule tried adds an arc beyond the band rule's or merges its "
            "components."
            if len(any_new) + new_double + len(base["wide-1"]) + len(base["wide-3"]) == 0
            and all(r[4] == 0 for r in rows)
            else "The last column counts the band rule's components each rule merges."
        )
    )
    return worded(
        answer,
        ["rule", "lifts", "arcs in range", "components", "band components merged"],
        rows,
        ["q-rules.png"],
        {
            "paper_free_adds": [list(x) for x in free_new],
            "band_any_adds": [list(x) for x in any_new],
        },
    )
