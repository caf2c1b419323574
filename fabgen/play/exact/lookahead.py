"""The extreme machine's second rule: the turn after which its next turn can explode
the most (see :mod:`fabgen.play.exact` and docs/design-notes.md)."""

from __future__ import annotations

import contextlib
import math
import random
from dataclasses import dataclass
from typing import cast

from fabgen.play.exact.branch import BUDGET, TIES, _no_gc
from fabgen.play.exact.space import Family, TurnSpace
from fabgen.rules.moves import Move
from fabgen.rules.state import Position


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
    all_ties: bool = True  # every turn as good was among those drawn from


#: Move sets up to which the look-ahead plays every turn and searches each next turn
#: exactly. Playing and preparing cost about 0.12 ms of one core per turn, the
#: searches at most the budget (200,000 evaluations, about 5 s of one core), both
#: shared by two processes: 32,000 turns stay within about 5 s on two cores.
NEXT_TURNS = 32_000


def best_setup(
    position: Position,
    variant,
    rng: random.Random,
    budget: int = BUDGET,
    max_turns: int = NEXT_TURNS,
    ties: int = TIES,
) -> SetupResult | None:
    """The turn of the player to move after which its next turn (the others' turns
    in between played as passes: their explosions and growth happen, their moves are
    ignored) can explode the most; ties drawn by ``rng``. None when there are more
    than ``max_turns`` move sets (the caller falls back on a bounded search).

    Every turn is played (every move set, in every order that gives another
    position); the positions at the next turn are searched exactly, those with the
    largest upper bound first, each only for counts at least as large as the best
    so far, and none whose bound is below it. ``budget`` bounds the bound evaluations
    of all those searches together; once ``ties`` of them have passed without a
    better count, only better counts are looked for (the count stays proven;
    ``all_ties`` says whether a turn as good may have been left out). Next positions
    that differ only in stones are prepared as a :class:`Family`. From
    :data:`HALVES` move sets on, the turns are played and searched in two fixed
    halves (every other move set), each with half of ``budget`` and ``ties``, at
    once where this process may fork.
    """
    from fabgen.play.search import moves_by_tile

    tiles = moves_by_tile(position, variant)
    move_sets = math.prod(len(t) + 1 for t in tiles)
    if move_sets > max_turns:
        return None
    with _no_gc():
        if move_sets < HALVES:
            parts = [_part(position, variant, tiles, budget, ties, None)]
        else:  # every other move set: the same halves on every machine
            parts = _both(lambda h: _part(position, variant, tiles, budget // 2, ties // 2, (h, 2)))
    best = max(p.best for p in parts)
    # A half whose best count is lower holds no turn as good.
    top = [p for p in parts if p.best == best]
    chosen_ties = [moves for p in top for moves in p.ties]
    chosen = chosen_ties[0] if len(chosen_ties) == 1 else rng.choice(chosen_ties)
    return SetupResult(
        moves=tuple(chosen),
        value=best,
        exhaustive=all(p.complete for p in parts),
        bound=max(best, *(p.bound for p in parts)),
        ties=len(chosen_ties),
        turns=sum(p.turns for p in parts),
        positions=sum(p.positions for p in parts),
        nodes=sum(p.nodes for p in parts),
        move_sets=move_sets,
        all_ties=all(p.all_ties for p in top),
    )


#: From this many move sets on, the look-ahead is done in two halves (every other move
#: set), at the same time in two processes where this process may fork.
HALVES = 4_000


@dataclass(frozen=True)
class _Part:
    """The look-ahead over some of the turns: the best next-turn count, the turns
    with it, and how it was found (see :class:`SetupResult`)."""

    best: int
    ties: list[tuple[Move, ...]]
    bound: int
    nodes: int
    complete: bool
    all_ties: bool
    turns: int
    positions: int


def _part(position, variant, tiles, budget: int, ties: int, share) -> _Part:
    """Play the turns (those of ``share``, see ``search._exhaustive``), then search
    the next positions."""
    from fabgen.play.search import _All, _exhaustive

    ahead = _Ahead(position.next_player, variant)
    found = _All()
    complete = _exhaustive(position, tiles, ahead, found, share)
    got = _search(_spaces(ahead.positions), budget, ties)
    # (moves, index of the next-turn position: what _Ahead valued the turn)
    turns = cast(list[tuple[tuple[Move, ...], int]], found.found)
    values = got.values
    return _Part(
        got.best,
        [moves for moves, n in turns if values[n] == got.best],
        got.bound,
        got.nodes,
        complete and got.complete,
        got.all_ties,
        len(turns),
        len(ahead.positions),
    )


#: Next positions with the same statuses are searched as a :class:`Family` from this
#: many on (a family's V is larger than each position's own, so few do not pay).
FAMILY = 16


def _spaces(positions: list[Position | None]) -> list[TurnSpace | None]:
    """A :class:`TurnSpace` per next position (None when the game is over by then),
    those with the same statuses in families."""
    spaces: list[TurnSpace | None] = [None] * len(positions)
    alike: dict[tuple, list[tuple[int, Position]]] = {}
    for n, pos in enumerate(positions):
        if pos is not None:
            alike.setdefault(tuple(pos.status_codes), []).append((n, pos))
    for members in alike.values():
        if len(members) < FAMILY:
            for n, pos in members:
                spaces[n] = TurnSpace(pos)
            continue
        family = Family([pos for _, pos in members])
        for (n, _), space in zip(members, family.spaces, strict=True):
            spaces[n] = space
    return spaces


def _both(half) -> list[_Part]:
    """``[half(0), half(1)]``, the second in a forked process when this one may
    fork (Linux, one thread, not a daemon worker of a pool), else one after the other."""
    import multiprocessing
    import os
    import sys
    import threading

    if (
        sys.platform != "linux"
        or threading.active_count() > 1
        or multiprocessing.current_process().daemon
    ):
        return [half(0), half(1)]
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_send, args=(half, send, os.getpid()), daemon=True)
    child.start()
    send.close()
    theirs = None
    try:
        mine = half(0)
        with contextlib.suppress(EOFError):  # the child died: its half here
            theirs = receive.recv()
    finally:
        if child.is_alive():  # (this half failed or was stopped: the other is not wanted)
            child.kill()  # (SIGKILL: a child of a nohup run ignores SIGTERM)
        child.join()
        receive.close()
    return [mine, theirs if theirs is not None else half(1)]


def _send(half, send, parent: int) -> None:
    """The forked process: the second half, sent back to ``parent``."""
    from fabgen.signals import die_with

    die_with(parent)
    try:
        result = half(1)
    except Exception:  # a bug: the parent then searches this half itself
        result = None
    with contextlib.suppress(OSError):  # the parent is gone: nobody to tell
        send.send(result)
    send.close()


@dataclass
class _Found:
    """What the next-turn searches found: ``values`` per next position (-1 where
    not worked out: below the best, or left open)."""

    values: list[int]
    best: int = 0
    bound: int = -1
    nodes: int = 0
    complete: bool = True
    all_ties: bool = True


def _search(spaces: list[TurnSpace | None], budget: int, ties: int) -> _Found:
    """Search the next positions, the largest bound first (see :func:`best_setup`)."""
    got = _Found([-1] * len(spaces))
    since = 0  # bound evaluations when the best was last improved
    ranked = sorted(range(len(spaces)), key=lambda n: -_top(spaces[n]))
    for n in ranked:
        space = spaces[n]
        top = _top(space)
        if top < got.best:
            break
        if space is None or not space.volatile:
            got.values[n] = 0
            continue
        left = budget - got.nodes
        if left <= 0:
            got.complete = False
            got.bound = max(got.bound, top)
            continue
        wanted = got.best
        if got.nodes - since > ties and got.best:
            wanted += 1  # only a better next turn now
            got.all_ties = False
        found = space.best(random.Random(0), at_least=wanted, budget=left, ties=0)
        got.nodes += space.counter.nodes
        if found is None:
            continue
        if not found.exhaustive:
            got.complete = False
            got.bound = max(got.bound, found.bound)
        got.values[n] = found.value
        if found.value > got.best:
            got.best, since = found.value, got.nodes
    return got


def _top(space: TurnSpace | None) -> int:
    return 0 if space is None else space.top_bound


class _Ahead:
    """Value of a position after the player's turn, for ``_exhaustive``: the index of
    the position at the player's next turn (the others passing), one per distinct
    position; that position (None when the game is over by then)."""

    def __init__(self, player: int, variant):
        from fabgen.rules.variants import get_variant

        self.player, self.variant = player, get_variant(variant)
        self.positions: list[Position | None] = []
        self._index: dict[tuple, int] = {}

    def __call__(self, after: Position) -> int:
        from fabgen.play.search import next_turn_of, state_key

        key = state_key(after)
        n = self._index.get(key)
        if n is None:
            n = self._index[key] = len(self.positions)
            self.positions.append(next_turn_of(after, self.player, self.variant))
        return n
