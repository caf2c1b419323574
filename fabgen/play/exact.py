"""The exact explosion search: the turn with the most explosions, proven, and fast.

The extreme machine values a turn by the explosions of its explosion phase. This
module finds the largest such count over *every* turn of the player to move (one
move or none per tile, in every order that changes the result) without playing
every turn, by branch and bound over the tiles; docs/design-notes.md gives the
argument at length. In short:

**Which fields can explode at all.** A move changes stones, never a status or a
capacity. Write a live field's *advantage* as the player's stones on it, or minus an
opponent's stones (0 when empty); a growing field of the player has its stones. Each
stone an explosion sends to a live neighbour adds one to its advantage (it lands or
cancels an opponent stone). A live field explodes once its advantage is at least 1
and at least its capacity; it then becomes growing with no stones, and explodes
again (dies) once none of its neighbours is live. A growing field of the player
explodes when its stones reach its capacity. Dead fields and the opponents' growing
fields never explode in this phase. All of this is monotone: more advantage, or more
explosions next door, never means fewer explosions. So if every tile made, at once,
the move that adds the most to each field (each field for itself), the explosions
possible under that optimism include every explosion of every real turn. The fields
that can explode even then (:attr:`TurnSpace.volatile`, "V") are the only ones that
ever explode; every other field's explosions are 0 in every turn, whatever happens.

**Counting on V only.** The count of a turn is then a function of the advantages of
the fields in V after the moves (:func:`_explosions`, checked against the engine by
the tests). A move that passes no contested field (one that held opponent stones at
the start of the turn) changes advantages by fixed amounts: minus k at its source,
plus k at its destination, whatever else is played and in whatever order. A move
that passes contested fields (*crossing*) takes minus k at its source and between 0
and what it could cancel or land on each field it passes; its exact effect is
worked out at the end, in every order of the moves it depends on (as
:mod:`fabgen.play.search` does).

**Branch and bound.** Tiles are decided one at a time (the one that can add the most
first); each node has two vectors of advantages: every decided move at its lowest
and at its highest, every undecided tile at its lowest (its most negative move, for
each field) and at its highest (its most positive move, for each field). The
explosions of the high vector are an upper bound for every turn below the node, those
of the low vector a lower bound. Nodes whose upper bound is below the best count found
are cut off (never those equal to it: every best turn is found, so that ties are
broken among all of them); when the two bounds meet, every turn below the node has
that count, and they are counted without being enumerated. Moves with the same effect
on V (most of all those that touch no field of V and that no crossing move depends on)
are one option. Where the fields that can still explode fall apart into groups that
different tiles reach, the tiles are searched in independent parts and their best
counts add up (:meth:`_Search._split`).

**Ties** are counted as move sets (a move set is best when one of its orders is);
the seeded generator draws one best move set uniformly, then one of its best orders
uniformly. Past :data:`TIES` bound evaluations only better turns are looked for (the
count stays proven; the tie is drawn among the best turns found). A ``budget`` of
bound evaluations may stop the search early: the result then says
``exhaustive=False`` and gives the largest upper bound of the nodes left open
(``bound``): no turn explodes more than that.

:func:`best_setup` is the machine's second rule (no turn explodes anything now): it
plays every turn and searches each next turn with :class:`TurnSpace`.
"""

from __future__ import annotations

import gc
import itertools
import math
import random
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple

from fabgen.rules.moves import MACHINE, Move
from fabgen.rules.state import GROWING, LIVE, Position

#: Bound evaluations one search may make by default (about 5 s of CPU in the
#: slowest case measured; most searches need a few hundred).
BUDGET = 200_000

#: Bound evaluations after which a search looks only for better turns, no longer
#: for more turns as good as the best found (the count stays exact).
TIES = 20_000

#: Orders tried at most for one move set with interdependent moves (as in search.py).
MAX_ORDERS = 120


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


