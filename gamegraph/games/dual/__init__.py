"""Dual Bulgarian solitaire (Öhman; SPEC-games.md §4): partitions of n under the move D.

D removes the largest pile and deals its cards one by one to the remaining piles, from the
largest down, the cards left over forming new piles of one card. D = conj ∘ B ∘ conj, so its
graph is isomorphic to the Bulgarian one. The engine is in :mod:`.engine`.
"""
