"""Tchoukaillon solitaire, strange roots and Fagan's construction (SPEC-games.md §6, seed 002).

:mod:`.boards` holds the boards and the moves (winnable boards, move vectors, winning play),
:mod:`.roots` the strange roots, Fagan pairs and basins, :mod:`.engine` the move graph for
loading, and :mod:`._kernels` the compiled bulk loops over ranges of n.
"""
