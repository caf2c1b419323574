"""Searching the turns of the player to move: every move set, or a stated bounded part.

A turn is an ordered list of moves, at most one starting on each tile (rule 3); a
stone moves at most once (rule 4). The moves a tile offers do not depend on what
other tiles did first: moves never change a field's status, and stones that arrive
may not move again, so a field's movable stones stay the same. Order matters only
where two moves meet on a field that held opponent stones at the start of the turn
and at least one of them passes over it (the first cancels stones the second would
have met). Two moves that only end on the same field, or meet on empty or own fields,
give the same position in either order.

Two searches, both evaluating every candidate by playing it with the engine (moves,
explosion phase, growth):

- **exhaustive** (:data:`SearchLimits.exhaustive` or fewer move sets): every move set,
  one move or none per tile, and for move sets whose moves depend on each other
  every order of those moves that gives a different position. Nothing is left out.
- **beam** (more move sets than that): tiles are taken in board order; after each
  tile the best :data:`SearchLimits.beam` partial turns (by the value, ties broken by the
  generator) are kept and extended by every move of the next tile, or by none. Every
  partial turn examined is itself a legal turn and a candidate. Moves are made in
  tile order; other orders are not tried. The result says so
  (``exhaustive=False``, ``bound``).

The value of a turn is any function of the position after it (higher is better);
equal values are broken by the caller's generator, so a seed reproduces the choice.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from fabgen.rules.moves import Move, direction_and_distance, play_move
from fabgen.rules.scoring import game_over
from fabgen.rules.state import Position
from fabgen.rules.turn import Turn, end_turn, explode, grow
from fabgen.rules.variants import Variant

#: Value of the position after a turn; compared with ``>``, so tuples work.
# A turn's value: anything that compares (an int, a float, a tuple of them).
Value = Callable[[Position], Any]

#: Orders tried at most for one move set with interdependent moves.
MAX_ORDERS = 120


@dataclass(frozen=True)
class SearchLimits:
    """How far a search may go.

    ``exhaustive``: the largest number of move sets (product over tiles of one plus
    the tile's moves) searched exhaustively; ``beam``: partial turns kept per tile
    by the bounded search.
    """

    exhaustive: int = 4096
    beam: int = 8


@dataclass(frozen=True)
class SearchResult:
    """The chosen turn and how it was found."""

    moves: tuple[Move, ...]
    value: Any
    exhaustive: bool
    turns_examined: int  # candidate turns played and valued
    move_sets: int  # one move or none per tile: the size of the whole space
    ties: int  # candidates with the best value; the choice among them is random
    bound: str | None = None  # the bounded search's limits, None when exhaustive

    def describe(self) -> str:
        """One line for people: which search ran and how big it was."""
        if self.exhaustive:
            return f"exhaustive: all {self.move_sets:,} move sets, {self.turns_examined:,} turns"
        return f"bounded ({self.bound}): {self.turns_examined:,} of {self.move_sets:,} move sets"


@dataclass
class _Partial:
    """Moves made so far on a private copy of the position (before explosions)."""

    pos: Position
    moves: tuple[Move, ...] = ()
    used: set[int] = field(default_factory=set)
    arrived: dict[int, int] = field(default_factory=dict)

    def then(self, player: int, move: Move) -> _Partial:
        child = _Partial(self.pos.copy(), (*self.moves, move), set(self.used), dict(self.arrived))
        play_move(child.pos, player, move, child.used, child.arrived)
        return child


def finish_turn(pos: Position, player: int, moved: bool) -> Position:
    """Explosion and growth on a copy of ``pos`` (the moves made): the position after
    the turn, with the next player to move."""
    return _finish(pos.copy(), player, moved)


def _finish(pos: Position, player: int, moved: bool) -> Position:
    """Explosion and growth on ``pos`` itself (a private copy)."""
    explode(pos, player)
    grow(pos, player)
    end_turn(pos, moved)
    return pos


def pass_turn(pos: Position) -> Position:
    """The player to move passes (explosion and growth only), on a copy."""
    return finish_turn(pos, pos.next_player, False)


def state_key(pos: Position) -> tuple:
    """What a turn can change of a position (statuses, owners, stones, passes): equal
    keys of one game, same position."""
    return (tuple(pos.status_codes), tuple(pos.owners), tuple(pos.stone_counts), pos.passes)


def next_turn_of(pos: Position, player: int, variant: Variant) -> Position | None:
    """The position when ``player`` is next to move, the others passing in between
    (their explosions and growth happen, their moves are ignored); None when the game
    is over before that."""
    while not game_over(pos, variant):
        if pos.next_player == player:
            return pos
        pos = pass_turn(pos)
    return None


def moves_by_tile(position: Position, variant: Variant | str) -> list[list[Move]]:
    """The legal moves of the player to move, grouped per tile that has any (tiles in
    board order, moves in the engine's order). Raises ``IllegalMove`` (game-over)
    once the game has ended."""
    turn = Turn(position, variant)
    tile_of, index = position.board.tile_of, position.board.index
    groups: dict[int, list[Move]] = {}
    for move in turn.legal_moves():
        groups.setdefault(tile_of[index[move.source]], []).append(move)
    return [groups[t] for t in sorted(groups)]


def count_move_sets(tiles: Sequence[Sequence[Move]]) -> int:
    """One move or none per tile: the number of move sets (orders not counted)."""
    return math.prod(len(moves) + 1 for moves in tiles)


class _Best:
    """Every candidate with the best value so far, in the order they were found."""

    def __init__(self) -> None:
        self.value: Any = None
        self.turns: list[tuple[Move, ...]] = []
        self.examined = 0

    def offer(self, moves: tuple[Move, ...], value: Any) -> None:
        self.examined += 1
        if not self.turns or value > self.value:
            self.value, self.turns = value, [moves]
        elif value == self.value:
            self.turns.append(moves)


def search_turn(
    position: Position,
    variant: Variant | str,
    value: Value,
    rng: random.Random,
    limits: SearchLimits = SearchLimits(),
) -> SearchResult:
    """The turn of the player to move with the highest ``value`` of the position
    after it; ties broken by ``rng``. Exhaustive or bounded as ``limits`` say."""
    tiles = moves_by_tile(position, variant)
    total = count_move_sets(tiles)
    best = _Best()
    if total <= limits.exhaustive:
        complete = _exhaustive(position, tiles, value, best)
        bound = None if complete else f"at most {MAX_ORDERS} orders per move set"
    else:
        _beam(position, tiles, value, best, rng, limits.beam)
        complete, bound = False, _beam_bound(limits.beam, len(tiles))
    moves = best.turns[0] if len(best.turns) == 1 else rng.choice(best.turns)
    return SearchResult(
        tuple(moves), best.value, complete, best.examined, total, len(best.turns), bound
    )


class _All(_Best):
    """Every candidate examined, with its value (for searches that look again)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[tuple[Move, ...], object]] = []

    def offer(self, moves: tuple[Move, ...], value: Any) -> None:
        super().offer(moves, value)
        self.found.append((moves, value))


def search_candidates(
    position: Position,
    variant: Variant | str,
    value: Value,
    rng: random.Random,
    limits: SearchLimits = SearchLimits(),
    keep: int | None = None,
) -> list[tuple[tuple[Move, ...], object]]:
    """Every turn the search of :func:`search_turn` examines with its value, best
    first (equal values in an order drawn from ``rng``), at most ``keep`` of them.
    The same turn reached twice (a move set in two orders) is listed once."""
    tiles = moves_by_tile(position, variant)
    found = _All()
    if count_move_sets(tiles) <= limits.exhaustive:
        _exhaustive(position, tiles, value, found)
    else:
        _beam(position, tiles, value, found, rng, limits.beam)
    unique: dict[tuple[Move, ...], object] = {}
    for moves, v in found.found:
        unique.setdefault(moves, v)
    ranked = sorted(unique.items(), key=lambda mv: (mv[1], rng.random()), reverse=True)
    return ranked[:keep] if keep is not None else ranked


def _beam_bound(width: int, tiles: int) -> str:
    return f"beam of {width} over {tiles} tiles, moves in tile order"


# --- exhaustive ----------------------------------------------------------------------


def _exhaustive(
    position: Position,
    tiles: list[list[Move]],
    value: Value,
    best: _Best,
    share: tuple[int, int] | None = None,
) -> bool:
    """Offer every move set (and its distinct orders) to ``best``; False when some
    move set had more orders than :data:`MAX_ORDERS`. ``share`` = (k, n): only
    every n-th move set, from the k-th on (one of n searches that share the work)."""
    player = position.next_player
    prints = _contested_footprints(position, player, tiles)
    complete = True
    for number, partial in enumerate(_move_sets(_Partial(position.copy()), player, tiles, 0)):
        if share is not None and number % share[1] != share[0]:
            continue
        moves = partial.moves
        crossing = len(moves) > 1 and any(prints[m][0] for m in moves)
        seen = _key(partial.pos) if crossing else None
        # The partial is not used again (see _move_sets): finish it in place.
        best.offer(moves, value(_finish(partial.pos, player, bool(moves))))
        if crossing:
            complete &= _other_orders(position, moves, seen, prints, value, best)
    return complete


def _move_sets(partial: _Partial, player: int, tiles: list[list[Move]], t: int) -> Iterator:
    """Depth first over the tiles: each move of tile t, then no move on it. Skipping
    comes last, so a partial turn is yielded after everything built on it: the
    caller may change it."""
    if t == len(tiles):
        yield partial
        return
    for move in tiles[t]:
        yield from _move_sets(partial.then(player, move), player, tiles, t + 1)
    yield from _move_sets(partial, player, tiles, t + 1)


Footprint = tuple[frozenset[int], int]


def _contested_footprints(
    position: Position, player: int, tiles: list[list[Move]]
) -> dict[Move, Footprint]:
    """Per move, the contested fields it passes over (destination excluded) and its
    destination if contested (else -1). Contested: a live field with opponent stones
    at the start of the turn, the only fields where the order of moves can matter."""
    owner, status = position.owners, position.status_codes
    board = position.board
    out = {}
    for moves in tiles:
        for move in moves:
            line = direction_and_distance(move.source, move.destination)
            assert line is not None  # a legal move goes in a straight line
            direction, k = line
            f, passed = board.index[move.source], []
            for _ in range(k):
                f = board.towards[f][direction]
                if owner[f] >= 0 and owner[f] != player and status[f] == 0:
                    passed.append(f)
            end = passed.pop() if passed and passed[-1] == f else -1
            out[move] = (frozenset(passed), end)
    return out


def _depends(a: Footprint, b: Footprint) -> bool:
    """Do two moves give different positions in the two orders? Only where one passes
    over a contested field that the other passes over or ends on."""
    (pass_a, end_a), (pass_b, end_b) = a, b
    return bool(pass_a & pass_b) or end_b in pass_a or end_a in pass_b


def _other_orders(position: Position, moves, seen_key, prints, value: Value, best: _Best) -> bool:
    """Offer the orders of a move set's interdependent moves that give positions the
    tile order did not. False when there were more than :data:`MAX_ORDERS`."""
    chosen = [prints[m] for m in moves]
    groups = dependent_groups(len(chosen), lambda a, b: _depends(chosen[a], chosen[b]))
    if not groups:
        return True
    orders = math.prod(math.factorial(len(g)) for g in groups)
    if orders > MAX_ORDERS:
        return False
    player = position.next_player
    seen = {seen_key}
    for order in move_orders(len(moves), groups):
        if order == tuple(range(len(moves))):
            continue
        again = _Partial(position.copy())
        for j in order:
            again = again.then(player, moves[j])
        key = _key(again.pos)
        if key not in seen:
            seen.add(key)
            best.offer(again.moves, value(_finish(again.pos, player, True)))
    return True


def dependent_groups(
    count: int, depends: Callable[[int, int], bool], among: Iterable[int] | None = None
) -> list[list[int]]:
    """Connected groups (of two or more) of the moves ``0 .. count - 1`` that depend on
    each other, by ``depends(a, b)`` on pairs of ``among`` (default: all of them)."""
    group = list(range(count))

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for a, b in itertools.combinations(range(count) if among is None else among, 2):
        if depends(a, b):
            group[root(a)] = root(b)
    members: dict[int, list[int]] = {}
    for i in range(count):
        members.setdefault(root(i), []).append(i)
    return [m for m in members.values() if len(m) > 1]


def move_orders(n: int, groups: list[list[int]]) -> Iterator[tuple[int, ...]]:
    """Every order of the moves in which each group's moves are permuted among the
    places they hold (independent moves keep their place: their order is free)."""
    for perms in itertools.product(*(itertools.permutations(g) for g in groups)):
        order = list(range(n))
        for g, perm in zip(groups, perms, strict=True):
            for place, j in zip(g, perm, strict=True):
                order[place] = j
        yield tuple(order)


def _key(pos: Position) -> tuple:
    return (tuple(pos.owners), tuple(pos.stone_counts))


# --- beam ----------------------------------------------------------------------------


def _beam(
    position: Position,
    tiles: list[list[Move]],
    value: Value,
    best: _Best,
    rng: random.Random,
    width: int,
) -> None:
    """Offer the partial turns a beam of ``width`` examines, tile by tile."""
    player = position.next_player
    start = _Partial(position.copy())
    first = value(finish_turn(start.pos, player, False))
    best.offer((), first)
    beam = [(first, start)]
    for moves in tiles:
        # (value, partial turn kept as is, or the parent and the move that extends it)
        pool: list = [(v, partial, None) for v, partial in beam]  # no move on this tile
        for _, partial in beam:
            for move in moves:
                child = partial.then(player, move)
                v = value(_finish(child.pos, player, True))  # the copy is used up
                best.offer(child.moves, v)
                pool.append((v, partial, move))
        beam = [
            (v, partial if move is None else partial.then(player, move))
            for v, partial, move in _keep_best(pool, width, rng)
        ]


def _keep_best(pool: list, width: int, rng: random.Random) -> list:
    if len(pool) <= width:
        return pool
    keyed = [(entry[0], rng.random(), n) for n, entry in enumerate(pool)]
    keyed.sort(reverse=True)
    return [pool[n] for _, _, n in keyed[:width]]


# --- values --------------------------------------------------------------------------


def explosions_value(before: Position) -> Value:
    """Value: the explosions of the turn's explosion phase, counted from ``before``.

    Every explosion moves one field one status on (live -> growing -> dead) and
    nothing else in a turn changes a status, so the number of explosions is the
    growth of the status codes' sum. A field that explodes twice in one phase (live
    -> growing -> dead) counts twice, once per explosion, as the rule sheet counts
    them.
    """
    base = sum(before.status_codes)
    return lambda after: sum(after.status_codes) - base


def count_explosions(before: Position, after: Position) -> int:
    """Explosions between two positions one turn apart (see :func:`explosions_value`)."""
    return sum(after.status_codes) - sum(before.status_codes)


def score_lead(position: Position, player: int, regions: dict | None = None) -> int:
    """``player``'s score minus the best other score (scores as in
    :func:`fabgen.rules.scoring.scores`: a region counts for the one player with
    stones in it). ``regions`` caches the engine's region labels and sizes by the
    fields' statuses, which most candidate turns of one search share."""
    status = tuple(position.status_codes)
    found = regions.get(status) if regions is not None else None
    if found is None:
        labels = position.region_labels()
        sizes = [0] * (max(labels, default=-1) + 1)
        for label in labels:
            if label >= 0:
                sizes[label] += 1
        found = (labels, sizes)
        if regions is not None:
            regions[status] = found
    labels, sizes = found
    holder = [-1] * len(sizes)
    for label, o in zip(labels, position.owners, strict=True):
        if o >= 0 and label >= 0:
            h = holder[label]
            if h == -1:
                holder[label] = o
            elif h != o:
                holder[label] = -2  # more than one player: nobody scores
    points = [0] * len(position.players)
    for label, h in enumerate(holder):
        if h >= 0:
            points[h] += sizes[label]
    best_other = max((p for k, p in enumerate(points) if k != player), default=0)
    return points[player] - best_other


def lead_value(player: int) -> Value:
    """Value: ``player``'s score lead after the turn (see :func:`score_lead`)."""
    regions: dict = {}
    return lambda after: score_lead(after, player, regions)
