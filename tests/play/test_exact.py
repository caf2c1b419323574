"""The exact search of the extreme machine (fabgen/play/exact/) against brute force.

Held-out positions come from seeded random games on several presets (the random
player fills fields up half of the time, so boards get full of stacks): the exact
search must find as many explosions as the older search run exhaustively (every
move set, every order that matters), report itself exhaustive, and make a turn that
the engine plays to that count. Property tests check its pieces: its model of the
explosion phase against the engine, its moves against the engine's, the split into
independent parts against the search without it, and the bounded mode's bound.
"""

from __future__ import annotations

import math
import random
import threading
from contextlib import contextmanager

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import fabgen.play.exact.branch as branch
import fabgen.play.exact.moves as exact
from fabgen.board.files import load_preset
from fabgen.play.exact import Family, TurnSpace, best_setup, legal_moves
from fabgen.play.machine import NEXT, NOW, ExtremeMachine
from fabgen.play.search import (
    SearchLimits,
    count_explosions,
    count_move_sets,
    explosions_value,
    moves_by_tile,
    search_turn,
)
from fabgen.rules.random_games import random_game
from fabgen.rules.scoring import game_over
from fabgen.rules.turn import play_turn
from tests.play import play_reference as ref
from tests.play.test_search import not_over, small_positions


def position(board: str, rounds: int, seed: int):
    start = load_preset(board).position()
    turns = rounds * len(start.players)
    _, pos = random_game(start, seed, max_turns=turns, explode_bias=0.5)
    assert pos.turns_played == turns and not game_over(pos)
    return pos


def reached(board: str, rounds: int, seed: int, most_sets: int):
    """The position a seeded random game reaches after ``rounds`` rounds, or None when
    the game is over or the player to move has more than ``most_sets`` move sets."""
    start = load_preset(board).position()
    _, pos = random_game(start, seed, max_turns=rounds * len(start.players), explode_bias=0.5)
    if game_over(pos) or count_move_sets(moves_by_tile(pos, "online")) > most_sets:
        return None
    return pos


def brute_force(pos) -> int:
    """The most explosions of any turn: the older search, every move set."""
    found = search_turn(
        pos, "online", explosions_value(pos), random.Random(0), SearchLimits(exhaustive=10**9)
    )
    assert found.exhaustive
    return found.value


# Held-out positions (board, rounds, seed) with 10^4 to 6 * 10^4 move sets: small
# enough for brute force in a test (a second or two each), big enough that the older
# default (exhaustive up to 4,096 move sets) gave up exactness on them.
HELD_OUT = [
    ("6p-hexagon-37", 12, 6),  # 12,320 move sets
    ("6p-hexagon-37", 16, 2),  # 12,936
    ("2p-diamond-4", 12, 0),  # 19,635
    ("5p-hexagon-18", 16, 2),  # 11,232
    ("4p-butterfly", 9, 2),  # 42,336
    ("5p-hexagon-18", 9, 1),  # 50,400
]


@pytest.mark.parametrize(("board", "rounds", "seed"), HELD_OUT)
def test_held_out_positions_explode_as_much_as_brute_force(board, rounds, seed):
    pos = position(board, rounds, seed)
    sets = count_move_sets(moves_by_tile(pos, "online"))
    assert 10**4 <= sets <= 6 * 10**4
    best = brute_force(pos)
    decision = ExtremeMachine().decide(pos, "online", random.Random(seed))
    assert decision.exhaustive and decision.bound is None and decision.limits is None
    assert decision.criterion == NOW and decision.explosions == best
    after, _ = play_turn(pos, decision.moves)
    assert count_explosions(pos, after) == best


# Bigger held-out positions (10^5 to 4 * 10^6 move sets): too many for brute force
# in a test, so the count is checked against the engine and against a second exact
# search without the split into parts.
BIG = [
    ("6p-hexagon-37", 12, 5),  # 160,650 move sets
    ("6p-hexagon-37", 12, 7),  # 3,763,200
    ("5p-hexagon-18", 12, 5),  # 1,533,168
    ("6p-ring-20", 12, 9),  # 4,033,680
]


