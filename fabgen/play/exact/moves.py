"""Moves as the exact search sees them: on field indices, with the contested fields
they pass, and their effect on the advantages (see :mod:`fabgen.play.exact`)."""

from __future__ import annotations

import math
from typing import NamedTuple, Protocol

from fabgen.play.search import move_orders
from fabgen.rules.moves import MACHINE, Move
from fabgen.rules.state import LIVE, Position

#: Orders tried at most for one move set with interdependent moves (as in search.py).
MAX_ORDERS = 120

#: The largest group of interdependent moves whose orders alone stay within
#: :data:`MAX_ORDERS` (5! = 120): one group larger means too many orders.
_LARGEST = max(n for n in range(1, 13) if math.factorial(n) <= MAX_ORDERS)


class _Move(NamedTuple):
    """A legal move on field indices: ``path`` is the fields passed, destination last;
    ``passed`` the contested fields passed before the destination (with the opponent
    stones on them), ``end`` the destination if contested, else -1."""

    src: int
    path: tuple[int, ...]
    k: int
    passed: tuple[tuple[int, int], ...]
    end: int
    #: The contested fields of ``passed``, as a set: whether two moves depend on each
    #: other is asked for every pair of a move set's crossing moves at every leaf, and
    #: building the sets each time was most of a crowded board's search.
    crossed: frozenset[int] = frozenset()

    @property
    def dst(self) -> int:
        return self.path[-1]


def legal_moves(position: Position) -> list[list[_Move]]:
    """The legal moves of the player to move, per tile that has any (tiles in board
    order, moves in the engine's order: as ``moves_by_tile``, on indices). The caller
    has checked that the game goes on."""
    player = position.next_player
    if position.players[player].kind == MACHINE:
        return []
    board = position.board
    status, owner, stones = position.status_codes, position.owners, position.stone_counts
    towards = board.towards
    out = []
    for tile in board.tiles:
        moves = []
        for i in tile:
            if owner[i] != player or status[i] != LIVE:
                continue
            free = stones[i]
            for d in range(6):
                f = i
                path: list[int] = []
                passed: list[tuple[int, int]] = []  # (field, its stones) passed over
                for k in range(1, free + 1):
                    f = towards[f][d]
                    if f < 0 or status[f] != LIVE:
                        break
                    path.append(f)
                    o = owner[f]
                    contested = o >= 0 and o != player
                    end = f if contested else -1
                    crossed = frozenset(g for g, _ in passed)
                    moves.append(_Move(i, tuple(path), k, tuple(passed), end, crossed))
                    if contested:
                        passed.append((f, stones[f]))
        if moves:
            out.append(moves)
    return out


def _as_move(board, m: _Move) -> Move:
    return Move(board.fields[m.src], board.fields[m.dst])


def _depends(a: _Move, b: _Move) -> bool:
    """Do two moves give different positions in the two orders? (As in search.py:
    only where one passes a contested field that the other passes or ends on.)"""
    pa, pb = a.crossed, b.crossed
    return not pa.isdisjoint(pb) or b.end in pa or a.end in pb


def _advantage(position: Position, player: int) -> list[int]:
    """Per field: the player's stones, minus an opponent's, on live and growing fields."""
    return [
        s if o == player else -s if o >= 0 else 0
        for o, s in zip(position.owners, position.stone_counts, strict=True)
    ]


def _play(adv: dict[int, int], moves) -> None:
    """Carry out moves, in order, on the advantages of the fields they touch. Only a
    contested field (``passed``) can hold opponent stones on the way: a source loses
    its own stones only, and no move brings an opponent's."""
    for m in moves:
        k = m.k
        adv[m.src] -= k
        left = k
        for f, _ in m.passed:
            a = adv[f]
            if a < 0:
                c = left if left < -a else -a
                adv[f] = a + c
                left -= c
                if not left:
                    break
        if left:
            adv[m.path[-1]] += left


class _Counts(Protocol):
    """What :func:`_values` needs of a :class:`~fabgen.play.exact.space.TurnSpace`."""

    advantage: list[int]

    def count(self, moves: list[_Move]) -> int: ...


def _values(
    space: _Counts, moves: list[_Move], groups: list[list[int]] | None = None
) -> dict[tuple, int]:
    """Explosions of each order of ``moves`` that gives a different position (by the
    advantages of the fields touched), keyed by the order; empty when there are
    more than :data:`MAX_ORDERS` orders. ``groups``: their dependent groups, when
    known."""
    if groups is None:
        groups = _dependent_groups(moves, _LARGEST)
        if groups is None:
            return {}
    if not groups:
        return {tuple(range(len(moves))): space.count(moves)}
    if math.prod(math.factorial(len(g)) for g in groups) > MAX_ORDERS:
        return {}
    out, seen = {}, set()
    # The advantages of the fields touched after the moves tell the positions apart:
    # the moves of no group commute with every other, so they are played once, and
    # each order plays its groups' moves on top (a field once in ``base`` for every
    # order: playing changes values, never keys).
    base = {f: space.advantage[f] for m in moves for f in (m.src, *m.path)}
    places = sorted(j for g in groups for j in g)
    grouped = set(places)
    _play(base, [m for j, m in enumerate(moves) if j not in grouped])
    for order in move_orders(len(moves), groups):
        adv = base.copy()
        _play(adv, [moves[order[p]] for p in places])
        key = tuple(adv.values())
        if key not in seen:
            ordered = [moves[j] for j in order]
            seen.add(key)
            out[order] = space.count(ordered)
    return out


def _dependent_groups(moves: list[_Move], largest: int = 0) -> list[list[int]] | None:
    """Connected groups (of two or more) of moves that depend on each other (only
    crossing moves can), as :func:`dependent_groups` of :func:`_depends` finds them,
    but by the contested fields instead of every pair: moves that cross one field are
    joined, and so is a move ending there with them (a move set on a crowded board has
    a hundred crossing moves, and the pairs were most of its search). With
    ``largest``, None as soon as a group has more moves than that: on a crowded board
    nearly every leaf's moves make one group of twenty, and its orders are too many
    to try after the first few joins."""
    parent = list(range(len(moves)))
    size = [1] * len(moves)

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = i = parent[parent[i]]
        return i

    def join(i: int, j: int) -> bool:
        """Join the groups of i and j; False when that makes one too large."""
        i, j = root(i), root(j)
        if i != j:
            if size[i] < size[j]:
                i, j = j, i
            parent[j] = i
            size[i] += size[j]
            if largest and size[i] > largest:
                return False
        return True

    crossers: dict[int, int] = {}  # field -> a move crossing it
    for j, m in enumerate(moves):
        for f in m.crossed:
            other = crossers.get(f)
            if other is None:
                crossers[f] = j
            elif not join(j, other):
                return None
    for j, m in enumerate(moves):
        other = crossers.get(m.end)
        if other is not None and not join(j, other):
            return None
    members: dict[int, list[int]] = {}
    for i in range(len(moves)):
        members.setdefault(root(i), []).append(i)
    return [m for m in members.values() if len(m) > 1]
