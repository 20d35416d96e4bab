"""The frontier's five items, each computed by its game (:mod:`gamegraph.games.tchoukaillon.
basins`, :mod:`gamegraph.games.floridian.losses`, :mod:`gamegraph.games.crim.evenrank`,
:mod:`gamegraph.games.lifting.band_any`, :mod:`gamegraph.games.floridian.farthest`) and
answered in a sentence with the data behind it; :func:`gamegraph.reporting.frontier.
compute_frontier` times them, names them and caches them as records."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Any

__all__ = ["band_any_lifts", "crim_even_rank", "fagan_basins", "full_graphs", "immediate_losses"]

Answer = tuple[str, dict[str, Any]]
"""An item's answer in a sentence, and the data behind it (plain JSON)."""


def fagan_basins(n_max: int, cache: Path | None) -> Answer:
    """Item 2: the Fagan basin of every n ≤ n_max (seed 002, A204539/A204540/A185001)."""
    from gamegraph.games.tchoukaillon.basins import A204540, fagan_basin_survey

    survey = fagan_basin_survey(n_max, cache=None if cache is None else cache / "chunks")
    data = survey.as_dict()
    new = survey.new_basin_one
    answer = (
        f"Every n ≤ {n_max:,}: basin 1 exactly for n = {', '.join(map(str, survey.basin_one))}"
        + (
            f" (A204540 gains {', '.join(map(str, new))})"
            if new
            else f" (A204540 = {', '.join(map(str, A204540))} gains no term below {n_max:,})"
        )
        + f"; basin 2 for {len(survey.basin_two)} n (largest {survey.basin_two[-1]:,}; "
        + (
            "exactly the terms of A185001 up to there"
            if not survey.basin_two_not_in_a185001 and not survey.a185001_missing
            else f"new against A185001: {survey.basin_two_not_in_a185001}, A185001 terms not "
            f"found: {survey.a185001_missing}"
        )
        + "); "
        f"basins grow like n/π (smallest ratio {survey.least_ratio[1]:.2e} at "
        f"n = {survey.least_ratio[0]:,}); f(k) by the fast sieve in O(k^(2/3)), "
        f"{survey.task_seconds:.0f} s of tasks; at the fitted cost c·n^(5/3), "
        + " and ".join(
            f"every n ≤ 10^{d} takes {survey.projected_seconds(10**d) / 3600:.1f} h of tasks "
            f"({survey.projected_seconds(10**d) / 3600 / 64:.1f} h on 64 workers)"
            for d in (7, 8)
            if 10**d > n_max
        )
        + "."
    )
    return answer, data


def immediate_losses(n_max: int) -> Answer:
    """Item 4, question 2: an immediate loss for every 7 ≤ n ≤ n_max, re-checked."""
    from gamegraph.games.floridian.losses import (
        FAMILY_FROM,
        immediate_loss_witnesses,
        is_immediate_loss,
    )
    from gamegraph.games.partitions import paper_notation

    witnesses = immediate_loss_witnesses(7, n_max)
    missing = [7 + i for i, w in enumerate(witnesses) if w is None]
    found = [w for w in witnesses if w is not None]
    bad = [w.n for w in found if not is_immediate_loss(w.partition)]
    searched = [w.n for w in found if w.family == "search"]
    sample = {
        str(w.n): paper_notation(w.partition)
        for w in found
        if w.n <= 60 or w.n in (100, 1000, n_max) or w.n % 1000 == 0
    }
    answer = (
        f"An immediate loss (so a losing position) for every 7 ≤ n ≤ {n_max:,}"
        + (f" except {missing}" if missing else "")
        + f", each re-checked from the α-move ({len(bad)} failed). Theorem: λ with sizes b, "
        "b+2, …, b+2(L−1) and b−2 (or b−4) parts, b ≥ 3, is an immediate loss; it covers every "
        f"n ≥ {FAMILY_FROM} (the paper's open cases 6m and 6m+2 included); the n < "
        f"{FAMILY_FROM} it misses ({', '.join(map(str, searched))}) have a witness from a "
        "scan of S(n)."
    )
    return answer, {
        "n_max": n_max,
        "missing": missing,
        "failed_recheck": bad,
        "family_from": FAMILY_FROM,
        "searched": searched,
        "witness_parts": [len(w.partition) for w in found],
        "sample": sample,
        "witnesses": {str(w.n): [list(w.partition), w.family] for w in found if w.n <= 200},
    }