@pytest.mark.parametrize(("board", "rounds", "seed"), BIG)
def test_big_positions_are_searched_exactly(board, rounds, seed):
    pos = position(board, rounds, seed)
    assert count_move_sets(moves_by_tile(pos, "online")) >= 10**5
    decision = ExtremeMachine().decide(pos, "online", random.Random(seed))
    assert decision.exhaustive and decision.criterion == NOW
    after, _ = play_turn(pos, decision.moves)
    assert count_explosions(pos, after) == decision.explosions
    assert decision.explosions <= TurnSpace(pos).top_bound


def test_the_look_ahead_is_exact_on_held_out_positions():
    """Positions where no turn explodes anything (early, or with few stones): the
    best next turn equals the older search's, run exhaustively on both turns."""
    older = ExtremeMachine(
        SearchLimits(10**9), SearchLimits(10**9), SearchLimits(10**9), next_budget=10**9
    )
    for board, rounds, seed in [("3p-triangle-4", 0, 0), ("6p-hexagon-19", 2, 0)]:
        pos = position(board, rounds, seed)
        new = ExtremeMachine().decide(pos, "online", random.Random(seed))
        old = older.decide(pos, "online", random.Random(seed))
        assert new.criterion == old.criterion == NEXT and old.exhaustive
        assert new.exhaustive and new.next_turn == old.next_turn > 0
        assert new.search.ties == old.search.ties
        assert new.explosions == 0


@settings(max_examples=60, deadline=None)
@given(small_positions(max_own=4).filter(not_over), st.data())
def test_the_model_of_the_explosion_phase_counts_as_the_engine(pos, data):
    """For random turns (one move or none per tile, in a random order), the count
    the search works with equals the engine's."""
    space = TurnSpace(pos)
    tiles = space.tiles
    chosen = [data.draw(st.sampled_from([None, *moves])) for moves in tiles]
    moves = [m for m in chosen if m is not None]
    moves = data.draw(st.permutations(moves))
    board = pos.board
    after, _ = play_turn(pos, [exact._as_move(board, m) for m in moves])
    assert space.count(moves) == count_explosions(pos, after)
    assert count_explosions(pos, after) <= space.top_bound


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["3p-triangle-4", "6p-hexagon-19", "2p-diamond-4"]), st.integers(0, 10**6))
def test_legal_moves_are_the_engines(board, seed):
    start = load_preset(board).position()
    _, pos = random_game(start, seed, max_turns=seed % 40, explode_bias=0.5)
    if game_over(pos):
        return
    mine = [[exact._as_move(pos.board, m) for m in t] for t in legal_moves(pos)]
    assert mine == moves_by_tile(pos, "online")


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["3p-triangle-4", "6p-hexagon-19", "2p-diamond-4"]),
    st.randoms(use_true_random=False),
)
def test_dependent_groups_by_field_are_those_of_every_pair(board, rng):
    """The groups of moves whose order matters, found through the contested fields, are
    the connected groups of the pairwise test. On crowded boards (most fields held, by
    seats at random), where one move in a set of one a tile crosses another's path."""
    from fabgen.play.search import dependent_groups
    from fabgen.rules.state import Position

    start = load_preset(board).position()
    stacks: list[dict] = [{} for _ in start.players]
    for f in start.board.fields:
        if rng.random() < 0.8:
            stacks[rng.randrange(len(stacks))][f] = rng.randint(1, 5)
    pos = Position.from_stacks(start.board.segments, start.players, stacks)
    moves = [rng.choice(tile) for tile in legal_moves(pos)]
    pairs = dependent_groups(len(moves), lambda a, b: exact._depends(moves[a], moves[b]))
    assert exact._dependent_groups(moves) == pairs


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["3p-triangle-4", "6p-hexagon-19", "5p-hexagon-18", "2p-diamond-4"]),
    st.integers(4, 12),
    st.integers(0, 10**6),
)
def test_independent_parts_change_neither_the_count_nor_the_ties(board, rounds, seed):
    pos = reached(board, rounds, seed, 20_000)
    if pos is None:
        return
    split = TurnSpace(pos).best(random.Random(seed))
    before, branch.SPLIT_SETS = branch.SPLIT_SETS, 10**18
    try:
        whole = TurnSpace(pos).best(random.Random(seed))
    finally:
        branch.SPLIT_SETS = before
    assert split.exhaustive and whole.exhaustive and split.all_ties and whole.all_ties
    assert (split.value, split.ties) == (whole.value, whole.ties)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["3p-triangle-4", "6p-hexagon-19", "2p-diamond-4"]),
    st.integers(6, 12),
    st.integers(0, 10**6),
    st.integers(1, 60),
)
def test_a_budget_states_a_bound_at_least_the_best(board, rounds, seed, budget):
    pos = reached(board, rounds, seed, 3000)
    if pos is None:
        return
    best = brute_force(pos)
    found = TurnSpace(pos).best(random.Random(seed), budget=budget)
    assert found.value <= best <= found.bound
    if found.exhaustive:
        assert found.value == best == found.bound
    after, _ = play_turn(pos, found.moves)
    assert count_explosions(pos, after) == found.value


