"""The strong player: plays for the territory it will hold, not the score of the moment.

A decision has two stages, both counted in positions evaluated (the *budget*), never
in seconds, so a seed reproduces every game on any machine:

1. **Candidates.** The move-set search of :mod:`fabgen.play.search` (exhaustive when
   there are few move sets, else a beam over the tiles) values every turn it examines
   by the territory estimate of the position right after it
   (:func:`fabgen.play.territory.estimate`, as the lead over the best other seat,
   the player's own material counting a little more: see *Thrift* below).
2. **Replies and consequences.** The best few candidates are looked at again: the
   next seat that moves answers with its own best turn by the same quick value (a
   best-reply search: the one opponent whose answer comes first), then every seat
   passes for a few rounds (explosions and growth only), which plays out the chains
   that stacks at capacity and growing fields set off. The candidate whose final
   position has the best lead is played; equal leads are broken by the generator.
   The turn the rollouts play for the player (one stone off each tile's fullest
   field) is always among those looked at again, so the player can make any rescue
   its rollouts count on. So is, while the player has no growing field, its best move
   that brings one of its stacks to capacity (an *ignition*): growth is the only
   source of stones, and the quick value of the first stage never ranks it.
   When no other seat can move any more, or no growing field is left after the
   opening (some field is dead) or before anyone can explode (no seat has the stones
   to fill the smallest live field), each candidate is played out to the end of the game
   instead, and the final score decides. Alone, the rest of the game is the player's
   own to play, and an estimate would miss the fires its own growing fields light
   turns later. With no growing field, nothing happens unless someone moves: a turn
   that does not end the game pays for every stone of another seat left in a region
   with ours, so that seats sharing a closed region take each other's stones until
   one holds it, instead of waiting for ever (such standoffs made a third of the
   six-seat star's games reach the turn cap). In these rollouts to the end our turns
   take the stones of other seats they can reach (else defuse), so a turn that
   starts an attack is valued by the region the attack wins; an end that is not lost
   is worth a little more the sooner it comes, and in a standoff the turns that step
   towards another seat's stone are looked at first and pay less for the distance
   left (:attr:`Settings.approach`), so that single stones close in and trade
   instead of running from each other for ever.

**Facing a fire that will leave it next to nothing** (other seats' growing fields whose
fires, played on for :attr:`Settings.refuge` rounds, burn the player's land down), the
player retreats: the candidates and the turn that carries its stones towards the fields
the fire reaches last are played out for those rounds with its turns retreating the same
way, and the one that keeps the most decides. Stones stacked below capacity where the
fire comes last absorb it (each burning neighbour takes one stone and one of capacity,
then one more stone), and a corner kept is a game won against a seat left with nothing.

**Kindling**: a seat whose stones all stand in one stack at capacity, with nothing
growing (a stack start of the 1995 rules, before its first turn), passes, so that the
stack explodes. Any move takes stones off it, and the search valued every spread of
the stack towards the middle above its fire (the stones reach fields first; the growth
pays only over more rounds than it looks ahead), so on stack-start boards most seats
defused their stack and kept six stones for the whole game while the one or two seats
that let theirs explode took the board. Made to let it explode, one such seat went from
no wins to 30 % of 40 games (5p-hexagon-18-stacks, Green) and from about none to 91 %
(4p-diamond-5-stacks, Yellow); see the design notes, *Kindling*.

**Thrift**: what the player maximises is its lead plus :attr:`Settings.thrift` times
its own material (stones, growing fields, charges; at the end of a rollout, its own
score). By the lead alone a stone of ours taken for a stone of theirs is no loss, and
neither is our land burnt with theirs; counted so, the player trades its stones away,
and a fire later finds nobody to absorb it and nothing held. With thrift it keeps its
stones, which end up holding its corner when another seat's fire comes. Only material
counts extra: counting the whole estimate so (land too) also kept it from firing again
on stack-start boards, whose fires die out early, and those games cancelled out to 0:0.
Only with two or three seats and no machine seat (:data:`THRIFT_SEATS`): with more, or
beside machines, games between strong players ended 0:0 more often with it.

**Calm answers**: with two seats, neither a machine, the quick value that picks the
other seat's answer never ranks its first fire on a cold board, except right after our
turn has warmed it. So every turn of ours was valued as if the other seat never fired,
and our own first fire as if it fired back at once, from wherever its fire spreads
furthest: the player never fired first where the other seat could fire too, and traded
its stones down to 0:0 instead. With :attr:`Settings.calm`, when the other seat's best
answer lights its first fire, a candidate is worth the mean of its value after that
answer and after the best of its :data:`CALM_ANSWERS` best answers that lights none.
Against random, ``2p-line-7`` went from 96.6 to 98.1 % of the wins and
``2p-hexagon-19-near`` from 97.7 to 98.25 % (400 games each); head to head it is even
with the player without it. With more seats the answer comes from the next seat only,
and it was not measured there.

**Doom**: beside machine seats, with four seats or more (:data:`DOOM_SEATS`, machines
counted), every seat's value loses a field for each field by which the estimates of
all seats together fall short of :attr:`Settings.doom` (a fifth) of the board. The lead
against the best other seat makes every seat behind the leader gain when the whole
board burns (a first place shared by all at 0), and on machine boards a tenth of
the games between strong players ended so; the penalty makes that the loss it is for
everyone, while firing at the leader still pays.

**Concession**: a region we share with machine seats only, with nothing growing, never
settles while we wait (machines never move), and a single stone beside a machine's
stack of 2 would wait for ever rather than give the region up. In rollouts to the end
our turns with nothing to take step towards the machines' stones there, and a rollout
that still does not end pays :attr:`Settings.concede` per such machine stone; sharing
such a region, an end comes the sooner the better even when it is lost. So the player
gives up a region it can never win, and the game ends.

A budget above the default (``strong:N``) buys a deeper search
(:func:`settings_for`): longer rollouts, more candidates looked at again, and rollout
turns of ours that meet other seats' fires (:func:`_counter`: stones onto the fields
their fire will explode), so that a fire still far from our land is seen
coming while stones can still be laid across its path. The default player searches so,
at :data:`TWO_SEAT_BUDGET`, when two seats play and neither is a machine: a decision
there is cheap, and the default budget lost too many games to random's fires (0:0).

Why this search and not Monte Carlo tree search: a turn here is a set of moves, one
per tile, so a position has thousands of turns and random playouts of this game
mostly burn the board down, telling a tree little about territory. A shallow search
over a territory evaluation is cheap (the default decides in tens of milliseconds)
and sees what matters most: whether an answer breaks a region open and whether the
stacks it leaves explode into its own land. With several opponents, only the next
one answers (the others pass): a full max^n or paranoid search over every seat's
turn costs one more search per seat for little gain at this depth.

See ``docs/design-notes.md`` ("The strong player") for the tuning and the figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from fabgen.errors import ParameterError, abridged
from fabgen.play.search import SearchLimits, moves_by_tile, search_candidates
from fabgen.play.territory import (
    DEFAULT_WEIGHTS,
    Weights,
    estimate,
    estimate_parts,
    lead,
    nobody_can_clear,
)
from fabgen.rules.moves import MACHINE, IllegalMove, Move, direction_and_distance, play_move
from fabgen.rules.scoring import game_over_check, scores
from fabgen.rules.state import DEAD, GROWING, LIVE, NOBODY, Position
from fabgen.rules.turn import Turn, end_turn, explode, grow, play_turn
from fabgen.rules.variants import Variant

#: Positions evaluated per decision by default; ``strong:N`` sets another budget.
DEFAULT_BUDGET = 300
#: The budget of the default player in a game of two seats, none a machine: it
#: searches as ``strong:3000`` does. Against random, the default budget left 42 of 800
#: games on the diamonds 0:0 (96.75 % of the wins) and this one 24 (98.25 %); with
#: more seats a decision costs more and the default stays (docs/design-notes.md,
#: *Two seats search deeper*).
TWO_SEAT_BUDGET = 3000
#: The most seats (and none a machine) with which our material counts
#: :attr:`Settings.thrift` more: with more, or beside machines, strong self-play ended
#: 0:0 more often with it (6p-hexagon-19 13 % of 89 games against 4 %, 6p-ring-18 6 %
#: against 1 %, 2p-diamond-5-machines 12 % against 8 %: docs/design-notes.md, *Thrift*).
THRIFT_SEATS = 3
#: The fewest seats (machines too) with which a board nearly burnt down costs every
#: seat beside machine seats (:attr:`Settings.doom`). Not with three seats: one
#: strong seat against greedy ones won less with it (3p-triangle-4 79.5 % of 40 games
#: against 90.8 %). Not among people only: more stones survive, and three single
#: stones in a region wait for ever, as whoever attacks hands it to the third
#: (4p-butterfly 5 of 180 games capped against none); those boards seldom end 0:0
#: anyway (docs/design-notes.md, *Doom and concession*).
DOOM_SEATS = 4
#: With :attr:`Settings.calm`, the other seat's best answers (by the quick value)
#: looked through for one that lights no first fire of its own.
CALM_ANSWERS = 4
#: Bounds of a budget a user may give.
MIN_BUDGET, MAX_BUDGET = 1, 1_000_000


@dataclass(frozen=True)
class Settings:
    """How the strong player searches; see the module docstring."""

    budget: int = DEFAULT_BUDGET  # positions evaluated per decision
    beam: int = 2  # partial turns kept per tile while listing candidates
    keep: int = 6  # candidates looked at again with replies and consequences
    glance: int = 1  # rounds of passes played out before valuing a candidate
    rounds: int = 3  # rounds of rollout turns played out before the final valuation
    early: float = 0.25  # weight of the leads on the way, against the final one
    solo: int = 30  # alone on the board: rounds played out to the end of the game
    stall: float = 1.0  # no growing field left: per stone of others sharing a region with ours
    ignite: int = 1  # with no growing field of ours: igniting moves looked at again
    kindle: bool = True  # all our stones one full stack, nothing growing: let it explode
    approach: float = 0.05  # played to the end, no end: per step to the nearest other stone
    sooner: float = 0.01  # played to the end: per turn of ours before an end not lost
    counter: bool = False  # our rollout turns meet other seats' fires (else only defuse)
    refuge: int = 10  # rounds looked ahead for fires that leave us next to nothing (0: never)
    thrift: float = 0.5  # our own material (and final score) counts this much more than others'
    doom: float = 0.2  # board share all estimates should reach (machine boards, DOOM_SEATS+)
    concede: float = 10.0  # played to the end, no end: per machine stone in a region with ours
    calm: bool = True  # two seats: also value candidates against an answer lighting no fire
    weights: Weights = field(default=DEFAULT_WEIGHTS)


class Strong:
    """A player that searches for the turn leaving it the most likely territory."""

    def __init__(self, settings: Settings | None = None, name: str = "strong"):
        #: Without settings, the default: deeper with two seats (:func:`settings_at`).
        self.default = settings is None
        self.settings = settings or Settings()
        self.name = name

    def settings_at(self, position: Position) -> Settings:
        """The search for this position: given settings always; the default player
        searches as ``strong:``:data:`TWO_SEAT_BUDGET` when two seats play and
        neither is a machine."""
        if self.default and _two_people(position):
            return settings_for(TWO_SEAT_BUDGET)
        return self.settings

    def choose_turn(
        self, position: Position, variant: Variant | str, rng: random.Random
    ) -> list[Move]:
        return list(self.decide(position, variant, rng).moves)

    def decide(
        self, position: Position, variant: Variant | str, rng: random.Random
    ) -> StrongDecision:
        """The turn and how it was found (for hints, tests and benchmarks)."""
        return _Search(self.settings_at(position), position, variant, rng).run()


def _two_people(position: Position) -> bool:
    return deeper_by_default([p.kind for p in position.players])


def deeper_by_default(kinds: list[str]) -> bool:
    """Whether the default player searches at :data:`TWO_SEAT_BUDGET` with seats of
    these kinds: two seats, neither a machine."""
    return len(kinds) == 2 and all(kind == "player" for kind in kinds)


@dataclass(frozen=True)
class StrongDecision:
    moves: tuple[Move, ...]
    value: float  # the lead after the replies and the passes
    evaluations: int  # positions evaluated
    candidates: int  # turns valued in the first stage


class _Search:
    def __init__(self, settings: Settings, position: Position, variant, rng: random.Random):
        self.settings, self.position, self.variant, self.rng = settings, position, variant, rng
        self.player = position.next_player
        self.evaluations = 0
        people_only = all(p.kind == "player" for p in position.players)
        few = len(position.players) <= THRIFT_SEATS
        self.thrift = settings.thrift if people_only and few else 0.0
        doomed = not people_only and len(position.players) >= DOOM_SEATS
        self.doom = settings.doom if doomed else 0.0
        #: Beside machine seats, we give up a region we can never win from them;
        #: ``conceding``: we share one with machines only now (:func:`_beside_machines`).
        self.concede = bool(settings.concede) and not people_only
        self.conceding = self.concede and _beside_machines(position, self.player) > 0
        self.calm = settings.calm and _two_people(position)

    def quick(self, seat: int):
        """Value of a position for ``seat`` right after a turn: its lead after every
        seat passes for :attr:`Settings.glance` rounds. The search hands each
        position over for good, so the passes are played on it in place."""
        passes = self.settings.glance * len(self.position.players)

        def value(after: Position) -> float:
            self.evaluations += 1
            for _ in range(passes):
                _pass(after, seat)
            return self.valued(after, seat)

        return value

    def valued(self, position: Position, seat: int) -> float:
        """What ``seat`` plays for, by the estimate: its lead, plus
        :attr:`Settings.thrift` times its own material (see the module docstring; with
        two or three seats and no machine seat, :data:`THRIFT_SEATS`)."""
        parts = estimate_parts(position, self.settings.weights)
        value = lead(parts.value, seat) + self.thrift * parts.material[seat]
        if self.doom:
            # (a board burnt down is a first place shared by all: every seat behind
            # the leader would gain by it, so every seat pays for it)
            value -= max(0.0, self.doom * len(position.status_codes) - sum(parts.value))
        return value

    def scored(self, position: Position, seat: int) -> float:
        """The same by the score, at the end of a rollout: the lead in score plus
        :attr:`Settings.thrift` times its own score."""
        final = [float(x) for x in scores(position)]
        return lead(final, seat) + self.thrift * final[seat]

    def run(self) -> StrongDecision:
        tiles = moves_by_tile(self.position, self.variant)
        if not tiles:
            return StrongDecision((), 0.0, 0, 0)
        if self.settings.kindle and _start_stack(self.position, self.player):
            return StrongDecision((), self.consequences(()), self.evaluations, 0)
        budget = self.settings.budget
        limits = _first_stage_limits(tiles, budget // 2, self.settings.beam)
        found = search_candidates(
            self.position, self.variant, self.quick(self.player), self.rng, limits
        )
        kept = [moves for moves, _ in found[: self.settings.keep]]
        alone = _alone(self.position, self.player) or _frozen(self.position)
        burnt = None if alone or not self.settings.refuge else self.fire_ahead()
        if burnt is not None:
            decision = self.retreat(kept, burnt, len(found))
            if decision is not None:
                return decision
        careful = self.careful_turn(alone)
        if careful and careful not in kept:
            kept.append(careful)
        if not alone:
            kept += [turn for turn in self.ignitions() if turn not in kept]
            if self.settings.counter:
                counter = tuple(_counter(self.position.copy(), self.player, self.variant))
                if counter and counter not in kept:
                    kept.append(counter)
        elif self.settings.approach:
            # (first: in a standoff the first stage values every turn alike)
            closer = self.approaches()
            kept = closer + [turn for turn in kept if turn not in closer]
        best: list[tuple[Move, ...]] = []
        best_value = float("-inf")
        for moves in kept:
            # (The careful turn comes last and is looked at even when the budget is
            # spent: the first stage alone may spend it on a crowded board.)
            if best and self.evaluations >= budget and moves is not careful:
                continue
            value = self.to_the_end(moves) if alone else self.consequences(moves)
            if value > best_value:
                best, best_value = [moves], value
            elif value == best_value:
                best.append(moves)
        choice = best[0] if len(best) == 1 else self.rng.choice(best)
        return StrongDecision(tuple(choice), best_value, self.evaluations, len(found))

    def fire_ahead(self) -> list[int] | None:
        """When other seats' fires will leave us next to nothing within
        :attr:`Settings.refuge` rounds of rollout turns (ours defuse, the others
        pass), the round in which each field stops being live then (the rounds + 1
        for those still live at the end); else None."""
        pos, seat, rounds = self.position, self.player, self.settings.refuge
        weights = self.settings.weights
        if not any(pos.owners[g] not in (seat, NOBODY) for g in pos.growing_indices):
            return None
        self.evaluations += 1
        now = estimate(pos, weights)[seat]
        if now < REFUGE_WORTH:
            return None
        after = pos.copy()
        burnt = [rounds + 1] * len(after.status_codes)
        over = game_over_check(self.variant)
        for r in range(rounds):
            if over(after):  # (nothing burns any more)
                break
            for _ in range(len(after.players)):
                if over(after):
                    break
                _pass(after, seat)
            for f, status in enumerate(after.status_codes):
                if status != LIVE and burnt[f] > r:
                    burnt[f] = r
        self.evaluations += 1
        if estimate(after, weights)[seat] >= REFUGE_WORTH:
            return None
        return burnt

    def retreat(self, kept, burnt: list[int], found: int) -> StrongDecision | None:
        """Facing a fire that will leave us next to nothing: each candidate, and the
        turn that carries stones to the fields the fire reaches last, is played out
        for the same rounds with our rollout turns carrying stones there (the others
        pass); the best lead at the end decides. None when no candidate keeps a lead."""
        turn = tuple(_retreat(self.position.copy(), self.player, self.variant, burnt))
        if turn and turn not in kept:
            kept = [*kept, turn]
        best: list[tuple[Move, ...]] = []
        best_value = float("-inf")
        for moves in kept:  # (few, each once: the first stage spent the budget)
            value = self.held_after(moves, burnt)
            if value > best_value:
                best, best_value = [moves], value
            elif value == best_value:
                best.append(moves)
        if best_value <= 0:  # nothing kept whatever we do: play on as usual
            return None
        choice = best[0] if len(best) == 1 else self.rng.choice(best)
        return StrongDecision(tuple(choice), best_value, self.evaluations, found)

    def held_after(self, moves: tuple[Move, ...], burnt: list[int]) -> float:
        """Our lead after the turn and :attr:`Settings.refuge` rounds of rollout turns
        in which ours retreat (:func:`_retreat`); the final score's lead if the game
        ends."""
        seat, variant = self.player, self.variant
        after, _, ended = self.play_out(
            moves, self.settings.refuge, lambda pos: _retreat(pos, seat, variant, burnt)
        )
        if ended:
            return self.scored(after, seat)
        self.evaluations += 1
        return self.valued(after, seat)

    def play_out(self, moves: tuple[Move, ...], rounds: int, ours) -> tuple[Position, int, bool]:
        """The position after the turn and at most ``rounds`` rounds of rollout turns, in
        which we make the moves ``ours(position)`` makes (counted in the budget) and the
        others pass; with the rollout turns of ours played, and whether the game ended."""
        after, _ = play_turn(self.position, moves, self.variant)
        over = game_over_check(self.variant)
        played = 0
        for _ in range(rounds * len(after.players)):
            if over(after):
                return after, played, True
            if after.next_player == self.player:
                played += 1
                self.evaluations += 1
                _rollout_turn(after, ours(after))
            else:
                _pass(after, self.player)
        return after, played, False

    def ignitions(self) -> list[tuple[Move, ...]]:
        """With no growing field of ours, the :attr:`Settings.ignite` best single
        moves (by the quick value) that bring one of our stacks to its capacity, so
        that it explodes this turn. A growing field is the only source of new stones,
        but the quick value sees a charge lost and one stone grown, and never ranks
        an ignition among the candidates: two seats with equal stones then trade
        them one for one down to nothing (a game that ends 0:0 after hundreds of
        turns). Looked at again, the rounds after it show what the growth brings."""
        pos, seat, want = self.position, self.player, self.settings.ignite
        if not want or _fired(pos, seat):
            return []
        owner, stones, cap, index = pos.owners, pos.stone_counts, pos.capacities, pos.board.index
        try:
            legal = Turn(pos, self.variant).legal_moves()
        except IllegalMove:  # the game is over
            return []
        value = self.quick(seat)
        found = []
        for move in legal:
            line = direction_and_distance(move.source, move.destination)
            d = index[move.destination]
            if line and owner[d] == seat and stones[d] + line[1] >= cap[d]:
                after, _ = play_turn(pos, (move,), self.variant)
                found.append((value(after), (move,)))
        found.sort(key=lambda pair: -pair[0])  # stable: equal values keep the engine's order
        return [turn for _, turn in found[:want]]

    def approaches(self) -> list[tuple[Move, ...]]:
        """In a standoff, the single moves that bring our stones closer to another
        seat's (at most four): the first stage values every turn alike there."""
        pos, seat = self.position, self.player
        before = _gap(pos, seat)
        if not before or not _standoff(pos, seat):
            return []
        try:
            legal = Turn(pos, self.variant).legal_moves()
        except IllegalMove:
            return []
        found: list[tuple[Move, ...]] = []
        contested = _contested(pos, seat)
        for move in legal:
            after, _ = play_turn(pos, (move,), self.variant)
            if 0 < _gap(after, seat) < before or _contested(after, seat) < contested:
                found.append((move,))
                if len(found) == 4:
                    break
        return found

    def careful_turn(self, to_the_end: bool) -> tuple[Move, ...]:
        """The turn our rollouts play for us (:func:`_defuse`, or :func:`_press` when
        candidates are played to the end), always looked at: a turn the rollouts
        count on must be one the player can find, or it may value a position by a
        rescue that none of its candidates makes (a solo seat whose stacks, left
        alone, burn its whole region in one phase)."""
        pos = self.position.copy()
        if to_the_end:
            return tuple(self.press(pos))
        return tuple(_defuse(pos, self.player))

    def press(self, pos: Position) -> list[Move]:
        """Our moves in a rollout played to the end (:func:`_press`; beside machine
        seats :func:`_press_or_concede`), made on ``pos``."""
        press = _press_or_concede if self.concede else _press
        return press(pos, self.player, self.variant)

    def consequences(self, moves: tuple[Move, ...]) -> float:
        """Our lead after the turn, the next seat's answer and :attr:`Settings.rounds`
        rounds of rollout turns (:meth:`rolled`); with two answers
        (:meth:`answers`, *Calm answers* in the module docstring) the mean of both."""
        after, _ = play_turn(self.position, moves, self.variant)
        answered = self.answers(after)
        return sum(self.rolled(position) for position in answered) / len(answered)

    def rolled(self, after: Position) -> float:
        """Our lead after :attr:`Settings.rounds` rounds of rollout turns from
        ``after`` (played on in place); the leads on the way count a little
        (:attr:`Settings.early`), so that of two lost positions the one that burns
        down later is preferred (later turns may still save it)."""
        seats, rounds = len(after.players), self.settings.rounds
        counter = self.variant if self.settings.counter else None
        early = 0.0
        for _ in range(rounds):
            self.evaluations += 1
            early += self.valued(after, self.player)
            for _ in range(seats):
                _pass(after, self.player, counter)
        self.evaluations += 1
        final = self.valued(after, self.player)
        return final + self.settings.early * early / max(rounds, 1)

    def to_the_end(self, moves: tuple[Move, ...]) -> float:
        """The lead in score after the turn and rollout turns until the game ends
        (ours take stones where they can, :func:`_press`; other seats pass, their
        growing fields still explode and grow), for when no
        other seat can move (:func:`_alone`) or nothing happens unless someone moves
        (:func:`_frozen`); an end not lost counts :attr:`Settings.sooner` less per
        rollout turn of ours before it. After :attr:`Settings.solo` rounds without an
        end: the lead by the estimate, less :attr:`Settings.stall` per stone of other
        seats in regions with ours (a standoff nobody breaks never ends) and
        :attr:`Settings.approach` per step from our stones to the nearest other
        seat's (:func:`_gap`). Our rollout turns count in the budget."""
        seat = self.player
        after, ours, ended = self.play_out(moves, self.settings.solo, self.press)
        if ended:
            final = self.scored(after, seat)
            # (an end not lost is better sooner: a turn that only waits for the
            # rollouts to attack would be worth as much as the attack itself)
            if final >= 0 or self.conceding:
                return final - self.settings.sooner * ours
            return final
        value = self.valued(after, self.player)
        value -= self.settings.stall * _contested(after, self.player)
        if self.concede:
            value -= self.settings.concede * _beside_machines(after, self.player)
        if self.settings.approach:
            value -= self.settings.approach * _gap(after, self.player)
        return value

    def answers(self, after: Position) -> list[Position]:
        """The next seat that moves answers with its best quick turn (a copy); seats
        between it and us that never move pass. With :attr:`Settings.calm` and two
        seats, neither a machine, when that answer lights the other seat's first fire:
        also its best of :data:`CALM_ANSWERS` quick turns that lights none."""
        after = after.copy()
        for _ in range(len(after.players) - 1):
            seat = after.next_player
            if seat == self.player:
                return [after]
            if after.players[seat].kind != MACHINE:
                break
            _pass(after, self.player)
        else:
            return [after]
        left = self.settings.budget - self.evaluations
        try:
            tiles = moves_by_tile(after, self.variant)
        except IllegalMove:  # the game is over
            return [after]
        if not tiles or left <= 0:
            _pass(after, seat)
            return [after]
        limits = _first_stage_limits(tiles, left, 1)
        calm = self.calm and not _fired(after, seat)
        keep = CALM_ANSWERS if calm else 1
        value = self.quick(seat)
        found = search_candidates(after, self.variant, value, self.rng, limits, keep=keep)
        best, _ = play_turn(after, found[0][0], self.variant)
        if calm and _fired(best, seat):
            for moves, _ in found[1:]:
                quiet, _ = play_turn(after, moves, self.variant)
                if not _fired(quiet, seat):
                    return [best, quiet]
        return [best]


