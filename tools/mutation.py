"""Mutation testing of the engines and the graph core (`make mutation`; not part of CI):
change one operator or constant at a time, run the unit tests that cover the module, count
the mutants they kill.

    python tools/mutation.py                    # every mutant of every target (hours)
    python tools/mutation.py --sample 200       # a seeded random sample: an estimate
    python tools/mutation.py --files games/floridian/engine.py --list
    python tools/mutation.py --files core/spaces/seats.py core/graphs/_kernels.py --sample 40

Why a script of its own: mutmut 3 rewrites every function into a trampoline that numba cannot
compile, and cosmic-ray's per-mutant runs gain nothing over this; both mutate the sources the
tests import, where numba's on-disk cache could serve the unmutated kernel. Here the package and
the tests are copied into a scratch directory that shadows the editable install (PYTHONPATH),
each mutant is written into the copy, and pytest runs there in a subprocess with a timeout:

* numba: a mutant of a file holding ``@njit`` kernels runs with ``NUMBA_CACHE_DIR`` set to a
  fresh empty directory, so its kernels are compiled from the mutated source, never loaded
  from a cache (the compile costs ~10 s a mutant; ``NUMBA_DISABLE_JIT=1`` would be faster but
  runs the kernels as Python, where the big-n tests take minutes and integer semantics differ).
  Mutants of the other files share one warm cache of the unmutated kernels. Every run,
  the baseline's included, compiles with ``NUMBA_BOUNDSCHECK=1``: a mutant that sizes a
  buffer too small then fails with IndexError, where unchecked it writes past the buffer and
  may pass. The unmutated kernels index within bounds in every unit test (the suite passes
  with ``NUMBA_BOUNDSCHECK=1``), so the check kills no correct kernel.
* pytest runs with ``-x`` (the first failure kills the mutant), without random order, its
  cache, or hypothesis' example database (cwd is the scratch directory).
* a mutant whose tests exceed the timeout (3x the unmutated run, at least 120 s) counts as
  killed and is listed as such.

Operators: comparison swaps (< <=, > >=, == !=), arithmetic (+ -, * +, // *, % //), bit
operators (& |, << >>), augmented assignment (+= -=, and deleting the statement), ``and`` /
``or``, dropping ``not``, integer constants c -> c + 1 and True <-> False. Not mutated: doc
strings, annotations, f-strings and error messages, decorators, module-level constants, and the
memory estimates (their constants are measured heuristics, not facts a test can state).
Survivors judged equivalent are listed in EQUIVALENT with the reason and leave the score; an
entry is found by its line's text, so it follows the line when edits above move it (its line
number decides only between lines of the same text).
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gamegraph"

#: module (a path under gamegraph/) -> the unit tests that cover it
TARGETS: dict[str, tuple[str, ...]] = {
    "core/graphs/_kernels.py": ("test_core_graphs.py", "test_functional.py", "test_core_docs.py"),
    "core/graphs/_play_kernels.py": (
        "test_core_graphs.py",
        "test_define_loopy.py",
        "test_core_docs.py",
    ),
    "core/graphs/analysis.py": ("test_core_graphs.py", "test_functional.py", "test_core_docs.py"),
    "core/graphs/play.py": ("test_core_graphs.py", "test_define_loopy.py", "test_core_docs.py"),
    "core/graphs/types.py": ("test_core_graphs.py", "test_core_docs.py"),
    "core/notation.py": ("test_spaces.py", "test_partitions.py"),
    "core/spaces/_kernels.py": ("test_spaces.py", "test_partitions.py", "test_core_docs.py"),
    "core/spaces/_composition_kernels.py": ("test_spaces.py", "test_carolina.py", "test_define.py"),
    "core/spaces/_hands_kernels.py": ("test_spaces.py", "test_survey_games.py"),
    "core/spaces/base.py": ("test_spaces.py", "test_core_docs.py"),
    "core/spaces/compositions.py": ("test_spaces.py", "test_carolina.py"),
    "core/spaces/listed.py": ("test_spaces.py", "test_define.py"),
    "core/spaces/partitions.py": ("test_spaces.py", "test_partitions.py"),
    "core/spaces/plane.py": ("test_spaces.py", "test_survey_games.py"),
    "core/spaces/products.py": ("test_spaces.py", "test_survey_games.py"),
    "core/spaces/seats.py": ("test_spaces.py", "test_survey_games.py"),
    "core/spaces/sequences.py": ("test_spaces.py",),
    "games/partitions.py": (
        "test_partitions.py",
        "test_bulgarian.py",
        "test_floridian.py",
        "test_functional_games.py",
    ),
    "games/engine/functional.py": ("test_functional.py",),
    "games/engine/build.py": (
        "test_functional_games.py",
        "test_define.py",
        "test_define_equality.py",
    ),
    "games/engine/positions.py": ("test_functional_games.py", "test_define.py"),
    "games/engine/tables.py": ("test_loader_tables.py", "test_define.py"),
    "games/_kernels.py": (
        "test_bulgarian.py",
        "test_floridian.py",
        "test_partitions.py",
        "test_loader_tables.py",
    ),
    "games/bulgarian/_kernels.py": ("test_bulgarian.py",),
    "games/floridian/engine.py": ("test_floridian.py",),
    "games/floridian/separated.py": ("test_floridian.py",),
    "games/floridian/arcs.py": ("test_floridian.py",),
    "games/floridian/_kernels.py": ("test_floridian.py",),
    "games/floridian/alpha.py": ("test_floridian.py", "test_lifting.py"),
    "games/floridian/fourcycles.py": ("test_floridian.py", "test_lifting.py"),
    "games/floridian/qfamily.py": ("test_lifting_qfamily.py",),
    "games/lifting/bands.py": ("test_lifting.py", "test_lifting_rules.py"),
    "games/lifting/patterns.py": ("test_lifting.py", "test_lifting_rules.py"),
    "games/lifting/band_rule.py": ("test_lifting.py", "test_lifting_rules.py"),
    "games/lifting/graph.py": ("test_lifting_graph.py", "test_lifting_rules.py"),
    "games/floridian/fourcycles_local.py": ("test_fourcycles_local.py",),
    "games/floridian/_candidate_kernels.py": ("test_fourcycles_local.py",),
    "games/floridian/_group_kernels.py": ("test_fourcycles_local.py",),
    "games/floridian/_fourcycle_kernels.py": ("test_fourcycles_local.py",),
    "games/engine/game.py": ("test_functional_games.py",),
    "games/carolina/_kernels.py": ("test_carolina.py", "test_functional_games.py"),
    "games/dual/_kernels.py": ("test_dual.py", "test_functional_games.py"),
    "games/austrian/space.py": ("test_austrian.py", "test_functional_games.py"),
    "games/austrian/_kernels.py": ("test_austrian.py", "test_functional_games.py"),
    "games/montreal/positions.py": ("test_montreal.py", "test_functional_games.py"),
    "games/montreal/_kernels.py": ("test_montreal.py", "test_functional_games.py"),
    "games/random_bulgarian/engine.py": (
        "test_random_bulgarian.py",
        "test_random_bulgarian_game.py",
    ),
    "games/random_bulgarian/probabilities.py": ("test_random_bulgarian.py",),
    "games/random_bulgarian/_kernels.py": (
        "test_random_bulgarian.py",
        "test_random_bulgarian_game.py",
    ),
    "games/random_bulgarian/stationary.py": ("test_random_bulgarian.py",),
    "games/tchoukaillon/engine.py": ("test_tchoukaillon.py", "test_tchoukaillon_game.py"),
    "games/tchoukaillon/_kernels.py": ("test_tchoukaillon.py", "test_tchoukaillon_game.py"),
    "games/tchoukaillon/boards.py": ("test_tchoukaillon.py", "test_tchoukaillon_game.py"),
    "games/tchoukaillon/roots.py": ("test_tchoukaillon.py", "test_tchoukaillon_game.py"),
    "games/crim/engine.py": ("test_crim.py", "test_crim_game.py"),
    "games/crim/_kernels.py": ("test_crim.py", "test_crim_game.py", "test_crim_evenrank.py"),
    "games/crim/positions.py": ("test_crim.py", "test_crim_game.py"),
}

#: functions whose constants and operators are size estimates, not facts (see module doc)
SKIPPED_FUNCTIONS = {
    "arcs_per_position",
    "estimate_floridian",
    "check_floridian",
    "analysis_bytes_per_position",
    "count_partitions",  # only its Hardy-Ramanujan branch above n = 1000 is unreachable here
    "count_states",
    "count_positions",
    "estimate_random_bulgarian",
    "estimate_tchoukaillon",
    "estimate_crim",
    "estimate_lifting",
    "crim_table_bytes",
    "shard_memory_bytes",
}

#: (module, line, mutation) -> (the line's text, why the mutant cannot change any answer).
#: A mutant matches an entry of its module and mutation whose text is its line's (stripped):
#: anywhere when no other line of the module has that text, else only at the entry's line
#: (Mutant.equivalent). Where a line has two mutants of the same kind, the mutation names the
#: column too ("2 -> 3 @col", 0-based) and only that one is equivalent
EQUIVALENT: dict[tuple[str, int, str], tuple[str, str]] = {
    ("games/floridian/_kernels.py", 280, "1 -> 2"): (
        "max_candidates = (1 << nb) * (ones + 1)",
        "an over-estimate only cuts the batch earlier; the caller runs the rest in the next one",
    ),
    ("games/crim/_kernels.py", 104, "0 -> 1 @30"): (
        "store = indptr.shape[0] > 0",
        "indptr is empty or has one entry per position plus one, at least 2 (n = 0 has one)",
    ),
    ("games/floridian/fourcycles.py", 31, ">= -> >"): (
        "if self.alpha1 >= self.alpha2:",
        "the two α-positions of a 4-cycle differ (a != b), so they never tie",
    ),
    ("games/floridian/_kernels.py", 40, "1 -> 2"): (
        "comp = np.zeros((n + 1, width), dtype=np.int64)",
        "one more row of the counting table, never read (rows 0..n are)",
    ),
    ("games/floridian/_kernels.py", 52, "1 -> 2"): (
        "first = np.zeros((n + 1, n + 1), dtype=np.int64)",
        "one more row or column of the counting table, never read (0..n are)",
    ),
    ("games/floridian/_kernels.py", 53, "1 -> 2"): (
        "prefix = np.zeros((n + 1, n + 1), dtype=np.int64)",
        "one more row or column of the counting table, never read (0..n are)",
    ),
    ("games/floridian/_kernels.py", 221, "1 -> 2"): (
        "k += 1",
        "omega_index_of writes one more entry after the parts: separated_index reads nothing "
        "once the parts have summed to n (remaining is 0, so every term it adds is 0)",
    ),
    ("games/crim/_kernels.py", 152, "+= -> -="): (
        "odd_rank_p[m] += 1",
        "runs only at a P-position of odd rank, and there is none in any size swept (the "
        "paper's even-rank conjecture; test_crim counts them independently: 0), so no input "
        "reaches it unless the conjecture fails",
    ),
    ("games/montreal/_kernels.py", 122, "> -> >="): (
        "result[v] = values[v] if values[v] > onward else onward",
        "a maximum: when values[v] == onward both branches give the same value",
    ),
    ("games/floridian/_kernels.py", 83, "2 -> 3 @33"): (
        "top = prev - 2 if prev - 2 < remaining else remaining",
        "the condition then differs only when remaining == prev - 2, where both branches give "
        "the same top",
    ),
    ("games/crim/_kernels.py", 109, "* -> +"): (
        "targets = np.empty(2 * n + 2, dtype=np.int64)",
        "the buffer holds the options of one position, 2 per distinct part size d, and d(d + "
        "1)/2 <= n gives 2d <= n + 4 = the mutant's length for every n",
    ),
    ("games/_kernels.py", 112, "1 -> 2 @52"): (
        "size += (offsets[i + 1] - offsets[i]) * 8 + 1",
        "one more byte per row in the buffer's size, an upper bound only: the text is returned "
        "cut to the bytes written (buf[:pos])",
    ),
    ("games/crim/_kernels.py", 108, "2 -> 3"): (
        "suf = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of a scratch array: _options writes suf[k] (k <= n parts) and then "
        "suf[k - 1..0] before reading any, never past k",
    ),
    # the lifting search, the Bulgarian and CRIM engines, the shared kernels
    ("games/lifting/patterns.py", 391, "2 -> 3"): (
        "return range(1, min(position[0] for position in cycle) + 2)",
        "paper_m_range is only used by paper_lifts, and one more m gives no lift (the "
        "completeness argument of its docstring; test_paper_m_range_cuts_no_lift checks every m"
        " outside the range up to 3 * stop + 10)",
    ),
    ("games/lifting/band_rule.py", 125, ">= -> >"): (
        "if width >= 2:",
        "width 2 then takes the width-1 range, m up to max(h(p), #parts(p)) over the cycle, "
        "which is above band_m_bound(cycle) (one of the h(p) less 2): a larger range, and "
        "band_m_bound's argument (holding for every w >= 2, about Ω-arcs only) leaves no lift "
        "above the bound, for wide_band_lifts and band_any_lifts (level_range's users) alike",
    ),
    ("games/lifting/band_rule.py", 125, "2 -> 3"): (
        "if width >= 2:",
        "width 2 then takes the width-1 range, m up to max(h(p), #parts(p)) over the cycle, "
        "which is above band_m_bound(cycle) (one of the h(p) less 2): a larger range, and "
        "band_m_bound's argument (holding for every w >= 2, about Ω-arcs only) leaves no lift "
        "above the bound, for wide_band_lifts and band_any_lifts (level_range's users) alike",
    ),
    ("games/crim/engine.py", 305, "0 -> 1"): (
        "hits = np.flatnonzero(self.first_odd_p >= 0)",
        "differs only where first_odd_p is 0, and index 0 is the empty partition (size 0) of "
        "rank 0 - 0, even: it is never recorded there, so both tests pick the same sizes",
    ),
    ("games/crim/_kernels.py", 106, "2 -> 3"): (
        "a = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of the scratch partition: next_partition writes at most m <= n parts "
        "and the sweep sets and reads a[k] = 0 at k <= n, never past a[n]",
    ),
    ("games/crim/_kernels.py", 107, "2 -> 3"): (
        "rems = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of a scratch array: _options writes rems[0..k-1] (k <= n parts) before "
        "reading any, never past k - 1",
    ),
    ("games/crim/_kernels.py", 109, "2 -> 3"): (
        "targets = np.empty(2 * n + 2, dtype=np.int64)",
        "a longer buffer (either 2): it holds the options of one position, 2 per distinct part "
        "size, and each is written before it is read; nothing reads past the count",
    ),
    ("games/crim/_kernels.py", 110, "2 -> 3"): (
        "seen = np.zeros(2 * n + 3, dtype=np.bool_)",
        "a longer scratch array: it is indexed by Grundy values and the mex, each at most the "
        "number of distinct options of a position, 2d <= 2n + 2; the extra entries stay False",
    ),
    ("games/crim/_kernels.py", 110, "3 -> 4"): (
        "seen = np.zeros(2 * n + 3, dtype=np.bool_)",
        "a longer scratch array: it is indexed by Grundy values and the mex, each at most the "
        "number of distinct options of a position, 2d <= 2n + 2; the extra entries stay False",
    ),
    ("games/crim/_kernels.py", 110, "* -> +"): (
        "seen = np.zeros(2 * n + 3, dtype=np.bool_)",
        "n + 5 entries still hold every index used: a Grundy value or mex is at most the number"
        " of distinct options, 2d for d distinct parts, and d(d + 1)/2 <= n gives 2d <= n + 4",
    ),
    ("games/crim/_kernels.py", 153, "< -> <="): (
        "if first_odd_p[m] < 0:",
        "runs only at a P-position of odd rank, and there is none in any size swept (see the "
        "entry of odd_rank_p[m] += 1: test_crim counts them independently: 0)",
    ),
    ("games/crim/_kernels.py", 153, "0 -> 1"): (
        "if first_odd_p[m] < 0:",
        "runs only at a P-position of odd rank, and there is none in any size swept (see the "
        "entry of odd_rank_p[m] += 1: test_crim counts them independently: 0)",
    ),
    ("games/crim/engine.py", 305, ">= -> >"): (
        "hits = np.flatnonzero(self.first_odd_p >= 0)",
        "differs only where first_odd_p is 0, and index 0 is the empty partition (size 0) of "
        "rank 0 - 0, even: it is never recorded there, so both tests pick the same sizes",
    ),
    ("games/crim/engine.py", 306, "0 -> 1"): (
        "return self.position(int(self.first_odd_p[hits[0]])) if hits.size else None",
        "hits is empty in every sweep: there is no P-position of odd rank in any size swept "
        "(test_crim counts them independently: 0), so the conditional gives None either way",
    ),
    ("games/crim/engine.py", 325, "1 -> 2"): (
        "counters = [np.empty(n + 1, dtype=np.int64) for _ in range(3)]",
        "the per-size counters of a build are scratch, never read after the sweep fills their "
        "first n + 1 entries; a longer array changes nothing the graph keeps",
    ),
    ("games/crim/engine.py", 367, "1 -> 2 @50"): (
        "staircases = sum(1 for k in range(1, game.n + 1) if k * (k + 1) // 2 <= game.n)",
        "the range then also tries k = n + 1, whose staircase has size (n + 1)(n + 2)/2 > n: "
        "the condition drops it",
    ),
    ("games/lifting/patterns.py", 271, "< -> <="): (
        "if source[: len(s1)] != s1 or (free and min(s1) < 2):",
        "also refuses s1 = (2, 2) (Ω1 at m = 3, Ω2 at m = 2, Ω3 at m = 1), whose rows allow "
        "max(H) <= m + bound <= 0, so λ1 = (2, 2): not in T (its 2 parts include a 2), so the "
        "in_t check below refuses it anyway",
    ),
    ("games/lifting/patterns.py", 271, "2 -> 3"): (
        "if source[: len(s1)] != s1 or (free and min(s1) < 2):",
        "also refuses s1 = (2, 2) (Ω1 at m = 3, Ω2 at m = 2, Ω3 at m = 1), whose rows allow "
        "max(H) <= m + bound <= 0, so λ1 = (2, 2): not in T (its 2 parts include a 2), so the "
        "in_t check below refuses it anyway",
    ),
    ("games/lifting/band_rule.py", 245, "- -> +"): (
        "for first in band_lifts(cycle, l1 - 2)",
        "band_lifts(cycle, m_max) lists the lifts with m <= m_max, and the next line keeps only"
        " m == l1 - 2: a larger m_max lists more lifts that the filter drops",
    ),
    ("games/lifting/band_rule.py", 247, "- -> +"): (
        "for second in band_lifts(first.lifted, l2 - 2)",
        "band_lifts(cycle, m_max) lists the lifts with m <= m_max, and the next line keeps only"
        " m == l2 - 2: a larger m_max lists more lifts that the filter drops",
    ),
    ("games/lifting/graph.py", 117, "< -> <="): (
        "small=shard.candidates < SMALL_SHARD,",
        "a scheduling hint for a shard of exactly SMALL_SHARD candidates (run in process or on "
        "the cluster): the shard's 4-cycles are the same either way",
    ),
    ("games/lifting/graph.py", 265, "1 -> 2"): (
        "n_min: int = 1,",
        "no G_n below n = 16 has a 4-cycle (FIRST_FOUR_CYCLE_N, checked by "
        "test_below_n_16_there_is_no_4_cycle_so_the_lifting_graph_is_empty), so Q from 1 and "
        "from 2 hold the same cycles, lifts and stats",
    ),
    # the Tchoukaillon, Montreal, dual, Austrian, Carolina and random Bulgarian engines
    ("games/random_bulgarian/_kernels.py", 145, "> -> >="): (
        "if j > 0:",
        "at j = 0 the extra branch merges zero copies: _insert_many copies the row unchanged",
    ),
    ("games/montreal/_kernels.py", 112, "> -> >="): (
        "if distance[v] == 0 and values[v] > best_on_cycle[cycle_of[v]]:",
        "a running maximum: when values[v] equals the best so far, storing it again leaves the "
        "same value",
    ),
    ("games/tchoukaillon/_kernels.py", 128, "+ -> -"): (
        "if (i + 1 + nxt) % 2 != 0:",
        "a parity test: i - 1 + nxt and i + 1 - nxt differ from i + 1 + nxt by 2 and by 2·nxt, "
        "so have its parity; % is Python's (0 or 1, numba alike) and != 0 holds alike",
    ),
    ("games/random_bulgarian/_kernels.py", 218, "1 -> 2"): (
        "kk = 1",
        "for n >= 2 the loop raises kk to 2 anyway; n = 1 (the least n the engine accepts) is 1"
        " = k(k-1)/2 + r for k = 1, r = 1 and for k = 2, r = 0, and (1) is then a cradle shape "
        "either way: the formula gives 0 both ways",
    ),
    ("games/tchoukaillon/_kernels.py", 31, "64 -> 65"): (
        "board = np.zeros(64, dtype=np.int64)  # board[i] = stones in hole i; board[0] unused",
        "a larger first capacity of the scratch board: it grows (by the check below) before any"
        " hole i + 1 >= its size is touched, so no value changes",
    ),
    ("games/tchoukaillon/_kernels.py", 37, "1 -> 2"): (
        "if i + 1 >= board.shape[0]:",
        "the board grows one hole earlier: capacity only, rightmost_holes touches board[1..i] "
        "alone and i + 1 < board.shape[0] still holds after the check",
    ),
    ("games/tchoukaillon/_kernels.py", 37, ">= -> >"): (
        "if i + 1 >= board.shape[0]:",
        "the board then grows only when i reaches its size; i <= length + 1 and length < the "
        "size before, so board[i] (the hole written) is still in bounds and reads stop at "
        "board[length]: the one-hole margin of the original is never used",
    ),
    ("games/tchoukaillon/_kernels.py", 38, "2 -> 3"): (
        "bigger = np.zeros(board.shape[0] * 2, dtype=np.int64)",
        "the board grows by 3x instead of 2x: capacity only (old holes copied, new ones 0)",
    ),
    ("games/tchoukaillon/_kernels.py", 38, "* -> +"): (
        "bigger = np.zeros(board.shape[0] * 2, dtype=np.int64)",
        "the board grows by 2 holes instead of doubling; it grows when i + 1 >= its size with i"
        " <= its size - 1, so the new size >= i + 2 keeps board[i] in bounds: capacity only",
    ),
    ("games/tchoukaillon/roots.py", 83, "+ -> -"): (
        "if (i + 1 + nxt) % 2:",
        "a parity test: i - 1 + nxt and i + 1 - nxt differ from i + 1 + nxt by 2 and by 2·nxt, "
        "so have its parity (Python's % gives 0 or 1 for each alike)",
    ),
    ("games/tchoukaillon/roots.py", 92, "0 -> 1"): (
        "return fagan_pairs(m)[-1][0]",
        "the last Fagan pair is the sea (cf(m), cf(m)) (Lemma 2.3, checked against the sieve up"
        " to m = 10^5 by test_sr_lemma23): its two entries are equal",
    ),
    ("games/tchoukaillon/roots.py", 73, "0 -> 1"): (
        "return alist(n)[-1][0]",
        "Alist_n ends in an equal pair <s, s> (Lemma 2.3, checked up to n = 10^5 by "
        "test_sieve_strange_roots_equal_direct_alist_iteration): its two entries are equal",
    ),
    ("games/tchoukaillon/roots.py", 185, "0 -> 1"): (
        "far_root = int(tk.fagan_root(m)[0])",
        "fagan_root returns the sea (cf(m), cf(m)) (Lemma 2.3, checked against the sieve up to "
        "m = 10^5 by test_sr_lemma23): its two entries are equal",
    ),
    ("games/random_bulgarian/_kernels.py", 80, "2 -> 3"): (
        "room = n + 2",
        "one more entry in every scratch row: they hold at most n parts (a multiset of remains "
        "of the piles of a partition of n, or a partition of n) or the n + 2 starts, and "
        "nothing reads past those",
    ),
    ("games/random_bulgarian/_kernels.py", 81, "1024 -> 1025"): (
        "cap = 1024",
        "the first capacity of the level and term arrays: _grow enlarges them "
        "alike when full, and the terms are returned cut to [:terms]",
    ),
    ("games/random_bulgarian/_kernels.py", 222, "2 -> 3"): (
        "lam = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of the scratch partition: next_partition writes at most n parts "
        "(lam[0..n-1]) and the loop reads lam[i] only for i < k",
    ),
    ("games/austrian/_kernels.py", 50, "2 -> 3"): (
        "a = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of the scratch partition: largest_tail and next_partition write at most n "
        "parts (a[0..n-1]) and the walk reads a[:k], never past them",
    ),
    ("games/austrian/_kernels.py", 78, "2 -> 3"): (
        "a = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of the scratch partition: largest_tail and next_partition write at most n "
        "parts (a[0..n-1]) and the walk reads a[:k], never past them",
    ),
    ("games/austrian/_kernels.py", 93, "2 -> 3"): (
        "a = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of the scratch partition: largest_tail and next_partition write at most n "
        "parts (a[0..n-1]) and the walk reads a[:k], never past them",
    ),
    ("games/dual/_kernels.py", 21, "2 -> 3"): (
        "a = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of the scratch partition: next_partition writes at most n parts "
        "(a[0..n-1]) and the walk reads a[:k], never past them",
    ),
    ("games/dual/_kernels.py", 22, "1 -> 2"): (
        "out = np.zeros(n + 1, dtype=np.int64)",
        "one more entry of the scratch image: D(λ) is a partition of n, at most n parts "
        "(out[0..n-1]), and rank_of reads out[:length] only",
    ),
    ("games/montreal/_kernels.py", 62, "66 -> 67"): (
        "a = np.zeros(66, dtype=np.int64)  # lengths stay below 64: codes are int64",
        "one more entry of the scratch row: a position's code is an int64 bit string, so it has"
        " fewer than 64 entries, and the loop touches a[0..length] only",
    ),
    ("games/montreal/_kernels.py", 89, "66 -> 67"): (
        "buf = np.zeros(66, dtype=np.int64)",
        "one more entry of the scratch row: a position's code is an int64 bit string, so it has"
        " fewer than 64 entries, and the loop reads buf[:length] only",
    ),
    ("games/tchoukaillon/engine.py", 343, ">= -> >"): (
        "if width * math.log2(radix) >= 62:",
        "the threshold between two routes that give the same answer (np.unique of the rows, or "
        "of one key per row: test_unique_rows_is_numpys_unique_with_its_inverse); the keys stay"
        " below radix^width = 2^(width·log2 radix) <= 2^62 here",
    ),
    ("games/tchoukaillon/engine.py", 343, "62 -> 63"): (
        "if width * math.log2(radix) >= 62:",
        "the threshold between two routes that give the same answer (np.unique of the rows, or "
        "of one key per row: test_unique_rows_is_numpys_unique_with_its_inverse); below 63 the "
        "keys stay below radix^width < 2^63, within an int64",
    ),
    ("games/austrian/_kernels.py", 71, "< -> <="): (
        "if k < 0:",
        "next_partition returns -1 or the new length j + 1 + (parts refilled) with j >= 0, "
        "never 0: k < 0, k <= 0 and k < 1 agree",
    ),
    ("games/austrian/_kernels.py", 71, "0 -> 1"): (
        "if k < 0:",
        "next_partition returns -1 or the new length j + 1 + (parts refilled) with j >= 0, "
        "never 0: k < 0, k <= 0 and k < 1 agree",
    ),
    ("games/austrian/_kernels.py", 106, "< -> <="): (
        "if k < 0:",
        "next_partition returns -1 or the new length j + 1 + (parts refilled) with j >= 0, "
        "never 0: k < 0, k <= 0 and k < 1 agree",
    ),
    ("games/austrian/_kernels.py", 106, "0 -> 1"): (
        "if k < 0:",
        "next_partition returns -1 or the new length j + 1 + (parts refilled) with j >= 0, "
        "never 0: k < 0, k <= 0 and k < 1 agree",
    ),
    ("games/dual/_kernels.py", 39, "< -> <="): (
        "if k < 0:",
        "next_partition returns -1 or the new length j + 1 + (parts refilled) with j >= 0, "
        "never 0: k < 0, k <= 0 and k < 1 agree",
    ),
    ("games/dual/_kernels.py", 39, "0 -> 1"): (
        "if k < 0:",
        "next_partition returns -1 or the new length j + 1 + (parts refilled) with j >= 0, "
        "never 0: k < 0, k <= 0 and k < 1 agree",
    ),
    ("games/random_bulgarian/_kernels.py", 204, "< -> <="): (
        "if k < 0:",
        "next_partition returns -1 or the new length j + 1 + (parts refilled) with j >= 0, "
        "never 0: k < 0, k <= 0 and k < 1 agree",
    ),
    ("games/random_bulgarian/_kernels.py", 204, "0 -> 1"): (
        "if k < 0:",
        "next_partition returns -1 or the new length j + 1 + (parts refilled) with j >= 0, "
        "never 0: k < 0, k <= 0 and k < 1 agree",
    ),
    ("games/random_bulgarian/_kernels.py", 242, "< -> <="): (
        "if k < 0:",
        "next_partition returns -1 or the new length j + 1 + (parts refilled) with j >= 0, "
        "never 0: k < 0, k <= 0 and k < 1 agree",
    ),
    ("games/random_bulgarian/_kernels.py", 242, "0 -> 1"): (
        "if k < 0:",
        "next_partition returns -1 or the new length j + 1 + (parts refilled) with j >= 0, "
        "never 0: k < 0, k <= 0 and k < 1 agree",
    ),
    ("games/austrian/_kernels.py", 82, "> -> >="): (
        "while k > 0:",
        "k = 0 only for the empty μ (bank n), which adds 0 parts, and next_partition then "
        "returns -1 (no part to lower), ending the loop",
    ),
    ("games/random_bulgarian/stationary.py", 78, "1 -> 2"): (
        "x[0] = Fraction(1)",
        "GTH's back substitution is linear in x[0] (each x[kk] is a sum of multiples of earlier"
        " x[i]) and x is divided by its total at the end: any nonzero x[0] gives π",
    ),
    ("games/random_bulgarian/_kernels.py", 238, "0 -> 1"): (
        "l1 += max(r - q, 0) - min(q, r)",
        "adds 1 to l1 only when r <= q; the true L1 is even (an l1 distance between two "
        "partitions of n), so out = (L1 + 1) // 2 = L1 // 2 is the same",
    ),
    ("games/random_bulgarian/stationary.py", 96, "< -> <="): (
        "if residual < TOLERANCE:",
        "differs only for a residual exactly equal to TOLERANCE (a measure-zero float tie): the"
        " original then takes one more power step, the mutant hands the same x to GMRES "
        "(residual >= TOLERANCE); both return π with a residual below the tolerance",
    ),
    ("games/random_bulgarian/stationary.py", 88, "0 -> 1"): (
        "size = matrix.shape[0]",
        "a chain's transition matrix is square: shape[1] is shape[0]",
    ),
    ("games/random_bulgarian/stationary.py", 107, "0 -> 1"): (
        "size = transposed.shape[0]",
        "a chain's transition matrix (here transposed) is square: shape[1] is shape[0]",
    ),
    # the Floridian engine and kernels, the local 4-cycle search
    ("games/floridian/engine.py", 359, "1 -> 2"): (
        "positions, sources, omega_of, progress, chunk_arcs, threads or os.cpu_count() or 1, n",
        "the fallback when os.cpu_count() is None; the arcs do not depend on the thread count",
    ),
    ("games/floridian/arcs.py", 100, "1 -> 2"): (
        "h_ptr[start : stop + 1] += h_done",
        "also shifts h_ptr[stop + 1], which the next chunk's kernel call assigns afresh when it"
        " does source stop; after the last chunk the slice ends at the array's end anyway",
    ),
    ("games/floridian/_group_kernels.py", 77, "and -> or"): (
        "while i < d1 and j < d2:",
        "its only caller compares b = Ω(x) with a, two partitions of n: neither is a proper "
        "prefix of the other, so the loop ends at the first difference or with both used up "
        "(equal: false either way)",
    ),
    ("games/floridian/_group_kernels.py", 91, "== -> !="): (
        "return i == d1 and j < d2",
        "its only caller compares b = Ω(x) with a, two partitions of n: neither is a proper "
        "prefix of the other, so the loop ends at the first difference or with both used up "
        "(equal: false either way)",
    ),
    ("games/floridian/_candidate_kernels.py", 146, "0 -> 1 @18"): (
        "return 0, 0, 0, n",
        "the root's pm: only _next_pend reads it, and only for a class u >= 5, while the root "
        "is u = pu = 0",
    ),
    ("games/floridian/_kernels.py", 39, "3 -> 4"): (
        "width = n + 3",
        "one more column of the counting table, never read: the walks read fill[r, q] and "
        "first/prefix read comp[r - v, v] only at parts q, v <= n",
    ),
    ("games/floridian/fourcycles_local.py", 181, "2 -> 3"): (
        "cs, cm, cp, cr = (np.zeros(shard.n + 2, dtype=np.int64) for _ in range(4))",
        "one more entry of a class array: a candidate has at most n classes (distinct sizes of "
        "sum n), and unrank_candidate/_fill/next_candidate/_parent touch entries 0..classes - 1 "
        "only",
    ),
    ("games/floridian/_fourcycle_kernels.py", 109, "3 -> 4"): (
        "width = n + 3",
        "one more entry of each scratch array: a_count is indexed by sizes <= n (n + 1 "
        "entries), and the others hold the groups of a partition of n (at most its distinct "
        "sizes, plus one new part)",
    ),
    ("games/floridian/_fourcycle_kernels.py", 40, "1 -> 2"): (
        "need = used + 1 + parts_count(mults, d)",
        "asks one byte more than the partition takes: the buffer grows one emission earlier at "
        "most, and the cycles are returned cut to the bytes written (buf[:used])",
    ),
    ("games/floridian/_fourcycle_kernels.py", 41, "> -> >="): (
        "if need > buf.shape[0]:",
        "also grows a buffer the partition fills exactly: a larger capacity, the same bytes "
        "written and returned (buf[:used])",
    ),
    ("games/floridian/_fourcycle_kernels.py", 42, "2 -> 3"): (
        "bigger = np.empty(max(2 * buf.shape[0], need), dtype=np.uint8)",
        "another growth factor: the new capacity is still at least need and the used bytes are "
        "copied, so the bytes written and returned (buf[:used]) are the same",
    ),
    ("games/floridian/_fourcycle_kernels.py", 42, "* -> +"): (
        "bigger = np.empty(max(2 * buf.shape[0], need), dtype=np.uint8)",
        "another growth step: the new capacity is still at least need and the used bytes are "
        "copied, so the bytes written and returned (buf[:used]) are the same",
    ),
    ("games/floridian/_fourcycle_kernels.py", 107, "<= -> <"): (
        "if hi <= lo:",
        "at hi == lo the search then unranks rank lo <= total (past the last candidate "
        "unrank_candidate "
        "picks no class and stops at level 1 on the zeroed cr) and visits no candidate: the "
        "same empty buffer and zero stats",
    ),
    ("games/floridian/_kernels.py", 133, "2 -> 3"): (
        "a = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of a scratch array: the walk writes a partition of n (at most n parts, "
        "a[0..n-1]) and reads a[:k]",
    ),
    ("games/floridian/_kernels.py", 202, "2 -> 3"): (
        "buf = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of a scratch array: Ω(λ) of a partition of n has at most n parts, "
        "written to buf[0..k-1] and read as buf[:k]",
    ),
    ("games/floridian/_kernels.py", 253, "2 -> 3"): (
        "sizes = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of a scratch array: a partition of n has at most n distinct sizes (d), "
        "and only sizes[:d] are read",
    ),
    ("games/floridian/_kernels.py", 254, "2 -> 3"): (
        "mults = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of a scratch array: a partition of n has at most n distinct sizes (d), "
        "and only mults[:d] are read",
    ),
    ("games/floridian/_kernels.py", 255, "2 -> 3"): (
        "bad = np.zeros(n + 2, dtype=np.bool_)",
        "one more entry of a scratch array: bad is indexed by the number of 1s removed, 0..ones"
        " <= n",
    ),
    ("games/floridian/_kernels.py", 256, "2 -> 3"): (
        "g_size = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of a scratch array: λ2 has at most d + 1 <= n + 1 groups, g_size[:m] "
        "with m <= d + 1",
    ),
    ("games/floridian/_kernels.py", 257, "2 -> 3"): (
        "g_mult = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of a scratch array: λ2 has at most d + 1 <= n + 1 groups, g_mult[:m] "
        "with m <= d + 1",
    ),
    ("games/floridian/_kernels.py", 258, "16 -> 17"): (
        "targets = np.zeros(16, dtype=np.int64)",
        "a larger first capacity of the targets scratch: it is replaced by a larger one when a "
        "source has more candidate choices, and only targets[:found] is read",
    ),
    ("games/floridian/_kernels.py", 283, "< -> <="): (
        "if targets.shape[0] < max_candidates:",
        "also replaces a scratch that is exactly large enough, by a zeroed one of the same "
        "size: targets[:found] is written before it is read either way",
    ),
    ("games/floridian/_kernels.py", 80, "2 -> 3"): (
        "prev = n + 2",
        "the sentinel for no previous part: the first step needs only prev - 2 >= remaining = n"
        " (top = n) and prev > remaining (no first[remaining, prev] term); n + 3 gives both",
    ),
    ("games/floridian/_group_kernels.py", 77, "< -> <="): (
        "while i < d1 and j < d2:",
        "its only caller compares b = Ω(x) with a, two partitions of n: the loop meets i == d1 "
        "only with j == d2 and the other way round (equal so far, the same total used), so the "
        "step `<=` adds in either test is never taken",
    ),
    ("games/lifting/patterns.py", 290, "0 -> 1"): (
        "reduced = {e.value(m, j or 0) for e in pattern.large if e.reduced}",
        "the reduced entries that carry j are α2's, α3's and α4's, whose j_min is 2, 1, 1: "
        "there j >= 1 and j or 1 == j; where j is None or 0 (α1, α8, the Ω rows) no reduced "
        "entry carries j, and value() ignores it",
    ),
    ("games/floridian/_fourcycle_kernels.py", 86, "statement deleted"): (
        "may |= 1 << i",
        "the caller reads only may & ~must (the sizes free to be reduced or not) and adds "
        "must itself (mask = must | sub): a bit of must set in may or not changes no mask",
    ),
    ("games/floridian/qfamily.py", 77, "1 -> 2 @15"): (
        "(2, 2, 1, 4), (5, 3 * x - 1, 3, 3), (3 * x + 1, u + 1, 2, 2), (u + 4, u + 2 * z, 2, 2)",
        "the run (2, 2, step, 4) has first == last: range(2, 3, step) is [2] for every step",
    ),
    ("games/tchoukaillon/engine.py", 377, "1 -> 2 @33"): (
        "for potential in range(top, -1, -1):",
        "the extra potential -1 has no bucket (potentials are sums of i * c >= 0): "
        "pending.pop(-1) is None and the loop continues past it",
    ),
    ("games/floridian/_candidate_kernels.py", 90, "1 -> 2 @26"): (
        "for w in range(1, n + 1):",
        "the extra step w = n + 1 breaks at once, as (n + 1) * 1 > n",
    ),
    ("games/floridian/_candidate_kernels.py", 220, "- -> +"): (
        "level = depth - 1",
        "starts two levels deeper, where no option is found, so the walk goes on from depth - 1"
        " as before: level depth's parent is the last class (rest 0), and above depth the "
        "arrays hold zeros (fresh from unrank_candidate) or the classes of an earlier candidate at "
        "levels the walk left because they had no next option; nothing is written on the way "
        "(checked against the unmutated walk for every n <= 150)",
    ),
    ("games/random_bulgarian/_kernels.py", 52, "< -> <="): (
        "while size < needed:",
        "capacity only: every array doubles to at least `needed` rows either way (once more "
        "when equal), the rows past the ones written are never read, and each array is cut to "
        "its rows written before it is returned",
    ),
    ("games/austrian/_kernels.py", 64, "0 -> 1"): (
        "if v <= 0:",
        "a reduced part v = 1 adds table[remaining, 0], the partitions of remaining >= 1 (v is "
        "still to come off it) into parts <= 0: none, and the parts after it are 1s too; "
        "`remaining` is not read after the loop",
    ),
    ("games/floridian/_kernels.py", 136, "0 -> 1"): (
        "offsets[0] = 0",
        "the n = 0 branch of enumerate_separated is never taken: its one caller, "
        "SeparatedPartitions.of, refuses n < 1",
    ),
    ("games/floridian/_kernels.py", 341, ">= -> >"): (
        "if not inserted and s_new >= v:",
        "when s_new == v the mutant writes s_new as a group of its own after v's (two groups of "
        "one size) instead of adding 1 to v's multiplicity; _separated_index_groups ranks "
        "(v, m), (v, 1) as (v, m + 1): the second group adds nothing (top = v - 2 < v, and "
        "prev > v fails) and takes the same v off `remaining`; the self-move check (m == d) "
        "then sees more groups, but the brute force of every α-arc (n <= 22) finds no "
        "difference",
    ),
    ("games/crim/_kernels.py", 152, "statement deleted @20"): (
        "odd_rank_p[m] += 1",
        "runs only at a P-position of odd rank, and there is none in any size swept (see the "
        "entry of odd_rank_p[m] += 1 above)",
    ),
    ("games/floridian/_group_kernels.py", 167, "< -> <= @20"): (
        "if sizes[i] < v:",
        "differs only when sizes[i] == v, and the line above has returned then",
    ),
    ("games/_kernels.py", 48, "> -> >= @35"): (
        "while j >= 0 and values[j] > v:",
        "the insertion sort then moves an equal value past v too: plain integers, so the "
        "sorted values (and the distinct ones kept after) are the same",
    ),
    ("games/floridian/_kernels.py", 137, "0 -> 1 @25"): (
        "offsets[1] = 0",
        "the n = 0 branch of enumerate_separated: its one caller, SeparatedPartitions.of, "
        "refuses n < 1, so it never runs",
    ),
    ("games/austrian/space.py", 222, "- -> + @40"): (
        "return max(self.cap, self.banks - 1)",
        "max_entry only chooses the rows' dtype (Space.dtype: uint8 up to 255, else int64); "
        "a larger bound can only choose int64, which holds every entry too",
    ),
    ("games/random_bulgarian/stationary.py", 59, "0 -> 1 @42"): (
        "exit_mass: list[Fraction] = [Fraction(0)] * size",
        "the elimination writes exit_mass[kk] for kk = size - 1 .. 1 before the back "
        "substitution reads it for kk = 1 .. size - 1; exit_mass[0] is never read",
    ),
    ("games/_kernels.py", 65, "0 -> 1 @54"): (
        "return np.ascontiguousarray(ck.partition_table(n, 0, False, False)[0])",
        "one more slot of the table is computed and dropped: unlimited (limited False), slot "
        "0 reads no other slot, so [0] is the same table",
    ),
    ("games/floridian/separated.py", 35, "0 -> 1 @59"): (
        "n, fill, np.empty(0, dtype=np.uint8), np.empty(0, dtype=np.int64), False",
        "the counting pass (write False) never touches parts or offsets, so their size does "
        "not matter",
    ),
    ("games/montreal/_kernels.py", 64, "- -> + @50"): (
        "length = _decode(codes[t], n + lengths[t] - 1, a)",
        "two more leading bits of a code, both 0, decode as two leading zero entries: the "
        "local form gives them 0 (no positive run ends before them) and the image drops its "
        "leading zeros, so M(α) is the same (a holds 66 entries, lengths stay below 64)",
    ),
    ("games/random_bulgarian/_kernels.py", 51, "2 -> 3 @29"): (
        "size = values.shape[0] * 2",
        "only how fast the buffer grows: the loop below then makes size >= needed either way, "
        "and the rows past those written are never read",
    ),
    # the graph core
    ("core/graphs/types.py", 97, "False -> True @72"): (
        'indptr = _integers("indptr", self.indptr).astype(np.int64, copy=False)',
        "a copy of the offsets instead of the array itself: the same values, read only",
    ),
    ("core/graphs/_kernels.py", 192, "< -> <="): (
        "elif on_stack[w] and index[w] < low[v]:",
        "Tarjan's low link: where index[w] equals low[v], setting low[v] to it changes nothing",
    ),
    ("core/graphs/_play_kernels.py", 148, "or -> and @38"): (
        "if value[u] != unlabelled or has_m[u] == m:",
        "a guard that never fires: a node is queued once (at the count with no open option, or "
        "when its count reaches 0), so it is unlabelled when taken; and no option of a queued "
        "node gets m after it was queued (its options are labelled below m, or have an option "
        "labelled m already and so are never labelled m), so has_m[u] != m when it is taken",
    ),
    ("core/spaces/_kernels.py", 395, "2 -> 3"): (
        "a = np.zeros(n + 2, dtype=np.int64)",
        "one more entry of the walk's scratch partition, never read (n + 1 parts at most)",
    ),
    ("core/spaces/_kernels.py", 150, ">= -> >"): (
        "if stop >= 0:",
        "settle returns -1 or code * 2**32 + r with code >= 1, so a stop is never 0",
    ),
    ("core/spaces/_kernels.py", 385, ">= -> >"): (
        "if stop >= 0:",
        "settle returns -1 or code * 2**32 + r with code >= 1, so a stop is never 0",
    ),
    ("core/spaces/_kernels.py", 152, "1 -> 2"): (
        "return -1",
        "the caller tests the result for >= 0 (a refused row): -2 is no stop either",
    ),
    ("core/spaces/_kernels.py", 387, "1 -> 2"): (
        "return -1",
        "the caller tests the result for >= 0 (a refused row): -2 is no stop either",
    ),
    ("core/spaces/_kernels.py", 67, "1 -> 2"): (
        "return -1",
        "settle's 'go on': every caller tests its result for >= 0 only",
    ),
    ("core/spaces/_kernels.py", 71, "1 -> 2"): (
        "return -1",
        "settle's 'go on': every caller tests its result for >= 0 only",
    ),
    ("core/spaces/_composition_kernels.py", 69, ">= -> >"): (
        "if stop >= 0:",
        "settle returns -1 or code * 2**32 + r with code >= 1, so a stop is never 0",
    ),
    ("core/spaces/_composition_kernels.py", 71, "1 -> 2"): (
        "return -1",
        "the caller tests the result for >= 0 (a refused row): -2 is no stop either",
    ),
    ("core/spaces/_hands_kernels.py", 78, ">= -> >"): (
        "if stop >= 0:",
        "settle returns -1 or code * 2**32 + r with code >= 1, so a stop is never 0",
    ),
    ("core/spaces/_hands_kernels.py", 80, "1 -> 2"): (
        "return -1",
        "the caller tests the result for >= 0 (a refused row): -2 is no stop either",
    ),
    ("core/spaces/products.py", 125, "1 -> 2 @34"): (
        "larger = np.zeros((s, n + 1, n + 1), dtype=np.int64)",
        "one more row of the table, never read (rows 0..n are)",
    ),
    ("core/graphs/_play_kernels.py", 86, "<= -> <"): (
        "if g <= widest:",
        "a node's mex is at most its out-degree, so marking its option's value g = widest "
        "(the largest out-degree) matters only where it has options of every value below "
        "widest too: widest + 1 options, more than any node has",
    ),
    ("core/graphs/_kernels.py", 279, "< -> <="): (
        "if a < b:",
        "inside 'if a != b': the two roots never tie",
    ),
    ("core/spaces/products.py", 273, "1 -> 2 @42"): (
        "table = [[1] * (len(self.types) + 1)] + [[0] * (len(self.types) + 1) for _ in range(n)]",
        "one more entry in the table's first row, past the last pile type: never read",
    ),
    ("core/spaces/products.py", 132, "0 -> 1 @58"): (
        "table = np.ascontiguousarray(k.partition_table(n, 0, False, False)[0])",
        "with no bound on the number of parts every slot of the table is the same, and [0] "
        "takes the first",
    ),
    ("core/spaces/base.py", 371, "8 -> 9"): (
        'if array.dtype.kind not in "iu" or array.dtype.itemsize > 8:',
        "numpy has no integer type wider than 8 bytes",
    ),
    ("core/graphs/_kernels.py", 207, "< -> <="): (
        "if low[v] < low[parent]:",
        "Tarjan's low link: where low[v] equals low[parent], setting it changes nothing",
    ),
    ("core/graphs/_kernels.py", 156, "1 -> 2"): (
        "comp = np.full(size, -1, dtype=np.int64)",
        "every node's component is written before it is read: the start value is never seen",
    ),
    ("core/graphs/_kernels.py", 233, "1 -> 2"): (
        "level = np.full(size, -1, dtype=np.int64)",
        "levels are only tested for >= 0 and < 0: -2 is 'not reached' as -1 is",
    ),
    ("core/graphs/_kernels.py", 236, ">= -> >"): (
        "if level[root] >= 0:",
        "a node at level 0 is an earlier search's root: searching its class again reaches no "
        "new node and takes the gcd over the same arcs, so the period is the same",
    ),
    ("core/spaces/_composition_kernels.py", 88, "* -> +"): (
        "v = remaining - low * left",
        "only where the walk down starts: a v too large has no compositions (count 0) and "
        "the loop steps down to the same v",
    ),
    ("core/spaces/products.py", 324, "< -> <="): (
        "while j < cap and self._table[remaining][j] <= below:",
        "table[remaining][cap] counts every multiset still open, more than below, so the "
        "loop stops at cap either way",
    ),
    ("core/spaces/products.py", 265, "120 -> 121"): (
        'self.n = check_n(n, "two-coloured partitions", limit=120)',
        "a bound chosen for time, not a fact: ranks are Python integers and n = 121 works as "
        "120 does (as the tool leaves module-level limits alone)",
    ),
    ("core/spaces/_kernels.py", 383, "0 -> 1 @80"): (
        "index = table[size, size] - 1 - below + (starts[size] if sized else 0)",
        "reached with code OK only when sized: an unsized row is ranked above and continues",
    ),
    ("core/graphs/_kernels.py", 185, "1 -> 2"): (
        "counter += 1",
        "Tarjan's visit numbers are only compared with each other: steps of 2 keep their order",
    ),
    ("core/graphs/types.py", 117, "1 -> 2 @59"): (
        "src = np.asarray(sources, dtype=np.int64).reshape(-1)",
        "numpy reads any negative size as 'the rest' (reshape(-2) is reshape(-1))",
    ),
    ("core/graphs/types.py", 118, "1 -> 2 @59"): (
        "dst = np.asarray(targets, dtype=np.int64).reshape(-1)",
        "numpy reads any negative size as 'the rest' (reshape(-2) is reshape(-1))",
    ),
    ("core/spaces/_composition_kernels.py", 122, "1 -> 2"): (
        "return -1",
        "the caller tests the result for >= 0 (a refused row): -2 is no stop either",
    ),
    ("core/graphs/_play_kernels.py", 77, "2 -> 3"): (
        "seen = np.zeros(widest + 2, dtype=np.int64)",
        "one more entry of the mex marks, past any value a node can have: never read",
    ),
    ("core/graphs/_kernels.py", 78, "1 -> 2"): (
        "lengths = np.zeros(cycle_count + 1, dtype=np.int64)",
        "one more entry of the cycles' offsets, past the last cycle: never read",
    ),
    ("core/spaces/partitions.py", 204, "1 -> 2"): (
        "flat = np.empty(max(size, 1) * count, dtype=np.uint8)",
        "a larger scratch array for the walk: only its first offsets[-1] entries are kept",
    ),
    ("core/spaces/_hands_kernels.py", 53, "0 -> 1 @29"): (
        "if flat[i] < 0:",
        "inside 'flat[i] != 0': a nonzero integer is below 1 exactly when it is below 0",
    ),
    ("core/spaces/compositions.py", 104, "1 -> 2 @42"): (
        "table = np.zeros((c + 1, self.n + 1), dtype=np.int64)",
        "one more column of the table, past x = n: never filled nor read",
    ),
    ("core/graphs/types.py", 58, "< -> <="): (
        "return np.int32 if size < 2**31 else np.int64",
        "at size 2^31 the largest index, 2^31 - 1, still fits int32, and every array made with "
        "it holds indices below its size (successors, targets, places)",
    ),
    ("core/graphs/_kernels.py", 165, ">= -> >"): (
        "if index[root] >= 0:",
        "visit number 0 is node 0's, which the loop meets as its first root, unnumbered",
    ),
    ("core/graphs/_kernels.py", 239, "0 -> 1 @22"): (
        "level[root] = 0",
        "the levels of a search all shift by one: the differences level(u) + 1 - level(v), and "
        "so their gcd, are the same",
    ),
    ("core/graphs/_kernels.py", 214, ">= -> >"): (
        "a = a if a >= 0 else -a",
        "-0 is 0",
    ),
    ("core/spaces/_kernels.py", 188, "> -> >="): (
        "if cap > remaining:",
        "where cap equals remaining, setting it to remaining changes nothing",
    ),
    ("core/spaces/partitions.py", 178, "- -> + @56"): (
        "run = self._unbounded and count > 1 and ids[-1] - ids[0] == count - 1",
        "only whether the fast walk is taken: it is taken only where the ids also step by "
        "1 (tested next), and both ways give the same rows",
    ),
    ("core/spaces/partitions.py", 178, "1 -> 2 @76"): (
        "run = self._unbounded and count > 1 and ids[-1] - ids[0] == count - 1",
        "only whether the fast walk is taken (a run of ids is then unranked one by one): "
        "both ways give the same rows",
    ),
    ("core/spaces/partitions.py", 201, "0 -> 1 @44"): (
        "if len(runs) == 1 and runs[0][1] == 0 and runs[0][2] == self.count_of_size(runs[0][0]):",
        "only whether the whole-size walk is taken (a run starting at 1 is never a whole "
        "size): both ways give the same rows",
    ),
    ("core/spaces/sequences.py", 55, "1 -> 2"): (
        "step = 1 << 16",
        "how many ids are unranked at a time while iterating: the same positions in order",
    ),
    ("core/spaces/base.py", 312, "False -> True"): (
        'array = _integers(ids, "ids").astype(np.int64, copy=False).reshape(-1)',
        "a copy of the ids instead of the array itself: the same values, read only",
    ),
    ("core/spaces/_composition_kernels.py", 155, "1 -> 2 @27"): (
        "for w in range(n - 2, -1, -1):",
        "one more round, at w = -1, reads bit (x >> -1) & 1: compiled here (LLVM on x86-64) "
        "that is 0 for every id, so no cut is added (a shift by a negative count is not "
        "defined by the language: this holds for the machine the tests run on)",
    ),
    ("core/spaces/_kernels.py", 150, "0 -> 1"): (
        "if stop >= 0:",
        "settle returns -1 or code * 2**32 + r with code >= 1, so a stop is never 0",
    ),
    ("core/spaces/_kernels.py", 385, "0 -> 1"): (
        "if stop >= 0:",
        "settle returns -1 or code * 2**32 + r with code >= 1, so a stop is never 0",
    ),
    ("core/spaces/_composition_kernels.py", 69, "0 -> 1"): (
        "if stop >= 0:",
        "settle returns -1 or code * 2**32 + r with code >= 1, so a stop is never 0",
    ),
    ("core/spaces/_hands_kernels.py", 78, "0 -> 1"): (
        "if stop >= 0:",
        "settle returns -1 or code * 2**32 + r with code >= 1, so a stop is never 0",
    ),
    ("core/graphs/_kernels.py", 215, ">= -> >"): (
        "b = b if b >= 0 else -b",
        "-0 is 0",
    ),
    ("core/spaces/_composition_kernels.py", 175, "+ -> - @33"): (
        "b = flat[lo + (j + shift) % length]",
        "the rotation by -shift is the rotation by length - shift (numba's % is Python's): "
        "shifts 1..length - 1 compare the row with the same rotations",
    ),
    ("core/spaces/base.py", 307, "0 -> 1 @40"): (
        "return np.zeros(array.shape[0], dtype=np.int64)",
        "rows of width 0 are all empty: an empty array of lengths cumsums into nothing, and "
        "the offsets keep the zeros they were made with",
    ),
    ("core/spaces/_kernels.py", 314, "1 -> 2"): (
        "previous = n + 1",
        "a part above n is refused by the test 'v > remaining' before the order is looked at",
    ),
    ("core/spaces/partitions.py", 178, "1 -> 2 @53"): (
        "run = self._unbounded and count > 1 and ids[-1] - ids[0] == count - 1",
        "only whether two ids in a row take the fast walk: both ways give the same rows",
    ),
    ("core/spaces/compositions.py", 215, "18 -> 19"): (
        "step = 1 << 18",
        "how many ids are looked at a time: the same positions in order",
    ),
    ("core/spaces/_hands_kernels.py", 97, "1 -> 2"): (
        "parts = np.zeros(n + 1, dtype=np.int64)",
        "one more entry of a scratch hand, past the most parts a hand can have: never read",
    ),
    ("core/spaces/products.py", 268, "1 -> 2 @55"): (
        "(red, size - red) for size in range(1, n + 1) for red in range(size + 1)",
        "pile types of n + 1 cards, after all the others: no position of n cards holds one, "
        "so the counts and the ids of the positions stay the same",
    ),
    ("core/spaces/base.py", 269, "1 -> 2"): (
        "flat = _integers(rows).reshape(-1)",
        "numpy reads any negative size as 'the rest' (reshape(-2) is reshape(-1))",
    ),
    ("core/spaces/base.py", 245, "0 -> 1"): (
        "if result >= 0:",
        "a kernel's stop is code * 2**32 + r with code >= 1, never 0",
    ),
    ("core/spaces/_kernels.py", 235, "1 -> 2"): (
        "parts = np.zeros(n + 1, dtype=np.int64)",
        "one more entry of a scratch partition, past the most parts one can have: never read",
    ),
    ("core/spaces/_kernels.py", 354, "1 -> 2"): (
        "previous = n + 1",
        "the first part is held to no order (i > lo), and every later one to the part "
        "before it: the start value is never compared",
    ),
    ("core/spaces/products.py", 125, "1 -> 2 @41"): (
        "larger = np.zeros((s, n + 1, n + 1), dtype=np.int64)",
        "one more column of the table, past a hand of n cards: never read",
    ),
    ("core/spaces/base.py", 285, "0 -> 1 @37"): (
        "array = array.reshape(0, 0)",
        "no rows either way: an empty array of width 1 gives the same empty flat rows and offsets",
    ),
}

COMPARE_SWAPS = {
    ast.Lt: (ast.LtE, "<", "<="),
    ast.LtE: (ast.Lt, "<=", "<"),
    ast.Gt: (ast.GtE, ">", ">="),
    ast.GtE: (ast.Gt, ">=", ">"),
    ast.Eq: (ast.NotEq, "==", "!="),
    ast.NotEq: (ast.Eq, "!=", "=="),
}
BINOP_SWAPS = {
    ast.Add: ("+", "-"),
    ast.Sub: ("-", "+"),
    ast.Mult: ("*", "+"),
    ast.FloorDiv: ("//", "*"),
    ast.Mod: ("%", "//"),
    ast.BitAnd: ("&", "|"),
    ast.BitOr: ("|", "&"),
    ast.LShift: ("<<", ">>"),
    ast.RShift: (">>", "<<"),
}


@dataclass(frozen=True)
class Mutant:
    """One textual change: replace ``source[start:end]`` (offsets in the file) by ``new``."""

    module: str  #: path under gamegraph/ (games/partitions.py, core/graphs/_kernels.py)
    line: int
    start: int
    end: int
    new: str
    what: str  #: e.g. "< -> <="
    text: str  #: the original line, stripped
    column: int = 0  #: where the change starts in its line (0-based)

    def equivalent(self) -> str | None:
        """Why the mutant is equivalent, if EQUIVALENT says so (its comment says how)."""
        anywhere = _stripped_lines(self.module).count(self.text) == 1
        for what in (f"{self.what} @{self.column}", self.what):
            for (module, line, kind), (text, reason) in EQUIVALENT.items():
                if (module, kind, text) == (self.module, what, self.text) and (
                    anywhere or line == self.line
                ):
                    return reason
        return None

    def label(self) -> str:
        return f"gamegraph/{self.module}:{self.line}: {self.what} @{self.column}    | {self.text}"


@cache
def _stripped_lines(module: str) -> tuple[str, ...]:
    source = (PACKAGE / module).read_text(encoding="utf-8")
    return tuple(line.strip() for line in source.splitlines())


def _offsets(source: str) -> list[int]:
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


class _Finder(ast.NodeVisitor):
    """Collects the mutation sites of one module."""

    def __init__(self, module: str, source: str) -> None:
        self.module = module
        self.source = source
        self.lines = source.splitlines()
        self.starts = _offsets(source)
        self.found: list[Mutant] = []
        self.function: list[str] = []

    # positions ---------------------------------------------------------------------------

    def _at(self, line: int, col: int) -> int:
        return self.starts[line - 1] + len(self.lines[line - 1].encode()[:col].decode())

    def _span(self, node: ast.AST) -> tuple[int, int]:
        start = self._at(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self._at(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        return start, end

    def _between(self, left: ast.AST, right: ast.AST, token: str) -> tuple[int, int] | None:
        """Offsets of the operator ``token`` between two nodes (outside brackets/comments)."""
        lo, hi = self._span(left)[1], self._span(right)[0]
        gap = self.source[lo:hi]
        index = gap.find(token)
        while index >= 0:
            after = gap[index + len(token) : index + len(token) + 1]
            before = gap[index - 1 : index] if index else ""
            # "<" must not be part of "<=" or "<<", "*" of "**", "/" of "//" etc.
            whole_after = after not in "=<>*/&|" or token.endswith("=")
            if whole_after and (before not in "=<>!*/" or len(token) > 1):
                return lo + index, lo + index + len(token)
            index = gap.find(token, index + 1)
        return None

    def _add(self, node: ast.AST, start: int, end: int, new: str, what: str) -> None:
        if self.function and self.function[-1] in SKIPPED_FUNCTIONS:
            return
        line = node.lineno  # type: ignore[attr-defined]
        text = self.lines[line - 1].strip()
        column = start - self.starts[line - 1]
        self.found.append(Mutant(self.module, line, start, end, new, what, text, column))

    # what is skipped ----------------------------------------------------------------------

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.function.append(node.name)
        for statement in node.body:
            if not _is_docstring(statement):
                self.visit(statement)
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        self.function.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for statement in node.body:
            if not _is_docstring(statement) and not isinstance(statement, ast.AnnAssign):
                self.visit(statement)

    def visit_Module(self, node: ast.Module) -> None:
        for statement in node.body:
            if isinstance(statement, ast.FunctionDef | ast.ClassDef):
                self.visit(statement)  # module-level constants and imports stay

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        return  # messages

    def visit_Raise(self, node: ast.Raise) -> None:
        return

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_If(self, node: ast.If) -> None:
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return
        self.generic_visit(node)

    # operators ----------------------------------------------------------------------------

    def visit_Compare(self, node: ast.Compare) -> None:
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            swap = COMPARE_SWAPS.get(type(op))
            if swap is not None:
                _, old, new = swap
                span = self._between(operands[i], operands[i + 1], old)
                if span is not None:
                    self._add(node, *span, new, f"{old} -> {new}")
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        swap = BINOP_SWAPS.get(type(node.op))
        if swap is not None:
            old, new = swap
            span = self._between(node.left, node.right, old)
            if span is not None:
                self._add(node, *span, new, f"{old} -> {new}")
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        swap = {ast.Add: ("+=", "-="), ast.Sub: ("-=", "+=")}.get(type(node.op))
        if swap is not None:
            old, new = swap
            span = self._between(node.target, node.value, old)
            if span is not None:
                self._add(node, *span, new, f"{old} -> {new}")
        if node.lineno == node.end_lineno:
            start, end = self._span(node)
            self._add(node, start, end, "pass", "statement deleted")
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
        for left, right in zip(node.values, node.values[1:], strict=False):
            lo, hi = self._span(left)[1], self._span(right)[0]
            index = self.source.find(f" {old} ", lo, hi)
            if index >= 0:
                self._add(node, index + 1, index + 1 + len(old), new, f"{old} -> {new}")
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            start, end = self._span(node)
            operand_start = self._span(node.operand)[0]
            inner = self.source[operand_start:end]
            self._add(node, start, end, f"({inner})", "not dropped")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        start, end = self._span(node)
        if isinstance(node.value, bool):
            self._add(node, start, end, str(not node.value), f"{node.value} -> {not node.value}")
        elif isinstance(node.value, int):
            self._add(node, start, end, str(node.value + 1), f"{node.value} -> {node.value + 1}")

    def visit_Call(self, node: ast.Call) -> None:
        self.visit(node.func)
        for arg in node.args:
            self.visit(arg)
        for keyword in node.keywords:
            if keyword.arg not in ("dtype", "cache", "nogil", "kind", "strict", "maxsize"):
                self.visit(keyword.value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        # annotations such as tuple[int, ...] never reach here (AnnAssign/args are skipped)
        self.generic_visit(node)


def _is_docstring(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)


def mutants_of(module: str) -> list[Mutant]:
    source = (PACKAGE / module).read_text(encoding="utf-8")
    finder = _Finder(module, source)
    finder.visit(ast.parse(source))
    unique: dict[tuple[int, int, str], Mutant] = {}
    for mutant in finder.found:
        unique.setdefault((mutant.start, mutant.end, mutant.new), mutant)
    return sorted(unique.values(), key=lambda m: (m.line, m.start, m.what))


def _has_kernels(module: str) -> bool:
    return "@njit" in (PACKAGE / module).read_text(encoding="utf-8")


# --------------------------------------------------------------------------- running


@dataclass
class Outcome:
    mutant: Mutant
    status: str  #: "killed", "survived", "timeout", "equivalent"
    seconds: float
    failed: str = ""  #: the first failing test


class Workspace:
    """A scratch copy of the package, the tests, pyproject.toml and the docs pages whose
    examples are tests, that mutants are written to."""

    def __init__(self, root: Path) -> None:
        self.root = root
        shutil.copytree(PACKAGE, root / "gamegraph", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(
            ROOT / "tests",
            root / "tests",
            ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"),
        )
        shutil.copy2(ROOT / "pyproject.toml", root / "pyproject.toml")
        # the pages whose examples run as tests (test_core_docs.py), not the report's output
        shutil.copytree(
            ROOT / "docs", root / "docs", ignore=shutil.ignore_patterns("report", "img")
        )
        self.warm_cache = root / "numba-cache"

    def run(self, tests: tuple[str, ...], fresh_cache: bool, timeout: float) -> tuple[str, str]:
        """("passed" | "failed" | "timeout", first failing test) of one pytest run."""
        env = dict(os.environ, PYTHONPATH=str(self.root), PYTHONDONTWRITEBYTECODE="1")
        env.pop("NUMBA_DISABLE_JIT", None)
        env["NUMBA_BOUNDSCHECK"] = "1"  # see the module's docstring: out-of-bounds raises
        with tempfile.TemporaryDirectory(dir=self.root) as cache:
            env["NUMBA_CACHE_DIR"] = cache if fresh_cache else str(self.warm_cache)
            command = [
                sys.executable,
                "-m",
                "pytest",
                *(f"tests/unit/{t}" for t in tests),
                "-x",
                "-q",
                "-p",
                "no:randomly",
                "-p",
                "no:cacheprovider",
                "-o",
                "addopts=--strict-markers",
            ]
            try:
                done = subprocess.run(
                    command, cwd=self.root, env=env, capture_output=True, text=True, timeout=timeout
                )
            except subprocess.TimeoutExpired:
                return "timeout", ""
        if done.returncode == 0:
            return "passed", ""
        failed = next(
            (line.split(" ")[1] for line in done.stdout.splitlines() if line.startswith("FAILED ")),
            done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "(no output)",
        )
        return "failed", failed

    def apply(self, mutant: Mutant) -> Path:
        path = self.root / "gamegraph" / mutant.module
        source = (PACKAGE / mutant.module).read_text(encoding="utf-8")
        path.write_text(source[: mutant.start] + mutant.new + source[mutant.end :], "utf-8")
        return path

    def restore(self, mutant: Mutant) -> None:
        shutil.copy2(PACKAGE / mutant.module, self.root / "gamegraph" / mutant.module)


def baseline(work: Workspace, modules: list[str]) -> dict[str, float]:
    """Run each covering test file once unmutated (warming the cache); they must pass.

    A module's time is the sum of its files' times: the files are shared by many modules
    (test_functional_games.py covers nine), so one run per file instead of per module.
    """
    per_file: dict[str, float] = {}
    for test in sorted({t for m in modules for t in TARGETS[m]}):
        started = time.monotonic()
        status, failed = work.run((test,), fresh_cache=False, timeout=3600)
        if status != "passed":
            sys.exit(f"the unmutated tests {test} do not pass ({failed}): fix them first")
        per_file[test] = time.monotonic() - started
        print(f"baseline {test}: {per_file[test]:.0f} s", flush=True)
    return {m: sum(per_file[t] for t in TARGETS[m]) for m in modules}


def run_mutants(
    work: Workspace, mutants: list[Mutant], base: dict[str, float]
) -> Iterator[Outcome]:
    for mutant in mutants:
        reason = mutant.equivalent()
        if reason is not None:
            yield Outcome(mutant, "equivalent", 0.0, reason)
            continue
        work.apply(mutant)
        started = time.monotonic()
        try:
            kernels = _has_kernels(mutant.module)
            timeout = max(120.0, 3 * base[mutant.module] + (30 if kernels else 0))
            status, failed = work.run(TARGETS[mutant.module], kernels, timeout)
        finally:
            work.restore(mutant)
        outcome = {"passed": "survived", "failed": "killed", "timeout": "timeout"}[status]
        yield Outcome(mutant, outcome, time.monotonic() - started, failed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--files", nargs="*", default=list(TARGETS), help="modules, as paths under gamegraph/"
    )
    parser.add_argument("--sample", type=int, default=0, help="run a random sample of mutants")
    parser.add_argument("--seed", type=int, default=14, help="seed of the sample")
    parser.add_argument("--list", action="store_true", help="only list the mutants")
    parser.add_argument(
        "--timeout",
        type=float,
        default=0,
        help="seconds per mutant; skips the unmutated baseline run (default: 3x its time)",
    )
    parser.add_argument(
        "--match",
        action="append",
        default=[],
        help="keep the mutants whose label contains this text (repeatable), e.g. to re-run "
        "survivors: --match 'gamegraph/games/_kernels.py:47: <= -> <'",
    )
    args = parser.parse_args()
    unknown = [f for f in args.files if f not in TARGETS]
    if unknown:
        sys.exit(f"unknown modules {unknown}: choose among {', '.join(TARGETS)}")
    mutants = [m for module in args.files for m in mutants_of(module)]
    print(f"{len(mutants)} mutants in {len(args.files)} modules", flush=True)
    if args.match:
        mutants = [m for m in mutants if any(text in m.label() for text in args.match)]
        print(f"{len(mutants)} match {args.match}", flush=True)
    if args.sample and args.sample < len(mutants):
        # in random order, so that the mutants done when a long run is stopped are a sample too
        mutants = random.Random(args.seed).sample(mutants, args.sample)
        print(f"sample of {len(mutants)} (seed {args.seed})", flush=True)
    if args.list:
        for mutant in mutants:
            print(mutant.label())
        return
    with tempfile.TemporaryDirectory(prefix="gamegraph-mutation-") as scratch:
        work = Workspace(Path(scratch))
        modules = sorted({m.module for m in mutants})
        # a given timeout replaces the baseline run that would measure one (3x its time)
        base = dict.fromkeys(modules, args.timeout / 3) if args.timeout else baseline(work, modules)
        outcomes = []
        for i, outcome in enumerate(run_mutants(work, mutants, base), 1):
            outcomes.append(outcome)
            detail = f" ({outcome.failed})" if outcome.status == "killed" else ""
            alive = sum(o.status == "survived" for o in outcomes)
            print(
                f"[{i}/{len(mutants)}, {alive} alive] {outcome.status:10} "
                f"{outcome.seconds:5.0f} s  {outcome.mutant.label()}{detail}",
                flush=True,
            )
    report(outcomes)


def report(outcomes: list[Outcome]) -> None:
    counted = [o for o in outcomes if o.status != "equivalent"]
    killed = [o for o in counted if o.status in ("killed", "timeout")]
    print()
    print("survivors:")
    for o in counted:
        if o.status == "survived":
            print(f"  {o.mutant.label()}")
    equivalent = [o for o in outcomes if o.status == "equivalent"]
    if equivalent:
        print("equivalent (not counted):")
        for o in equivalent:
            print(f"  {o.mutant.label()}\n      {o.failed}")
    timeouts = sum(o.status == "timeout" for o in counted)
    score = 100 * len(killed) / len(counted) if counted else 100.0
    print(
        f"mutation score: {len(killed)}/{len(counted)} killed = {score:.1f}% "
        f"({timeouts} by timeout; {len(equivalent)} equivalent not counted)"
    )


if __name__ == "__main__":
    main()
