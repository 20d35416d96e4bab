"""Austrian solitaire with parameter L (Akin–Davis; SPEC-games.md §2).

A state is (μ, b): ordinary piles μ with at most L cards each (machines with years of life
left) and a bank of b cards. A move takes one card from every ordinary pile into the bank,
then buys new piles of L cards while the bank holds at least L. The engine is in
:mod:`.engine`.
"""
