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
    """The turns of the player to move, prepared for :meth:`best`.

    Given a :class:`Family` the position belongs to, the fields that can explode and
    the tiles' options are the family's, shared with its other positions (see there).
    """

    def __init__(
        self, position: Position, family: Family | None = None, advantage: list[int] | None = None
    ):
        self.position = position
        self.player = player = position.next_player
        self._tiles: list[list[_Move]] | None = None
        self._prepared: list[_Tile] | None = None
        self.family = family
        self.counter = _Counter(0)  # of the last search
        adv = self.advantage = _advantage(position, player) if advantage is None else advantage
        shared = family or _Volatile(position, adv, *_sides(position, player))
        self.volatile, self.top_bound, self.local = shared.volatile, shared.top_bound, shared.local
        self._initial, self._cap, self._nbrs = shared.state, shared.cap, shared.nbrs
        self.a0 = [adv[f] for f in self.volatile]

    @property
    def tiles(self) -> list[list[_Move]]:
        """The legal moves per tile (made when first asked for)."""
        if self._tiles is None:  # (a family sets them when it is made)
            self._tiles = legal_moves(self.position)
        return self._tiles

    @property
    def move_sets(self) -> int:
        return math.prod(len(t) + 1 for t in self.tiles)

    # -- counting ---------------------------------------------------------------------

    def explosions(self, a: list[int]) -> int:
        """Explosions of the phase whose fields of V start with advantages ``a``
        (changed in place)."""
        cap = self._cap[:]
        state = self._initial[:]  # 0 live, 1 growing, 2 dead
        work = [j for j, x in enumerate(a) if x >= cap[j] and (state[j] or x >= 1)]
        return self._phase(a, cap, state, work)

    def settle(self, a: list[int]) -> tuple:
        """The phase from advantages ``a`` (changed in place), kept so that
        :meth:`more` can go on from its end."""
        cap = self._cap[:]
        state = self._initial[:]
        start = a[:]
        work = [j for j, x in enumerate(a) if x >= cap[j] and (state[j] or x >= 1)]
        return self._phase(a, cap, state, work), a, cap, state, start

    def more(self, settled: tuple, change: list) -> tuple[int, list[int], bool] | None:
        """Explosions of the phase from the advantages of ``settled`` plus ``change``
        (sparse, a field at most once), going on from its end, the fields' states at
        its end (0 live, 1 growing, 2 dead; not to be changed), and whether the change
        took stones from a field that exploded. The phase is a least fixed point, so
        a field that did not explode may lose stones (nothing it did depended on
        them) and any field may gain some, and the phase carries on from there. A
        field that exploded may lose stones too when it still explodes at once (at
        least 1 and its capacity at the start: what it does then depends on its
        start no more); None when ``change`` takes more from one (start afresh)."""
        count, a, cap, state, start = settled
        initial = self._initial
        took = False
        for j, x in change:
            if x < 0 and state[j] != initial[j]:
                y = start[j] + x
                if y < 1 or y < self._cap[j]:
                    return None
                took = True
        work = []
        for j, x in change:
            if x > 0 and state[j] == 0:  # live (moves only touch live fields)
                y = a[j] + x
                if y >= 1 and y >= cap[j]:
                    work.append(j)
        if not work:  # (the usual case: no copies)
            return count, state, took
        a = a[:]
        for j, x in change:
            if state[j] == 0:
                a[j] += x
        state = state[:]
        return count + self._phase(a, cap[:], state, work), state, took

    def go_on(self, settled: tuple, change: list) -> tuple:
        """:meth:`settle` of the advantages of ``settled`` plus ``change`` (sparse,
        none negative), going on from its end as :meth:`more` does, kept whole."""
        count, a, cap, state, start = settled
        a, start = a[:], start[:]
        work = []
        for j, x in change:
            start[j] += x
            if state[j] == 0:
                y = a[j] + x
                a[j] = y
                if y >= 1 and y >= cap[j]:
                    work.append(j)
        if work:
            cap, state = cap[:], state[:]
            count += self._phase(a, cap, state, work)
        return count, a, cap, state, start

    def _phase(self, a, cap, state, work) -> int:
        # The search's innermost loop: names bound locally on purpose.
        nbrs = self._nbrs
        push, pop = work.append, work.pop
        count = 0
        while work:
            j = pop()
            s = state[j]
            if s == 0:
                x = a[j]
                if x < 1 or x < cap[j]:
                    continue
                count += 1
                state[j] = 1
                a[j] = 0
                for k in nbrs[j]:
                    c = cap[k] - 1
                    cap[k] = c
                    sk = state[k]
                    if sk == 0:
                        y = a[k] + 1
                        a[k] = y
                        if y >= c and y >= 1:
                            push(k)
                    elif sk == 1 and a[k] >= c:
                        push(k)
                if not cap[j]:
                    push(j)
            elif s == 1:
                if a[j] < cap[j]:
                    continue
                count += 1
                state[j] = 2
                for k in nbrs[j]:
                    if state[k] == 0:
                        y = a[k] + 1
                        a[k] = y
                        if y >= 1 and y >= cap[k]:
                            push(k)
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

    def played(self, moves) -> tuple[dict[int, int], dict[int, int]]:
        """Play ``moves`` in this order: the contested fields they pass or end on,
        with their advantages after them, and per field of V what the moves add
        beyond their lowest (what the crossing moves cancel or land there; every
        other change of a move is fixed)."""
        local, base = self.local, self.advantage
        run: dict[int, int] = {}
        gains: dict[int, int] = {}
        for m in moves:
            left = m.k
            for f, _ in m.passed:  # (only they can hold opponent stones)
                x = run[f] if f in run else base[f]
                if x < 0:
                    c = left if left < -x else -x
                    run[f] = x + c
                    j = local.get(f)
                    if j is not None:
                        gains[j] = gains.get(j, 0) + c
                    left -= c
                    if not left:
                        break
            if left:
                d = m.path[-1]
                if m.end >= 0:
                    run[d] = (run[d] if d in run else base[d]) + left
                if m.passed:
                    j = local.get(d)
                    if j is not None:
                        gains[j] = gains.get(j, 0) + left
        return run, gains

    def count_last(
        self, settled: tuple, change: dict[int, int], run: dict[int, int], last
    ) -> int | None:
        """Explosions of some moves and then ``last`` (a ``_Move`` or None), going on
        from ``settled`` (of :meth:`settle` or :meth:`go_on`): the phase from
        advantages on V that the moves before, with ``run`` of :meth:`played`, and
        ``last`` raise by ``change`` (sparse, not negative) plus ``last``'s own
        change; the phase carries on from its end (:meth:`more`) instead of starting
        afresh. None when ``last`` takes more than that allows (start afresh)."""
        if last is not None:
            local, base = self.local, self.advantage
            change = change.copy()
            left = last.k
            j = local.get(last.src)
            if j is not None:
                change[j] = change.get(j, 0) - left
            for f, _ in last.passed:
                x = run[f] if f in run else base[f]
                if x < 0:
                    c = left if left < -x else -x
                    j = local.get(f)
                    if j is not None:
                        change[j] = change.get(j, 0) + c
                    left -= c
                    if not left:
                        break
            if left:
                j = local.get(last.path[-1])
                if j is not None:
                    change[j] = change.get(j, 0) + left
        got = self.more(settled, list(change.items()))
        return None if got is None else got[0]

    def optimistic(self) -> int:
        """Explosions if every tile made, at once, the move that adds the most to each
        field of V: a bound on every turn (the search's first)."""
        a = self.a0[:]
        for tile in self.prepared:
            for j, x in enumerate(tile.high):
                if x:
                    a[j] += x
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
        prepared = self.prepared
        which = [t for t, tile in enumerate(prepared) if tile.moves]  # (a family's may not)
        search = _Search(self, prepared, a0, a0, at_least, counter, which)
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
            family = self.family
            self._prepared = _prepare(self) if family is None else family.prepared(self.tiles)
        return self._prepared


