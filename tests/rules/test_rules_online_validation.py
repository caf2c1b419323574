"""fabgen judges a turn's moves one by one; the online engine judges them all against the
position at the start of the turn (GameState's filterValidMoves: each move valid then, one
per segment). The two agree: within a turn, moves never change a field's status, never
take a field from its owner and only add to the mover's stacks, and the stones that
arrived this turn may not move (rule 4), so after any moves the legal moves are exactly
the start's legal moves from the tiles not used yet. benchmarks/compare_online.py
compares the engines on the moves fabgen's random player makes; this checks every
prefix of random turns on random positions, growing and dead fields included.
"""

from hypothesis import given, settings
from hypothesis import strategies as st
from random_positions import positions

from fabgen.rules.scoring import game_over
from fabgen.rules.state import Position
from fabgen.rules.turn import Turn


@settings(deadline=None, max_examples=200)
@given(positions(any_next_player=True), st.randoms(use_true_random=False), st.integers(1, 3))
def test_moves_are_legal_exactly_when_legal_at_the_start_of_the_turn(pos, rnd, turns):
    tile_of, index = pos.board.tile_of, pos.board.index
    for _ in range(turns):
        if game_over(pos):
            return
        turn = Turn(pos)
        at_start = set(turn.legal_moves())
        used: set[int] = set()
        tiles = list(range(len(pos.board.tiles)))
        rnd.shuffle(tiles)
        for tile in tiles:
            options = turn.legal_moves(tile)
            if not options:
                continue
            move = rnd.choice(options)
            turn.move(move)
            used.add(tile)
            expected = {m for m in at_start if tile_of[index[m.source]] not in used}
            assert set(turn.legal_moves()) == expected
        pos, _ = turn.finish()


def test_stones_that_arrived_this_turn_stay_as_the_online_engine_judges():
    # a1 holds 1 stone of player 0 (tile 0); d1's 3 stones (tile 1) go 3 steps onto a1
    # (player 1 on e1 keeps the game going).
    # a1 now holds 4, but only the one that stood there may move: 1 step, as online,
    # where a1-b1 is judged against the start, and a1-c1 or a1-d1 are refused.
    pos = Position.from_stacks(
        [[(0, 0), (1, 0)], [(2, 0), (3, 0), (4, 0)]],
        ["A", "B"],
        [{(0, 0): 1, (3, 0): 3}, {(4, 0): 1}],
    )
    turn = Turn(pos)
    turn.move("d1-a1")
    assert turn.position.stones("a1") == 4
    assert [str(m) for m in turn.legal_moves()] == ["a1-b1"]
