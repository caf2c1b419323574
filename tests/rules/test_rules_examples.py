"""The worked examples of the rules documents, rebuilt as hand-built positions.

The documents' pictures are missing, so each position below is built to match the
situation the text describes; the expected results are the ones the text states (and
the counts are worked out by hand in the comments), never taken from the engine.

Coordinates: a field name is letters for x (a = 0, -a = -1) then y + 1. The six
neighbours of (x, y) are (x±1, y), (x, y±1), (x+1, y+1) and (x-1, y-1).
"""

import pytest

from fabgen.geometry.lattice import NEIGHBOUR_STEPS
from fabgen.rules.moves import IllegalMove, Move
from fabgen.rules.names import field_name, parse_field
from fabgen.rules.scoring import game_over, ranking, regions, scores
from fabgen.rules.setup import hexagon_segments, position_from_names
from fabgen.rules.state import Position, Status
from fabgen.rules.turn import Turn, play_turn

LIVE, GROWING, DEAD = Status.LIVE, Status.GROWING, Status.DEAD
RED, BLUE, GREEN = 0, 1, 2


def cell(pos: Position, name: str) -> tuple:
    """(status, owner, stones) of a field; owner None when a live field is empty."""
    state = pos.field_state(name)
    return (state.status, state.owner, state.stones)


def names(fields) -> set[str]:
    return {field_name(f) for f in fields}


# --- movement ---------------------------------------------------------------------


def test_a_stack_of_three_can_move_one_two_or_three_steps_in_six_directions():
    # Seed 000: from a stack of 3 red stones red may move 1 stone 1 step, 2 stones 2
    # steps or all 3 stones 3 steps, in any of the six directions; only one move per
    # turn because all red stones are on the same segment. Board: 19 standard
    # segments; red's three stones in the middle of the centre segment (b2).
    board = hexagon_segments(2)
    pos = position_from_names(
        [[field_name(f) for f in s] for s in board], [{"b2": 3, "c2": 1}, {"-e-2": 1}]
    )
    turn = Turn(pos)
    from_stack = {m for m in turn.legal_moves() if m.source == (1, 1)}
    on_board = {f for s in board for f in s}
    expected = {
        Move((1, 1), (1 + k * dq, 1 + k * dr))
        for dq, dr in NEIGHBOUR_STEPS
        for k in (1, 2, 3)
        if all((1 + j * dq, 1 + j * dr) in on_board for j in range(1, k + 1))
    }
    assert from_stack == expected
    assert len(expected) == 18  # the centre segment is surrounded by a full ring
    turn.move("b2-b5")
    assert turn.legal_moves() == []  # c2 is on the same segment as b2
    with pytest.raises(IllegalMove) as info:
        turn.move("c2-d2")
    assert info.value.rule == "tile-used"


def row_board(*extra: str) -> list[str]:
    """One segment per field of the row y = 0 from a1 to h1, plus ``extra`` segments."""
    return [f"{c}1" for c in "abcdefgh"] + list(extra)


def test_stones_passed_cancel_one_for_one_and_the_rest_lands():
    # Seed 000: red moves 3 stones across 2 blue stones: both lose 2, one red lands.
    pos = position_from_names(row_board(), [{"a1": 3}, {"c1": 2}])
    turn = Turn(pos)
    turn.move("a1-d1")
    after = turn.position
    assert cell(after, "a1") == (LIVE, None, 0)
    assert cell(after, "c1") == (LIVE, None, 0)
    assert cell(after, "d1") == (LIVE, RED, 1)


def test_a_move_that_loses_every_stone_is_still_legal():
    # Seed 000: with more blue stones red's stones are all eliminated and blue keeps
    # the destination. Red 3 moves onto a field with 4 blue: 1 blue stone remains.
    pos = position_from_names(row_board(), [{"a1": 3}, {"d1": 4}])
    turn = Turn(pos)
    turn.move("a1-d1")
    after = turn.position
    assert cell(after, "a1") == (LIVE, None, 0)
    assert cell(after, "d1") == (LIVE, BLUE, 1)


def test_at_the_edge_only_one_stone_can_be_moved_onto_the_opponent():
    # Seed 000: moving two stones would need a destination beyond the edge, so red
    # can remove only one of blue's stones. Red 2 on b1, blue 2 on a1 (the edge).
    pos = position_from_names(row_board(), [{"b1": 2}, {"a1": 2}])
    turn = Turn(pos)
    with pytest.raises(IllegalMove) as info:
        turn.move("b1--a1")
    assert info.value.rule == "off-board"
    turn.move("b1-a1")
    after = turn.position
    assert cell(after, "a1") == (LIVE, BLUE, 1)
    assert cell(after, "b1") == (LIVE, RED, 1)