def _start_stack(pos: Position, seat: int) -> bool:
    """Whether all of ``seat``'s stones stand in one stack at its capacity and it has
    no growing field: a stack start (1995 rules) before the seat's first turn, which
    the player lets explode (*Kindling* in the module docstring)."""
    owner, stones = pos.owners, pos.stone_counts
    ours = [i for i, o in enumerate(owner) if o == seat and stones[i] > 0]
    return len(ours) == 1 and stones[ours[0]] >= pos.capacities[ours[0]] and not _fired(pos, seat)


def _fired(pos: Position, seat: int) -> bool:
    """Whether ``seat`` has a growing field."""
    owner = pos.owners
    return any(owner[g] == seat for g in pos.growing_indices)


def _alone(pos: Position, seat: int) -> bool:
    """No other seat has stones on a live field, so none can move (their growing
    fields may still spill stones that let them move again later)."""
    status = pos.status_codes
    return all(o in (seat, NOBODY) or status[i] != LIVE for i, o in enumerate(pos.owners))


def _contested(pos: Position, seat: int) -> int:
    """Stones of other seats in the regions where ``seat`` has stones too."""
    labels, owner, stones = pos.region_labels(), pos.owners, pos.stone_counts
    ours = {labels[i] for i, o in enumerate(owner) if o == seat and labels[i] >= 0}
    return sum(stones[i] for i, o in enumerate(owner) if o >= 0 and o != seat and labels[i] in ours)


