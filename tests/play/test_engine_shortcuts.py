"""The engine's shortcuts (hints kept between end checks, cached move lines) never
change an answer: checked against plain definitions over many random games."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from fabgen.geometry.lattice import neighbours
from fabgen.play.random_policy import RandomPolicy
from fabgen.rules.scoring import game_over
from fabgen.rules.setup import start_position
from fabgen.rules.state import Status
from fabgen.rules.turn import play_turn, replay


def plainly_settled(pos) -> bool:
    """DESIGN.md 5.7 word for word: every region (connected live fields) holds stones
    of at most one player and touches no growing field."""
    state = {s.field: s for s in pos.fields()}
    seen = set()
    for field, s in state.items():
        if s.status is not Status.LIVE or field in seen:
            continue
        region, owners, growing = [field], set(), False
        seen.add(field)
        for f in region:
            if state[f].stones and state[f].owner is not None:
                owners.add(state[f].owner)
            for n in neighbours(f):
                if n not in state:
                    continue
                if state[n].status is Status.GROWING:
                    growing = True
                elif state[n].status is Status.LIVE and n not in seen:
                    seen.add(n)
                    region.append(n)
        if len(owners) > 1 or growing:
            return False
    return True


@settings(max_examples=20)
@given(st.integers(0, 10**6), st.sampled_from([(1, 2), (2, 3), (2, 6), (3, 4)]))
def test_end_check_agrees_with_the_definition_at_every_turn(seed, shape):
    radius, players = shape
    pos = start_position(radius, players)
    rng = random.Random(seed)
    policy = RandomPolicy()
    for _ in range(250):
        assert game_over(pos) == plainly_settled(pos)
        if game_over(pos):
            break
        pos, _ = play_turn(pos, policy.choose_turn(pos, "online", rng))


@settings(max_examples=20)
@given(st.integers(0, 10**6))
def test_replays_agree_with_turn_by_turn_play(seed):
    """replay() (cached lines, one position) ends where play_turn() (a new position
    each turn) ends."""
    start = start_position(2, 3)
    rng = random.Random(seed)
    pos, turns = start, []
    for _ in range(150):
        if game_over(pos):
            break
        moves = RandomPolicy().choose_turn(pos, "online", rng)
        turns.append(moves)
        pos, _ = play_turn(pos, moves)
    assert replay(start, turns) == pos


@settings(max_examples=30)
@given(st.integers(0, 10**6))
def test_uniform_move_is_the_choice_among_all_legal_moves(seed):
    """The random player's shortcut picks exactly the move rng.choice would pick from
    the full list of legal moves of the tile, from the same generator state."""
    from fabgen.rules.random_player import _uniform_move
    from fabgen.rules.turn import Turn

    rng = random.Random(seed)
    pos = start_position(2, 3)
    for _ in range(60):
        if game_over(pos):
            break
        turn = Turn(pos)
        for tile in range(len(pos.board.tiles)):
            state = rng.getstate()
            options = turn.legal_moves(tile)
            expected = rng.choice(options) if options else None
            rng.setstate(state)
            assert _uniform_move(turn, tile, rng) == expected
        pos, _ = play_turn(pos, RandomPolicy().choose_turn(pos, "online", rng))
