"""Carolina solitaire (SPEC-games.md §1): compositions of n under the move C.

C(α_1, …, α_c) = (c, α_1 − 1, …, α_c − 1) with the zero entries deleted: one card from each
pile, in order, and the c cards form a new pile in front. The engine is in :mod:`.engine`.
"""