def _beside_machines(pos: Position, seat: int) -> int:
    """Machine seats' stones in the regions where ``seat`` has stones and every
    other seat with stones there is a machine."""
    return sum(pos.stone_counts[i] for i in _machine_fronts(pos, seat))


def _machine_fronts(pos: Position, seat: int) -> list[int]:
    """The machine seats' fields in the regions where ``seat`` has stones and every
    other seat with stones there is a machine."""
    labels, owner = pos.region_labels(), pos.owners
    machine = [p.kind == MACHINE for p in pos.players]
    ours, people = set(), set()
    for i, o in enumerate(owner):
        if o == seat:
            ours.add(labels[i])
        elif o >= 0 and not machine[o]:
            people.add(labels[i])
    wanted = ours - people - {-1}
    return [i for i, o in enumerate(owner) if o >= 0 and machine[o] and labels[i] in wanted]


def _standoff(pos: Position, seat: int) -> bool:
    """``seat`` shares a region with other seats where none has more stones than all
    the others together (so none can clear it)."""
    labels, owner, stones = pos.region_labels(), pos.owners, pos.stone_counts
    counts: dict[int, dict[int, int]] = {}
    for i, o in enumerate(owner):
        if o >= 0 and labels[i] >= 0:
            per = counts.setdefault(labels[i], {})
            per[o] = per.get(o, 0) + stones[i]
    return any(
        seat in per and len(per) > 1 and nobody_can_clear(list(per.values()))
        for per in counts.values()
    )