@pytest.mark.parametrize(
    ("moves", "red_on"),
    [(["b2-b1", "a1-c1"], "c1"), (["a1-c1", "b2-b1"], "b1")],
)
def test_order_of_moves_matters_when_they_cross_opponent_stones(moves, red_on):
    # Seed 000 and the 1995 rules: red moves a -> b and c -> d. Here a = b2 (1 red),
    # b = b1 (1 blue), c = a1 (2 red, goes 2 steps across b1), d = c1 (1 blue).
    # a -> b first empties b1, then both red stones pass it and one is left on c1.
    # c -> d first loses one stone on b1 and the other on c1; then b2 -> b1 lands.
    pos = position_from_names(row_board("b2"), [{"b2": 1, "a1": 2}, {"b1": 1, "c1": 1}])
    turn = Turn(pos)
    for move in moves:
        turn.move(move)
    after = turn.position
    other = ({"b1", "c1"} - {red_on}).pop()
    assert cell(after, red_on) == (LIVE, RED, 1)
    assert cell(after, other) == (LIVE, None, 0)
    assert after.stones_on_board(BLUE) == 0


def test_moves_from_different_segments_may_end_on_the_same_field():
    # Seed 000: combining stacks. a1 and c1 are separate segments; both move to b1.
    pos = position_from_names(row_board(), [{"a1": 1, "c1": 1}, {"h1": 1}])
    turn = Turn(pos)
    turn.move("a1-b1")
    turn.move("c1-b1")
    assert cell(turn.position, "b1") == (LIVE, RED, 2)


def test_a_stone_that_moved_this_turn_cannot_move_again():
    # Rule 4 (seed 000 rule 6, seed 001): a stack moved onto another segment cannot
    # be moved on by a second move from there; the stone that was there can.
    pos = position_from_names(["a1", "b1 c1 d1 e1 f1"], [{"a1": 2, "c1": 1}, {"f1": 1}])
    turn = Turn(pos)
    turn.move("a1-c1")  # c1 now holds 3 red stones, 2 of which have moved
    with pytest.raises(IllegalMove) as info:
        turn.move("c1-f1")
    assert info.value.rule == "already-moved"
    turn.move("c1-d1")  # the stone that was on c1 at the start of the turn
    assert cell(turn.position, "c1") == (LIVE, RED, 2)
    assert cell(turn.position, "d1") == (LIVE, RED, 1)


# --- explosions -------------------------------------------------------------------

# Seed 000's chain reaction. Names in the text -> fields here:
#   a = -a1 (-1,0)  b = g1 (6,0)  c = f1 (5,0)  d = a1 (0,0)  e = b2 (1,1)  f = b1 (1,0)
# The board has exactly the fields listed; every other neighbour is off the board.
CHAIN_SEGMENTS = [
    "-c1 -b1 -a2 -b2",  # where the moving stones come from (-c1 -> -a1)
    "-a1 a1 b2 b1",  # a d e f
    "c1 c2 b0 d2 d3 c0",  # f's other neighbours and room around them
    "g1 f1 h1 g2 i1 h0 h3 g3",  # b, c and b's two live neighbours h1 g2
]
CHAIN_STACKS = [
    {"-c1": 2, "-a1": 1, "a1": 1, "b2": 1, "b1": 2, "g1": -2},  # red
    {"f1": -1},  # blue's growing field c
]


def chain_position() -> Position:
    return position_from_names(CHAIN_SEGMENTS, CHAIN_STACKS, ["Red", "Blue"])


def test_chain_reaction_position_matches_the_description():
    pos = chain_position()
    # d has 3 live neighbours (a, e, f); e has 3 (d, f, c2); f has 5 (d, e, c1, c2, b0).
    assert [pos.capacity(n) for n in ("a1", "b2", "b1")] == [3, 3, 5]
    # b: growing with 2 stones and 2 live neighbours; its growing neighbour c does not count.
    assert cell(pos, "g1") == (GROWING, RED, 2)
    assert pos.capacity("g1") == 2
    assert pos.status("f1") is GROWING
    assert pos.is_volatile("g1")


