"""The greedy player: the turn that leaves it furthest ahead.

Greedy makes the turn that maximises its score lead (its score minus the best other
score) in the position after the turn's explosions and growth, searched as the
extreme machine searches (:mod:`fabgen.play.search`); equal leads are broken at
random by the generator it is given.

It plays thousands of self-play games, so its default search is cheap: exhaustive up
to 64 move sets (a player on one or two tiles early in a game), otherwise a beam of
width 1: tile by tile, the best move on that tile (or none) given the moves chosen on
the tiles before, ties at random. That examines one turn per legal move, plus one.
Give wider :class:`~fabgen.play.search.SearchLimits` for stronger, slower play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from fabgen.play.search import SearchLimits, SearchResult, lead_value, search_turn
from fabgen.rules.state import Position
from fabgen.rules.variants import Variant

DEFAULT_LIMITS = SearchLimits(exhaustive=64, beam=1)


@dataclass(frozen=True)
class Greedy:
    """Maximises its score lead after the turn; see the module docstring."""

    limits: SearchLimits = DEFAULT_LIMITS
    name: str = "greedy"

    def choose_turn(self, position: Position, variant: Variant | str, rng: random.Random):
        return list(self.search(position, variant, rng).moves)

    def search(
        self, position: Position, variant: Variant | str, rng: random.Random
    ) -> SearchResult:
        """The search behind the choice: the turn, its lead (``value``), and whether
        every move set was examined."""
        value = lead_value(position.next_player)
        return search_turn(position, variant, value, rng, self.limits)
