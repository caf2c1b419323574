"""Self-play: one game of a board from its start to the end, played by policies.

Every seat is played by a policy (:mod:`fabgen.play.policy`), except a ``machine``
seat, which never moves (its turns are explosion and growth only). A game's random
choices all come from one generator seeded by (run seed, game number)
(:func:`game_rng`), so a game is the same whichever process or cluster plays it.

A game that reaches the turn cap is *capped*: it is reported as such, with no winner,
never scored as if it had ended. Every game keeps its turns when asked, so it can be
written as a transcript and replayed by ``fabgen rules replay``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import compress

from fabgen.play.policy import Policy, get_policy
from fabgen.rules.moves import IllegalMove, Move
from fabgen.rules.scoring import game_over, ranking, regions
from fabgen.rules.state import DEAD, Position
from fabgen.rules.transcript import Transcript, transcript_from_position
from fabgen.rules.turn import Turn
from fabgen.rules.variants import Variant, get_variant
from fabgen.settings import default

#: Turn cap of a game unless told otherwise.
DEFAULT_MAX_TURNS: int = default("max_turns")
#: How a seat that never moves is named in reports.
MACHINE = "machine"


def game_rng(seed: int, game: int) -> random.Random:
    """The generator of game number ``game`` of a run with ``seed``. A string seed is
    hashed with SHA-512 by :mod:`random`, the same in every process and Python build."""
    return random.Random(f"fabgen self-play {seed} {game}")


@dataclass(frozen=True)
class GameRecord:
    """What one game gives the statistics (and its turns when kept)."""

    number: int
    turns: int
    capped: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # seats ranked first (several on a shared first place)
    stones_peak: tuple[int, ...]  # most stones of each seat on the board at once
    growing_peak: int  # most growing fields at once
    dead_peak: int  # dead fields at the end (they only ever increase), no tile lifted off
    #: Most dead markers on the board at once when every all-dead tile is lifted off
    #: (:func:`dead_markers_on_board`); never above ``dead_peak``.
    dead_lifted_peak: int
    territory: tuple[int, ...]  # per field (rules board order): the seat it scores for, or -1
    moves: tuple[tuple[Move, ...], ...] | None = None
    #: Turns played before the sole winner led on score for good (it led after every
    #: later turn); None when the first place is shared or the game was capped.
    lead_from: int | None = None

    @property
    def all_zero(self) -> bool:
        return not self.capped and not any(self.scores)


def seat_policies(position: Position, players: Sequence[str]) -> list[Policy | None]:
    """One policy per seat from the player names (``None`` for a machine seat, which
    never moves); an extreme-machine seat always plays the ``extreme-machine`` policy."""
    out: list[Policy | None] = []
    for player, name in zip(position.players, players, strict=True):
        if player.kind == MACHINE:
            out.append(None)
        elif player.kind == "extreme-machine":
            out.append(get_policy("extreme-machine"))
        else:
            out.append(get_policy(name))
    return out


def play_game(
    start: Position,
    policies: Sequence[Policy | None],
    variant: Variant | str,
    rng: random.Random,
    *,
    number: int = 0,
    max_turns: int = DEFAULT_MAX_TURNS,
    keep_moves: bool = False,
) -> GameRecord:
    """Play from ``start`` until the game ends or ``max_turns`` turns are played."""
    variant = get_variant(variant)
    pos = start
    peaks = [pos.stones_on_board(k) for k in range(len(pos.players))]
    growing_peak = len(pos.growing_indices)
    dead = pos.status_codes.count(DEAD)
    lifted_peak = dead_markers_on_board(pos)
    played: list[tuple[Move, ...]] = []
    leaders: list[int] = []  # after each turn: the one seat ahead on score, or -1
    capped = False
    while True:
        if len(played) >= max_turns:
            capped = not game_over(pos, variant)
            break
        try:
            turn = Turn(pos, variant)  # checks the end of the game
        except IllegalMove:
            break
        moves = _choose(policies[turn.player], turn, pos, variant, rng)
        pos, _ = turn.finish()
        played.append(tuple(moves))
        player = turn.player  # a colour's stones only grow in its own turn
        owner, stones = pos.owners, pos.stone_counts
        count = sum(compress(stones, map(player.__eq__, owner)))
        if count > peaks[player]:
            peaks[player] = count
        if len(pos.growing_indices) > growing_peak:
            growing_peak = len(pos.growing_indices)
        now = pos.status_codes.count(DEAD)
        if now != dead:  # only a field dying changes it (dead fields never come back)
            dead = now
            lifted = dead_markers_on_board(pos)
            if lifted > lifted_peak:
                lifted_peak = lifted
        leaders.append(sole_leader(pos))
    record = _record(
        pos, variant, number, played, capped, peaks, growing_peak, lifted_peak, keep_moves
    )
    if len(record.winners) == 1:
        record = replace(record, lead_from=_lead_from(leaders, record.winners[0]))
    return record


def dead_markers_on_board(pos: Position) -> int:
    """The dead markers on the board when every tile whose fields are all dead has been
    lifted off (the 1995 rules allow it; dead fields are no one's neighbours, so the
    game does not change): the dead fields of the tiles that still have a field that
    is not dead. Not monotone over a game: lifting a tile frees its markers."""
    status = pos.status_codes
    count = 0
    for tile in pos.board.tiles:
        dead = sum(1 for i in tile if status[i] == DEAD)
        if dead < len(tile):
            count += dead
    return count


def sole_leader(pos: Position) -> int:
    """The one seat whose score is higher than every other's now, or -1."""
    labels, owner = pos.region_labels(), pos.owners
    count = max(labels, default=-1) + 1
    if not count:
        return -1
    holder, size = [-1] * count, [0] * count
    for label, o in zip(labels, owner, strict=True):
        if label >= 0:
            size[label] += 1
            if o >= 0:
                h = holder[label]
                holder[label] = o if h == -1 or h == o else -2
    points = [0] * len(pos.players)
    for label, h in enumerate(holder):
        if h >= 0:
            points[h] += size[label]
    best = max(points)
    return points.index(best) if best and points.count(best) == 1 else -1


