"""Games defined by their move, each in at most 15 lines (docs/games.md, "Your own game").

The seeds' games re-expressed (the tests hold each to the built-in game's graph and
analysis): Bulgarian, Carolina, Dual and Austrian solitaire (functional), Floridian's turn
graph H_n (a choice solitaire) and CRIM (an impartial game). And two variants no seed has:
two-card Bulgarian solitaire and the game of the Bulgarian move or one pile.
"""
