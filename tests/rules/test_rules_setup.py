"""Standard boards, start positions and the seeded random player."""

import random

import pytest

from fabgen.geometry.lattice import Handedness, TileLattice, hex_distance
from fabgen.rules.random_games import random_game, random_moves
from fabgen.rules.scoring import game_over
from fabgen.rules.setup import (
    hexagon_segment_coords,
    hexagon_segments,
    online_segment_centre,
    position_from_names,
    start_position,
)
from fabgen.rules.state import Board, PositionError
from fabgen.rules.turn import Turn, replay


@pytest.mark.parametrize(("radius", "count"), [(1, 7), (2, 19), (3, 37), (5, 91)])
def test_hexagonal_boards_have_the_usual_segment_counts(radius, count):
    segments = hexagon_segments(radius)
    assert len(segments) == count
    board = Board(segments)  # raises if two segments shared a field
    assert len(board) == 7 * count


def test_online_segment_centres_lie_on_the_clockwise_tile_lattice():
    lattice = TileLattice(Handedness.CW, origin=(1, 1))
    for i, j in hexagon_segment_coords(3):
        centre = online_segment_centre(i, j)
        assert lattice.is_centre(centre)
        assert lattice.tile_of(centre) == (j - i, i)


def test_start_positions_put_seven_stones_per_player_on_corner_segments():
    for players in range(1, 7):
        pos = start_position(2, players)
        corners = []
        for k in range(players):
            stacks = pos.stacks(k)
            assert sorted(stacks.values()) == [1] * 7
            corners.append(set(stacks))
        centres = [f for f in pos.board.fields if all(n in pos.board for n in _around(f))]
        assert centres  # inner fields exist
        for fields in corners:  # each player's fields are one whole segment
            assert fields in [set(s) for s in pos.board.segments]
    with pytest.raises(ValueError, match="1 to 6 players"):
        start_position(2, 7)


def _around(field):
    return [(field[0] + dq, field[1] + dr) for dq, dr in ((1, 0), (0, 1), (-1, -1))]


def test_corner_segments_are_as_far_apart_as_the_board_allows():
    radius = 2
    pos = start_position(radius, 2)
    segments = [frozenset(s) for s in hexagon_segments(radius)]
    coords = dict(zip(segments, hexagon_segment_coords(radius), strict=True))
    first, second = (coords[frozenset(pos.stacks(k))] for k in (0, 1))
    assert hex_distance(first, second) == 2 * radius


def test_hand_built_positions_reject_impossible_boards():
    with pytest.raises(PositionError, match="already in segment 0"):
        position_from_names(["a1 b1", "b1 c1"])
    with pytest.raises(PositionError, match="at least one player"):
        position_from_names(["a1"], [], players=[])


def test_the_random_player_is_reproducible_and_legal():
    start = start_position(2, 3)
    turns_a, final_a = random_game(start, seed=7, max_turns=60)
    turns_b, final_b = random_game(start, seed=7, max_turns=60)
    assert turns_a == turns_b and final_a == final_b
    assert replay(start, turns_a) == final_a  # every move it made is legal
    turns_c, _ = random_game(start, seed=8, max_turns=60)
    assert turns_c != turns_a


def test_the_random_player_moves_at_most_once_per_tile():
    pos = start_position(2, 2)
    rng = random.Random(3)
    for _ in range(30):
        if game_over(pos):
            break
        turn = Turn(pos)
        moves = random_moves(turn, rng, move_chance=1.0)
        tiles = [pos.board.tile_of[pos.board.index[m.source]] for m in moves]
        assert len(tiles) == len(set(tiles))
        pos, _ = turn.finish()
