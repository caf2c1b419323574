"""Properties of the engine, checked on random positions and random games.

The reference (rules_reference.py) is a separate, plain implementation; the engine
must agree with it whatever order the reference explodes fields in.
"""

import random

import rules_reference as ref
from hypothesis import given, settings
from hypothesis import strategies as st
from random_positions import positions

from fabgen.rules.random_games import random_moves
from fabgen.rules.scoring import game_over
from fabgen.rules.setup import start_position
from fabgen.rules.state import Position
from fabgen.rules.transcript import parse_transcript, transcript_from_position, write_transcript
from fabgen.rules.turn import Turn, explosion_phase, replay


@settings(deadline=None, max_examples=150)
@given(positions(), st.randoms(use_true_random=False))
def test_explosion_result_does_not_depend_on_the_order(pos, rnd):
    engine, _ = explosion_phase(pos)
    first = ref.snapshot(pos)
    ref.explode_all(first, pos.next_player)
    shuffled = ref.snapshot(pos)
    ref.explode_all(shuffled, pos.next_player, pick=rnd.choice)
    assert ref.snapshot(engine) == first == shuffled
    assert engine.volatile_fields(pos.next_player) == []


def check_invariants(pos: Position) -> None:
    state = ref.snapshot(pos)
    seen: dict = {}
    for k in range(len(pos.players)):
        for field in pos.stacks(k):
            assert field not in seen, f"{field} listed for players {seen[field]} and {k}"
            seen[field] = k
    for field, (status, owner, stones) in state.items():
        assert stones >= 0
        if status == "live":
            assert (owner is None) == (stones == 0)
        elif status == "growing":
            assert owner is not None
        else:
            assert stones == 0
        assert pos.capacity(field) == len(ref.live_neighbours(state, field))
    # The engine tracks volatile fields incrementally; a full scan must agree.
    assert sorted(pos.volatile_fields()) == ref.volatile(state)


@settings(deadline=None, max_examples=25)
@given(st.integers(0, 10**6), st.integers(2, 4), st.floats(0.3, 1.0))
def test_engine_matches_the_reference_turn_by_turn(seed, players, move_chance):
    rng = random.Random(seed)
    pos = start_position(1, players)
    for _ in range(60):
        if game_over(pos):
            break
        turn = Turn(pos)
        moves = random_moves(turn, rng, move_chance)
        after, _ = turn.finish()
        assert ref.snapshot(after) == ref.turn(pos, moves, pick=rng.choice)
        check_invariants(after)
        pos = after


@settings(deadline=None, max_examples=20)
@given(st.integers(0, 10**6), st.integers(2, 3))
def test_a_replayed_game_written_and_read_back_replays_the_same(seed, players):
    start = start_position(2, players)
    rng = random.Random(seed)
    pos, turns = start, []
    for _ in range(40):
        if game_over(pos):
            break
        turn = Turn(pos)
        turns.append(random_moves(turn, rng))
        pos, _ = turn.finish()
    text = write_transcript(transcript_from_position(start, turns=turns, with_state=False))
    transcript = parse_transcript(text)
    assert write_transcript(transcript) == text
    assert replay(transcript.position, transcript.move_list) == pos
    # The final position written out and read back is the same position again.
    final_text = write_transcript(transcript_from_position(pos, with_passes=True))
    assert parse_transcript(final_text).position == pos
