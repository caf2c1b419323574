"""The branch and bound over tiles (see :mod:`fabgen.play.exact`): budgets, the
node visits, the independent parts, and drawing one best turn."""

from __future__ import annotations

import gc
import math
import random
from contextlib import contextmanager

from fabgen.play.exact.moves import _LARGEST, MAX_ORDERS, _dependent_groups, _Move, _values

#: Bound evaluations one search may make by default (about 5 s of CPU in the
#: slowest case measured; most searches need a few hundred). One is counted
#: wherever the search once ran a phase afresh (a node's lower bound, its children's
#: shared vector, a child that takes stones from a field that exploded), also where
#: that phase now goes on from another's end: budgets, and so decisions, stay as
#: they were.
BUDGET = 200_000

#: Bound evaluations after which a search looks only for better turns, no longer
#: for more turns as good as the best found (the count stays exact).
TIES = 20_000


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

    ``leaves`` are the best turns found, as ``(decisions, more decisions, weight,
    parts)``: decisions ``(tile, moves standing for the choice)``, None for "any move
    or none" (in two tuples, the first shared with the leaf's siblings: a crowded
    board keeps a million leaves);
    ``parts``: independent sub-searches whose best turns combine with it; ``weight``:
    the move sets it stands for.
    """

    def __init__(self, space, tiles, lo, hi, at_least, counter, which=None, prefix=()):
        self.space, self.counter = space, counter
        self.prefix = prefix  # moves decided before (by the search this is a part of)
        self.best = at_least  # counts below this are not wanted
        self.complete = True
        self.bound = -1  # the largest upper bound of a node left open by the budget
        self.leaves: list[tuple[tuple, tuple, int, tuple]] = []
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
        #: Per depth i > 0: what the lowest moves of the tile decided at depth i - 1
        #: take from each field, as a gain (a node's lower bound goes on from its
        #: parent's by giving that back and adding the option chosen).
        self.back: list[dict[int, int]] = [{}] + [
            {j: -x for j, x in enumerate(tiles[t].low) if x} for t in order
        ]

    def _cut(self, h: int) -> bool:
        """Is a node with upper bound ``h`` not worth a visit?"""
        if h < self.best:
            return True
        if h == self.best and self.leaves and self.counter.nodes > self.counter.ties:
            self.counter.all_ties = False
            return True
        return False

    def _eval(self, vector: list[int], rest: list[int]) -> int:
        self.counter.nodes += 1
        return self.space.explosions([x + y for x, y in zip(vector, rest, strict=True)])

    def _settle(self, vector: list[int], rest: list[int]) -> tuple[int, list[int]]:
        """Like :meth:`_eval`, with the fields' states at the end of the phase."""
        self.counter.nodes += 1
        settled = self.space.settle([x + y for x, y in zip(vector, rest, strict=True)])
        return settled[0], settled[3]

    def run(self) -> None:
        top, state = self._settle(self.hi, self.high_rest[0])
        if not self._cut(top):
            self._node(0, self.lo, self.hi, (), 1, top, state)

    def total(self) -> int:
        return sum(w for _, _, w, _ in self.leaves)

    def _found(
        self, value: int, decisions: tuple, more: tuple, weight: int, parts: tuple = ()
    ) -> None:
        if value > self.best:
            self.best, self.leaves = value, []
        self.leaves.append((decisions, more, weight, parts))

    def _rest(self, i: int) -> tuple:
        return tuple((t, None) for t in self.order[i:])

    def _node(
        self,
        i: int,
        lo: list,
        hi: list,
        chosen: tuple,
        weight: int,
        top: int,
        state: list,
        floor: tuple | None = None,
    ) -> None:
        """A node at depth ``i`` whose upper bound ``top`` is at least the best;
        ``state``: the fields' states at the end of that bound's phase. ``floor``:
        the phase of the parent's lower bound and the option (its low change) that
        led here, from which this node's lower bound's phase goes on. The leaves
        (``i`` the number of tiles) are counted by their parent, unless no tile is
        decided here."""
        n = len(self.order)
        if i == n:
            self._leaf(chosen, weight, top, lo == hi, None)
            return
        if top <= 0:
            bottom = 0
        else:
            # The lower bound's phase, kept: the upper bounds of the children go on
            # from it, and so do the children's lower bounds (and leaves).
            self.counter.nodes += 1
            if floor is None:
                low = self.space.settle([x + y for x, y in zip(lo, self.low_rest[i], strict=True)])
            else:
                parent, dlo = floor
                up = self.back[i].copy()
                for j, x in dlo:
                    up[j] = up.get(j, 0) + x
                low = self.space.go_on(parent, list(up.items()))
            bottom = low[0]
        if bottom == top:  # every turn below has this count
            self._found(top, chosen, self._rest(i), weight * self.sets_rest[i])
            return
        counter = self.counter
        if lo == hi and n - i > 1 and self.sets_rest[i] > SPLIT_SETS and counter.split_credit > 0:
            counter.split_credit -= 1 if i else 0
            if self._split(i, hi, chosen, weight, state):
                counter.split_credit += 16
                return
        tile = self.all[self.order[i]]
        children = []
        rest = self.high_rest[i + 1]
        # Every child is above the vector with this tile at its lowest and every
        # other undecided tile at its most, which is above the lower bound's: the
        # phase of that floor goes on from the lower bound's end, and the phase of
        # the children's shared vector (this tile making no move) from the floor's.
        start = low[4]
        floor_ = self.space.go_on(
            low,
            [
                (j, z)
                for j, (x, y, v, w) in enumerate(zip(hi, rest, tile.low, start, strict=True))
                if (z := x + y + v - w)
            ],
        )
        back = self.back[i + 1]  # this tile's lowest, given back
        settled = self.space.go_on(floor_, list(back.items()))
        self.counter.nodes += 1
        for members, dlo, dhi in tile.options:
            got = self.space.more(settled, dhi)
            if got is None:  # it takes stones from a field that exploded
                up = back.copy()
                for j, x in dhi:
                    up[j] = up.get(j, 0) + x
                ends = self.space.go_on(floor_, list(up.items()))
                self.counter.nodes += 1  # (a bound evaluation, as ever)
                h, after = ends[0], ends[3]
            else:
                h, after, took = got
                if took:  # counted as the phase afresh it replaces (see BUDGET)
                    self.counter.nodes += 1
            children.append((h, members, dlo, dhi, after))
        children.sort(key=lambda c: -c[0])
        t = self.order[i]
        if i == n - 1:
            self._leaves(children, chosen, weight, t, lo == hi, _Leaves(self, low, chosen))
            return
        for h, members, dlo, dhi, after in children:
            if self._cut(h):
                break
            if self.counter.spent:
                self.complete = False
                self.bound = max(self.bound, h)
                if self.leaves:
                    continue  # else dive on: one turn is found in any case
            decided = (*chosen, (t, members))
            clo, chi = lo, hi
            if dlo:
                clo = lo[:]
                for j, x in dlo:
                    clo[j] += x
            if dhi:
                chi = hi[:]
                for j, x in dhi:
                    chi[j] += x
            self._node(i + 1, clo, chi, decided, weight * len(members), h, after, (low, dlo))

    def _split(self, i: int, hi: list, chosen: tuple, weight: int, state: list) -> bool:
        """Decide the tiles from depth ``i`` on as independent parts, when the fields
        that can still explode (under this node's optimism) fall apart into groups
        of neighbours that no two parts' moves reach (nor depend on each other
        across): then a turn's count is the count with none of those moves plus what
        each part adds, and tiles that reach none of them change nothing. False
        when there is nothing to gain (nothing done)."""
        # The fields that explode under this node's optimism (its bound's phase).
        start = self.space._initial
        exploded = {j for j, s in enumerate(state) if s != start[j]}
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
        tiles = self.all
        if len(set(comp.values())) < 2 and all(not tiles[t].reach.isdisjoint(comp) for t in rest):
            return False  # one group that every tile reaches: the usual case, cheaply
        inside = set(rest)
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
            free_ones = tuple((t, None) for t in free)
            self._found(value, chosen, free_ones, weight * free_sets * ties, tuple(parts))
        return True

    def _leaves(
        self, children: list, chosen: tuple, weight: int, t: int, exact: bool, below: _Leaves
    ) -> None:
        """The children of a node of the last depth (tile ``t``), best bound first:
        the leaves, as :meth:`_node` would visit them and :meth:`_leaf` count them,
        in one loop (on a crowded board, most of the search). A leaf's lo == hi when
        ``exact`` (the node's) and its option's low and high changes are one (no
        change is ever 0 on a field); no leaf makes a bound evaluation, so whether
        the budget or the tie budget is spent stays as it is here."""
        counter = self.counter
        spent = counter.spent
        past_ties = counter.nodes > counter.ties
        for h, members, dlo, dhi, _ in children:
            if h < self.best:
                break
            if h == self.best and past_ties and self.leaves:
                counter.all_ties = False
                break
            if spent:
                self.complete = False
                self.bound = max(self.bound, h)
                if self.leaves:
                    continue  # else dive on: one turn is found in any case
            if exact and dlo == dhi:
                value = h
            elif below.orders:
                self._leaf((*chosen, (t, members)), weight * len(members), h, False, below)
                continue
            else:  # too many orders: this move set is left open, counted as listed
                self.complete = False
                if h > self.bound:
                    self.bound = h
                value = below.count(members[0])
            if value >= self.best:
                self._found(value, chosen, ((t, members),), weight * len(members))

    def _leaf(
        self, chosen: tuple, weight: int, top: int, exact: bool, below: _Leaves | None
    ) -> None:
        """A move set whose upper bound is ``top``; ``below``: its parent's
        :class:`_Leaves`."""
        if exact:
            value = top
        else:
            assert below is not None  # (a leaf below a tile decided here)
            last = chosen[-1][1][0]
            groups = None
            if below.orders:  # else the moves before have too many orders already
                moves = [*below.moves(), *([] if last is None else [last])]
                groups = _dependent_groups(moves, _LARGEST)
                if groups and math.prod(math.factorial(len(g)) for g in groups) > MAX_ORDERS:
                    groups = None
            if groups is None:  # too many orders: this move set is left open
                self.complete = False
                self.bound = max(self.bound, top)
            if groups:
                value = max(_values(self.space, moves, groups).values())
            else:  # one order: the moves' as listed
                value = below.count(last)
        if value >= self.best:
            self._found(value, chosen, (), weight)

    def draw(self, rng: random.Random) -> list[_Move]:
        """One best move set drawn uniformly."""
        leaves = self.leaves
        total = self.total()
        r = rng.randrange(total) if total > 1 else 0
        n = 0
        while r >= leaves[n][2]:
            r -= leaves[n][2]
            n += 1
        decisions, more, _, parts = leaves[n]
        moves = []
        for t, members in (*decisions, *more):
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


