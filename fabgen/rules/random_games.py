"""Seeded random turns and games, for benchmarks, property tests and fuzzing (the
random *player* of `fabgen.play.random_policy` makes its turns here). The same seed
always gives the same game.

Each turn it visits the tiles in random order and, with probability
``move_chance``, makes one random legal move starting on that tile. Moves are chosen
among all legal ones, long ones included, so games have explosions, chain reactions,
cancellations and blocked lines.
"""

from __future__ import annotations

import random
from itertools import compress

from fabgen.rules.moves import MACHINE, Move
from fabgen.rules.scoring import game_over
from fabgen.rules.state import LIVE, Position
from fabgen.rules.turn import Turn
from fabgen.rules.variants import DEFAULT, Variant, get_variant


def random_moves(
    turn: Turn, rng: random.Random, move_chance: float = 0.8, explode_bias: float = 0.0
) -> list[Move]:
    """Make random legal moves on ``turn`` (one at most per tile); return them.

    With probability ``explode_bias`` a move is picked among those that fill their
    destination up to its capacity (when there are any), as a player growing on
    purpose would; this gives games with more explosions.
    """
    pos, player = turn._pos, turn.player
    if pos.players[player].kind == MACHINE:
        return []  # a machine seat only passes
    owner, status, tile_of = pos._owner, pos._status, pos.board.tile_of
    # Tiles with the player's stones on a live field, in board order.
    mine = sorted({tile_of[i] for i in _indices(owner, player) if status[i] == LIVE})
    rng.shuffle(mine)
    made = []
    for tile in mine:
        if rng.random() >= move_chance:
            continue
        if explode_bias:
            options = turn.legal_moves(tile)
            if options and rng.random() < explode_bias:
                options = [m for m in options if _fills_up(pos, player, m)] or options
            move = rng.choice(options) if options else None
        else:
            move = _uniform_move(turn, tile, rng)
        if move is not None:
            turn.move(move)
            made.append(move)
    return made


def _uniform_move(turn: Turn, tile: int, rng: random.Random) -> Move | None:
    """``rng.choice(turn.legal_moves(tile))`` (the same move for the same generator
    state), without building every move: count the reach of each line, then walk to
    the chosen one."""
    pos, player = turn._pos, turn.player
    board, status, owner, stones = pos.board, pos._status, pos._owner, pos._stones
    towards, arrived = board.towards, turn._arrived
    if tile in turn._used:
        return None
    lines = []  # (field, direction, reach) in the order of Turn.legal_moves
    total = 0
    for i in board.tiles[tile]:
        if owner[i] != player or status[i] != LIVE:
            continue
        free = stones[i] - arrived.get(i, 0)
        for d in range(6):
            f, reach = i, 0
            while reach < free:
                f = towards[f][d]
                if f < 0 or status[f] != LIVE:
                    break
                reach += 1
            if reach:
                lines.append((i, d, reach))
                total += reach
    if not total:
        return None
    u = rng.randrange(total)  # as rng.choice draws an index into a list of `total`
    for i, d, reach in lines:
        if u < reach:
            f = i
            for _ in range(u + 1):
                f = towards[f][d]
            return Move(board.fields[i], board.fields[f])
        u -= reach
    raise AssertionError("unreachable")


def _indices(values: list[int], value: int) -> list[int]:
    """Indices where ``values`` holds ``value`` (the scan runs in C)."""
    return list(compress(range(len(values)), map(value.__eq__, values)))


def _fills_up(pos: Position, player: int, move: Move) -> bool:
    """Would the stones moved (ignoring cancellations on the way) bring the
    destination to its capacity?"""
    i = pos.board.index[move.destination]
    k = max(abs(move.destination[0] - move.source[0]), abs(move.destination[1] - move.source[1]))
    mine = pos._stones[i] if pos._owner[i] == player else 0
    return mine + k >= pos._cap[i]


def random_game(
    start: Position,
    seed: int,
    max_turns: int = 200,
    variant: Variant | str = DEFAULT,
    move_chance: float = 0.8,
    explode_bias: float = 0.0,
) -> tuple[list[list[Move]], Position]:
    """Play up to ``max_turns`` random turns (fewer if the game ends first).

    Returns the turns played and the final position.
    """
    variant = get_variant(variant)
    rng = random.Random(seed)
    pos = start
    turns: list[list[Move]] = []
    while len(turns) < max_turns and not game_over(pos, variant):
        turn = Turn(pos, variant)
        turns.append(random_moves(turn, rng, move_chance, explode_bias))
        pos, _ = turn.finish()
    return turns, pos