def _sides(position: Position, player: int) -> tuple[list[int], list[int]]:
    """Per field: the player's stones on it when live (0 else), an opponent's (0 else)."""
    status, owner, stones = position.status_codes, position.owners, position.stone_counts
    src, opp = [0] * len(status), [0] * len(status)
    for f, o in enumerate(owner):
        if o >= 0 and status[f] == LIVE:
            if o == player:
                src[f] = stones[f]
            else:
                opp[f] = stones[f]
    return src, opp


class _Volatile:
    """The fields that can explode (V) for advantages ``adv`` with the player's
    movable stones ``src`` and the opponents' stones ``opp`` on live fields, the
    bound on every turn's explosions, and what the phase on V needs (see the
    package docstring). Larger ``adv``, ``src`` or ``opp`` never give a smaller V
    or bound, which is what lets a :class:`Family` share one."""

    def __init__(self, position: Position, adv: list[int], src: list[int], opp: list[int]):
        player = position.next_player
        status, cap = position.status_codes, position.capacities
        board = position.board
        nbrs, towards = board.neighbours, board.towards
        n = len(status)
        # The most each tile's moves can add to each field (a move of k steps lands
        # at most k stones, and cancels at most k, and at most what is there, on each
        # contested field it passes), summed over the tiles. The same as going
        # through legal_moves, without making the moves.
        gain = [0] * n
        mover = position.players[player].kind != MACHINE
        mine = [f for f in range(n) if src[f]]
        by_tile: dict[int, list[int]] = {}
        for f in mine if mover else ():
            by_tile.setdefault(board.tile_of[f], []).append(f)
        for sources in by_tile.values():
            most: dict[int, int] = {}
            for i in sources:
                free = src[i]
                for d in range(6):
                    f, k, contested = i, 0, []
                    while k < free:
                        f = towards[f][d]
                        if f < 0 or status[f] != LIVE:
                            break
                        k += 1
                        if most.get(f, 0) < k:
                            most[f] = k
                        if opp[f]:
                            contested.append(f)
                    for f in contested:  # passed by the longest move, at most
                        c = min(k, opp[f])
                        if most[f] < c:
                            most[f] = c
            for f, g in most.items():
                gain[f] += g
        # Explosions possible under that optimism: a least fixed point, from the
        # fields that could explode on their own, then their neighbours.
        owner = position.owners
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
        self.state = [0 if status[f] == LIVE else 1 for f in vol]
        self.cap = [cap[f] for f in vol]
        self.nbrs = [tuple(local[g] for g in nbrs[f] if g in local) for f in vol]


