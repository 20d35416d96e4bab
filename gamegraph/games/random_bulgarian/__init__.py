"""Random Bulgarian solitaire: Popov's pile-wise chain and the card-wise chain (SPEC-games.md §5).

Both are Markov chains on the partitions of n. In Popov's chain each pile independently loses
one card with probability p; in the card-wise chain of Eriksson, Jonsson and Sjöstrand each
card is picked independently with probability p. The picked cards form one new pile. The
engine is :mod:`.engine` (build and analysis), its compiled loops are in :mod:`._kernels`.
"""
