"""The random player: uniformly random legal turns from a seeded generator.

The distribution it samples, per turn: the tiles on which the player has stones on a
live field are visited in a uniformly random order (a shuffle); on each one, with
probability ``move_chance`` (0.8), one move is made, chosen uniformly among every
legal move that starts on that tile at that moment (any of the player's live fields
there, any of the six directions, any length its free stones allow, long moves
included). Earlier moves of the turn change what is legal later (stones that arrived
do not move again, a field may be emptied). A turn with no move is a pass.

Good for speed figures and for upper bounds on the stones and markers a kit needs;
not for balance: random players burn most boards down until every score is 0, and
then only the tie-break decides who "wins".
"""

from __future__ import annotations

import random

from fabgen.rules.moves import Move
from fabgen.rules.random_games import random_moves
from fabgen.rules.state import Position
from fabgen.rules.turn import Turn
from fabgen.rules.variants import Variant

MOVE_CHANCE = 0.8


class RandomPolicy:
    """See the module docstring for the distribution of its turns."""

    name = "random"

    def __init__(self, move_chance: float = MOVE_CHANCE):
        self.move_chance = move_chance

    def choose_turn(self, position: Position, variant: Variant, rng: random.Random) -> list[Move]:
        return self.play(Turn(position, variant), rng)

    def play(self, turn: Turn, rng: random.Random) -> list[Move]:
        """Make the moves on ``turn`` (an open turn of the player to move) and return
        them: self-play calls this to avoid making every move twice."""
        return random_moves(turn, rng, self.move_chance)
