"""The end check's shortcuts against plain recomputation.

The engine keeps region labels across explosion phases that split no region, keeps
hints between end checks, and a replay skips the end check while a certificate holds
(see ``fabgen.rules.scoring.unsettled_pair``). Here every one of them is compared, turn
by turn in random games, with regions and settledness computed from scratch.
"""

import random

import pytest
import rules_reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.geometry.lattice import neighbours
from fabgen.rules.moves import IllegalMove
from fabgen.rules.random_games import random_moves
from fabgen.rules.scoring import game_over
from fabgen.rules.setup import start_position
from fabgen.rules.state import _SPLITS, LIVE, Position, _label_regions
from fabgen.rules.turn import Turn, explosion_phase, replay


def plain_regions(state: ref.State) -> list[set]:
    """Connected sets of live fields, by a search over the snapshot."""
    left = {f for f, (status, _, _) in state.items() if status == "live"}
    out = []
    while left:
        todo = [left.pop()]
        region = set(todo)
        for f in todo:
            for n in ref.live_neighbours(state, f):
                if n in left:
                    left.discard(n)
                    region.add(n)
                    todo.append(n)
        out.append(region)
    return out


def plain_game_over(state: ref.State) -> bool:
    for region in plain_regions(state):
        owners = {state[f][1] for f in region if state[f][1] is not None}
        next_to_growing = any(
            state[n][0] == "growing" for f in region for n in _neighbours_on_board(state, f)
        )
        if len(owners) > 1 or next_to_growing:
            return False
    return True


def _neighbours_on_board(state: ref.State, field) -> list:
    return [n for n in neighbours(field) if n in state]


def partition(pos: Position, labels: list[int]) -> set[frozenset]:
    groups: dict[int, set] = {}
    for i, label in enumerate(labels):
        if label >= 0:
            groups.setdefault(label, set()).add(pos.board.fields[i])
    return {frozenset(g) for g in groups.values()}


def random_game(seed: int, radius: int, players: int, turns: int) -> tuple[Position, list]:
    rng = random.Random(seed)
    start = pos = start_position(radius, players)
    played = []
    for _ in range(turns):
        if game_over(pos):
            break
        turn = Turn(pos)
        played.append(random_moves(turn, rng, rng.uniform(0.3, 1.0)))
        pos, _ = turn.finish()
    return start, played


@settings(deadline=None, max_examples=30)
@given(st.integers(0, 10**6), st.integers(1, 2), st.integers(2, 4))
def test_kept_region_labels_and_the_end_check_agree_with_a_fresh_count(seed, radius, players):
    rng = random.Random(seed)
    pos = start_position(radius, players)
    for _ in range(150):
        state = ref.snapshot(pos)
        over = game_over(pos)  # with the hints and labels this position carries
        assert over == plain_game_over(state)
        labels = pos.region_labels()
        assert partition(pos, labels) == {frozenset(r) for r in plain_regions(state)}
        fresh = _label_regions(pos._status, pos.board.neighbours)
        assert partition(pos, labels) == partition(pos, fresh)
        if over:
            break
        turn = Turn(pos)
        moves = random_moves(turn, rng, rng.uniform(0.3, 1.0))  # plays them on the turn
        after, _ = turn.finish()
        assert ref.snapshot(after) == ref.turn(pos, moves)
        pos = after


@settings(deadline=None, max_examples=25)
@given(st.integers(0, 10**6), st.integers(2, 4))
def test_a_replay_refuses_a_turn_exactly_when_the_game_is_over(seed, players):
    start, turns = random_game(seed, 1, players, 400)
    positions = [start]
    for t in turns:
        positions.append(replay(positions[-1], [t]))
    for n in range(0, len(turns) + 1, max(1, len(turns) // 12)):
        # One more pass after n turns: illegal exactly when the game was over then,
        # judged by the plain count on a snapshot (no hints, no cached labels).
        over = plain_game_over(ref.snapshot(positions[n]))
        if over:
            with pytest.raises(IllegalMove) as caught:
                replay(start, [*turns[:n], []])
            assert caught.value.rule == "game-over" and caught.value.turn == n
        else:
            assert replay(start, [*turns[:n], []]).turns_played == n + 1
    assert replay(start, turns) == positions[-1]


def test_the_split_table_matches_the_regions_of_a_ring():
    """Take away the middle of seven fields: the live ones of its ring of six stay in
    one region exactly when the table says no split."""
    centre = (0, 0)
    ring_fields = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)]  # direction order
    segments = [(centre,), *[(f,) for f in ring_fields]]
    for mask in range(64):
        live = [bool(mask >> (5 - d) & 1) for d in range(6)]  # direction 0 highest bit
        stacks = {f: 0 for f, is_live in zip(ring_fields, live, strict=True) if not is_live}
        stacks[centre] = 0
        pos = Position.from_stacks(segments, ["A"], [stacks])
        labels = _label_regions(pos._status, pos.board.neighbours)
        ring_labels = {
            labels[pos.board.index[f]]
            for f in ring_fields
            if pos._status[pos.board.index[f]] == LIVE
        }
        assert _SPLITS[mask] == (len(ring_labels) > 1), f"ring {mask:06b}"


@pytest.mark.parametrize("labelled", [False, True])
def test_a_field_that_grows_and_dies_in_one_phase_ends_dead(labelled):
    """A field without neighbours explodes twice in one phase (live -> growing ->
    dead), whether or not region labels were kept from before the phase."""
    pos = Position.from_stacks([[(0, 0)], [(5, 5)]], ["A", "B"], [{(0, 0): 1}, {(5, 5): 2}])
    if labelled:
        pos.region_labels()
    after, waves = explosion_phase(pos)
    assert after.status((0, 0)).value == "dead" and len(waves) == 2
    assert after.status((5, 5)).value == "live" and after.stones((5, 5)) == 2
    assert partition(after, after.region_labels()) == {frozenset({(5, 5)})}