def _gap(pos: Position, seat: int) -> int:
    """Steps through live fields from ``seat``'s stones to the nearest stone of
    another seat (0 when none is reachable)."""
    status, owner, nbrs = pos.status_codes, pos.owners, pos.board.neighbours
    front = [i for i, o in enumerate(owner) if o == seat and status[i] == LIVE]
    seen = set(front)
    steps = 0
    while front:
        steps += 1
        nxt = []
        for i in front:
            for n in nbrs[i]:
                if n in seen or status[n] != LIVE:
                    continue
                if owner[n] not in (seat, NOBODY):
                    return steps
                seen.add(n)
                nxt.append(n)
        front = nxt
    return 0


def _frozen(pos: Position) -> bool:
    """No growing field is left, and some field is dead (the game is past its
    opening) or no seat has the stones to fill the smallest live field to its
    capacity (nothing can explode any more): nothing happens unless someone moves."""
    if pos.growing_indices:
        return False
    status = pos.status_codes
    if DEAD in status:
        return True
    cap = pos.capacities
    least = min((cap[i] for i, s in enumerate(status) if s == LIVE), default=0)
    return max(pos.stones_on_board(k) for k in range(len(pos.players))) < least


def _pass(pos: Position, careful: int, counter=None) -> None:
    """A turn of the rollouts that follow a candidate: explosions and growth of the
    seat to move; the ``careful`` seat (whose position is being valued) first makes
    the moves that keep its stacks from exploding (:func:`_defuse`), or, given the
    game's variant as ``counter``, those that meet other seats' fires first
    (:func:`_counter`). Plain passes would let its fires burn unopposed, and a
    position that a few moves can save would look as lost as one that cannot be
    saved. The other seats only pass: their plans are not ours to guess, and
    defusing for every seat would cost a search with six seats three times as much."""
    seat = pos.next_player
    if seat != careful or pos.players[seat].kind == MACHINE:
        moved: list[Move] = []
    elif counter is not None:
        moved = _counter(pos, seat, counter)
    else:
        moved = _defuse(pos, seat)
    _rollout_turn(pos, moved)


