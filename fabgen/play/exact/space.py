"""The turns of the player to move, prepared for the exact search: the fields that
can explode at all, their advantages, and the tiles' options (see
:mod:`fabgen.play.exact`)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import NamedTuple

from fabgen.play.exact.branch import BUDGET, TIES, _Counter, _no_gc, _Search
from fabgen.play.exact.moves import _advantage, _as_move, _Move, _play, _values, legal_moves
from fabgen.rules.moves import MACHINE, Move
from fabgen.rules.state import GROWING, LIVE, Position


@dataclass(frozen=True)
class ExactResult:
    """The best turn of an exact search and how it was found.

    ``value``: explosions of the chosen turn (the most of every turn when
    ``exhaustive``); ``bound``: no turn explodes more (equal to ``value`` when
    exhaustive); ``ties``: move sets with the best count (one was drawn); ``nodes``:
    bound evaluations made; ``move_sets``: the whole space (one move or none per tile).
    """

    moves: tuple[Move, ...]
    value: int
    exhaustive: bool
    bound: int
    ties: int
    nodes: int
    move_sets: int
    all_ties: bool = True  # every best turn was among those drawn from


class TurnSpace:
    """The turns of the player to move, prepared for :meth:`best`."""

    def __init__(self, position: Position):
        self.position = position
        self.player = player = position.next_player
        self._tiles: list[list[_Move]] | None = None
        self._prepared: list[_Tile] | None = None
        self.counter = _Counter(0)  # of the last search
        status, owner, cap = position.status_codes, position.owners, position.capacities
        board = position.board
        nbrs, towards = board.neighbours, board.towards
        n = len(status)
        adv = self.advantage = _advantage(position, player)
        stones = position.stone_counts
        # The most each tile's moves can add to each field (a move of k steps lands
        # at most k stones, and cancels at most k, and at most what is there, on each
        # contested field it passes), summed over the tiles. The same as going
        # through legal_moves, without making the moves.
        gain = [0] * n
        mover = position.players[player].kind != MACHINE
        mine = [f for f in range(n) if owner[f] == player and status[f] == LIVE]
        by_tile: dict[int, list[int]] = {}
        for f in mine if mover else ():
            by_tile.setdefault(board.tile_of[f], []).append(f)
        for sources in by_tile.values():
            most: dict[int, int] = {}
            for i in sources:
                free = stones[i]
                for d in range(6):
                    f, k, contested = i, 0, []
                    while k < free:
                        f = towards[f][d]
                        if f < 0 or status[f] != LIVE:
                            break
                        k += 1
                        if most.get(f, 0) < k:
                            most[f] = k
                        o = owner[f]
                        if o >= 0 and o != player:
                            contested.append(f)
                    for f in contested:  # passed by the longest move, at most
                        c = min(k, stones[f])
                        if most[f] < c:
                            most[f] = c
            for f, g in most.items():
                gain[f] += g
        # Explosions possible under that optimism: a least fixed point, from the
        # fields that could explode on their own, then their neighbours.
        top = [0] * n
        queued = [False] * n
        todo = []
        for f in (*mine, *(f for f in range(n) if gain[f])):
            if queued[f]:
                continue
            a = adv[f] + gain[f]
            if a >= 1 and a >= cap[f]:  # could explode on its own
                queued[f] = True
                todo.append(f)
        for f in position.growing_indices:
            if owner[f] == player and adv[f] >= cap[f] and not queued[f]:
                queued[f] = True
                todo.append(f)
        while todo:
            f = todo.pop()
            queued[f] = False
            s = status[f]
            if s == LIVE:
                got = lost = 0
                for g in nbrs[f]:
                    e = top[g]
                    if e:
                        got += e
                        if not status[g]:
                            lost += 1
                a = adv[f] + gain[f] + got
                c = cap[f] - lost
                v = (2 if c <= 0 else 1) if a >= 1 and a >= c else 0
            elif s == GROWING and owner[f] == player:
                lost = 0
                for g in nbrs[f]:
                    if top[g] and not status[g]:
                        lost += 1
                v = 1 if adv[f] >= cap[f] - lost else 0
            else:
                continue
            if v > top[f]:
                top[f] = v
                for g in nbrs[f]:
                    if not queued[g]:
                        queued[g] = True
                        todo.append(g)
        self.volatile = vol = [f for f in range(n) if top[f]]
        self.top_bound = sum(top)  # no turn explodes more
        local = self.local = {f: j for j, f in enumerate(vol)}
        self._state = [0 if status[f] == LIVE else 1 for f in vol]
        self._cap = [cap[f] for f in vol]
        self._nbrs = [tuple(local[g] for g in nbrs[f] if g in local) for f in vol]
        self.a0 = [adv[f] for f in vol]

    @property
    def tiles(self) -> list[list[_Move]]:
        """The legal moves per tile (made when first asked for)."""
        if self._tiles is None:
            self._tiles = legal_moves(self.position)
        return self._tiles

    @property
    def move_sets(self) -> int:
        return math.prod(len(t) + 1 for t in self.tiles)

    # -- counting ---------------------------------------------------------------------

    def explosions(self, a: list[int], exploded: set[int] | None = None) -> int:
        """Explosions of the phase whose fields of V start with advantages ``a``
        (changed in place); the fields that explode are added to ``exploded``."""
        cap = self._cap[:]
        state = self._state[:]  # 0 live, 1 growing, 2 dead
        work = [j for j, x in enumerate(a) if x >= cap[j] and (state[j] or x >= 1)]
        return self._phase(a, cap, state, work, exploded)

    def settle(self, a: list[int]) -> tuple:
        """The phase from advantages ``a`` (changed in place), kept so that
        :meth:`more` can go on from its end."""
        cap = self._cap[:]
        state = self._state[:]
        work = [j for j, x in enumerate(a) if x >= cap[j] and (state[j] or x >= 1)]
        return self._phase(a, cap, state, work, None), a, cap, state

    def more(self, settled: tuple, change: list) -> int | None:
        """Explosions of the phase from the advantages of ``settled`` plus ``change``
        (sparse), going on from its end: the phase is a least fixed point, so a field
        that did not explode may lose stones (nothing it did depended on them) and any
        field may gain some, and the phase carries on from there. None when
        ``change`` takes stones from a field that exploded (start afresh)."""
        count, a, cap, state = settled
        for j, x in change:
            if x < 0 and state[j] != self._state[j]:
                return None
        a = a[:]
        work = []
        for j, x in change:
            if state[j] == 0:  # live (moves only touch live fields)
                y = a[j] + x
                a[j] = y
                if y >= 1 and y >= cap[j]:
                    work.append(j)
        if not work:
            return count
        return count + self._phase(a, cap[:], state[:], work, None)

    def _phase(self, a, cap, state, work, exploded) -> int:
        nbrs = self._nbrs
        count = 0
        while work:
            j = work.pop()
            s = state[j]
            if s == 0:
                x = a[j]
                if x < 1 or x < cap[j]:
                    continue
                count += 1
                state[j] = 1
                a[j] = 0
                if exploded is not None:
                    exploded.add(j)
                for k in nbrs[j]:
                    c = cap[k] - 1
                    cap[k] = c
                    sk = state[k]
                    if sk == 0:
                        y = a[k] + 1
                        a[k] = y
                        if y >= 1 and y >= c:
                            work.append(k)
                    elif sk == 1 and a[k] >= c:
                        work.append(k)
                if not cap[j]:
                    work.append(j)
            elif s == 1:
                if a[j] < cap[j]:
                    continue
                count += 1
                state[j] = 2
                if exploded is not None:
                    exploded.add(j)
                for k in nbrs[j]:
                    if state[k] == 0:
                        y = a[k] + 1
                        a[k] = y
                        if y >= 1 and y >= cap[k]:
                            work.append(k)
        return count

    def count(self, moves) -> int:
        """Explosions of the turn that makes ``moves`` (``_Move``) in this order."""
        adv = {f: self.advantage[f] for m in moves for f in (m.src, *m.path)}
        _play(adv, moves)
        a = self.a0[:]
        local = self.local
        for f, x in adv.items():
            j = local.get(f)
            if j is not None:
                a[j] = x
        return self.explosions(a)

    # -- the search -------------------------------------------------------------------

    def best(
        self, rng: random.Random, at_least: int = 0, budget: int = BUDGET, ties: int = TIES
    ) -> ExactResult | None:
        """The turn with the most explosions (ties drawn by ``rng``); None when no turn
        reaches ``at_least`` (proven, or ``exhaustive=False`` with ``bound`` below it).

        Every best turn is looked for during the first ``ties`` bound evaluations;
        after that only better turns are (``all_ties`` False when that left some
        out): the count stays proven, the tie is drawn among the best turns found."""
        counter = self.counter = _Counter(budget, ties)
        a0 = self.a0
        search = _Search(self, self.prepared, a0, a0, at_least, counter)
        with _no_gc():
            search.run()
        if not search.leaves:
            if search.complete or search.bound < at_least:
                return None
            # The budget ran out before any turn reached ``at_least``: the pass, bounded.
            value = self.count([])
            return ExactResult(
                (), value, False, search.bound, 1, counter.nodes, self.move_sets, False
            )
        moves = search.draw(rng)
        # Board order of the tiles, then the best orders of the moves that depend on
        # each other.
        tile_of = self.position.board.tile_of
        moves.sort(key=lambda m: tile_of[m.src])
        values = _values(self, moves)
        if values:
            most = max(values.values())
            orders = [o for o, v in values.items() if v == most]
            order = orders[0] if len(orders) == 1 else rng.choice(orders)
            moves = [moves[j] for j in order]
        value = search.best
        return ExactResult(
            moves=tuple(_as_move(self.position.board, m) for m in moves),
            value=value,
            exhaustive=search.complete,
            bound=max(value, search.bound),
            ties=search.total(),
            nodes=counter.nodes,
            move_sets=self.move_sets,
            all_ties=counter.all_ties,
        )

    @property
    def prepared(self) -> list[_Tile]:
        """The tiles with their options, for the search (made when first asked for)."""
        if self._prepared is None:
            self._prepared = _prepare(self)
        return self._prepared


class _Tile(NamedTuple):
    """A tile as the search sees it: its moves; its options, each ``(moves standing
    for it, low change, high change)`` with the changes as sparse ``(field of V,
    amount)`` lists; per field of V its most negative and most positive change; the
    fields of V its moves change; the other tiles with a move that depends on one of
    its moves (by position in the list of tiles)."""

    moves: list[_Move]
    options: list[tuple[list, list, list]]
    low: list[int]
    high: list[int]
    reach: frozenset[int]
    linked: set[int]


def _prepare(space: TurnSpace) -> list[_Tile]:
    local = space.local
    nv = len(space.a0)
    crossing_passes: set[int] = set()
    for moves in space.tiles:
        for m in moves:
            crossing_passes.update(f for f, _ in m.passed)
    tiles = []
    for moves in space.tiles:
        options: list = []
        alike: dict[tuple, list] = {(): [None]}  # moves with one fixed effect on V
        for m in moves:
            lo, hi = [], []
            s = local.get(m.src)
            if s is not None:
                lo.append((s, -m.k))
                hi.append((s, -m.k))
            d = local.get(m.dst)
            if m.passed:  # crossing: its effect depends on the other moves
                for f, opp in m.passed:
                    j = local.get(f)
                    if j is not None:
                        hi.append((j, min(m.k, opp)))
                if d is not None:
                    hi.append((d, m.k))
                options.append(([m], lo, hi))
                continue
            if d is not None:
                lo.append((d, m.k))
                hi.append((d, m.k))
            if m.dst in crossing_passes:  # a crossing move depends on it
                options.append(([m], lo, hi))
            else:
                alike.setdefault(tuple(lo), []).append(m)
        options[:0] = [(ms, list(key), list(key)) for key, ms in alike.items()]
        low, high = [0] * nv, [0] * nv
        for _, lo, hi in options:
            for j, x in lo:
                if x < low[j]:
                    low[j] = x
            for j, x in hi:
                if x > high[j]:
                    high[j] = x
        reach = frozenset(j for _, _, hi in options for j, _ in hi)
        tiles.append(_Tile(moves, options, low, high, reach, set()))
    # Two moves depend on each other where one passes a contested field that the
    # other passes or ends on: link every tile with such a move to one passer's.
    passers: dict[int, list[int]] = {}
    enders: dict[int, list[int]] = {}
    for t, moves in enumerate(space.tiles):
        for m in moves:
            for f, _ in m.passed:
                passers.setdefault(f, []).append(t)
            if m.end >= 0:
                enders.setdefault(m.end, []).append(t)
    for f, ts in passers.items():
        first = ts[0]
        for u in (*ts, *enders.get(f, ())):
            if u != first:
                tiles[first].linked.add(u)
                tiles[u].linked.add(first)
    return tiles