def crim_even_rank(target: int, seconds: float, grundy_n: int) -> Answer:
    """Item 3: CRIM's even-rank conjecture by size, and the Grundy distribution."""
    from gamegraph.games.crim.evenrank import even_rank_sweep, grundy_distribution
    from gamegraph.memory import human_bytes

    sweep = even_rank_sweep(target, seconds)
    grundy, grundy_seconds = grundy_distribution(grundy_n)
    data = sweep.as_dict()
    data["grundy_reached"] = grundy_n
    data["grundy_seconds"] = round(grundy_seconds, 1)
    data["grundy"] = {str(s): {str(v): c for v, c in d.items()} for s, d in grundy.items()}
    last = sweep.sizes[-1]
    verdict = (
        "no P-position of odd rank"
        if sweep.first_odd_rank_p is None
        else f"a P-position of odd rank: {sweep.first_odd_rank_p}"
    )
    projection: dict[str, float] = sweep.projection
    answer = (
        f"Every partition of size ≤ {sweep.reached} (of the target {target}): {verdict}; "
        f"P/N as bits ({human_bytes(sweep.bits_bytes)} for every size ≤ {target}), "
        f"{sweep.seconds:.0f} s on {sweep.threads} threads, size {last.size} "
        f"({last.positions:,} positions) in {last.seconds:.1f} s"
        + (
            f"; the rest to {target} projected at "
            f"{projection[f'seconds_to_{target}_here'] / 3600:.1f} h here, "
            f"{projection[f'seconds_to_{target}_on_64_workers'] / 60:.0f} min on 64 workers"
            if sweep.reached < target
            else ""
        )
        + ". "
        f"Sprague–Grundy values per size to {grundy_n} (max "
        f"{max(max(d) for d in grundy.values())})."
    )
    return answer, data


def band_any_lifts(n_max: int) -> Answer:
    """Item 4, question 9: bands of widths 1, 3, 4 with any legal α-move."""
    from gamegraph.games.lifting.band_any import band_any_survey

    survey = band_any_survey(n_max)
    beyond = {w: len(v) for w, v in survey.beyond_width_2.items()}
    newly = {w: v for w, v in survey.newly_lifted.items() if v}
    answer = (
        f"Over the {survey.cycles} 4-cycles with n ≤ {n_max}: band-any lifts of width 1/2/3/4: "
        + "/".join(str(survey.lifts[w]) for w in sorted(survey.lifts))
        + "; (C, C') pairs no width-2 rule gives: "
        + ", ".join(f"width {w}: {c}" for w, c in beyond.items())
        + "; of the cycles no earlier rule lifts ("
        + str(len(survey.unlifted_before))
        + "), "
        + (
            "; ".join(f"width {w} lifts {len(v)}" for w, v in newly.items())
            if newly
            else "none is lifted by the new widths"
        )
        + f"; still unlifted: {len(survey.unlifted_after)}; weak components of Q (all rules): "
        f"{survey.components}, {survey.merged_components} merged by the new widths, "
        f"{survey.multi_source_components} with more than one source."
    )
    return answer, survey.as_dict()


def full_graphs(n_from: int, n_max: int, seconds: float) -> Answer:
    """Questions 1 and 3 need the full G_n: its memory estimate per n up to n_max, and
    question 1 answered on the full G_n for n = n_from, n_from + 1, ... while the budget
    lasts (one task per n; on a cluster every n at once)."""
    from gamegraph.games.floridian.engine import estimate_floridian
    from gamegraph.games.floridian.farthest import farthest_survey
    from gamegraph.games.partitions import paper_notation
    from gamegraph.memory import human_bytes, memory_limit

    rows = []
    for n in range(40, n_max + 1, 5):
        estimate = estimate_floridian(n)
        rows.append(
            {"n": n, "nodes": estimate.nodes, "arcs": estimate.arcs, "bytes": estimate.bytes}
        )
    limit = memory_limit()
    fits = [n for n in range(6, n_max + 1) if estimate_floridian(n).bytes <= limit]
    built = [asdict(r) for r in farthest_survey(n_from, min(n_max, max(fits)), seconds)]
    top = rows[-1]
    reached = built[-1]["n"] if built else n_from - 1
    farthest = "; ".join(
        f"n = {r['n']}: "
        + ", ".join(paper_notation(tuple(p)) for p in r["farthest"])
        + f" at {r['turns']} turns ({r['seconds']:.0f} s, peak {human_bytes(r['peak_rss_bytes'])})"
        for r in built
    )
    done = (
        f"Full G_n built for n = {n_from}..{reached} in the budget: {farthest}. "
        if built
        else f"No full G_n from n = {n_from} on was built in this budget. "
    )
    answer = (
        done + f"The full G_n is estimated at {human_bytes(top['bytes'])} for n = {top['n']}; this "
        f"machine's limit ({human_bytes(limit)}) holds it up to n = {max(fits)}; every n is one "
        f"task, so a cluster whose workers hold {human_bytes(top['bytes'])} takes questions 1 "
        f"and 3 to n = {top['n']}."
    )
    return answer, {"rows": rows, "limit": limit, "fits_up_to": max(fits), "built": built}
