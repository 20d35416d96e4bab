"""CRIM (seed 003, SPEC-games.md §7): the two-player game that deletes a row or a column.

A position is a partition (Young diagram). A move deletes one whole row (removes a part) or
one whole column j (subtracts 1 from every part >= j); normal play, so [] is the only terminal
position and a P-position. :mod:`.engine` builds the game graph of every partition of size
<= n with its Sprague-Grundy values; :mod:`._kernels` holds its compiled inner loops.
"""