def test_chain_reaction_explodes_in_the_described_waves():
    # Red moves 2 stones to a, making a stack of 3 with 3 live neighbours.
    after, steps = play_turn(chain_position(), ["-c1--a1"], record_steps=True)
    assert cell(steps[1].position, "-a1") == (LIVE, RED, 3)
    assert steps[1].position.capacity("-a1") == 3
    waves = [s for s in steps if s.kind == "explosion"]
    # a and b; then d (2 stones, capacity 2); then e; then f (over capacity); then d,
    # a growing field without stones or live neighbours, dies.
    assert [names(w.fields) for w in waves] == [{"-a1", "g1"}, {"a1"}, {"b2"}, {"b1"}, {"a1"}]
    first = waves[0].position
    assert first.status("-a1") is GROWING and first.status("g1") is DEAD
    assert cell(first, "a1") == (LIVE, RED, 2) and first.capacity("a1") == 2
    fourth = waves[3].position
    assert any("4 stones, 3 live neighbours, 1 lost" in d for d in waves[3].details)
    assert fourth.capacity("a1") == 0 and cell(fourth, "a1") == (GROWING, RED, 0)
    # After growth: a, e, f are red growing fields with one stone; b and d are dead.
    assert [after.status(n) for n in ("-a1", "b2", "b1", "g1", "a1")] == [
        GROWING, GROWING, GROWING, DEAD, DEAD,
    ]  # fmt: skip
    assert [after.stones(n) for n in ("-a1", "b2", "b1")] == [1, 1, 1]
    # The stones handed out: -b1 -a2 (from a), h1 g2 (from b), c1 b0 one and c2 two.
    for name, stones in {"-b1": 1, "-a2": 1, "h1": 1, "g2": 1, "c1": 1, "b0": 1, "c2": 2}.items():
        assert cell(after, name) == (LIVE, RED, stones), name
    # e has one stone and one live neighbour left (c2): volatile for red's next turn.
    assert names(after.volatile_fields(RED)) == {"b2"}


def test_explosion_onto_opponent_stones_and_a_volatile_opponent_field():
    # Seed 000: red moves to a, a explodes and cancels a blue stone on c; this makes
    # blue's field b volatile, but b only explodes in blue's own turn.
    # a = a1 (1 red), c = b1 (1 blue), b = a2 (blue growing, 1 stone, neighbours a1
    # and -a1 only). Red moves -a1 -> a1: a1 holds 2 with 2 live neighbours (b1, -a1).
    segments = ["-a1 -b1 -b0", "a1 a2 b1 c1"]
    stacks = [{"a1": 1, "-a1": 1}, {"b1": 1, "a2": -1}]
    pos = position_from_names(segments, stacks)
    assert not pos.is_volatile("a2")
    after, _ = play_turn(pos, ["-a1-a1"])
    assert cell(after, "b1") == (LIVE, None, 0)  # the red stone eliminated the blue one
    assert cell(after, "-a1") == (LIVE, RED, 1)
    assert cell(after, "a1") == (GROWING, RED, 1)  # exploded, then grew
    assert cell(after, "a2") == (GROWING, BLUE, 1) and after.capacity("a2") == 1
    assert after.volatile_fields(BLUE) == [parse_field("a2")]
    # Blue's turn: b explodes (a dead field now) and its stone cancels red's on -a1.
    later, _ = play_turn(after, [])
    assert later.status("a2") is DEAD
    assert cell(later, "-a1") == (LIVE, None, 0)


def test_growth_adds_a_stone_to_new_and_old_growing_fields_without_exploding():
    # Seed 000: red gets three new growing fields (a, b, c) and has one (d); each
    # gains a stone; a and d become volatile but wait for red's next turn.
    # a = a1 (1 stone, 1 live neighbour), b = k1 (3 stones, 3), c = u1 (2 stones, 2),
    # d = e5 (5 stones, 6 live neighbours); the clusters do not touch, and every field
    # that receives a stone keeps at least two live neighbours.
    segments = [
        "a1 b1 c1 c2",  # a and its one neighbour b1 (which has c1, c2 as well)
        "k1 l1 l2 k2 m1 j2",  # b = k1 with live neighbours l1 l2 k2
        "u1 v1 v2 w1 w3",  # c = u1 with live neighbours v1 v2
        "E5",  # d in the middle of a standard segment centred on e5
    ]
    stacks = [{"a1": 1, "k1": 3, "u1": 2, "e5": -5}, {"f5": 1}]
    pos = position_from_names(segments, stacks)
    assert [pos.capacity(n) for n in ("a1", "k1", "u1", "e5")] == [1, 3, 2, 6]
    after, steps = play_turn(pos, [])
    assert steps == []  # steps are recorded only on request
    for name in ("a1", "k1", "u1"):
        assert cell(after, name) == (GROWING, RED, 1), name
    assert cell(after, "e5") == (GROWING, RED, 6)
    assert names(after.volatile_fields(RED)) == {"a1", "e5"}
    # Nothing exploded in the growth phase: the neighbours got one stone each, once.
    for name in ("b1", "l1", "l2", "k2", "v1", "v2"):
        assert cell(after, name) == (LIVE, RED, 1), name


