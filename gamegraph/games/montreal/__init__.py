"""Montreal solitaire (Cannings–Haigh; SPEC-games.md §3): sequences under the move M.

For a zero-free α, M(α) = (α_1 − 1, …, α_c − 1, c); in general every maximal positive block
moves on its own, (β, 0^r, γ) ↦ (M(β), 0^(r−1), M(γ)). M permutes the finite set I(n) of
irreducible positions of size n. The engine is in :mod:`.engine`.
"""