def _rollout_turn(pos: Position, moved: list[Move]) -> None:
    """The rest of a rollout turn whose moves are made: explosions and growth."""
    seat = pos.next_player
    explode(pos, seat)
    grow(pos, seat)
    end_turn(pos, bool(moved))


def _press(pos: Position, seat: int, variant) -> list[Move]:
    """Our moves in a rollout played to the end: on each tile the move that takes the
    most stones of other seats (:func:`_captures`), or, when there is none, the
    defusing moves. Returns the moves made. In a standoff (no growing field left),
    only taking stones ends the game; a rollout that never attacks values every
    turn as a standoff, so the stronger seat would never start the attack that
    wins the region."""
    return _make_or_defuse(pos, seat, _captures(pos, seat, variant))


def _press_or_concede(pos: Position, seat: int, variant) -> list[Move]:
    """:func:`_press`, and with nothing to take, a step towards the machines' stones
    in a region we share with machines only (:func:`_concession`)."""
    moves = _captures(pos, seat, variant) or _concession(pos, seat, variant)
    return _make_or_defuse(pos, seat, moves)


def _concession(pos: Position, seat: int, variant) -> list[Move]:
    """Per tile, the single stone's step that comes nearest to a machine's stones
    in a region where every other seat with stones is a machine."""
    fronts = _machine_fronts(pos, seat)
    if not fronts:
        return []
    dist = _steps_from(pos, fronts)
    owner, towards, far = pos.owners, pos.board.towards, len(dist)

    def nearer(f: int, direction: int, k: int) -> int:
        to = towards[f][direction]
        if k != 1 or owner[f] != seat or dist[to] >= dist[f]:
            return 0
        return far - dist[to]

    return _best_per_tile(pos, variant, nearer) or []


