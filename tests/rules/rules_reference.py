"""A deliberately plain second implementation of a turn, to compare the engine with.

Fields are dict keys, neighbours are found from coordinates, and every explosion
step rescans every field (as the online version does). The caller can choose which
volatile field explodes next, so any order of explosions can be tried.
"""

from fabgen.geometry.lattice import NEIGHBOUR_STEPS, neighbours
from fabgen.rules.state import Position

State = dict  # field -> [status, owner, stones]; dead fields keep their former owner


def snapshot(pos: Position) -> State:
    return {s.field: [s.status.value, s.owner, s.stones] for s in pos.fields()}


def live_neighbours(state: State, field) -> list:
    return [n for n in neighbours(field) if n in state and state[n][0] == "live"]


def volatile(state: State, player: int | None = None) -> list:
    return sorted(
        f
        for f, (status, owner, stones) in state.items()
        if status != "dead"
        and owner is not None
        and (player is None or owner == player)
        and stones >= len(live_neighbours(state, f))
    )


def give(state: State, field, player: int) -> None:
    cell = state[field]
    if cell[1] == player:
        cell[2] += 1
    elif cell[1] is None:
        cell[1], cell[2] = player, 1
    else:
        cell[2] -= 1
        if cell[2] == 0:
            cell[1] = None


def explode_all(state: State, player: int, pick=lambda fields: fields[0]) -> int:
    """Explode ``player``'s volatile fields one at a time, ``pick`` choosing which."""
    count = 0
    while True:
        candidates = volatile(state, player)
        if not candidates:
            return count
        field = pick(candidates)
        for n in live_neighbours(state, field):
            give(state, n, player)
        status = state[field][0]
        state[field] = ["growing" if status == "live" else "dead", player, 0]
        count += 1


def move(state: State, player: int, source, destination) -> None:
    """Carry out a move already known to be legal."""
    dq, dr = destination[0] - source[0], destination[1] - source[1]
    k = max(abs(dq), abs(dr))
    step = (dq // k, dr // k)
    assert step in NEIGHBOUR_STEPS
    state[source][2] -= k
    if state[source][2] == 0:
        state[source][1] = None
    left = k
    for j in range(1, k + 1):
        cell = state[(source[0] + j * step[0], source[1] + j * step[1])]
        if cell[1] is not None and cell[1] != player:
            cancelled = min(left, cell[2])
            cell[2] -= cancelled
            left -= cancelled
            if cell[2] == 0:
                cell[1] = None
    cell = state[destination]
    if left:
        cell[1], cell[2] = player, cell[2] + left


def turn(pos: Position, moves, pick=lambda fields: fields[0]) -> State:
    state = snapshot(pos)
    player = pos.next_player
    for m in moves:
        move(state, player, m.source, m.destination)
    explode_all(state, player, pick)
    for cell in state.values():
        if cell[0] == "growing" and cell[1] == player:
            cell[2] += 1
    return state