def _lead_from(leaders: list[int], winner: int) -> int:
    """Turns played before ``winner`` led after every later turn."""
    t = len(leaders)
    while t and leaders[t - 1] == winner:
        t -= 1
    return t


def _choose(policy: Policy | None, turn: Turn, pos: Position, variant: Variant, rng) -> list[Move]:
    if policy is None:
        return []  # a machine seat never moves
    play = getattr(policy, "play", None)
    if play is not None:  # makes its moves on the open turn: no need to make them twice
        return play(turn, rng)
    moves = policy.choose_turn(pos, variant, rng)
    for move in moves:
        turn.move(move)
    return list(moves)


def _record(
    pos, variant, number, played, capped, peaks, growing_peak, lifted_peak, keep_moves
) -> GameRecord:
    seats = len(pos.players)
    winners: tuple[int, ...]
    if capped:
        score, winners = (0,) * seats, ()
        territory = (-1,) * len(pos.board)
    else:
        standings = ranking(pos, variant)
        score = tuple(s.score for s in sorted(standings, key=lambda s: s.player))
        winners = tuple(sorted(s.player for s in standings if s.rank == 1))
        territory = _territory(pos)
    return GameRecord(
        number=number,
        turns=len(played),
        capped=capped,
        scores=score,
        winners=winners,
        stones_peak=tuple(peaks),
        growing_peak=growing_peak,
        dead_peak=pos.status_codes.count(DEAD),
        dead_lifted_peak=lifted_peak,
        territory=territory,
        moves=tuple(played) if keep_moves else None,
    )


def _territory(pos: Position) -> tuple[int, ...]:
    out = [-1] * len(pos.board)
    index = pos.board.index
    for region in regions(pos):
        if region.owner is not None:
            for field in region.fields:
                out[index[field]] = region.owner
    return tuple(out)


def game_transcript(start: Position, record: GameRecord, variant: str | None = None) -> Transcript:
    """A kept game as a transcript of its start position and turns, with its result
    and, when given, the rule variant it was played under (so that ``rules replay``
    judges it by the same rules)."""
    if record.moves is None:
        raise ValueError("the game's moves were not kept")
    results: dict = {} if variant is None else {"variant": variant}
    if not record.capped:
        results.update(game_over=True, scores=list(record.scores))
    # A start says nothing of whose turn it is; a position from a game in progress must.
    in_progress = bool(start.next_player or start.turns_played)
    return transcript_from_position(
        start, turns=record.moves, with_state=in_progress, results=results
    )