def _steps_from(pos: Position, fields: list[int]) -> list[int]:
    """Per field, the steps through live fields from the nearest of ``fields``
    (the number of fields for those none reaches)."""
    status, nbrs = pos.status_codes, pos.board.neighbours
    far = len(status)
    dist = [far] * far
    for i in fields:
        dist[i] = 0
    front = fields
    while front:
        nxt = []
        for i in front:
            for n in nbrs[i]:
                if status[n] == LIVE and dist[n] == far:
                    dist[n] = dist[i] + 1
                    nxt.append(n)
        front = nxt
    return dist


def _make_or_defuse(pos: Position, seat: int, moves: list[Move]) -> list[Move]:
    """Make ``moves`` in order, leaving out any that an earlier one made illegal (it
    changed its path); when none is made, the defusing moves instead. Returns the
    moves made."""
    used: set[int] = set()
    arrived: dict[int, int] = {}
    made = []
    for move in moves:
        try:
            play_move(pos, seat, move, used, arrived)
        except IllegalMove:
            continue
        made.append(move)
    return made or _defuse(pos, seat)


def _best_per_tile(pos: Position, variant, worth) -> list[Move] | None:
    """Per tile, the legal move with the most ``worth(source, direction, k)`` (a
    field index, a direction and the stones moved; 0: not wanted), of equal ones the
    one moving the fewest stones; in the order the tiles first offer one. None when
    the game is over."""
    try:
        legal = Turn(pos, variant).legal_moves()
    except IllegalMove:
        return None
    index, tile_of = pos.board.index, pos.board.tile_of
    best: dict[int, tuple[int, int, Move]] = {}
    for move in legal:
        line = direction_and_distance(move.source, move.destination)
        if line is None:  # never for a legal move
            continue
        direction, k = line
        source = index[move.source]
        gain = worth(source, direction, k)
        if gain:
            tile = tile_of[source]
            if tile not in best or (gain, -k) > best[tile][:2]:
                best[tile] = (gain, -k, move)
    return [move for _, _, move in best.values()]