def test_ties_are_drawn_by_the_seed_among_best_turns():
    pos = position("6p-hexagon-37", 16, 2)  # 56 move sets explode 4 fields
    space = TurnSpace(pos)
    results = [space.best(random.Random(seed)) for seed in range(12)]
    assert {r.ties for r in results} == {56} and {r.value for r in results} == {4}
    assert len({r.moves for r in results}) > 1
    for r in results:
        after, _ = play_turn(pos, r.moves)
        assert count_explosions(pos, after) == 4
    assert TurnSpace(pos).best(random.Random(3)).moves == results[3].moves


def test_past_the_tie_budget_only_better_turns_are_looked_for():
    pos = position("6p-hexagon-37", 16, 2)
    every = TurnSpace(pos).best(random.Random(0))
    some = TurnSpace(pos).best(random.Random(0), ties=0)
    assert some.exhaustive and some.value == every.value
    assert not some.all_ties and 1 <= some.ties < every.ties


def test_the_look_ahead_gives_way_above_its_limit():
    pos = position("3p-triangle-4", 2, 3)  # 840 move sets, nothing explodes now
    assert best_setup(pos, "online", random.Random(0), max_turns=100) is None
    decision = ExtremeMachine(next_turns=100).decide(pos, "online", random.Random(0))
    assert decision.criterion == NEXT and not decision.exhaustive
    assert "beam" in decision.limits and decision.bound >= decision.next_turn
    exact_one = ExtremeMachine().decide(pos, "online", random.Random(0))
    assert exact_one.exhaustive and decision.bound >= exact_one.next_turn >= decision.next_turn


@settings(max_examples=30, deadline=None)
@given(small_positions().filter(not_over), st.integers(0, 2**32 - 1), st.integers(1, 40))
def test_a_small_budget_still_plays_a_legal_turn_and_a_true_bound(pos, seed, budget):
    results = ref.outcomes(pos)
    most = max(count for _, count, _ in results)
    decision = ExtremeMachine(budget=budget, setup_budget=budget).decide(
        pos, "online", random.Random(seed)
    )
    after, _ = play_turn(pos, decision.moves)  # legal
    assert count_explosions(pos, after) == decision.explosions
    if decision.criterion == NOW and not decision.exhaustive:
        assert decision.explosions <= most <= decision.bound


def next_positions(pos):
    """The distinct positions at the player's next turn after each of its turns (the
    others passing), as the look-ahead makes them."""
    from fabgen.play.exact.lookahead import _Ahead
    from fabgen.play.search import _All, _exhaustive

    ahead = _Ahead(pos.next_player, "online")
    _exhaustive(pos, moves_by_tile(pos, "online"), ahead, _All())
    return [p for p in ahead.positions if p is not None]


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["3p-triangle-4", "6p-hexagon-19", "2p-diamond-4", "4p-diamond-5"]),
    st.integers(0, 3),
    st.integers(0, 10**6),
)
def test_a_family_counts_each_position_as_its_own_search_does(board, rounds, seed):
    """The look-ahead's next positions searched as one family (one V, shared
    options): the same count and ties as each position's own search, a V that holds
    each one's, and a bound at least the count."""
    pos = reached(board, rounds, seed, 3000)
    if pos is None:
        return
    alike: dict = {}
    for p in next_positions(pos):
        alike.setdefault(tuple(p.status_codes), []).append(p)
    members = max(alike.values(), key=len)
    family = Family(members)
    for p, shared in random.Random(seed).sample(
        list(zip(members, family.spaces, strict=True)), min(8, len(members))
    ):
        own = TurnSpace(p)
        assert set(own.volatile) <= set(family.volatile)
        mine, ours = own.best(random.Random(seed)), shared.best(random.Random(seed))
        assert mine.exhaustive and ours.exhaustive and ours.all_ties
        assert (ours.value, ours.ties) == (mine.value, mine.ties) and ours.value <= shared.top_bound
        after, _ = play_turn(p, ours.moves)
        assert count_explosions(p, after) == ours.value


