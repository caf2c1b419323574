"""Machines: seats that play themselves by fixed rules (docs/design-notes.md, rule 9).

- :class:`Machine`, the simple machine of the 1995 rules and the online rules'
  dummy player: it never moves; its fields explode and grow as usual.
- :class:`ExtremeMachine`, the 1995 rules' extreme machine:

  1. it makes the turn whose explosion phase has the most explosions;
  2. if no turn explodes anything, the turn after which its *next* turn could
     explode the most: the others' turns in between are played as passes (their
     explosions and growth happen, their moves are ignored), then its best next
     turn is searched the same way;
  3. equal choices are broken at random by the generator it is given, so a seed
     reproduces every decision.

  Explosions are counted one per explosion: a field that explodes twice in one
  phase (live -> growing -> dead) counts twice, as in the rule sheet's count of
  fields exploded. By default both rules are searched exactly
  (:mod:`fabgen.play.exact`): every turn is accounted for, most of them by proven
  bounds rather than by playing them. Budgets of bound evaluations keep a decision
  within seconds on any board; when one runs out, :meth:`ExtremeMachine.decide` says
  so (``exhaustive=False``) and gives the bound it proved. Given ``limits``, the
  machine uses the older search of :mod:`fabgen.play.search` instead (exhaustive up
  to that many move sets, else a beam): faster on big boards, not exact.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from fabgen.play.exact import BUDGET, NEXT_TURNS, TurnSpace, best_setup
from fabgen.play.search import (
    SearchLimits,
    SearchResult,
    count_explosions,
    count_move_sets,
    explosions_value,
    moves_by_tile,
    next_turn_of,
    search_turn,
    state_key,
)
from fabgen.rules.moves import Move
from fabgen.rules.state import Position
from fabgen.rules.turn import Turn
from fabgen.rules.variants import Variant, get_variant

#: Which rule chose the turn.
NOW = "explosions-now"
NEXT = "explosions-next-turn"
NEVER_MOVES = "machine-never-moves"

#: The older search's bounds (see :class:`ExtremeMachine`; ``NOW_LIMITS`` was its
#: default before the exact search).
NOW_LIMITS = SearchLimits(exhaustive=4096, beam=8)
SETUP_LIMITS = SearchLimits(exhaustive=512, beam=2)
NEXT_LIMITS = SearchLimits(exhaustive=256, beam=2)


class Machine:
    """The simple machine and the dummy player: always passes."""

    name = "machine"

    def choose_turn(self, position: Position, variant: Variant | str, rng: random.Random):
        return []


@dataclass(frozen=True)
class Decision:
    """An extreme machine's turn and why.

    ``explosions``: explosions of this turn's explosion phase; ``next_turn``: when no
    turn explodes anything now, the explosions its best next turn could make after
    this one (None otherwise); ``exhaustive``: whether the turn is proven best (every
    turn accounted for), else ``limits`` says what stopped the search and ``bound``
    is the most that any turn could reach, as far as it proved: this turn's
    explosions for ``explosions-now``, the next turn's for ``explosions-next-turn``
    (None when exhaustive); ``turns_examined`` counts the turns played and the
    explosion phases evaluated for bounds, in all searches (next turns included);
    ``all_ties``: False when the search stopped looking for more turns as good as the
    best (past ``TIES`` bound evaluations), so ``search.ties`` counts those found.
    """

    moves: tuple[Move, ...]
    criterion: str
    explosions: int
    next_turn: int | None
    exhaustive: bool
    bound: int | None
    turns_examined: int
    search: SearchResult  # the search that chose the turn
    limits: str | None = None
    all_ties: bool = True  # the tie was drawn among every turn as good (see ``TIES``)


def ties_words(ties: int, all_ties: bool = True) -> str:
    """How the turn was picked among the best, as ``rules machine`` and the play page say
    it: a seed draws one of several, so another seed may give another (both right)."""
    found = "" if all_ties else " found (it stopped looking for more)"
    if ties <= 1:
        return f"the only best turn{found}"
    return f"one of {ties:,} equally good turns{found}"


@dataclass(frozen=True)
class ExtremeMachine:
    """The extreme machine; see the module docstring for its rules.

    By default (``limits`` None) the exact search: ``budget`` bounds the bound
    evaluations of the search for this turn's explosions, ``setup_budget`` those of
    all next-turn searches together, and the look-ahead is exact up to
    ``next_turns`` move sets of this turn (beyond, the older search's beam picks
    this turn, its next turns searched exactly within shares of ``setup_budget``).
    With ``limits``, the older search (:func:`~fabgen.play.search.search_turn`):
    ``limits`` bound the search for this turn's explosions; ``setup_limits`` the
    search for a turn that prepares the next one, and ``next_limits`` the search of
    that next turn for each of its candidates (a search inside a search); the next
    turns together may examine about ``next_budget`` turns.
    """

    limits: SearchLimits | None = None
    setup_limits: SearchLimits = SETUP_LIMITS
    next_limits: SearchLimits = NEXT_LIMITS
    next_budget: int = 16_000
    name: str = "extreme-machine"
    budget: int = BUDGET
    setup_budget: int = BUDGET
    next_turns: int = NEXT_TURNS

    def choose_turn(self, position: Position, variant: Variant | str, rng: random.Random):
        return list(self.decide(position, variant, rng).moves)

    def decide(self, position: Position, variant: Variant | str, rng: random.Random) -> Decision:
        """The turn the player to move makes as an extreme machine, and why.
        Raises ``IllegalMove`` (game-over) once the game has ended."""
        variant = get_variant(variant)
        if self.limits is not None:
            return self._decide_bounded(position, variant, rng, self.limits)
        Turn(position, variant)  # raises game-over
        space = TurnSpace(position)
        now = space.best(rng, budget=self.budget)
        assert now is not None  # every turn reaches 0 explosions
        found = SearchResult(
            now.moves,
            now.value,
            now.exhaustive,
            now.nodes,
            now.move_sets,
            now.ties,
            None if now.exhaustive else f"{self.budget:,} bound evaluations",
        )
        if now.value:
            assert now.value == _explosions_of(position, now.moves, variant), now
            return Decision(
                moves=now.moves,
                criterion=NOW,
                explosions=now.value,
                next_turn=None,
                exhaustive=now.exhaustive,
                bound=None if now.exhaustive else now.bound,
                turns_examined=now.nodes,
                search=found,
                limits=found.bound,
                all_ties=now.all_ties,
            )
        limits = [] if now.exhaustive else [f"this turn: {found.bound}"]
        setup = best_setup(position, variant, rng, self.setup_budget, self.next_turns)
        if setup is None:  # too many turns to play them all: a beam over them
            bounded = self._decide_bounded(
                position, variant, rng, NOW_LIMITS, now=found, exact_next=True
            )
            limits.append(f"next turn: {bounded.limits}")
            return replace(
                bounded,
                exhaustive=False,
                bound=_most_explosions(position),
                limits="; ".join(limits),
                turns_examined=now.nodes + bounded.turns_examined,
            )
        if not setup.exhaustive:
            limits.append(f"next turns: {self.setup_budget:,} bound evaluations")
        chosen = SearchResult(
            setup.moves,
            setup.value,
            setup.exhaustive,
            setup.turns + setup.nodes,
            setup.move_sets,
            setup.ties,
            "; ".join(limits) or None,
        )
        return Decision(
            moves=setup.moves,
            criterion=NEXT,
            explosions=_explosions_of(position, setup.moves, variant),
            next_turn=setup.value,
            exhaustive=not limits,
            bound=None if not limits else setup.bound,
            turns_examined=now.nodes + setup.turns + setup.nodes,
            search=chosen,
            limits=chosen.bound,
            all_ties=setup.all_ties,
        )

    def _decide_bounded(
        self,
        position: Position,
        variant: Variant,
        rng: random.Random,
        limits: SearchLimits,
        now: SearchResult | None = None,
        exact_next: bool = False,
    ) -> Decision:
        """The older search (see the class docstring). With ``exact_next`` (the
        default search's fallback for a look-ahead too big to play every turn of) the
        next turns are searched by the exact search, each within its share of
        ``setup_budget``: a beam over this turn's tiles then picks its turn by the next
        turns' true counts, not by the older search's guesses at them."""
        if now is None:
            now = search_turn(position, variant, explosions_value(position), rng, limits)
        if now.value:
            return Decision(
                moves=now.moves,
                criterion=NOW,
                explosions=int(now.value),
                next_turn=None,
                exhaustive=now.exhaustive,
                bound=None if now.exhaustive else TurnSpace(position).top_bound,
                turns_examined=now.turns_examined,
                search=now,
                limits=now.bound,
                all_ties=now.exhaustive,  # else the ties of the turns it looked at
            )
        if exact_next:
            share = max(1, self.setup_budget // self._setup_candidates(position, variant))
            ahead = _NextTurn(position.next_player, variant, None, share)
        else:
            ahead = _NextTurn(position.next_player, variant, self._next_limits(position, variant))
        nxt = search_turn(position, variant, ahead, rng, self.setup_limits)
        bounds = [f"this turn: {b}" for b in (now.bound, nxt.bound) if b]
        if ahead.bounded:
            bounds.append(f"next turn: {ahead.bounded} of {ahead.searched} searches bounded")
        return Decision(
            moves=nxt.moves,
            criterion=NEXT,
            # 0, unless the two bounded searches looked at different turns.
            explosions=_explosions_of(position, nxt.moves, variant),
            next_turn=int(nxt.value),
            exhaustive=not bounds,
            bound=None if not bounds else _most_explosions(position),
            turns_examined=now.turns_examined + nxt.turns_examined + ahead.examined,
            search=nxt,
            limits="; ".join(bounds) or None,
            all_ties=not bounds,
        )

    def _next_limits(self, position: Position, variant: Variant) -> SearchLimits:
        """The next-turn limits, narrowed so that all next turns keep to the budget."""
        each = max(1, self.next_budget // self._setup_candidates(position, variant))
        return replace(self.next_limits, exhaustive=min(self.next_limits.exhaustive, each))

    def _setup_candidates(self, position: Position, variant: Variant) -> int:
        """About how many turns the search for a turn that prepares the next one
        values (each by a next-turn search)."""
        tiles = moves_by_tile(position, variant)
        candidates = count_move_sets(tiles)
        if candidates > self.setup_limits.exhaustive:  # the beam's candidates
            candidates = 1 + self.setup_limits.beam * sum(len(moves) for moves in tiles)
        return candidates


def _most_explosions(position: Position) -> int:
    """An upper bound on the explosions of any later turn: a live field explodes at
    most twice, a growing one once."""
    return sum(2 if s == 0 else 1 if s == 1 else 0 for s in position.status_codes)


class _NextTurn:
    """Value of a position after a turn: the most explosions the player's next turn
    could make, the others passing in between. Cached by position."""

    def __init__(self, player: int, variant: Variant, limits: SearchLimits | None, exact: int = 0):
        # ``limits``: the older search's; else the exact search with ``exact`` bound
        # evaluations a position.
        self.player, self.variant, self.limits, self.exact = player, variant, limits, exact
        self.searched = self.bounded = self.examined = 0
        self._cache: dict[tuple, int] = {}

    def __call__(self, after: Position) -> int:
        key = state_key(after)
        if key not in self._cache:
            self._cache[key] = self._best_next(after)
        return self._cache[key]

    def _best_next(self, after: Position) -> int:
        pos = next_turn_of(after, self.player, self.variant)
        if pos is None:
            return 0
        # Its own generator: the value depends on the position only.
        self.searched += 1
        if self.limits is None:
            space = TurnSpace(pos)
            best = space.best(random.Random(0), budget=self.exact, ties=0)
            assert best is not None  # every turn reaches 0 explosions
            self.bounded += not best.exhaustive
            self.examined += space.counter.nodes
            return best.value
        found = search_turn(pos, self.variant, explosions_value(pos), random.Random(0), self.limits)
        self.bounded += not found.exhaustive
        self.examined += found.turns_examined
        return int(found.value)


def _explosions_of(position: Position, moves, variant: Variant) -> int:
    from fabgen.rules.turn import play_turn

    after, _ = play_turn(position, moves, variant)
    return count_explosions(position, after)