def _threats(pos: Position, seat: int) -> dict[int, int]:
    """The live fields another seat's explosions will explode unless our stones meet
    them: per field, how many of our stones must land on it or cancel stones there.
    Counted against its capacity: that seat's stones on it (an empty field has
    none; ours, or a third seat's, cancel) and a stone from each of that seat's
    growing fields beside it (each explodes once more into its live neighbours). A
    fire crosses empty land on its own this way, a field every two or three turns,
    until stones absorb it."""
    status, owner, stones, cap = pos.status_codes, pos.owners, pos.stone_counts, pos.capacities
    nbrs = pos.board.neighbours
    incoming: dict[tuple[int, int], int] = {}  # (field, seat) -> spills to come
    for g in pos.growing_indices:
        o = owner[g]
        if o != seat and o >= 0:
            for n in nbrs[g]:
                if status[n] == LIVE:
                    incoming[n, o] = incoming.get((n, o), 0) + 1
    for i, o in enumerate(owner):
        if o != seat and o >= 0 and status[i] == LIVE:
            incoming.setdefault((i, o), 0)
    threats: dict[int, int] = {}
    for (n, o), spills in incoming.items():
        theirs = stones[n] if owner[n] == o else -stones[n] if owner[n] != NOBODY else 0
        need = theirs + spills - cap[n] + 1
        if need > 0:
            threats[n] = max(threats.get(n, 0), need)
    return threats


def _counter(pos: Position, seat: int, variant) -> list[Move]:
    """Our moves in a rollout that meets other seats' fires: on each tile the legal
    move that brings the most stones where :func:`_threats` says they are needed
    (cancelled there or landed; of equal ones the shortest), never one that leaves
    such a field; else the defusing moves (:func:`_defuse`). Returns the moves
    made. With defusing only, the rollouts let a fire cross the board unopposed,
    and every candidate looked alike while it came."""
    threats = _threats(pos, seat)
    if not threats:
        return _defuse(pos, seat)
    towards, owner, stones = pos.board.towards, pos.owners, pos.stone_counts

    def met(f: int, direction: int, k: int) -> int:
        if f in threats:
            return 0
        left, count = k, 0
        for _ in range(k - 1):  # the fields passed
            f = towards[f][direction]
            if owner[f] not in (seat, NOBODY) and left:
                taken = min(left, stones[f])
                count += min(taken, threats.get(f, 0))
                left -= taken
        # (what reaches the destination cancels stones there or lands: both count)
        return count + min(left, threats.get(towards[f][direction], 0))

    best = _best_per_tile(pos, variant, met)
    return [] if best is None else _make_or_defuse(pos, seat, best)  # ([]: game over)


#: Fields of estimated territory below which a seat has next to nothing (see
#: :meth:`_Search.fire_ahead`).
REFUGE_WORTH = 3.0