def test_the_look_ahead_in_halves_chooses_as_in_one_piece(monkeypatch):
    """Two halves (in a second process, or one after the other when this process
    may not fork) give the same next-turn count as one search of every position, and
    the same turn as each other."""
    import fabgen.play.exact.lookahead as lookahead

    pos = position("6p-hexagon-19", 2, 0)
    whole = best_setup(pos, "online", random.Random(1))
    monkeypatch.setattr(lookahead, "HALVES", 2)
    forked = best_setup(pos, "online", random.Random(1))
    monkeypatch.setattr(threading, "active_count", lambda: 2)  # as in a threaded server
    serial = best_setup(pos, "online", random.Random(1))
    assert whole.exhaustive and forked.exhaustive and whole.positions > 2
    assert forked.value == whole.value and forked.ties == whole.ties
    assert serial == forked


@pytest.mark.parametrize(
    ("board", "rounds", "seed", "sets", "best", "all_ties"),
    [
        # The held-out position the look-ahead could not prove before: 11,101 next
        # positions, the search of each the costly part; 18 of its 107 best turns are
        # found before the search stops looking for more.
        ("4p-diamond-5", 9, 7, 12_600, 37, False),
        # An opening-like one: 26,725 next positions, quickly searched.
        ("2p-diamond-4", 8, 1, 30_870, 7, True),
    ],
)
def test_look_aheads_over_many_turns_are_proven(board, rounds, seed, sets, best, all_ties):
    """Nothing explodes now, so the machine plays for its next turn: proven best, and
    the turn chosen leaves a next turn of that count."""
    from fabgen.play.search import next_turn_of

    pos = position(board, rounds, seed)
    assert count_move_sets(moves_by_tile(pos, "online")) == sets
    decision = ExtremeMachine().decide(pos, "online", random.Random(seed))
    assert decision.criterion == NEXT and decision.exhaustive and decision.limits is None
    assert decision.all_ties is all_ties and decision.search.ties >= 1
    after, _ = play_turn(pos, decision.moves)
    following = next_turn_of(after, pos.next_player, "online")
    assert TurnSpace(following).best(random.Random(0)).value == decision.next_turn == best


@pytest.mark.parametrize(
    ("board", "rounds", "seed", "sets", "best"),
    [
        ("6p-hexagon-19", 16, 20, 143_640, 37),
        ("2p-diamond-4", 9, 32, 203_840, 31),
    ],
)
def test_a_look_ahead_too_big_to_play_values_next_turns_by_the_exact_search(
    board, rounds, seed, sets, best
):
    """Above ``NEXT_TURNS`` the machine picks its turn by a beam over this turn's
    tiles, valuing each by its next turn. Valued by the older bounded search, the
    first position's beam chose a turn with a next turn of 30; the exact search of
    each next turn finds the most of any turn on both (every turn played and its next
    turn searched, offline: 62 and 135 s wall-clock on two loaded cores, 2026-11-30)."""
    from fabgen.play.search import next_turn_of

    pos = position(board, rounds, seed)
    assert count_move_sets(moves_by_tile(pos, "online")) == sets
    decision = ExtremeMachine().decide(pos, "online", random.Random(seed))
    assert decision.criterion == NEXT and not decision.exhaustive
    assert "beam" in decision.limits and decision.bound >= decision.next_turn
    after, _ = play_turn(pos, decision.moves)
    following = next_turn_of(after, pos.next_player, "online")
    assert TurnSpace(following).best(random.Random(0)).value == decision.next_turn == best


def test_two_shares_of_the_turns_are_every_turn_once():
    from fabgen.play.search import _All, _exhaustive

    pos = position("6p-hexagon-19", 2, 0)
    tiles = moves_by_tile(pos, "online")
    found = []
    for share in (None, (0, 2), (1, 2)):
        every = _All()
        assert _exhaustive(pos, tiles, lambda after: 0, every, share)
        found.append([moves for moves, _ in every.found])
    whole, first, second = found
    assert first and second and not set(first) & set(second)
    assert sorted(first + second) == sorted(whole)


