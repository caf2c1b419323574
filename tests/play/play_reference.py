"""A plain, separate brute force over turns, to check the searches against.

Fields are dict keys, neighbours come from coordinates, moves are found by walking
each direction, and a turn is any sequence of moves in any order (at most one
starting per tile, arrived stones never move again): nothing here knows about the
search's tile order or its reasoning about which orders matter. Explosions rescan
every field one explosion at a time, as the online version does (the rules engine's
own reference, tests/rules/rules_reference.py, does that part).
"""

from __future__ import annotations

from collections.abc import Iterator

from fabgen.geometry.lattice import NEIGHBOUR_STEPS
from fabgen.rules.moves import Move
from fabgen.rules.state import Position
from tests.rules.rules_reference import explode_all, live_neighbours, snapshot

# field -> [status, owner, stones]; status "live" | "growing" | "dead"


def copy(state: dict) -> dict:
    return {f: list(cell) for f, cell in state.items()}


def moves_from(state: dict, player: int, field, free: int) -> list[Move]:
    out = []
    for dq, dr in NEIGHBOUR_STEPS:
        for k in range(1, free + 1):
            f = (field[0] + k * dq, field[1] + k * dr)
            if f not in state or state[f][0] != "live":
                break
            out.append(Move(field, f))
    return out


def apply_move(state: dict, player: int, move: Move) -> int:
    """Carry out a legal move; the stones that land."""
    (q0, r0), (q1, r1) = move
    k = max(abs(q1 - q0), abs(r1 - r0))
    step = ((q1 - q0) // k, (r1 - r0) // k)
    src = state[move.source]
    src[2] -= k
    if src[2] == 0:
        src[1] = None
    left = k
    for j in range(1, k + 1):
        cell = state[(q0 + j * step[0], r0 + j * step[1])]
        if cell[1] is not None and cell[1] != player:
            gone = min(left, cell[2])
            cell[2] -= gone
            left -= gone
            if cell[2] == 0:
                cell[1] = None
    dst = state[move.destination]
    if left:
        dst[1], dst[2] = player, dst[2] + left
    return left


def tiles_of(pos: Position) -> dict:
    return {f: t for t, seg in enumerate(pos.board.segments) for f in seg}


def all_turns(pos: Position) -> Iterator[tuple[tuple[Move, ...], dict]]:
    """Every legal turn of the player to move, in every order, with the state after
    its moves (before explosions)."""
    return turns_from(snapshot(pos), pos.next_player, tiles_of(pos))


def turns_from(start: dict, player: int, tile: dict) -> Iterator[tuple[tuple[Move, ...], dict]]:
    """Every legal turn of ``player`` from the state ``start``."""

    def walk(state, used, arrived, made):
        yield made, state
        for field, (status, owner, stones) in sorted(state.items()):
            if status != "live" or owner != player or tile[field] in used:
                continue
            free = stones - arrived.get(field, 0)
            for move in moves_from(state, player, field, free):
                after = copy(state)
                landed = apply_move(after, player, move)
                got = dict(arrived)
                got[move.destination] = got.get(move.destination, 0) + landed
                yield from walk(after, used | {tile[field]}, got, (*made, move))

    yield from walk(start, frozenset(), {}, ())


def explode_and_grow(state: dict, player: int) -> int:
    """The explosion phase (one explosion at a time, lowest field first) and growth;
    returns the number of explosions."""
    count = explode_all(state, player)
    for cell in state.values():
        if cell[0] == "growing" and cell[1] == player:
            cell[2] += 1
    return count


def scores(state: dict, players: int) -> list[int]:
    """Regions of live fields; a region scores its size for its one player."""
    out = [0] * players
    seen: set = set()
    for start, cell in state.items():
        if cell[0] != "live" or start in seen:
            continue
        region, todo = [], [start]
        seen.add(start)
        while todo:
            f = todo.pop()
            region.append(f)
            for n in live_neighbours(state, f):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        owners = {state[f][1] for f in region if state[f][1] is not None}
        if len(owners) == 1:
            out[owners.pop()] += len(region)
    return out


def lead(state: dict, player: int, players: int) -> int:
    points = scores(state, players)
    return points[player] - max((p for k, p in enumerate(points) if k != player), default=0)


def outcomes(pos: Position) -> list[tuple[tuple[Move, ...], int, dict]]:
    """Every turn with its explosions and the state after explosion and growth."""
    out = []
    for made, state in all_turns(pos):
        after = copy(state)
        count = explode_and_grow(after, pos.next_player)
        out.append((made, count, after))
    return out


def play(pos: Position, moves) -> tuple[int, dict]:
    """Explosions and state after a given turn (the moves assumed legal)."""
    state = snapshot(pos)
    for move in moves:
        apply_move(state, pos.next_player, move)
    count = explode_and_grow(state, pos.next_player)
    return count, state


def best_next_turn(state: dict, player: int, players: int, tile: dict) -> int:
    """The most explosions ``player``'s next turn can make after the others pass
    (their explosions and growth only), from the state after ``player``'s turn."""
    state = copy(state)
    for k in range(player + 1, player + players):
        if game_over(state):
            return 0
        explode_and_grow(state, k % players)
    if game_over(state):
        return 0
    turns = turns_from(state, player, tile)
    return max(explode_and_grow(copy(after), player) for _, after in turns)


def game_over(state: dict) -> bool:
    """Every region holds stones of one player at most, and no growing field has a
    live neighbour."""
    for f, cell in state.items():
        if cell[0] == "growing" and live_neighbours(state, f):
            return False
    seen: dict = {}
    for start, cell in state.items():
        if cell[0] != "live" or start in seen:
            continue
        owners, todo = set(), [start]
        seen[start] = True
        while todo:
            f = todo.pop()
            if state[f][1] is not None:
                owners.add(state[f][1])
            for n in live_neighbours(state, f):
                if n not in seen:
                    seen[n] = True
                    todo.append(n)
        if len(owners) > 1:
            return False
    return True
