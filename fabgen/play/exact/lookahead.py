"""The extreme machine's second rule: the turn after which its next turn can explode
the most (see :mod:`fabgen.play.exact` and docs/design-notes.md)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from fabgen.play.exact.branch import BUDGET, _no_gc
from fabgen.play.exact.space import TurnSpace
from fabgen.rules.moves import Move
from fabgen.rules.state import Position


@dataclass(frozen=True)
class SetupResult:
    """The best turn by the explosions its player's next turn could make.

    ``value``: that count for the chosen turn (the most of every turn when
    ``exhaustive``); ``bound``: no turn allows more; ``ties``: turns (move sets, in
    every order that gives another position) with the best count; ``turns``: turns
    played; ``positions``: next-turn positions searched; ``nodes``: bound evaluations
    of those searches.
    """

    moves: tuple[Move, ...]
    value: int
    exhaustive: bool
    bound: int
    ties: int
    turns: int
    positions: int
    nodes: int
    move_sets: int


#: Move sets up to which the look-ahead plays every turn and searches each next turn
#: exactly (about 0.3 ms per turn played, before any search: 12,000 take 4 s).
NEXT_TURNS = 12_000


def best_setup(
    position: Position,
    variant,
    rng: random.Random,
    budget: int = BUDGET,
    max_turns: int = NEXT_TURNS,
) -> SetupResult | None:
    """The turn of the player to move after which its next turn (the others' turns
    in between played as passes: their explosions and growth happen, their moves are
    ignored) can explode the most; ties drawn by ``rng``. None when there are more
    than ``max_turns`` move sets (the caller falls back on a bounded search).

    Every turn is played (every move set, in every order that gives another
    position); the positions at the next turn are searched exactly, those with the
    largest upper bound first, each only for counts at least as large as the best
    so far, and none whose bound is below it. ``budget`` bounds the bound evaluations
    of all those searches together.
    """
    from fabgen.play.search import _All, moves_by_tile

    player = position.next_player
    tiles = moves_by_tile(position, variant)
    move_sets = math.prod(len(t) + 1 for t in tiles)
    if move_sets > max_turns:
        return None
    ahead = _Ahead(player, variant)
    found = _All()
    with _no_gc():
        return _setup(position, tiles, ahead, found, rng, budget, move_sets)


def _setup(position, tiles, ahead, found, rng, budget, move_sets) -> SetupResult:
    from fabgen.play.search import _exhaustive

    complete = _exhaustive(position, tiles, ahead, found)
    turns = found.found  # (moves, index of the next-turn position)
    spaces = ahead.spaces
    ranked = sorted(range(len(spaces)), key=lambda n: -_top(spaces[n]))
    value = [-1] * len(spaces)
    best, nodes, bound = 0, 0, -1
    for n in ranked:
        space = spaces[n]
        top = _top(space)
        if top < best:
            break
        if space is None or not space.volatile:
            value[n] = 0
            continue
        left = budget - nodes
        if left <= 0:
            complete = False
            bound = max(bound, top)
            continue
        got = space.best(random.Random(0), at_least=best, budget=left, ties=0)
        nodes += space.counter.nodes
        if got is None:
            continue
        if not got.exhaustive:
            complete = False
            bound = max(bound, got.bound)
        value[n] = got.value
        best = max(best, got.value)
    ties = [moves for moves, n in turns if value[n] == best]
    chosen = ties[0] if len(ties) == 1 else rng.choice(ties)
    return SetupResult(
        moves=tuple(chosen),
        value=best,
        exhaustive=complete,
        bound=max(best, bound),
        ties=len(ties),
        turns=len(turns),
        positions=len(spaces),
        nodes=nodes,
        move_sets=move_sets,
    )


def _top(space: TurnSpace | None) -> int:
    return 0 if space is None else space.top_bound


class _Ahead:
    """Value of a position after the player's turn, for ``_exhaustive``: the index of
    the position at the player's next turn (the others passing), one per distinct
    position; its :class:`TurnSpace` (None when the game is over by then)."""

    def __init__(self, player: int, variant):
        from fabgen.rules.variants import get_variant

        self.player, self.variant = player, get_variant(variant)
        self.spaces: list[TurnSpace | None] = []
        self._index: dict[tuple, int] = {}

    def __call__(self, after: Position) -> int:
        from fabgen.play.search import next_turn_of, state_key

        key = state_key(after)
        n = self._index.get(key)
        if n is None:
            pos = next_turn_of(after, self.player, self.variant)
            n = self._index[key] = len(self.spaces)
            self.spaces.append(None if pos is None else TurnSpace(pos))
        return n