def test_the_second_half_dies_with_its_process():
    """A process deciding a big look-ahead forks the second half; killed (as the play
    page's thinker is when a decision takes too long), it takes that half with it."""
    import os
    import signal
    import subprocess
    import sys
    import time

    script = (
        "import random; from tests.play.test_exact import position;"
        "from fabgen.play.exact import best_setup;"
        "best_setup(position('4p-diamond-5', 9, 7), 'online', random.Random(0))"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], cwd=os.getcwd())
    children = f"/proc/{parent.pid}/task/{parent.pid}/children"
    try:
        deadline = time.monotonic() + 60
        kids: list[int] = []
        while not kids and time.monotonic() < deadline and parent.poll() is None:
            with open(children) as f:
                kids = [int(k) for k in f.read().split()]
            time.sleep(0.02)
        assert kids, "the look-ahead did not fork"
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait()
    # Its half takes seconds more; killed with its parent, it ends at once.
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline and any(_alive(k) for k in kids):
        time.sleep(0.05)
    assert not any(_alive(k) for k in kids)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def crowded(
    board: str,
    seed: int,
    share: float = 1.0,
    stones: tuple[int, int] = (5, 100),
    tiles: int | None = None,
):
    """``board`` (its first ``tiles`` tiles, when given) crowded with stones: each
    field (all of them, or a ``share`` at random) held by a seat drawn at random,
    with ``stones`` stones at least and most (``benchmarks/bench_machine.py
    --crowded`` on 37 tiles: every field, 5 to 100)."""
    from fabgen.rules.state import Position

    start = load_preset(board).position()
    segments = start.board.segments[:tiles]
    rng = random.Random(seed)
    stacks: list[dict] = [{} for _ in start.players]
    for f in (f for segment in segments for f in segment):
        if share >= 1 or rng.random() < share:
            stacks[rng.randrange(len(stacks))][f] = rng.randint(*stones)
    return Position.from_stacks(segments, start.players, stacks)


@contextmanager
def phases_afresh(check: bool = False):
    """The search as it was before its phases went on from one another: each leaf
    counted afresh by ``TurnSpace.count``, each phase that goes on from another's
    end (``TurnSpace.go_on``: a node's lower bound from its parent's, its children's
    from it) and each child's that took stones from a field that explodes at once
    either way (``TurnSpace.more``) run afresh instead. With ``check``, the search
    as it is, each of those checked against the phase afresh."""
    from unittest import mock

    went_on, more, go_on = branch._Leaves.count, TurnSpace.more, TurnSpace.go_on
    used = {"leaves": 0, "took": 0, "went on": 0}

    def afresh(space, settled, change):
        start = list(settled[4])
        for j, x in change:
            start[j] += x
        return space.settle(start)

    def count(self, last):
        moves = [*self.moves(), *([] if last is None else [last])]
        fresh = self.search.space.count(moves)
        used["leaves"] += 1
        if check:
            assert went_on(self, last) == fresh
        return fresh

    def more_afresh(self, settled, change):
        got = more(self, settled, change)
        if got is not None and got[2]:
            used["took"] += 1
            fresh = afresh(self, settled, change)
            if not check:
                return fresh[0], fresh[3], True
            assert got[:2] == (fresh[0], fresh[3])
        return got

    def go_on_afresh(self, settled, change):
        used["went on"] += 1
        fresh = afresh(self, settled, change)
        if check:
            got = go_on(self, settled, change)
            assert (got[0], got[3], got[4]) == (fresh[0], fresh[3], fresh[4])
        return fresh

    with (
        mock.patch.object(branch._Leaves, "count", count),
        mock.patch.object(TurnSpace, "more", more_afresh),
        mock.patch.object(TurnSpace, "go_on", go_on_afresh),
    ):
        yield used


def _decided(pos, seed: int, budget: int) -> tuple:
    machine = ExtremeMachine(budget=budget, setup_budget=budget)
    d = machine.decide(pos, "online", random.Random(seed))
    return (
        d.moves,
        d.criterion,
        d.explosions,
        d.exhaustive,
        d.bound,
        d.turns_examined,
        (
            d.search.ties,
            d.all_ties,
        ),
    )


