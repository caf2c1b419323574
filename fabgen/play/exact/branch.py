"""The branch and bound over tiles (see :mod:`fabgen.play.exact`): budgets, the
node visits, the independent parts, and drawing one best turn."""

from __future__ import annotations

import gc
import math
import random
from contextlib import contextmanager

from fabgen.play.exact.moves import _Move, _values

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
        count, _, _, state = self.space.settle([x + y for x, y in zip(vector, rest, strict=True)])
        return count, state

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
        self, i: int, lo: list, hi: list, chosen: tuple, weight: int, top: int, state: list
    ) -> None:
        """A node at depth ``i`` whose upper bound ``top`` is at least the best;
        ``state``: the fields' states at the end of that bound's phase."""
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
            h, after = self._settle(chi, rest) if got is None else got
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
            self._node(i + 1, clo, chi, (*chosen, (t, members)), weight * len(members), h, after)

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