def _retreat(pos: Position, seat: int, variant, burnt: list[int]) -> list[Move]:
    """Our moves when a fire will leave us next to nothing: on each tile the legal
    move that carries the most stones the furthest towards the fields the fire reaches
    last (``burnt``: the round each field stops being live), landing where they stay
    below capacity; else the defusing moves. Returns the moves made."""
    towards, owner, stones, cap = pos.board.towards, pos.owners, pos.stone_counts, pos.capacities

    def later(f: int, direction: int, k: int) -> int:
        d = f
        for _ in range(k):
            d = towards[d][direction]
        gain = burnt[d] - burnt[f]
        if gain <= 0 or owner[d] not in (seat, NOBODY) or stones[d] + k >= cap[d]:
            return 0
        return gain * k

    best = _best_per_tile(pos, variant, later)
    return [] if best is None else _make_or_defuse(pos, seat, best)


def _captures(pos: Position, seat: int, variant) -> list[Move]:
    """Per tile, the legal move that cancels the most stones of other seats (at
    least one; of equal ones, the one moving the fewest stones)."""
    towards, owner, stones = pos.board.towards, pos.owners, pos.stone_counts

    def taken(f: int, direction: int, k: int) -> int:
        other = 0
        for _ in range(k):  # the fields passed, destination last
            f = towards[f][direction]
            if owner[f] not in (seat, NOBODY):
                other += stones[f]
        return min(k, other)

    return _best_per_tile(pos, variant, taken) or []


def _defuse(pos: Position, seat: int) -> list[Move]:
    """On each tile, move one stone one step off the seat's live field that is
    closest to exploding (counting a stone from each bordering growing field, which
    will spill one when it explodes), to the neighbour with the most room left.
    Returns the moves made."""
    board = pos.board
    status, owner, stones, cap = pos.status_codes, pos.owners, pos.stone_counts, pos.capacities
    nbrs = board.neighbours
    mine = [i for i, o in enumerate(owner) if o == seat]
    if not mine:
        return []
    spill = dict.fromkeys(mine, 0)
    for g in mine:
        if status[g] == GROWING:
            for n in nbrs[g]:
                if n in spill:
                    spill[n] += 1
    worst: dict[int, tuple[int, int]] = {}  # tile -> (gap, field) of its most loaded field
    tile_of = board.tile_of
    for i in mine:
        if status[i] == LIVE:
            gap = cap[i] - stones[i] - spill[i]
            if gap < 1:
                t = tile_of[i]
                if t not in worst or gap < worst[t][0]:
                    worst[t] = (gap, i)
    used: set[int] = set()
    arrived: dict[int, int] = {}
    fields = board.fields
    made: list[Move] = []
    for _, i in worst.values():
        best, best_room = -1, 1
        for n in nbrs[i]:
            if status[n] == LIVE and owner[n] in (seat, NOBODY):
                room = cap[n] - stones[n] - spill.get(n, 0)
                if room > best_room:
                    best, best_room = n, room
        if best >= 0:
            move = Move(fields[i], fields[best])
            play_move(pos, seat, move, used, arrived)
            made.append(move)
    return made


def _first_stage_limits(tiles: list[list[Move]], share: int, beam: int) -> SearchLimits:
    """Exhaustive when every move set fits the share, else the widest beam (at most
    ``beam``) whose partial turns fit it; at least a beam of one, which looks at
    every legal move once (so even a tiny budget plays a sensible legal turn)."""
    moves = sum(len(t) for t in tiles)
    width = max(1, min(beam, share // (moves + 1)))
    return SearchLimits(exhaustive=max(1, share), beam=width)


def parse_budget(text: str) -> int:
    """The budget of a ``strong:N`` player name, with a clear error."""
    digits = text.strip()
    # (ASCII digits only: str.isdigit also takes superscripts, which int() refuses)
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 7:
        raise ParameterError.about(
            "players",
            f"strong:{abridged(text)} is not a budget: write strong:N with N a whole number of "
            f"positions to evaluate per turn, {MIN_BUDGET} to {MAX_BUDGET:,} "
            f"(default {DEFAULT_BUDGET})",
        )
    budget = int(digits)
    if not MIN_BUDGET <= budget <= MAX_BUDGET:
        raise ParameterError.about(
            "players",
            f"strong:{budget} is out of range: the budget is {MIN_BUDGET} to {MAX_BUDGET:,} "
            f"positions per turn (default {DEFAULT_BUDGET})",
        )
    return budget


#: A budget above the default buys rollouts of up to this many rounds ...
DEEP_ROUNDS = 10
#: ... and up to this many candidates looked at again.
DEEP_KEEP = 12


def settings_for(budget: int) -> Settings:
    """The search a budget pays for. Up to the default, the default search with fewer
    positions. Above it, the player thinks further ahead: rollouts of 3 rounds per
    default budget (at most :data:`DEEP_ROUNDS`), 6 candidates looked at again per
    default budget (at most :data:`DEEP_KEEP`), and rollout turns of ours that meet
    other seats' fires (:attr:`Settings.counter`). More positions for the same
    search bought nothing measurable (``strong:2000`` took 47.5 % of 200 games
    against the default); see the design notes for the figures of this one."""
    if budget <= DEFAULT_BUDGET:
        return Settings(budget=budget)
    scale = budget / DEFAULT_BUDGET
    return Settings(
        budget=budget,
        rounds=min(DEEP_ROUNDS, round(3 * scale)),
        keep=min(DEEP_KEEP, round(6 * scale)),
        counter=True,
    )


def strong_player(spec: str | None = None) -> Strong:
    """``strong`` (no ``spec``) or ``strong:N`` (N positions evaluated per decision,
    searched as :func:`settings_for` says)."""
    if spec is None:
        return Strong()
    budget = parse_budget(spec)
    return Strong(settings_for(budget), name=f"strong:{budget}")
