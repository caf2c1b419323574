"""The branch and bound over tiles (see :mod:`fabgen.play.exact`): budgets, the
node visits, the independent parts, and drawing one best turn."""

from __future__ import annotations

import gc
import math
import random
from contextlib import contextmanager

from fabgen.play.exact.moves import _LARGEST, MAX_ORDERS, _dependent_groups, _Move, _values

#: Bound evaluations one search may make by default (about 5 s of CPU in the
#: slowest case measured; most searches need a few hundred).
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
        #: The fields the last tile's lowest moves take from (see :class:`_Leaves`).
        self.lowered = [j for j, x in enumerate(self.low_rest[n - 1]) if x] if n else []

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
        return sum(w for _, w, _ in self.leaves)

    def _found(self, value: int, decisions: tuple, weight: int, parts: tuple = ()) -> None:
        if value > self.best:
            self.best, self.leaves = value, []
        self.leaves.append((decisions, weight, parts))

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
        below: _Leaves | None = None,
    ) -> None:
        """A node at depth ``i`` whose upper bound ``top`` is at least the best;
        ``state``: the fields' states at the end of that bound's phase. A leaf's
        ``below``: what its parent prepared for its leaves."""
        n = len(self.order)
        if i == n:
            self._leaf(chosen, weight, top, lo == hi, below)
            return
        if top <= 0:
            bottom = 0
        elif i == n - 1:  # the leaves' parent: its lower bound's phase is kept for them
            self.counter.nodes += 1
            settled = self.space.settle([x + y for x, y in zip(lo, self.low_rest[i], strict=True)])
            below = _Leaves(self, settled, chosen)
            bottom = settled[0]
        else:
            bottom = self._eval(lo, self.low_rest[i])
        if bottom == top:  # every turn below has this count
            self._found(top, chosen + self._rest(i), weight * self.sets_rest[i])
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
            got = self.space.more(settled, dhi)
            if got is None:
                h, after = self._settle(chi, rest)
            else:
                h, after, took = got
                if took:  # counted as the phase afresh it replaces (see BUDGET)
                    self.counter.nodes += 1
            children.append((h, members, clo, chi, after))
        children.sort(key=lambda c: -c[0])
        t = self.order[i]
        for h, members, clo, chi, after in children:
            if self._cut(h):
                break
            if self.counter.spent:
                self.complete = False
                self.bound = max(self.bound, h)
                if self.leaves:
                    continue  # else dive on: one turn is found in any case
            self._node(
                i + 1, clo, chi, (*chosen, (t, members)), weight * len(members), h, after, below
            )

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
            decisions = chosen + tuple((t, None) for t in free)
            self._found(value, decisions, weight * free_sets * ties, tuple(parts))
        return True

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
            run, gains = space.played(self.moves())
            # The node's lower bound takes the most from each field that the last
            # tile can (negative on its sources): a leaf gives that back first.
            search = self.search
            for j in search.lowered:
                gains[j] = gains.get(j, 0) - search.low_rest[-2][j]
            self._played = run, gains
        run, gains = self._played
        got = space.count_last(self.settled, gains, run, last)
        if got is None:  # (not expected: the leaf's start is above the node's)
            return space.count([*self.moves(), *([] if last is None else [last])])
        return got