class Family(_Volatile):
    """Positions of the same player that differ only in stones on live fields (the
    same statuses), prepared together: the next positions of the look-ahead, which
    differ by the moves of one quiet turn.

    They share one V, that of their *join* (per field the largest advantage, the
    most movable stones of the player and the most opponent stones of any of
    them): its optimism is at least each position's, field by field, so V holds
    every field that can explode in any of them, and the phase on V counts each
    position's explosions exactly (fields outside V never explode). They share the
    tiles' options too: a tile's options depend only on its moves and V, so a
    tile with the same moves in two positions is prepared once. Moves that a
    crossing move depends on, and tiles that depend on each other, are taken over
    all positions (more options kept apart, more tiles linked: either only costs
    search time). ``spaces`` holds one :class:`TurnSpace` per position.
    """

    def __init__(self, positions: list[Position]):
        first = positions[0]
        player = first.next_player
        advs = [_advantage(p, player) for p in positions]
        sides = [_sides(p, player) for p in positions]
        join = [
            list(map(max, *col)) if len(positions) > 1 else col[0]
            for col in (advs, [s for s, _ in sides], [o for _, o in sides])
        ]
        super().__init__(first, *join)
        tile_of = first.board.tile_of
        per_position = [legal_moves(p) for p in positions]
        numbers = sorted({tile_of[moves[0].src] for tiles in per_position for moves in tiles})
        at = {t: n for n, t in enumerate(numbers)}
        canonical: dict[tuple, list[_Move]] = {}
        empty: list[_Move] = []
        spaces = []
        for pos, adv, tiles in zip(positions, advs, per_position, strict=True):
            aligned = [empty] * len(numbers)
            for moves in tiles:
                aligned[at[tile_of[moves[0].src]]] = canonical.setdefault(tuple(moves), moves)
            space = TurnSpace(pos, self, adv)
            space._tiles = aligned
            spaces.append(space)
        every: list[list[_Move]] = [[] for _ in numbers]
        for moves in canonical.values():
            every[at[tile_of[moves[0].src]]].extend(moves)
        self._crossing = _crossing_passes(every)
        self._linked = _links(every)
        self._options: dict[tuple[int, int], _Tile] = {}
        self.spaces = spaces
        for space in spaces:  # each its own bound (the family's is the join's)
            space.top_bound = min(self.top_bound, space.optimistic())

    def prepared(self, tiles: list[list[_Move]]) -> list[_Tile]:
        """The prepared tiles of a position whose moves per tile are ``tiles``."""
        out = []
        nv = len(self.volatile)
        for t, moves in enumerate(tiles):
            key = (t, id(moves))
            tile = self._options.get(key)
            if tile is None:
                linked = self._linked.get(t, set())
                options, low, high, reach = _options(moves, self.local, nv, self._crossing)
                tile = _Tile(moves, options, low, high, reach, linked)
                self._options[key] = tile
            out.append(tile)
        return out


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
    crossing = _crossing_passes(space.tiles)
    nv = len(space.a0)
    tiles = [
        _Tile(moves, *_options(moves, space.local, nv, crossing), set()) for moves in space.tiles
    ]
    for t, linked in _links(space.tiles).items():
        tiles[t].linked.update(linked)
    return tiles


def _crossing_passes(tiles: list[list[_Move]]) -> set[int]:
    """The contested fields that some move passes (before its destination)."""
    return {f for moves in tiles for m in moves for f, _ in m.passed}


def _options(
    moves: list[_Move], local: dict[int, int], nv: int, crossing_passes: set[int]
) -> tuple[list, list[int], list[int], frozenset[int]]:
    """A tile's options, low and high change per field of V, and the fields of V it
    changes (see :class:`_Tile`). A move ending on a field of ``crossing_passes``
    stays an option of its own (a crossing move depends on it)."""
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
    return options, low, high, reach


def _links(tiles: list[list[_Move]]) -> dict[int, set[int]]:
    """Tiles (by position) with moves that depend on each other's: where one move
    passes a contested field that another passes or ends on, every tile with such a
    move is linked to one passer's."""
    passers: dict[int, list[int]] = {}
    enders: dict[int, list[int]] = {}
    for t, moves in enumerate(tiles):
        for m in moves:
            for f, _ in m.passed:
                passers.setdefault(f, []).append(t)
            if m.end >= 0:
                enders.setdefault(m.end, []).append(t)
    linked: dict[int, set[int]] = {}
    for f, ts in passers.items():
        first = ts[0]
        for u in (*ts, *enders.get(f, ())):
            if u != first:
                linked.setdefault(first, set()).add(u)
                linked.setdefault(u, set()).add(first)
    return linked