@contextmanager
def _no_gc():
    """The cyclic garbage collector paused: a search makes many short-lived lists and
    no reference cycles, and keeps thousands of positions alive (the look-ahead), which
    the collector would scan over and over (a third of the time)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


# --- the moves ---------------------------------------------------------------------


class _Move(NamedTuple):
    """A legal move on field indices: ``path`` is the fields passed, destination last;
    ``passed`` the contested fields passed before the destination (with the opponent
    stones on them), ``end`` the destination if contested, else -1."""

    src: int
    path: tuple[int, ...]
    k: int
    passed: tuple[tuple[int, int], ...]
    end: int

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
                    moves.append(_Move(i, tuple(path), k, tuple(passed), end))
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
    pa = {f for f, _ in a.passed}
    pb = {f for f, _ in b.passed}
    return bool(pa & pb) or b.end in pa or a.end in pb


def _advantage(position: Position, player: int) -> list[int]:
    """Per field: the player's stones, minus an opponent's, on live and growing fields."""
    return [
        s if o == player else -s if o >= 0 else 0
        for o, s in zip(position.owners, position.stone_counts, strict=True)
    ]


def _play(adv: dict[int, int], moves) -> None:
    """Carry out moves, in order, on the advantages of the fields they touch."""
    for m in moves:
        adv[m.src] -= m.k
        left = m.k
        for f in m.path[:-1]:
            a = adv[f]
            if a < 0:
                c = min(left, -a)
                adv[f] = a + c
                left -= c
                if not left:
                    break
        if left:
            adv[m.path[-1]] += left


# --- the turn space ----------------------------------------------------------------


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


class _Counter:
    """Bound evaluations made, against a budget (shared by a search and its parts);
    past ``ties`` of them, turns that only equal the best found are no longer looked
    for (``all_ties`` turns False once that has cut anything)."""

    def __init__(self, budget: int, ties: int = BUDGET):
        self.nodes, self.budget, self.ties = 0, budget, ties
        self.all_ties = True
        # Looking for independent parts is tried while it pays: each try costs a
        # credit, each success earns some.
        self.split_credit = 64

    @property
    def spent(self) -> bool:
        return self.nodes > self.budget


#: Below this many move sets under a node the search does not look for independent
#: parts (looking costs about as much as a few bound evaluations).
SPLIT_SETS = 64


class _Search:
    """Branch and bound over some tiles (``tiles``, by position in the prepared list)
    from the advantages ``lo``/``hi`` (the moves decided so far, at their lowest and
    highest; the other tiles make no move).

    ``leaves`` are the best turns found, as ``(decisions, weight, parts)``: decisions
    ``(tile, moves standing for the choice)``, None for "any move or none";
    ``parts``: independent sub-searches whose best turns combine with it; ``weight``:
    the move sets it stands for.
    """

    def __init__(self, space, tiles, lo, hi, at_least, counter, which=None, prefix=()):
        self.space, self.counter = space, counter
        self.prefix = prefix  # moves decided before (by the search this is a part of)
        self.best = at_least  # counts below this are not wanted
        self.complete = True
        self.bound = -1  # the largest upper bound of a node left open by the budget
        self.leaves: list[tuple[tuple, int, tuple]] = []
        self.lo, self.hi = lo, hi
        which = range(len(tiles)) if which is None else which
        self.all = tiles
        order = sorted(which, key=lambda t: -sum(tiles[t].high))
        self.order = order
        n, nv = len(order), len(lo)
        self.low_rest = [[0] * nv for _ in range(n + 1)]
        self.high_rest = [[0] * nv for _ in range(n + 1)]
        self.sets_rest = [1] * (n + 1)
        for i in range(n - 1, -1, -1):
            tile = tiles[order[i]]
            self.low_rest[i] = [x + y for x, y in zip(self.low_rest[i + 1], tile.low, strict=True)]
            self.high_rest[i] = [
                x + y for x, y in zip(self.high_rest[i + 1], tile.high, strict=True)
            ]
            self.sets_rest[i] = self.sets_rest[i + 1] * (len(tile.moves) + 1)

    def _cut(self, h: int) -> bool:
        """Is a node with upper bound ``h`` not worth a visit?"""
        if h < self.best:
            return True
        if h == self.best and self.leaves and self.counter.nodes > self.counter.ties:
            self.counter.all_ties = False
            return True
        return False

    def _eval(self, vector: list[int], rest: list[int], exploded: set[int] | None = None) -> int:
        self.counter.nodes += 1
        return self.space.explosions([x + y for x, y in zip(vector, rest, strict=True)], exploded)

    def run(self) -> None:
        top = self._eval(self.hi, self.high_rest[0])
        if not self._cut(top):
            self._node(0, self.lo, self.hi, (), 1, top)

    def total(self) -> int:
        return sum(w for _, w, _ in self.leaves)

    def _found(self, value: int, decisions: tuple, weight: int, parts: tuple = ()) -> None:
        if value > self.best:
            self.best, self.leaves = value, []
        self.leaves.append((decisions, weight, parts))

    def _rest(self, i: int) -> tuple:
        return tuple((t, None) for t in self.order[i:])

    def _node(self, i: int, lo: list, hi: list, chosen: tuple, weight: int, top: int) -> None:
        """A node at depth ``i`` whose upper bound ``top`` is at least the best."""
        n = len(self.order)
        if i == n:
            self._leaf(chosen, weight, top, lo == hi)
            return
        bottom = self._eval(lo, self.low_rest[i]) if top > 0 else 0
        if bottom == top:  # every turn below has this count
            self._found(top, chosen + self._rest(i), weight * self.sets_rest[i])
            return
        counter = self.counter
        if lo == hi and n - i > 1 and self.sets_rest[i] > SPLIT_SETS and counter.split_credit > 0:
            counter.split_credit -= 1 if i else 0
            if self._split(i, hi, chosen, weight):
                counter.split_credit += 16
                return
        tile = self.all[self.order[i]]
        children = []
        rest = self.high_rest[i + 1]
        settled = self.space.settle([x + y for x, y in zip(hi, rest, strict=True)])
        self.counter.nodes += 1
        for members, dlo, dhi in tile.options:
            clo, chi = lo, hi
            if dlo:
                clo = lo[:]
                for j, x in dlo:
                    clo[j] += x
            if dhi:
                chi = hi[:]
                for j, x in dhi:
                    chi[j] += x
            h = self.space.more(settled, dhi)
            if h is None:
                h = self._eval(chi, rest)
            children.append((h, members, clo, chi))
        children.sort(key=lambda c: -c[0])
        t = self.order[i]
        for h, members, clo, chi in children:
            if self._cut(h):
                break
            if self.counter.spent:
                self.complete = False
                self.bound = max(self.bound, h)
                if self.leaves:
                    continue  # else dive on: one turn is found in any case
            self._node(i + 1, clo, chi, (*chosen, (t, members)), weight * len(members), h)

    def _split(self, i: int, hi: list, chosen: tuple, weight: int) -> bool:
        """Decide the tiles from depth ``i`` on as independent parts, when the fields
        that can still explode (under this node's optimism) fall apart into groups
        of neighbours that no two parts' moves reach (nor depend on each other
        across): then a turn's count is the count with none of those moves plus what
        each part adds, and tiles that reach none of them change nothing. False
        when there is nothing to gain (nothing done)."""
        exploded: set[int] = set()
        self._eval(hi, self.high_rest[i], exploded)
        nbrs = self.space._nbrs
        comp: dict[int, int] = {}
        for j in exploded:
            if j in comp:
                continue
            comp[j] = j
            todo = [j]
            for x in todo:
                for y in nbrs[x]:
                    if y in exploded and y not in comp:
                        comp[y] = j
                        todo.append(y)
        rest = self.order[i:]
        inside = set(rest)
        tiles = self.all
        parent: dict = {}

        def root(x):
            while parent.setdefault(x, x) != x:
                x = parent[x]
            return x

        for t in rest:
            for j in tiles[t].reach:
                c = comp.get(j)
                if c is not None:
                    parent[root(t)] = root(-1 - c)
            for u in tiles[t].linked:
                if u in inside:
                    parent[root(t)] = root(u)
        groups: dict = {}
        for t in rest:
            groups.setdefault(root(t), []).append(t)
        active, free = [], []
        for g in groups.values():
            if any(j in comp for t in g for j in tiles[t].reach):
                active.append(g)
            else:
                free.extend(g)
        if len(active) < 2 and not free:
            return False
        zero = self.high_rest[-1]
        base = self._eval(hi, zero)
        tops = []
        for g in active:
            high = hi[:]
            for t in g:
                for j, x in enumerate(tiles[t].high):
                    if x:
                        high[j] += x
            tops.append(self._eval(high, zero))
        bound = base + sum(top - base for top in tops)
        if self._cut(bound):
            return True
        parts = []
        value = base
        open_bound = base
        for g, top in sorted(zip(active, tops, strict=True), key=lambda gt: gt[1] - base):
            need = self.best - (bound - top)
            if self.leaves and self.counter.nodes > self.counter.ties:
                need += 1  # only a better turn is wanted now
            need = max(base, need)
            decided = [m for _, members in chosen if (m := members[0]) is not None]
            part = _Search(
                self.space, tiles, hi, hi, need, self.counter, g, (*self.prefix, *decided)
            )
            part.run()
            if not part.complete:
                self.complete = False
            if not part.leaves:
                if not part.complete and part.bound >= need:
                    self.bound = max(self.bound, bound - top + part.bound)
                return True
            bound += max(part.best, part.bound) - top
            value += part.best - base
            open_bound += max(part.best, part.bound) - base
            parts.append(part)
        if open_bound > value:
            self.bound = max(self.bound, open_bound)
        if value >= self.best:
            free_sets = math.prod(len(tiles[t].moves) + 1 for t in free)
            ties = math.prod(part.total() for part in parts)
            decisions = chosen + tuple((t, None) for t in free)
            self._found(value, decisions, weight * free_sets * ties, tuple(parts))
        return True

    def _leaf(self, chosen: tuple, weight: int, top: int, exact: bool) -> None:
        moves = [*self.prefix, *(m for _, members in chosen if (m := members[0]) is not None)]
        if exact:
            value = top
        else:
            value = max(_values(self.space, moves).values(), default=-1)
            if value < 0:  # too many orders: this move set is left open
                self.complete = False
                self.bound = max(self.bound, top)
                value = self.space.count(moves)
        if value >= self.best:
            self._found(value, chosen, weight)

    def draw(self, rng: random.Random) -> list[_Move]:
        """One best move set drawn uniformly."""
        leaves = self.leaves
        total = self.total()
        r = rng.randrange(total) if total > 1 else 0
        n = 0
        while r >= leaves[n][1]:
            r -= leaves[n][1]
            n += 1
        decisions, _, parts = leaves[n]
        moves = []
        for t, members in decisions:
            if members is None:
                tile_moves = self.all[t].moves
                k = rng.randrange(1 + len(tile_moves))
                m = tile_moves[k - 1] if k else None
            else:
                m = members[0] if len(members) == 1 else rng.choice(members)
            if m is not None:
                moves.append(m)
        for part in parts:
            moves.extend(part.draw(rng))
        return moves


def _values(space: TurnSpace, moves: list[_Move]) -> dict[tuple, int]:
    """Explosions of each order of ``moves`` that gives a different position (by the
    advantages of the fields touched), keyed by the order; empty when there are
    more than :data:`MAX_ORDERS` orders."""
    groups = _dependent_groups(moves)
    if not groups:
        return {tuple(range(len(moves))): space.count(moves)}
    if math.prod(math.factorial(len(g)) for g in groups) > MAX_ORDERS:
        return {}
    out, seen = {}, set()
    for order in _orders(len(moves), groups):
        ordered = [moves[j] for j in order]
        adv = {f: space.advantage[f] for m in moves for f in (m.src, *m.path)}
        _play(adv, ordered)
        key = tuple(sorted(adv.items()))
        if key not in seen:
            seen.add(key)
            out[order] = space.count(ordered)
    return out


def _dependent_groups(moves: list[_Move]) -> list[list[int]]:
    """Connected groups (of two or more) of moves that depend on each other."""
    n = len(moves)
    group = list(range(n))

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    crossing = [j for j, m in enumerate(moves) if m.passed or m.end >= 0]
    for a, b in itertools.combinations(crossing, 2):
        if _depends(moves[a], moves[b]):
            group[root(a)] = root(b)
    members: dict[int, list[int]] = {}
    for i in range(n):
        members.setdefault(root(i), []).append(i)
    return [m for m in members.values() if len(m) > 1]


def _orders(n: int, groups: list[list[int]]):
    """Every order in which each group's moves are permuted among their places."""
    for perms in itertools.product(*(itertools.permutations(g) for g in groups)):
        order = list(range(n))
        for g, perm in zip(groups, perms, strict=True):
            for place, j in zip(g, perm, strict=True):
                order[place] = j
        yield tuple(order)


# --- the next turn -------------------------------------------------------------------


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
        from fabgen.play.search import pass_turn
        from fabgen.rules.scoring import game_over

        key = (
            tuple(after.status_codes),
            tuple(after.owners),
            tuple(after.stone_counts),
            after.passes,
        )
        n = self._index.get(key)
        if n is None:
            pos, space = after, None
            while True:
                if game_over(pos, self.variant):
                    break
                if pos.next_player == self.player:
                    space = TurnSpace(pos)
                    break
                pos = pass_turn(pos)
            n = self._index[key] = len(self.spaces)
            self.spaces.append(space)
        return n
