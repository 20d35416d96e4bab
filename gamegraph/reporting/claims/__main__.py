"""``python -m gamegraph.reporting.claims ID [N]``: compute one claim of the report and print it
(the paper's value, the computed one, the range and the verdict), with the per-n results for
n <= N (default: the smallest N the claim needs) read from the report's cache or computed.

This is the ``reproduce`` command of the claims that only the report computes (the 16
families, the arithmetic of Proposition 3): it shows the counterexample itself.
"""

from __future__ import annotations

import json
import sys

from gamegraph.errors import GamegraphError, InputError


def main(argv: list[str]) -> int:
    from gamegraph.reporting._compute import user_cache
    from gamegraph.reporting.claims import claims_data, evaluate_claim
    from gamegraph.reporting.collect import collect

    if not argv or len(argv) > 2:
        raise InputError("usage: python -m gamegraph.reporting.claims ID [N]")
    rows = {row["id"]: row for row in claims_data()["claim"]}
    if argv[0] not in rows:
        raise InputError(f"unknown claim {argv[0]!r}: the ids are in report.json")
    row = rows[argv[0]]
    n_max = int(argv[1]) if len(argv) == 2 else max(int(row.get("needs", 1)), 6)
    claim = evaluate_claim(collect(n_max, user_cache("report")), row)
    print(f"{claim.id} ({claim.source}): {claim.claim}")
    print(f"paper: {json.dumps(claim.paper_value, ensure_ascii=False)}")
    print(f"computed: {json.dumps(claim.computed_value, ensure_ascii=False)}")
    print(f"range: {claim.range}" + (f"; {claim.detail}" if claim.detail else ""))
    print(f"verdict: {claim.verdict}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except GamegraphError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(e.exit_code)
