"""The Bulgarian move or one pile (no seed has it): a two-player game whose moves are the
Bulgarian move and taking away one whole pile. The move can go round for ever: draws."""

import gamegraph as gg
from gamegraph.games.partitions import omega


@gg.impartial(name="bulgarian-or-pile", space="partitions-up-to", title="Bulgarian or a pile")
def moves(position: tuple[int, ...], n: int) -> list[tuple[int, ...]]:
    taken = {position[:i] + position[i + 1 :] for i in range(len(position))}
    return [omega(position), *taken] if position else []
