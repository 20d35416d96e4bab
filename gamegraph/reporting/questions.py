"""The nine open questions of seed 000 §8, each answered with data for the n reached.

Every answer is a sentence built from the computed values, with the range it covers; the
table and the figures (file names, drawn by :mod:`.figures`) hold the data behind it.
Questions 1-3 (play in the full G_n) are answered in :mod:`.questions_play`, questions 4-9
(the cycles of G_n and the lifting graph Q) in :mod:`.questions_cycles`.
"""

from __future__ import annotations

from typing import Any

from gamegraph.reporting import questions_cycles as cycles
from gamegraph.reporting import questions_play as play
from gamegraph.reporting.data import ReportData
from gamegraph.reporting.qgraph import q_graph, q_summary
from gamegraph.reporting.steps import LIFT_RULES

__all__ = ["QUESTIONS", "answer_questions"]

QUESTIONS = (
    "It seems that, with some small exceptions, the one-part partition n is the unique initial "
    "winning position farthest from the recurrent states. Is this true? How far is it?",
    "Prove that there is a losing position for each n > 6. The open cases are n = 6m and "
    "n = 6m + 2.",
    "Find a strategy that is frequently successful in reaching the recurrent states from a "
    "random separated partition.",
    "Does each Ω-move in a 4-cycle create the largest part in the next partition?",
    "Characterize the 4-cycles. There are over 20 of them for n = 100.",
    "Can one find one-parameter families of (2k)-cycles for every integer k ≥ 3?",
    "Are there any 4-cycles that do not lift? If not, then every component of Q is infinite.",
    "What is the structure of Q? Does each component have only one member with in-degree 0?",
    "Are there modifications of the lifting rules or additional lifting rules of the same nature "
    "that give more edges or merge components in the modified Q?",
)


def answer_questions(data: ReportData) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(the nine questions, the Q graphs by rule for the figures)."""
    graphs = {rule: q_graph(data, rule) for rule in LIFT_RULES}
    summaries = {rule: q_summary(graphs[rule]) for rule in LIFT_RULES}
    answers = [
        play.farthest_answer(data),
        play.losing_answer(data),
        play.strategies_answer(data),
        cycles.omega_answer(data),
        cycles.four_cycles_answer(data),
        cycles.long_cycles_answer(data),
        cycles.non_lifting_answer(data, graphs),
        cycles.q_structure_answer(data, summaries),
        cycles.lifting_rules_answer(data, graphs, summaries),
    ]
    numbered = enumerate(zip(QUESTIONS, answers, strict=True), start=1)
    return [{"number": i, "question": q, **body} for i, (q, body) in numbered], graphs