def test_a_growing_field_explodes_into_a_dead_field():
    # 1995 rules: an exploding source becomes a crater; its stones go to live
    # neighbours only, not to neighbouring sources.
    pos = position_from_names(["a1 b1 c1 c2 a2"], [{"a1": -2, "c1": 1}, {"a2": -1}])
    # a1's neighbours: b1 (live) and a2 (blue's growing field): capacity 1, 2 stones.
    # b1 keeps two live neighbours (c1, c2), so its one stone does not explode.
    assert pos.capacity("a1") == 1
    after, _ = play_turn(pos, [])
    assert after.status("a1") is DEAD
    assert cell(after, "b1") == (LIVE, RED, 1)
    assert cell(after, "a2") == (GROWING, BLUE, 1)


# --- regions and scores -----------------------------------------------------------

# Seed 000's scoring example: three regions separated by dead fields.
#   bottom (rows y+1 = 1, 2; x = a..j): 20 fields with red stones only;
#   top left (rows 4..6, x = a..e): 15 fields, red and blue stones;
#   top right (rows 4..6, x = g..j): 12 fields, green stones, next to green's growing
#   field k5. Row 3 and column f (rows 4..6) are dead.
BOTTOM = [f"{c}{y}" for y in (1, 2) for c in "abcdefghij"]
TOP_LEFT = [f"{c}{y}" for y in (4, 5, 6) for c in "abcde"]
TOP_RIGHT = [f"{c}{y}" for y in (4, 5, 6) for c in "ghij"]
WALL = [f"{c}3" for c in "abcdefghijk"] + ["f4", "f5", "f6"]


def scoring_position() -> Position:
    stacks = [
        {"d1": 1, "c5": 1, **dict.fromkeys(WALL, 0)},  # red; the dead fields were red's
        {"b5": 2},  # blue
        {"h5": 1, "k5": -2},  # green; k5 is growing with 2 live neighbours (j5, j4)
    ]
    segments = [BOTTOM, WALL, TOP_LEFT, [*TOP_RIGHT, "k5"]]
    return position_from_names(segments, stacks, ["Red", "Blue", "Green"])


def test_regions_and_why_they_are_not_settled():
    pos = scoring_position()
    found = {len(r): r for r in regions(pos)}
    assert sorted(found) == [12, 15, 20]
    assert found[20].settled and found[20].owner == RED
    assert found[15].players == {RED, BLUE} and not found[15].settled
    assert found[12].owner == GREEN and found[12].next_to_growing and not found[12].settled
    assert not game_over(pos)
    # A score counts regions holding one player's stones, settled or not.
    assert scores(pos) == [20, 0, 12]


def test_one_round_later_every_region_is_settled_and_the_ranking_follows():
    pos = scoring_position()
    pos, _ = play_turn(pos, [])  # red passes
    pos, _ = play_turn(pos, ["b5-c5"])  # blue removes red's stone from the top left
    assert not game_over(pos)
    pos, _ = play_turn(pos, [])  # green: k5 explodes into a dead field
    assert pos.status("k5") is DEAD
    assert all(r.settled for r in regions(pos))
    assert game_over(pos)
    assert [(s.rank, s.player, s.score) for s in ranking(pos)] == [
        (1, RED, 20), (2, BLUE, 15), (3, GREEN, 12),
    ]  # fmt: skip
    with pytest.raises(IllegalMove) as info:
        play_turn(pos, [])
    assert info.value.rule == "game-over"


def test_the_1995_end_needs_no_growing_field_and_a_round_of_passes():
    pos = scoring_position()
    for moves in ([], ["b5-c5"], []):
        pos, _ = play_turn(pos, moves, "1995")
    assert not game_over(pos, "1995")  # blue moved in this round
    pos, _ = play_turn(pos, [], "1995")
    assert not game_over(pos, "1995")
    pos, _ = play_turn(pos, [], "1995")  # green, red, blue passed in a row
    assert game_over(pos, "1995")
    assert scores(pos) == [20, 15, 12]


def test_an_opponents_growing_field_left_without_neighbours_dies_in_its_owners_turn():
    # The 1995 rules: a source left without neighbours becomes a crater; forgetting
    # it until later changes nothing. Here it dies in its owner's explosion phase.
    # Blue's growing a2 has one live neighbour, a1; red's 1 stone on a1 (capacity 1:
    # b1) explodes and a1 becomes growing, so a2 has no live neighbour left.
    pos = position_from_names(["a1 b1 c1 c2 a2"], [{"a1": 1}, {"a2": -3}])
    after, _ = play_turn(pos, [])
    assert cell(after, "a2") == (GROWING, BLUE, 3) and after.capacity("a2") == 0
    assert after.volatile_fields(BLUE) == [parse_field("a2")]
    later, _ = play_turn(after, [])  # blue passes; a2 explodes with nowhere to go
    assert later.status("a2") is DEAD
    assert later.stones_on_board(BLUE) == 0