class _Leaves:
    """What the leaves below one node of the last depth share: the moves decided
    before them, played once, and the phase of the node's lower bound (every
    undecided move at its lowest), from which each leaf's count goes on: a leaf's
    moves only add stones to that start (a crossing move cancels and lands at least
    nothing; every other change is fixed), so its phase carries on from that
    phase's end (:meth:`TurnSpace.more`) instead of starting afresh. Also whether the
    moves before already have too many orders (:data:`MAX_ORDERS`): adding a move
    only joins their groups, so every leaf has too many then."""

    def __init__(self, search: _Search, settled: tuple, chosen: tuple):
        self.search, self.settled, self.chosen = search, settled, chosen
        self._moves: list[_Move] | None = None
        self._orders: bool | None = None
        self._played: tuple | None = None

    def moves(self) -> list[_Move]:
        """The moves before the leaves' own, in the order of the leaves' lists."""
        if self._moves is None:
            chosen = self.chosen
            self._moves = [
                *self.search.prefix,
                *(m for _, members in chosen if (m := members[0]) is not None),
            ]
        return self._moves

    @property
    def orders(self) -> bool:
        """May the leaves' moves have few enough orders to try them?"""
        if self._orders is None:
            groups = _dependent_groups(self.moves(), _LARGEST)
            self._orders = groups is not None and (
                math.prod(math.factorial(len(g)) for g in groups) <= MAX_ORDERS
            )
        return self._orders

    def count(self, last: _Move | None) -> int:
        """Explosions of the moves before and then ``last``, in this order."""
        space = self.search.space
        if self._played is None:
            # The moves before at their exact effects (the node's lower bound has
            # each at its lowest), the last tile still at its lowest: the phase goes
            # on from there, once for all the leaves.
            run, gains = space.played(self.moves())
            after = space.go_on(self.settled, list(gains.items()))
            # That lowest takes the most from each field that the last tile's moves
            # can (negative on its sources): a leaf gives that back first.
            search = self.search
            self._played = run, after, search.back[-1]
        run, after, back = self._played
        got = space.count_last(after, back, run, last)
        if got is None:  # (not expected: the leaf's start is above the node's)
            return space.count([*self.moves(), *([] if last is None else [last])])
        return got