@pytest.mark.parametrize("seed", [0, 1])
def test_a_crowded_board_is_decided_as_with_every_phase_afresh(seed):
    """37 tiles with every field held (5 to 100 stones; 10^43 move sets and more):
    the search spends its budget, most of it on leaves whose moves have too many
    orders to try. The same turn, count, ties and bound evaluations as the search
    that runs every phase afresh (as it did before its phases went on from one
    another)."""
    pos = crowded("6p-hexagon-37", seed)
    with phases_afresh() as used:
        plain = _decided(pos, seed, 3000)
    assert min(used.values()) > 100
    assert _decided(pos, seed, 3000) == plain
    assert not plain[3]  # (the budget ran out)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["3p-triangle-4", "2p-diamond-4", "6p-hexagon-19"]),
    st.integers(0, 10**6),
    st.sampled_from([(1, 3), (1, 6), (5, 30)]),
    st.integers(50, 1500),
)
def test_leaves_and_phases_that_go_on_count_as_afresh(board, seed, stones, budget):
    """On boards crowded at random (most fields held, few or many stones), every
    phase that goes on from another's end (a leaf's count, a node's lower bound, its
    children's bounds, one that took stones from a field that explodes at once
    either way) equals the phase run afresh; and the search decides as the one that
    runs them all afresh."""
    pos = crowded(board, seed, 0.8, stones)
    if game_over(pos):
        return
    with phases_afresh(check=True):
        checked = TurnSpace(pos).best(random.Random(seed), budget=budget)
    with phases_afresh():
        plain = TurnSpace(pos).best(random.Random(seed), budget=budget)
    assert checked == plain


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 3), st.integers(0, 10**6), st.sampled_from([(1, 2), (1, 3)]))
def test_small_crowded_boards_explode_as_much_as_brute_force(tiles, seed, stones):
    """Two or three tiles with every field held (a few stones each): few enough move
    sets for brute force (every move set in every order that matters); the search
    proves the same count, its turn plays to it, and the search with every phase
    afresh finds the same turn and ties."""
    pos = crowded("2p-diamond-4", seed, 1.0, stones, tiles)
    if game_over(pos) or count_move_sets(moves_by_tile(pos, "online")) > 30_000:
        return
    found = TurnSpace(pos).best(random.Random(seed))
    assert found.exhaustive and found.value == brute_force(pos)
    after, _ = play_turn(pos, found.moves)
    assert count_explosions(pos, after) == found.value
    with phases_afresh():
        assert TurnSpace(pos).best(random.Random(seed)) == found


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["3p-triangle-4", "6p-hexagon-19", "2p-diamond-4"]),
    st.randoms(use_true_random=False),
)
def test_the_orders_of_a_move_set_are_told_apart_as_by_playing_each_whole(board, rng):
    """A move set's orders that give different positions (``_values``: the moves of
    no group played once, each order's groups on top, told apart by the values of
    the fields touched) are those found by playing every move in each order and
    comparing the fields touched, the first order of each, in the same sequence.
    On crowded boards, where orders matter."""
    from fabgen.play.search import move_orders

    pos = crowded(board, rng.randrange(10**6), 0.8, (1, 5))
    if game_over(pos):
        return
    space = TurnSpace(pos)
    moves = [rng.choice(tile) for tile in space.tiles if rng.random() < 0.8]
    groups = exact._dependent_groups(moves)
    if not groups or math.prod(math.factorial(len(g)) for g in groups) > exact.MAX_ORDERS:
        return
    whole, seen = {}, set()
    for order in move_orders(len(moves), groups):
        ordered = [moves[j] for j in order]
        adv = {f: space.advantage[f] for m in moves for f in (m.src, *m.path)}
        for m in ordered:  # every field on the way looked at
            adv[m.src] -= m.k
            left = m.k
            for f in m.path[:-1]:
                if left and adv[f] < 0:
                    cancelled = min(left, -adv[f])
                    adv[f] += cancelled
                    left -= cancelled
            adv[m.path[-1]] += left
        key = tuple(sorted(adv.items()))
        if key not in seen:
            seen.add(key)
            whole[order] = space.count(ordered)
    got = exact._values(space, moves)
    assert list(got.items()) == list(whole.items())
    event("compared")
